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

/**
 * Which source a dataset review belongs to in the demo (each restaurant's reviews are
 * split between Facebook and Google so no review appears twice and both have history). Stable
 * per review id, about half each, independent of the review's date.
 */
export function reviewSource(reviewId: string): 'facebook' | 'google' {
  return createHash('sha1').update(`source:${reviewId}`).digest()[0]! % 2 === 0 ? 'facebook' : 'google';
}

/** Google Business Profile account number of a demo client (`accounts/{n}`, 21 digits like Google's). */
export function googleAccountIdFor(clientKey: string): string {
  return `1${digits(`gaccount:${clientKey}`, 14)}${digits(`gaccount2:${clientKey}`, 6)}`;
}

/** Google location number of an outlet (`locations/{n}`, 19-20 digits like Google's). */
export function googleLocationIdFor(restaurantId: string): string {
  return `1${digits(`glocation:${restaurantId}`, 14)}${digits(`glocation2:${restaurantId}`, 5)}`;
}

/** Google review id of a dataset review: an opaque URL-safe string, as Google's are. */
export function googleReviewIdFor(reviewId: string): string {
  return `AbFvOq${createHash('sha1').update(`greview:${reviewId}`).digest('base64url')}`;
}

/**
 * Google Places (New) place id of a dataset restaurant: `ChIJ` and 23 URL-safe characters, the
 * shape of real place ids (synthetic, derived by hash). `source` keeps the two CSVs' id spaces
 * apart: `hyd` for restaurants_zomato_hyderabad.csv slugs, `global` for the global CSV's ids.
 */
export function placeIdFor(source: 'hyd' | 'global', restaurantId: string): string {
  return `ChIJ${createHash('sha1').update(`place:${source}:${restaurantId}`).digest('base64url').slice(0, 23)}`;
}
