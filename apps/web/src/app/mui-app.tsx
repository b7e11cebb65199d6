/**
 * Everything that uses MUI, loaded after the entry: theme, the misc pages (spec §2
 * /misc/*), and the product area (lazy again: shell, abilities, server state).
 */
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { PATHS } from '../lib/paths.ts';
import { ComingSoonPage } from '../pages/misc/coming-soon.tsx';
import { ExpiredTokenPage } from '../pages/misc/expired-token-page.tsx';
import { NotAuthorizedPage } from '../pages/misc/not-authorized.tsx';
import { theme } from './theme.ts';
import { TopProgress } from './top-progress.tsx';

const ProductArea = lazy(() => import('./product-area.tsx'));
const SetPasswordPage = lazy(() => import('../features/tenancy/components/set-password-page.tsx'));

export function MuiApp() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Suspense fallback={<TopProgress />}>
        <Routes>
          <Route path={PATHS.expiredToken} element={<ExpiredTokenPage />} />
          <Route path={PATHS.comingSoon} element={<ComingSoonPage />} />
          <Route path={PATHS.notAuthorized} element={<NotAuthorizedPage />} />
          <Route path={PATHS.setPassword} element={<SetPasswordPage />} />
          <Route path="*" element={<ProductArea />} />
        </Routes>
      </Suspense>
    </ThemeProvider>
  );
}

export default MuiApp;
