/**
 * An in-memory stand-in for the review_testing API, for the screen's tests: it filters,
 * pages by cursor, stores replies, and records every request (through mockFetch), so tests
 * drive the screen as a user would and check what was sent.
 */
import {
  API,
  ZGetFbCommentsResponse,
  ZGetFbPagesResponse,
  ZGetFbReviewsResponse,
  ZReplyFbReviewResponse,
  ZSyncFbReviewsResponse,
  type TFbComment,
  type TFbPage,
  type TFbReview,
  type TGetFbCommentsResponse,
} from '@dinedesk/contracts';
import { json, mockFetch, type FetchMock } from '../../../testing/fetch-mock.ts';

export interface ReviewsBackendData {
  pages: TFbPage[];
  reviews: TFbReview[];
  comments?: Record<string, TFbComment[]>;
  commentsSource?: TGetFbCommentsResponse['source'];
}

export interface ReviewsBackend extends FetchMock {
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

export function reviewsBackend(initial: ReviewsBackendData): ReviewsBackend {
  const data: Required<ReviewsBackendData> = { comments: {}, commentsSource: 'graph', ...initial };
  let nextCommentId = 1;
  const mock = mockFetch({
    [`GET ${API.fbPages}`]: () => json(ZGetFbPagesResponse.parse({ data: data.pages })),
    [`GET ${API.fbReviews}`]: ({ query }) => {
      const limit = Number(query.get('limit') ?? 20);
      // The cursor here is simply the offset, base64url-free digits (valid per ZCursor).
      const offset = Number(query.get('cursor') ?? 0);
      const all = data.reviews.filter((r) => matches(r, query));
      const page = all.slice(offset, offset + limit);
      const nextCursor = offset + limit < all.length ? String(offset + limit) : null;
      return json(ZGetFbReviewsResponse.parse({ data: page, paging: { nextCursor } }));
    },
    [`GET ${API.fbComments}`]: ({ query }) => {
      const reviewId = query.get('reviewId') ?? '';
      return json(
        ZGetFbCommentsResponse.parse({
          data: data.comments[reviewId] ?? [],
          source: data.commentsSource,
          notice: data.commentsSource === 'cache' ? 'Facebook is unreachable; showing the stored thread.' : null,
        }),
      );
    },
    [`POST ${API.replyFbReview}`]: ({ body }) => {
      const { reviewId, message } = body as { reviewId: string; message: string };
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
      return json(ZReplyFbReviewResponse.parse({ comment }));
    },
    [`POST ${API.syncFbReviews}`]: ({ body }) => {
      const { pageId } = body as { pageId: string };
      const page = data.pages.find((p) => p.id === pageId);
      if (!page) return json({ message: 'Page not found' }, 404);
      const synced: TFbPage = { ...page, sync: { status: 'ok', lastSyncedAt: '2025-02-01T10:00:00.000Z', message: null } };
      data.pages = data.pages.map((p) => (p.id === pageId ? synced : p));
      return json(ZSyncFbReviewsResponse.parse({ page: synced, fetched: 3 }));
    },
  });
  return Object.assign(mock, { data });
}
