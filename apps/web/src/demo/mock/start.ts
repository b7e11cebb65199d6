/**
 * Starts the browser demo mock (spec §7 "Demo mock calls"; stack-notes.md "MSW") without ever
 * holding up the product:
 *
 * - called after the MUI part of the app has rendered, and even then only when the browser is
 *   idle, so product chunks and calls go first;
 * - MSW and the demo data are a separate chunk fetched by dynamic import (targets.md: the demo
 *   mock and its data are never in the initial load);
 * - `VITE_DEMO_MOCK=off` at build time removes the mock from the build altogether;
 * - browsers without service workers (and jsdom) skip it.
 *
 * Demo calls wait for {@link whenDemoMockReady}; everything else passes straight through
 * (`onUnhandledRequest: 'bypass'` in browser.ts).
 */
import { markDemoMockReady } from './ready.ts';

/** Whether this build includes the demo mock (`VITE_DEMO_MOCK=off` turns it off). */
export const DEMO_MOCK_ENABLED: boolean = import.meta.env.VITE_DEMO_MOCK !== 'off';

/** Longest wait for the worker; after it, demo calls go ahead (and fail if it never came). */
const START_TIMEOUT_MS = 10_000;

let started: Promise<void> | null = null;

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: 2_000 });
    else setTimeout(resolve, 200);
  });
}

/** Starts the mock once per page; later calls return the same promise. Never rejects. */
export function startDemoMock(): Promise<void> {
  if (started) return started;
  const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
  // The literal check (not DEMO_MOCK_ENABLED) lets the bundler drop the import when off.
  if (import.meta.env.VITE_DEMO_MOCK !== 'off' && supported) {
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, START_TIMEOUT_MS));
    started = whenIdle()
      .then(() => import('./browser.ts'))
      .then(({ startWorker }) => Promise.race([startWorker(), timeout]))
      .catch((error: unknown) => {
        // The product works without the mock; only the demo areas lose their data.
        console.warn('The demo mock could not start; demo areas will have no data.', error);
      })
      .finally(markDemoMockReady);
  } else {
    markDemoMockReady();
    started = Promise.resolve();
  }
  return started;
}
