/**
 * `POST /api/review_testing/get_reviews/kpis` → `TReviewKpis`: count, average rating, response
 * rate, median time to the first reply, reviews needing a reply, a trend and the same per
 * outlet, of the reviews the list's filters select (docs/decisions/0024).
 */
import { API, ZReviewKpis, type TReviewKpis } from '@dinedesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import type { ReviewFilters } from './get-reviews.ts';
import { reviewKeys } from './keys.ts';

/** @throws {ApiError} as the server words it (docs/requirements/errors.md). */
export function getReviewKpis(filters: ReviewFilters, signal?: AbortSignal): Promise<TReviewKpis> {
  return postJson(API.reviewKpis, filters, ZReviewKpis, signal);
}

/** The KPIs of `filters`; the previous figures stay while new filters load (no jumping cards). */
export function useReviewKpis(filters: ReviewFilters) {
  return useQuery({ queryKey: reviewKeys.kpis(filters), queryFn: ({ signal }) => getReviewKpis(filters, signal), placeholderData: keepPreviousData });
}
