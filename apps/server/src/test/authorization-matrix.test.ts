/**
 * Authorization matrix (docs/requirements/quality-goals.md#security, OWASP API1:2023): every
 * registered route × actor × ids of client A and of client B → the expected allow or refusal, with
 * nothing written (database rows, simulator state) on a refusal. The route list and each route's
 * need (`config.need`) come from the app's own route table (`app.routeTable`, an onRoute
 * hook): this file only says how to call a route, so a new route without a call here fails the
 * first test, and the expectation follows the need the route declares. Invitations and set-password
 * across clients are checked for every role of both clients and the super admin in "invitations
 * across clients"; socket handshake and `inbox:replay` are covered at the end.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { and, asc, eq, inArray, isNotNull, ne, notInArray, sql } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { MODULES, SOCKET_CLIENT_OPTIONS, SOCKET_EVENTS, type TReplayAck } from '@dinedesk/contracts';
import { placeIdFor } from '@dinedesk/demo-data';
import { schema } from '../db/client.ts';
import type { RouteNeed } from '../plugins/auth.ts';
import { issueAccessToken } from '../modules/access/index.ts';
import { reviewSyncPageJob } from '../modules/reviews/index.ts';
import { bearer, startHarness, tableCounts, type Harness } from './harness.ts';

type Tenant = 'A' | 'B';
type ActorName = 'ownerA' | 'managerA' | 'viewerA' | 'ownerB' | 'superAdmin' | 'none' | 'expired';
const ACTORS: ActorName[] = ['ownerA', 'managerA', 'viewerA', 'ownerB', 'superAdmin', 'none', 'expired'];

/** Ids of one client; for A they belong to an outlet the outlet manager of A may not see. */
interface TenantIds {
  clientId: string;
  brandId: string;
  pageId: string;
  reviewId: string;
  conversationId: string;
  messageId: string;
  /** The agent of the client: target of role and access calls. */
  agentUserId: string;
  /** A background job (a review sync) of the page above. */
  jobId: string;
  /** The page's outlet, its Google location (`locations/{n}`), a Google review there, and the client's Google connection. */
  outletId: string;
  locationId: string;
  accountName: string;
  googleReviewId: string;
  googleConnectionId: string;
  /** A finished export of every outlet, requested by the tenant's owner. */
  exportId: string;
  /** A finished report of the outlet above, requested by the tenant's owner. */
  reportRunId: string;
  /** Reply templates of the tenant, one used up per allowed delete. */
  templateIds: string[];
  /** Page replies on the review above, posted by the owner: one per actor for deletes, the first for edits. */
  replyIds: string[];
  /** A complaint opened by the owner from the review above, and the ticket made from it. */
  complaintId: string;
  ticketId: string;
  /** An automation rule of the tenant's owner, and a draft of it waiting on the review above. */
  ruleId: string;
  draftId: string;
  /** A run of that rule still waiting out its delay (the rule is off, so an allowed run-now answers 409 and writes nothing). */
  scheduledRunId: string;
  /** Rules of the tenant, one used up per allowed delete. */
  deletableRuleIds: string[];
  /** A menu item (added by hand, version 0) of the outlet above. */
  menuItemId: string;
  /** Offers on that item, one used up per allowed delete. */
  offerIds: string[];
}

interface Actor {
  name: ActorName;
  /** The client the actor's session acts for (null: not signed in). */
  client: Tenant | null;
  can(action: string, subject: string): boolean;
  /** Whether the actor sees the outlet of the tenant's ids. */
  seesOutletOf(t: Tenant): boolean;
  token(): Promise<string | null>;
}

/**
 * How to call one route: the request with the ids of a tenant. Who may call it is not restated
 * here: it is the route's declared need (`config.need`, plugins/auth.ts), read from
 * `app.routeTable`, against what each actor may do (written out below, independently of
 * lib/ability.ts).
 */
interface Call {
  request(ids: TenantIds, t: Tenant): InjectOptions;
  /** Public routes: the status every actor gets (these calls send credentials no one has). */
  publicStatus?: number;
  /** Needs a fresh token per call (logout revokes it). */
  freshToken?: boolean;
  /** The request names tenant `t`'s row by a short id only (a review id): it always targets `t`. */
  namesTenant?: boolean;
}
type Expected = 'allow' | 401 | 403 | 404;

let h: Harness;
const ids = {} as Record<Tenant, TenantIds>;
const actors = {} as Record<ActorName, Actor>;
let counter = 0;

/** Whether a request names ids of tenant `t` (else it acts on the caller's own client). */
function carriesIdsOf(req: InjectOptions, t: Tenant): boolean {
  const text = JSON.stringify(req);
  // The long ids only: review, conversation and message ids are short numbers that could match by chance.
  return [ids[t].clientId, ids[t].brandId, ids[t].pageId, ids[t].agentUserId, ids[t].jobId, ids[t].outletId, ids[t].locationId, ids[t].googleConnectionId, ids[t].exportId, ids[t].reportRunId, ids[t].menuItemId].some((id) => text.includes(id));
}

/**
 * The answer an actor should get, from the route's declared need: public → the stated status;
 * no valid token → 401; ability missing → 403; then the scope: ids of another client (or, for
 * `outlet`, of an outlet the actor may not see) → 404; `membership` lets a super admin into any
 * client (docs/decisions/0003, 0004, 0011).
 */
function computeExpected(need: RouteNeed, call: Call, req: InjectOptions, actor: Actor, t: Tenant): Expected | number {
  if (need === 'public') return call.publicStatus!;
  if (!actor.client) return 401;
  if (need === 'signed-in') return 'allow';
  if (!actor.can(need.action, need.subject)) return 403;
  const target = call.namesTenant || carriesIdsOf(req, t) ? t : actor.client;
  switch (need.scope) {
    case 'own':
      return 'allow';
    case 'membership':
      return actor.name === 'superAdmin' || actor.client === target ? 'allow' : 404;
    case 'client':
      return actor.client === target ? 'allow' : 404;
    case 'outlet':
      return actor.client === target && actor.seesOutletOf(target) ? 'allow' : 404;
  }
}

/** A competitor candidate of neither client (a global Zomato restaurant, served by the Places simulator). */
const MATRIX_PLACE = placeIdFor('global', '6317637');
const json = (method: 'GET' | 'POST', url: string, payload?: object): InjectOptions => ({ method, url, ...(payload ? { payload } : {}) });
const msgr = (i: TenantIds) => `/api/messenger/pages/${i.pageId}`;

/** How to call each route, keyed `METHOD url` exactly as the routes are registered. */
const CALLS: Record<string, Call> = {
  'GET /api/health': { publicStatus: 200, request: () => json('GET', '/api/health') },
  'POST /api/auth/login': { publicStatus: 200, request: () => json('POST', '/api/auth/login', { email: 'agent@deccan-table.demo', password: 'DineDesk-demo-2026' }) },
  'POST /api/auth/set-password': { publicStatus: 400, request: () => json('POST', '/api/auth/set-password', { token: 'x'.repeat(43), password: 'Correct-Horse-Battery-42' }) },
  // A token nobody was given: signed-in callers get 400 (not a refusal of access), others 401.
  // Tokens of real invitations across clients: "invitations across clients" below.
  'POST /api/auth/accept-invitation': { request: () => json('POST', '/api/auth/accept-invitation', { token: 'x'.repeat(43) }) },
  'GET /api/reservgo/secure-endpoint': { publicStatus: 401, request: () => json('GET', '/api/reservgo/secure-endpoint?token=not.a.token') },
  'GET /api/webhooks/meta': { publicStatus: 403, request: () => json('GET', '/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=wrong&hub.challenge=1') },
  'POST /api/webhooks/meta': { publicStatus: 403, request: (i) => json('POST', '/api/webhooks/meta', { object: 'page', entry: [{ id: i.pageId, time: 1, messaging: [] }] }) },
  'GET /api/logout': { freshToken: true, request: () => json('GET', '/api/logout') },
  'GET /api/get-client-details': { request: () => json('GET', '/api/get-client-details') },
  'GET /api/my-clients': { request: () => json('GET', '/api/my-clients') },
  'POST /api/get-user-role': { request: (i) => json('POST', '/api/get-user-role', { userId: i.agentUserId }) },
  'POST /api/access-control-of-user': { request: (i) => json('POST', '/api/access-control-of-user', { request: 'update', userId: i.agentUserId, modules: [...MODULES] }) },
  'POST /api/get-all-brands': { request: (i) => json('POST', '/api/get-all-brands', { clientId: i.clientId }) },
  'GET /api/get-access-token-by-client-id': { request: (i) => json('GET', `/api/get-access-token-by-client-id?clientId=${i.clientId}`) },
  'POST /api/client-onboarding': {
    request: (_i, t) => json('POST', '/api/client-onboarding', { clientKey: `matrix-${t.toLowerCase()}`, name: `Matrix ${t}`, brands: [{ key: 'matrix-brand', name: 'Matrix Brand', outlets: [{ key: 'matrix-outlet', name: 'Matrix Outlet' }] }], owner: { email: `owner@matrix-${t.toLowerCase()}.example`, fullName: 'O' } }),
  },
  'GET /api/client-users': { request: () => json('GET', '/api/client-users') },
  'POST /api/client-users/invite': { request: (i) => json('POST', '/api/client-users/invite', { email: `invitee${++counter}@matrix.example`, fullName: 'Invitee', role: 'viewer', brandIds: [i.brandId] }) },
  'GET /api/audit-log': { request: () => json('GET', '/api/audit-log') },
  'GET /api/review_testing/get-fb-pages': { request: () => json('GET', '/api/review_testing/get-fb-pages') },
  'GET /api/review_testing/get-fb-reviews': { request: (i) => json('GET', `/api/review_testing/get-fb-reviews?pageId=${i.pageId}`) },
  'GET /api/review_testing/get-fb-comments': { request: (i) => json('GET', `/api/review_testing/get-fb-comments?pageId=${i.pageId}&reviewId=${i.reviewId}`) },
  'POST /reply-fb-review': { request: (i) => json('POST', '/reply-fb-review', { pageId: i.pageId, reviewId: i.reviewId, message: `Thank you, we have fixed the naan oven (${++counter})` }) },
  'GET /api/review_testing/construct-fb-auth-url': { request: () => json('GET', '/api/review_testing/construct-fb-auth-url?authType=facebook') },
  // Facebook's redirect carries no DineDesk credentials: everyone lands on the failure page.
  'GET /api/review_testing/fb-auth-callback': { publicStatus: 302, request: () => json('GET', '/api/review_testing/fb-auth-callback?code=AQx&state=x') },
  'GET /api/review_testing/get-accounts': { request: () => json('GET', '/api/review_testing/get-accounts') },
  'POST /api/review_testing/edit-fb-reply': {
    request: (i) => json('POST', '/api/review_testing/edit-fb-reply', { pageId: i.pageId, reviewId: i.reviewId, commentId: i.replyIds[0]!, message: `Edited: the naan oven is fixed and the tandoor is back (${++counter})` }),
  },
  'POST /api/review_testing/delete-fb-reply': {
    namesTenant: true,
    request: (i) => json('POST', '/api/review_testing/delete-fb-reply', { pageId: i.pageId, reviewId: i.reviewId, commentId: i.replyIds.pop() ?? '1_1' }),
  },
  'POST /api/review_testing/sync-fb-reviews': { request: (i) => json('POST', '/api/review_testing/sync-fb-reviews', { pageId: i.pageId }) },
  // Google's redirect carries no DineDesk credentials either.
  'GET /api/review_testing/google-auth-callback': { publicStatus: 302, request: () => json('GET', '/api/review_testing/google-auth-callback?code=4/x&state=x') },
  'POST /get-locations-for-user': { request: (i) => json('POST', '/get-locations-for-user', { connectionId: i.googleConnectionId }) },
  // Re-linking the location to the outlet it already has: allowed callers change nothing.
  'POST /api/review_testing/google/link-location': {
    request: (i) => json('POST', '/api/review_testing/google/link-location', { connectionId: i.googleConnectionId, accountName: i.accountName, locationName: i.locationId, outletId: i.outletId }),
  },
  'POST /api/review_testing/get_locations/get-locations': { request: (i) => json('POST', '/api/review_testing/get_locations/get-locations', { outletId: i.outletId }) },
  'POST /api/review_testing/get_reviews/get-reviews': { request: (i) => json('POST', '/api/review_testing/get_reviews/get-reviews', { outletId: i.outletId, limit: 5 }) },
  // An export of every outlet, made by the tenant's owner: visible to those who see every outlet.
  'GET /api/review_testing/get_reviews/export/:exportId': { request: (i) => json('GET', `/api/review_testing/get_reviews/export/${i.exportId}`) },
  'GET /api/review_testing/get_reviews/export/:exportId/file': { request: (i) => json('GET', `/api/review_testing/get_reviews/export/${i.exportId}/file`) },
  'POST /api/review_testing/get_reviews/export': { request: (i) => json('POST', '/api/review_testing/get_reviews/export', { outletId: i.outletId, format: 'csv' }) },
  'GET /api/review_testing/reply-templates': { request: () => json('GET', '/api/review_testing/reply-templates') },
  // A new name per call: allowed callers create, refused ones write nothing.
  'POST /api/review_testing/reply-templates/save': { request: () => json('POST', '/api/review_testing/reply-templates/save', { name: `Matrix template ${++counter}`, body: 'Thank you, {reviewer_first_name}, for visiting {outlet}.' }) },
  // Each call names another template of the tenant, so every allowed caller has one to delete.
  'POST /api/review_testing/reply-templates/delete': { namesTenant: true, request: (i) => json('POST', '/api/review_testing/reply-templates/delete', { id: i.templateIds.pop() ?? randomUUID() }) },
  'POST /api/review_testing/get_reviews/kpis': { request: (i) => json('POST', '/api/review_testing/get_reviews/kpis', { outletId: i.outletId }) },
  'POST /api/review_testing/google/reply': { namesTenant: true, request: (i) => json('POST', '/api/review_testing/google/reply', { reviewId: i.googleReviewId, comment: `Thank you, the tandoor is fixed and the naan is back (${++counter})` }) },
  // Deleting is idempotent: allowed callers delete the reply the call above left, or find none.
  'POST /api/review_testing/google/delete-reply': { namesTenant: true, request: (i) => json('POST', '/api/review_testing/google/delete-reply', { reviewId: i.googleReviewId }) },
  'POST /api/review_testing/google/sync': { request: (i) => json('POST', '/api/review_testing/google/sync', { locationId: i.locationId }) },
  // Listing: every reader of the outlet. Adding (viewers refused by the service) is checked in comments.test.ts.
  'POST /api/review/comments': { namesTenant: true, request: (i) => json('POST', '/api/review/comments', { request: 'list', reviewId: i.reviewId }) },
  'POST /api/review/mentions-users': { namesTenant: true, request: (i) => json('POST', '/api/review/mentions-users', { reviewId: i.reviewId }) },
  'POST /api/review/mention-notifications': { request: () => json('POST', '/api/review/mention-notifications', {}) },
  'POST /api/review/mentions/status': { request: () => json('POST', '/api/review/mentions/status', { allUnread: true, status: 'read' }) },
  'POST /api/complaints/list': { request: () => json('POST', '/api/complaints/list', {}) },
  'POST /api/complaints/get': { namesTenant: true, request: (i) => json('POST', '/api/complaints/get', { complaintId: i.complaintId }) },
  'POST /api/complaints/update': { namesTenant: true, request: (i) => json('POST', '/api/complaints/update', { complaintId: i.complaintId, status: 'in_progress' }) },
  // The review already holds the complaint: allowed callers get it back, nothing new is written.
  'POST /api/complaints/open-from-review': { namesTenant: true, request: (i) => json('POST', '/api/complaints/open-from-review', { reviewId: i.reviewId }) },
  'POST /api/complaints/flag-conversation': { request: (i) => json('POST', '/api/complaints/flag-conversation', { channel: 'messenger', pageId: i.pageId, conversationId: i.conversationId }) },
  'POST /api/complaints/link': { namesTenant: true, request: (i) => json('POST', '/api/complaints/link', { complaintId: i.complaintId, conversationId: i.conversationId }) },
  'POST /api/complaints/root-causes': { request: () => json('POST', '/api/complaints/root-causes', { request: 'list' }) },
  'POST /api/tickets/list': { request: () => json('POST', '/api/tickets/list', { view: 'all' }) },
  'POST /api/tickets/get': { namesTenant: true, request: (i) => json('POST', '/api/tickets/get', { ticketId: i.ticketId }) },
  // The complaint has its ticket already: allowed callers get it back, nothing new is written.
  'POST /api/tickets/create': { namesTenant: true, request: (i) => json('POST', '/api/tickets/create', { complaintId: i.complaintId }) },
  'POST /api/tickets/update': { namesTenant: true, request: (i) => json('POST', '/api/tickets/update', { ticketId: i.ticketId, status: 'in_progress' }) },
  'POST /api/tickets/comments': { namesTenant: true, request: (i) => json('POST', '/api/tickets/comments', { request: 'list', ticketId: i.ticketId }) },
  'POST /api/tickets/mentions-users': { namesTenant: true, request: (i) => json('POST', '/api/tickets/mentions-users', { ticketId: i.ticketId }) },
  'POST /api/tickets/sla-policy': { request: () => json('POST', '/api/tickets/sla-policy', { request: 'get' }) },
  'POST /api/automation/rules/list': { request: () => json('POST', '/api/automation/rules/list', {}) },
  // Allowed callers save a rule of their own client (a new name each call).
  'POST /api/automation/rules/create': { request: () => json('POST', '/api/automation/rules/create', { name: `Matrix rule ${++counter}`, actions: [{ type: 'create_ticket', priority: 'low' }] }) },
  'POST /api/automation/rules/update': { namesTenant: true, request: (i) => json('POST', '/api/automation/rules/update', { ruleId: i.ruleId, delayMinutes: 30 }) },
  'POST /api/automation/rules/delete': { namesTenant: true, request: (i) => json('POST', '/api/automation/rules/delete', { ruleId: i.deletableRuleIds.pop() ?? '999999999' }) },
  'POST /api/automation/rules/reorder': { namesTenant: true, request: (i) => json('POST', '/api/automation/rules/reorder', { ruleIds: [i.ruleId] }) },
  'POST /api/automation/dry-run': { request: () => json('POST', '/api/automation/dry-run', { conditions: { ratingMax: 2 }, actions: [{ type: 'create_ticket', priority: 'high' }] }) },
  'POST /api/automation/history': { request: () => json('POST', '/api/automation/history', {}) },
  'POST /api/automation/runs/run-now': { namesTenant: true, request: (i) => json('POST', '/api/automation/runs/run-now', { runId: i.scheduledRunId }) },
  'POST /api/automation/drafts/list': { request: () => json('POST', '/api/automation/drafts/list', { status: 'pending' }) },
  'POST /api/automation/drafts/decide': { namesTenant: true, request: (i) => json('POST', '/api/automation/drafts/decide', { draftId: i.draftId, decision: 'reject' }) },
  // Competitor analysis (decision 0030): outlet-scoped; adding and removing are idempotent, so
  // every allowed caller may repeat them.
  'POST /api/competitors/search': { request: (i) => json('POST', '/api/competitors/search', { outletId: i.outletId, query: 'Souffle', city: 'Makati' }) },
  'POST /api/competitors/list': { request: (i) => json('POST', '/api/competitors/list', { outletId: i.outletId }) },
  'POST /api/competitors/add': { request: (i) => json('POST', '/api/competitors/add', { outletId: i.outletId, placeId: MATRIX_PLACE }) },
  'POST /api/competitors/remove': { request: (i) => json('POST', '/api/competitors/remove', { outletId: i.outletId, placeId: MATRIX_PLACE }) },
  // Instagram media insights (decision 0035): a read of the page's linked account, outlet-scoped.
  'POST /api/instagram-media-insights': { request: (i) => json('POST', '/api/instagram-media-insights', { pageId: i.pageId }) },
  'GET /api/messenger/pages': { request: () => json('GET', '/api/messenger/pages') },
  'GET /api/messenger/instagram-pages': { request: () => json('GET', '/api/messenger/instagram-pages') },
  'GET /api/:channel/pages/:pageId/conversations': { request: (i) => json('GET', `${msgr(i)}/conversations`) },
  'GET /api/:channel/pages/:pageId/conversations/:conversationId/messages': { request: (i) => json('GET', `${msgr(i)}/conversations/${i.conversationId}/messages`) },
  'GET /api/:channel/pages/:pageId/messages/:messageId': { request: (i) => json('GET', `${msgr(i)}/messages/${i.messageId}`) },
  'POST /api/:channel/pages/:pageId/conversations/:conversationId/messages': { request: (i) => json('POST', `${msgr(i)}/conversations/${i.conversationId}/messages`, { text: `Matrix reply ${++counter}` }) },
  'POST /api/:channel/pages/:pageId/conversations/:conversationId/messages/:messageId/react': {
    request: (i) => json('POST', `${msgr(i)}/conversations/${i.conversationId}/messages/${i.messageId}/react`, { reaction: 'love' }),
  },
  'POST /api/:channel/pages/:pageId/conversations/:conversationId/read': { request: (i) => json('POST', `${msgr(i)}/conversations/${i.conversationId}/read`) },
  'GET /api/jobs': { request: () => json('GET', '/api/jobs?limit=5') },
  'GET /api/jobs/:id': { request: (i) => json('GET', `/api/jobs/${i.jobId}`) },
  // Orders and Business Overview (decision 0036). The upload sends an empty CSV: allowed callers
  // get 400 "file is empty", nothing stored.
  'POST /api/orders/imports': { request: (i) => ({ method: 'POST', url: `/api/orders/imports?outletId=${i.outletId}&shape=london`, payload: '', headers: { 'content-type': 'text/csv' } }) },
  'POST /api/orders/imports/list': { request: (i) => json('POST', '/api/orders/imports/list', { outletId: i.outletId }) },
  'GET /api/orders/imports/:importId': { namesTenant: true, request: (_i, t) => json('GET', `/api/orders/imports/${orderImportIds[t]}`) },
  'GET /api/orders/imports/:importId/report': { namesTenant: true, request: (_i, t) => json('GET', `/api/orders/imports/${orderImportIds[t]}/report`) },
  'POST /api/orders/outlets': { request: () => json('POST', '/api/orders/outlets', {}) },
  // Ads pro (decision 0043): the order import's machinery under Digital Marketing.
  'POST /api/ads/imports': { request: (i) => ({ method: 'POST', url: `/api/ads/imports?outletId=${i.outletId}&currency=GBP`, payload: '', headers: { 'content-type': 'text/csv' } }) },
  'POST /api/ads/imports/list': { request: (i) => json('POST', '/api/ads/imports/list', { outletId: i.outletId }) },
  'GET /api/ads/imports/:importId': { namesTenant: true, request: (_i, t) => json('GET', `/api/ads/imports/${adsImportIds[t]}`) },
  'GET /api/ads/imports/:importId/report': { namesTenant: true, request: (_i, t) => json('GET', `/api/ads/imports/${adsImportIds[t]}/report`) },
  'POST /api/ads/outlets': { request: () => json('POST', '/api/ads/outlets', {}) },
  'POST /api/ads/performance': { request: (i) => json('POST', '/api/ads/performance', { outletId: i.outletId }) },
  'POST /api/orders/insights': { request: (i) => json('POST', '/api/orders/insights', { outletId: i.outletId }) },
  'POST /api/orders/forecast': { request: (i) => json('POST', '/api/orders/forecast', { outletId: i.outletId }) },
  'POST /api/orders/delivery-insights': { request: (i) => json('POST', '/api/orders/delivery-insights', { outletId: i.outletId }) },
  'POST /api/orders/dining-insights': { request: (i) => json('POST', '/api/orders/dining-insights', { outletId: i.outletId }) },
  'POST /api/reporting/outlet-timings': { request: (i) => json('POST', '/api/reporting/outlet-timings', { outletId: i.outletId }) },
  'POST /api/reporting/data-tracker': { request: (i) => json('POST', '/api/reporting/data-tracker', { outletId: i.outletId }) },
  'POST /api/reporting/data-tracker/sync': { request: (i) => json('POST', '/api/reporting/data-tracker/sync', { outletId: i.outletId, source: 'instagram' }) },
  'POST /api/reports/run': { request: () => json('POST', '/api/reports/run', { spec: { metrics: ['orders'], outletIds: [], period: { kind: 'last_days', days: 7 }, comparison: 'none' }, format: 'csv' }) },
  'POST /api/reports/runs': { request: () => json('POST', '/api/reports/runs', {}) },
  'GET /api/reports/runs/:runId': { request: (i) => json('GET', `/api/reports/runs/${i.reportRunId}`) },
  'GET /api/reports/runs/:runId/file': { request: (i) => json('GET', `/api/reports/runs/${i.reportRunId}/file`) },
  'POST /api/reports/definitions': { request: () => json('POST', '/api/reports/definitions', {}) },
  'POST /api/reports/definitions/save': { request: () => json('POST', '/api/reports/definitions/save', { name: 'Matrix report', spec: { metrics: ['ratings'], outletIds: [], period: { kind: 'last_days', days: 7 }, comparison: 'none' }, format: 'csv', schedule: null }) },
  'POST /api/reports/definitions/delete': { request: () => json('POST', '/api/reports/definitions/delete', { id: randomUUID() }) },
  'POST /api/reporting/live-menu': { request: (i) => json('POST', '/api/reporting/live-menu', { outletId: i.outletId }) },
  'POST /api/menu/items': { request: (i) => json('POST', '/api/menu/items', { outletId: i.outletId }) },
  'POST /api/menu/insights': { request: (i) => json('POST', '/api/menu/insights', { outletId: i.outletId }) },
  'POST /api/overview': { request: (i) => json('POST', '/api/overview', { period: '7', outletId: i.outletId }) },
  'POST /api/menu/history': { request: (i) => json('POST', '/api/menu/history', { outletId: i.outletId, itemId: i.menuItemId }) },
  // The first allowed change takes version 0; later allowed ones answer 409 (stale version) and write nothing.
  'POST /api/menu/items/update': { request: (i) => json('POST', '/api/menu/items/update', { itemId: i.menuItemId, version: 0, price: 7.25 }) },
  'POST /api/reporting/item-offers': { request: (i) => json('POST', '/api/reporting/item-offers', { outletId: i.outletId }) },
  'POST /api/reporting/item-offers/create': { request: (i) => json('POST', '/api/reporting/item-offers/create', { outletId: i.outletId, itemId: i.menuItemId, title: 'Matrix offer', kind: 'percent_off', value: 10, startsOn: '2026-12-01', endsOn: '2026-12-07', paidBy: 'outlet' }) },
  'POST /api/reporting/item-offers/delete': { namesTenant: true, request: (i) => json('POST', '/api/reporting/item-offers/delete', { offerId: i.offerIds.pop() ?? randomUUID() }) },
  'POST /api/menu/items/create': { request: (i) => json('POST', '/api/menu/items/create', { outletId: i.outletId, name: `Matrix dish ${++counter}`, price: 4.5, currency: 'INR' }) },
};

/** The declared need of a registered route (`METHOD url`), from the app's route table. */
const needOf = (key: string): RouteNeed | undefined => h.server.app.routeTable.find((r) => `${r.method} ${r.url}` === key)?.need;

/** Routes served by @fastify/swagger-ui: public documentation, read only. */
const isDocsRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
/** Files of the built SPA (present only when apps/web/dist exists): public, read only. */
const isStaticFile = (url: string) => !url.startsWith('/api/') && !url.includes(':') && !url.includes('*') && existsSync(join(h.server.ctx.config.webDistDir, url));

/** Simulator state a refused call must not change: comments of the target stories, threads of the target pages, replies of the target Google reviews. */
async function simState(): Promise<string> {
  const parts: unknown[] = [];
  for (const t of ['A', 'B'] as const) {
    parts.push(h.sim.conversations(ids[t].pageId, 'messenger'));
    const [story] = await h.server.ctx.db.select({ story: schema.reviews.storyId }).from(schema.reviews).where(eq(schema.reviews.id, Number(ids[t].reviewId)));
    if (story?.story) parts.push(await h.storyComments(ids[t].pageId, story.story));
    const [g] = await h.server.ctx.db.select({ name: schema.reviews.externalKey }).from(schema.reviews).where(eq(schema.reviews.id, Number(ids[t].googleReviewId)));
    parts.push(g ? (h.sim.google.world.reply(g.name) ?? null) : 'missing');
  }
  return JSON.stringify(parts);
}

/** Page replies on a review, posted by the client's owner (sent despite the reply check): one per actor and one to edit. */
async function ownerReplies(clientKey: string, pageId: string, reviewId: string): Promise<string[]> {
  const token = await h.login(`owner@${clientKey}.demo`);
  const ids: string[] = [];
  for (let n = 0; n <= ACTORS.length; n++) {
    const res = await h.server.app.inject({ method: 'POST', url: '/reply-fb-review', payload: { pageId, reviewId, message: `Matrix reply ${n}: thank you for the visit`, sendAnyway: true }, headers: bearer(token) });
    if (res.statusCode !== 200) throw new Error(`reply answered ${res.statusCode} ${res.body}`);
    ids.push((res.json() as { comment: { id: string } }).comment.id);
  }
  // The first stays for the edits; the others are popped by the deletes.
  return ids;
}

/** An automation rule of the client's owner with a run on the review and its pending draft, as the run job leaves them. */
async function ownerRuleAndDraft(clientId: string, clientKey: string, reviewId: number, outletId: string): Promise<{ ruleId: string; draftId: string; scheduledRunId: string; deletableRuleIds: string[] }> {
  const db = h.server.ctx.db;
  const [owner] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, `owner@${clientKey}.demo`));
  const at = new Date();
  const [rule] = await db.insert(schema.automationRules).values({ clientId, name: 'Matrix draft rule', trigger: 'new_review', conditions: {}, actions: [{ type: 'create_ticket', priority: 'low' }], delayMinutes: 5, position: 1, createdByUserId: owner!.id }).returning();
  const [run] = await db.insert(schema.automationRuns).values({ clientId, outletId, ruleId: rule!.id, ruleName: rule!.name, reviewId, matchedAt: at, dueAt: at, status: 'done' }).returning();
  const [draft] = await db.insert(schema.automationDrafts).values({ clientId, outletId, runId: run!.id, reviewId, text: 'Thank you for your review, we will look into it.' }).returning();
  // One run per review: the waiting run is on another review of the outlet.
  const [other] = await db.select({ id: schema.reviews.id }).from(schema.reviews).where(and(eq(schema.reviews.outletId, outletId), ne(schema.reviews.id, reviewId))).limit(1);
  const [scheduled] = await db.insert(schema.automationRuns).values({ clientId, outletId, ruleId: rule!.id, ruleName: rule!.name, reviewId: other!.id, matchedAt: at, dueAt: new Date(at.getTime() + 86_400_000), status: 'scheduled' }).returning();
  const deletable = await db
    .insert(schema.automationRules)
    .values(ACTORS.map((a, n) => ({ clientId, name: `Matrix delete ${a}`, trigger: 'new_review' as const, conditions: {}, actions: [{ type: 'create_ticket' as const, priority: 'low' as const }], delayMinutes: 5, position: n + 2, createdByUserId: owner!.id })))
    .returning({ id: schema.automationRules.id });
  return { ruleId: String(rule!.id), draftId: String(draft!.id), scheduledRunId: String(scheduled!.id), deletableRuleIds: deletable.map((r) => String(r.id)) };
}

/** A complaint opened by the client's owner from a review, and its ticket. */
async function ownerComplaintAndTicket(clientKey: string, reviewId: string): Promise<{ complaintId: string; ticketId: string }> {
  const token = await h.login(`owner@${clientKey}.demo`);
  const res = await h.server.app.inject({ method: 'POST', url: '/api/complaints/open-from-review', payload: { reviewId }, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`open-from-review answered ${res.statusCode} ${res.body}`);
  const complaintId = (res.json() as { complaint: { id: string } }).complaint.id;
  const ticket = await h.server.app.inject({ method: 'POST', url: '/api/tickets/create', payload: { complaintId }, headers: bearer(token) });
  if (ticket.statusCode !== 200) throw new Error(`tickets/create answered ${ticket.statusCode} ${ticket.body}`);
  return { complaintId, ticketId: (ticket.json() as { ticket: { id: string } }).ticket.id };
}

/** A finished CSV export of every review of the client, made by its owner. @returns its id */
async function ownerExport(clientKey: string): Promise<string> {
  const token = await h.login(`owner@${clientKey}.demo`);
  const res = await h.server.app.inject({ method: 'POST', url: '/api/review_testing/get_reviews/export', payload: { format: 'csv', source: 'google', ratings: [1] }, headers: bearer(token) });
  if (res.statusCode !== 202) throw new Error(`export answered ${res.statusCode} ${res.body}`);
  await h.settle();
  return (res.json() as { id: string }).id;
}

/** A finished CSV report of one outlet, made by the client's owner. @returns its id */
async function ownerReport(clientKey: string, outletId: string): Promise<string> {
  const token = await h.login(`owner@${clientKey}.demo`);
  const spec = { metrics: ['ratings'], outletIds: [outletId], period: { kind: 'last_days', days: 7 }, comparison: 'none' };
  const res = await h.server.app.inject({ method: 'POST', url: '/api/reports/run', payload: { spec, format: 'csv' }, headers: bearer(token) });
  if (res.statusCode !== 202) throw new Error(`report answered ${res.statusCode} ${res.body}`);
  await h.settle();
  return (res.json() as { id: string }).id;
}

/** A menu item added by hand on the outlet, and offers on it, one per actor and one more. */
async function menuItemAndOffers(clientId: string, outletId: string): Promise<{ menuItemId: string; offerIds: string[] }> {
  const db = h.server.ctx.db;
  const [item] = await db.insert(schema.menuItems).values({ clientId, outletId, orderName: null, name: 'Matrix thali', priceMinor: 25000, currency: 'INR' }).returning({ id: schema.menuItems.id });
  const offers = await db
    .insert(schema.itemOffers)
    .values([...ACTORS, 'spare'].map((a) => ({ clientId, outletId, itemId: item!.id, title: `Matrix ${a}`, kind: 'percent_off' as const, value: 10, startsOn: '2026-12-01', endsOn: '2026-12-07', paidBy: 'outlet' as const, createdByName: 'Matrix' })))
    .returning({ id: schema.itemOffers.id });
  return { menuItemId: item!.id, offerIds: offers.map((o) => o.id) };
}

async function tenantIds(clientKey: string, excludeOutletsOf: string | null): Promise<TenantIds> {
  const db = h.server.ctx.db;
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, clientKey));
  const excluded = excludeOutletsOf
    ? (await db.select({ ref: schema.accessGrants.refId }).from(schema.accessGrants).innerJoin(schema.users, eq(schema.users.id, schema.accessGrants.userId)).where(and(eq(schema.users.email, excludeOutletsOf), eq(schema.accessGrants.kind, 'outlet')))).map((r) => r.ref)
    : [];
  // A page of the client with a review and a guest message, outside the excluded outlets.
  const [row] = await db
    .select({ pageId: schema.facebookPages.id, brandId: schema.outlets.brandId, conversationId: schema.conversations.id, messageId: schema.messages.id, reviewId: schema.reviews.id })
    .from(schema.facebookPages)
    .innerJoin(schema.outlets, eq(schema.outlets.id, schema.facebookPages.outletId))
    .innerJoin(schema.reviews, and(eq(schema.reviews.pageId, schema.facebookPages.id), isNotNull(schema.reviews.storyId)))
    .innerJoin(schema.conversations, and(eq(schema.conversations.accountId, schema.facebookPages.id), eq(schema.conversations.channel, 'messenger')))
    .innerJoin(schema.messages, and(eq(schema.messages.conversationId, schema.conversations.id), eq(schema.messages.direction, 'guest')))
    .where(and(eq(schema.facebookPages.clientId, client!.id), excluded.length ? notInArray(schema.facebookPages.outletId, excluded) : sql`true`))
    .orderBy(asc(schema.outlets.key), asc(schema.reviews.id))
    .limit(1);
  const [agent] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, `agent@${clientKey}.demo`));
  if (!row || !agent) throw new Error(`no ids for ${clientKey}`);
  const [page] = await db.select({ outletId: schema.facebookPages.outletId }).from(schema.facebookPages).where(eq(schema.facebookPages.id, row.pageId));
  const jobId = await h.server.ctx.jobs.send(reviewSyncPageJob, { clientId: client!.id, outletId: page!.outletId, pageId: row.pageId });
  await h.settle();
  const [loc] = await db.select().from(schema.googleLocations).where(eq(schema.googleLocations.outletId, page!.outletId));
  const [gReview] = await db.select({ id: schema.reviews.id }).from(schema.reviews).where(eq(schema.reviews.googleLocationId, loc!.id)).orderBy(asc(schema.reviews.id)).limit(1);
  return {
    clientId: client!.id,
    brandId: row.brandId,
    pageId: row.pageId,
    reviewId: String(row.reviewId),
    conversationId: String(row.conversationId),
    messageId: String(row.messageId),
    agentUserId: agent.id,
    jobId: jobId!,
    outletId: page!.outletId,
    locationId: loc!.id,
    accountName: loc!.accountName,
    googleReviewId: String(gReview!.id),
    googleConnectionId: loc!.connectionId!,
    exportId: await ownerExport(clientKey),
    reportRunId: await ownerReport(clientKey, page!.outletId),
    replyIds: await ownerReplies(clientKey, row.pageId, String(row.reviewId)),
    ...(await ownerComplaintAndTicket(clientKey, String(row.reviewId))),
    ...(await ownerRuleAndDraft(client!.id, clientKey, row.reviewId, page!.outletId)),
    ...(await menuItemAndOffers(client!.id, page!.outletId)),
    // One per actor (each call takes one): the seeded three and as many more.
    templateIds: [
      ...(await db.select({ id: schema.replyTemplates.id }).from(schema.replyTemplates).where(eq(schema.replyTemplates.clientId, client!.id))).map((r) => r.id),
      ...(await db.insert(schema.replyTemplates).values(ACTORS.map((a) => ({ clientId: client!.id, name: `Matrix ${a}`, body: 'Thank you for visiting {outlet}.' }))).returning({ id: schema.replyTemplates.id })).map((r) => r.id),
    ],
  };
}

beforeAll(async () => {
  // Every route as every role: several hundred requests per user a minute (478 measured on a
  // loaded 2-core machine, more on an idle one), near the API rate limit per user: raised for
  // this server so each status is the route's (plugins/rate-limit.test.ts tests the limit).
  h = await startHarness({ listen: true, env: { RESERVGO_SHARED_SECRET: 'reservgo-matrix-secret-0123456789abcdef', RATE_LIMIT_MAX: '1000000', RATE_LIMIT_ANONYMOUS_MAX: '1000000' } });
  const db = h.server.ctx.db;
  const clientKeys = (await db.select({ key: schema.clients.key }).from(schema.clients).where(inArray(schema.clients.key, ['spice-route', 'deccan-table']))).map((c) => c.key);
  expect(clientKeys.sort()).toEqual(['deccan-table', 'spice-route']);
  ids.A = await tenantIds('spice-route', 'outlet.manager@spice-route.demo');
  ids.B = await tenantIds('deccan-table', null);

  const superAdminToken = async () => {
    const t = await h.login('admin@dinedesk.demo');
    const res = await h.server.app.inject({ method: 'GET', url: `/api/get-access-token-by-client-id?clientId=${ids.A.clientId}`, headers: bearer(t) });
    return (res.json() as { accessToken: string }).accessToken;
  };
  const loginAs = (email: string) => () => h.login(email);
  const managerOutlets = (await db.select({ ref: schema.accessGrants.refId }).from(schema.accessGrants).innerJoin(schema.users, eq(schema.users.id, schema.accessGrants.userId)).where(eq(schema.users.email, 'outlet.manager@spice-route.demo'))).map((r) => r.ref);
  const [targetOutlet] = await db.select({ id: schema.facebookPages.outletId }).from(schema.facebookPages).where(eq(schema.facebookPages.id, ids.A.pageId));
  expect(managerOutlets).not.toContain(targetOutlet!.id);

  // What each actor may do, written out independently of lib/ability.ts so the matrix checks it.
  const ownerCan = (action: string, subject: string) => !(action === 'create' && subject === 'Client');
  const reader = new Set(['read Review', 'read ReplyTemplate', 'read Conversation', 'read PageConnection', 'read Brand', 'read Client', 'read Auth', 'read Complaint', 'read InternalComment', 'read Ticket', 'read Automation', 'read CompetitorAnalysis', 'read DigitalMarketing', 'read BusinessOverview', 'read Reporting', 'read MenuManagement', 'read Overview']);
  const managerCan = (action: string, subject: string) =>
    reader.has(`${action} ${subject}`) || ['create ReviewReply', 'delete ReviewReply', 'create Message', 'update ReviewSync', 'create InternalComment', 'create Complaint', 'update Complaint', 'create Ticket', 'update Ticket', 'update MenuManagement'].includes(`${action} ${subject}`);
  const viewerCan = (action: string, subject: string) => reader.has(`${action} ${subject}`);
  const expiredToken = async () => {
    const [user] = await db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, 'owner@spice-route.demo'));
    h.clock.offsetMs = -10 * 24 * 3600 * 1000;
    try {
      return await issueAccessToken(h.server.ctx, user!.id, ids.A.clientId);
    } finally {
      h.clock.offsetMs = 0;
    }
  };
  const expired = await expiredToken();
  const make = (name: ActorName, client: Tenant | null, can: Actor['can'], sees: Actor['seesOutletOf'], token: () => Promise<string | null>): Actor => ({ name, client, can, seesOutletOf: sees, token });
  const tokens: Partial<Record<ActorName, string>> = {};
  const cached = (name: ActorName, fresh: () => Promise<string>) => async () => (tokens[name] ??= await fresh());
  actors.ownerA = make('ownerA', 'A', ownerCan, () => true, cached('ownerA', loginAs('owner@spice-route.demo')));
  actors.managerA = make('managerA', 'A', managerCan, () => false, cached('managerA', loginAs('outlet.manager@spice-route.demo')));
  actors.viewerA = make('viewerA', 'A', viewerCan, () => true, cached('viewerA', loginAs('viewer@spice-route.demo')));
  actors.ownerB = make('ownerB', 'B', ownerCan, () => true, cached('ownerB', loginAs('owner@deccan-table.demo')));
  actors.superAdmin = make('superAdmin', 'A', () => true, () => true, cached('superAdmin', superAdminToken));
  actors.none = make('none', null, () => false, () => false, async () => null);
  actors.expired = make('expired', null, () => false, () => false, async () => expired);
  freshTokens.ownerA = loginAs('owner@spice-route.demo');
  freshTokens.managerA = loginAs('outlet.manager@spice-route.demo');
  freshTokens.viewerA = loginAs('viewer@spice-route.demo');
  freshTokens.ownerB = loginAs('owner@deccan-table.demo');
  freshTokens.superAdmin = superAdminToken;
}, 180_000);
afterAll(() => h?.close());

const freshTokens: Partial<Record<ActorName, () => Promise<string>>> = {};

/** A rejected order import and a rejected ads import of each tenant's outlet, for the import status
 * and report calls. */
const orderImportIds = {} as Record<Tenant, string>;
const adsImportIds = {} as Record<Tenant, string>;
beforeAll(async () => {
  for (const t of ['A', 'B'] as const) {
    for (const shape of ['london', 'ads'] as const) {
      const [row] = await h.server.ctx.db.insert(schema.orderImports).values({ clientId: ids[t].clientId, outletId: ids[t].outletId, fileName: 'matrix.csv', bytes: 10, shape, currency: 'GBP', status: 'rejected', problemCount: 1 }).returning();
      await h.server.ctx.db.insert(schema.orderImportProblems).values({ importId: row!.id, seq: 1, rowNo: 1, columnName: shape === 'ads' ? 'date' : 'order_id', problem: `the header has no column ${shape === 'ads' ? 'date' : 'order_id'}` });
      (shape === 'ads' ? adsImportIds : orderImportIds)[t] = row!.id;
    }
  }
});

describe('authorization matrix', () => {
  it('has a declared need and a call for every registered route (a new route cannot be forgotten)', () => {
    const missing: string[] = [];
    for (const r of h.server.app.routeTable) {
      const key = `${r.method} ${r.url}`;
      if (isDocsRoute(r.url)) continue;
      if (r.method === 'HEAD' || r.method === 'OPTIONS') {
        // Fastify adds HEAD for every GET, running the same hooks and handler: covered by the GET entry.
        if (!h.server.app.routeTable.some((g) => g.method === 'GET' && g.url === r.url) && r.method === 'HEAD') missing.push(key);
        continue;
      }
      if (r.method === 'GET' && isStaticFile(r.url)) continue;
      if (!CALLS[key]) missing.push(key);
      // Start-up refuses API routes without one (plugins/auth.ts); docs and web files are outside.
      if (r.need === undefined) missing.push(`${key} (no declared need)`);
    }
    expect(missing).toEqual([]);
    // And no stale entry: each one names a registered route.
    const registered = new Set(h.server.app.routeTable.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(CALLS).filter((k) => !registered.has(k))).toEqual([]);
    // Public calls state the status everyone gets; the others must not (they are computed).
    expect(Object.keys(CALLS).filter((k) => (needOf(k) === 'public') !== (CALLS[k]!.publicStatus !== undefined))).toEqual([]);
  });

  for (const [key, entry] of Object.entries(CALLS)) {
    it(`${key}`, async () => {
      const need = needOf(key);
      expect(need, `${key} declares a need`).toBeDefined();
      const failures: string[] = [];
      let allowed = 0;
      for (const name of ACTORS) {
        const actor = actors[name];
        for (const t of ['A', 'B'] as const) {
          const token = entry.freshToken && freshTokens[name] ? await freshTokens[name]!() : await actor.token();
          const req = entry.request(ids[t], t);
          const expected = computeExpected(need!, entry, req, actor, t);
          const refusal = expected !== 'allow' && expected >= 400;
          // Webhooks the simulator still owes for earlier (allowed) calls are stored as
          // deliveries when they arrive: let them land first, so only this call is measured.
          if (refusal) await h.flushWebhooks();
          const before = refusal ? [await tableCounts(h), await simState()] : null;
          const res = await h.server.app.inject({ ...req, headers: { ...(req.headers ?? {}), ...(token ? bearer(token) : {}) } });
          const got = res.statusCode;
          const ok = expected === 'allow' ? got < 500 && ![401, 403, 404].includes(got) : got === expected;
          if (ok && expected === 'allow') allowed++;
          if (!ok) failures.push(`${name} × ${t}: expected ${expected}, got ${got} ${res.body.slice(0, 160)}`);
          if (before) {
            await h.flushWebhooks();
            const after = [await tableCounts(h), await simState()];
            if (JSON.stringify(after) !== JSON.stringify(before)) failures.push(`${name} × ${t}: refused (${got}) but something was written`);
          }
        }
      }
      expect(failures).toEqual([]);
      // Every authenticated route lets someone through (refusing everybody would pass vacuously);
      // public entries send credentials no one has, to check that nothing is written.
      if (need !== 'public') expect(allowed).toBeGreaterThan(0);
    });
  }

  it('answers the API docs to anyone, writing nothing', async () => {
    const before = await tableCounts(h);
    for (const r of h.server.app.routeTable.filter((x) => x.method === 'GET' && isDocsRoute(x.url))) {
      const url = r.url.replace('*', 'index.html');
      const res = await h.server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
      expect([401, 403]).not.toContain(res.statusCode);
    }
    expect(await tableCounts(h)).toEqual(before);
  });
});

describe('invitations across clients (docs/decisions/0009)', () => {
  const ROLES = ['owner', 'brand.manager', 'outlet.manager', 'agent', 'viewer'] as const;
  const DOMAIN: Record<Tenant, string> = { A: 'spice-route.demo', B: 'deccan-table.demo' };
  const other = (t: Tenant): Tenant => (t === 'A' ? 'B' : 'A');
  const STRONG = 'Correct-Horse-Battery-42';
  /** Every role of both clients, and the super admin (acting for A). */
  const inviters = (): { name: string; email: string; client: Tenant; mayInvite: boolean; token: () => Promise<string> }[] => [
    ...(['A', 'B'] as const).flatMap((t) => ROLES.map((r) => ({ name: `${r}@${t}`, email: `${r}@${DOMAIN[t]}`, client: t, mayInvite: r === 'owner', token: () => h.login(`${r}@${DOMAIN[t]}`) }))),
    { name: 'superAdmin', email: 'admin@dinedesk.demo', client: 'A' as const, mayInvite: true, token: () => actors.superAdmin.token().then((x) => x!) },
  ];
  /** Accounts and what could open them: users with password hashes, memberships, grants, invitations. */
  async function accountState(): Promise<string> {
    const db = h.server.ctx.db;
    const users = await db.select({ id: schema.users.id, email: schema.users.email, hash: schema.users.passwordHash, changed: schema.users.passwordChangedAt }).from(schema.users).orderBy(asc(schema.users.id));
    const members = await db.select().from(schema.memberships).orderBy(asc(schema.memberships.userId), asc(schema.memberships.clientId));
    const grants = await db.select().from(schema.accessGrants).orderBy(asc(schema.accessGrants.userId), asc(schema.accessGrants.clientId), asc(schema.accessGrants.kind), asc(schema.accessGrants.refId));
    const invitations = await db.select({ id: schema.invitations.id, used: schema.invitations.usedAt, user: schema.invitations.userId }).from(schema.invitations).orderBy(asc(schema.invitations.id));
    return JSON.stringify({ users, members, grants, invitations });
  }
  /** Emails of client t that another client may try: an active member, and a member who never set a password. */
  const targetsOf = (t: Tenant) => [`agent@${DOMAIN[t]}`, `dormant@${DOMAIN[t]}`];
  const minted: { by: string; client: Tenant; email: string; token: string }[] = [];
  const replaced: typeof minted = [];

  beforeAll(async () => {
    // A not-yet-activated owner of each client, as invitations made in earlier versions left them.
    const db = h.server.ctx.db;
    for (const t of ['A', 'B'] as const) {
      const [u] = await db.insert(schema.users).values({ email: `dormant@${DOMAIN[t]}`, fullName: `Dormant Owner ${t}` }).returning();
      await db.insert(schema.memberships).values({ userId: u!.id, clientId: ids[t].clientId, role: 'client_owner' });
    }
  });

  it('invite: every role of A and B and the super admin, for emails of the other client', async () => {
    const failures: string[] = [];
    for (const actor of inviters()) {
      const token = await actor.token();
      const target = other(actor.client);
      for (const email of targetsOf(target)) {
        const accounts = await accountState();
        const counts = await tableCounts(h);
        const res = await h.server.app.inject({ method: 'POST', url: '/api/client-users/invite', headers: bearer(token), payload: { email, fullName: 'Typed by inviter', role: 'client_owner' } });
        if (!actor.mayInvite) {
          if (res.statusCode !== 403) failures.push(`${actor.name} → ${email}: expected 403, got ${res.statusCode}`);
          if (JSON.stringify(await tableCounts(h)) !== JSON.stringify(counts)) failures.push(`${actor.name} → ${email}: refused but something was written`);
          continue;
        }
        const body = res.json() as { user: { id: string; fullName: string; active: boolean }; invitation: { url: string } };
        if (res.statusCode !== 201) failures.push(`${actor.name} → ${email}: expected 201, got ${res.statusCode}`);
        else {
          const [account] = await h.server.ctx.db.select().from(schema.users).where(eq(schema.users.email, email));
          if (res.body.includes(account!.id) || res.body.includes(account!.fullName) || body.user.active || body.user.fullName !== 'Typed by inviter') failures.push(`${actor.name} → ${email}: the answer reveals the account of ${target}`);
          // Inviting an email again into the same client replaces its pending invitation.
          const earlier = minted.findIndex((m) => m.client === actor.client && m.email === email);
          if (earlier >= 0) replaced.push(...minted.splice(earlier, 1));
          minted.push({ by: actor.name, client: actor.client, email, token: new URL(body.invitation.url, 'http://x').searchParams.get('token')! });
        }
        // An invitation changes no account: only the invitation row is new.
        const after = JSON.parse(await accountState()) as { invitations: unknown[] };
        const was = JSON.parse(accounts) as { invitations: unknown[] };
        if (JSON.stringify({ ...after, invitations: [] }) !== JSON.stringify({ ...was, invitations: [] })) failures.push(`${actor.name} → ${email}: an account of ${target} was changed`);
      }
    }
    expect(failures).toEqual([]);
    // Owners of A and B, and the super admin acting for A (replacing the invitations of A's owner).
    expect(minted.map((m) => `${m.by} ${m.email}`).sort()).toEqual(
      ['owner@B agent@spice-route.demo', 'owner@B dormant@spice-route.demo', 'superAdmin agent@deccan-table.demo', 'superAdmin dormant@deccan-table.demo'],
    );
    expect(replaced).toHaveLength(2);
  });

  it('set-password and accept-invitation with those tokens: refused for everyone but the invited account, nothing written', async () => {
    expect(minted.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const inv of replaced) {
      const res = await h.server.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token: inv.token, password: STRONG } });
      if (res.statusCode !== 400) failures.push(`set-password with ${inv.by}'s replaced token for ${inv.email}: expected 400, got ${res.statusCode}`);
    }
    const callers = [...inviters(), { name: 'none', email: '', client: 'A' as const, mayInvite: false, token: async () => '' }];
    const tokens = new Map<string, string>();
    for (const c of callers) tokens.set(c.name, await c.token());
    for (const inv of minted) {
      const accounts = await accountState();
      const counts = await tableCounts(h);
      const set = await h.server.app.inject({ method: 'POST', url: '/api/auth/set-password', payload: { token: inv.token, password: STRONG } });
      if (set.statusCode !== 409) failures.push(`set-password with ${inv.by}'s token for ${inv.email}: expected 409, got ${set.statusCode}`);
      if (set.body.includes('Dormant') || set.body.includes(ids[other(inv.client)].clientId)) failures.push(`set-password with ${inv.by}'s token for ${inv.email}: the answer names the other client`);
      // Every caller but the invited account itself (its acceptance is checked last).
      for (const actor of callers.filter((c) => c.email !== inv.email)) {
        const token = tokens.get(actor.name)!;
        const before = [await accountState(), JSON.stringify(await tableCounts(h))];
        const res = await h.server.app.inject({ method: 'POST', url: '/api/auth/accept-invitation', headers: token ? bearer(token) : {}, payload: { token: inv.token } });
        const expected = token ? 403 : 401;
        if (res.statusCode !== expected) failures.push(`${actor.name} accepts ${inv.by}'s invitation of ${inv.email}: expected ${expected}, got ${res.statusCode}`);
        if ([await accountState(), JSON.stringify(await tableCounts(h))].join() !== before.join()) failures.push(`${actor.name} accepts ${inv.by}'s invitation of ${inv.email}: refused but something was written`);
      }
      // Nothing was written by any refusal, and the target cannot be signed in with the password tried.
      if (JSON.stringify(await tableCounts(h)) !== JSON.stringify(counts) || (await accountState()) !== accounts) failures.push(`${inv.email}: something was written`);
      const login = await h.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: inv.email, password: STRONG } });
      if (login.statusCode === 200) failures.push(`${inv.email} signs in with the password set from ${inv.by}'s invitation`);
    }
    expect(failures).toEqual([]);
    // The invited account itself accepts by signing in, into the inviting client only.
    const own = minted.find((m) => m.email === `agent@${DOMAIN.B}` && m.client === 'A')!;
    const res = await h.server.app.inject({ method: 'POST', url: '/api/auth/accept-invitation', headers: bearer(await h.login(own.email)), payload: { token: own.token } });
    expect(res.statusCode).toBe(200);
    expect(res.json().userData.client.id).toBe(ids.A.clientId);
    // Undo: the agent of B stays outside A for the other tests.
    const [agent] = await h.server.ctx.db.select().from(schema.users).where(eq(schema.users.email, own.email));
    await h.server.ctx.db.delete(schema.memberships).where(and(eq(schema.memberships.userId, agent!.id), eq(schema.memberships.clientId, ids.A.clientId)));
  });
});

describe('socket authorization', () => {
  function socketFor(token: string | null): Promise<Socket> {
    const s = connect(h.baseUrl, { ...SOCKET_CLIENT_OPTIONS, transports: ['websocket'], reconnection: false, auth: token ? { token } : {} });
    return new Promise((resolve, reject) => {
      s.once('connect', () => resolve(s));
      s.once('connect_error', (e) => {
        s.close();
        reject(e);
      });
    });
  }

  it('handshake and inbox:replay: each actor gets only events of the accounts it may see', async () => {
    // One stored event on the target page of each client.
    const db = h.server.ctx.db;
    for (const t of ['A', 'B'] as const) {
      const [page] = await db.select().from(schema.facebookPages).where(eq(schema.facebookPages.id, ids[t].pageId));
      await db.insert(schema.inboxEvents).values({ clientId: page!.clientId, outletId: page!.outletId, accountId: page!.id, payload: { type: 'read', channel: 'messenger', accountId: page!.id, by: 'guest', marker: `matrix-${t}-${randomUUID()}` } });
    }
    for (const name of ACTORS) {
      const actor = actors[name];
      const token = await actor.token();
      if (!actor.client) {
        await expect(socketFor(token)).rejects.toThrow(/Invalid token|Token has expired/);
        continue;
      }
      const socket = await socketFor(token);
      try {
        const ack = await new Promise<TReplayAck>((resolve) => socket.emit(SOCKET_EVENTS.inboxReplay, { afterEventId: 0 }, resolve));
        const accounts = new Set(ack.events.map((e) => (e as { accountId?: string }).accountId));
        for (const t of ['A', 'B'] as const) {
          const maySee = actor.client === t && actor.seesOutletOf(t) && actor.can('read', 'Conversation');
          expect(accounts.has(ids[t].pageId), `${name} sees the page of ${t}`).toBe(maySee);
        }
      } finally {
        socket.close();
      }
    }
  });
});

/**
 * After removal / after demotion (docs/decisions/0044): two teammates of A who held everything a
 * sender addresses (a rule's `notify` list, a ticket's assignment and watch, a mention, a
 * scheduled report) and who ran downloads (a report run, a review export) while they saw A's
 * outlet. Then one is removed from A and the other, an owner, is demoted to an outlet manager of
 * another outlet. Every sender addresses neither, and every download refuses both: the removed
 * one's token no longer works (401), the demoted one is told the file does not exist (404).
 */
describe('after removal / after demotion', () => {
  type Who = { id: string; email: string; token: string; reportRunId: string; exportId: string; notificationId: string; scheduledRunId: string };
  const people = {} as Record<'removed' | 'demoted', Who>;
  let ownerToken: string;
  let ticketId: string;
  let ruleId: number;
  const jobMeta = () => ({ id: `matrix-${++counter}`, retryCount: 0, log: h.server.app.log });

  /** Mails in the outbox addressed to `email` (the To: header). */
  const mailsTo = async (email: string) => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const dir = h.server.ctx.config.mail.outboxDir;
    if (!existsSync(dir)) return 0;
    return readdirSync(dir).filter((f) => f.endsWith('.eml') && new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'm').test(readFileSync(join(dir, f), 'utf8'))).length;
  };

  beforeAll(async () => {
    const db = h.server.ctx.db;
    ownerToken = await h.login('owner@spice-route.demo');
    const [owner] = await db.select().from(schema.users).where(eq(schema.users.email, 'owner@spice-route.demo'));
    const outletId = ids.A.outletId;
    const [otherOutlet] = await db.select({ id: schema.outlets.id }).from(schema.outlets).where(and(eq(schema.outlets.clientId, ids.A.clientId), ne(schema.outlets.id, outletId))).limit(1);
    const post = async (token: string, url: string, payload: object, status: number) => {
      const res = await h.server.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
      expect(res.statusCode, `${url} ${res.body}`).toBe(status);
      return res.json();
    };
    const [comment] = await db.insert(schema.internalComments).values({ clientId: ids.A.clientId, reviewId: Number(ids.A.reviewId), authorUserId: owner!.id, authorName: owner!.fullName, body: 'Matrix: call the guest back', mentions: [] }).returning();
    for (const [key, role] of [['removed', 'agent'], ['demoted', 'client_owner']] as const) {
      // Unique per run: the outbox of the default DATA_DIR outlives a run.
      const email = `matrix.${key}.${randomUUID().slice(0, 8)}@spice-route.example`;
      const [user] = await db.insert(schema.users).values({ email, fullName: `Matrix ${key}`, passwordHash: owner!.passwordHash }).returning();
      await db.insert(schema.memberships).values({ userId: user!.id, clientId: ids.A.clientId, role });
      await db.insert(schema.accessGrants).values(MODULES.map((m) => ({ userId: user!.id, clientId: ids.A.clientId, kind: 'module', refId: m })));
      const token = await h.login(email);
      const spec = { metrics: ['ratings'], outletIds: [outletId], period: { kind: 'last_days', days: 7 }, comparison: 'none' } as const;
      const run = await post(token, '/api/reports/run', { spec, format: 'csv' }, 202);
      const exp = await post(token, '/api/review_testing/get_reviews/export', { outletId, format: 'csv' }, 202);
      const [n] = await db.insert(schema.mentionNotifications).values({ clientId: ids.A.clientId, userId: user!.id, commentId: comment!.id, reviewId: Number(ids.A.reviewId) }).returning();
      const [scheduled] = await db
        .insert(schema.reportRuns)
        .values({ clientId: ids.A.clientId, userId: user!.id, title: `Matrix weekly ${key}`, spec, outletIds: [outletId], format: 'csv', periodFrom: '2026-11-01', periodTo: '2026-11-07', expiresAt: new Date(Date.now() + 86_400_000), scheduled: true })
        .returning();
      people[key] = { id: user!.id, email, token, reportRunId: run.id, exportId: exp.id, notificationId: String(n!.id), scheduledRunId: scheduled!.id };
    }
    await h.settle();
    const ticket = await post(ownerToken, '/api/tickets/create', { outletId, title: 'Matrix: the cold room', priority: 'urgent', assigneeUserId: people.removed.id, watcherUserIds: [people.removed.id, people.demoted.id] }, 200);
    ticketId = ticket.ticket.id;
    const [rule] = await db
      .insert(schema.automationRules)
      .values({ clientId: ids.A.clientId, name: 'Matrix notify', trigger: 'new_review', conditions: {}, actions: [{ type: 'notify', userIds: [people.removed.id, people.demoted.id] }], delayMinutes: 5, position: 99, enabled: false, createdByUserId: owner!.id })
      .returning();
    ruleId = rule!.id;
    // While they still see the outlet, downloads work.
    for (const p of Object.values(people)) {
      for (const url of [`/api/reports/runs/${p.reportRunId}/file`, `/api/review_testing/get_reviews/export/${p.exportId}/file`]) {
        expect((await h.server.app.inject({ method: 'GET', url, headers: bearer(p.token) })).statusCode, url).toBe(200);
      }
    }
    await post(ownerToken, '/api/access-control-of-user', { request: 'update', userId: people.removed.id, remove: true }, 200);
    await post(ownerToken, '/api/access-control-of-user', { request: 'update', userId: people.demoted.id, role: 'outlet_manager', outletIds: [otherOutlet!.id] }, 200);
  }, 180_000);

  it('automation notify: the rule as saved before the change mails neither', async () => {
    const db = h.server.ctx.db;
    // eslint-disable-next-line no-restricted-syntax -- runs an automation run directly, as its job does
    const { executeRun } = await import('../modules/automation/automation.service.ts');
    await db.update(schema.automationRules).set({ enabled: true, actions: [{ type: 'notify', userIds: [people.removed.id, people.demoted.id] }] }).where(eq(schema.automationRules.id, ruleId));
    const [review] = await db.select({ id: schema.reviews.id }).from(schema.reviews).where(and(eq(schema.reviews.outletId, ids.A.outletId), sql`${schema.reviews.id} not in (select review_id from automation_runs where review_id is not null)`)).limit(1);
    const at = new Date();
    const [run] = await db.insert(schema.automationRuns).values({ clientId: ids.A.clientId, outletId: ids.A.outletId, ruleId, ruleName: 'Matrix notify', reviewId: review!.id, matchedAt: at, dueAt: at, status: 'scheduled' }).returning();
    await executeRun(h.server.ctx, ids.A.clientId, run!.id);
    await db.update(schema.automationRules).set({ enabled: false }).where(eq(schema.automationRules.id, ruleId));
    const [done] = await db.select().from(schema.automationRuns).where(eq(schema.automationRuns.id, run!.id));
    expect(done!.outcomes).toEqual([{ type: 'notify', status: 'skipped', detail: 'Nobody of the list may see this outlet any more' }]);
    for (const p of Object.values(people)) expect(await mailsTo(p.email), p.email).toBe(0);
  });

  it('SLA breach: released from the ticket, and a breach mail queued for them is not sent', async () => {
    const { breachEmailJob } = await import('../modules/tickets/index.ts');
    const res = await h.server.app.inject({ method: 'POST', url: '/api/tickets/get', payload: { ticketId }, headers: bearer(ownerToken) });
    expect(res.json()).toMatchObject({ assignee: null, watchers: [] });
    for (const p of Object.values(people)) {
      expect(await breachEmailJob.handler(h.server.ctx, { clientId: ids.A.clientId, outletId: ids.A.outletId, ticketId, userId: p.id }, jobMeta())).toEqual({ skipped: 'recipient may no longer see this ticket' });
      expect(await mailsTo(p.email), p.email).toBe(0);
    }
  });

  it('mention mail and the bell: neither is mailed; the demoted one no longer lists it, the removed one is refused', async () => {
    const { mentionEmailJob } = await import('../modules/comments/index.ts');
    for (const p of Object.values(people)) {
      expect(await mentionEmailJob.handler(h.server.ctx, { clientId: ids.A.clientId, outletId: ids.A.outletId, notificationId: p.notificationId }, jobMeta())).toEqual({ skipped: 'recipient may no longer see this thread' });
      expect(await mailsTo(p.email), p.email).toBe(0);
    }
    const bell = (p: Who) => h.server.app.inject({ method: 'POST', url: '/api/review/mention-notifications', payload: {}, headers: bearer(p.token) });
    expect((await bell(people.removed)).statusCode).toBe(401);
    const demoted = await bell(people.demoted);
    expect(demoted.statusCode).toBe(200);
    expect((demoted.json() as { data: { id: string }[] }).data.map((n) => n.id)).not.toContain(people.demoted.notificationId);
  });

  it('report mail: a scheduled run of the outlet is generated but mailed to neither', async () => {
    const { reportGenerateJob } = await import('../modules/reports/index.ts');
    for (const p of Object.values(people)) {
      expect(await reportGenerateJob.handler(h.server.ctx, { clientId: ids.A.clientId, runId: p.scheduledRunId }, jobMeta())).toEqual({ generated: true, mailed: false });
      expect(await mailsTo(p.email), p.email).toBe(0);
    }
  });

  it('downloads: report runs and review exports they made refuse the removed (401) and the demoted (404)', async () => {
    for (const [key, p] of Object.entries(people)) {
      for (const url of [`/api/reports/runs/${p.reportRunId}`, `/api/reports/runs/${p.reportRunId}/file`, `/api/review_testing/get_reviews/export/${p.exportId}`, `/api/review_testing/get_reviews/export/${p.exportId}/file`]) {
        const res = await h.server.app.inject({ method: 'GET', url, headers: bearer(p.token) });
        expect(res.statusCode, `${key} ${url}`).toBe(key === 'removed' ? 401 : 404);
      }
    }
  });
});
