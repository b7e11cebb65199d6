import { API, ZLoginResponse } from '@dinedesk/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../../lib/paths.ts';
import { useSessionStore } from '../../../lib/session-store.ts';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { mockApi } from '../../../testing/api-server.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';
import { signInAs, userDataFixture } from '../../../testing/fixtures.ts';
import { renderWithProviders, urlOf } from '../../../testing/render.tsx';
import { LoginPage } from './login-page.tsx';

const userData = userDataFixture();
const loginOk = ZLoginResponse.parse({ accessToken: 'fresh-token', userData });

function renderLogin(path: string = PATHS.login) {
  // The catch-all stands in for the app behind the sign-in page.
  return renderWithProviders(<LoginPage />, {
    path,
    routePath: PATHS.login,
    extraRoutes: <Route path="*" element={null} />,
  });
}

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  if (email) await user.type(screen.getByTestId('login-email'), email);
  if (password) await user.type(screen.getByTestId('login-password'), password);
  await user.click(screen.getByTestId('login-submit'));
}

describe('LoginPage', () => {
  it('signs in: posts the credentials, stores the three keys, goes to the Overview at /', async () => {
    const fetchMock = mockApi(handle.login(() => loginOk));
    const { location } = renderLogin();

    await submit('asha@spiceroute.example', 'correct horse');

    await waitFor(() => expect(location.current?.pathname).toBe(PATHS.home));
    expect(fetchMock.callsTo(API.login, 'POST')[0]?.body).toEqual({
      email: 'asha@spiceroute.example',
      password: 'correct horse',
    });
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('fresh-token');
    expect(localStorage.getItem(STORAGE_KEYS.email)).toBe(userData.email);
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData) ?? 'null')).toEqual(userData);
    expect(useSessionStore.getState().userData).toEqual(userData);
  });

  it('returns to the ?next= path after sign-in', async () => {
    mockApi(handle.login(() => loginOk));
    const { location } = renderLogin(`${PATHS.login}?next=${encodeURIComponent('/apps/reporting/live-menu?x=1')}`);

    await submit('asha@spiceroute.example', 'correct horse');

    await waitFor(() => expect(urlOf(location)).toBe('/apps/reporting/live-menu?x=1'));
  });

  it('ignores a ?next= that points to another site', async () => {
    mockApi(handle.login(() => loginOk));
    const { location } = renderLogin(`${PATHS.login}?next=${encodeURIComponent('//evil.example/x')}`);
    await submit('asha@spiceroute.example', 'correct horse');
    await waitFor(() => expect(location.current?.pathname).toBe(PATHS.home));
  });

  it('shows the server message on a wrong password and stays, storing nothing', async () => {
    mockApi(handle.login(() => reply.error(401, { message: 'Email or password is incorrect' })));
    const { location } = renderLogin();

    await submit('asha@spiceroute.example', 'wrong');

    expect(await screen.findByTestId('login-error')).toHaveTextContent('Email or password is incorrect');
    expect(location.current?.pathname).toBe(PATHS.login);
    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(screen.getByTestId('login-submit')).toBeEnabled();
  });

  it.each([
    [400, 'email must be a valid email address'],
    [429, 'Too many sign-in attempts. Try again in 5 minutes.'],
  ])('shows the message of a %i answer', async (status, message) => {
    mockApi(handle.login(() => reply.error(status, { message })));
    renderLogin();
    await submit('asha@spiceroute.example', 'pw');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(message);
  });

  it('explains a network failure', async () => {
    mockApi(handle.login(() => reply.network()));
    renderLogin();
    await submit('asha@spiceroute.example', 'pw');
    expect(await screen.findByTestId('login-error')).toHaveTextContent(/could not reach/i);
  });

  it('validates the fields before calling the server', async () => {
    const fetchMock = mockApi();
    renderLogin();

    await submit('', '');
    expect(await screen.findByText('Enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(screen.getByTestId('login-email')).toHaveAttribute('aria-invalid', 'true');

    await submit('not-an-email', 'pw');
    expect(await screen.findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(fetchMock.calls).toHaveLength(0);
  });

  it('sends a signed-in visitor on to ?next=', async () => {
    signInAs();
    const { location } = renderLogin(`${PATHS.login}?next=%2Fapps%2Freporting%2Flive-menu`);
    await waitFor(() => expect(location.current?.pathname).toBe('/apps/reporting/live-menu'));
  });

  it('labels its inputs', () => {
    renderLogin();
    expect(screen.getByLabelText('Email')).toBe(screen.getByTestId('login-email'));
    expect(screen.getByLabelText('Password')).toBe(screen.getByTestId('login-password'));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBe(screen.getByTestId('login-submit'));
  });
});
