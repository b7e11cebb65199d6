/**
 * Everything that uses MUI, loaded after the entry: the theme of the layout settings
 * (docs/requirements/data.md), the full-page misc screens (docs/requirements/routes.md /misc/*),
 * and the product area (lazy again: shell, abilities, server state). The demo mock is not started
 * here: only demo routes, the search and the bookmarks start it (demo/mock/start.ts,
 * docs/decisions/0018-web-delivery.md).
 */
import type { TLoginRequest } from '@dinedesk/contracts';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PATHS } from '../lib/paths.ts';
import { ComingSoonPage } from '../pages/misc/coming-soon.tsx';
import { ErrorPage } from '../pages/misc/error-page.tsx';
import { ExpiredTokenPage } from '../pages/misc/expired-token-page.tsx';
import { MaintenancePage } from '../pages/misc/maintenance-page.tsx';
import { NotAuthorizedPage } from '../pages/misc/not-authorized.tsx';
import { ThemeRoot } from './theme-root.tsx';
import { TopProgress } from './top-progress.tsx';

const ProductArea = lazy(() => import('./product-area.tsx'));
const SetPasswordPage = lazy(() => import('../features/tenancy/components/set-password-page.tsx'));

/** The auth feature's sign-in for the invitation page, fetched when used (it brings zod). */
const signInLazily = (input: TLoginRequest) => import('../features/auth/sign-in.ts').then((module) => module.signIn(input));

/** The MUI part of the app: theme root, full-page misc routes, the lazy product area. */
function MuiApp() {
  return (
    <ThemeRoot>
      <Suspense fallback={<TopProgress />}>
        <Routes>
          <Route path={PATHS.expiredToken} element={<ExpiredTokenPage />} />
          <Route path={PATHS.comingSoon} element={<ComingSoonPage />} />
          <Route path={PATHS.notAuthorized} element={<NotAuthorizedPage />} />
          <Route path={PATHS.maintenance} element={<MaintenancePage />} />
          <Route path={PATHS.error} element={<ErrorPage />} />
          <Route path={PATHS.setPassword} element={<SetPasswordPage signIn={signInLazily} />} />
          <Route path="*" element={<ProductArea />} />
        </Routes>
      </Suspense>
    </ThemeRoot>
  );
}

export default MuiApp;
