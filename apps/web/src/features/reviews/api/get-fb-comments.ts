/**
 * `GET /api/review_testing/get-fb-comments?pageId&reviewId` (docs/requirements/calls.md) → the
 * review's public thread. `source: 'cache'` means Facebook could not be reached and a stored copy
 * is shown.
 */
import { API, ZGetFbCommentsResponse, type TGetFbCommentsResponse } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

export interface ReviewRef {
  pageId: string;
  reviewId: string;
}

/** @throws {ApiError} with the server's message (400/500 bodies included,
 *                    docs/requirements/errors.md). */
export function getFbComments({ pageId, reviewId }: ReviewRef, signal?: AbortSignal): Promise<TGetFbCommentsResponse> {
  return getJson(API.fbComments, ZGetFbCommentsResponse, { pageId, reviewId }, signal);
}

export function fbCommentsQueryOptions(ref: ReviewRef) {
  return queryOptions({
    queryKey: reviewKeys.comments(ref.pageId, ref.reviewId),
    queryFn: ({ signal }) => getFbComments(ref, signal),
  });
}

export function useFbComments(ref: ReviewRef) {
  return useQuery(fbCommentsQueryOptions(ref));
}
