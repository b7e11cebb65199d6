/**
 * Logout (docs/requirements/states.md): mark `loggingOut`, call `GET /api/logout`, clear the three
 * stored keys and the query cache, go to /login.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../lib/paths.ts';
import { clearSession, setLoggingOut, useSessionStore } from '../../lib/session-store.ts';
import { closeSocket } from '../../lib/socket.ts';
import { logout } from './api/logout.ts';

/** Returns the logout action and whether it is running (to disable the menu entry). */
export function useLogout(): { logout: () => Promise<void>; loggingOut: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const loggingOut = useSessionStore((state) => state.loggingOut);

  const run = useCallback(async () => {
    if (useSessionStore.getState().loggingOut) return;
    setLoggingOut(true);
    try {
      await logout();
    } catch {
      // The server may already consider the token dead; signing out locally is what matters.
    } finally {
      closeSocket();
      clearSession('logout');
      queryClient.clear();
      await navigate(PATHS.login, { replace: true });
    }
  }, [navigate, queryClient]);

  return { logout: run, loggingOut };
}
