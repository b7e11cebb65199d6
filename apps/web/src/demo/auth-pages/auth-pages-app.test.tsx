/**
 * The demo sign-in pages in the whole app (docs/requirements/routes.md demo routes,
 * docs/requirements/validation.md, roles.md and calls.md), signed out of DineDesk, against the real
 * sign-in handlers (`msw/node`): they render in the blank layout without the product's sign-in
 * while other demo pages stay guarded; the demo login signs in (and out) without touching the
 * product's session; register shows both duplicate messages; forgot and reset password validate,
 * then show their sent / done states.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { SESSION_KEYS } from '../../lib/storage.ts';
import { mockApi } from '../../testing/api-server.ts';
import { signInAs } from '../../testing/fixtures.ts';
import { renderApp } from '../../testing/render.tsx';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { createAuthDb } from './data.ts';
import { DEMO_SESSION_KEY, readDemoSession } from './demo-session.ts';
import { createAuthHandlers } from './handlers.ts';

setupDemoServer(() => createAuthHandlers(memoryState(createAuthDb)));
beforeAll(() => i18n.loadNamespaces(['demo-auth']));
afterEach(() => sessionStorage.clear());

/** The whole app's first render compiles the lazy MUI chunks in jsdom: slow on a busy machine. */
const FIRST_RENDER = { timeout: 30_000 };

const productKeys = () => SESSION_KEYS.filter((key) => localStorage.getItem(key) !== null);

describe('the demo sign-in pages while signed out of DineDesk', () => {
  it('login-v1 renders blank, signs in to the demo only, then signs out of it', { timeout: 45_000 }, async () => {
    mockApi();
    const user = userEvent.setup();
    const { location } = renderApp('/pages/login-v1');
    const form = await screen.findByRole('form', { name: 'Demo sign-in' }, FIRST_RENDER);
    expect(screen.getByTestId('demo-auth-v1')).toBeInTheDocument();
    expect(screen.queryByTestId('app-shell')).not.toBeInTheDocument();
    expect(location.current?.pathname).toBe('/pages/login-v1');
    await waitFor(() => expect(document.title).toBe('Demo sign-in · DineDesk'));

    await user.click(within(form).getByTestId('demo-login-submit'));
    expect(within(form).getAllByText('This field is required.')).toHaveLength(2);

    await user.type(within(form).getByTestId('demo-login-email'), 'admin@demo.com');
    await user.type(within(form).getByTestId('demo-login-password'), 'wrong');
    await user.click(within(form).getByTestId('demo-login-submit'));
    expect(await screen.findByTestId('demo-login-error')).toHaveTextContent('Email or Password is Invalid');

    await user.clear(within(form).getByTestId('demo-login-password'));
    await user.type(within(form).getByTestId('demo-login-password'), 'admin');
    await user.click(within(form).getByTestId('demo-login-submit'));
    expect(await screen.findByTestId('demo-session-name')).toHaveTextContent('John Doe');
    expect(screen.getByTestId('demo-session-role')).toHaveTextContent('Admin');
    expect(screen.getByTestId('demo-session-abilities')).toHaveTextContent('manage on all');
    expect(screen.getByTestId('demo-session-expiry')).toBeInTheDocument();

    // The demo session lives under its own key; the product's keys and store are untouched.
    expect(readDemoSession()?.userData.email).toBe('admin@demo.com');
    expect(productKeys()).toEqual([]);
    expect(useSessionStore.getState().userData).toBeNull();

    await user.click(screen.getByTestId('demo-session-refresh'));
    expect(await screen.findByText('New tokens received.')).toBeInTheDocument();

    await user.click(screen.getByTestId('demo-session-sign-out'));
    expect(await screen.findByTestId('demo-session-ended')).toHaveTextContent('You signed out of the demo.');
    expect(sessionStorage.getItem(DEMO_SESSION_KEY)).toBeNull();
    expect(screen.getByRole('form', { name: 'Demo sign-in' })).toBeInTheDocument();
  });

  it('a refused refresh token ends the demo session with the mock’s message', { timeout: 45_000 }, async () => {
    mockApi();
    sessionStorage.setItem(
      DEMO_SESSION_KEY,
      JSON.stringify({
        userData: { id: 2, fullName: 'Jane Doe', username: 'janedoe', avatar: '', email: 'client@demo.com', role: 'client', ability: [{ action: 'read', subject: 'ACL' }, { action: 'read', subject: 'Auth' }], extras: { eCommerceCartItemsCount: 5 } },
        accessToken: 'a.b.c',
        refreshToken: 'not-a-token',
      }),
    );
    const user = userEvent.setup();
    renderApp('/pages/login-v2');
    expect(await screen.findByTestId('demo-auth-v2', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByTestId('demo-session-role')).toHaveTextContent('Client');
    expect(screen.getByTestId('demo-session-abilities')).toHaveTextContent('read on ACL');
    await user.click(screen.getByTestId('demo-session-refresh'));
    expect(await screen.findByTestId('demo-session-ended')).toHaveTextContent('Invalid refresh token');
    expect(readDemoSession()).toBeNull();
  });

  it('register-v2 shows both duplicate messages, then registers a demo admin', { timeout: 45_000 }, async () => {
    mockApi();
    const user = userEvent.setup();
    renderApp('/pages/register-v2');
    const form = await screen.findByRole('form', { name: 'Demo registration' }, FIRST_RENDER);
    expect(screen.getByTestId('demo-auth-illustration-register')).toBeInTheDocument();

    await user.click(within(form).getByTestId('demo-register-submit'));
    expect(within(form).getByText('Accept the privacy policy and terms to go on.')).toBeInTheDocument();

    await user.type(within(form).getByTestId('demo-register-username'), 'johndoe');
    await user.type(within(form).getByTestId('demo-register-email'), 'admin@demo.com');
    await user.type(within(form).getByTestId('demo-register-password'), 'secret1');
    await user.click(within(form).getByTestId('demo-register-terms'));
    await user.click(within(form).getByTestId('demo-register-submit'));
    expect(await within(form).findByText('This email is already in use.')).toBeInTheDocument();
    expect(within(form).getByText('This username is already in use.')).toBeInTheDocument();

    await user.clear(within(form).getByTestId('demo-register-username'));
    await user.type(within(form).getByTestId('demo-register-username'), 'asha.k');
    await user.clear(within(form).getByTestId('demo-register-email'));
    await user.type(within(form).getByTestId('demo-register-email'), 'asha@spice-route.demo');
    await user.click(within(form).getByTestId('demo-register-submit'));
    expect(await screen.findByTestId('demo-session-name')).toHaveTextContent('asha.k');
    expect(screen.getByTestId('demo-session-role')).toHaveTextContent('Admin');
    // Registration answers no refresh token (docs/requirements/calls.md), so there is nothing to
    // refresh.
    expect(screen.queryByTestId('demo-session-refresh')).not.toBeInTheDocument();
    expect(productKeys()).toEqual([]);
  });

  it('forgot-password validates the email and shows the sent state; reset-password checks the match', { timeout: 45_000 }, async () => {
    mockApi();
    const user = userEvent.setup();
    const forgot = renderApp('/pages/forgot-password-v1');
    await user.type(await screen.findByTestId('demo-forgot-email', {}, FIRST_RENDER), 'not-an-email');
    await user.click(screen.getByTestId('demo-forgot-submit'));
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    await user.clear(screen.getByTestId('demo-forgot-email'));
    await user.type(screen.getByTestId('demo-forgot-email'), 'asha@spice-route.demo');
    await user.click(screen.getByTestId('demo-forgot-submit'));
    expect(await screen.findByTestId('demo-forgot-sent')).toHaveTextContent('If an account exists for asha@spice-route.demo');
    expect(screen.getByRole('link', { name: 'Open the reset page' })).toHaveAttribute('href', '/pages/reset-password-v1');
    forgot.unmount();

    renderApp('/pages/reset-password-v2');
    await user.type(await screen.findByTestId('demo-reset-password'), 'short');
    await user.type(screen.getByTestId('demo-reset-confirm'), 'other');
    await user.click(screen.getByTestId('demo-reset-submit'));
    expect(screen.getByText('Use at least 6 characters.')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    await user.clear(screen.getByTestId('demo-reset-password'));
    await user.type(screen.getByTestId('demo-reset-password'), 'masala-2026');
    await user.clear(screen.getByTestId('demo-reset-confirm'));
    await user.type(screen.getByTestId('demo-reset-confirm'), 'masala-2026');
    await user.click(screen.getByTestId('demo-reset-submit'));
    expect(await screen.findByTestId('demo-reset-done')).toHaveTextContent('Your password has been reset.');
    expect(screen.getByRole('link', { name: 'Back to sign-in' })).toHaveAttribute('href', '/pages/login-v2');
  });

  it('other demo pages still need the product sign-in', async () => {
    mockApi();
    const { location } = renderApp('/apps/user/list');
    expect(await screen.findByTestId('login-email', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(location.current?.pathname).toBe('/login');
  });

  it('a signed-in product user sees the demo page blank too, and keeps the product session', async () => {
    const product = signInAs();
    mockApi();
    renderApp('/pages/login-v2');
    expect(await screen.findByRole('form', { name: 'Demo sign-in' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.queryByTestId('app-shell')).not.toBeInTheDocument();
    expect(useSessionStore.getState().userData).toEqual(product);
  });
});
