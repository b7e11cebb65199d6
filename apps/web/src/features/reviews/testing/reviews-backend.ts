/**
 * An in-memory stand-in for the review_testing API, for the screen's tests: it filters, pages
 * by cursor, stores replies, and records every request. Its handlers are the contract handlers
 * (testing/contract-handlers.ts), so every answer is checked against the contracts' schemas.
 */
import type { TFbComment, TFbPage, TFbReview, TGetFbCommentsResponse } from '@dinedesk/contracts';
import { mockApi, type ApiMock } from '../../../testing/api-server.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';

export interface ReviewsBackendData {
  pages: TFbPage[];
  reviews: TFbReview[];
  comments?: Record<string, TFbComment[]>;
  commentsSource?: TGetFbCommentsResponse['source'];
}

export interface ReviewsBackend extends ApiMock {
  data: Required<ReviewsBackendData>;
}

function matches(review: TFbReview, query: URLSearchParams): boolean {
  const pageId = query.get('pageId');
  const rating = query.get('rating');
  const recommendation = query.get('recommendation');
  const replied = query.get('replied');
  const q = query.get('q')?.toLowerCase();
  if (pageId && review.pageId !== pageId) return false;
  if (rating && review.rating !== Number(rating)) return false;
  if (recommendation && review.recommendationType !== recommendation) return false;
  if (replied && String(review.replied) !== replied) return false;
  if (q && !`${review.reviewer.name} ${review.text}`.toLowerCase().includes(q)) return false;
  return true;
}

/** Installs the fake review_testing API over `initial` for the running test. */
export function reviewsBackend(initial: ReviewsBackendData): ReviewsBackend {
  const data: Required<ReviewsBackendData> = { comments: {}, commentsSource: 'graph', ...initial };
  let nextCommentId = 1;
  const mock = mockApi(
    handle.fbPages(() => ({ data: data.pages })),
    handle.fbReviews(({ query }) => {
      const limit = Number(query.get('limit') ?? 20);
      // The cursor here is simply the offset, base64url-free digits (valid per ZCursor).
      const offset = Number(query.get('cursor') ?? 0);
      const all = data.reviews.filter((r) => matches(r, query));
      const page = all.slice(offset, offset + limit);
      const nextCursor = offset + limit < all.length ? String(offset + limit) : null;
      return { data: page, paging: { nextCursor } };
    }),
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
        createdTime: '2025-02-01T10:00:00.000Z',
        isPageReply: true,
        authorName: 'Asha Rao',
      };
      data.comments[reviewId] = [...(data.comments[reviewId] ?? []), comment];
      data.reviews = data.reviews.map((r) => (r.id === reviewId ? { ...r, replied: true } : r));
      return { comment };
    }),
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
