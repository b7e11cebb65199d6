import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../../lib/socket.ts';
import { fakeSocket } from '../../../testing/fake-socket.ts';
import { ticketKeys } from '../api/keys.ts';
import { bindTicketsRealtime } from './use-tickets-realtime.ts';

describe('live tickets binding', () => {
  it('refetches the lists and the changed ticket, everything after a resync, lists and details on (re)connect, and stops when unbound', () => {
    const socket = fakeSocket();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const unbind = bindTicketsRealtime(socket as unknown as AppSocket, queryClient);

    socket.fire('tickets:changed', { ticketId: '9001', outletId: 'o-1', verb: 'breached' });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([ticketKeys.lists(), ticketKeys.detail('9001')]);
    socket.fire('tickets:changed', { ticketId: 9001, verb: 'created' }); // off the contract: ignored
    expect(invalidate).toHaveBeenCalledTimes(2);

    invalidate.mockClear();
    socket.fire('realtime:resync', { afterEventId: 5 });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([ticketKeys.all]);

    invalidate.mockClear();
    socket.fire('connect');
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([ticketKeys.lists(), ticketKeys.details()]);

    invalidate.mockClear();
    unbind();
    socket.fire('connect');
    socket.fire('realtime:resync', { afterEventId: 6 });
    socket.fire('tickets:changed', { ticketId: '9001', outletId: 'o-1', verb: 'updated' });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
