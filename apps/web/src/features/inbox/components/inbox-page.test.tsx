import { INBOX } from '@dinedesk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../../lib/socket.ts';
import { READ_ONLY_RULES } from '../../../testing/fixtures.ts';
import { FakeSocket } from '../testing/fake-socket.ts';
import { messageFixture } from '../testing/fixtures.ts';
import {
  ago,
  bawarchi,
  conversationEvent,
  conversationIds,
  defaultData,
  fromNow,
  kiranLove,
  meena,
  messageEvent,
  messageIds,
  paradise,
  paradiseInstagram,
  pushEvent,
  ravi,
  raviQuestion,
  renderInbox,
} from '../testing/setup.tsx';

// The shared socket is replaced by a fake the test drives as the server.
const socketRef = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../../lib/socket.ts', () => ({
  getSocket: () => Promise.resolve(socketRef.current as AppSocket),
  currentSocket: () => socketRef.current as AppSocket,
  closeSocket: () => {},
}));

let socket: FakeSocket;
beforeEach(() => {
  socket = new FakeSocket();
  socketRef.current = socket;
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const raviMessagesPath = INBOX.messages('messenger', '1001', '7001');
const search = (location: { current: { search: string } | null }) => Object.fromEntries(new URLSearchParams(location.current?.search));

/** Finds text inside the open thread (the list shows snippets of the same text). */
const findInThread = async (text: string | RegExp) => within(await screen.findByTestId('thread')).findByText(text);

async function openRavi() {
  const view = renderInbox({ search: '?channel=messenger&page=1001&conversation=7001' });
  await screen.findByText('Welcome to Paradise!');
  return view;
}

describe('InboxPage: pages and conversations', () => {
  it('lists the pages with unread counts and the first page’s conversations, most recent first', async () => {
    const { backend, location } = renderInbox();

    expect(await conversationIds()).toEqual(['7001', '7002', '7003']);
    // No page in the URL: the first one is chosen, replacing the URL.
    await waitFor(() => expect(search(location)).toEqual({ channel: 'messenger', page: '1001' }));

    const select = screen.getByTestId('inbox-page-select');
    const options = within(select).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual([
      'Paradise Biryani Gachibowli · Paradise, Gachibowli · 3 unread',
      'Bawarchi RTC · Bawarchi, RTC X Roads',
    ]);
    expect(screen.getByTestId('inbox-channel-messenger')).toHaveAccessibleName('Messenger, 3 unread');
    expect(screen.getByTestId('inbox-channel-instagram')).toHaveAccessibleName('Instagram, 1 unread');

    const first = screen.getAllByTestId('conversation-item')[0]!;
    expect(first).toHaveTextContent('Ravi Kumar');
    expect(first).toHaveTextContent('Is the biryani spicy?');
    expect(first).toHaveTextContent('1 hr. ago');
    expect(within(first).getByTestId('conversation-unread')).toHaveTextContent('2');
    expect(within(first).getByText('RK')).toBeInTheDocument();
    expect(within(screen.getAllByTestId('conversation-item')[2]!).queryByTestId('conversation-unread')).toBeNull();

    expect(backend.callsTo(INBOX.conversations('messenger', '1001'))[0]?.query.get('limit')).toBe('25');
    expect(screen.getByTestId('inbox-no-selection')).toBeInTheDocument();
  });

  it('keeps channel, page and conversation in the URL', async () => {
    const { location, user, backend } = renderInbox({ search: '?channel=instagram&page=17841400000000001&conversation=7101' });

    // A reload with the params restores the selection.
    expect(await findInThread('Love the haleem')).toBeInTheDocument();
    expect(screen.getByTestId('inbox-channel-instagram')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByTestId('inbox-page-select')).toHaveValue(paradiseInstagram.id);
    expect(within(screen.getByTestId('thread')).getByRole('heading', { level: 2 })).toHaveTextContent('Kiran@kiran.eats');
    expect(backend.callsTo(INBOX.messages('instagram', paradiseInstagram.id, '7101'))).toHaveLength(1);

    await user.click(screen.getByTestId('inbox-channel-messenger'));
    await waitFor(() => expect(search(location)).toEqual({ channel: 'messenger', page: '1001' }));
    expect(await conversationIds()).toEqual(['7001', '7002', '7003']);

    await user.click(screen.getAllByTestId('conversation-item')[1]!);
    expect(search(location)).toEqual({ channel: 'messenger', page: '1001', conversation: '7002' });
    expect(screen.getAllByTestId('conversation-item')[1]).toHaveAttribute('aria-current', 'true');

    await user.selectOptions(screen.getByTestId('inbox-page-select'), bawarchi.id);
    expect(search(location)).toEqual({ channel: 'messenger', page: '1002' });
    expect(await screen.findByTestId('inbox-no-conversations')).toHaveTextContent('No conversations on this page yet');
  });

  it('says when Facebook throttles a page or refused its token, and a dead token stops sending', async () => {
    const throttled = { ...bawarchi, health: { status: 'rate_limited' as const, message: 'Facebook is rate-limiting this page (error 32: Page request limit reached). DineDesk resumes by itself at 10:05 UTC.' } };
    const dead = { ...paradise, health: { status: 'token_invalid' as const, message: null } };
    renderInbox({ search: '?channel=messenger&page=1001&conversation=7001', data: { ...defaultData(), messengerPages: [dead, throttled] } });
    expect(await screen.findByTestId('inbox-page-health')).toHaveTextContent('Facebook rejected this page\'s access token: conversations are not updated and replies cannot be sent until the page is reconnected.');
    const options = within(screen.getByTestId('inbox-page-select')).getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Paradise Biryani Gachibowli · Paradise, Gachibowli · 3 unread · reconnect needed', 'Bawarchi RTC · Bawarchi, RTC X Roads · rate-limited by Facebook']);
    expect(await screen.findByTestId('composer-disabled')).toHaveTextContent('This page is not connected. Reconnect it to reply.');
  });

  it('shows the server’s words for a throttled page', async () => {
    const throttled = { ...paradise, health: { status: 'rate_limited' as const, message: 'Facebook is rate-limiting this page (error 32). DineDesk resumes by itself at 10:05 UTC.' } };
    renderInbox({ data: { ...defaultData(), messengerPages: [throttled, bawarchi] } });
    expect(await screen.findByTestId('inbox-page-health')).toHaveTextContent('Facebook is rate-limiting this page (error 32). DineDesk resumes by itself at 10:05 UTC.');
  });

  it('shows empty states when no page is connected', async () => {
    renderInbox({ data: { ...defaultData(), messengerPages: [] } });
    expect(await screen.findByTestId('inbox-no-pages')).toHaveTextContent('No Facebook Pages are connected');
  });

  it('loads more conversations with the cursor', async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      ({ ...ravi, id: String(8000 + i), unreadCount: 0, updatedTime: ago((i + 1) * 60_000) }),
    );
    const { backend, user } = renderInbox({ data: { ...defaultData(), conversations: many } });
    expect(await screen.findAllByTestId('conversation-item')).toHaveLength(25);
    await user.click(screen.getByRole('button', { name: 'Load more conversations' }));
    await waitFor(() => expect(screen.getAllByTestId('conversation-item')).toHaveLength(30));
    expect(backend.callsTo(INBOX.conversations('messenger', '1001')).at(-1)?.query.get('cursor')).toBe('25');
  });

  it('marks a conversation with unread messages read when it is opened (and not a read one)', async () => {
    const { backend, user } = renderInbox();
    await conversationIds();

    await user.click(screen.getAllByTestId('conversation-item')[2]!); // Old Timer: nothing unread
    await findInThread('Thanks!');
    expect(backend.callsTo(INBOX.read('messenger', '1001', '7003'))).toHaveLength(0);

    await user.click(screen.getAllByTestId('conversation-item')[0]!); // Ravi: 2 unread
    await waitFor(() => expect(backend.callsTo(INBOX.read('messenger', '1001', '7001'), 'POST')).toHaveLength(1));
    const raviItem = screen.getAllByTestId('conversation-item')[0]!;
    await waitFor(() => expect(within(raviItem).queryByTestId('conversation-unread')).toBeNull());
    // The page's unread count follows (3 − 2).
    expect(within(screen.getByTestId('inbox-page-select')).getAllByRole('option')[0]).toHaveTextContent('1 unread');
    expect(backend.callsTo(INBOX.read('messenger', '1001', '7001'))).toHaveLength(1);
  });
});

describe('InboxPage: the thread', () => {
  it('renders messages oldest to newest and loads older pages with the cursor', async () => {
    const messages = Array.from({ length: 35 }, (_, i) =>
      messageFixture({ id: String(5000 + i), text: `Message ${i}`, createdTime: ago((35 - i) * 60_000) }),
    );
    const { backend, user } = renderInbox({
      search: '?channel=messenger&page=1001&conversation=7001',
      data: { ...defaultData(), messages },
    });
    await screen.findByText('Message 34');

    // The newest 30, oldest at the top.
    expect(messageIds()).toEqual(messages.slice(5).map((m) => m.id));
    expect(backend.callsTo(raviMessagesPath)[0]?.query.has('cursor')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Load older messages' }));
    await waitFor(() => expect(messageIds()).toHaveLength(35));
    expect(messageIds()).toEqual(messages.map((m) => m.id));
    expect(backend.callsTo(raviMessagesPath).at(-1)?.query.get('cursor')).toBe('30');
    expect(screen.queryByRole('button', { name: 'Load older messages' })).toBeNull();
    expect(screen.getByText('Start of the conversation')).toBeInTheDocument();
  });

  it('shows guest and page bubbles, images, reactions and who sent a message', async () => {
    const image = messageFixture({
      id: '9002',
      text: null,
      attachments: [{ type: 'image', url: 'https://cdn.example/biryani.jpg' }],
      createdTime: ago(50 * 60_000),
      reactions: { page: '❤️', guest: null },
    });
    await renderAndOpen({ ...defaultData(), messages: [...defaultData().messages, image] });

    const items = within(screen.getByTestId('thread')).getAllByTestId('message-item');
    expect(items.map((i) => i.getAttribute('data-direction'))).toEqual(['page', 'guest', 'guest']);
    expect(items[0]).toHaveTextContent('sent by Asha Rao');
    expect(within(items[2]!).getByRole('img', { name: 'Image sent in the conversation' })).toHaveAttribute(
      'src',
      'https://cdn.example/biryani.jpg',
    );
    const reaction = within(items[2]!).getByTestId('message-reaction');
    expect(reaction).toHaveAttribute('data-by', 'page');
    expect(reaction).toHaveTextContent('❤️');
    // Only guest messages can be reacted to.
    expect(within(items[0]!).queryByTestId('message-react')).toBeNull();
    expect(within(items[1]!).getByTestId('message-react')).toBeInTheDocument();
  });

  async function renderAndOpen(data = defaultData()) {
    const view = renderInbox({ search: '?channel=messenger&page=1001&conversation=7001', data });
    await screen.findByText('Welcome to Paradise!');
    return view;
  }

  it('reacts to a guest message and removes the reaction', async () => {
    const { backend, user } = await openRavi();
    const reactPath = INBOX.react('messenger', '1001', '7001', raviQuestion.id);
    const question = () => within(screen.getByTestId('thread')).getAllByTestId('message-item')[1]!;

    await user.click(within(question()).getByTestId('message-react'));
    const options = await screen.findAllByTestId('reaction-option');
    expect(options.map((o) => o.getAttribute('data-reaction'))).toEqual(['❤️', '😂', '😮', '😢', '😡', '👍']);
    expect(screen.queryByRole('button', { name: 'Remove reaction' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'React with laughing face' }));

    await waitFor(() => expect(within(question()).getByTestId('message-reaction')).toHaveTextContent('😂'));
    expect(backend.callsTo(reactPath, 'POST')[0]?.body).toEqual({ reaction: '😂' });

    await user.click(within(question()).getByTestId('message-react'));
    expect(screen.getByRole('button', { name: 'React with laughing face' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Remove reaction' }));
    await waitFor(() => expect(within(question()).queryByTestId('message-reaction')).toBeNull());
    expect(backend.callsTo(reactPath, 'POST')[1]?.body).toEqual({ reaction: null });
  });

  it('shows the reply window and disables the composer when it is closed', async () => {
    const closed = { ...ravi, window: { state: 'closed' as const, endsAt: null, lastGuestMessageAt: ago(8 * 24 * 3_600_000) } };
    renderInbox({
      search: '?channel=messenger&page=1001&conversation=7001',
      data: { ...defaultData(), conversations: [closed, meena] },
    });
    await screen.findByText('Welcome to Paradise!');

    expect(screen.getByTestId('window-status')).toHaveTextContent('Reply window closed');
    expect(screen.getByTestId('composer-disabled')).toHaveTextContent(
      "Meta allows replies only within 7 days of the guest's last message.",
    );
    expect(screen.getByTestId('composer-input')).toBeDisabled();
    expect(screen.getByTestId('composer-image-url')).toBeDisabled();
    expect(screen.getByTestId('composer-send')).toBeDisabled();
  });

  it('counts the standard window down in the header', async () => {
    const open = { ...ravi, window: { state: 'standard' as const, endsAt: fromNow((5 * 60 + 12) * 60_000 + 30_000), lastGuestMessageAt: ago(60_000) } };
    renderInbox({ search: '?channel=messenger&page=1001&conversation=7001', data: { ...defaultData(), conversations: [open] } });
    expect(await screen.findByTestId('window-status')).toHaveTextContent('Standard reply window: 5 h 12 min left');
    expect(screen.getByTestId('window-status')).toHaveAttribute('data-state', 'standard');
  });

  it('hides the composer and the react button from users who may not send', async () => {
    renderInbox({ search: '?channel=messenger&page=1001&conversation=7001', rules: [...READ_ONLY_RULES, { action: 'read', subject: 'Conversation' }] });
    await screen.findByText('Welcome to Paradise!');
    expect(screen.queryByTestId('composer-input')).toBeNull();
    expect(screen.queryByTestId('message-react')).toBeNull();
    expect(screen.getByText('You can read this conversation, but your role may not send messages.')).toBeInTheDocument();
  });

  it('is two screens on a phone, with a back button', async () => {
    const { user, location } = renderInbox({ wide: false });
    await user.click((await screen.findAllByTestId('conversation-item'))[1]!);
    expect(await screen.findByTestId('thread')).toBeInTheDocument();
    expect(screen.queryByTestId('conversation-item')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(await screen.findAllByTestId('conversation-item')).toHaveLength(3);
    expect(search(location)).toEqual({ channel: 'messenger', page: '1001' });
  });
});

describe('InboxPage: sending', () => {
  it('sends with an Idempotency-Key and shows the message once when the socket event also arrives', async () => {
    const { backend, user } = await openRavi();

    await user.type(screen.getByTestId('composer-input'), 'Mildly spicy.{Shift>}{Enter}{/Shift}We can make it milder.');
    await user.keyboard('{Enter}');

    await findInThread(/Mildly spicy\./);
    const posts = backend.callsTo(raviMessagesPath, 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]?.body).toEqual({ text: 'Mildly spicy.\nWe can make it milder.' });
    expect(posts[0]?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(posts[0]?.headers.get('Authorization')).toBe('Bearer test-token');
    expect(screen.getByTestId('composer-input')).toHaveValue('');

    // The same message comes back over the socket: still one bubble.
    const sent = [...backend.sentByKey.values()][0]!;
    const replayed = messageEvent(sent.message);
    pushEvent(socket, replayed);
    pushEvent(socket, conversationEvent(sent.conversation));
    // The cache notifies on the next tick: wait until the event has surely been rendered.
    await waitFor(() => expect(screen.getAllByTestId('conversation-item')[0]).toHaveTextContent('Mildly spicy.'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(messageIds().filter((id) => id === sent.message.id)).toHaveLength(1);
    expect(messageIds()).toHaveLength(3);
  });

  it('sends an image and a text as two requests, image first, each with its own key', async () => {
    const { backend, user } = await openRavi();
    await user.type(screen.getByTestId('composer-image-url'), 'https://cdn.example/menu.jpg');
    await user.type(screen.getByTestId('composer-input'), 'Here is the menu');
    await user.click(screen.getByTestId('composer-send'));

    await findInThread('Here is the menu');
    const posts = backend.callsTo(raviMessagesPath, 'POST');
    expect(posts.map((p) => p.body)).toEqual([{ imageUrl: 'https://cdn.example/menu.jpg' }, { text: 'Here is the menu' }]);
    const [imageKey, textKey] = posts.map((p) => p.headers.get('Idempotency-Key'));
    expect(imageKey).toMatch(UUID);
    expect(textKey).toMatch(UUID);
    expect(imageKey).not.toBe(textKey);
    expect(screen.getByTestId('composer-image-url')).toHaveValue('');
  });

  it('reuses the Idempotency-Key when a send that failed on the network is retried', async () => {
    const { backend, user } = await openRavi();
    backend.failNext(`POST ${raviMessagesPath}`, 'network');

    await user.type(screen.getByTestId('composer-input'), 'On our way!{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the DineDesk server');
    expect(screen.getByTestId('composer-input')).toHaveValue('On our way!');

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await findInThread('On our way!');

    const keys = backend.sendKeys();
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    // A new message afterwards is a new send with a new key.
    await user.type(screen.getByTestId('composer-input'), 'See you soon{Enter}');
    await findInThread('See you soon');
    expect(backend.sendKeys()[2]).not.toBe(keys[0]);
  });

  it('shows the server’s message when a send is refused (409)', async () => {
    const { backend, user } = await openRavi();
    const refusal = 'This guest isn’t available right now (they may have blocked the page or turned off messages).';
    backend.failNext(`POST ${raviMessagesPath}`, { status: 409, body: { message: refusal, code: 'graph_551' } });

    await user.type(screen.getByTestId('composer-input'), 'Hello?{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    // Not a transient failure: no retry offered.
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(messageIds()).toHaveLength(2);
  });
});

describe('InboxPage: live updates', () => {
  it('moves a conversation with a new guest message to the top with one more unread', async () => {
    renderInbox({ search: '?channel=messenger&page=1001&conversation=7001' });
    expect(await conversationIds()).toEqual(['7001', '7002', '7003']);
    act(() => socket.serverConnect());

    const message = messageFixture({ id: '9500', conversationId: '7002', text: 'Also, are you open on Sunday?', createdTime: ago(0) });
    pushEvent(socket, messageEvent(message));

    await waitFor(async () => expect(await conversationIds()).toEqual(['7002', '7001', '7003']));
    const top = screen.getAllByTestId('conversation-item')[0]!;
    expect(top).toHaveTextContent('Also, are you open on Sunday?');
    expect(within(top).getByTestId('conversation-unread')).toHaveTextContent(String(meena.unreadCount + 1));
    // The open thread (Ravi) is untouched.
    expect(messageIds()).toEqual(['9000', '9001']);
  });

  it('shows a guest message of the open conversation in the thread', async () => {
    await openRavi();
    const message = messageFixture({ id: '9501', text: 'And do you have raita?', createdTime: ago(0) });
    pushEvent(socket, messageEvent(message));
    pushEvent(socket, messageEvent(message)); // delivered twice: shown once
    await waitFor(() => expect(messageIds()).toEqual(['9000', '9001', '9501']));
  });

  it('shows "Reconnecting…" while the socket is down', async () => {
    await openRavi();
    act(() => socket.serverConnect());
    expect(screen.getByTestId('socket-status')).toHaveTextContent('Live');
    act(() => socket.serverDisconnect());
    expect(screen.getByTestId('socket-status')).toHaveTextContent('Reconnecting…');
    socket.onReplay = (_payload, ack) => ack({ events: [], complete: true });
    act(() => socket.serverConnect());
    expect(screen.getByTestId('socket-status')).toHaveTextContent('Live');
  });

  it('replays the events missed during a disconnect, in order, batch after batch', async () => {
    const { backend } = await openRavi();
    act(() => socket.serverConnect());
    pushEvent(socket, conversationEvent({ ...meena }, 40));
    act(() => socket.serverDisconnect());

    const missed = messageFixture({ id: '9600', conversationId: '7002', text: 'Hello again', createdTime: ago(5_000) });
    const batches = [
      {
        events: [
          messageEvent(missed, 41),
          conversationEvent({ ...meena, snippet: 'Hello again', updatedTime: missed.createdTime, unreadCount: 5 }, 42),
        ],
        complete: false,
      },
      // Then one more message, and another user read it: the later events must win.
      {
        events: [
          conversationEvent({ ...meena, snippet: 'Hello again', updatedTime: missed.createdTime, unreadCount: 6 }, 43),
          conversationEvent({ ...meena, snippet: 'Hello again', updatedTime: missed.createdTime, unreadCount: 0 }, 44),
        ],
        complete: true,
      },
    ];
    socket.onReplay = (_payload, ack) => ack(batches.shift());
    const fetchesBefore = backend.calls.length;
    act(() => socket.serverConnect());

    await waitFor(() => expect(socket.emittedNamed('inbox:replay')).toEqual([{ afterEventId: 40 }, { afterEventId: 42 }]));
    await waitFor(async () => expect(await conversationIds()).toEqual(['7002', '7001', '7003']));
    const top = screen.getAllByTestId('conversation-item')[0]!;
    expect(top).toHaveTextContent('Hello again');
    expect(within(top).queryByTestId('conversation-unread')).toBeNull();
    // Replayed, not refetched.
    expect(backend.calls.slice(fetchesBefore).filter((c) => c.method === 'GET')).toHaveLength(0);
  });

  it('refetches the inbox when the replay fails', async () => {
    const { backend } = await openRavi();
    act(() => socket.serverConnect());
    pushEvent(socket, conversationEvent(meena, 50));
    act(() => socket.serverDisconnect());
    backend.data.conversations = backend.data.conversations.map((c) =>
      c.id === '7003' ? { ...c, snippet: 'Changed while away', updatedTime: ago(0) } : c,
    );
    socket.onReplay = (_payload, ack) => ack({ error: 'Token has expired' });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    act(() => socket.serverConnect());

    await waitFor(async () => expect(await conversationIds()).toEqual(['7003', '7001', '7002']));
    expect(screen.getAllByTestId('conversation-item')[0]).toHaveTextContent('Changed while away');
    expect(warn).toHaveBeenCalled();
    expect(kiranLove.id).toBe('9301'); // instagram data untouched by the messenger refetch
  });
});
