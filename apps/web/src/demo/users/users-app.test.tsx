/**
 * The user list against the real user handlers (`msw/node`; docs/requirements/calls.md and
 * constants.md): the role filter narrows the table and lands in the URL; deleting asks first, then
 * removes the user; Add New User validates before it sends, then adds the user (201) at the top of
 * the list.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { createUsersDb } from './data.ts';
import { createUsersHandlers } from './handlers.ts';
import UsersApp from './users-app.tsx';

setupDemoServer(() => createUsersHandlers(memoryState(createUsersDb)));
beforeAll(() => i18n.loadNamespaces(['demo-users']));

const USERS = createUsersDb().users;

describe('the user list (/apps/user/list)', () => {
  it('filters by role through the URL, and deletes a user after confirming', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<UsersApp />, { path: '/apps/user/list' });
    expect(await screen.findAllByTestId('user-row')).toHaveLength(10);

    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Editor' }));
    const editors = USERS.filter((candidate) => candidate.role === 'editor');
    await waitFor(() => expect(screen.getAllByTestId('user-row')).toHaveLength(Math.min(10, editors.length)));
    expect(urlOf(location)).toBe('/apps/user/list?role=editor');
    for (const role of screen.getAllByTestId('user-role')) expect(role).toHaveTextContent('Editor');

    const first = editors[0];
    if (!first) throw new Error('no editor');
    await user.click(screen.getByRole('button', { name: `Delete ${first.fullName}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`${first.fullName} was deleted.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: first.fullName })).not.toBeInTheDocument());
  });

  it('validates Add New User, then adds the user first in the list', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UsersApp />, { path: '/apps/user/list' });
    await screen.findAllByTestId('user-row');
    await user.click(screen.getByTestId('user-add-open'));
    const drawer = await screen.findByRole('dialog', { name: 'Add New User' });

    await user.click(within(drawer).getByTestId('user-add-submit'));
    expect(within(drawer).getAllByText('This field is required.').length).toBeGreaterThan(0);

    await user.type(within(drawer).getByTestId('user-add-fullName'), 'Ada Lovelace');
    await user.type(within(drawer).getByTestId('user-add-username'), 'ada.l');
    await user.type(within(drawer).getByTestId('user-add-email'), 'not-an-email');
    await user.type(within(drawer).getByTestId('user-add-company'), 'Analytical Engines');
    await user.type(within(drawer).getByTestId('user-add-country'), 'United Kingdom');
    await user.type(within(drawer).getByTestId('user-add-contact'), '+44 20 7946 0000');
    await user.click(within(drawer).getByTestId('user-add-submit'));
    expect(within(drawer).getByText('Enter a valid email address.')).toBeInTheDocument();

    await user.clear(within(drawer).getByTestId('user-add-email'));
    await user.type(within(drawer).getByTestId('user-add-email'), 'ada@example.com');
    await user.click(within(drawer).getByTestId('user-add-submit'));
    expect(await screen.findByText('Ada Lovelace was added.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getAllByTestId('user-row')[0] as HTMLElement).getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument());
    expect(screen.getAllByTestId('user-row')[0]).toHaveAttribute('data-user-id', '51');
  });

  it('opens the first user for /apps/user/view without an id, and says when a user is missing', async () => {
    const first = renderWithProviders(<UsersApp />, { path: '/apps/user/view' });
    expect(await screen.findByTestId('user-view-name')).toHaveTextContent(USERS[0]?.fullName ?? '');
    expect(urlOf(first.location)).toBe('/apps/user/view/1');
    first.unmount();

    renderWithProviders(<UsersApp />, { path: '/apps/user/edit/999' });
    expect(await screen.findByTestId('user-not-found')).toBeInTheDocument();
  });
});
