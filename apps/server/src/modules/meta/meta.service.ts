import type { AppContext } from '../../context.ts';
import type { GraphError } from '../../lib/graph-client.ts';
import { tokenDeathMessage } from '../../lib/graph-errors.ts';
import * as repo from './meta.repository.ts';

/**
 * The meta module: the app's connection to Meta's Facebook Pages, i.e. their page access
 * tokens (service here, SQL in meta.repository.ts). Reviews and inbox read a page's token with
 * {@link decryptPageToken} before a Graph call. Tokens arrive through Facebook Login
 * (facebook-connect.service.ts).
 */

/**
 * Page access tokens. A page token obtained with a long-lived user token never expires
 * (docs/requirements/platform-apis.md#facebook-login-and-tokens); it is stored encrypted and only
 * decrypted for a Graph call.
 */
export function decryptPageToken(ctx: AppContext, sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return ctx.cipher.decrypt(sealed);
  } catch {
    // The encryption key changed: treat the page as disconnected rather than failing requests.
    return null;
  }
}

/**
 * Every page with a stored page access token Facebook has not refused, with its client (the sync
 * tick's fan-out): a page with a dead token is not synced until it is reconnected.
 */
/**
 * Webhook fields every Page subscribes the app to (`POST /{page-id}/subscribed_apps`, Graph
 * "Webhooks for Pages"): Messenger's, `feed` (review comments, and ratings as feed items) and
 * `ratings` (new, edited and removed reviews: reviews/feed-webhook.service.ts). One list, so the
 * connect and the inbox catch-up never subscribe different sets (each POST sets the list).
 */
export const PAGE_WEBHOOK_FIELDS = 'messages,messaging_postbacks,message_reactions,message_reads,message_echoes,message_deliveries,feed,ratings';

export function connectedPages(ctx: AppContext): Promise<{ id: string; clientId: string; outletId: string }[]> {
  return repo.listConnectedPages(ctx.db);
}

/**
 * True when Facebook refused the page's token (190) and it was not reconnected since: syncs
 * skip the page and writes answer 409 without calling Graph (no retry storm on a dead token).
 * @param page a `facebook_pages` row (its `syncStatus`)
 */
export function tokenIsDead(page: { syncStatus: string; pageAccessTokenEnc: string | null }): boolean {
  return page.pageAccessTokenEnc !== null && page.syncStatus === repo.TOKEN_DEAD_STATUS;
}

/**
 * Records a 190 from any call with the page's token: the page shows why in plain words (the
 * subcode's meaning), the sync tick leaves it out, and it stays so until `setPageToken` stores
 * a new token (reconnect). Only when the refused token is still the stored one: a call that was
 * in flight with the old token while a reconnect stored a new one must not kill the new one.
 * @param page the page row the caller read its token from (`pageAccessTokenEnc` as it was sealed)
 * @returns the message recorded
 */
export async function recordTokenDeath(ctx: AppContext, page: { id: string; pageAccessTokenEnc: string | null }, err: Pick<GraphError, 'code' | 'subcode'>): Promise<string> {
  const message = tokenDeathMessage(err);
  if (page.pageAccessTokenEnc) await repo.markTokenDead(ctx.db, page.id, message, page.pageAccessTokenEnc);
  return message;
}
