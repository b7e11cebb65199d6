/**
 * The app root. The entry chunk holds only what the sign-in page needs (router, i18n, this
 * file); everything with MUI is behind `React.lazy` (docs/requirements/quality-goals.md: sign-in
 * page initial JS ≤ 120 KiB gzip).
 *
 * - /login: the sign-in page (its own chunk, no MUI).
 * - everything else: the MUI part of the app (mui-app.tsx): misc pages, the signed-in area
 *   with the shell and the product screens, and the 404.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PATHS } from '../lib/paths.ts';
import { AppErrorBoundary } from './error-boundary.tsx';
import { NavigationBridge } from './navigation-bridge.tsx';
import { PageLoader } from './page-loader.tsx';

const LoginPage = lazy(() => import('../features/auth/components/login-page.tsx'));
const MuiApp = lazy(() => import('./mui-app.tsx'));

/** The route tree without a router, so tests can put it in a MemoryRouter. */
export function AppRoutes() {
  return (
    <AppErrorBoundary>
      <NavigationBridge />
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route path={PATHS.login} element={<LoginPage />} />
          <Route path="*" element={<MuiApp />} />
        </Routes>
      </Suspense>
    </AppErrorBoundary>
  );
}

export function App({ children }: { children?: ReactNode }) {
  return (
    <BrowserRouter>
      <AppRoutes />
      {children}
    </BrowserRouter>
  );
}
