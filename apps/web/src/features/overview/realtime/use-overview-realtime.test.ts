import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppSocket } from '../../../lib/socket.ts';
import { fakeSocket } from '../../../testing/fake-socket.ts';
import { overviewKeys } from '../api/overview.ts';
import { bindOverviewRealtime, SETTLE_MS } from './use-overview-realtime.ts';

afterEach(() => vi.useRealTimers());

describe('live Overview binding', () => {
  it('refetches once after a burst of review, inbox, complaint and ticket events settles, after a resync and a reconnect, and stops when unbound', () => {
    vi.useFakeTimers();
    const socket = fakeSocket();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const unbind = bindOverviewRealtime(socket as unknown as AppSocket, queryClient);

    socket.fire('reviews:changed', { pageId: 'p', reviewId: '1', kind: 'review', verb: 'add' });
    socket.fire('inbox:event', { id: 1 });
    socket.fire('complaints:changed', { complaintId: '41', outletId: 'o-1', verb: 'opened' });
    socket.fire('tickets:changed', { ticketId: '5', outletId: 'o-1', verb: 'breached' });
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([overviewKeys.all]);

    for (const event of ['realtime:resync', 'connect']) {
      invalidate.mockClear();
      socket.fire(event, { afterEventId: 3 });
      vi.advanceTimersByTime(SETTLE_MS);
      expect(invalidate, event).toHaveBeenCalledTimes(1);
    }

    invalidate.mockClear();
    socket.fire('tickets:changed', { ticketId: '5', outletId: 'o-1', verb: 'updated' });
    unbind();
    socket.fire('reviews:changed', { pageId: 'p', reviewId: null, kind: 'review', verb: 'add' });
    vi.advanceTimersByTime(SETTLE_MS * 2);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
