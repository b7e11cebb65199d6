/**
 * Live screens' one way onto the app's shared socket (lib/socket.ts): the reviews, mentions,
 * complaints and tickets bindings each add their listeners while their component is mounted and
 * remove them when it goes. Only users who may read conversations open the socket (the server
 * refuses the others, decision 0008), so for the rest nothing is bound and the screens refetch as
 * usual.
 */
import { useAbility } from '@casl/react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AppAbility } from './ability.ts';
import { getSocket, type AppSocket } from './socket.ts';

/**
 * Binds `bind` to the shared socket while the caller is mounted.
 * @param name the feature, in the warning logged when the socket client cannot load
 * @param bind adds listeners and returns the function that removes them; a module-level
 *   function, so the binding is made once per mount
 */
export function useSocketBinding(name: string, bind: (socket: AppSocket, queryClient: QueryClient) => () => void): void {
  const queryClient = useQueryClient();
  const allowed = useAbility<AppAbility>().can('read', 'Conversation');
  useEffect(() => {
    if (!allowed) return;
    let active = true;
    let unbind: (() => void) | null = null;
    getSocket().then(
      (socket) => {
        if (active) unbind = bind(socket, queryClient);
      },
      (error: unknown) => console.warn(`[${name}] realtime is unavailable`, error),
    );
    return () => {
      active = false;
      unbind?.();
    };
  }, [allowed, queryClient, bind, name]);
}
