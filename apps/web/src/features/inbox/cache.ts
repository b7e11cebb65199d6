/**
 * Writes to the inbox's query cache, shared by the mutations (send, react, read) and by the
 * socket events (docs/requirements/code-layout.md#rules-of-thumb, rule 4: socket events update the
 * query cache). Every write is an idempotent upsert keyed by id, because the same message arrives
 * twice by design: once in the sender's POST answer and once as a socket event (and again in a
 * replay after a reconnect).
 *
 * Cached lists are infinite queries: conversations newest-updated first, messages newest first
 * (each page as the server sent it). An item is moved or inserted where its time puts it; an
 * item older than everything loaded is left for paging to bring, unless the list is complete.
 */
import type {
  TChannel,
  TConversation,
  TConversationsResponse,
  TInboxMessage,
  TInboxPagesResponse,
  TMessagesResponse,
} from '@dinedesk/contracts';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { inboxKeys } from './api/keys.ts';

type Paged<R> = InfiniteData<R, string | null>;
type ConversationsCache = Paged<TConversationsResponse>;
type MessagesCache = Paged<TMessagesResponse>;

const time = (iso: string): number => Date.parse(iso);

/**
 * `items` of every page without `id`, then `item` inserted before the first item older than it
 * (lists are newest first). Returns null when the item belongs after the loaded items and more
 * pages exist: the next page will bring it.
 */
function placeNewestFirst<T extends { id: string }>(
  pages: readonly (readonly T[])[],
  item: T,
  timeOf: (value: T) => number,
  hasMore: boolean,
): T[][] | null {
  const without = pages.map((page) => page.filter((value) => value.id !== item.id));
  const at = timeOf(item);
  for (const page of without) {
    const index = page.findIndex((value) => timeOf(value) < at || (timeOf(value) === at && value.id < item.id));
    if (index !== -1) {
      page.splice(index, 0, item);
      return without;
    }
  }
  if (hasMore) return null;
  if (without.length === 0) return null;
  without[without.length - 1]!.push(item);
  return without;
}

function findIn<T extends { id: string }>(pages: readonly { data: readonly T[] }[] | undefined, id: string): T | undefined {
  for (const page of pages ?? []) {
    const found = page.data.find((value) => value.id === id);
    if (found) return found;
  }
  return undefined;
}

/** The cached conversation, from its page's list or from an open thread's answer. */
export function findConversation(
  queryClient: QueryClient,
  channel: TChannel,
  pageId: string,
  conversationId: string,
): TConversation | undefined {
  const list = queryClient.getQueryData<ConversationsCache>(inboxKeys.conversations(channel, pageId));
  return (
    findIn(list?.pages, conversationId) ??
    queryClient.getQueryData<MessagesCache>(inboxKeys.messages(channel, pageId, conversationId))?.pages[0]?.conversation
  );
}

/** Whether the message is in its conversation's cached thread. */
export function hasMessage(queryClient: QueryClient, message: TInboxMessage): boolean {
  const thread = queryClient.getQueryData<MessagesCache>(
    inboxKeys.messages(message.channel, message.pageId, message.conversationId),
  );
  return findIn(thread?.pages, message.id) !== undefined;
}

/**
 * Adds `delta` to a page's unread count in the pages list. When the change is unknown (a
 * conversation that was never cached), the list is refetched instead.
 */
export function adjustPageUnread(queryClient: QueryClient, channel: TChannel, pageId: string, delta: number | null): void {
  if (delta === 0) return;
  if (delta === null) {
    void queryClient.invalidateQueries({ queryKey: inboxKeys.pages(channel) });
    return;
  }
  queryClient.setQueryData<TInboxPagesResponse>(inboxKeys.pages(channel), (pages) =>
    pages
      ? { data: pages.data.map((p) => (p.id === pageId ? { ...p, unreadCount: Math.max(0, p.unreadCount + delta) } : p)) }
      : pages,
  );
}

/**
 * Puts the server's view of a conversation everywhere it is cached: its page's list (moved to
 * where its `updatedTime` puts it), the open thread's header, and the page's unread count.
 */
export function upsertConversation(queryClient: QueryClient, conversation: TConversation): void {
  const { channel, pageId, id } = conversation;
  const before = findConversation(queryClient, channel, pageId, id);

  queryClient.setQueryData<ConversationsCache>(inboxKeys.conversations(channel, pageId), (list) => {
    if (!list) return list;
    const hasMore = list.pages.at(-1)?.paging.nextCursor != null;
    const placed = placeNewestFirst(
      list.pages.map((page) => page.data),
      conversation,
      (c) => time(c.updatedTime),
      hasMore,
    );
    // Older than everything loaded: drop any stale copy and let paging bring it.
    const data = placed ?? list.pages.map((page) => page.data.filter((c) => c.id !== id));
    return { ...list, pages: list.pages.map((page, index) => ({ ...page, data: data[index] ?? [] })) };
  });
  queryClient.setQueryData<MessagesCache>(inboxKeys.messages(channel, pageId, id), (thread) =>
    thread ? { ...thread, pages: thread.pages.map((page) => ({ ...page, conversation })) } : thread,
  );
  adjustPageUnread(queryClient, channel, pageId, before ? conversation.unreadCount - before.unreadCount : null);
}

/**
 * Inserts or replaces a message in its conversation's cached thread (by id).
 * @returns whether the message was new to the cache.
 */
export function upsertMessage(queryClient: QueryClient, message: TInboxMessage): boolean {
  let added = false;
  queryClient.setQueryData<MessagesCache>(
    inboxKeys.messages(message.channel, message.pageId, message.conversationId),
    (thread) => {
      if (!thread) return thread;
      if (findIn(thread.pages, message.id)) {
        return {
          ...thread,
          pages: thread.pages.map((page) => ({ ...page, data: page.data.map((m) => (m.id === message.id ? message : m)) })),
        };
      }
      const hasMore = thread.pages.at(-1)?.paging.nextCursor != null;
      const placed = placeNewestFirst(
        thread.pages.map((page) => page.data),
        message,
        (m) => time(m.createdTime),
        hasMore,
      );
      if (!placed) return thread;
      added = true;
      return { ...thread, pages: thread.pages.map((page, index) => ({ ...page, data: placed[index] ?? [] })) };
    },
  );
  return added;
}

/** The list snippet the server derives from a message (inbox.service: text, else `[type]`). */
export function snippetOf(message: TInboxMessage): string {
  return message.text ?? (message.attachments[0] ? `[${message.attachments[0].type}]` : '');
}

/**
 * A new message of a conversation, before the server's `conversation` event about it: moves
 * the conversation to the top with the message as snippet and, for a guest message, one more
 * unread. The `conversation` event that follows replaces these guesses with the server's values.
 */
export function noteNewMessage(queryClient: QueryClient, message: TInboxMessage): void {
  const { channel, pageId, conversationId } = message;
  const current = findConversation(queryClient, channel, pageId, conversationId);
  const fromGuest = message.direction === 'guest';
  if (!current) {
    // Not cached: the following `conversation` event inserts it; the page count moves now.
    if (fromGuest) adjustPageUnread(queryClient, channel, pageId, 1);
    return;
  }
  // Already reflected (the sender's POST answer came first) or an older message surfacing late.
  if (time(current.updatedTime) >= time(message.createdTime)) return;
  upsertConversation(queryClient, {
    ...current,
    snippet: snippetOf(message),
    updatedTime: message.createdTime,
    unreadCount: current.unreadCount + (fromGuest ? 1 : 0),
    messageCount: current.messageCount + 1,
  });
}

/** A `read` event by the page (another user, another tab): nothing is unread any more. */
export function markReadLocally(queryClient: QueryClient, channel: TChannel, pageId: string, conversationId: string): void {
  const current = findConversation(queryClient, channel, pageId, conversationId);
  if (current && current.unreadCount > 0) upsertConversation(queryClient, { ...current, unreadCount: 0 });
}
