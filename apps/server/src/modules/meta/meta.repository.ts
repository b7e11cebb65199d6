import { eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { schema } from '../../db/client.ts';

/** SQL of the meta module: page access tokens on `facebook_pages` (stored sealed, never plain). */

const { facebookPages } = schema;

/**
 * Stores a page's sealed access token and its current name, for a page DineDesk already links
 * to an outlet. @returns false when no such page exists (nothing stored)
 */
export async function setPageToken(db: Db, pageId: string, t: { sealedToken: string; name: string; at: Date }): Promise<boolean> {
  const rows = await db
    .update(facebookPages)
    .set({ pageAccessTokenEnc: t.sealedToken, connectedAt: t.at, name: t.name })
    .where(eq(facebookPages.id, pageId))
    .returning({ id: facebookPages.id });
  return rows.length > 0;
}

/** True when at least one page has no token yet. */
export async function anyPageWithoutToken(db: Db): Promise<boolean> {
  const rows = await db.select({ id: facebookPages.id }).from(facebookPages).where(isNull(facebookPages.pageAccessTokenEnc)).limit(1);
  return rows.length > 0;
}

/** Pages with a stored (encrypted) page token, with their client: what the sync tick fans out over. */
export async function listConnectedPages(db: Db): Promise<{ id: string; clientId: string; outletId: string }[]> {
  return db.select({ id: facebookPages.id, clientId: facebookPages.clientId, outletId: facebookPages.outletId }).from(facebookPages).where(isNotNull(facebookPages.pageAccessTokenEnc));
}
