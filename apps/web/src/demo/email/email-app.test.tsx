/**
 * The email screen against the real demo handlers (`msw/node`): folders with their badges, bulk
 * move to trash and back, and an HTML body shown sanitised (dompurify).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { setViewportWidth } from '../../testing/viewport.ts';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { createEmailDb, type EmailDb } from './data.ts';
import EmailApp from './email-app.tsx';
import { createEmailHandlers } from './handlers.ts';

let db: EmailDb;
setupDemoServer(() => {
  const state = memoryState(() => createEmailDb());
  db = state.data;
  return createEmailHandlers(state);
});

beforeAll(() => i18n.loadNamespaces(['demo-email']));

describe('email app', () => {
  it('moves a selected email to trash and back to the inbox', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    const { location } = renderWithProviders(<EmailApp />, { path: '/apps/email' });
    const list = await screen.findByTestId('email-list');
    const first = within(list).getAllByTestId('email-item')[0];
    if (!first) throw new Error('no email');
    const subject = within(first).getByTestId('email-subject').textContent ?? '';
    // The inbox badge counts unread inbox emails.
    const unread = db.emails.filter((email) => email.folder === 'inbox' && !email.isRead).length;
    expect(within(screen.getByTestId('email-folder-inbox')).getByText(String(unread))).toBeInTheDocument();

    await user.click(within(first).getByRole('checkbox'));
    await user.click(screen.getByTestId('email-trash'));
    await waitFor(() => expect(within(screen.getByTestId('email-list')).queryByText(subject)).not.toBeInTheDocument());

    await user.click(screen.getByTestId('email-folder-trash'));
    expect(location.current?.pathname).toBe('/apps/email/trash');
    const trashed = await within(await screen.findByTestId('email-list')).findByText(subject);
    const row = trashed.closest('li');
    if (!row) throw new Error('no row');
    await user.click(within(row as HTMLElement).getByRole('checkbox'));
    await user.click(screen.getByTestId('email-restore'));
    await waitFor(() => expect(within(screen.getByTestId('email-list')).queryByText(subject)).not.toBeInTheDocument());

    await user.click(screen.getByTestId('email-folder-inbox'));
    expect(await within(await screen.findByTestId('email-list')).findByText(subject)).toBeInTheDocument();
  });

  it('shows a spam body without its script or event handlers, and pages to the older email', async () => {
    setViewportWidth(1280);
    const user = userEvent.setup();
    const spam = db.emails.filter((email) => email.folder === 'spam').sort((a, b) => Date.parse(b.time) - Date.parse(a.time));
    const [newest] = spam;
    expect(newest?.message).toContain('<script>');
    renderWithProviders(<EmailApp />, { path: `/apps/email/spam?id=${newest?.id}` });
    const body = await screen.findByTestId('email-body');
    expect(body.innerHTML).not.toMatch(/script|onerror|onclick/);
    expect(body.querySelector('a')).toHaveAttribute('rel', 'noopener noreferrer');
    // It was unread: opening it reads it.
    await waitFor(() => expect(db.emails.find((email) => email.id === newest?.id)?.isRead).toBe(true));

    expect(screen.getByTestId('email-previous')).toBeDisabled();
    await user.click(screen.getByTestId('email-next'));
    await waitFor(() => expect(screen.getByTestId('email-detail-subject')).toHaveTextContent(spam[1]?.subject ?? ''));
  });
});
