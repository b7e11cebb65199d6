/**
 * `POST /api/complaints/flag-conversation {channel, pageId, conversationId}` → `{complaint,
 * created}` (docs/decisions/0026): a teammate flags the open conversation as a
 * complaint. It joins the guest's complaint from a review of the same name at the outlet when
 * there is one (`created: false`), and a conversation already in an unresolved complaint answers
 * that complaint (`created: false` too).
 */
import { API, ZComplaintResponse, type TComplaintResponse } from '@dinedesk/contracts';
import { useMutation } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import type { ConversationRef } from './keys.ts';

/** @throws {ApiError} 403 for viewers, 404 naming `body.conversationId`. */
export function flagConversation({ channel, pageId, conversationId }: ConversationRef): Promise<TComplaintResponse> {
  return postJson(API.complaintFlagConversation, { channel, pageId, conversationId }, ZComplaintResponse);
}

export function useFlagConversation() {
  return useMutation({ mutationFn: flagConversation });
}
