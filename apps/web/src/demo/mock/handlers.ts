/**
 * Every demo area's handlers, each over its own data (docs/requirements/calls.md#demo-mock-calls).
 * The browser worker (browser.ts) and the tests (`msw/node`, node.ts) use the same handlers: the
 * browser keeps each area's data for the session (`persist`), tests start every test
 * from the template's initial state.
 *
 * A new demo area adds its `create…Handlers(state(...))` here.
 */
import type { RequestHandler } from 'msw';
import { createAccountDb } from '../account/data.ts';
import { createAccountHandlers } from '../account/handlers.ts';
import { createAuthDb } from '../auth-pages/data.ts';
import { createAuthHandlers } from '../auth-pages/handlers.ts';
import { createBlogDb } from '../blog/data.ts';
import { createBlogHandlers } from '../blog/handlers.ts';
import { createCalendarDb } from '../calendar/data.ts';
import { createCalendarHandlers } from '../calendar/handlers.ts';
import { createChatDb } from '../chat/data.ts';
import { createChatHandlers } from '../chat/handlers.ts';
import { createDashboardHandlers } from '../dashboards/handlers.ts';
import { createShopDb } from '../ecommerce/data.ts';
import { createShopHandlers } from '../ecommerce/handlers.ts';
import { createEmailDb } from '../email/data.ts';
import { createEmailHandlers } from '../email/handlers.ts';
import { createFaqDb } from '../faq/data.ts';
import { createFaqHandlers } from '../faq/handlers.ts';
import { createInvoiceDb } from '../invoice/data.ts';
import { createInvoiceHandlers } from '../invoice/handlers.ts';
import { createProfileDb } from '../profile/data.ts';
import { createProfileHandlers } from '../profile/handlers.ts';
import { createKnowledgeBaseDb } from '../knowledge-base/data.ts';
import { createKnowledgeBaseHandlers } from '../knowledge-base/handlers.ts';
import { createPricingDb } from '../pricing/data.ts';
import { createPricingHandlers } from '../pricing/handlers.ts';
import { createSearchDb } from '../search/data.ts';
import { createSearchHandlers } from '../search/handlers.ts';
import { createTodoDb } from '../todo/data.ts';
import { createTodoHandlers } from '../todo/handlers.ts';
import { createUsersDb } from '../users/data.ts';
import { createUsersHandlers } from '../users/handlers.ts';
import { memoryState, sessionState, type DemoState } from './session-state.ts';

export interface DemoHandlersOptions {
  /** Keep each area's data in sessionStorage (the browser); default: memory (tests). */
  persist?: boolean;
}

/** All demo handlers, each area over its own data (fresh unless persisted and stored). */
export function createDemoHandlers({ persist = false }: DemoHandlersOptions = {}): RequestHandler[] {
  /** The area's data: stored for the session in the browser, fresh in tests. */
  const state = <T,>(area: string, create: () => T): DemoState<T> => (persist ? sessionState(area, create) : memoryState(create));
  return [
    ...createSearchHandlers(createSearchDb()),
    ...createEmailHandlers(state('email', createEmailDb)),
    ...createChatHandlers(state('chat', createChatDb)),
    ...createTodoHandlers(state('todo', createTodoDb)),
    ...createCalendarHandlers(state('calendar', createCalendarDb)),
    ...createUsersHandlers(state('users', createUsersDb)),
    ...createInvoiceHandlers(state('invoice', createInvoiceDb)),
    ...createDashboardHandlers(),
    ...createAuthHandlers(state('auth', createAuthDb)),
    ...createAccountHandlers(state('account', createAccountDb)),
    ...createProfileHandlers(state('profile', createProfileDb)),
    ...createShopHandlers(state('ecommerce', createShopDb)),
    ...createFaqHandlers(createFaqDb()),
    ...createKnowledgeBaseHandlers(createKnowledgeBaseDb()),
    ...createPricingHandlers(createPricingDb()),
    ...createBlogHandlers(state('blog', createBlogDb)),
  ];
}
