/**
 * Live reviews: when a Meta `feed` webhook stores a new review or comment, the server
 * sends `reviews:changed {pageId, reviewId, kind, verb}` to the page's socket room; the reviews
 * screen then refetches its lists and page counts, and the thread of that review, without
 * waiting for the periodic sync. Reviews have no event stream to replay: on `realtime:resync`
 * (the server's Redis link was down and is back, so changes may not have arrived; decision 0021)
 * everything of the reviews feature is refetched. For the same reason the lists are refetched
 * whenever the socket (re)connects: a change published while it was connecting (the lists are
 * usually fetched before the socket's first connection completes) or disconnected reached no one.
 *
 * Internal comments ride on the same event with `kind: 'internal'`: only the
 * internal thread of that review is refetched (an active query only when that review is open),
 * not the lists, whose figures a team note does not change. After a (re)connection the open
 * thread is refetched with the lists, since a note posted meanwhile reached no one either.
 *
 * Uses the app's shared socket (lib/socket.ts), which only users who may read conversations
 * can open (the server refuses the others); they keep seeing changes after a refresh or sync.
 */
import { REVIEW_SOCKET_EVENTS, ZReviewsChangedEvent, type SOCKET_EVENTS } from '@dinedesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { INTERNAL_COMMENTS_KEY, internalCommentsKey } from '../../../lib/internal-comments.ts';
import type { AppSocket } from '../../../lib/socket.ts';
import { useSocketBinding } from '../../../lib/use-socket-binding.ts';
import { reviewKeys } from '../api/keys.ts';

/**
 * `realtime:resync`, checked against the contract's name at compile time. Not imported as a
 * value: the realtime contract's module imports every event's payload schemas (inbox, mentions,
 * complaints), which would then ride in the Reviews screen's first paint (3 KiB gzip of its
 * 250 KiB budget). lib/socket.ts loads the contract's socket options with the client for the
 * same reason.
 */
const RESYNC_EVENT = 'realtime:resync' satisfies typeof SOCKET_EVENTS.resync;

/**
 * Listens for `reviews:changed` on `socket` and invalidates what the change makes stale, for
 * `realtime:resync`, after which any of it may be, and for `connect`, after which the lists and
 * the open internal thread may be. Payloads are validated; anything else is ignored.
 * @returns a function that stops listening
 */
export function bindReviewsRealtime(socket: AppSocket, queryClient: QueryClient): () => void {
  const onChanged = (payload: unknown) => {
    const parsed = ZReviewsChangedEvent.safeParse(payload);
    if (!parsed.success) return;
    const { pageId, reviewId, kind } = parsed.data;
    if (kind === 'internal') {
      if (reviewId) void queryClient.invalidateQueries({ queryKey: internalCommentsKey(reviewId) });
      return;
    }
    void queryClient.invalidateQueries({ queryKey: reviewKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: reviewKeys.pages() });
    if (reviewId) void queryClient.invalidateQueries({ queryKey: reviewKeys.comments(pageId, reviewId) });
  };
  const onResync = () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
  const onConnect = () => {
    void queryClient.invalidateQueries({ queryKey: reviewKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: reviewKeys.pages() });
    void queryClient.invalidateQueries({ queryKey: INTERNAL_COMMENTS_KEY });
  };
  socket.on(REVIEW_SOCKET_EVENTS.changed, onChanged);
  socket.on(RESYNC_EVENT, onResync);
  socket.on('connect', onConnect);
  return () => {
    socket.off(REVIEW_SOCKET_EVENTS.changed, onChanged);
    socket.off(RESYNC_EVENT, onResync);
    socket.off('connect', onConnect);
  };
}

/** Binds the reviews screen to the shared socket while it is mounted. */
export function useReviewsRealtime(): void {
  useSocketBinding('reviews', bindReviewsRealtime);
}
