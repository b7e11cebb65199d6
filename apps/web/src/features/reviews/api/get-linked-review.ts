/**
 * One review by id, for a link to a review the loaded list does not hold (a mention's
 * link to an older review, `?review=<id>`): the feed call with `reviewId` and `limit: 1`
 * (`POST /api/review_testing/get_reviews/get-reviews`), which answers it only if the user may see
 * it. Used by the review detail (a lazy chunk, so the Reviews screen's first paint does not carry
 * it). The review found is pinned as the open review (`OPEN_REVIEW_KEY`), where replies update
 * it, as a listed one is.
 */
import { ZReviewId, type TReview } from '@dinedesk/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getReviews } from './get-reviews.ts';
import { OPEN_REVIEW_KEY, reviewKeys } from './keys.ts';

/** @throws {ApiError} as the server words it (an id it refuses is not asked for). */
export function getLinkedReview(reviewId: string, signal?: AbortSignal): Promise<TReview | null> {
  return getReviews({ reviewId }, null, signal, 1).then((answer) => answer.data[0] ?? null);
}

export interface LinkedReview {
  review: TReview | null;
  loading: boolean;
  /** The server did not return it (gone, or an outlet the user does not see), or the id is no review id. */
  notFound: boolean;
  error: unknown;
}

/** The review `reviewId` when `enabled` (the list has loaded without it), else nothing. */
export function useLinkedReview(reviewId: string | null, enabled: boolean): LinkedReview {
  const queryClient = useQueryClient();
  const valid = reviewId !== null && ZReviewId.safeParse(reviewId).success;
  const active = enabled && valid;
  const query = useQuery({
    queryKey: reviewKeys.linked(reviewId ?? ''),
    queryFn: ({ signal }) => getLinkedReview(reviewId ?? '', signal),
    enabled: active,
  });
  const review = active ? (query.data ?? null) : null;
  useEffect(() => {
    if (review) queryClient.setQueryData(OPEN_REVIEW_KEY, review);
  }, [review, queryClient]);
  return {
    review,
    loading: active && query.isPending,
    notFound: enabled && reviewId !== null && (!valid || (query.isSuccess && query.data === null)),
    error: active && query.isError ? query.error : null,
  };
}
