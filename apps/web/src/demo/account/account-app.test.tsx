/**
 * The account settings screen against the real handlers (`msw/node`; docs/requirements/data.md and
 * calls.md): the General tab validates, then saves through the update call; the tabs follow the
 * URL; Information refuses a bad website; Social disconnects an account; Notifications saves a
 * switch.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import AccountApp from './account-app.tsx';
import { getAccountSettings } from './api/get-account-settings.ts';
import { createAccountDb } from './data.ts';
import { createAccountHandlers } from './handlers.ts';

setupDemoServer(() => createAccountHandlers(memoryState(createAccountDb)));
beforeAll(() => i18n.loadNamespaces(['demo-account']));

describe('/pages/account-settings', () => {
  it('validates and saves the General tab', { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    renderWithProviders(<AccountApp />, { path: '/pages/account-settings' });
    const fullName = await screen.findByTestId('account-fullName');
    expect(fullName).toHaveValue('John Doe');
    expect(screen.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();

    await user.clear(fullName);
    await user.clear(screen.getByTestId('account-email'));
    await user.type(screen.getByTestId('account-email'), 'john@');
    await user.click(screen.getByTestId('account-general-save'));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();

    await user.type(fullName, 'Johnny Doe');
    await user.clear(screen.getByTestId('account-email'));
    await user.type(screen.getByTestId('account-email'), 'johnny@spice-route.example');
    await user.click(screen.getByTestId('account-general-save'));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect((await getAccountSettings()).general).toMatchObject({ fullName: 'Johnny Doe', email: 'johnny@spice-route.example' });
  });

  it('opens tabs through the URL; Information refuses a bad website, Social disconnects, Notifications saves', { timeout: 45_000 }, async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<AccountApp />, { path: '/pages/account-settings?tab=info' });
    const website = await screen.findByTestId('account-website');
    await user.type(website, 'spice-route');
    await user.click(screen.getByTestId('account-info-save'));
    expect(await screen.findByText('Enter a full web address starting with http:// or https://.')).toBeInTheDocument();
    await user.clear(website);
    await user.type(website, 'https://spice-route.example');
    await user.click(screen.getByTestId('account-info-save'));
    expect(await screen.findByText('Changes saved.')).toBeInTheDocument();
    expect((await getAccountSettings()).info.website).toBe('https://spice-route.example');

    await user.click(screen.getByTestId('account-tab-social'));
    expect(urlOf(location)).toBe('/pages/account-settings?tab=social');
    const twitter = await screen.findByTestId('account-connection-twitter');
    expect(twitter).toHaveTextContent('@johndoe');
    await user.click(within(twitter).getByRole('button', { name: 'Disconnect Twitter' }));
    await waitFor(() => expect(within(screen.getByTestId('account-connection-twitter')).getByText('Not connected')).toBeInTheDocument());
    expect((await getAccountSettings()).social.connections.twitter).toBeNull();

    await user.click(screen.getByTestId('account-tab-notification'));
    const digest = await screen.findByTestId('account-notify-blogDigest');
    expect(digest).not.toBeChecked();
    await user.click(digest);
    await user.click(screen.getByTestId('account-notification-save'));
    await waitFor(async () => expect((await getAccountSettings()).notification.blogDigest).toBe(true));
  });
});
