/**
 * Replies to Google reviews: `POST /api/review_testing/google/reply
 * {reviewId, comment, sendAnyway?}` → `{reply}` creates or replaces the review's one reply
 * (Google `updateReply`), and `POST /api/review_testing/google/delete-reply {reviewId}` deletes it
 * (`deleteReply`). A Google review's reply lives on the review in the feed, so both refetch the
 * lists (and the locations' unreplied counts) rather than patching a thread.
 *
 * Like Facebook replies, every composer submission sends an `Idempotency-Key` reused by its
 * retries, so a reply that landed before a lost answer is not sent again.
 */
import {
  API,
  type TGetReviewsResponse,
  type TReview,
  ZDeleteGoogleReplyRequest,
  ZDeleteGoogleReplyResponse,
  ZReplyGoogleReviewRequest,
  ZReplyGoogleReviewResponse,
  type TReplyGoogleReviewRequest,
} from '@dinedesk/contracts';
import { useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiError, postJson } from '../../../lib/api-client.ts';
import { OPEN_REVIEW_KEY, reviewKeys } from './keys.ts';

export interface GoogleReplyInput extends TReplyGoogleReviewRequest {
  idempotencyKey?: string;
}

/** The contract's refusal as the server would word it, without a round trip. */
function invalid(error: z.ZodError): Promise<never> {
  const issue = error.issues[0];
  const field = issue ? `body.${issue.path.join('.')}` : undefined;
  const message = issue?.message ?? 'Invalid request';
  return Promise.reject(new ApiError({ message, status: 400, body: { message, field }, field }));
}

/** @throws {ApiError} 400 for invalid input; 409/422/429/502/504 as the server words them
 *                    (docs/requirements/errors.md). */
export function replyGoogleReview({ idempotencyKey, ...input }: GoogleReplyInput) {
  const parsed = ZReplyGoogleReviewRequest.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  return postJson(API.replyGoogleReview, parsed.data, ZReplyGoogleReviewResponse, undefined, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined);
}

/** @throws {ApiError} as the server words it. */
export function deleteGoogleReply(input: { reviewId: string }) {
  const parsed = ZDeleteGoogleReplyRequest.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  return postJson(API.deleteGoogleReply, parsed.data, ZDeleteGoogleReplyResponse);
}

/**
 * Applies a change to the review wherever a loaded feed page holds it, so the open review shows
 * it at once, also when the refetch that follows drops it from a filtered list ("not replied").
 */
export function patchFeedReview(queryClient: QueryClient, reviewId: string, change: (r: TReview) => TReview): void {
  queryClient.setQueryData<TReview | null>(OPEN_REVIEW_KEY, (r) => (r && r.id === reviewId ? change(r) : r));
  queryClient.setQueriesData<InfiniteData<TGetReviewsResponse>>({ queryKey: reviewKeys.lists() }, (data) =>
    data && Array.isArray(data.pages) && data.pages.every((p) => Array.isArray(p?.data))
      ? { ...data, pages: data.pages.map((p) => ({ ...p, data: p.data.map((r) => (r.id === reviewId ? change(r) : r)) })) }
      : data,
  );
}

function useRefreshAfterReply() {
  const queryClient = useQueryClient();
  return {
    queryClient,
    refresh: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.locations() }),
      ]),
  };
}

export function useReplyGoogleReview() {
  const { queryClient, refresh } = useRefreshAfterReply();
  return useMutation({
    mutationFn: replyGoogleReview,
    onSuccess: ({ reply }, input) => {
      patchFeedReview(queryClient, input.reviewId, (r) => ({ ...r, reply, replied: true, needsReply: false, lastReplyAt: reply.updateTime, commentCount: Math.max(1, r.commentCount) }));
      return refresh();
    },
  });
}

export function useDeleteGoogleReply() {
  const { queryClient, refresh } = useRefreshAfterReply();
  return useMutation({
    mutationFn: deleteGoogleReply,
    onSuccess: (_result, input) => {
      // The server's rule (decision 0024): a review needs a reply when it has words or ≤ 3 stars.
      patchFeedReview(queryClient, input.reviewId, (r) => ({ ...r, reply: null, replied: false, lastReplyAt: null, commentCount: 0, needsReply: r.canReply && (r.text !== '' || (r.rating ?? 5) <= 3) }));
      return refresh();
    },
  });
}
