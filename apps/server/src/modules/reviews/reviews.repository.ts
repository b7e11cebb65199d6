import { and, asc, count, desc, eq, inArray, isNotNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { TFbPage, TSyncState } from '@dinedesk/contracts';
import type { Db } from '../../db/client.ts';
import { afterPositionPrepared, keysetPage, type KeysetPosition } from '../../lib/keyset.ts';
import { preparedByShape } from '../../lib/prepared.ts';
import { schema } from '../../db/client.ts';
import { tenantScope, tenantScopePrepared, tenantScopeValues } from '../../lib/tenant-scope.ts';

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
    const conds: SQL[] = [tenantScopePrepared(s.outletScoped, reviews)];
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
 * `(client_id, created_time desc, id desc)` index, never OFFSET (targets.md). The SQL of each
 * combination of filters is prepared once (lib/prepared.ts; issue #10, docs/decisions/0020).
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
export async function upsertReviews(tx: Db, rows: ReviewInsert[]): Promise<void> {
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
          syncedAt: sql`excluded.synced_at`,
        },
      });
  }
}

/** Ids of pages with a stored page token (the ones a sync can read). */
export async function listConnectedPageIds(db: Db): Promise<string[]> {
  const rows = await db.select({ id: facebookPages.id }).from(facebookPages).where(isNotNull(facebookPages.pageAccessTokenEnc));
  return rows.map((r) => r.id);
}

/** Records a page's sync state (and, after a successful sync, its rating summary). */
export async function setPageSync(
  db: Db,
  pageId: string,
  s: { status: TSyncState['status']; message: string | null; syncedAt?: Date; overallStarRating?: number | null; ratingCount?: number },
): Promise<void> {
  await db
    .update(facebookPages)
    .set({
      syncStatus: s.status,
      syncMessage: s.message,
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
 * The page's latest public replies, newest first (the reply check compares a new reply with
 * them; `review_comments_page_reply_idx`).
 */
export async function recentPageReplies(db: Db, clientId: string, pageId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ message: reviewComments.message })
    .from(reviewComments)
    .where(and(eq(reviewComments.clientId, clientId), eq(reviewComments.fromId, pageId), eq(reviewComments.isPageReply, true)))
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
