/**
 * Live tickets: a ticket created, changed, or past its SLA due time (the breach job,
 * docs/decisions/0027) is announced after commit as `tickets:changed {ticketId, outletId, verb}`
 * to the socket rooms of its outlet's accounts. The screen refetches the queue, its counts and
 * that ticket's detail.
 *
 * Nothing is replayed: after `realtime:resync` (the server's Redis link was down) everything of
 * the feature is read again, and on every (re)connection the queue and the open tickets, since
 * a change published while the socket was connecting or away reached no one (as the reviews
 * screen does, features/reviews/realtime/use-reviews-realtime.ts).
 *
 * The socket is the app's shared one (lib/socket.ts); only users who may read conversations
 * get one (the server refuses the others).
 */
import { TICKET_SOCKET_EVENTS, ZTicketChangedEvent, type SOCKET_EVENTS } from '@dinedesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { AppSocket } from '../../../lib/socket.ts';
import { useSocketBinding } from '../../../lib/use-socket-binding.ts';
import { ticketKeys } from '../api/keys.ts';

/** `realtime:resync`, checked against the contract's name at compile time. */
const RESYNC_EVENT = 'realtime:resync' satisfies typeof SOCKET_EVENTS.resync;

/**
 * Listens on `socket` and invalidates what a ticket's change makes stale. Payloads off the
 * contract are ignored.
 * @returns a function that stops listening
 */
export function bindTicketsRealtime(socket: AppSocket, queryClient: QueryClient): () => void {
  const onChanged = (payload: unknown) => {
    const parsed = ZTicketChangedEvent.safeParse(payload);
    if (!parsed.success) return;
    void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(parsed.data.ticketId) });
  };
  const onResync = () => void queryClient.invalidateQueries({ queryKey: ticketKeys.all });
  const onConnect = () => {
    void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: ticketKeys.details() });
  };
  socket.on(TICKET_SOCKET_EVENTS.changed, onChanged);
  socket.on(RESYNC_EVENT, onResync);
  socket.on('connect', onConnect);
  return () => {
    socket.off(TICKET_SOCKET_EVENTS.changed, onChanged);
    socket.off(RESYNC_EVENT, onResync);
    socket.off('connect', onConnect);
  };
}

/** Binds the tickets screen to the shared socket while it is mounted. */
export function useTicketsRealtime(): void {
  useSocketBinding('tickets', bindTicketsRealtime);
}
