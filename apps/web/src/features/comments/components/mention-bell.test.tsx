/**
 * The navbar's mention bell: the unread count from the server, refreshed live on
 * `mention:new` (validated) and on every socket (re)connection; the popover's list (newest first,
 * unread in bold, load more), mark all read, mark one read or unread, archive, and opening a
 * mention (marked read, then the review's link).
 */
import { API, type TMentionNotificationsRequest, type TMentionStatusRequest } from '@dinedesk/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PATHS } from '../../../lib/paths.ts';
import { OWNER_RULES } from '../../../testing/fixtures.ts';
import { renderWithProviders, urlOf } from '../../../testing/render.tsx';
import { commentsBackend, mentionFixture, type CommentsBackendData } from '../testing/comments-backend.ts';
import { MentionBell } from './mention-bell.tsx';

// The shared socket is a tiny fake the tests drive as the server (mention:new, connect).
const socketRef = vi.hoisted(() => {
  const listeners = new Map<string, Set<(payload?: unknown) => void>>();
  const socket = {
    on(event: string, fn: (payload?: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(fn));
      return socket;
    },
    off(event: string, fn: (payload?: unknown) => void) {
      listeners.get(event)?.delete(fn);
      return socket;
    },
    serverEmit(event: string, payload?: unknown) {
      for (const fn of listeners.get(event) ?? []) fn(payload);
    },
    listening: (event: string) => (listeners.get(event)?.size ?? 0) > 0,
  };
  return { socket };
});
vi.mock('../../../lib/socket.ts', () => ({
  getSocket: () => Promise.resolve(socketRef.socket),
  closeSocket: () => {},
}));

/** Newest first, as the server answers: two unread, one read. */
const fromPriya = mentionFixture({ id: '7003', createdAt: '2025-01-10T09:00:00.000Z' });
const fromKaran = mentionFixture({
  id: '7002',
  author: { id: 'u-3', fullName: 'Karan Das' },
  excerpt: 'Thanks @Asha Rao, the guest called back.',
  review: { id: '700001', source: 'google', outletId: 'o-1', outletName: 'Paradise, Gachibowli', reviewerName: 'Priya Sharma', rating: 4 },
  createdAt: '2025-01-09T18:00:00.000Z',
});
const readOne = mentionFixture({ id: '7001', status: 'read', excerpt: 'An older one, @Asha Rao.', createdAt: '2025-01-08T10:00:00.000Z' });

function setup(data: Partial<CommentsBackendData> = {}) {
  const backend = commentsBackend({ notifications: [fromPriya, fromKaran, readOne], ...data });
  const view = renderWithProviders(<MentionBell />, { path: '/apps/inbox', rules: OWNER_RULES });
  return { backend, ...view, user: userEvent.setup({ delay: null }) };
}

const bell = () => screen.getByTestId('mention-bell');
const listCalls = (backend: ReturnType<typeof commentsBackend>) =>
  backend.callsTo(API.mentionNotifications, 'POST').map((c) => c.body as TMentionNotificationsRequest);
const statusCalls = (backend: ReturnType<typeof commentsBackend>) => backend.callsTo(API.mentionStatus, 'POST').map((c) => c.body as TMentionStatusRequest);

async function openPopover(user: ReturnType<typeof userEvent.setup>) {
  await user.click(bell());
  const dialog = await screen.findByRole('dialog', { name: 'Mentions' });
  await within(dialog).findAllByTestId('mention-item');
  return dialog;
}

describe('MentionBell', () => {
  it('shows the unread count in its name and badge', async () => {
    const { backend } = setup();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions, 2 unread'));
    expect(bell()).toHaveTextContent('2');
    // One unread item is enough for the count.
    expect(listCalls(backend)[0]).toEqual({ view: 'unread', limit: 1 });
  });

  it('says only "Mentions" and shows no badge without unread mentions', async () => {
    const { backend } = setup({ notifications: [readOne] });
    await waitFor(() => expect(listCalls(backend)).toHaveLength(1));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions'));
    expect(bell()).not.toHaveTextContent(/\d/);
  });

  it('refetches the count when a teammate mentions the user (mention:new), and on every (re)connection', async () => {
    const { backend } = setup();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions, 2 unread'));
    await waitFor(() => expect(socketRef.socket.listening('mention:new')).toBe(true));

    backend.data.notifications = [mentionFixture({ id: '7004', createdAt: '2025-01-11T08:00:00.000Z' }), ...backend.data.notifications];
    act(() => socketRef.socket.serverEmit('mention:new', { clientId: 'c-1', notificationId: '7004', reviewId: '500002', ticketId: null, authorName: 'Priya Nair' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions, 3 unread'));
    expect(bell()).toHaveTextContent('3');

    // A payload off the contract is ignored.
    const asked = listCalls(backend).length;
    act(() => socketRef.socket.serverEmit('mention:new', { notificationId: 7005 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listCalls(backend)).toHaveLength(asked);

    // A mention made while the socket was away reached no one: a reconnection reads the count again.
    backend.data.notifications = backend.data.notifications.map((n) => ({ ...n, status: 'read' as const }));
    act(() => socketRef.socket.serverEmit('connect'));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions'));
  });

  it('lists the mentions newest first, unread ones marked, and marks them all read', async () => {
    const { backend, user } = setup();
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions, 2 unread'));
    const dialog = await openPopover(user);
    expect(bell()).toHaveAttribute('aria-expanded', 'true');

    const items = within(dialog).getAllByTestId('mention-item');
    expect(items.map((i) => i.getAttribute('data-status'))).toEqual(['unread', 'unread', 'read']);
    expect(items[0]).toHaveTextContent('Unread:Priya Nair mentioned you');
    expect(items[0]).toHaveTextContent('@Asha Rao can you call this guest back today?');
    expect(items[0]).toHaveTextContent('Meena Iyer’s review of Paradise, Gachibowli');
    expect(within(items[0]!).getByRole('img', { name: '2 stars' })).toHaveTextContent('★★');
    expect(items[0]).toHaveTextContent('Facebook');
    expect(items[1]).toHaveTextContent('Karan Das mentioned you');
    expect(within(items[1]!).getByRole('img', { name: '4 stars' })).toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Google');
    expect(items[2]).not.toHaveTextContent('Unread');
    expect(listCalls(backend).at(-1)).toEqual({ view: 'inbox', limit: 20 });

    await user.click(within(dialog).getByTestId('mentions-mark-all-read'));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions'));
    expect(statusCalls(backend)).toEqual([{ allUnread: true, status: 'read' }]);
    await waitFor(() => expect(within(dialog).getAllByTestId('mention-item').map((i) => i.getAttribute('data-status'))).toEqual(['read', 'read', 'read']));
    expect(within(dialog).getByTestId('mentions-mark-all-read')).toBeDisabled();
  });

  it('marks one read or unread, and archives one out of the list', async () => {
    const { backend, user } = setup();
    const dialog = await openPopover(user);
    await user.click(within(dialog).getAllByTestId('mention-mark-read')[0]!);
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions, 1 unread'));
    expect(statusCalls(backend).at(-1)).toEqual({ ids: ['7003'], status: 'read' });

    const older = within(dialog).getAllByTestId('mention-item')[2]!;
    await user.click(within(older).getByRole('button', { name: 'Mark as unread' }));
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions, 2 unread'));
    expect(statusCalls(backend).at(-1)).toEqual({ ids: ['7001'], status: 'unread' });

    await user.click(within(within(dialog).getAllByTestId('mention-item')[1]!).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('mention-item')).toHaveLength(2));
    expect(statusCalls(backend).at(-1)).toEqual({ ids: ['7002'], status: 'archived' });
    expect(within(dialog).queryByText(/Karan Das/)).not.toBeInTheDocument();
  });

  it('opens a mention: marks it read, closes, and goes to the review', async () => {
    const { backend, user, location } = setup();
    const dialog = await openPopover(user);
    await user.click(within(within(dialog).getAllByTestId('mention-item')[1]!).getByTestId('mention-open'));
    await waitFor(() => expect(urlOf(location)).toBe(`${PATHS.reviews}?review=700001`));
    expect(statusCalls(backend)).toEqual([{ ids: ['7002'], status: 'read' }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(bell()).toHaveAccessibleName('Mentions, 1 unread'));

    // A read one is opened without a status change.
    await user.click(bell());
    const again = await screen.findByRole('dialog', { name: 'Mentions' });
    await user.click(within((await within(again).findAllByTestId('mention-item'))[2]!).getByTestId('mention-open'));
    await waitFor(() => expect(urlOf(location)).toBe(`${PATHS.reviews}?review=500002`));
    expect(statusCalls(backend)).toHaveLength(1);
  });

  it('shows a mention on a ticket with the ticket, and opens the ticket', async () => {
    const onTicket = mentionFixture({ id: '7009', review: null, ticket: { id: '41', title: 'Call back the guest', outletId: 'o-1', outletName: 'Paradise, Gachibowli' }, createdAt: '2025-01-11T09:00:00.000Z' });
    const { user, location } = setup({ notifications: [onTicket, fromPriya] });
    const dialog = await openPopover(user);
    const row = within(dialog).getAllByTestId('mention-item')[0]!;
    expect(row).toHaveTextContent('ticket #41 “Call back the guest” of Paradise, Gachibowli');
    await user.click(within(row).getByTestId('mention-open'));
    await waitFor(() => expect(urlOf(location)).toBe(`${PATHS.tickets}?ticket=41`));
  });

  it('loads more with the cursor, keeps focus in the list, and closes on Esc with focus back on the bell', async () => {
    const many = Array.from({ length: 22 }, (_, i) =>
      mentionFixture({ id: String(7100 + i), status: 'read', excerpt: `Mention ${i + 1}`, createdAt: new Date(Date.UTC(2025, 0, 30, 0, 59 - i)).toISOString() }),
    );
    const { backend, user } = setup({ notifications: many });
    const dialog = await openPopover(user);
    expect(within(dialog).getAllByTestId('mention-item')).toHaveLength(20);
    await user.click(within(dialog).getByTestId('mentions-more'));
    await waitFor(() => expect(within(dialog).getAllByTestId('mention-item')).toHaveLength(22));
    expect(listCalls(backend).at(-1)).toEqual({ view: 'inbox', cursor: '20', limit: 20 });
    await waitFor(() => expect(within(dialog).getAllByTestId('mention-open')[20]).toHaveFocus());
    expect(within(dialog).queryByTestId('mentions-more')).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bell()).toHaveFocus();
  });

  it('shows the empty state', async () => {
    const { user } = setup({ notifications: [] });
    await user.click(bell());
    expect(await screen.findByTestId('mentions-empty')).toHaveTextContent('No mentions yet');
    expect(screen.getByTestId('mentions-mark-all-read')).toBeDisabled();
  });
});
