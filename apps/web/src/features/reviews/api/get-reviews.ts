/**
 * `POST /api/review_testing/get_reviews/get-reviews` (docs/requirements/calls.md) → `{data,
 * paging:{nextCursor}}`: the one feed of reviews from every source (Facebook, Google) of the
 * outlets the user may see, newest first, keyset paging (the next page is asked for with the
 * previous `nextCursor`).
 */
import { API, ZGetReviewsResponse, type TGetReviewsResponse, type TGetReviewsRequest } from '@dinedesk/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

/** The feed's filters (all optional; absent means "any"). */
export type ReviewFilters = Omit<TGetReviewsRequest, 'cursor' | 'limit'>;

export const REVIEWS_PAGE_SIZE = 20;

/** @throws {ApiError} with the server's message (an invalid cursor, an outlet the user cannot see;
 *                    docs/requirements/errors.md). */
export function getReviews(filters: ReviewFilters, cursor: string | null | undefined, signal?: AbortSignal, limit = REVIEWS_PAGE_SIZE): Promise<TGetReviewsResponse> {
  return postJson(API.getReviews, { ...filters, ...(cursor ? { cursor } : {}), limit }, ZGetReviewsResponse, signal);
}

export function reviewsInfiniteQueryOptions(filters: ReviewFilters) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.feed(filters),
    queryFn: ({ pageParam, signal }) => getReviews(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.paging.nextCursor,
  });
}

export function useReviews(filters: ReviewFilters) {
  return useInfiniteQuery(reviewsInfiniteQueryOptions(filters));
}
