/**
 * `GET /api/{channel}/pages/{pageId}/conversations/{conversationId}/messages?cursor&limit`
 * (docs/requirements/calls.md) → `{data: TInboxMessage[], paging, conversation}`. Pages come newest
 * first; the next cursor gives *older* messages, which the thread loads when scrolled to the top.
 */
import { INBOX, ZMessagesResponse, type TMessagesResponse } from '@dinedesk/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { inboxKeys, type ConversationRef } from './keys.ts';

export const MESSAGES_PAGE_SIZE = 30;

export interface GetMessagesInput extends ConversationRef {
  cursor?: string | null | undefined;
  limit?: number;
}

/** @throws {ApiError} with the server's message (unknown conversation 404, invalid cursor 400;
 *                    docs/requirements/errors.md). */
export function getMessages(
  { channel, pageId, conversationId, cursor, limit = MESSAGES_PAGE_SIZE }: GetMessagesInput,
  signal?: AbortSignal,
): Promise<TMessagesResponse> {
  return getJson(INBOX.messages(channel, pageId, conversationId), ZMessagesResponse, { cursor, limit }, signal);
}

export function messagesInfiniteQueryOptions(ref: ConversationRef) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.messages(ref.channel, ref.pageId, ref.conversationId),
    queryFn: ({ pageParam, signal }) => getMessages({ ...ref, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.paging.nextCursor,
  });
}

/** Messages of one conversation, newest page first. */
export function useMessages(ref: ConversationRef) {
  return useInfiniteQuery(messagesInfiniteQueryOptions(ref));
}
