/**
 * MSW handlers generated from the contracts ("product tests on MSW handlers generated
 * from the contracts"). Each endpoint below is the contracts' own path (`API`, `INBOX` from
 * packages/contracts/src/paths.ts, path parameters as `:name`) with its zod schemas; a test
 * supplies only the answer:
 *
 * ```ts
 * mockApi(handle.fbPages(() => ({ data: [pageFixture()] })));
 * ```
 *
 * - The resolver's answer is parsed with the endpoint's response schema. An answer the
 *   contract does not allow is a contract violation: the app gets a 500 and the running test
 *   fails after it with the zod issue (`testing/setup.ts`), so a test backend cannot drift from
 *   the real API.
 * - The request body and query are parsed with the request schemas where the contract has
 *   them; a request the server would refuse (400) is a violation too. The resolver gets the
 *   parsed body (`z.output`), the raw query and the path parameters.
 * - Error answers go through {@link reply}: `reply.error(status, body)` checks the body against
 *   `ZErrorResponse` (docs/requirements/errors.md), `reply.network()` fails like an unreachable
 *   server, and `reply.offContract(status, body, reason)` deliberately sends what the contract does
 *   not describe (e.g. a token failure in a 200, docs/requirements/validation.md), with the reason
 *   written down.
 */
import { ZAuditLogResponse } from '@dinedesk/contracts/audit';
import {
  API,
  INBOX,
  ZAcceptInvitationRequest,
  ZAcceptInvitationResponse,
  ZAccessControlRequest,
  ZAccessControlResponse,
  ZAccessTokenByClientQuery,
  ZClientDetailsResponse,
  ZClientOnboardingRequest,
  ZClientOnboardingResponse,
  ZClientUsersResponse,
  ZConversationsQuery,
  ZConversationsResponse,
  ZErrorResponse,
  ZGetAllBrandsRequest,
  ZGetAllBrandsResponse,
  ZGetFbCommentsQuery,
  ZGetFbCommentsResponse,
  ZGetFbPagesResponse,
  ZGetFbReviewsQuery,
  ZGetFbReviewsResponse,
  ZInboxPagesResponse,
  ZInviteUserRequest,
  ZInviteUserResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZLogoutResponse,
  ZMarkReadResponse,
  ZMessagesQuery,
  ZMessagesResponse,
  ZMyClientsResponse,
  ZReactRequest,
  ZReactResponse,
  ZReplyFbReviewHeaders,
  ZReplyFbReviewRequest,
  ZReplyFbReviewResponse,
  ZSendMessageRequest,
  ZSendMessageResponse,
  ZSetPasswordRequest,
  ZSetPasswordResponse,
  ZSyncFbReviewsRequest,
  ZSyncFbReviewsResponse,
  type TErrorResponse,
  ZGetReviewsRequest,
  ZGetReviewsResponse,
  ZReplyGoogleReviewRequest,
  ZReplyGoogleReviewHeaders,
  ZReplyGoogleReviewResponse,
  ZDeleteGoogleReplyRequest,
  ZDeleteGoogleReplyResponse,
  ZGetLocationsRequest,
  ZGetLocationsResponse,
  ZGetLocationsForUserRequest,
  ZGetLocationsForUserResponse,
  ZLinkGoogleLocationRequest,
  ZGoogleConnection,
  ZSyncGoogleLocationRequest,
  ZSyncGoogleLocationResponse,
  ZReviewKpisRequest,
  ZReviewKpis,
  ZExportReviewsRequest,
  ZReviewExport,
  ZReplyTemplate,
  ZReplyTemplatesResponse,
  ZSaveReplyTemplateRequest,
  ZDeleteReplyTemplateRequest,
  ZEditFbReplyRequest,
  ZDeleteFbReplyRequest,
  ZInternalCommentAddResponse,
  ZInternalCommentsListResponse,
  ZInternalCommentsRequest,
  ZMentionNotificationsRequest,
  ZMentionNotificationsResponse,
  ZMentionStatusRequest,
  ZMentionStatusResponse,
  ZMentionsUsersRequest,
  ZMentionsUsersResponse,
  ZComplaint,
  ZComplaintDetail,
  ZComplaintResponse,
  ZFlagConversationRequest,
  ZGetComplaintRequest,
  ZListComplaintsRequest,
  ZListComplaintsResponse,
  ZOpenFromReviewRequest,
  ZRootCausesRequest,
  ZRootCausesResponse,
  ZUpdateComplaintRequest,
  ZCreateTicketRequest,
  ZCreateTicketResponse,
  ZGetTicketRequest,
  ZListTicketsRequest,
  ZListTicketsResponse,
  ZSlaPolicyRequest,
  ZSlaPolicyResponse,
  ZTicket,
  ZTicketDetail,
  ZUpdateTicketRequest,
} from '@dinedesk/contracts';
import { ZAutomationDraft, ZAutomationDraftsRequest, ZAutomationDraftsResponse, ZAutomationDryRunRequest, ZAutomationDryRunResponse, ZAutomationHistoryRequest, ZAutomationHistoryResponse, ZAutomationRule, ZAutomationRulesResponse, ZAutomationRun, ZAutomationRunNowRequest, ZCreateAutomationRuleRequest, ZDecideAutomationDraftRequest, ZDeleteAutomationRuleRequest, ZDeleteAutomationRuleResponse, ZListAutomationRulesRequest, ZReorderAutomationRulesRequest, ZUpdateAutomationRuleRequest } from '@dinedesk/contracts/automation';
import { INSTAGRAM_API, ZInstagramInsightsRequest, ZInstagramInsightsResponse } from '@dinedesk/contracts/instagram';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import { recordRequest, reportViolation, type RecordedRequest } from './api-server.ts';

/** One product endpoint as the contracts describe it. */
export interface Endpoint {
  method: 'GET' | 'POST';
  /** MSW path pattern built from the contracts' path (`:name` for a path parameter). */
  path: string;
  response: z.ZodType;
  /** Status of a successful answer (default 200). */
  status?: number;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Request headers the contract constrains (keys lower-case, as `Headers` gives them). */
  headers?: z.ZodType;
}

/** `:channel`, `:pageId`…: the contracts' path builders called with MSW parameters. */
const p = (name: string) => `:${name}`;

/** Every product endpoint the web app calls, keyed like `API`/`INBOX`
 * (docs/requirements/calls.md). */
export const ENDPOINTS = {
  login: { method: 'POST', path: API.login, body: ZLoginRequest, response: ZLoginResponse },
  logout: { method: 'GET', path: API.logout, response: ZLogoutResponse },
  clientDetails: { method: 'GET', path: API.clientDetails, response: ZClientDetailsResponse },
  fbPages: { method: 'GET', path: API.fbPages, response: ZGetFbPagesResponse },
  fbReviews: { method: 'GET', path: API.fbReviews, query: ZGetFbReviewsQuery, response: ZGetFbReviewsResponse },
  fbComments: { method: 'GET', path: API.fbComments, query: ZGetFbCommentsQuery, response: ZGetFbCommentsResponse },
  replyFbReview: { method: 'POST', path: API.replyFbReview, body: ZReplyFbReviewRequest, headers: ZReplyFbReviewHeaders, response: ZReplyFbReviewResponse },
  syncFbReviews: { method: 'POST', path: API.syncFbReviews, body: ZSyncFbReviewsRequest, response: ZSyncFbReviewsResponse },
  editFbReply: { method: 'POST', path: API.editFbReply, body: ZEditFbReplyRequest, response: ZReplyFbReviewResponse },
  deleteFbReply: { method: 'POST', path: API.deleteFbReply, body: ZDeleteFbReplyRequest, response: z.object({ deleted: z.literal(true) }) },
  getReviews: { method: 'POST', path: API.getReviews, body: ZGetReviewsRequest, response: ZGetReviewsResponse },
  reviewKpis: { method: 'POST', path: API.reviewKpis, body: ZReviewKpisRequest, response: ZReviewKpis },
  exportReviews: { method: 'POST', path: API.exportReviews, body: ZExportReviewsRequest, response: ZReviewExport, status: 202 },
  reviewExport: { method: 'GET', path: API.reviewExport, response: ZReviewExport },
  replyTemplates: { method: 'GET', path: API.replyTemplates, response: ZReplyTemplatesResponse },
  saveReplyTemplate: { method: 'POST', path: API.saveReplyTemplate, body: ZSaveReplyTemplateRequest, response: ZReplyTemplate },
  deleteReplyTemplate: { method: 'POST', path: API.deleteReplyTemplate, body: ZDeleteReplyTemplateRequest, response: z.object({ deleted: z.literal(true) }) },
  replyGoogleReview: { method: 'POST', path: API.replyGoogleReview, body: ZReplyGoogleReviewRequest, headers: ZReplyGoogleReviewHeaders, response: ZReplyGoogleReviewResponse },
  deleteGoogleReply: { method: 'POST', path: API.deleteGoogleReply, body: ZDeleteGoogleReplyRequest, response: ZDeleteGoogleReplyResponse },
  getLocations: { method: 'POST', path: API.getLocations, body: ZGetLocationsRequest, response: ZGetLocationsResponse },
  getLocationsForUser: { method: 'POST', path: API.getLocationsForUser, body: ZGetLocationsForUserRequest, response: ZGetLocationsForUserResponse },
  linkGoogleLocation: { method: 'POST', path: API.linkGoogleLocation, body: ZLinkGoogleLocationRequest, response: ZGoogleConnection },
  syncGoogleLocation: { method: 'POST', path: API.syncGoogleLocation, body: ZSyncGoogleLocationRequest, response: ZSyncGoogleLocationResponse },
  clientOnboarding: { method: 'POST', path: API.clientOnboarding, body: ZClientOnboardingRequest, response: ZClientOnboardingResponse, status: 201 },
  accessControlOfUser: { method: 'POST', path: API.accessControlOfUser, body: ZAccessControlRequest, response: ZAccessControlResponse },
  getAllBrands: { method: 'POST', path: API.getAllBrands, body: ZGetAllBrandsRequest, response: ZGetAllBrandsResponse },
  accessTokenByClientId: { method: 'GET', path: API.accessTokenByClientId, query: ZAccessTokenByClientQuery, response: ZLoginResponse },
  setPassword: { method: 'POST', path: API.setPassword, body: ZSetPasswordRequest, response: ZSetPasswordResponse },
  acceptInvitation: { method: 'POST', path: API.acceptInvitation, body: ZAcceptInvitationRequest, response: ZAcceptInvitationResponse },
  clientUsers: { method: 'GET', path: API.clientUsers, response: ZClientUsersResponse },
  inviteUser: { method: 'POST', path: API.inviteUser, body: ZInviteUserRequest, response: ZInviteUserResponse, status: 201 },
  myClients: { method: 'GET', path: API.myClients, response: ZMyClientsResponse },
  auditLog: { method: 'GET', path: API.auditLog, response: ZAuditLogResponse },
  messengerPages: { method: 'GET', path: INBOX.messengerPages, response: ZInboxPagesResponse },
  instagramPages: { method: 'GET', path: INBOX.instagramPages, response: ZInboxPagesResponse },
  conversations: { method: 'GET', path: INBOX.conversations(p('channel'), p('pageId')), query: ZConversationsQuery, response: ZConversationsResponse },
  messages: {
    method: 'GET',
    path: INBOX.messages(p('channel'), p('pageId'), p('conversationId')),
    query: ZMessagesQuery,
    response: ZMessagesResponse,
  },
  sendMessage: {
    method: 'POST',
    path: INBOX.messages(p('channel'), p('pageId'), p('conversationId')),
    body: ZSendMessageRequest,
    response: ZSendMessageResponse,
  },
  react: {
    method: 'POST',
    path: INBOX.react(p('channel'), p('pageId'), p('conversationId'), p('messageId')),
    body: ZReactRequest,
    response: ZReactResponse,
  },
  markRead: { method: 'POST', path: INBOX.read(p('channel'), p('pageId'), p('conversationId')), response: ZMarkReadResponse },
  // Internal comments and mentions: one call lists (`request: 'list'`) or adds.
  reviewComments: { method: 'POST', path: API.reviewComments, body: ZInternalCommentsRequest, response: z.union([ZInternalCommentsListResponse, ZInternalCommentAddResponse]) },
  mentionsUsers: { method: 'POST', path: API.mentionsUsers, body: ZMentionsUsersRequest, response: ZMentionsUsersResponse },
  mentionNotifications: { method: 'POST', path: API.mentionNotifications, body: ZMentionNotificationsRequest, response: ZMentionNotificationsResponse },
  mentionStatus: { method: 'POST', path: API.mentionStatus, body: ZMentionStatusRequest, response: ZMentionStatusResponse },
  // Complaints and tickets (docs/decisions/0026 and 0027).
  complaintsList: { method: 'POST', path: API.complaintsList, body: ZListComplaintsRequest, response: ZListComplaintsResponse },
  complaintGet: { method: 'POST', path: API.complaintGet, body: ZGetComplaintRequest, response: ZComplaintDetail },
  complaintUpdate: { method: 'POST', path: API.complaintUpdate, body: ZUpdateComplaintRequest, response: ZComplaint },
  complaintFromReview: { method: 'POST', path: API.complaintFromReview, body: ZOpenFromReviewRequest, response: ZComplaintResponse },
  complaintFlagConversation: { method: 'POST', path: API.complaintFlagConversation, body: ZFlagConversationRequest, response: ZComplaintResponse },
  complaintRootCauses: { method: 'POST', path: API.complaintRootCauses, body: ZRootCausesRequest, response: ZRootCausesResponse },
  ticketsList: { method: 'POST', path: API.ticketsList, body: ZListTicketsRequest, response: ZListTicketsResponse },
  ticketGet: { method: 'POST', path: API.ticketGet, body: ZGetTicketRequest, response: ZTicketDetail },
  ticketCreate: { method: 'POST', path: API.ticketCreate, body: ZCreateTicketRequest, response: ZCreateTicketResponse },
  ticketUpdate: { method: 'POST', path: API.ticketUpdate, body: ZUpdateTicketRequest, response: ZTicket },
  ticketSlaPolicy: { method: 'POST', path: API.ticketSlaPolicy, body: ZSlaPolicyRequest, response: ZSlaPolicyResponse },
  automationRules: { method: 'POST', path: API.automationRules, body: ZListAutomationRulesRequest, response: ZAutomationRulesResponse },
  automationRuleCreate: { method: 'POST', path: API.automationRuleCreate, body: ZCreateAutomationRuleRequest, response: ZAutomationRule },
  automationRuleUpdate: { method: 'POST', path: API.automationRuleUpdate, body: ZUpdateAutomationRuleRequest, response: ZAutomationRule },
  automationRuleDelete: { method: 'POST', path: API.automationRuleDelete, body: ZDeleteAutomationRuleRequest, response: ZDeleteAutomationRuleResponse },
  automationRulesReorder: { method: 'POST', path: API.automationRulesReorder, body: ZReorderAutomationRulesRequest, response: ZAutomationRulesResponse },
  automationDryRun: { method: 'POST', path: API.automationDryRun, body: ZAutomationDryRunRequest, response: ZAutomationDryRunResponse },
  automationHistory: { method: 'POST', path: API.automationHistory, body: ZAutomationHistoryRequest, response: ZAutomationHistoryResponse },
  automationDrafts: { method: 'POST', path: API.automationDrafts, body: ZAutomationDraftsRequest, response: ZAutomationDraftsResponse },
  automationDraftDecide: { method: 'POST', path: API.automationDraftDecide, body: ZDecideAutomationDraftRequest, response: ZAutomationDraft },
  automationRunNow: { method: 'POST', path: API.automationRunNow, body: ZAutomationRunNowRequest, response: ZAutomationRun },
  instagramMediaInsights: { method: 'POST', path: INSTAGRAM_API.mediaInsights, body: ZInstagramInsightsRequest, response: ZInstagramInsightsResponse },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof ENDPOINTS;

/** A non-success answer of a resolver; build one with {@link reply}. */
export class MockReply {
  constructor(
    readonly kind: 'error' | 'network' | 'offContract',
    readonly status: number,
    readonly body: unknown,
    /** Why an off-contract answer is sent (documentation in the test). */
    readonly reason?: string,
  ) {}
}

export const reply = {
  /** An error answer in docs/requirements/errors.md; `body` must be a `ZErrorResponse` (`{message,
   * field?, code?}`). */
  error: (status: number, body: TErrorResponse) => new MockReply('error', status, body),
  /** The server cannot be reached: `fetch` rejects (the app's status 0). */
  network: () => new MockReply('network', 0, null),
  /**
   * An answer outside the contract, sent on purpose to test the app's tolerance of it.
   * @param reason why the test needs it (kept in the test as documentation)
   */
  offContract: (status: number, body: unknown, reason: string) => new MockReply('offContract', status, body, reason),
};

/** What a resolver is given: the recorded request, its parsed body and the path parameters. */
export interface ContractRequest<E extends Endpoint> {
  body: E['body'] extends z.ZodType ? z.output<E['body']> : undefined;
  query: URLSearchParams;
  /** Path parameters by name (`:pageId` → `params.pageId`). */
  params: Readonly<Record<string, string>>;
  headers: Headers;
  recorded: RecordedRequest;
}

export type ContractAnswer<E extends Endpoint> = z.input<E['response']> | MockReply;
export type ContractResolver<E extends Endpoint> = (request: ContractRequest<E>) => ContractAnswer<E> | Promise<ContractAnswer<E>>;

function issuesOf(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
}

function violation(message: string): Response {
  reportViolation(message);
  return HttpResponse.json({ message: `Test backend broke the contract: ${message}` }, { status: 500 });
}

/**
 * An MSW handler of `endpoint` answering with `resolve`, checked against the contract both
 * ways (see the module comment). `name` only labels violation messages.
 */
export function contractHandler<E extends Endpoint>(name: string, endpoint: E, resolve: ContractResolver<E>): HttpHandler {
  const route = http[endpoint.method === 'GET' ? 'get' : 'post'];
  return route(endpoint.path, async ({ request, params }) => {
    const recorded = await recordRequest(request);
    const label = `${endpoint.method} ${recorded.path} (${name})`;
    let body: unknown = undefined;
    if (endpoint.body) {
      const parsed = endpoint.body.safeParse(recorded.body);
      if (!parsed.success) return violation(`${label} was sent a body the server refuses: ${issuesOf(parsed.error)}`);
      body = parsed.data;
    }
    if (endpoint.query) {
      const parsed = endpoint.query.safeParse(Object.fromEntries(recorded.query));
      if (!parsed.success) return violation(`${label} was sent a query the server refuses: ${issuesOf(parsed.error)}`);
    }
    if (endpoint.headers) {
      const parsed = endpoint.headers.safeParse(Object.fromEntries(recorded.headers));
      if (!parsed.success) return violation(`${label} was sent headers the server refuses: ${issuesOf(parsed.error)}`);
    }
    const answer = await resolve({
      body: body as ContractRequest<E>['body'],
      query: recorded.query,
      params: params as Record<string, string>,
      headers: recorded.headers,
      recorded,
    });
    if (answer instanceof MockReply) {
      if (answer.kind === 'network') return HttpResponse.error();
      if (answer.kind === 'error') {
        const parsed = ZErrorResponse.safeParse(answer.body);
        if (!parsed.success || answer.status < 400) return violation(`${label} answered an error the contract does not allow: ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      return HttpResponse.json(answer.body as never, { status: answer.status });
    }
    const parsed = endpoint.response.safeParse(answer);
    if (!parsed.success) return violation(`${label} answered a body its response schema refuses: ${issuesOf(parsed.error)}`);
    // The wire form of the answer (what the server would serialise), not the resolver's object.
    return HttpResponse.json(parsed.data as never, { status: endpoint.status ?? 200 });
  });
}

/** `handle.<endpoint>(resolver)`: the contract handler of every endpoint in {@link ENDPOINTS}. */
export const handle = Object.fromEntries(
  Object.entries(ENDPOINTS).map(([name, endpoint]) => [name, (resolve: ContractResolver<Endpoint>) => contractHandler(name, endpoint, resolve)]),
) as { [K in EndpointName]: (resolve: ContractResolver<(typeof ENDPOINTS)[K]>) => HttpHandler };
