/**
 * The live bell: when a teammate mentions the signed-in user, the server sends
 * `mention:new` to that user's socket room; the bell's count and list are then refetched. The
 * event is validated (`ZMentionCreatedEvent`); anything else is ignored. A mention made while the
 * socket was connecting or away reached no one, so the count is read again on every (re)connection,
 * and after `realtime:resync` (the server's Redis link was down and is back; decision 0021).
 *
 * Uses the app's shared socket (lib/socket.ts), which only users who may read conversations can
 * open (the server refuses the others): the same module as reviews, so every user with the bell
 * has it. Without it the count is still right on each load, only not live.
 */
import { SOCKET_EVENTS, ZMentionCreatedEvent } from '@dinedesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { AppSocket } from '../../../lib/socket.ts';
import { useSocketBinding } from '../../../lib/use-socket-binding.ts';
import { commentKeys } from '../api/keys.ts';

/**
 * Listens on `socket` and invalidates the mention notifications (count and list) on
 * `mention:new`, `connect` and `realtime:resync`.
 * @returns a function that stops listening
 */
export function bindMentionsRealtime(socket: AppSocket, queryClient: QueryClient): () => void {
  const refresh = () => void queryClient.invalidateQueries({ queryKey: commentKeys.notifications() });
  const onMention = (payload: unknown) => {
    if (ZMentionCreatedEvent.safeParse(payload).success) refresh();
  };
  socket.on(SOCKET_EVENTS.mentionCreated, onMention);
  socket.on(SOCKET_EVENTS.resync, refresh);
  socket.on('connect', refresh);
  return () => {
    socket.off(SOCKET_EVENTS.mentionCreated, onMention);
    socket.off(SOCKET_EVENTS.resync, refresh);
    socket.off('connect', refresh);
  };
}

/** Binds the bell to the shared socket while it is mounted. */
export function useMentionsRealtime(): void {
  useSocketBinding('mentions', bindMentionsRealtime);
}
