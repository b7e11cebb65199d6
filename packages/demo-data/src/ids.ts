import { createHash } from 'node:crypto';

/**
 * Deterministic, Graph-shaped ids derived from the real dataset ids.
 * Facebook ids are opaque decimal strings; deriving them by hash keeps the simulator and
 * the server's seed in agreement without either reading the other's state.
 */
function digits(input: string, length: number): string {
  const hex = createHash('sha1').update(input).digest('hex').slice(0, 15);
  return (BigInt(`0x${hex}`) % 10n ** BigInt(length)).toString().padStart(length, '0');
}

/** Facebook Page id (15 digits, starts with 1) of a restaurant outlet. */
export function fbPageIdFor(restaurantId: string): string {
  return `1${digits(`page:${restaurantId}`, 14)}`;
}

/** Instagram professional account id (17 digits, starts with 178, like real IG user ids). */
export function igUserIdFor(restaurantId: string): string {
  return `178${digits(`ig:${restaurantId}`, 14)}`;
}

/** App-scoped Facebook user id of a reviewer (16 digits), stable per reviewer name. */
export function fbUserIdFor(name: string): string {
  return `10${digits(`user:${name}`, 14)}`;
}

/** `open_graph_story.id` of a review: `{pageId}_{storyId}` (Graph API post id shape). */
export function fbStoryIdFor(pageId: string, reviewId: string): string {
  return `${pageId}_${digits(`story:${reviewId}`, 15)}`;
}
