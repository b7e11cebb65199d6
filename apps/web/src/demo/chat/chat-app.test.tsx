/**
 * The chat screen against the real demo handlers (`msw/node`): opening a chat clears its unseen
 * badge (docs/requirements/states.md), Enter sends a message into the conversation, a contact
 * without a chat gets one with the first message, and the profile's status survives in the mock.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { setViewportWidth } from '../../testing/viewport.ts';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import ChatApp from './chat-app.tsx';
import { createChatDb, type ChatDb } from './data.ts';
import { createChatHandlers } from './handlers.ts';

let db: ChatDb;
setupDemoServer(() => {
  const state = memoryState(() => createChatDb());
  db = state.data;
  return createChatHandlers(state);
});

beforeAll(() => i18n.loadNamespaces(['demo-chat']));

describe('chat app', () => {
  it('opens a chat with unseen messages, clears the badge, and sends a message with Enter', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    const { location } = renderWithProviders(<ChatApp />, { path: '/apps/chat' });
    const waiting = db.chats.find((chat) => chat.unseenMsgs > 0);
    const list = await screen.findByTestId('chat-list');
    const row = within(list)
      .getAllByTestId('chat-item')
      .find((item) => item.dataset.contactId === String(waiting?.userId));
    if (!row) throw new Error('no chat row');
    expect(within(row).getByTestId('chat-unseen')).toHaveTextContent(String(waiting?.unseenMsgs));

    await user.click(row);
    expect(location.current?.search).toBe(`?id=${waiting?.userId}`);
    const log = await screen.findByTestId('chat-log');
    await waitFor(() => expect(within(row).queryByTestId('chat-unseen')).not.toBeInTheDocument());
    expect(db.chats.find((chat) => chat.id === waiting?.id)?.unseenMsgs).toBe(0);

    await user.type(screen.getByTestId('chat-composer-input'), 'Table for six at eight?{Enter}');
    await waitFor(() => expect(within(log).getAllByTestId('chat-message').at(-1)).toHaveTextContent('Table for six at eight?'));
    expect(screen.getByTestId('chat-composer-input')).toHaveValue('');
  });

  it('starts a chat with a contact who has none, and keeps a new status', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    renderWithProviders(<ChatApp />, { path: '/apps/chat' });
    const contacts = await screen.findByTestId('chat-contact-list');
    const [first] = within(contacts).getAllByTestId('chat-contact-item');
    if (!first) throw new Error('no contact');
    const contactId = Number(first.dataset.contactId);
    await user.click(first);
    await screen.findByText(/No messages with/);
    await user.type(screen.getByTestId('chat-composer-input'), 'Hello!{Enter}');
    await waitFor(() => expect(within(screen.getByTestId('chat-list')).getAllByTestId('chat-item')[0]?.dataset.contactId).toBe(String(contactId)));
    expect(db.chats.at(-1)).toMatchObject({ userId: contactId, chat: [{ message: 'Hello!' }] });

    await user.click(screen.getByTestId('chat-profile-open'));
    const drawer = await screen.findByTestId('chat-profile-drawer');
    await user.click(within(drawer).getByRole('radio', { name: 'Do not disturb' }));
    await waitFor(() => expect(db.profileUser.status).toBe('busy'));
    await user.click(within(drawer).getByRole('switch', { name: 'Notifications' }));
    await waitFor(() => expect(db.profileUser.settings.isNotificationsOn).toBe(true));
  });
});
