/**
 * `POST /api/{channel}/pages/{pageId}/conversations/{conversationId}/messages`
 * (docs/requirements/calls.md) with `{text}` or `{imageUrl}` (exactly one per request) and an
 * `Idempotency-Key` header → `{message, conversation}`.
 *
 * The key identifies one user send: the caller generates it once and passes the same key when
 * it retries that send (after a network error, say), so the server posts it at most once
 * (docs/requirements/quality-goals.md#reliability). Server refusals: 409 with a message (reply
 * window closed, guest unavailable, page token invalid, key still in progress), 503 when Meta
 * rate-limits the page, 400 naming the field.
 */
import {
  INBOX,
  ZSendMessageRequest,
  ZSendMessageResponse,
  type TSendMessageResponse,
} from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client.ts';
import { upsertConversation, upsertMessage } from '../cache.ts';
import type { ConversationRef } from './keys.ts';

/** One request's content: a text or an image URL, never both (the server sends one Send API call each). */
export type SendPart = { text: string } | { imageUrl: string };

export interface SendMessageInput extends ConversationRef {
  part: SendPart;
  /** The same key for every attempt of the same send. */
  idempotencyKey: string;
}

/** Shared with the review reply composer (lib/idempotency-key.ts). */
export { newIdempotencyKey } from '../../../lib/idempotency-key.ts';

function invalid(message: string, field: string): ApiError {
  return new ApiError({ message, status: 400, body: { message, field }, field });
}

/**
 * Validates the part with the contract first (same rules and messages as the server), so an
 * empty, oversized or non-http(s) input is refused without a round trip.
 * @throws {ApiError} status 400 for invalid input; per docs/requirements/errors.md for server
 *                    refusals (409, 503…).
 */
export function sendMessage({ channel, pageId, conversationId, part, idempotencyKey }: SendMessageInput): Promise<TSendMessageResponse> {
  const parsed = ZSendMessageRequest.safeParse(part);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return Promise.reject(invalid(issue?.message ?? 'Invalid message', `body.${issue?.path.join('.') ?? 'text'}`));
  }
  return postJson(INBOX.messages(channel, pageId, conversationId), parsed.data, ZSendMessageResponse, undefined, {
    'Idempotency-Key': idempotencyKey,
  });
}

/** The send mutation; its answer goes straight into the thread and the conversation list. */
export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: ({ message, conversation }) => {
      upsertMessage(queryClient, message);
      upsertConversation(queryClient, conversation);
    },
  });
}
