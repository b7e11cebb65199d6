import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TGoogleLocation } from '@dinedesk/contracts';
import type { Db } from '../../db/client.ts';
import { schema } from '../../db/client.ts';
import { outletScope, tenantScope } from '../../lib/tenant-scope.ts';
import { originalTimeOf, readDemoClock } from '../../db/demo-clock.ts';

/**
 * SQL of the google module: connections (sealed refresh tokens), locations linked to
 * outlets, and the Google rows of `reviews` with their one reply in `review_comments`.
 */

const { googleConnections, googleLocations, reviews, reviewComments, outlets, brands, users, clients } = schema;

export type ConnectionRow = typeof googleConnections.$inferSelect;
export type LocationRow = typeof googleLocations.$inferSelect;
export type GoogleReviewInsert = typeof reviews.$inferInsert;

/** `sync_status` of a location whose connection Google refused (`invalid_grant`). */
export const GRANT_DEAD_STATUS = 'token_invalid';

/** Inserts or refreshes the connection of (client, Google user). @returns its id */
export async function upsertConnection(
  db: Db,
  c: { clientId: string; googleUserId: string; email: string; name: string; refreshTokenEnc: string; scopes: string[]; at: Date; connectedBy: string },
): Promise<string> {
  const [row] = await db
    .insert(googleConnections)
    .values({ ...c, status: 'valid', statusMessage: null, connectedAt: c.at })
    .onConflictDoUpdate({
      target: [googleConnections.clientId, googleConnections.googleUserId],
      set: { email: c.email, name: c.name, refreshTokenEnc: c.refreshTokenEnc, scopes: c.scopes, status: 'valid', statusMessage: null, connectedAt: c.at, connectedBy: c.connectedBy },
    })
    .returning({ id: googleConnections.id });
  return row!.id;
}

/** The client's connections, oldest first, with the name of who connected each. */
export async function listConnections(db: Db, clientId: string): Promise<(ConnectionRow & { connectedByName: string | null })[]> {
  const rows = await db
    .select({ c: googleConnections, connectedByName: users.fullName })
    .from(googleConnections)
    .leftJoin(users, eq(users.id, googleConnections.connectedBy))
    .where(eq(googleConnections.clientId, clientId))
    .orderBy(asc(googleConnections.connectedAt));
  return rows.map((r) => ({ ...r.c, connectedByName: r.connectedByName }));
}

export async function getConnection(db: Db, id: string): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(googleConnections).where(eq(googleConnections.id, id));
  return row;
}

/**
 * Records that Google refused the connection's refresh token, if it is still the stored one (a
 * reconnect may have replaced it), and stops its locations' syncs until a reconnect.
 */
export async function markConnectionDead(db: Db, id: string, message: string, refreshTokenEnc: string): Promise<void> {
  await db.transaction(async (tx) => {
    const done = await tx
      .update(googleConnections)
      .set({ status: 'dead', statusMessage: message })
      .where(and(eq(googleConnections.id, id), eq(googleConnections.refreshTokenEnc, refreshTokenEnc)))
      .returning({ id: googleConnections.id });
    if (done.length) await tx.update(googleLocations).set({ syncStatus: GRANT_DEAD_STATUS, syncMessage: message }).where(eq(googleLocations.connectionId, id));
  });
}

/** A reconnect revives the connection's locations: their dead state is cleared so the sync tick takes them again. */
export async function reviveLocations(db: Db, connectionId: string): Promise<void> {
  await db
    .update(googleLocations)
    .set({ syncStatus: 'never', syncMessage: null })
    .where(and(eq(googleLocations.connectionId, connectionId), eq(googleLocations.syncStatus, GRANT_DEAD_STATUS)));
}

export async function getLocation(db: Db, id: string): Promise<LocationRow | undefined> {
  const [row] = await db.select().from(googleLocations).where(eq(googleLocations.id, id));
  return row;
}

/** Locations already linked, by id: which outlet each is linked to and for which client. */
export async function linksOf(db: Db, ids: string[]): Promise<Map<string, { clientId: string; outletId: string; outletName: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: googleLocations.id, clientId: googleLocations.clientId, outletId: googleLocations.outletId, outletName: outlets.name })
    .from(googleLocations)
    .innerJoin(outlets, eq(outlets.id, googleLocations.outletId))
    .where(inArray(googleLocations.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The location linked to an outlet, if any. */
export async function locationOfOutlet(db: Db, outletId: string): Promise<LocationRow | undefined> {
  const [row] = await db.select().from(googleLocations).where(eq(googleLocations.outletId, outletId));
  return row;
}

/** Links a location to an outlet (a new row). */
export async function insertLocation(db: Db, row: typeof googleLocations.$inferInsert): Promise<void> {
  await db.insert(googleLocations).values(row);
}

/** Removes a location's link; its stored reviews and their replies go with it (cascade). */
export async function deleteLocation(db: Db, id: string): Promise<void> {
  await db.delete(googleLocations).where(eq(googleLocations.id, id));
}

/** Locations the sync tick fans out over: linked, with a live connection. */
export async function syncableLocations(db: Db): Promise<{ id: string; clientId: string; outletId: string }[]> {
  return db
    .select({ id: googleLocations.id, clientId: googleLocations.clientId, outletId: googleLocations.outletId })
    .from(googleLocations)
    .innerJoin(googleConnections, eq(googleConnections.id, googleLocations.connectionId))
    .where(and(eq(googleConnections.status, 'valid'), ne(googleLocations.syncStatus, GRANT_DEAD_STATUS)));
}

/** The caller's linked locations with their reviews' counts (docs/requirements/calls.md
 * `get_locations/get-locations`). */
export async function listLocations(db: Db, scope: { clientId: string; outletIds: readonly string[] | null }, outletId?: string): Promise<TGoogleLocation[]> {
  const rows = await db
    .select({ l: googleLocations, outletName: outlets.name, brandId: brands.id, brandName: brands.name, connectionStatus: googleConnections.status })
    .from(googleLocations)
    .innerJoin(outlets, eq(outlets.id, googleLocations.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .leftJoin(googleConnections, eq(googleConnections.id, googleLocations.connectionId))
    .where(and(tenantScope(scope, googleLocations), outletId ? eq(googleLocations.outletId, outletId) : undefined))
    .orderBy(asc(brands.name), asc(outlets.name));
  const counts = rows.length
    ? await db
        .select({
          id: reviews.googleLocationId,
          total: count(),
          unreplied: sql<number>`count(*) filter (where ${reviews.pageReplyCount} = 0)`.mapWith(Number),
        })
        .from(reviews)
        .where(and(eq(reviews.clientId, scope.clientId), inArray(reviews.googleLocationId, rows.map((r) => r.l.id))))
        .groupBy(reviews.googleLocationId)
    : [];
  const by = new Map(counts.map((c) => [c.id, c]));
  return rows.map(({ l, outletName, brandId, brandName, connectionStatus }) => ({
    id: l.id,
    accountName: l.accountName,
    title: l.title,
    outletId: l.outletId,
    outletName,
    brandId,
    brandName,
    mapsUri: l.mapsUri,
    averageRating: l.averageRating,
    totalReviewCount: l.totalReviewCount,
    reviewCount: by.get(l.id)?.total ?? 0,
    unrepliedCount: by.get(l.id)?.unreplied ?? 0,
    connectionId: l.connectionId,
    health: connectionStatus === null ? null : connectionStatus === 'dead' || l.syncStatus === GRANT_DEAD_STATUS ? 'dead' : 'valid',
    sync: { status: l.syncStatus as TGoogleLocation['sync']['status'], lastSyncedAt: l.lastSyncedAt?.toISOString() ?? null, message: l.syncMessage },
  }));
}

/** Records a location's sync state, and after a successful sync its summary and how far it read. */
export async function setLocationSync(
  db: Db,
  id: string,
  s: { status: TGoogleLocation['sync']['status']; message: string | null; syncedAt?: Date; syncedThrough?: Date | null; averageRating?: number | null; totalReviewCount?: number },
): Promise<void> {
  await db
    .update(googleLocations)
    .set({
      syncStatus: s.status,
      syncMessage: s.message,
      ...(s.syncedAt ? { lastSyncedAt: s.syncedAt } : {}),
      ...(s.syncedThrough !== undefined ? { syncedThrough: s.syncedThrough } : {}),
      ...(s.averageRating !== undefined ? { averageRating: s.averageRating } : {}),
      ...(s.totalReviewCount !== undefined ? { totalReviewCount: s.totalReviewCount } : {}),
    })
    .where(eq(googleLocations.id, id));
}

const UPSERT_CHUNK = 500;

/**
 * Upserts Google reviews on `(google_location_id, external_key)` (the review name); Google's
 * text, rating and update time win. @returns the DineDesk ids of the rows, by review name
 */
export async function upsertGoogleReviews(tx: Db, served: GoogleReviewInsert[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  // A demo review keeps its real time beside the moved one it was served at (db/demo-clock.ts).
  const clock = served.length ? await readDemoClock(tx) : null;
  const rows = clock ? served.map((r) => ({ ...r, originalCreatedTime: originalTimeOf(clock, r.createdTime) })) : served;
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
    const done = await tx
      .insert(reviews)
      .values(rows.slice(i, i + UPSERT_CHUNK))
      .onConflictDoUpdate({
        target: [reviews.googleLocationId, reviews.externalKey],
        set: {
          rating: sql`excluded.rating`,
          reviewText: sql`excluded.review_text`,
          reviewerName: sql`excluded.reviewer_name`,
          updateTime: sql`excluded.update_time`,
          sentimentScore: sql`excluded.sentiment_score`,
          sentiment: sql`excluded.sentiment`,
          syncedAt: sql`excluded.synced_at`,
        },
      })
      .returning({ id: reviews.id, key: reviews.externalKey });
    for (const d of done) ids.set(d.key, d.id);
  }
  return ids;
}

/** A Google review by its DineDesk id, with its location (for scope checks). */
export async function getGoogleReview(db: Db, reviewId: number) {
  const [row] = await db
    .select({ r: reviews, l: googleLocations })
    .from(reviews)
    .innerJoin(googleLocations, eq(googleLocations.id, reviews.googleLocationId))
    .where(and(eq(reviews.id, reviewId), eq(reviews.source, 'google')));
  return row;
}

/** Id of the `review_comments` row holding a Google review's reply. */
export const replyRowId = (reviewName: string) => `${reviewName}/reply`;

/**
 * Sets (or with `reply: null` removes) the stored reply of a Google review as Google last said
 * it, and refreshes the review's counters. Keeps the DineDesk author when the text is unchanged.
 */
export async function setStoredReply(
  tx: Db,
  review: { id: number; clientId: string; externalKey: string },
  location: { id: string; title: string },
  reply: { comment: string; updateTime: Date; authorUserId?: string | null } | null,
): Promise<void> {
  const id = replyRowId(review.externalKey);
  if (!reply) {
    await tx.delete(reviewComments).where(and(eq(reviewComments.id, id), eq(reviewComments.reviewId, review.id)));
  } else {
    const [old] = await tx.select({ message: reviewComments.message, authorUserId: reviewComments.authorUserId }).from(reviewComments).where(eq(reviewComments.id, id));
    const author = reply.authorUserId !== undefined ? reply.authorUserId : old && old.message === reply.comment ? old.authorUserId : null;
    await tx
      .insert(reviewComments)
      .values({ id, reviewId: review.id, clientId: review.clientId, message: reply.comment, fromId: location.id, fromName: location.title, isPageReply: true, authorUserId: author, createdTime: reply.updateTime })
      .onConflictDoUpdate({ target: reviewComments.id, set: { message: reply.comment, createdTime: reply.updateTime, authorUserId: author, fromName: location.title } });
  }
  await tx
    .update(reviews)
    .set({
      commentCount: sql`(select count(*) from ${reviewComments} where ${reviewComments.reviewId} = ${review.id})`,
      pageReplyCount: sql`(select count(*) from ${reviewComments} where ${reviewComments.reviewId} = ${review.id} and ${reviewComments.isPageReply})`,
      lastReplyAt: sql`(select max(${reviewComments.createdTime}) from ${reviewComments} where ${reviewComments.reviewId} = ${review.id} and ${reviewComments.isPageReply})`,
    })
    .where(eq(reviews.id, review.id));
}

/** The stored reply of a Google review and its DineDesk author's name. */
export async function storedReply(db: Db, reviewName: string): Promise<{ comment: string; updateTime: Date; authorName: string | null } | null> {
  const [row] = await db
    .select({ comment: reviewComments.message, updateTime: reviewComments.createdTime, authorName: users.fullName })
    .from(reviewComments)
    .leftJoin(users, eq(users.id, reviewComments.authorUserId))
    .where(eq(reviewComments.id, replyRowId(reviewName)));
  return row ?? null;
}

/** Number of stored reviews of a location. */
export async function countLocationReviews(db: Db, locationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.googleLocationId, locationId));
  return row?.n ?? 0;
}

/** The client's outlets visible to the scope, with their keys (a location's store code suggests one). */
export async function scopeOutlets(db: Db, scope: { clientId: string; outletIds: readonly string[] | null }): Promise<{ id: string; key: string; name: string }[]> {
  return db
    .select({ id: outlets.id, key: outlets.key, name: outlets.name })
    .from(outlets)
    .where(and(eq(outlets.clientId, scope.clientId), outletScope(scope.outletIds, outlets.id)));
}

/** Clients without any Google connection (the demo wiring connects those). */
export async function clientsWithoutGoogle(db: Db): Promise<{ id: string; key: string }[]> {
  return db
    .select({ id: clients.id, key: clients.key })
    .from(clients)
    .where(sql`not exists (select 1 from ${googleConnections} where ${googleConnections.clientId} = ${clients.id})`);
}

/**
 * Google locations whose review changes a user's socket receives (`reviews:changed` to the
 * location's room): linked to an outlet the user may see, for users who may read reviews.
 */
export async function realtimeLocations(ctx: { db: Db }, auth: { clientId: string | null; outletIds: readonly string[] | null; ability: { can(action: string, subject: string): boolean } }): Promise<string[]> {
  if (!auth.clientId || !auth.ability.can('read', 'Review')) return [];
  const rows = await ctx.db.select({ id: googleLocations.id }).from(googleLocations).where(tenantScope(auth, googleLocations));
  return rows.map((r) => r.id);
}

/** Outlets of the client that have a Google location linked. */
export async function linkedOutletIds(db: Db, clientId: string): Promise<Set<string>> {
  const rows = await db.select({ id: googleLocations.outletId }).from(googleLocations).where(eq(googleLocations.clientId, clientId));
  return new Set(rows.map((r) => r.id));
}
