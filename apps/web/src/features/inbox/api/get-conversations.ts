/**
 * `GET /api/{channel}/pages/{pageId}/conversations?cursor&limit` (docs/requirements/calls.md) →
 * `{data: TConversation[], paging: {nextCursor}}`, most recently updated first, keyset paging.
 */
import { INBOX, ZConversationsResponse, type TChannel, type TConversationsResponse } from '@dinedesk/contracts';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { inboxKeys } from './keys.ts';

export const CONVERSATIONS_PAGE_SIZE = 25;

export interface GetConversationsInput {
  channel: TChannel;
  pageId: string;
  cursor?: string | null | undefined;
  limit?: number;
}

/** @throws {ApiError} with the server's message (unknown page 404, invalid cursor 400;
 *                    docs/requirements/errors.md). */
export function getConversations(
  { channel, pageId, cursor, limit = CONVERSATIONS_PAGE_SIZE }: GetConversationsInput,
  signal?: AbortSignal,
): Promise<TConversationsResponse> {
  return getJson(INBOX.conversations(channel, pageId), ZConversationsResponse, { cursor, limit }, signal);
}

export function conversationsInfiniteQueryOptions(channel: TChannel, pageId: string) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.conversations(channel, pageId),
    queryFn: ({ pageParam, signal }) => getConversations({ channel, pageId, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.paging.nextCursor,
  });
}

/** Conversations of one page, newest first, page by page; idle until `pageId` is known. */
export function useConversations(channel: TChannel, pageId: string | null) {
  return useInfiniteQuery({ ...conversationsInfiniteQueryOptions(channel, pageId ?? ''), enabled: pageId !== null });
}
