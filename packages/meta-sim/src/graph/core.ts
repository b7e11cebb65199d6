/**
 * Shared types of the Graph simulator: the simulator core every module reads, the per-request
 * context, the node union, and the module contract (`GraphModule`) through which an API area
 * (accounts, ratings, comments, messaging) plugs into the router.
 */
import type { FieldSpec, NodeRegistry } from '../fields.ts';
import type { Conversation, Inbox, Message } from '../inbox.ts';
import { paginate } from '../paging.ts';
import type { Seed, SimPage, SimStory, SimUser } from '../seed.ts';
import type { CommentRecord, StateStore } from '../state.ts';
import type { Principal, TokenRegistry } from '../tokens.ts';
import type { PerSecondLimiter, UsageMeter } from '../usage.ts';
import type { WebhookDispatcher } from '../webhooks.ts';
import type { WriteFaults } from '../write-faults.ts';
import type { GraphFaults } from '../faults.ts';
import type { GraphCallLog } from '../call-log.ts';
import type { SimMedia } from '../instagram/world.ts';

export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/** Runtime switches, changeable through the control API. */
export interface SimSwitches {
  /** Major version from which the ratings edge answers code 12; null = never. */
  ratingsDeprecatedFrom: number | null;
  /**
   * The app's "Require App Secret" setting: every call with a user or page token must carry
   * `appsecret_proof` = hex HMAC-SHA256(app secret, access token), else 100 (Graph API
   * "Securing Requests").
   */
  requireAppsecretProof: boolean;
  /**
   * What a page token gets once its Page's 24-hour budget is used up. Meta's Business Use Case
   * error codes list both for Pages (Graph API "Rate Limits"): 32 "Page request limit reached"
   * (the default) or 80001 "There have been too many calls to this Page account".
   */
  pageThrottleCode: 32 | 80001;
}

/** Everything a handler may read or change, shared by all requests. */
export interface SimCore {
  seed: Seed;
  store: StateStore;
  tokens: TokenRegistry;
  usage: UsageMeter;
  nodes: NodeRegistry<GraphContext>;
  /** The app; `developers`: user ids whose user tokens may call `debug_token`. */
  app: { id: string; secret: string; name: string; developers: readonly string[] };
  /** Version used for unversioned paths, e.g. "v21.0". */
  defaultVersion: string;
  switches: SimSwitches;
  now: () => Date;
  /** The day Graph versions are judged at (versions.ts); the clock unless pinned. */
  versionNow: () => Date;
  /** Messenger/Instagram threads, windows, reactions, subscriptions (`inbox.ts`). */
  inbox: Inbox;
  /** Webhook delivery (`webhooks.ts`). */
  webhooks: WebhookDispatcher;
  /** Conversations API calls per second per Page / IG account
   * (docs/requirements/platform-apis.md#rate-limits). */
  conversationsLimiter: PerSecondLimiter;
  /** Armed write faults: POSTs that hang after or instead of being applied (`write-faults.ts`). */
  writeFaults: WriteFaults;
  /** Armed read/answer faults: 500s, slow answers, rate limits, 190 (`faults.ts`). */
  faults: GraphFaults;
  /** Graph calls answered, per Page (`call-log.ts`). */
  calls: GraphCallLog;
}

/** One Graph request after authentication. */
export interface GraphContext {
  sim: SimCore;
  method: HttpMethod;
  /** Major API version of the call (path version, else the default), e.g. 21. */
  version: number;
  /** "v21.0": used in `paging.next` so follow-up pages stay on the same version. */
  versionLabel: string;
  /** Query and body parameters merged (body wins), first value of repeated keys. */
  params: Record<string, string>;
  principal: Principal;
  /** Scheme and host the client used, e.g. "http://127.0.0.1:4100". */
  baseUrl: string;
  /**
   * Adds an entry for `id` to this answer's `X-Business-Use-Case-Usage` header (e.g. the
   * Messenger bucket of the Conversations API next to the Page's own),
   * docs/requirements/platform-apis.md#headers.
   */
  addBusinessUsage(id: string, entry: Record<string, unknown>): void;
}

/** Every object the router can address by id. New API areas add members here. */
export type GraphNode =
  | { kind: 'App'; id: string }
  | { kind: 'User'; id: string; user: SimUser }
  | { kind: 'Page'; id: string; page: SimPage }
  | { kind: 'Story'; id: string; story: SimStory }
  | { kind: 'Comment'; id: string; comment: CommentRecord }
  | { kind: 'InstagramUser'; id: string; page: SimPage }
  | { kind: 'InstagramMedia'; id: string; media: SimMedia }
  | { kind: 'Conversation'; id: string; conversation: Conversation }
  | { kind: 'Message'; id: string; message: Message };

export type NodeKind = GraphNode['kind'];
export type NodeOf<K extends NodeKind> = Extract<GraphNode, { kind: K }>;

/** A handler for `METHOD /{node-id}/{edge}` on nodes of one kind (`edge` "" = the node). */
export interface EdgeRoute<K extends NodeKind> {
  kind: K;
  method: HttpMethod;
  /** Path after the node id without leading slash, e.g. "ratings", "accounts/test-users". */
  edge: string;
  handle(ctx: GraphContext, node: NodeOf<K>): unknown;
}

/** Any route, as a union over kinds so arrays of mixed routes stay type-checked. */
export type AnyEdgeRoute = { [K in NodeKind]: EdgeRoute<K> }[NodeKind];

/** A handler for a top-level path that is not a node, e.g. `/debug_token`. */
export interface RootRoute {
  method: HttpMethod;
  handle(ctx: GraphContext): unknown;
}

/** An API area. The router asks each module in turn to resolve ids and route calls. */
export interface GraphModule {
  /** Defines node types and adds fields to other modules' types. Runs once at start. */
  registerNodes?(nodes: NodeRegistry<GraphContext>): void;
  /** The node with this id if this module owns it. */
  resolve?(id: string, sim: SimCore): GraphNode | undefined;
  routes?: AnyEdgeRoute[];
  /** Top-level non-node paths by first path segment. */
  roots?: Record<string, RootRoute[]>;
}

/** Graph timestamp format: `2024-05-01T10:00:00+0000` (behaviour 10). */
export function graphTime(d: Date): string {
  return `${d.toISOString().slice(0, 19)}+0000`;
}

/**
 * Absolute URL of another page of an edge on this simulator, carrying the same version, the
 * given query and the access token, as Graph's `paging.next`/`previous` do.
 */
export function pageUrl(ctx: GraphContext, path: string, query: Record<string, string>, param: 'after' | 'before', cursor: string): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (k !== 'after' && k !== 'before' && k !== 'access_token') q.set(k, v);
  }
  q.set('access_token', ctx.principal.token);
  q.set(param, cursor);
  return `${ctx.baseUrl}/${ctx.versionLabel}/${path}?${q.toString()}`;
}

/**
 * Answers a list edge: projects one page of `items` onto the selection and adds `paging`.
 * @param path edge path for `paging.next`, e.g. "{page-id}/ratings"
 * @param query parameters to repeat in `paging.next` (fields, limit, order, ...)
 * @throws GraphError 100 for unknown fields or invalid cursors
 */
export function listEdge<T>(
  ctx: GraphContext,
  opts: {
    /** Node type of the items (a registry kind; list items need not be addressable). */
    kind: string;
    items: readonly T[];
    keyOf: (item: T) => string;
    specs: FieldSpec[] | undefined;
    limit: number;
    after?: string | undefined;
    before?: string | undefined;
    path: string;
    query: Record<string, string>;
  },
): { data: Record<string, unknown>[]; paging?: object } {
  const selection = ctx.sim.nodes.select(opts.kind, opts.specs);
  const page = paginate(opts.items, opts.keyOf, {
    limit: opts.limit,
    after: opts.after,
    before: opts.before,
    urlFor: (param, cursor) => pageUrl(ctx, opts.path, opts.query, param, cursor),
  });
  return {
    data: page.items.map((item) => ctx.sim.nodes.project(opts.kind, item, selection, ctx)),
    ...(page.paging ? { paging: page.paging } : {}),
  };
}

/** True when the token acts for `pageId`: that Page's token, or a user token of an admin. */
export function managesPage(p: Principal, pageId: string): boolean {
  if (p.type === 'PAGE') return p.page.id === pageId;
  if (p.type === 'USER') return p.user.pageIds.includes(pageId);
  return false;
}

/** True when the token is the page token of `pageId` itself. */
export function isPageToken(p: Principal, pageId: string): boolean {
  return p.type === 'PAGE' && p.page.id === pageId;
}

/** Tasks a test user holds on each of their Pages when nothing was withdrawn: all of them. */
export const PAGE_TASKS = ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE'] as const;

/** Tasks `userId` holds on their Pages: `PAGE_TASKS` unless narrowed through the control API. */
export function pageTasksOf(sim: Pick<SimCore, 'store'>, userId: string): string[] {
  return [...(sim.store.state.grants?.[userId]?.tasks ?? PAGE_TASKS)];
}

/** True when a user or page token carries `scope` (app tokens have no scopes). */
export function hasScope(p: Principal, scope: string): boolean {
  return p.type !== 'APP' && p.record.scopes.includes(scope);
}
