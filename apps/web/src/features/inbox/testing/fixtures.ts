/**
 * Inbox test data built from the contracts: every fixture is parsed with its zod schema, so a
 * test cannot drift from what the server may send.
 */
import {
  ZConversation,
  ZInboxMessage,
  ZInboxPage,
  type TConversation,
  type TInboxMessage,
  type TInboxPage,
} from '@dinedesk/contracts';

export function inboxPageFixture(overrides: Partial<TInboxPage> = {}): TInboxPage {
  return ZInboxPage.parse({
    id: '1001',
    channel: 'messenger',
    name: 'Paradise Biryani Gachibowli',
    username: null,
    facebookPageId: '1001',
    outletId: 'o-1',
    outletName: 'Paradise, Gachibowli',
    brandName: 'Paradise',
    unreadCount: 0,
    conversationCount: 0,
    connected: true,
    health: { status: 'ok', message: null },
    ...overrides,
  });
}

const HOUR = 3_600_000;

export function conversationFixture(overrides: Partial<TConversation> = {}): TConversation {
  const updatedTime = overrides.updatedTime ?? new Date(Date.now() - HOUR).toISOString();
  return ZConversation.parse({
    id: '7001',
    channel: 'messenger',
    pageId: '1001',
    guest: { id: 'psid-1', name: 'Ravi Kumar', username: null },
    snippet: 'Is the biryani spicy?',
    updatedTime,
    unreadCount: 0,
    messageCount: 1,
    window: {
      state: 'standard',
      endsAt: new Date(Date.parse(updatedTime) + 24 * HOUR).toISOString(),
      lastGuestMessageAt: updatedTime,
    },
    ...overrides,
  });
}

export function messageFixture(overrides: Partial<TInboxMessage> = {}): TInboxMessage {
  return ZInboxMessage.parse({
    id: '9001',
    mid: `m_${overrides.id ?? '9001'}`,
    conversationId: '7001',
    pageId: '1001',
    channel: 'messenger',
    direction: 'guest',
    text: 'Is the biryani spicy?',
    attachments: [],
    createdTime: new Date(Date.now() - HOUR).toISOString(),
    reactions: { page: null, guest: null },
    sentBy: null,
    humanAgentTag: false,
    ...overrides,
  });
}
