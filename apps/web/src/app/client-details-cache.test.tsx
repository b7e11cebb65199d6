/**
 * get-client-details is cached under two query keys: the start-up session refresh
 * (features/auth) and the access pickers of the users page (features/tenancy) read one cached
 * answer, so opening the users page after start-up sends no second request, and an access
 * change refreshes that one copy. Lives in app/ because it composes two features.
 *
 * `fetch` is stubbed directly (not through a mock library) so the test pins the number of
 * requests the app sends, whatever the test backends look like.
 */
import { API, ZClientDetailsResponse } from '@dinedesk/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { bootstrapSession } from '../features/auth/session-bootstrap.ts';
import { useClientOutlets } from '../features/tenancy/api/get-client-outlets.ts';
import { signInAs, userDataFixture } from '../testing/fixtures.ts';
import { testQueryClient } from '../testing/render.tsx';

const brands = [{ id: 'b-1', name: 'Spice Route', outlets: [{ id: 'o-1', name: 'Indiranagar', city: 'Bengaluru' }] }];

const details = ZClientDetailsResponse.parse({
  message: 'OK',
  client: { id: 'c-1', key: 'spice-route', name: 'Spice Route Hospitality', brands },
  userData: userDataFixture({ role: 'client_owner' }),
});

describe('client details, one cache entry', () => {
  it('the users page reuses the answer the session refresh fetched', async () => {
    signInAs({ role: 'client_owner' });
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(JSON.stringify(details), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    vi.stubGlobal('fetch', fetchMock);
    const queryClient = testQueryClient();

    await expect(bootstrapSession(queryClient)).resolves.toBe('refreshed');
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useClientOutlets(), { wrapper });

    await waitFor(() => expect(result.current.data).toEqual(details.client?.brands));
    const clientDetailsCalls = fetchMock.mock.calls.filter(([input]) => String(input).includes(API.clientDetails));
    expect(clientDetailsCalls).toHaveLength(1);
    expect(queryClient.getQueryCache().findAll().map((query) => query.queryKey)).toEqual([['client-details']]);
  });
});
