import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schema } from '../../db/client.ts';

/** SQL of the meta module: page access tokens on `facebook_pages` (stored sealed, never plain). */

const { facebookPages } = schema;

/**
 * `sync_status` of a page whose token Facebook refused (190): the page is not synced until it is
 * reconnected. The same value marks a page never connected, which has no token to refuse.
 */
export const TOKEN_DEAD_STATUS = 'token_invalid';

/**
 * Stores a page's sealed access token and its current name, for a page DineDesk already links
 * to an outlet. A page whose previous token had died is alive again: its `token_invalid` state
 * is cleared (`never`), so the sync tick picks it up. @returns false when no such page exists
 */
export async function setPageToken(db: Db, pageId: string, t: { sealedToken: string; name: string; at: Date }): Promise<boolean> {
  const dead = sql`${facebookPages.syncStatus} = ${TOKEN_DEAD_STATUS}`;
  const rows = await db
    .update(facebookPages)
    .set({
      pageAccessTokenEnc: t.sealedToken,
      connectedAt: t.at,
      name: t.name,
      syncStatus: sql`CASE WHEN ${dead} THEN 'never' ELSE ${facebookPages.syncStatus} END`,
      syncMessage: sql`CASE WHEN ${dead} THEN NULL ELSE ${facebookPages.syncMessage} END`,
    })
    .where(eq(facebookPages.id, pageId))
    .returning({ id: facebookPages.id });
  return rows.length > 0;
}

/** True when at least one page has no token yet. */
export async function anyPageWithoutToken(db: Db): Promise<boolean> {
  const rows = await db.select({ id: facebookPages.id }).from(facebookPages).where(isNull(facebookPages.pageAccessTokenEnc)).limit(1);
  return rows.length > 0;
}

/**
 * Pages with a stored (encrypted) page token that Facebook has not refused, with their client:
 * what the sync tick fans out over.
 */
export async function listConnectedPages(db: Db): Promise<{ id: string; clientId: string; outletId: string }[]> {
  return db
    .select({ id: facebookPages.id, clientId: facebookPages.clientId, outletId: facebookPages.outletId })
    .from(facebookPages)
    .where(and(isNotNull(facebookPages.pageAccessTokenEnc), ne(facebookPages.syncStatus, TOKEN_DEAD_STATUS)));
}

/** Records that Facebook refused the page's token (190), with the plain-words reason. */
export async function markTokenDead(db: Db, pageId: string, message: string): Promise<void> {
  await db.update(facebookPages).set({ syncStatus: TOKEN_DEAD_STATUS, syncMessage: message }).where(eq(facebookPages.id, pageId));
}
