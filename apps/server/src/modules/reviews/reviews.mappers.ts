import { ZFbComment, ZFbReview, ZReview, type TFbComment, type TFbReview, type TReview } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { reportBadItem } from './bad-items.ts';
import type { CommentRow, FeedRow, ReviewRow } from './reviews.repository.ts';

/**
 * Stored review rows as the API answers them (contracts `ZFbReview`, `ZFbComment`). No SQL here:
 * rows come from reviews.repository.ts. A row that cannot be answered is skipped and logged once
 * (one bad row never poisons a list).
 */

/**
 * The review as the API answers it, or nothing when the stored row cannot be answered (e.g. a
 * time outside ISO 8601's four-digit years): one bad row must not turn every load of the list
 * into a 500. The row is logged once and left in place for an operator.
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

/** A stored review as `ZFbReview`. @throws RangeError for a time JavaScript cannot represent */
export function toReview(r: ReviewRow, outletName: string): TFbReview {
  if (r.pageId === null) throw new Error('not a Facebook review (no page)');
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

/**
 * A stored comment as the API answers it, or nothing when the row cannot be answered (a shape
 * the response schema refuses): skipped and logged once, so the thread still loads.
 */
export function usableComment(ctx: AppContext, c: CommentRow, authorName: string | null): TFbComment[] {
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
}

/** A row of the one feed as `ZReview`, or nothing (logged once) when it cannot be answered. */
export function usableFeedReview(ctx: AppContext, row: FeedRow): TReview[] {
  let review: TReview;
  try {
    const r = row.r;
    review = {
      id: String(r.id),
      source: r.source,
      outletId: r.outletId,
      outletName: row.outletName,
      brandId: row.brandId,
      brandName: row.brandName,
      pageId: r.pageId,
      locationId: r.googleLocationId,
      storyId: r.storyId,
      reviewer: { id: r.reviewerId, name: r.reviewerName },
      rating: r.rating,
      recommendationType: r.source === 'facebook' ? (r.recommendationType as 'positive' | 'negative') : null,
      text: r.reviewText,
      createdTime: r.createdTime.toISOString(),
      updateTime: r.updateTime?.toISOString() ?? null,
      commentCount: r.commentCount,
      replied: r.pageReplyCount > 0,
      lastReplyAt: r.lastReplyAt?.toISOString() ?? null,
      needsReply: row.needsReply,
      canReply: r.source === 'google' || r.storyId !== null,
      reply: row.replyComment !== null && row.replyTime ? { comment: row.replyComment, updateTime: row.replyTime.toISOString(), authorName: row.replyAuthor } : null,
      sentiment: r.sentiment ?? null,
      link: r.source === 'google' ? row.mapsUri : null,
    };
  } catch (e) {
    reportBadItem(ctx, 'review_row', String(row.r.id), (e as Error).message);
    return [];
  }
  const checked = ZReview.safeParse(review);
  if (checked.success) return [review];
  const issue = checked.error.issues[0]!;
  reportBadItem(ctx, 'review_row', String(row.r.id), `${issue.path.join('.')}: ${issue.message}`);
  return [];
}
