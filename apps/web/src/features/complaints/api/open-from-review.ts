/**
 * `POST /api/complaints/open-from-review {reviewId}` → `{complaint, created}`: a review becomes a
 * complaint, or answers the complaint it already belongs to (`created: false`).
 */
import { API, ZComplaintResponse, type TComplaintResponse } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { complaintKeys } from './keys.ts';

/** @throws {ApiError} 403 for viewers, 404 naming `body.reviewId`. */
export function openComplaintFromReview(reviewId: string): Promise<TComplaintResponse> {
  return postJson(API.complaintFromReview, { reviewId }, ZComplaintResponse);
}

export function useOpenComplaintFromReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openComplaintFromReview,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: complaintKeys.all }),
  });
}
