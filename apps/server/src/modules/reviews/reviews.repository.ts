import { and, asc, count, desc, eq, getTableColumns, inArray, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TFbPage, TSyncState } from '@dinedesk/contracts';
import type { Db } from '../../db/client.ts';
import { afterPosition, afterPositionPrepared, keysetPage, type KeysetPosition } from '../../lib/keyset.ts';
import { preparedByShape } from '../../lib/prepared.ts';
import { schema } from '../../db/client.ts';
import { outletScope, tenantScope, tenantScopePrepared, tenantScopeValues } from '../../lib/tenant-scope.ts';
import { originalTimeOf, readDemoClock } from '../../db/demo-clock.ts';

const { reviews, facebookPages, outlets, brands, reviewComments, users } = schema;

export type PageRow = typeof facebookPages.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
export type CommentRow = typeof reviewComments.$inferSelect;

/**
 * Every SQL statement of the reviews module (routes → service → repository, docs/architecture.md
 * "Module shape"). Functions take the `Db` to run on: `ctx.db`, or the `tx` of a transaction the
 * service opened. Rows come back as stored; the service turns them into API shapes.
 */

function syncState(p: PageRow): TSyncState {
  return {
    status: p.syncStatus as TSyncState['status'],
    lastSyncedAt: p.lastSyncedAt?.toISOString() ?? null,
    message: p.syncMessage,
  };
}

/** Pages of a client (optionally only those of some outlets), with review counts. */
export async function listPages(db: Db, clientId: string, outletIds: string[] | null): Promise<TFbPage[]> {
  const where = tenantScope({ clientId, outletIds }, facebookPages);
  const rows = await db
    .select({ page: facebookPages, outletName: outlets.name, brandId: brands.id, brandName: brands.name })
    .from(facebookPages)
    .innerJoin(outlets, eq(outlets.id, facebookPages.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(where)
    .orderBy(asc(brands.name), asc(outlets.name));
  const counts = rows.length
    ? await db
        .select({
          pageId: reviews.pageId,
          total: count(),
          unreplied: sql<number>`count(*) filter (where ${reviews.pageReplyCount} = 0)`.mapWith(Number),
        })
        .from(reviews)
        .where(and(eq(reviews.clientId, clientId), inArray(reviews.pageId, rows.map((r) => r.page.id))))
        .groupBy(reviews.pageId)
    : [];
  const byPage = new Map(counts.map((c) => [c.pageId, c]));
  return rows.map(({ page, outletName, brandId, brandName }) => ({
    id: page.id,
    name: page.name,
    outletId: page.outletId,
    outletName,
    brandId,
    brandName,
    overallStarRating: page.overallStarRating,
    ratingCount: page.ratingCount,
    reviewCount: byPage.get(page.id)?.total ?? 0,
    unrepliedCount: byPage.get(page.id)?.unreplied ?? 0,
    connected: page.pageAccessTokenEnc !== null,
    sync: syncState(page),
    reviewsEnded: page.reviewsEndedAt ? { since: page.reviewsEndedAt.toISOString(), graphVersion: page.graphVersion ?? 'v22.0' } : null,
  }));
}

export async function getPage(db: Db, pageId: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(facebookPages).where(eq(facebookPages.id, pageId));
  return row;
}

export interface ReviewFilter {
  clientId: string;
  outletIds: string[] | null;
  pageId?: string;
  rating?: number;
  recommendation?: 'positive' | 'negative';
  replied?: boolean;
  q?: string;
  after?: KeysetPosition;
  limit: number;
}

/** Which conditions a reviews list query has: one prepared statement per combination. */
interface ReviewListShape {
  outletScoped: boolean;
  page: boolean;
  rating: boolean;
  recommendation: boolean;
  replied: 'yes' | 'no' | 'any';
  q: boolean;
  after: boolean;
}

const reviewList = preparedByShape(
  'reviews_list',
  (s: ReviewListShape) => [s.outletScoped, s.page, s.rating, s.recommendation, s.q, s.after].map((b) => (b ? '1' : '0')).join('') + s.replied[0],
  (db, s, statementName) => {
    // Facebook reviews only: Google's have no page (the one feed is `listFeed`).
    const conds: SQL[] = [tenantScopePrepared(s.outletScoped, reviews), eq(reviews.source, 'facebook')];
    if (s.page) conds.push(eq(reviews.pageId, sql.placeholder('pageId')));
    if (s.rating) conds.push(eq(reviews.rating, sql.placeholder('rating')));
    if (s.recommendation) conds.push(eq(reviews.recommendationType, sql.placeholder('recommendation')));
    if (s.replied === 'yes') conds.push(sql`${reviews.pageReplyCount} > 0`);
    if (s.replied === 'no') conds.push(eq(reviews.pageReplyCount, 0));
    if (s.q) conds.push(sql`to_tsvector('simple', ${reviews.reviewText}) @@ plainto_tsquery('simple', ${sql.placeholder('q')})`);
    if (s.after) conds.push(afterPositionPrepared(reviews.createdTime, reviews.id));
    return db
      .select({ r: reviews, outletName: outlets.name })
      .from(reviews)
      .innerJoin(outlets, eq(outlets.id, reviews.outletId))
      .where(and(...conds))
      .orderBy(desc(reviews.createdTime), desc(reviews.id))
      .limit(sql.placeholder('limit'))
      .prepare(statementName);
  },
);

/**
 * One keyset page of reviews, newest first: `(created_time, id) < cursor` on the
 * `(client_id, created_time desc, id desc)` index, never OFFSET
 * (docs/requirements/quality-goals.md). The SQL of each combination of filters is prepared once
 * (lib/prepared.ts; docs/decisions/0020).
 */
export async function listReviews(db: Db, f: ReviewFilter): Promise<{ rows: { r: ReviewRow; outletName: string }[]; next: string | null }> {
  const scope = tenantScopeValues(f);
  if (!scope) return { rows: [], next: null };
  const shape: ReviewListShape = {
    outletScoped: scope.outletScoped,
    page: Boolean(f.pageId),
    rating: Boolean(f.rating),
    recommendation: Boolean(f.recommendation),
    replied: f.replied === true ? 'yes' : f.replied === false ? 'no' : 'any',
    q: Boolean(f.q),
    after: Boolean(f.after),
  };
  const rows = await reviewList(db, shape).execute({
    ...scope.values,
    pageId: f.pageId,
    rating: f.rating,
    recommendation: f.recommendation,
    q: f.q,
    afterTime: f.after?.time,
    afterId: f.after?.id,
    limit: f.limit + 1,
  });
  // The cursor comes from the rows as read, so a row the service skips never shifts the paging.
  return keysetPage(rows, f.limit, ({ r }) => ({ time: r.createdTime, id: r.id }));
}

export interface FeedFilter {
  clientId: string;
  outletIds: readonly string[] | null;
  brandId?: string;
  outletId?: string;
  source?: 'facebook' | 'google';
  ratings?: number[];
  replied?: boolean;
  needsReply?: boolean;
  /** Days, UTC, both included. */
  from?: string;
  to?: string;
  sentiment?: 'positive' | 'neutral' | 'negative';
  q?: string;
  /** Just this review (a link to one review). */
  reviewId?: number;
  after?: KeysetPosition;
  limit: number;
}

/**
 * A review needs a reply: it can be answered (Google, or Facebook with a story), nobody has
 * (or, on Google, the guest edited it after the reply), and it says something or rates 3 or less.
 */
export const NEEDS_REPLY = sql<boolean>`((${reviews.source} = 'google' or ${reviews.storyId} is not null)
  and (${reviews.pageReplyCount} = 0 or (${reviews.source} = 'google' and ${reviews.updateTime} > ${reviews.lastReplyAt}))
  and (${reviews.reviewText} <> '' or ${reviews.rating} <= 3))`;

/** The conditions of the one feed's filters (also used by its KPIs and export). */
export function feedConditions(f: Omit<FeedFilter, 'after' | 'limit'>): SQL {
  const conds: (SQL | undefined)[] = [tenantScope(f, reviews)];
  if (f.reviewId !== undefined) conds.push(eq(reviews.id, f.reviewId));
  if (f.outletId) conds.push(eq(reviews.outletId, f.outletId));
  if (f.brandId) conds.push(sql`${reviews.outletId} in (select ${outlets.id} from ${outlets} where ${outlets.brandId} = ${f.brandId})`);
  if (f.source) conds.push(eq(reviews.source, f.source));
  if (f.ratings?.length) conds.push(inArray(reviews.rating, f.ratings));
  if (f.replied === true) conds.push(sql`${reviews.pageReplyCount} > 0`);
  if (f.replied === false) conds.push(eq(reviews.pageReplyCount, 0));
  if (f.needsReply === true) conds.push(NEEDS_REPLY);
  if (f.needsReply === false) conds.push(sql`not ${NEEDS_REPLY}`);
  if (f.from) conds.push(sql`${reviews.createdTime} >= ${f.from}::date`);
  if (f.to) conds.push(sql`${reviews.createdTime} < (${f.to}::date + 1)`);
  if (f.sentiment) conds.push(eq(reviews.sentiment, f.sentiment));
  if (f.q) conds.push(sql`to_tsvector('simple', ${reviews.reviewText}) @@ plainto_tsquery('simple', ${f.q})`);
  return and(...conds)!;
}

export interface FeedRow {
  r: ReviewRow;
  outletName: string;
  brandId: string;
  brandName: string;
  mapsUri: string | null;
  needsReply: boolean;
  replyComment: string | null;
  replyTime: Date | null;
  replyAuthor: string | null;
}

/**
 * One keyset page of the one feed (Facebook and Google), newest first, on
 * `(client_id, created_time, id)` (or `(outlet_id, …)` with an outlet filter), never OFFSET.
 */
export async function listFeed(db: Db, f: FeedFilter, opts: { withLastReply?: boolean } = {}): Promise<{ rows: (FeedRow & { lastReply: string | null })[]; next: string | null }> {
  if (!f.clientId) return { rows: [], next: null };
  // Exports carry the text of the newest public reply (Facebook's too); the screen does not need it.
  const lastReply = opts.withLastReply
    ? sql<string | null>`(select ${reviewComments.message} from ${reviewComments} where ${reviewComments.reviewId} = ${reviews.id} and ${reviewComments.isPageReply} order by ${reviewComments.createdTime} desc limit 1)`
    : sql<string | null>`null`;
  const replies = alias(reviewComments, 'google_reply');
  const replyAuthor = alias(users, 'reply_author');
  const rows = await db
    .select({
      r: reviews,
      outletName: outlets.name,
      brandId: brands.id,
      brandName: brands.name,
      mapsUri: schema.googleLocations.mapsUri,
      needsReply: NEEDS_REPLY,
      replyComment: replies.message,
      replyTime: replies.createdTime,
      replyAuthor: replyAuthor.fullName,
      lastReply,
    })
    .from(reviews)
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .leftJoin(schema.googleLocations, eq(schema.googleLocations.id, reviews.googleLocationId))
    .leftJoin(replies, and(eq(reviews.source, 'google'), sql`${replies.id} = ${reviews.externalKey} || '/reply'`))
    .leftJoin(replyAuthor, eq(replyAuthor.id, replies.authorUserId))
    .where(and(feedConditions(f), f.after ? afterPosition(reviews.createdTime, reviews.id, f.after) : undefined))
    .orderBy(desc(reviews.createdTime), desc(reviews.id))
    .limit(f.limit + 1);
  return keysetPage(rows, f.limit, ({ r }) => ({ time: r.createdTime, id: r.id }));
}

/** Seconds from a review to its first public reply (null without one). */
const FIRST_REPLY_SECONDS = sql`extract(epoch from ((select min(${reviewComments.createdTime}) from ${reviewComments} where ${reviewComments.reviewId} = ${reviews.id} and ${reviewComments.isPageReply}) - ${reviews.createdTime}))`;
const CAN_REPLY = sql`(${reviews.source} = 'google' or ${reviews.storyId} is not null)`;

/** The KPI figures of a group of reviews (see `ZReviewKpis`). */
const kpiColumns = {
  reviewCount: sql<number>`count(*)`.mapWith(Number),
  averageRating: sql<number | null>`avg(${reviews.rating})`.mapWith((v) => (v === null ? null : Number(v))),
  replyable: sql<number>`count(*) filter (where ${CAN_REPLY})`.mapWith(Number),
  replied: sql<number>`count(*) filter (where ${CAN_REPLY} and ${reviews.pageReplyCount} > 0)`.mapWith(Number),
  medianResponseSeconds: sql<number | null>`percentile_cont(0.5) within group (order by ${FIRST_REPLY_SECONDS}) filter (where ${reviews.pageReplyCount} > 0)`.mapWith((v) =>
    v === null ? null : Number(v),
  ),
  needsReplyCount: sql<number>`count(*) filter (where ${NEEDS_REPLY})`.mapWith(Number),
};

/**
 * KPIs of the feed's filtered reviews: totals, per outlet (by review count), and the trend in
 * `bucket` periods (`date_trunc`, UTC). One aggregate pass each, on the same conditions as the list.
 */
export async function feedKpis(db: Db, f: Omit<FeedFilter, 'after' | 'limit'>, bucket: 'day' | 'week' | 'month') {
  const where = feedConditions(f);
  const [totals] = await db.select(kpiColumns).from(reviews).where(where);
  const perOutlet = await db
    .select({ outletId: reviews.outletId, outletName: outlets.name, brandName: brands.name, ...kpiColumns })
    .from(reviews)
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(where)
    .groupBy(reviews.outletId, outlets.name, brands.name)
    .orderBy(desc(sql`count(*)`), asc(outlets.name));
  // A literal, not a parameter: GROUP BY must see the same expression as the SELECT (bucket is one of three words).
  const period = sql`date_trunc(${sql.raw(`'${bucket}'`)}, ${reviews.createdTime} at time zone 'UTC')`;
  const trend = await db
    .select({
      start: sql<string>`to_char(${period}, 'YYYY-MM-DD')`,
      reviewCount: sql<number>`count(*)`.mapWith(Number),
      averageRating: sql<number | null>`avg(${reviews.rating})`.mapWith((v) => (v === null ? null : Number(v))),
    })
    .from(reviews)
    .where(where)
    .groupBy(period)
    .orderBy(period);
  return { totals: totals!, perOutlet, trend };
}

/** How many reviews the filters select. */
export async function feedCount(db: Db, f: Omit<FeedFilter, 'after' | 'limit'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(reviews).where(feedConditions(f));
  return row?.n ?? 0;
}

// ── Exports of the feed (review-export.service.ts) ──────────────────────────────────────────

const { reviewExports } = schema;
export type ExportRow = typeof reviewExports.$inferSelect;

export async function insertExport(db: Db, row: typeof reviewExports.$inferInsert): Promise<ExportRow> {
  const [created] = await db.insert(reviewExports).values(row).returning();
  return created!;
}

/** An export without its file (the file can be megabytes). */
export async function getExport(db: Db, id: string): Promise<Omit<ExportRow, 'content'> | undefined> {
  const { content: _content, ...columns } = getTableColumns(reviewExports);
  const [row] = await db.select(columns).from(reviewExports).where(eq(reviewExports.id, id));
  return row;
}

export async function getExportFile(db: Db, id: string): Promise<{ fileName: string | null; format: 'csv' | 'xlsx'; content: Buffer | null } | undefined> {
  const [row] = await db.select({ fileName: reviewExports.fileName, format: reviewExports.format, content: reviewExports.content }).from(reviewExports).where(eq(reviewExports.id, id));
  return row;
}

export async function updateExport(db: Db, id: string, set: Partial<typeof reviewExports.$inferInsert>): Promise<void> {
  await db.update(reviewExports).set(set).where(eq(reviewExports.id, id));
}

/** Deletes exports past their expiry. @returns how many */
export async function pruneExports(db: Db, now: Date): Promise<number> {
  const gone = await db.delete(reviewExports).where(sql`${reviewExports.expiresAt} < ${now}`).returning({ id: reviewExports.id });
  return gone.length;
}

/** Oldest and newest review time of the filtered feed (sizes the trend's periods). */
export async function feedSpan(db: Db, f: Omit<FeedFilter, 'after' | 'limit'>): Promise<{ min: Date | null; max: Date | null }> {
  const [row] = await db
    .select({ min: sql<string | null>`min(${reviews.createdTime})`, max: sql<string | null>`max(${reviews.createdTime})` })
    .from(reviews)
    .where(feedConditions(f));
  return { min: row?.min ? new Date(row.min) : null, max: row?.max ? new Date(row.max) : null };
}

/** The client's outlets a scope sees (null: all), with their brands. */
export function visibleOutlets(db: Db, clientId: string, outletIds: readonly string[] | null): Promise<{ id: string; brandId: string }[]> {
  return db
    .select({ id: outlets.id, brandId: outlets.brandId })
    .from(outlets)
    .where(and(eq(outlets.clientId, clientId), outletScope(outletIds, outlets.id)));
}

export async function getReview(db: Db, clientId: string, reviewId: number): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(and(eq(reviews.id, reviewId), eq(reviews.clientId, clientId)));
  return row;
}

/** Stored comments of a review with their DineDesk author's name, oldest first. */
export function listStoredComments(db: Db, reviewId: number): Promise<{ c: CommentRow; authorName: string | null }[]> {
  return db
    .select({ c: reviewComments, authorName: users.fullName })
    .from(reviewComments)
    .leftJoin(users, eq(users.id, reviewComments.authorUserId))
    .where(eq(reviewComments.reviewId, reviewId))
    .orderBy(asc(reviewComments.createdTime), asc(reviewComments.id));
}

/** Recomputes a review's comment counters from its stored comments (same transaction). */
export async function refreshReviewCounters(db: Db, reviewId: number): Promise<void> {
  await db
    .update(reviews)
    .set({
      commentCount: sql`(select count(*) from ${reviewComments} where ${reviewComments.reviewId} = ${reviewId})`,
      pageReplyCount: sql`(select count(*) from ${reviewComments} where ${reviewComments.reviewId} = ${reviewId} and ${reviewComments.isPageReply})`,
      lastReplyAt: sql`(select max(${reviewComments.createdTime}) from ${reviewComments} where ${reviewComments.reviewId} = ${reviewId} and ${reviewComments.isPageReply})`,
    })
    .where(eq(reviews.id, reviewId));
}

// ── Sync of `reviews` from Graph ratings ───────────────────────────────────────────────────

export type ReviewInsert = typeof reviews.$inferInsert;
/** Rows per INSERT statement: keeps statements well under PostgreSQL's 65,535 parameter limit. */
const UPSERT_CHUNK = 500;

/** Upserts review rows on `(page_id, external_key)`; Graph's text and rating win. */
export async function upsertReviews(tx: Db, served: ReviewInsert[]): Promise<void> {
  // A demo review keeps its real time beside the moved one it was served at (db/demo-clock.ts).
  const clock = served.length ? await readDemoClock(tx) : null;
  const rows = clock ? served.map((r) => ({ ...r, originalCreatedTime: originalTimeOf(clock, r.createdTime) })) : served;
  for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
    await tx
      .insert(reviews)
      .values(rows.slice(i, i + UPSERT_CHUNK))
      .onConflictDoUpdate({
        target: [reviews.pageId, reviews.externalKey],
        set: {
          rating: sql`excluded.rating`,
          recommendationType: sql`excluded.recommendation_type`,
          reviewText: sql`excluded.review_text`,
          reviewerName: sql`excluded.reviewer_name`,
          sentimentScore: sql`excluded.sentiment_score`,
          sentiment: sql`excluded.sentiment`,
          syncedAt: sql`excluded.synced_at`,
        },
      });
  }
}

/** Records a page's sync state (and, after a successful sync, its rating summary). */
export async function setPageSync(
  db: Db,
  pageId: string,
  s: {
    status: TSyncState['status'];
    message: string | null;
    syncedAt?: Date;
    overallStarRating?: number | null;
    ratingCount?: number;
    /** The version Graph answered on (`facebook-api-version`). */
    graphVersion?: string | null;
    /** Facebook no longer offers the page's reviews: kept once set (the first time wins). */
    reviewsEndedAt?: Date;
  },
): Promise<void> {
  await db
    .update(facebookPages)
    .set({
      syncStatus: s.status,
      syncMessage: s.message,
      ...(s.graphVersion ? { graphVersion: s.graphVersion } : {}),
      ...(s.reviewsEndedAt ? { reviewsEndedAt: sql`coalesce(${facebookPages.reviewsEndedAt}, ${s.reviewsEndedAt.toISOString()}::timestamptz)` } : {}),
      ...(s.syncedAt ? { lastSyncedAt: s.syncedAt } : {}),
      ...(s.overallStarRating !== undefined ? { overallStarRating: s.overallStarRating } : {}),
      ...(s.ratingCount !== undefined ? { ratingCount: s.ratingCount } : {}),
    })
    .where(eq(facebookPages.id, pageId));
}

/** How many reviews of the page are stored. */
export async function countPageReviews(db: Db, pageId: string): Promise<number> {
  const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(reviews).where(eq(reviews.pageId, pageId));
  return n;
}

// ── Reviews by Graph key (feed webhook) ─────────────────────────────────────────────────────

/** Deletes the page's review of this story (or external key). @returns the deleted row's id */
export async function deleteReviewByKey(db: Db, pageId: string, externalKey: string): Promise<number | null> {
  const removed = await db.delete(reviews).where(and(eq(reviews.pageId, pageId), eq(reviews.externalKey, externalKey))).returning({ id: reviews.id });
  return removed[0]?.id ?? null;
}

/** The id of the page's review with this external key. */
export async function findReviewIdByKey(db: Db, pageId: string, externalKey: string): Promise<number | null> {
  const [row] = await db.select({ id: reviews.id }).from(reviews).where(and(eq(reviews.pageId, pageId), eq(reviews.externalKey, externalKey)));
  return row?.id ?? null;
}

/** The page's review whose story (the post its comments hang on) is `storyId`. */
export async function findReviewByStory(db: Db, pageId: string, storyId: string): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(and(eq(reviews.pageId, pageId), eq(reviews.storyId, storyId)));
  return row;
}

// ── Review comments ─────────────────────────────────────────────────────────────────────────

export type CommentInsert = typeof reviewComments.$inferInsert;

/** Stores a comment as Graph has it; a stored one keeps its DineDesk author. */
export async function upsertComment(tx: Db, row: CommentInsert): Promise<void> {
  await tx.insert(reviewComments).values(row).onConflictDoUpdate({ target: reviewComments.id, set: { message: row.message, fromName: row.fromName } });
}

/**
 * The outlet's latest public replies on every source, newest first (the reply check compares a
 * new reply with them; `review_comments_page_reply_idx`): replies written as its Facebook Page
 * or as its Google location.
 */
export async function recentOutletReplies(db: Db, clientId: string, outletId: string, limit: number): Promise<string[]> {
  const senders = sql`(select ${facebookPages.id} from ${facebookPages} where ${facebookPages.outletId} = ${outletId} union all select ${schema.googleLocations.id} from ${schema.googleLocations} where ${schema.googleLocations.outletId} = ${outletId})`;
  const rows = await db
    .select({ message: reviewComments.message })
    .from(reviewComments)
    .where(and(eq(reviewComments.clientId, clientId), sql`${reviewComments.fromId} in ${senders}`, eq(reviewComments.isPageReply, true)))
    .orderBy(desc(reviewComments.createdTime))
    .limit(limit);
  return rows.map((r) => r.message);
}

/** Stores a reply posted through DineDesk with its author (a copy stored first gets the author). */
export async function upsertPageReply(tx: Db, row: CommentInsert & { authorUserId: string }): Promise<void> {
  await tx.insert(reviewComments).values(row).onConflictDoUpdate({ target: reviewComments.id, set: { authorUserId: row.authorUserId } });
}

/** Deletes the review's stored comments except `keep` (those Graph still lists). */
export async function deleteCommentsExcept(tx: Db, reviewId: number, keep: string[]): Promise<void> {
  await tx
    .delete(reviewComments)
    .where(keep.length ? and(eq(reviewComments.reviewId, reviewId), notInArray(reviewComments.id, keep)) : eq(reviewComments.reviewId, reviewId));
}

/** A stored comment of a review, or undefined. */
export async function getComment(db: Db, reviewId: number, commentId: string): Promise<CommentRow | undefined> {
  const [row] = await db.select().from(reviewComments).where(and(eq(reviewComments.id, commentId), eq(reviewComments.reviewId, reviewId)));
  return row;
}

/** Replaces a stored comment's text (an edit through DineDesk, whose author it becomes). */
export async function updateCommentMessage(tx: Db, reviewId: number, commentId: string, message: string, authorUserId: string): Promise<void> {
  await tx.update(reviewComments).set({ message, authorUserId }).where(and(eq(reviewComments.id, commentId), eq(reviewComments.reviewId, reviewId)));
}

/** Deletes one comment of a review. */
export async function deleteComment(tx: Db, reviewId: number, commentId: string): Promise<void> {
  await tx.delete(reviewComments).where(and(eq(reviewComments.id, commentId), eq(reviewComments.reviewId, reviewId)));
}

/** Of these comment ids of a review, those stored with a DineDesk author (replied through DineDesk). */
export async function authoredCommentIds(db: Db, reviewId: number, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: reviewComments.id })
    .from(reviewComments)
    .where(and(eq(reviewComments.reviewId, reviewId), inArray(reviewComments.id, ids), isNotNull(reviewComments.authorUserId)));
  return new Set(rows.map((r) => r.id));
}

// ── Reply idempotency (`review_reply_idempotency`, primary key (client_id, key)) ───────────────

const { reviewReplyIdempotency: idem } = schema;
const replyKey = (clientId: string, key: string) => and(eq(idem.clientId, clientId), eq(idem.key, key));
export type ReplyKeyRow = typeof idem.$inferSelect;

/** Reserves an Idempotency-Key for a reply. @returns false when the client already used it */
export async function reserveReplyKey(db: Db, r: { clientId: string; key: string; requestHash: string; reviewId: number }): Promise<boolean> {
  const reserved = await db.insert(idem).values(r).onConflictDoNothing().returning();
  return reserved.length > 0;
}

export async function getReplyKey(db: Db, clientId: string, key: string): Promise<ReplyKeyRow | undefined> {
  const [row] = await db.select().from(idem).where(replyKey(clientId, key));
  return row;
}

/** Claims a key left `unknown` (back to `pending`): one retry at a time. @returns true when claimed */
export async function claimUnknownReplyKey(db: Db, clientId: string, key: string): Promise<boolean> {
  const claimed = await db.update(idem).set({ state: 'pending' }).where(and(replyKey(clientId, key), eq(idem.state, 'unknown'))).returning();
  return claimed.length > 0;
}

/** Marks the key's reply as of unknown outcome (kept, so a retry reads back first). */
export async function markReplyKeyUnknown(db: Db, clientId: string, key: string): Promise<void> {
  await db.update(idem).set({ state: 'unknown' }).where(replyKey(clientId, key));
}

/** Frees the key (nothing was posted). */
export async function releaseReplyKey(db: Db, clientId: string, key: string): Promise<void> {
  await db.delete(idem).where(replyKey(clientId, key));
}

/** Stores the reply a key produced, so a retry answers it. */
export async function finishReplyKey(tx: Db, clientId: string, key: string, result: Record<string, unknown>): Promise<void> {
  await tx.update(idem).set({ state: 'done', result }).where(replyKey(clientId, key));
}

// ── Reply templates (reply-templates.service.ts) ────────────────────────────────────────────

const { replyTemplates } = schema;
export type ReplyTemplateRow = typeof replyTemplates.$inferSelect;

/** The client's templates by name, with who last changed each. */
export async function listReplyTemplates(db: Db, clientId: string): Promise<(ReplyTemplateRow & { updatedByName: string | null })[]> {
  const rows = await db
    .select({ t: replyTemplates, updatedByName: users.fullName })
    .from(replyTemplates)
    .leftJoin(users, eq(users.id, replyTemplates.updatedBy))
    .where(eq(replyTemplates.clientId, clientId))
    .orderBy(asc(replyTemplates.name));
  return rows.map((r) => ({ ...r.t, updatedByName: r.updatedByName }));
}

/** Names of the client's automation rules whose reply or draft pool holds the template (rows locked). */
export async function rulesUsingTemplate(db: Db, clientId: string, templateId: string): Promise<string[]> {
  const r = schema.automationRules;
  const rows = await db
    .select({ name: r.name })
    .from(r)
    .where(and(eq(r.clientId, clientId), sql`exists (select 1 from jsonb_array_elements(${r.actions}) a where a->>'type' in ('reply', 'draft') and coalesce(a->'templateIds', '[]'::jsonb) ? ${templateId})`))
    .orderBy(asc(r.name))
    .for('update');
  return rows.map((row) => row.name);
}

export async function getReplyTemplate(db: Db, id: string): Promise<ReplyTemplateRow | undefined> {
  const [row] = await db.select().from(replyTemplates).where(eq(replyTemplates.id, id));
  return row;
}

/** Inserts a template. @returns null when the client already has one of that name */
export async function insertReplyTemplate(db: Db, row: typeof replyTemplates.$inferInsert): Promise<ReplyTemplateRow | null> {
  const [created] = await db.insert(replyTemplates).values(row).onConflictDoNothing().returning();
  return created ?? null;
}

/** Updates a template of the client. @returns the row, or null when another template has that name */
export async function updateReplyTemplate(db: Db, id: string, clientId: string, set: { name: string; body: string; updatedAt: Date; updatedBy: string }): Promise<ReplyTemplateRow | null> {
  const [clash] = await db
    .select({ id: replyTemplates.id })
    .from(replyTemplates)
    .where(and(eq(replyTemplates.clientId, clientId), eq(replyTemplates.name, set.name), sql`${replyTemplates.id} <> ${id}`));
  if (clash) return null;
  const [row] = await db.update(replyTemplates).set(set).where(and(eq(replyTemplates.id, id), eq(replyTemplates.clientId, clientId))).returning();
  return row ?? null;
}

export async function deleteReplyTemplate(db: Db, id: string, clientId: string): Promise<boolean> {
  const gone = await db.delete(replyTemplates).where(and(eq(replyTemplates.id, id), eq(replyTemplates.clientId, clientId))).returning({ id: replyTemplates.id });
  return gone.length > 0;
}

// ── The Overview (modules/overview) ──────────────────────────────────────────────

/** Reviews waiting for a reply per outlet, under the feed's filters (the list's `needsReply=true`, all time). */
export async function needsReplyByOutlet(db: Db, f: Omit<FeedFilter, 'after' | 'limit' | 'needsReply'>): Promise<{ outletId: string; waiting: number }[]> {
  return db
    .select({ outletId: reviews.outletId, waiting: sql<number>`count(*)::int` })
    .from(reviews)
    .where(feedConditions({ ...f, needsReply: true }))
    .groupBy(reviews.outletId);
}

/** The `limit` oldest reviews waiting for a reply, oldest first (ties by id). */
export function oldestNeedingReply(db: Db, f: Omit<FeedFilter, 'after' | 'limit' | 'needsReply'>, limit: number) {
  return db
    .select({
      id: reviews.id,
      source: reviews.source,
      outletId: reviews.outletId,
      outletName: outlets.name,
      reviewerName: reviews.reviewerName,
      rating: reviews.rating,
      text: reviews.reviewText,
      createdTime: reviews.createdTime,
    })
    .from(reviews)
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .where(feedConditions({ ...f, needsReply: true }))
    .orderBy(asc(reviews.createdTime), asc(reviews.id))
    .limit(limit);
}
