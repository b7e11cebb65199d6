/**
 * The signed-in user's mentions (docs/requirements/calls.md), in the session's client:
 *
 * - `POST /api/review/mention-notifications {view, cursor?, limit}` → `{data, paging,
 *   unreadCount}`, newest first. The bell's badge asks for one unread item only for its
 *   `unreadCount`; its list asks for the `inbox` view (unread and read) page by page.
 * - `POST /api/review/mentions/status {ids | allUnread: true, status}` → `{updated, unreadCount}`:
 *   read, unread or archived. The answer's count goes straight to the badge; the loaded list is
 *   patched at once (archived items leave it) and then refetched.
 */
import {
  API,
  ZMentionNotificationsResponse,
  ZMentionStatusResponse,
  type TMentionNotificationsResponse,
  type TMentionStatus,
  type TMentionStatusRequest,
  type TMentionStatusResponse,
} from '@dinedesk/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { commentKeys } from './keys.ts';

/** Mentions per page of the bell's list. */
export const MENTIONS_PAGE_SIZE = 20;

type Inbox = InfiniteData<TMentionNotificationsResponse, string | null>;

/** @throws {ApiError} 400 naming `body.cursor` */
export function getMentionNotifications(
  view: 'inbox' | 'unread' | 'archived',
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<TMentionNotificationsResponse> {
  return postJson(API.mentionNotifications, { view, ...(cursor ? { cursor } : {}), limit }, ZMentionNotificationsResponse, signal);
}

/** The number of unread mentions (the badge); `enabled` false for users without the reviews module. */
export function useMentionUnreadCount(enabled = true) {
  return useQuery({
    queryKey: commentKeys.unreadCount(),
    queryFn: ({ signal }) => getMentionNotifications('unread', null, 1, signal).then((answer) => answer.unreadCount),
    enabled,
  });
}

export function mentionInboxQueryOptions() {
  return infiniteQueryOptions({
    queryKey: commentKeys.inbox(),
    queryFn: ({ pageParam, signal }) => getMentionNotifications('inbox', pageParam, MENTIONS_PAGE_SIZE, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.paging.nextCursor,
  });
}

/** The bell's list, loaded when the popover opens. */
export function useMentionInbox() {
  return useInfiniteQuery(mentionInboxQueryOptions());
}

/** @throws {ApiError} 400 naming `ids` (neither or both of `ids` and `allUnread`) */
export function setMentionStatus(input: TMentionStatusRequest): Promise<TMentionStatusResponse> {
  return postJson(API.mentionStatus, input, ZMentionStatusResponse);
}

/** Applies a status change to the loaded list: archived items leave the inbox view. */
export function patchInbox(queryClient: QueryClient, input: TMentionStatusRequest): void {
  const hit = (id: string, status: TMentionStatus) => (input.ids ? input.ids.includes(id) : status === 'unread');
  queryClient.setQueryData<Inbox>(commentKeys.inbox(), (inbox) =>
    inbox
      ? {
          ...inbox,
          pages: inbox.pages.map((page) => ({
            ...page,
            data: page.data
              .map((n) => (hit(n.id, n.status) ? { ...n, status: input.status } : n))
              .filter((n) => n.status !== 'archived'),
          })),
        }
      : inbox,
  );
}

export function useSetMentionStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMentionStatus,
    onSuccess: async (answer, input) => {
      queryClient.setQueryData(commentKeys.unreadCount(), answer.unreadCount);
      patchInbox(queryClient, input);
      await queryClient.invalidateQueries({ queryKey: commentKeys.inbox() });
    },
  });
}
