/**
 * Every demo area's handlers, each over its own fresh in-memory data (spec §7 "Demo mock
 * calls"). The browser worker (browser.ts) and the tests (`msw/node`, node.ts) use the same
 * handlers. A new demo area adds its `create…Handlers()` here.
 */
import type { RequestHandler } from 'msw';
import { createSearchDb } from '../search/data.ts';
import { createSearchHandlers } from '../search/handlers.ts';

/** All demo handlers, each area over fresh in-memory data. */
export function createDemoHandlers(): RequestHandler[] {
  return [...createSearchHandlers(createSearchDb())];
}
