import { and, asc, count, desc, eq, inArray, isNotNull, min, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { competitorPlaces, competitorReviews, competitorSnapshots, outletCompetitors, outlets, reviews } from '../../db/schema.ts';
import { originalTimeOf, readDemoClock } from '../../db/demo-clock.ts';

/**
 * Queries of competitor analysis (docs/decisions/0030). Tenant-owned rows
 * (`outlet_competitors`) are always read by client and outlet; the Places tables hold public
 * data keyed by place id, reached only through an outlet's competitors.
 */

export type PlaceRow = typeof competitorPlaces.$inferSelect;

/** An outlet by id with its client (the service checks it is in the caller's scope). */
export async function outletById(db: Db, outletId: string): Promise<{ id: string; clientId: string; name: string; key: string; latitude: number | null; longitude: number | null } | undefined> {
  const [row] = await db
    .select({ id: outlets.id, clientId: outlets.clientId, name: outlets.name, key: outlets.key, latitude: outlets.latitude, longitude: outlets.longitude })
    .from(outlets)
    .where(eq(outlets.id, outletId));
  return row;
}

/** Locks the outlet's row until the transaction ends: adds to one outlet run one at a time (the 5-competitor cap). */
export async function lockOutlet(db: Db, outletId: string): Promise<void> {
  await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.id, outletId)).for('update');
}

/** The outlet's competitors with their Places, first added first. */
export async function competitorsOf(db: Db, clientId: string, outletId: string) {
  return db
    .select({ c: outletCompetitors, p: competitorPlaces })
    .from(outletCompetitors)
    .innerJoin(competitorPlaces, eq(competitorPlaces.placeId, outletCompetitors.placeId))
    .where(and(eq(outletCompetitors.clientId, clientId), eq(outletCompetitors.outletId, outletId)))
    .orderBy(asc(outletCompetitors.createdAt), asc(outletCompetitors.id));
}

export async function competitorCount(db: Db, outletId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(outletCompetitors).where(eq(outletCompetitors.outletId, outletId));
  return row?.n ?? 0;
}

/** Stores what Places said of a place (insert, or refresh name, address, rating, count, price). */
export async function upsertPlace(db: Db, row: { placeId: string; name: string; address: string; rating: number | null; userRatingCount: number | null; priceLevel: string | null; refreshedAt: Date | null }): Promise<void> {
  const { name, address, rating, userRatingCount, priceLevel, refreshedAt } = row;
  await db.insert(competitorPlaces).values(row).onConflictDoUpdate({ target: competitorPlaces.placeId, set: { name, address, rating, userRatingCount, priceLevel, refreshedAt } });
}

export async function placeById(db: Db, placeId: string): Promise<PlaceRow | undefined> {
  const [row] = await db.select().from(competitorPlaces).where(eq(competitorPlaces.placeId, placeId));
  return row;
}

/** Adds a competitor; null when the outlet already has it (unique outlet + place). */
export async function insertCompetitor(db: Db, row: { clientId: string; outletId: string; placeId: string; addedByUserId: string; createdAt: Date }): Promise<{ id: number } | null> {
  const [saved] = await db.insert(outletCompetitors).values(row).onConflictDoNothing().returning({ id: outletCompetitors.id });
  return saved ?? null;
}

/** Removes a competitor of the outlet; whether there was one. */
export async function deleteCompetitor(db: Db, clientId: string, outletId: string, placeId: string): Promise<boolean> {
  const rows = await db
    .delete(outletCompetitors)
    .where(and(eq(outletCompetitors.clientId, clientId), eq(outletCompetitors.outletId, outletId), eq(outletCompetitors.placeId, placeId)))
    .returning({ id: outletCompetitors.id });
  return rows.length > 0;
}

/** Place ids the outlet follows. */
export async function chosenPlaceIds(db: Db, outletId: string): Promise<string[]> {
  return (await db.select({ placeId: outletCompetitors.placeId }).from(outletCompetitors).where(eq(outletCompetitors.outletId, outletId))).map((r) => r.placeId);
}

/** The day's snapshot of a place: one row per place and UTC day, the last read of the day wins. */
export async function upsertSnapshot(db: Db, row: { placeId: string; day: string; rating: number | null; userRatingCount: number | null; takenAt: Date }): Promise<void> {
  await db
    .insert(competitorSnapshots)
    .values(row)
    .onConflictDoUpdate({ target: [competitorSnapshots.placeId, competitorSnapshots.day], set: { rating: row.rating, userRatingCount: row.userRatingCount, takenAt: row.takenAt } });
}

/** Stores review history rows; ones already stored are left as they are. */
export async function insertPlaceReviews(db: Db, rows: (typeof competitorReviews.$inferInsert)[]): Promise<void> {
  if (!rows.length) return;
  // The history is the simulator's (decision 0030): its demo reviews keep their real time too (db/demo-clock.ts).
  const clock = await readDemoClock(db);
  const kept = clock ? rows.map((r) => ({ ...r, originalPublishTime: originalTimeOf(clock, r.publishTime) })) : rows;
  await db.insert(competitorReviews).values(kept).onConflictDoNothing();
}

export async function setHistory(db: Db, placeId: string, history: 'available' | 'none'): Promise<void> {
  await db.update(competitorPlaces).set({ history }).where(eq(competitorPlaces.placeId, placeId));
}

/** Per place: reviews stored and the newest time (the version of its theme breakdown). */
export async function placeReviewVersions(db: Db, placeIds: string[]) {
  if (!placeIds.length) return [];
  return db
    .select({ placeId: competitorReviews.placeId, n: count(), newest: sql<string>`max(${competitorReviews.publishTime})::text` })
    .from(competitorReviews)
    .where(inArray(competitorReviews.placeId, placeIds))
    .groupBy(competitorReviews.placeId);
}

/** A place's newest review texts (at most `limit`). */
export async function placeReviewTexts(db: Db, placeId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ text: competitorReviews.reviewText })
    .from(competitorReviews)
    .where(and(eq(competitorReviews.placeId, placeId), ne(competitorReviews.reviewText, '')))
    .orderBy(desc(competitorReviews.publishTime))
    .limit(limit);
  return rows.map((r) => r.text);
}

const month = (col: typeof competitorReviews.publishTime | typeof reviews.createdTime) => sql<string>`to_char(${col} at time zone 'UTC', 'YYYY-MM')`;

/** Per place and UTC month: mean rating and number of reviews. */
export async function placeMonths(db: Db, placeIds: string[]) {
  if (!placeIds.length) return [];
  const m = month(competitorReviews.publishTime);
  return db
    .select({ placeId: competitorReviews.placeId, month: m, average: sql<number | null>`avg(${competitorReviews.rating})::float8`, n: count() })
    .from(competitorReviews)
    .where(inArray(competitorReviews.placeId, placeIds))
    .groupBy(competitorReviews.placeId, m);
}

/** The outlet's own reviews (every source) per UTC month: mean of the rated ones and how many were written. */
export async function outletMonths(db: Db, clientId: string, outletId: string) {
  const m = month(reviews.createdTime);
  return db
    .select({ month: m, average: sql<number | null>`avg(${reviews.rating})::float8`, n: count() })
    .from(reviews)
    .where(and(eq(reviews.clientId, clientId), eq(reviews.outletId, outletId)))
    .groupBy(m);
}

/** The outlet's rating (mean of rated reviews) and how many rated reviews it has, from DineDesk's own store. */
export async function outletRating(db: Db, clientId: string, outletId: string): Promise<{ average: number | null; rated: number; total: number; newest: string | null }> {
  const [row] = await db
    .select({ average: sql<number | null>`avg(${reviews.rating})::float8`, rated: count(reviews.rating), total: count(), newest: sql<string | null>`max(${reviews.createdTime})::text` })
    .from(reviews)
    .where(and(eq(reviews.clientId, clientId), eq(reviews.outletId, outletId)));
  return { average: row?.average ?? null, rated: row?.rated ?? 0, total: row?.total ?? 0, newest: row?.newest ?? null };
}

/** The outlet's newest review texts (at most `limit`). */
export async function outletReviewTexts(db: Db, clientId: string, outletId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ text: reviews.reviewText })
    .from(reviews)
    .where(and(eq(reviews.clientId, clientId), eq(reviews.outletId, outletId), ne(reviews.reviewText, '')))
    .orderBy(desc(reviews.createdTime), desc(reviews.id))
    .limit(limit);
  return rows.map((r) => r.text);
}

/** Every followed place once, with one outlet that follows it (the refresh job's scope), for `sync.tick`. */
export async function followedPlaces(db: Db): Promise<{ placeId: string; clientId: string; outletId: string }[]> {
  const first = db
    .select({ placeId: outletCompetitors.placeId, id: min(outletCompetitors.id).as('first_id') })
    .from(outletCompetitors)
    .where(isNotNull(outletCompetitors.placeId))
    .groupBy(outletCompetitors.placeId)
    .as('first');
  return db
    .select({ placeId: outletCompetitors.placeId, clientId: outletCompetitors.clientId, outletId: outletCompetitors.outletId })
    .from(outletCompetitors)
    .innerJoin(first, eq(first.id, outletCompetitors.id))
    .orderBy(asc(outletCompetitors.placeId));
}
