/**
 * Connects the inbox screen to the shared socket (lib/socket.ts), created lazily on first use,
 * and returns the connection state for the status chip.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { getSocket } from '../../../lib/socket.ts';
import { bindInboxRealtime, type InboxRealtime, type SocketStatus } from './inbox-realtime.ts';

const noSubscription = () => () => {};

export function useInboxRealtime(): { status: SocketStatus; reconnect: () => void } {
  const queryClient = useQueryClient();
  const [binding, setBinding] = useState<InboxRealtime | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    getSocket().then(
      (socket) => {
        if (active) setBinding(bindInboxRealtime(socket, queryClient));
      },
      (error: unknown) => {
        // The client library did not load (offline, a stale chunk after a deploy): the inbox
        // still works by fetching, so this is logged, not shown as a failure
        // (docs/requirements/errors.md).
        console.warn('[inbox] realtime is unavailable', error);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [queryClient]);

  const status = useSyncExternalStore(
    binding?.subscribe ?? noSubscription,
    () => binding?.status ?? (failed ? 'offline' : 'connecting'),
  );
  const reconnect = useCallback(() => binding?.reconnect(), [binding]);
  return { status, reconnect };
}
