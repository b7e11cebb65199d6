/**
 * Shared set-up of the inbox screen tests: a realistic data set, the fake backend, the fake
 * socket, and a wide (desktop) or narrow (phone) viewport.
 */
import type { TAbilityRule, TConversation, TInboxEvent, TInboxMessage } from '@dinedesk/contracts';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { PATHS } from '../../../lib/paths.ts';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { InboxPage } from '../components/inbox-page.tsx';
import type { FakeSocket } from './fake-socket.ts';
import { conversationFixture, inboxPageFixture, messageFixture } from './fixtures.ts';
import { inboxBackend, type InboxBackend, type InboxBackendData } from './inbox-backend.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

export const paradise = inboxPageFixture({ id: '1001', unreadCount: 3, conversationCount: 3 });
export const bawarchi = inboxPageFixture({
  id: '1002',
  name: 'Bawarchi RTC',
  facebookPageId: '1002',
  outletId: 'o-2',
  outletName: 'Bawarchi, RTC X Roads',
  brandName: 'Bawarchi',
});
export const paradiseInstagram = inboxPageFixture({
  id: '17841400000000001',
  channel: 'instagram',
  name: 'Paradise Biryani',
  username: 'paradisebiryani',
  unreadCount: 1,
});

export const ravi = conversationFixture({ id: '7001', unreadCount: 2, updatedTime: ago(HOUR), messageCount: 2 });
export const meena = conversationFixture({
  id: '7002',
  guest: { id: 'psid-2', name: 'Meena Iyer', username: null },
  snippet: 'Do you deliver to Kondapur?',
  updatedTime: ago(2 * HOUR),
  unreadCount: 1,
});
export const oldTimer = conversationFixture({
  id: '7003',
  guest: { id: 'psid-3', name: 'Old Timer', username: null },
  snippet: 'Thanks!',
  updatedTime: ago(3 * 24 * HOUR),
  unreadCount: 0,
  window: { state: 'human_agent', endsAt: fromNow(4 * 24 * HOUR), lastGuestMessageAt: ago(3 * 24 * HOUR) },
});
export const instaGuest = conversationFixture({
  id: '7101',
  channel: 'instagram',
  pageId: paradiseInstagram.id,
  guest: { id: 'igsid-1', name: 'Kiran', username: 'kiran.eats' },
  snippet: 'Love the haleem',
  updatedTime: ago(30 * MINUTE),
  unreadCount: 1,
});

export const raviWelcome = messageFixture({ id: '9000', direction: 'page', text: 'Welcome to Paradise!', createdTime: ago(HOUR + 10 * MINUTE), sentBy: 'Asha Rao' });
export const raviQuestion = messageFixture({ id: '9001', text: 'Is the biryani spicy?', createdTime: ago(HOUR) });
export const meenaQuestion = messageFixture({ id: '9101', conversationId: '7002', text: 'Do you deliver to Kondapur?', createdTime: ago(2 * HOUR) });
export const oldTimerThanks = messageFixture({ id: '9201', conversationId: '7003', text: 'Thanks!', createdTime: ago(3 * 24 * HOUR) });
export const kiranLove = messageFixture({
  id: '9301',
  conversationId: '7101',
  channel: 'instagram',
  pageId: paradiseInstagram.id,
  text: 'Love the haleem',
  createdTime: ago(30 * MINUTE),
});

export function defaultData(): InboxBackendData {
  return {
    messengerPages: [paradise, bawarchi],
    instagramPages: [paradiseInstagram],
    conversations: [ravi, meena, oldTimer, instaGuest],
    messages: [raviWelcome, raviQuestion, meenaQuestion, oldTimerThanks, kiranLove],
  };
}

/** Makes MUI's `up('md')` media query match (desktop layout); jsdom has no matchMedia. */
export function stubWideScreen(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }));
}

export interface RenderInboxOptions {
  search?: string;
  rules?: TAbilityRule[];
  data?: InboxBackendData;
  wide?: boolean;
}

export function renderInbox({ search = '', rules = OWNER_RULES, data = defaultData(), wide = true }: RenderInboxOptions = {}) {
  if (wide) stubWideScreen();
  signInAs({ ability: rules });
  const backend: InboxBackend = inboxBackend(data);
  const view = renderWithProviders(<InboxPage />, { path: `${PATHS.inbox}${search}`, rules });
  return { backend, ...view, user: userEvent.setup() };
}

/** The conversation ids in list order. */
export async function conversationIds(): Promise<string[]> {
  const items = await screen.findAllByTestId('conversation-item');
  return items.map((item) => item.getAttribute('data-conversation-id') ?? '');
}

export function messageIds(): string[] {
  const thread = screen.getByTestId('thread');
  return within(thread)
    .queryAllByTestId('message-item')
    .map((item) => item.getAttribute('data-message-id') ?? '');
}

/** Pushes a server event through the fake socket, inside act(). */
export function pushEvent(socket: FakeSocket, event: TInboxEvent): void {
  act(() => socket.serverEmit('inbox:event', event));
}

let nextEventId = 100;
export function messageEvent(message: TInboxMessage, eventId = nextEventId++): TInboxEvent {
  return { type: 'message', eventId, pageId: message.pageId, channel: message.channel, conversationId: message.conversationId, message };
}
export function conversationEvent(conversation: TConversation, eventId = nextEventId++): TInboxEvent {
  return { type: 'conversation', eventId, pageId: conversation.pageId, channel: conversation.channel, conversationId: conversation.id, conversation };
}
