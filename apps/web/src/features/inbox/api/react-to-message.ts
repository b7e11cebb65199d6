/**
 * `POST /api/{channel}/pages/{pageId}/conversations/{conversationId}/messages/{messageId}/react`
 * (docs/requirements/calls.md) with `{reaction: '❤️'}`, or `{reaction: null}` to remove the page's
 * reaction → `{message}` with its new reactions.
 */
import { INBOX, ZReactResponse, type TInboxMessage } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { upsertMessage } from '../cache.ts';
import type { ConversationRef } from './keys.ts';

export interface ReactToMessageInput extends ConversationRef {
  messageId: string;
  /** An emoji, or null to remove the page's reaction. */
  reaction: string | null;
}

/** @throws {ApiError} per docs/requirements/errors.md (409 page not connected, 503 rate limited,
 *                    400 naming the field). */
export async function reactToMessage({ channel, pageId, conversationId, messageId, reaction }: ReactToMessageInput): Promise<TInboxMessage> {
  const { message } = await postJson(INBOX.react(channel, pageId, conversationId, messageId), { reaction }, ZReactResponse);
  return message;
}

export function useReactToMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactToMessage,
    onSuccess: (message) => {
      upsertMessage(queryClient, message);
    },
  });
}
