/**
 * `GET /api/review_testing/get-fb-reviews?pageId&rating&recommendation&replied&q&cursor&limit`
 * (spec §7) → `{data, paging:{nextCursor}}`, newest first, keyset paging: the next page is
 * asked for with the previous answer's `nextCursor`.
 */
import { API, ZGetFbReviewsResponse, type TGetFbReviewsResponse, type ZGetFbReviewsQuery } from '@dinedesk/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

type ReviewsQuery = z.output<typeof ZGetFbReviewsQuery>;

/** The filters of the list (all optional; absent means "any"). */
export type ReviewFilters = Pick<ReviewsQuery, 'pageId' | 'rating' | 'recommendation' | 'replied' | 'q'>;

export const REVIEWS_PAGE_SIZE = 20;

export interface GetFbReviewsInput {
  filters: ReviewFilters;
  cursor?: string | null | undefined;
  limit?: number;
}

/** @throws {ApiError} with the server's message (e.g. an invalid cursor, spec §8). */
export function getFbReviews(
  { filters, cursor, limit = REVIEWS_PAGE_SIZE }: GetFbReviewsInput,
  signal?: AbortSignal,
): Promise<TGetFbReviewsResponse> {
  return getJson(API.fbReviews, ZGetFbReviewsResponse, { ...filters, cursor, limit }, signal);
}

export function fbReviewsInfiniteQueryOptions(filters: ReviewFilters) {
  return infiniteQueryOptions({
    queryKey: reviewKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getFbReviews({ filters, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.paging.nextCursor,
  });
}

export function useFbReviews(filters: ReviewFilters) {
  return useInfiniteQuery(fbReviewsInfiniteQueryOptions(filters));
}
