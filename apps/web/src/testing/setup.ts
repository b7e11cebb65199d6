/**
 * Vitest set-up of the web project: jest-dom matchers, i18n, and a clean slate after each
 * test (DOM, storage, stubs, the app's query cache, the registered navigator, the layout
 * settings, the language). HTTP is answered by the one MSW server of the tests
 * (testing/api-server.ts): each test installs its handlers (product ones from the contracts,
 * testing/contract-handlers.ts; demo ones through demo/mock/node.ts), they are removed after
 * it, and a handler that broke the contract fails the test. The demo mock counts as ready.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { markDemoMockReady } from '../demo/mock/ready.ts';
import { reloadLayoutSettings } from '../layout/layout-settings-store.ts';
import i18n, { FALLBACK_LANGUAGE } from '../lib/i18n.ts';
import { setNavigator } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';
import { loadSessionFromStorage } from '../lib/session-store.ts';
import { apiServer, clearRecordedRequests, takeViolations } from './api-server.ts';

// The first render of a lazy MUI chunk compiles many modules in jsdom; give it time.
configure({ asyncUtilTimeout: 10_000 });

markDemoMockReady();

// Failures must surface at once in tests, not after the production retry back-off.
const defaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });

// Every request is answered by a handler or the server's 501 fallback: nothing reaches a network.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
// Components rendered without the app's Suspense boundary find the lazy namespaces loaded, as
// they are once that boundary has waited for them (lib/i18n.ts loads them lazily).
beforeAll(() => i18n.loadNamespaces(['inbox', 'reviews', 'facebook', 'tenancy', 'customizer', 'comments', 'complaints', 'tickets']));
afterAll(() => apiServer.close());

afterEach(async () => {
  cleanup();
  apiServer.resetHandlers();
  clearRecordedRequests();
  queryClient.clear();
  window.localStorage.clear();
  loadSessionFromStorage();
  reloadLayoutSettings();
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('data-skin');
  if (i18n.language !== FALLBACK_LANGUAGE) await i18n.changeLanguage(FALLBACK_LANGUAGE);
  setNavigator(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  const violations = takeViolations();
  if (violations.length > 0) throw new Error(`The test backend broke the contract:\n${violations.join('\n')}`);
});
