/**
 * The signed-in product: providers of server state and abilities, the shell, and the routes.
 *
 * - One route per menu entry (navigation.ts), each guarded by the entry's `{action, subject}`
 *   (docs/requirements/roles.md). Routes come from the menu data so no path is written twice;
 *   screens not built yet render "coming soon" in the shell.
 * - The template's demo routes (docs/requirements/routes.md): `/access-control` (needs `read ACL`),
 *   the `/page-layout/*` variants (each with its shell overrides, the blank one with no shell);
 *   every other path goes to the lazy catch-all (demo-route.tsx): "coming soon" in the shell
 *   for a demo page later issues build, the 404 (signed in or not) for anything else.
 * - The navbar gets the demo search and bookmarks here, so the shell imports no demo code.
 *   The bookmark links render once the browser is idle after the first screen, and neither
 *   they nor the search start the demo mock until used (demo/mock/start.ts): MSW and the demo
 *   data are never part of a product screen (docs/requirements/quality-goals.md;
 *   docs/decisions/0018-web-delivery.md).
 * - The client switcher (tenancy) and its menu are fetched only for users with two or more
 *   clients, who are the only ones to see it; everyone else sees the client's name, which
 *   is what the switcher itself shows them (MUI's Menu stays out of first paint).
 * - The comments feature comes in twice, both lazily: the mention bell in the
 *   navbar's end-aligned group for users who read reviews, behind a placeholder of its size so
 *   nothing moves when it arrives (CLS); and the internal comments section of the review detail,
 *   handed to the reviews feature through `ReviewPanelsContext` (features never import each
 *   other). Neither is part of the Reviews screen's first paint.
 */
import { AbilityProvider, useAbility } from '@casl/react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { PAGE_LAYOUT_DEMOS } from '../demo/page-layouts/routes.ts';
import { GlobalSearch } from '../demo/search/components/global-search.tsx';
import type { ProductSearchPage } from '../demo/search/components/search-options.ts';
import { useLogout } from '../features/auth/use-logout.ts';
import { AppShell, type LayoutOverrides } from '../layout/app-shell.tsx';
import { navLeaves, searchableScreens, type NavItem } from '../layout/navigation.ts';
import { buildAbility, SUBJECTS, type AppAbility, type Permission } from '../lib/ability.ts';
import { ReviewPanelsContext, type ReviewPanels } from '../lib/internal-comments.ts';
import { useMyClients } from '../features/tenancy/api/get-my-clients.ts';
import { PATHS } from '../lib/paths.ts';
import { queryClient } from '../lib/query-client.ts';
import { useSessionStore } from '../lib/session-store.ts';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { ComingSoonContent } from '../pages/misc/coming-soon.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RequirePermission } from './require-permission.tsx';
import { TopProgress } from './top-progress.tsx';
import { ShowcaseGroup } from '../demo/showcase-menu/showcase-group.tsx';

const InsightScreens = lazy(() => import('./insight-screens.tsx'));
/** The paths insight-screens.tsx serves (listed here too: importing its map would load its chunk). */
export const INSIGHT_PATHS = [
  '/apps/business-overview/order-insights',
  '/apps/business-overview/revenue-projections',
  '/apps/business-overview/delivery-insights',
  '/apps/business-overview/dining-insights',
  '/apps/digital-marketing/instagram-insights',
  '/apps/digital-marketing/ads-pro',
  '/apps/reporting/data-tracker',
  '/apps/reporting/report-on-demand',
  '/apps/reporting/outlet-timings',
  '/apps/reporting/live-menu',
  '/apps/reporting/item-offer-tracker',
  '/apps/menu-management/insights',
  '/apps/menu-management/audit-history',
] as const;

/** Screens built so far, by path. */
const BUILT_SCREENS: Readonly<Record<string, ComponentType>> = {
  // The Overview (decision 0040): where `/` and a sign-in without `next` land.
  [PATHS.home]: lazy(() => import('../features/overview/components/overview-page.tsx')),
  [PATHS.reviews]: lazy(() => import('../features/reviews/components/reviews-page.tsx')),
  [PATHS.inbox]: lazy(() => import('../features/inbox/components/inbox-page.tsx')),
  [PATHS.complaints]: lazy(() => import('../features/complaints/components/complaints-page.tsx')),
  [PATHS.tickets]: lazy(() => import('../features/tickets/components/tickets-page.tsx')),
  [PATHS.usersAccess]: lazy(() => import('../features/tenancy/components/users-access-page.tsx')),
  [PATHS.clientOnboarding]: lazy(() => import('../features/tenancy/components/onboarding-page.tsx')),
  '/apps/reviews_and_complaints/automation': lazy(() => import('../features/automation/components/automation-page.tsx')),
  '/apps/reviews_and_complaints/competitor-analysis': lazy(() => import('../features/competitors/components/competitors-page.tsx')),
  // Business Overview, Reporting, Menu Management, Instagram insights and Ads pro (
  // #14): one lazy route for their thirteen screens (insight-screens.tsx).
  ...Object.fromEntries(INSIGHT_PATHS.map((path) => [path, InsightScreens])),
};

const FacebookConnectPage = lazy(() => import('../features/reviews/components/facebook-connect-page.tsx'));
/** Order import: a screen without a menu entry, linked from the Business Overview screens. */
const OrderImportPage = lazy(() => import('../features/orders/components/order-import-page.tsx'));
const AccessControlPage = lazy(() => import('../demo/access-control/access-control-page.tsx'));
const PageLayoutPage = lazy(() => import('../demo/page-layouts/page-layout-page.tsx'));
const Bookmarks = lazy(() => import('../demo/search/components/bookmarks.tsx'));
const DemoRoute = lazy(() => import('./demo-route.tsx'));
const MentionBell = lazy(() => import('../features/comments/components/mention-bell.tsx'));
/** The review detail's internal comments, fetched when a review opens (lib/internal-comments.ts). */
const REVIEW_PANELS: ReviewPanels = {
  InternalComments: lazy(() => import('../features/comments/components/internal-comments.tsx')),
  OpenComplaint: lazy(() => import('../features/complaints/components/open-complaint-button.tsx')),
};
const ClientSwitcher = lazy(() =>
  import('../features/tenancy/components/client-switcher.tsx').then((module) => ({ default: module.ClientSwitcher })),
);

/** Facebook connections: every role that reads reviews sees the token health; owners connect. */
const FACEBOOK_CONNECT_PERMISSION: Permission = { action: 'read', subject: SUBJECTS.pageConnection };

/** The ACL demo's route needs what the demo client has (docs/requirements/roles.md: read on
 * ACL). */
const ACCESS_CONTROL_PERMISSION: Permission = { action: 'read', subject: SUBJECTS.acl };

/** Rebuilds the ability whenever the session's `userData` changes (sign-in, refresh, 401). */
function SessionAbilityProvider({ children }: { children: ReactNode }) {
  const rules = useSessionStore((state) => state.userData?.ability);
  const ability = useMemo(() => buildAbility(rules), [rules]);
  return <AbilityProvider value={ability}>{children}</AbilityProvider>;
}

/** The product screens the search offers: those the user's abilities allow
 * (docs/requirements/roles.md). */
function useProductSearchPages(): ProductSearchPage[] {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  return useMemo(
    () =>
      searchableScreens(ability).flatMap((item) =>
        item.navLink ? [{ id: item.id, title: t(item.title), link: item.navLink, icon: item.icon, reload: item.reload }] : [],
      ),
    [ability, t],
  );
}

/**
 * The navbar's client: the client switcher for a user of several clients, else the client's
 * name, as the switcher shows it (features/tenancy/components/client-switcher.tsx, which
 * reads the same cached `GET /api/my-clients`).
 */
function NavbarClient({ clientName }: { clientName: string | null }) {
  const clients = useMyClients();
  const name = clientName ? (
    <Typography variant="body2" color="text.secondary" noWrap>
      {clientName}
    </Typography>
  ) : null;
  if ((clients.data?.data.length ?? 0) < 2) return name;
  return (
    <Suspense fallback={name}>
      <ClientSwitcher clientName={clientName} />
    </Suspense>
  );
}

/** Size in px of the bell's button (an IconButton: 24 px icon, 8 px padding), kept while it loads. */
const BELL_SIZE = 40;

/**
 * The mention bell for users who read reviews (its list is about reviews), with its place kept
 * from the first render so the navbar does not move when it arrives.
 */
function NavbarMentions() {
  const ability = useAbility<AppAbility>();
  if (!ability.can('read', SUBJECTS.review)) return null;
  return (
    <Suspense fallback={<Box aria-hidden data-testid="mention-bell-placeholder" sx={{ width: BELL_SIZE, height: BELL_SIZE, flexShrink: 0 }} />}>
      <MentionBell />
    </Suspense>
  );
}

/** Longest wait for an idle moment before the deferred navbar parts render anyway. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * True once the browser has been idle after the first render: parts of the shell that are not
 * needed to use the screen (the bookmark links) wait for it, so their chunks never compete
 * with the screen's own.
 */
function useIdleAfterFirstRender(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(() => setIdle(true), 200);
    return () => clearTimeout(timer);
  }, []);
  return idle;
}

function SignedInLayout({ overrides, children }: { overrides?: LayoutOverrides; children?: ReactNode }) {
  const { logout, loggingOut } = useLogout();
  const productPages = useProductSearchPages();
  const clientName = useSessionStore((state) => state.userData?.client?.name ?? null);
  const idle = useIdleAfterFirstRender();
  return (
    <AppShell
      onLogout={() => void logout()}
      loggingOut={loggingOut}
      overrides={overrides}
      clientSlot={<NavbarClient clientName={clientName} />}
      menuEnd={ShowcaseGroup}
      navbarStart={
        idle && (
          <Suspense fallback={null}>
            <Bookmarks />
          </Suspense>
        )
      }
      navbarEnd={
        <>
          <GlobalSearch productPages={productPages} />
          <NavbarMentions />
        </>
      }
    >
      <ReviewPanelsContext.Provider value={REVIEW_PANELS}>
        <Suspense fallback={<TopProgress />}>{children ?? <Outlet />}</Suspense>
      </ReviewPanelsContext.Provider>
    </AppShell>
  );
}

/** A routed product screen: its document title and, when it has one, its permission guard. */
function Screen({ title, permission, children }: { title: string; permission: Permission | null; children: ReactNode }) {
  useDocumentTitle(title);
  return permission ? <RequirePermission permission={permission}>{children}</RequirePermission> : children;
}

function FacebookConnectScreen() {
  const { t } = useTranslation();
  return (
    <Screen title={t('facebook.title')} permission={FACEBOOK_CONNECT_PERMISSION}>
      <FacebookConnectPage />
    </Screen>
  );
}

/**
 * `/` for a user who may not read the Overview (a role granted neither the reviews nor the
 * Business Overview module, or a super admin who has not chosen a client yet): their first
 * screen in menu order, else "not authorized".
 */
function HomeFallback() {
  const ability = useAbility<AppAbility>();
  const first = searchableScreens(ability).find((item) => item.navLink && item.navLink !== PATHS.home);
  return <Navigate to={first?.navLink ?? PATHS.notAuthorized} replace />;
}

function ProductScreen({ item }: { item: NavItem }) {
  const { t } = useTranslation();
  const ability = useAbility<AppAbility>();
  const hasClient = useSessionStore((state) => Boolean(state.userData?.client));
  if (item.navLink === PATHS.home && item.action && item.subject && (!ability.can(item.action, item.subject) || !hasClient)) return <HomeFallback />;
  const title = t(item.title);
  const Built = item.navLink ? BUILT_SCREENS[item.navLink] : undefined;
  const permission = item.action && item.subject ? { action: item.action, subject: item.subject } : null;
  return (
    <Screen title={title} permission={permission}>
      {Built ? <Built /> : <ComingSoonContent screenName={title} />}
    </Screen>
  );
}

/** Routes of the signed-in product and of the template's demo pages (module doc above). */
function ProductArea() {
  const signedIn = (element: ReactNode) => <RequireAuth>{element}</RequireAuth>;
  return (
    <QueryClientProvider client={queryClient}>
      <SessionAbilityProvider>
        <Routes>
          <Route element={signedIn(<SignedInLayout />)}>
            {navLeaves().map((item) => (
              <Route key={item.id} path={item.navLink} element={<ProductScreen item={item} />} />
            ))}
            <Route
              path={PATHS.facebookConnect}
              element={<FacebookConnectScreen />}
            />
            <Route path="/apps/business-overview/order-import" element={<RequirePermission permission={{ action: 'update', subject: SUBJECTS.businessOverview }}><OrderImportPage /></RequirePermission>} />
            <Route
              path={PATHS.accessControl}
              element={
                // The page sets its own title from the lazily loaded demo strings.
                <RequirePermission permission={ACCESS_CONTROL_PERMISSION}>
                  <AccessControlPage />
                </RequirePermission>
              }
            />
          </Route>
          {PAGE_LAYOUT_DEMOS.map(({ variant, path, overrides }) => {
            const page = <PageLayoutPage variant={variant} />;
            // The blank layout has no shell at all; the others change it for themselves.
            if (!overrides) {
              return (
                <Route
                  key={variant}
                  path={path}
                  element={signedIn(<Suspense fallback={<TopProgress />}>{page}</Suspense>)}
                />
              );
            }
            return (
              <Route key={variant} element={signedIn(<SignedInLayout overrides={overrides} />)}>
                <Route path={path} element={page} />
              </Route>
            );
          })}
          <Route
            path="*"
            element={
              <Suspense fallback={<TopProgress />}>
                <DemoRoute shell={(content) => signedIn(<SignedInLayout>{content}</SignedInLayout>)} />
              </Suspense>
            }
          />
        </Routes>
      </SessionAbilityProvider>
    </QueryClientProvider>
  );
}

export default ProductArea;
