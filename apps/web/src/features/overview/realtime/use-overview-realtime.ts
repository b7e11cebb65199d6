/**
 * The Overview live: whatever a figure counts changes with
 * one of the events the screens behind it already listen to — a review or its reply
 * (`reviews:changed`), a guest message or a page reply (`inbox:event`), a complaint
 * (`complaints:changed`) or a ticket (`tickets:changed`, an SLA breach included). Any of them
 * refetches the Overview; so do a resync and a reconnect, since events may have been missed.
 * A burst (a sync storing many reviews) costs one refetch: the invalidation waits for a quiet
 * {@link SETTLE_MS}.
 *
 * Only users who may read conversations get the socket (lib/use-socket-binding.ts); others see
 * changes on their next fetch (focus, period change).
 */
import type { SOCKET_EVENTS } from '@dinedesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { AppSocket } from '../../../lib/socket.ts';
import { useSocketBinding } from '../../../lib/use-socket-binding.ts';
import { overviewKeys } from '../api/overview.ts';

/** Event names, checked against the contract's at compile time (type-only: no schemas on first paint). */
const REVIEWS_CHANGED = 'reviews:changed' satisfies typeof SOCKET_EVENTS.reviewsChanged;
const INBOX_EVENT = 'inbox:event' satisfies typeof SOCKET_EVENTS.inboxEvent;
const COMPLAINT_CHANGED = 'complaints:changed' satisfies typeof SOCKET_EVENTS.complaintChanged;
const TICKET_CHANGED = 'tickets:changed' satisfies typeof SOCKET_EVENTS.ticketChanged;
const RESYNC_EVENT = 'realtime:resync' satisfies typeof SOCKET_EVENTS.resync;

/** Quiet time before a refetch, ms. */
export const SETTLE_MS = 400;

/** Listens on `socket` and refetches the Overview after changes settle. @returns the unbinding function */
export function bindOverviewRealtime(socket: AppSocket, queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const refresh = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void queryClient.invalidateQueries({ queryKey: overviewKeys.all });
    }, SETTLE_MS);
  };
  const events = [REVIEWS_CHANGED, INBOX_EVENT, COMPLAINT_CHANGED, TICKET_CHANGED, RESYNC_EVENT, 'connect'] as const;
  for (const event of events) socket.on(event, refresh);
  return () => {
    if (timer) clearTimeout(timer);
    for (const event of events) socket.off(event, refresh);
  };
}

/** Binds the Overview to the shared socket while it is mounted. */
export function useOverviewRealtime(): void {
  useSocketBinding('overview', bindOverviewRealtime);
}
