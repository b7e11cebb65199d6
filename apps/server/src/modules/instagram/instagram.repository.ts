import { and, asc, eq, gte, inArray, isNotNull, lte } from 'drizzle-orm';
import { schema, type Db } from '../../db/client.ts';
import { tenantScope, type TenantScope } from '../../lib/tenant-scope.ts';

/**
 * Storage of Instagram media insights (docs/decisions/0035): the connected accounts a
 * caller sees, the cached media with their insights and fetch times, and each account's last read.
 */

const { facebookPages, outlets, brands, instagramMedia, instagramAccountReads } = schema;

/** A page with a linked Instagram professional account, as the insights read it. */
export interface InstagramPageRow {
  pageId: string;
  pageName: string;
  clientId: string;
  outletId: string;
  igUserId: string;
  username: string | null;
  pageAccessTokenEnc: string | null;
  syncStatus: string;
}

const pageColumns = {
  pageId: facebookPages.id,
  pageName: facebookPages.name,
  clientId: facebookPages.clientId,
  outletId: facebookPages.outletId,
  igUserId: facebookPages.instagramUserId,
  username: facebookPages.instagramUsername,
  pageAccessTokenEnc: facebookPages.pageAccessTokenEnc,
  syncStatus: facebookPages.syncStatus,
};

/** Pages of the scope (client and visible outlets) with a linked Instagram account, by brand then outlet name. */
export async function instagramPages(db: Db, scope: TenantScope): Promise<InstagramPageRow[]> {
  if (!scope.clientId) return [];
  const rows = await db
    .select(pageColumns)
    .from(facebookPages)
    .innerJoin(outlets, eq(outlets.id, facebookPages.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(and(tenantScope(scope, facebookPages), isNotNull(facebookPages.instagramUserId)))
    .orderBy(asc(brands.name), asc(outlets.name));
  return rows.map((r) => ({ ...r, igUserId: r.igUserId! }));
}

/** The page `pageId` with its Instagram account, whatever its client (the job's read). */
export async function instagramPageById(db: Db, pageId: string): Promise<InstagramPageRow | undefined> {
  const [row] = await db.select(pageColumns).from(facebookPages).where(and(eq(facebookPages.id, pageId), isNotNull(facebookPages.instagramUserId)));
  return row ? { ...row, igUserId: row.igUserId! } : undefined;
}

export type InstagramMediaRow = typeof instagramMedia.$inferSelect;
export type InstagramMediaInsert = typeof instagramMedia.$inferInsert;

/** Media of an account posted within [from, to] (instants), newest first. */
export function mediaOf(db: Db, igUserId: string, from: Date, to: Date): Promise<InstagramMediaRow[]> {
  return db
    .select()
    .from(instagramMedia)
    .where(and(eq(instagramMedia.igUserId, igUserId), gte(instagramMedia.postedAt, from), lte(instagramMedia.postedAt, to)))
    .orderBy(asc(instagramMedia.postedAt));
}

/** Stored rows of these media ids (to keep a story's last numbers when Graph no longer answers). */
export function mediaByIds(db: Db, ids: readonly string[]): Promise<InstagramMediaRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return db.select().from(instagramMedia).where(inArray(instagramMedia.id, [...ids]));
}

/** Inserts or replaces media rows (idempotent: keyed by Graph's media id). */
export async function upsertMedia(db: Db, rows: InstagramMediaInsert[]): Promise<void> {
  for (const row of rows) {
    const { id: _id, ...rest } = row;
    await db.insert(instagramMedia).values(row).onConflictDoUpdate({ target: instagramMedia.id, set: rest });
  }
}

/** Stored stories of an account not in `liveIds` whose status is not yet `expired`. */
export async function storiesNotLive(db: Db, igUserId: string, liveIds: readonly string[]): Promise<InstagramMediaRow[]> {
  const rows = await db.select().from(instagramMedia).where(and(eq(instagramMedia.igUserId, igUserId), eq(instagramMedia.kind, 'STORY')));
  return rows.filter((r) => !liveIds.includes(r.id));
}

/** The account's last read, if any. */
export async function accountRead(db: Db, igUserId: string): Promise<typeof instagramAccountReads.$inferSelect | undefined> {
  const [row] = await db.select().from(instagramAccountReads).where(eq(instagramAccountReads.igUserId, igUserId));
  return row;
}

/** Records a read of the account: `fetchedAt` on success (error cleared), the error otherwise (time kept). */
export async function recordAccountRead(db: Db, page: InstagramPageRow, outcome: { fetchedAt: Date } | { error: string }): Promise<void> {
  const base = { igUserId: page.igUserId, clientId: page.clientId, outletId: page.outletId, pageId: page.pageId };
  if ('fetchedAt' in outcome) {
    await db.insert(instagramAccountReads).values({ ...base, fetchedAt: outcome.fetchedAt, error: null }).onConflictDoUpdate({ target: instagramAccountReads.igUserId, set: { fetchedAt: outcome.fetchedAt, error: null } });
  } else {
    await db.insert(instagramAccountReads).values({ ...base, error: outcome.error }).onConflictDoUpdate({ target: instagramAccountReads.igUserId, set: { error: outcome.error } });
  }
}
