import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../../lib/socket.ts';
import { fakeSocket } from '../../../testing/fake-socket.ts';
import { complaintKeys } from '../api/keys.ts';
import { bindComplaintsRealtime } from './use-complaints-realtime.ts';

describe('live complaints binding', () => {
  it('refetches the lists and the changed complaint, everything after a resync, lists and details on (re)connect, and stops when unbound', () => {
    const socket = fakeSocket();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const unbind = bindComplaintsRealtime(socket as unknown as AppSocket, queryClient);

    socket.fire('complaints:changed', { complaintId: '41', outletId: 'o-1', verb: 'linked' });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([complaintKeys.lists(), complaintKeys.detail('41')]);
    socket.fire('complaints:changed', { complaintId: 41, verb: 'opened' }); // off the contract: ignored
    expect(invalidate).toHaveBeenCalledTimes(2);

    invalidate.mockClear();
    socket.fire('realtime:resync', { afterEventId: 5 });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([complaintKeys.all]);

    invalidate.mockClear();
    socket.fire('connect');
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([complaintKeys.lists(), complaintKeys.details()]);

    invalidate.mockClear();
    unbind();
    socket.fire('connect');
    socket.fire('realtime:resync', { afterEventId: 6 });
    socket.fire('complaints:changed', { complaintId: '41', outletId: 'o-1', verb: 'updated' });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
