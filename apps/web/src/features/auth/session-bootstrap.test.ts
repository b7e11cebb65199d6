import { API, ZClientDetailsResponse } from '@dinedesk/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EXPIRED_TOKEN_PATH } from '../../lib/api-client.ts';
import { setNavigator } from '../../lib/navigation.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { mockApi } from '../../testing/api-server.ts';
import { handle, reply } from '../../testing/contract-handlers.ts';
import { signInAs, userDataFixture } from '../../testing/fixtures.ts';
import { testQueryClient } from '../../testing/render.tsx';
import { bootstrapSession } from './session-bootstrap.ts';

const clientDetails = (role: 'client_owner' | 'viewer') =>
  ZClientDetailsResponse.parse({
    message: 'OK',
    client: { id: 'c-1', key: 'spice-route', name: 'Spice Route Hospitality', brands: [] },
    userData: userDataFixture({ role, ability: [{ action: 'read', subject: 'Review' }] }),
  });

let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;
beforeEach(() => {
  navigate = vi.fn<(to: string) => void>();
  setNavigator(navigate);
});

describe('bootstrapSession', () => {
  it('does nothing without a stored email', async () => {
    const fetchMock = mockApi();
    await expect(bootstrapSession(testQueryClient())).resolves.toBe('skipped');
    expect(fetchMock.calls).toHaveLength(0);
  });

  it('fetches the user details with the stored token and refreshes userData', async () => {
    signInAs({ role: 'client_owner' }, 'tok-1');
    const fetchMock = mockApi(handle.clientDetails(() => clientDetails('viewer')));

    await expect(bootstrapSession(testQueryClient())).resolves.toBe('refreshed');

    const [call] = fetchMock.callsTo(API.clientDetails, 'GET');
    expect(call?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(useSessionStore.getState().userData?.role).toBe('viewer');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userData) ?? '{}')).toMatchObject({ role: 'viewer' });
    expect(navigate).not.toHaveBeenCalled();
  });

  it.each([
    ['a 200 answer', 200, 'Token has expired'],
    ['a 400 answer (the GET helper returns it)', 400, 'Token has expired'],
    ['a 500 answer', 500, 'Invalid token'],
    ['a 401 answer', 401, 'Invalid token'],
  ])('"%s" saying the token is dead clears the session and goes to expired-token', async (_label, status, message) => {
    signInAs();
    mockApi(
      handle.clientDetails(() =>
        status === 200
          ? reply.offContract(status, { message }, 'get-client-details may tell a dead token in a 200 answer (docs/requirements/validation.md)')
          : reply.error(status, { message }),
      ),
    );

    await expect(bootstrapSession(testQueryClient())).resolves.toBe('expired');

    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.email)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userData)).toBeNull();
    expect(useSessionStore.getState()).toMatchObject({ userData: null, endReason: 'expired' });
    expect(navigate).toHaveBeenCalledWith(EXPIRED_TOKEN_PATH);
  });

  it('keeps the session when the server cannot be reached', async () => {
    signInAs();
    mockApi(handle.clientDetails(() => reply.network()));

    await expect(bootstrapSession(testQueryClient())).resolves.toBe('unavailable');

    expect(localStorage.getItem(STORAGE_KEYS.accessToken)).toBe('test-token');
    expect(useSessionStore.getState().userData).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
