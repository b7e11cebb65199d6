/**
 * Filter and selection state of the reviews screen, kept in the URL search params so a
 * reload, a shared link or the back button restores it
 * (docs/requirements/code-layout.md#list-state-lives-in-the-url). Params: `brandId`, `outletId`,
 * `source` (facebook|google), `rating` (stars, a comma list such as `1,2`), `replied` (true|false),
 * `needsReply` (true), `from`/`to` (days), `sentiment`, `q`, plus `review` for the open review.
 * Values that do not pass the contract's schema are ignored rather than sent to the server.
 */
import { ZGetReviewsRequest } from '@dinedesk/contracts';
import { useCallback, useMemo } from 'react';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';
import type { z } from 'zod';
import type { ReviewFilters } from '../api/get-reviews.ts';

export const FILTER_PARAMS = ['brandId', 'outletId', 'source', 'rating', 'replied', 'needsReply', 'from', 'to', 'sentiment', 'q'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];
export const REVIEW_PARAM = 'review';

// Each field alone (the whole-object refinement, from ≤ to, is applied in parseReviewFilters).
const shape = ZGetReviewsRequest.shape;

function parsed<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  const result = schema.safeParse(raw);
  return result.success ? result.data : undefined;
}

const bool = (raw: string | null) => (raw === 'true' ? true : raw === 'false' ? false : undefined);

/** Reads the filters from URL params; invalid or empty values are left out. */
export function parseReviewFilters(params: URLSearchParams): ReviewFilters {
  const filters: ReviewFilters = {};
  const brandId = parsed(shape.brandId, params.get('brandId'));
  const outletId = parsed(shape.outletId, params.get('outletId'));
  const source = parsed(shape.source, params.get('source'));
  const rawRating = params.get('rating');
  const ratings = rawRating ? parsed(shape.ratings, [...new Set(rawRating.split(',').map(Number))].sort()) : undefined;
  const replied = parsed(shape.replied, bool(params.get('replied')));
  const needsReply = params.get('needsReply') === 'true' ? true : undefined;
  const from = parsed(shape.from, params.get('from'));
  const to = parsed(shape.to, params.get('to'));
  const sentiment = parsed(shape.sentiment, params.get('sentiment'));
  const q = parsed(shape.q, params.get('q'));
  if (brandId) filters.brandId = brandId;
  if (outletId) filters.outletId = outletId;
  if (source) filters.source = source;
  if (ratings?.length) filters.ratings = ratings;
  if (replied !== undefined) filters.replied = replied;
  if (needsReply) filters.needsReply = true;
  // A range the wrong way round would be refused by the server: keep only its start.
  if (from) filters.from = from;
  if (to && (!from || from <= to)) filters.to = to;
  if (sentiment) filters.sentiment = sentiment;
  if (q) filters.q = q;
  return filters;
}

export interface ReviewFiltersState {
  filters: ReviewFilters;
  selectedReviewId: string | null;
  /** Sets (or, with '' / null, removes) filter params; closes the open review. */
  setFilters: (changes: Partial<Record<FilterParam, string | null>>, options?: { replace?: boolean }) => void;
  clearFilters: () => void;
  selectReview: (reviewId: string | null) => void;
}

export function useReviewFilters(): ReviewFiltersState {
  const [params, update] = useUrlParams();
  const filters = useMemo(() => parseReviewFilters(params), [params]);
  const selectedReviewId = params.get(REVIEW_PARAM) || null;

  const setFilters = useCallback<ReviewFiltersState['setFilters']>(
    (changes, options) => {
      update((next) => {
        applyParams(next, changes);
        // The open review may not be in the new result; closing it avoids a stale panel.
        next.delete(REVIEW_PARAM);
      }, options);
    },
    [update],
  );

  const clearFilters = useCallback(() => {
    setFilters(Object.fromEntries(FILTER_PARAMS.map((key) => [key, null])));
  }, [setFilters]);

  const selectReview = useCallback((reviewId: string | null) => update((next) => applyParams(next, { [REVIEW_PARAM]: reviewId })), [update]);

  return { filters, selectedReviewId, setFilters, clearFilters, selectReview };
}
