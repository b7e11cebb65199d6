/**
 * Render helpers: the whole app in a memory router (`renderApp`), or one screen with the
 * providers the product area gives it (`renderWithProviders`). Both expose the current
 * location so tests can assert on URLs.
 */
import { AbilityProvider } from '@casl/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { TAbilityRule } from '@dinedesk/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation, type Location } from 'react-router';
import { AppRoutes } from '../app/app.tsx';
import { NavigationBridge } from '../app/navigation-bridge.tsx';
import { theme } from '../lib/theme.ts';
import { buildAbility } from '../lib/ability.ts';
import { createQueryClient } from '../lib/query-client.ts';

export interface LocationRef {
  current: Location | null;
}

function LocationProbe({ into }: { into: LocationRef }) {
  into.current = useLocation();
  return null;
}

/** `pathname + search` of the probed location. */
export function urlOf(location: LocationRef): string {
  return location.current ? `${location.current.pathname}${location.current.search}` : '';
}

export function renderApp(path: string): RenderResult & { location: LocationRef } {
  const location: LocationRef = { current: null };
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
      <LocationProbe into={location} />
    </MemoryRouter>,
  );
  return { ...result, location };
}

export interface ProvidersOptions {
  path?: string;
  /** The route pattern `ui` is mounted on (default: any path). */
  routePath?: string;
  rules?: TAbilityRule[];
  queryClient?: QueryClient;
  /** Extra routes next to `ui`, e.g. a redirect target. */
  extraRoutes?: ReactNode;
}

export function renderWithProviders(
  ui: ReactElement,
  { path = '/', routePath = '*', rules, queryClient = testQueryClient(), extraRoutes }: ProvidersOptions = {},
): RenderResult & { location: LocationRef; queryClient: QueryClient } {
  const location: LocationRef = { current: null };
  const result = render(
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <QueryClientProvider client={queryClient}>
        <AbilityProvider value={buildAbility(rules)}>
          <MemoryRouter initialEntries={[path]}>
            <NavigationBridge />
            <Routes>
              <Route path={routePath} element={ui} />
              {extraRoutes}
            </Routes>
            <LocationProbe into={location} />
          </MemoryRouter>
        </AbilityProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
  return { ...result, location, queryClient };
}

/** The app's query client defaults, without retries so failures show at once. */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}
