/**
 * Route guard of the signed-in area (docs/requirements/states.md): signed-out visitors of a product
 * route go to `/login?next=…`; when a session has just ended, to where that ending points (the
 * expired-token page after a 401, /login after logout) rather than racing that navigation.
 * Kept apart from the permission guard so the entry chunk stays small.
 */
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor, PATHS } from '../lib/paths.ts';
import { useSessionStore } from '../lib/session-store.ts';

export function RequireAuth({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const signedIn = useSessionStore((state) => state.userData !== null);
  const endReason = useSessionStore((state) => state.endReason);
  if (!signedIn) {
    if (endReason === 'expired') return <Navigate to={PATHS.expiredToken} replace />;
    if (endReason === 'logout') return <Navigate to={PATHS.login} replace />;
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  return <>{children ?? <Outlet />}</>;
}
