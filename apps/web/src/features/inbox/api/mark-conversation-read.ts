/**
 * `POST /api/{channel}/pages/{pageId}/conversations/{conversationId}/read` (no body) →
 * `{conversation}` with `unreadCount` 0. Called when a conversation with unread messages is
 * opened (read state); the answer updates the list and the page's unread badge. The
 * answer's schema is the contracts' `ZMarkReadResponse`, the one the server serialises with.
 */
import { INBOX, ZMarkReadResponse, type TConversation } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { upsertConversation } from '../cache.ts';
import type { ConversationRef } from './keys.ts';

/** @throws {ApiError} per docs/requirements/errors.md (unknown conversation 404). */
export async function markConversationRead({ channel, pageId, conversationId }: ConversationRef): Promise<TConversation> {
  const { conversation } = await postJson(INBOX.read(channel, pageId, conversationId), undefined, ZMarkReadResponse);
  return conversation;
}

export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markConversationRead,
    onSuccess: (conversation) => upsertConversation(queryClient, conversation),
  });
}
