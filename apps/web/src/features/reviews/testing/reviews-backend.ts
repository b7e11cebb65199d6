/**
 * An in-memory stand-in for the review_testing API, for the screen's tests: the one feed
 * (`get_reviews/get-reviews`, every source) filtered like the server and paged by cursor,
 * Facebook threads and replies, Google's one reply per review (reply, edit, delete), and a
 * record of every request. Its handlers are the contract handlers (testing/contract-handlers.ts),
 * so every request and answer is checked against the contracts' schemas.
 */
import type {
  TGoogleLocation, TFbComment, TFbPage, TGetFbCommentsResponse, TGetReviewsRequest, TReview, TReviewKpis } from '@dinedesk/contracts';
import { mockApi, type ApiMock } from '../../../testing/api-server.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';

export interface ReviewsBackendData {
  pages: TFbPage[];
  /** The feed, newest first (the order the server answers in). */
  reviews: TReview[];
  comments?: Record<string, TFbComment[]>;
  commentsSource?: TGetFbCommentsResponse['source'];
  /** Google locations linked to outlets (get_locations/get-locations). */
  locations?: TGoogleLocation[];
}

export interface ReviewsBackend extends ApiMock {
  data: Required<ReviewsBackendData>;
}

/** When the test backend says a reply was written (Google `updateTime`, Facebook `created_time`). */
export const REPLIED_AT = '2025-02-01T10:00:00.000Z';

/** The day (UTC) of an ISO time, as `from`/`to` compare it. */
const dayOf = (time: string) => new Date(time).toISOString().slice(0, 10);

/** The feed request's filters, as the server applies them (ZGetReviewsRequest). */
function matches(review: TReview, filters: TGetReviewsRequest): boolean {
  const q = filters.q?.toLowerCase();
  if (filters.reviewId && review.id !== filters.reviewId) return false;
  if (filters.brandId && review.brandId !== filters.brandId) return false;
  if (filters.outletId && review.outletId !== filters.outletId) return false;
  if (filters.source && review.source !== filters.source) return false;
  if (filters.ratings && (review.rating === null || !filters.ratings.includes(review.rating))) return false;
  if (filters.replied !== undefined && review.replied !== filters.replied) return false;
  if (filters.needsReply !== undefined && review.needsReply !== filters.needsReply) return false;
  if (filters.from && dayOf(review.createdTime) < filters.from) return false;
  if (filters.to && dayOf(review.createdTime) > filters.to) return false;
  if (filters.sentiment && review.sentiment !== filters.sentiment) return false;
  if (q && !`${review.reviewer.name} ${review.text}`.toLowerCase().includes(q)) return false;
  return true;
}

/** Whether a review without a reply needs one (the server's rule, ZGetReviewsRequest `needsReply`). */
const wantsReply = (review: TReview) => review.canReply && (review.text !== '' || (review.rating !== null && review.rating <= 3));

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The KPI figures of `reviews` (`lastReplyAt` stands for the first reply). */
function figuresOf(reviews: TReview[]) {
  const repliable = reviews.filter((r) => r.canReply);
  const replyDelays = reviews.flatMap((r) => (r.lastReplyAt ? [(Date.parse(r.lastReplyAt) - Date.parse(r.createdTime)) / 1000] : []));
  return {
    reviewCount: reviews.length,
    averageRating: mean(reviews.flatMap((r) => (r.rating === null ? [] : [r.rating]))),
    responseRate: repliable.length ? repliable.filter((r) => r.replied).length / repliable.length : null,
    medianResponseSeconds: median(replyDelays),
    needsReplyCount: reviews.filter((r) => r.needsReply).length,
  };
}

function groupBy(reviews: TReview[], key: (review: TReview) => string): Map<string, TReview[]> {
  const groups = new Map<string, TReview[]>();
  for (const review of reviews) groups.set(key(review), [...(groups.get(key(review)) ?? []), review]);
  return groups;
}

/** `get_reviews/kpis` of the reviews the filters select: per day, and per outlet by review count. */
function kpisOf(reviews: TReview[]): TReviewKpis {
  const byDay = groupBy(reviews, (r) => dayOf(r.createdTime));
  const byOutlet = groupBy(reviews, (r) => r.outletId);
  return {
    ...figuresOf(reviews),
    trend: {
      bucket: 'day',
      points: [...byDay.entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([start, rs]) => ({ start, reviewCount: rs.length, averageRating: figuresOf(rs).averageRating })),
    },
    outlets: [...byOutlet.values()]
      .map((rs) => ({ outletId: rs[0]!.outletId, outletName: rs[0]!.outletName, brandName: rs[0]!.brandName, ...figuresOf(rs) }))
      .sort((a, b) => b.reviewCount - a.reviewCount),
  };
}

/** Installs the fake review_testing API over `initial` for the running test. */
export function reviewsBackend(initial: ReviewsBackendData): ReviewsBackend {
  const data: Required<ReviewsBackendData> = { comments: {}, commentsSource: 'graph', locations: [], ...initial };
  let nextCommentId = 1;
  const mock = mockApi(
    handle.fbPages(() => ({ data: data.pages })),
    handle.getReviews(({ body }) => {
      const { limit } = body;
      // The cursor here is simply the offset, base64url-free digits (valid per ZCursor).
      const offset = Number(body.cursor ?? 0);
      const all = data.reviews.filter((r) => matches(r, body));
      const page = all.slice(offset, offset + limit);
      const nextCursor = offset + limit < all.length ? String(offset + limit) : null;
      return { data: page, paging: { nextCursor } };
    }),
    handle.reviewKpis(({ body }) => kpisOf(data.reviews.filter((r) => matches(r, body)))),
    handle.fbComments(({ query }) => {
      const reviewId = query.get('reviewId') ?? '';
      return {
        data: data.comments[reviewId] ?? [],
        source: data.commentsSource,
        notice: data.commentsSource === 'cache' ? 'Facebook is unreachable; showing the stored thread.' : null,
      };
    }),
    handle.replyFbReview(({ body: { reviewId, message } }) => {
      const comment: TFbComment = {
        id: `reply-${nextCommentId++}`,
        message,
        from: { id: 'page', name: 'Page' },
        createdTime: REPLIED_AT,
        isPageReply: true,
        authorName: 'Asha Rao',
      };
      data.comments[reviewId] = [...(data.comments[reviewId] ?? []), comment];
      data.reviews = data.reviews.map((r) => (r.id === reviewId ? { ...r, replied: true, needsReply: false, lastReplyAt: REPLIED_AT } : r));
      return { comment };
    }),
    // Google keeps one reply per review: a reply creates or replaces it (`updateReply`).
    handle.replyGoogleReview(({ body: { reviewId, comment } }) => {
      const review = data.reviews.find((r) => r.id === reviewId && r.source === 'google');
      if (!review) return reply.error(404, { message: 'Review not found' });
      const googleReply = { comment, updateTime: REPLIED_AT, authorName: 'Asha Rao' };
      data.reviews = data.reviews.map((r) =>
        r.id === reviewId ? { ...r, reply: googleReply, replied: true, needsReply: false, lastReplyAt: REPLIED_AT } : r,
      );
      return { reply: googleReply };
    }),
    handle.deleteGoogleReply(({ body: { reviewId } }) => {
      const review = data.reviews.find((r) => r.id === reviewId && r.source === 'google');
      if (!review?.reply) return reply.error(404, { message: 'Reply not found' });
      data.reviews = data.reviews.map((r) =>
        r.id === reviewId ? { ...r, reply: null, replied: false, lastReplyAt: null, needsReply: wantsReply(r) } : r,
      );
      return { deleted: true };
    }),
    // The composer asks for the client's reply templates; none unless a test installs some.
    handle.replyTemplates(() => ({ data: [] })),
    handle.editFbReply(({ body: { reviewId, commentId, message } }) => {
      const thread = data.comments[reviewId] ?? [];
      const old = thread.find((c) => c.id === commentId);
      if (!old) return reply.error(404, { message: 'Reply not found', field: 'body.commentId' });
      const comment: TFbComment = { ...old, message, authorName: 'Asha Rao' };
      data.comments[reviewId] = thread.map((c) => (c.id === commentId ? comment : c));
      return { comment };
    }),
    handle.deleteFbReply(({ body: { reviewId, commentId } }) => {
      const thread = data.comments[reviewId] ?? [];
      if (!thread.some((c) => c.id === commentId)) return reply.error(404, { message: 'Reply not found', field: 'body.commentId' });
      data.comments[reviewId] = thread.filter((c) => c.id !== commentId);
      return { deleted: true as const };
    }),
    handle.getLocations(() => ({ data: data.locations })),
    handle.syncFbReviews(({ body: { pageId } }) => {
      const page = data.pages.find((p) => p.id === pageId);
      if (!page) return reply.error(404, { message: 'Page not found' });
      const synced: TFbPage = { ...page, sync: { status: 'ok', lastSyncedAt: '2025-02-01T10:00:00.000Z', message: null } };
      data.pages = data.pages.map((p) => (p.id === pageId ? synced : p));
      return { page: synced, fetched: 3 };
    }),
  );
  return Object.assign(mock, { data });
}
