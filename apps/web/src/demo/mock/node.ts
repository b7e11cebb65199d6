/**
 * The demo mock for tests (docs/requirements/calls.md; docs/dependencies.md: msw 2.x, whose
 * `msw/node` intercepts `fetch` on Node 20). Same handlers as the browser, installed on the tests'
 * one MSW server (testing/api-server.ts, started by testing/setup.ts), so demo and product tests
 * share one mocking tool; a request no handler answers gets a 501 naming it.
 */
import type { RequestHandler } from 'msw';
import type { SetupServer } from 'msw/node';
import { beforeEach } from 'vitest';
import { apiServer } from '../../testing/api-server.ts';
import { createDemoHandlers } from './handlers.ts';

/**
 * Installs `handlers` (default: all demo handlers over fresh data) before each test of the
 * calling file; the set-up removes them, and any per-test overrides, after each test.
 */
export function setupDemoServer(handlers: () => RequestHandler[] = createDemoHandlers): SetupServer {
  beforeEach(() => apiServer.use(...handlers()));
  return apiServer;
}
