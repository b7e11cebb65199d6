/**
 * The signed-in product: providers of server state and abilities, the shell, and one route
 * per menu entry (navigation.ts), each guarded by the entry's `{action, subject}` (spec §6).
 * Routes come from the menu data so no path is written twice; screens not built yet render
 * "coming soon" in the shell. Unknown paths get the 404 (signed in or not).
 */
import { AbilityProvider } from '@casl/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { useLogout } from '../features/auth/use-logout.ts';
import { ClientSwitcher } from '../features/tenancy/components/client-switcher.tsx';
import { AppShell } from '../layout/app-shell.tsx';
import { navLeaves, type NavItem } from '../layout/navigation.ts';
import { buildAbility, type Permission } from '../lib/ability.ts';
import { PATHS } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { ComingSoonContent } from '../pages/misc/coming-soon.tsx';
import { NotFoundPage } from '../pages/misc/not-found-page.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RequirePermission } from './require-permission.tsx';
import { TopProgress } from './top-progress.tsx';

/** Screens built so far, by path. */
const BUILT_SCREENS: Readonly<Record<string, ComponentType>> = {
  [PATHS.reviews]: lazy(() => import('../features/reviews/components/reviews-page.tsx')),
  [PATHS.usersAccess]: lazy(() => import('../features/tenancy/components/users-access-page.tsx')),
  [PATHS.clientOnboarding]: lazy(() => import('../features/tenancy/components/onboarding-page.tsx')),
};

/** Rebuilds the ability whenever the session's `userData` changes (sign-in, refresh, 401). */
function SessionAbilityProvider({ children }: { children: ReactNode }) {
  const rules = useSessionStore((state) => state.userData?.ability);
  const ability = useMemo(() => buildAbility(rules), [rules]);
  return <AbilityProvider value={ability}>{children}</AbilityProvider>;
}

function SignedInLayout() {
  const { logout, loggingOut } = useLogout();
  const clientName = useSessionStore((state) => state.userData?.client?.name ?? null);
  return (
    <AppShell onLogout={() => void logout()} loggingOut={loggingOut} clientSlot={<ClientSwitcher clientName={clientName} />}>
      <Suspense fallback={<TopProgress />}>
        <Outlet />
      </Suspense>
    </AppShell>
  );
}

function ProductScreen({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const title = t(item.title);
  useDocumentTitle(title);
  const Screen = item.navLink ? BUILT_SCREENS[item.navLink] : undefined;
  const permission: Permission | null =
    item.action && item.subject ? { action: item.action, subject: item.subject } : null;
  const content = Screen ? <Screen /> : <ComingSoonContent screenName={title} />;
  return permission ? <RequirePermission permission={permission}>{content}</RequirePermission> : content;
}

export function ProductArea() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionAbilityProvider>
        <Routes>
          <Route
            element={
              <RequireAuth>
                <SignedInLayout />
              </RequireAuth>
            }
          >
            <Route path={PATHS.home} element={<Navigate to={PATHS.reviews} replace />} />
            {navLeaves().map((item) => (
              <Route key={item.id} path={item.navLink} element={<ProductScreen item={item} />} />
            ))}
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </SessionAbilityProvider>
    </QueryClientProvider>
  );
}

export default ProductArea;
