/**
 * Vitest set-up of the web project: jest-dom matchers, i18n, and a clean slate after each
 * test (DOM, storage, stubs, the app's query cache, the registered navigator, the layout
 * settings, the language). The demo mock counts as ready: tests that make demo calls install
 * the handlers themselves with `msw/node` (demo/mock/node.ts).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { markDemoMockReady } from '../demo/mock/ready.ts';
import { reloadLayoutSettings } from '../layout/layout-settings-store.ts';
import i18n, { FALLBACK_LANGUAGE } from '../lib/i18n.ts';
import { setNavigator } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';
import { loadSessionFromStorage } from '../lib/session-store.ts';

// The first render of a lazy MUI chunk compiles many modules in jsdom; give it time.
configure({ asyncUtilTimeout: 10_000 });

markDemoMockReady();

// Failures must surface at once in tests, not after the production retry back-off.
const defaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });

afterEach(async () => {
  cleanup();
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
});
