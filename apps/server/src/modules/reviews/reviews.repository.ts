import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ZFbComment, ZFbReview, type TFbComment, type TFbPage, type TFbReview, type TSyncState } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { reportBadItem } from './bad-items.ts';
import { afterPosition, keysetPage, type KeysetPosition } from '../../lib/keyset.ts';
import { schema } from '../../db/client.ts';

const { reviews, facebookPages, outlets, brands, reviewComments, users } = schema;

export type PageRow = typeof facebookPages.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;

function syncState(p: PageRow): TSyncState {
  return {
    status: p.syncStatus as TSyncState['status'],
    lastSyncedAt: p.lastSyncedAt?.toISOString() ?? null,
    message: p.syncMessage,
  };
}

/** Pages of a client (optionally only those of some outlets), with review counts. */
export async function listPages(db: Db, clientId: string, outletIds: string[] | null): Promise<TFbPage[]> {
  const where = outletIds ? and(eq(facebookPages.clientId, clientId), inArray(facebookPages.outletId, outletIds.length ? outletIds : ['00000000-0000-0000-0000-000000000000'])) : eq(facebookPages.clientId, clientId);
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

/**
 * One keyset page of reviews, newest first: `(created_time, id) < cursor` on the
 * `(client_id, created_time desc, id desc)` index, never OFFSET (targets.md).
 */
export async function listReviews(ctx: AppContext, f: ReviewFilter): Promise<{ rows: TFbReview[]; next: string | null }> {
  const db = ctx.db;
  const conds: SQL[] = [eq(reviews.clientId, f.clientId)];
  if (f.outletIds) conds.push(inArray(reviews.outletId, f.outletIds.length ? f.outletIds : ['00000000-0000-0000-0000-000000000000']));
  if (f.pageId) conds.push(eq(reviews.pageId, f.pageId));
  if (f.rating) conds.push(eq(reviews.rating, f.rating));
  if (f.recommendation) conds.push(eq(reviews.recommendationType, f.recommendation));
  if (f.replied === true) conds.push(sql`${reviews.pageReplyCount} > 0`);
  if (f.replied === false) conds.push(eq(reviews.pageReplyCount, 0));
  if (f.q) conds.push(sql`to_tsvector('simple', ${reviews.reviewText}) @@ plainto_tsquery('simple', ${f.q})`);
  if (f.after) conds.push(afterPosition(reviews.createdTime, reviews.id, f.after));
  const rows = await db
    .select({ r: reviews, outletName: outlets.name })
    .from(reviews)
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .where(and(...conds))
    .orderBy(desc(reviews.createdTime), desc(reviews.id))
    .limit(f.limit + 1);
  const { rows: page, next } = keysetPage(rows, f.limit, ({ r }) => ({ time: r.createdTime, id: r.id }));
  // The cursor comes from the rows as read, so skipping a bad one never shifts the paging.
  return { rows: page.flatMap(({ r, outletName }) => usableReview(ctx, r, outletName)), next };
}

/**
 * The review as the API answers it, or nothing when the stored row cannot be answered (e.g. a
 * time outside ISO 8601's four-digit years): one bad row must not turn every load of the list
 * into a 500 (issue #8). The row is logged once and left in place for an operator.
 */
export function usableReview(ctx: AppContext, r: ReviewRow, outletName: string): TFbReview[] {
  let review: TFbReview;
  try {
    review = toReview(r, outletName);
  } catch (e) {
    reportBadItem(ctx, 'review_row', String(r.id), (e as Error).message);
    return [];
  }
  const checked = ZFbReview.safeParse(review);
  if (checked.success) return [review];
  const issue = checked.error.issues[0]!;
  reportBadItem(ctx, 'review_row', String(r.id), `${issue.path.join('.')}: ${issue.message}`);
  return [];
}

export function toReview(r: ReviewRow, outletName: string): TFbReview {
  return {
    id: String(r.id),
    pageId: r.pageId,
    outletId: r.outletId,
    outletName,
    storyId: r.storyId,
    reviewer: { id: r.reviewerId, name: r.reviewerName },
    rating: r.rating,
    recommendationType: r.recommendationType as 'positive' | 'negative',
    text: r.reviewText,
    createdTime: r.createdTime.toISOString(),
    commentCount: r.commentCount,
    replied: r.pageReplyCount > 0,
    lastReplyAt: r.lastReplyAt?.toISOString() ?? null,
    canReply: r.storyId !== null,
  };
}

export async function getReview(db: Db, clientId: string, reviewId: number): Promise<ReviewRow | undefined> {
  const [row] = await db.select().from(reviews).where(and(eq(reviews.id, reviewId), eq(reviews.clientId, clientId)));
  return row;
}

/**
 * Stored comments of a review, oldest first. A row that cannot be answered (a shape the
 * response schema refuses) is skipped and logged once, so the thread still loads (issue #8).
 */
export async function listStoredComments(ctx: AppContext, reviewId: number): Promise<TFbComment[]> {
  const rows = await ctx.db
    .select({ c: reviewComments, authorName: users.fullName })
    .from(reviewComments)
    .leftJoin(users, eq(users.id, reviewComments.authorUserId))
    .where(eq(reviewComments.reviewId, reviewId))
    .orderBy(asc(reviewComments.createdTime), asc(reviewComments.id));
  return rows.flatMap(({ c, authorName }) => {
    let comment: TFbComment;
    try {
      comment = {
        id: c.id,
        message: c.message,
        from: c.fromId ? { id: c.fromId, name: c.fromName ?? '' } : null,
        createdTime: c.createdTime.toISOString(),
        isPageReply: c.isPageReply,
        authorName: authorName ?? null,
      };
    } catch (e) {
      reportBadItem(ctx, 'review_comment_row', c.id, (e as Error).message);
      return [];
    }
    const checked = ZFbComment.safeParse(comment);
    if (checked.success) return [comment];
    const issue = checked.error.issues[0]!;
    reportBadItem(ctx, 'review_comment_row', c.id, `${issue.path.join('.')}: ${issue.message}`);
    return [];
  });
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
