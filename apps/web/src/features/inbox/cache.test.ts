import type { TConversationsResponse, TInboxPagesResponse, TMessagesResponse } from '@dinedesk/contracts';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { inboxKeys } from './api/keys.ts';
import { noteNewMessage, upsertConversation, upsertMessage } from './cache.ts';
import { conversationFixture, inboxPageFixture, messageFixture } from './testing/fixtures.ts';

const at = (minute: number) => new Date(Date.UTC(2025, 2, 10, 12, minute)).toISOString();
type Paged<R> = InfiniteData<R, string | null>;

function seed(nextCursor: string | null = null) {
  const queryClient = new QueryClient();
  const conversations = [
    conversationFixture({ id: '1', updatedTime: at(30), unreadCount: 2 }),
    conversationFixture({ id: '2', updatedTime: at(20), unreadCount: 0 }),
    conversationFixture({ id: '3', updatedTime: at(10), unreadCount: 1 }),
  ];
  queryClient.setQueryData<Paged<TConversationsResponse>>(inboxKeys.conversations('messenger', '1001'), {
    pages: [
      { data: conversations.slice(0, 2), paging: { nextCursor: 'p2' } },
      { data: conversations.slice(2), paging: { nextCursor } },
    ],
    pageParams: [null, 'p2'],
  });
  queryClient.setQueryData<TInboxPagesResponse>(inboxKeys.pages('messenger'), {
    data: [inboxPageFixture({ id: '1001', unreadCount: 3 })],
  });
  const messages = [messageFixture({ id: '11', createdTime: at(30) }), messageFixture({ id: '10', createdTime: at(20) })];
  queryClient.setQueryData<Paged<TMessagesResponse>>(inboxKeys.messages('messenger', '1001', '7001'), {
    pages: [{ data: messages, paging: { nextCursor: null }, conversation: conversationFixture({ id: '7001' }) }],
    pageParams: [null],
  });
  return { queryClient, conversations };
}

const listIds = (qc: QueryClient) =>
  qc
    .getQueryData<Paged<TConversationsResponse>>(inboxKeys.conversations('messenger', '1001'))!
    .pages.map((p) => p.data.map((c) => c.id));
const pageUnread = (qc: QueryClient) => qc.getQueryData<TInboxPagesResponse>(inboxKeys.pages('messenger'))!.data[0]!.unreadCount;
const threadIds = (qc: QueryClient) =>
  qc
    .getQueryData<Paged<TMessagesResponse>>(inboxKeys.messages('messenger', '1001', '7001'))!
    .pages.flatMap((p) => p.data.map((m) => m.id));

describe('inbox cache writes', () => {
  it('moves an updated conversation to where its time puts it and follows its unread count', () => {
    const { queryClient, conversations } = seed();
    upsertConversation(queryClient, { ...conversations[2]!, updatedTime: at(40), unreadCount: 4 });
    expect(listIds(queryClient)).toEqual([['3', '1', '2'], []]);
    expect(pageUnread(queryClient)).toBe(6); // 3 + (4 − 1)
  });

  it('leaves an old conversation beyond the loaded pages for paging to bring', () => {
    const { queryClient } = seed('p3');
    upsertConversation(queryClient, conversationFixture({ id: '99', updatedTime: at(1) }));
    expect(listIds(queryClient)).toEqual([['1', '2'], ['3']]);
  });

  it('inserts a new message once, newest first, and replaces it in place when it comes again', () => {
    const { queryClient } = seed();
    const message = messageFixture({ id: '12', createdTime: at(40), text: 'new' });
    expect(upsertMessage(queryClient, message)).toBe(true);
    expect(upsertMessage(queryClient, { ...message, reactions: { page: '❤️', guest: null } })).toBe(false);
    expect(threadIds(queryClient)).toEqual(['12', '11', '10']);
  });

  it('counts a new guest message as unread once, and not a message already reflected', () => {
    const { queryClient, conversations } = seed();
    const message = messageFixture({ id: '50', conversationId: '2', createdTime: at(45), text: 'hi' });
    noteNewMessage(queryClient, message);
    expect(listIds(queryClient)[0]).toEqual(['2', '1']);
    noteNewMessage(queryClient, message); // the same message again: already reflected
    const two = queryClient
      .getQueryData<Paged<TConversationsResponse>>(inboxKeys.conversations('messenger', '1001'))!
      .pages[0]!.data[0]!;
    expect(two).toMatchObject({ id: '2', snippet: 'hi', unreadCount: conversations[1]!.unreadCount + 1 });
    expect(pageUnread(queryClient)).toBe(4);
  });
});
