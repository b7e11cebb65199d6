import { API } from '@dinedesk/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../../lib/paths.ts';
import { mockApi } from '../../testing/api-server.ts';
import { handle, reply } from '../../testing/contract-handlers.ts';
import { renderApp } from '../../testing/render.tsx';

/** "Weak passwords": the page's own bound and the server's reason, as written. */
describe('set-password page and the password policy', () => {
  const token = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

  async function submit(password: string) {
    renderApp(`${PATHS.setPassword}?token=${token}`);
    await userEvent.type(await screen.findByLabelText(/New password/), password);
    await userEvent.type(screen.getByLabelText(/Repeat the password/), password);
    await userEvent.click(screen.getByRole('button', { name: 'Set password and sign in' }));
  }

  it('asks for at least 10 characters before calling the server', async () => {
    const fetchMock = mockApi();
    await submit('abcdefghi');
    expect(await screen.findByText('The password needs 10 to 128 characters.')).toBeInTheDocument();
    expect(fetchMock.callsTo(API.setPassword)).toHaveLength(0);
  });

  it('shows why the server refused the password', async () => {
    const reason = 'The password is too easy to guess. This is a commonly used password.';
    const fetchMock = mockApi(handle.setPassword(() => reply.error(400, { message: reason, field: 'body.password', code: 'weak_password' })));
    await submit('password1234');
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(fetchMock.callsTo(API.setPassword)[0]?.headers.get('Accept-Language')).toBe('en');
  });
});
