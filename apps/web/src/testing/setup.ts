/**
 * Vitest set-up of the web project: jest-dom matchers, i18n, and a clean slate after each
 * test (DOM, storage, stubs, the app's query cache, the registered navigator).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import '../lib/i18n.ts';
import { setNavigator } from '../lib/navigation.ts';
import { queryClient } from '../lib/query-client.ts';
import { loadSessionFromStorage } from '../lib/session-store.ts';

// The first render of a lazy MUI chunk compiles many modules in jsdom; give it time.
configure({ asyncUtilTimeout: 10_000 });

// Failures must surface at once in tests, not after the production retry back-off.
const defaults = queryClient.getDefaultOptions();
queryClient.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });

afterEach(() => {
  cleanup();
  queryClient.clear();
  window.localStorage.clear();
  loadSessionFromStorage();
  setNavigator(null);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
