/**
 * The demo mock for tests (spec §7; stack-notes.md: msw 2.x, whose `msw/node` intercepts
 * `fetch` on Node 20). Same handlers as the browser; unhandled requests fail the test, so a
 * test cannot silently reach a network.
 */
import type { RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createDemoHandlers } from './handlers.ts';

/**
 * Starts an MSW server for the calling test file with `handlers` (default: all demo
 * handlers over fresh data), resets per-test overrides after each test, closes at the end.
 */
export function setupDemoServer(handlers: () => RequestHandler[] = createDemoHandlers): SetupServer {
  const server = setupServer(...handlers());
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers(...handlers()));
  afterAll(() => server.close());
  return server;
}
