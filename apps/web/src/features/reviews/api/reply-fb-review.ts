/**
 * `POST /reply-fb-review {pageId, reviewId, message}` (docs/requirements/calls.md) → `{comment}`: a
 * public reply of the page on the review.
 *
 * Sends an `Idempotency-Key` per composer submission: a retry after a network error
 * or a timeout answers the first reply instead of posting a second one.
 *
 * On success the new comment is appended to the cached thread at once (not refetched: Graph
 * may not list it yet), and the lists and pages are invalidated because `replied` and the
 * unreplied counts changed.
 */
import {
  API,
  ZDeleteFbReplyRequest,
  ZEditFbReplyRequest,
  type TEditFbReplyRequest,
  ZReplyFbReviewRequest,
  ZReplyFbReviewResponse,
  type TGetFbCommentsResponse,
  type TReplyFbReviewRequest,
  type TReplyFbReviewResponse,
} from '@dinedesk/contracts';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, postJson } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

/**
 * A reply and the `Idempotency-Key` of the composer submission it belongs to: the same key for
 * every retry of that submission, so the server posts it at most once.
 */
export interface ReplyInput extends TReplyFbReviewRequest {
  idempotencyKey?: string;
}

/**
 * Validates the input with the contract first, so an empty or oversized message is refused
 * without a round trip (same rule and message as the server's).
 * @throws {ApiError} status 400 for invalid input; per docs/requirements/errors.md for server
 *                    refusals.
 */
export function replyFbReview({ idempotencyKey, ...input }: ReplyInput): Promise<TReplyFbReviewResponse> {
  const parsed = ZReplyFbReviewRequest.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? `body.${issue.path.join('.')}` : undefined;
    const message = issue?.message ?? 'Invalid reply';
    return Promise.reject(new ApiError({ message, status: 400, body: { message, field }, field }));
  }
  return postJson(API.replyFbReview, parsed.data, ZReplyFbReviewResponse, undefined, idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : undefined);
}

/** Puts the page's new reply at the end of the cached thread. */
export function appendReplyToThread(
  queryClient: QueryClient,
  input: TReplyFbReviewRequest,
  result: TReplyFbReviewResponse,
): void {
  queryClient.setQueryData<TGetFbCommentsResponse>(reviewKeys.comments(input.pageId, input.reviewId), (thread) =>
    thread
      ? { ...thread, data: [...thread.data.filter((c) => c.id !== result.comment.id), result.comment] }
      : { data: [result.comment], source: 'graph', notice: null },
  );
}

export function useReplyFbReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyFbReview,
    onSuccess: async (result, input) => {
      appendReplyToThread(queryClient, input, result);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.pages() }),
      ]);
    },
  });
}

export interface EditReplyInput extends TEditFbReplyRequest {
  idempotencyKey?: string;
}

/**
 * `POST /api/review_testing/edit-fb-reply` → `{comment}`: new words for one of the page's replies.
 * @throws {ApiError} 400 for invalid input; the server's refusals otherwise (reply check 422…)
 */
export function editFbReply({ idempotencyKey: _key, ...input }: EditReplyInput): Promise<TReplyFbReviewResponse> {
  const parsed = ZEditFbReplyRequest.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? `body.${issue.path.join('.')}` : undefined;
    const message = issue?.message ?? 'Invalid reply';
    return Promise.reject(new ApiError({ message, status: 400, body: { message, field }, field }));
  }
  return postJson(API.editFbReply, parsed.data, ZReplyFbReviewResponse);
}

/** `POST /api/review_testing/delete-fb-reply` → `{deleted: true}`. */
export function deleteFbReply(input: { pageId: string; reviewId: string; commentId: string }): Promise<unknown> {
  return postJson(API.deleteFbReply, ZDeleteFbReplyRequest.parse(input), z.object({ deleted: z.literal(true) }));
}

export function useEditFbReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editFbReply,
    onSuccess: async (result, input) => {
      queryClient.setQueryData<TGetFbCommentsResponse>(reviewKeys.comments(input.pageId, input.reviewId), (thread) =>
        thread ? { ...thread, data: thread.data.map((c) => (c.id === result.comment.id ? result.comment : c)) } : thread,
      );
      await queryClient.invalidateQueries({ queryKey: reviewKeys.lists() });
    },
  });
}

export function useDeleteFbReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFbReply,
    onSuccess: async (_result, input) => {
      queryClient.setQueryData<TGetFbCommentsResponse>(reviewKeys.comments(input.pageId, input.reviewId), (thread) =>
        thread ? { ...thread, data: thread.data.filter((c) => c.id !== input.commentId) } : thread,
      );
      await Promise.all([queryClient.invalidateQueries({ queryKey: reviewKeys.lists() }), queryClient.invalidateQueries({ queryKey: reviewKeys.pages() })]);
    },
  });
}
