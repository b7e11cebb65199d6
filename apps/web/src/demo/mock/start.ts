/**
 * Starts the browser demo mock (docs/requirements/calls.md#demo-mock-calls;
 * docs/dependencies.md#msw) only when something needs it, so product screens never download it
 * (docs/requirements/quality-goals.md: the demo mock and its data are never in the initial load;
 * docs/decisions/0018-web-delivery.md):
 *
 * - the first demo call ({@link demoRequest} in demo-fetch.ts: the search dialog's data, the
 *   bookmark list, later every demo area's data) starts it and waits for it;
 * - a demo route starts it when it renders ({@link useDemoMock}), and the search and bookmark
 *   buttons on hover or focus, so the first answer comes within a second of opening;
 * - MSW and the demo data are a separate chunk fetched by dynamic import;
 * - `VITE_DEMO_MOCK=off` at build time removes the mock from the build altogether;
 * - browsers without service workers (and jsdom) skip it.
 *
 * Everything else passes straight through (`onUnhandledRequest: 'bypass'` in browser.ts).
 */
import { useEffect } from 'react';
import { markDemoMockReady, whenDemoMockReady } from './ready.ts';

/** Longest wait for the worker; after it, demo calls go ahead (and fail if it never came). */
const START_TIMEOUT_MS = 10_000;

let started: Promise<void> | null = null;
const listeners = new Set<() => void>();

/**
 * Starts the mock once per page and resolves when it has settled (started, off, unsupported or
 * failed); later calls return the same promise. Never rejects.
 */
export function startDemoMock(): Promise<void> {
  if (started) return started;
  const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
  // The literal check (not DEMO_MOCK_ENABLED) lets the bundler drop the import when off.
  if (import.meta.env.VITE_DEMO_MOCK !== 'off' && supported) {
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, START_TIMEOUT_MS));
    void import('./browser.ts')
      .then(({ startWorker }) => Promise.race([startWorker(), timeout]))
      .catch((error: unknown) => {
        // The product works without the mock; only the demo areas lose their data.
        console.warn('The demo mock could not start; demo areas will have no data.', error);
      })
      .finally(markDemoMockReady);
  } else {
    markDemoMockReady();
  }
  started = whenDemoMockReady();
  for (const listener of listeners) listener();
  return started;
}

/** Whether {@link startDemoMock} has been called on this page. */
export function demoMockRequested(): boolean {
  return started !== null;
}

/** Calls `listener` when the mock is first requested; returns the unsubscribe function. */
export function subscribeDemoMockRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Starts the mock when the calling component (a demo route) mounts. */
export function useDemoMock(): void {
  useEffect(() => {
    void startDemoMock();
  }, []);
}
