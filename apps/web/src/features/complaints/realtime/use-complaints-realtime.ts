/**
 * Live complaints: every change to a complaint (opened by an arriving review, a flag
 * from the inbox, a teammate's update or link) is announced after commit as
 * `complaints:changed {complaintId, outletId, verb}` to the socket rooms of the accounts where the
 * guest spoke (docs/decisions/0026). The screen refetches its lists, counts and that complaint's
 * detail.
 *
 * Complaints have no event stream to replay, so whatever may have been missed is read again:
 * everything of the feature after `realtime:resync` (the server's Redis link was down), and the
 * lists and the open details whenever the socket (re)connects, since a change published while
 * it was connecting or away reached no one (as the reviews screen does,
 * features/reviews/realtime/use-reviews-realtime.ts).
 *
 * The socket is the app's shared one (lib/socket.ts); only users who may read conversations
 * get one (the server refuses the others), so the others see changes on their next fetch.
 */
import { COMPLAINT_SOCKET_EVENTS, ZComplaintChangedEvent, type SOCKET_EVENTS } from '@dinedesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { AppSocket } from '../../../lib/socket.ts';
import { useSocketBinding } from '../../../lib/use-socket-binding.ts';
import { complaintKeys } from '../api/keys.ts';

/** `realtime:resync`, checked against the contract's name at compile time. */
const RESYNC_EVENT = 'realtime:resync' satisfies typeof SOCKET_EVENTS.resync;

/**
 * Listens on `socket` and invalidates what a complaint's change makes stale. Payloads off the
 * contract are ignored.
 * @returns a function that stops listening
 */
export function bindComplaintsRealtime(socket: AppSocket, queryClient: QueryClient): () => void {
  const onChanged = (payload: unknown) => {
    const parsed = ZComplaintChangedEvent.safeParse(payload);
    if (!parsed.success) return;
    void queryClient.invalidateQueries({ queryKey: complaintKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: complaintKeys.detail(parsed.data.complaintId) });
  };
  const onResync = () => void queryClient.invalidateQueries({ queryKey: complaintKeys.all });
  const onConnect = () => {
    void queryClient.invalidateQueries({ queryKey: complaintKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: complaintKeys.details() });
  };
  socket.on(COMPLAINT_SOCKET_EVENTS.changed, onChanged);
  socket.on(RESYNC_EVENT, onResync);
  socket.on('connect', onConnect);
  return () => {
    socket.off(COMPLAINT_SOCKET_EVENTS.changed, onChanged);
    socket.off(RESYNC_EVENT, onResync);
    socket.off('connect', onConnect);
  };
}

/** Binds the complaints screen to the shared socket while it is mounted. */
export function useComplaintsRealtime(): void {
  useSocketBinding('complaints', bindComplaintsRealtime);
}
