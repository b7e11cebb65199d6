import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../../lib/socket.ts';
import { fakeSocket } from '../../../testing/fake-socket.ts';
import { commentKeys } from '../api/keys.ts';
import { bindMentionsRealtime } from './use-mentions-realtime.ts';

describe('live mentions binding', () => {
  it('refetches the count and list on mention:new (validated), connect and resync, and stops when unbound', () => {
    const socket = fakeSocket();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const unbind = bindMentionsRealtime(socket as unknown as AppSocket, queryClient);

    socket.fire('mention:new', { clientId: 'c-1', notificationId: '7004', reviewId: '500002', ticketId: null, authorName: 'Priya Nair' });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([commentKeys.notifications()]);
    socket.fire('mention:new', { notificationId: 7004 }); // off the contract: ignored
    expect(invalidate).toHaveBeenCalledTimes(1);

    socket.fire('connect');
    socket.fire('realtime:resync', { afterEventId: 3 });
    expect(invalidate).toHaveBeenCalledTimes(3);
    // One prefix holds both the badge's count and the popover's list.
    expect(commentKeys.unreadCount().slice(0, 1)).toEqual(commentKeys.notifications());
    expect(commentKeys.inbox().slice(0, 1)).toEqual(commentKeys.notifications());

    invalidate.mockClear();
    unbind();
    socket.fire('mention:new', { clientId: 'c-1', notificationId: '7005', reviewId: '500002', ticketId: null, authorName: 'Priya Nair' });
    socket.fire('connect');
    expect(invalidate).not.toHaveBeenCalled();
  });
});
