/**
 * Filter and selection state of the reviews screen, kept in the URL search params so a
 * reload, a shared link or the back button restores it (style.md: "list state lives in the
 * URL"). Param names are the API's (`pageId`, `rating`, `recommendation`, `replied`, `q`) plus
 * `review` for the open review. Values that do not pass the contract's query schema are
 * ignored rather than sent to the server.
 */
import { ZGetFbReviewsQuery } from '@dinedesk/contracts';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import type { ReviewFilters } from '../api/get-fb-reviews.ts';

export const FILTER_PARAMS = ['pageId', 'rating', 'recommendation', 'replied', 'q'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];
export const REVIEW_PARAM = 'review';

const shape = ZGetFbReviewsQuery.shape;

function parsed<S extends z.ZodType>(schema: S, raw: string | null): z.output<S> | undefined {
  if (raw === null || raw === '') return undefined;
  const result = schema.safeParse(raw);
  return result.success ? result.data : undefined;
}

/** Reads the filters from URL params; invalid or empty values are left out. */
export function parseReviewFilters(params: URLSearchParams): ReviewFilters {
  const filters: ReviewFilters = {};
  const pageId = parsed(shape.pageId, params.get('pageId'));
  const rating = parsed(shape.rating, params.get('rating'));
  const recommendation = parsed(shape.recommendation, params.get('recommendation'));
  const replied = parsed(shape.replied, params.get('replied'));
  const q = parsed(shape.q, params.get('q'));
  if (pageId) filters.pageId = pageId;
  if (rating !== undefined) filters.rating = rating;
  if (recommendation) filters.recommendation = recommendation;
  if (replied) filters.replied = replied;
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
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => parseReviewFilters(params), [params]);
  const selectedReviewId = params.get(REVIEW_PARAM) || null;

  const setFilters = useCallback<ReviewFiltersState['setFilters']>(
    (changes, options) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === undefined || value === '') next.delete(key);
            else next.set(key, value);
          }
          // The open review may not be in the new result; closing it avoids a stale panel.
          next.delete(REVIEW_PARAM);
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setParams],
  );

  const clearFilters = useCallback(() => {
    setFilters(Object.fromEntries(FILTER_PARAMS.map((key) => [key, null])));
  }, [setFilters]);

  const selectReview = useCallback(
    (reviewId: string | null) => {
      setParams((current) => {
        const next = new URLSearchParams(current);
        if (reviewId) next.set(REVIEW_PARAM, reviewId);
        else next.delete(REVIEW_PARAM);
        return next;
      });
    },
    [setParams],
  );

  return { filters, selectedReviewId, setFilters, clearFilters, selectReview };
}
