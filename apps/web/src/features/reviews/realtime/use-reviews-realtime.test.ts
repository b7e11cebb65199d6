import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { INTERNAL_COMMENTS_KEY, internalCommentsKey } from '../../../lib/internal-comments.ts';
import type { AppSocket } from '../../../lib/socket.ts';
import { fakeSocket } from '../../../testing/fake-socket.ts';
import { reviewKeys } from '../api/keys.ts';
import { bindReviewsRealtime } from './use-reviews-realtime.ts';

describe('live reviews binding', () => {
  it('refetches what a change makes stale, everything after a resync, and stops when unbound', () => {
    const socket = fakeSocket();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const unbind = bindReviewsRealtime(socket as unknown as AppSocket, queryClient);

    socket.fire('reviews:changed', { pageId: '1', reviewId: '1_2', kind: 'comment', verb: 'add' });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([reviewKeys.lists(), reviewKeys.pages(), reviewKeys.comments('1', '1_2')]);
    socket.fire('reviews:changed', { pageId: 1 }); // off the contract: ignored
    expect(invalidate).toHaveBeenCalledTimes(3);

    invalidate.mockClear();
    socket.fire('realtime:resync', { afterEventId: 5 });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: reviewKeys.all });

    // A change published while the socket was connecting or away reached no one: on every
    // (re)connection the lists are read again.
    invalidate.mockClear();
    socket.fire('connect');
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([reviewKeys.lists(), reviewKeys.pages(), INTERNAL_COMMENTS_KEY]);

    invalidate.mockClear();
    unbind();
    socket.fire('connect');
    socket.fire('realtime:resync', { afterEventId: 6 });
    socket.fire('reviews:changed', { pageId: '1', reviewId: null, kind: 'review', verb: 'add' });
    expect(invalidate).not.toHaveBeenCalled();
  });

  it('refetches only the internal thread of the review a team note was added to', () => {
    const socket = fakeSocket();
    const queryClient = new QueryClient();
    queryClient.setQueryData(internalCommentsKey('500001'), 'thread of 500001');
    queryClient.setQueryData(internalCommentsKey('500002'), 'thread of 500002');
    queryClient.setQueryData(reviewKeys.lists(), 'list');
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    bindReviewsRealtime(socket as unknown as AppSocket, queryClient);

    socket.fire('reviews:changed', { pageId: '1001', reviewId: '500001', kind: 'internal', verb: 'add' });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([internalCommentsKey('500001')]);
    expect(queryClient.getQueryState(internalCommentsKey('500001'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(internalCommentsKey('500002'))?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(reviewKeys.lists())?.isInvalidated).toBe(false);

    // The thread family sits under the reviews family: a resync reaches it too.
    invalidate.mockClear();
    socket.fire('realtime:resync', { afterEventId: 7 });
    expect(queryClient.getQueryState(internalCommentsKey('500002'))?.isInvalidated).toBe(true);
  });
});
