/**
 * Query keys of the inbox. Everything sits under `['inbox']`, so a failed replay after a
 * reconnect can refetch the whole inbox with one prefix (docs/requirements/calls.md realtime).
 */
import type { TChannel } from '@dinedesk/contracts';

export const inboxKeys = {
  all: ['inbox'] as const,
  pages: (channel: TChannel) => [...inboxKeys.all, 'pages', channel] as const,
  conversationLists: () => [...inboxKeys.all, 'conversations'] as const,
  conversations: (channel: TChannel, pageId: string) => [...inboxKeys.conversationLists(), channel, pageId] as const,
  messageLists: () => [...inboxKeys.all, 'messages'] as const,
  messages: (channel: TChannel, pageId: string, conversationId: string) =>
    [...inboxKeys.messageLists(), channel, pageId, conversationId] as const,
  /** When the guest last read the conversation (socket `read` events by the guest only). */
  guestRead: (channel: TChannel, pageId: string, conversationId: string) =>
    [...inboxKeys.all, 'guest-read', channel, pageId, conversationId] as const,
  /** Up to when the guest's app received the page's messages (socket `delivery` events). */
  guestDelivered: (channel: TChannel, pageId: string, conversationId: string) =>
    [...inboxKeys.all, 'guest-delivered', channel, pageId, conversationId] as const,
};

/** The three ids every conversation call needs. */
export interface ConversationRef {
  channel: TChannel;
  pageId: string;
  conversationId: string;
}
