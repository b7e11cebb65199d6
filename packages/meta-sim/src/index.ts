/**
 * @dinedesk/meta-sim: a local, stateful simulator of the Meta Graph API parts DineDesk uses
 * (Facebook Login tokens, Pages, Page ratings and their comments, Messenger and Page-linked
 * Instagram messaging, webhooks), per docs/requirements/platform-apis.md and its
 * "10 behaviours". DineDesk's server talks to it with the same client it uses for
 * graph.facebook.com; only the base URL differs.
 */
import type { AddressInfo } from 'node:net';
import { DEFAULT_SEED_DIR, type DemoClock } from '@dinedesk/demo-data';
import { DemoClockInputError, restoreDemoClock, setDemoClock } from './demo-clock.ts';
import type { FastifyInstance } from 'fastify';
import { type ConversationSummary, type InboxSummary, createControl } from './control.ts';
import { type GuestMessageInput, type GuestMessageResult, LiveDriver } from './driver.ts';
import { type GuestRatingInput, restoreAddedRatings } from './feed.ts';
import { NodeRegistry } from './fields.ts';
import { accountsModule } from './graph/accounts.ts';
import { commentsModule } from './graph/comments.ts';
import type { GraphContext, GraphModule, SimCore } from './graph/core.ts';
import { messagingModule } from './graph/messaging.ts';
import { ratingsModule } from './graph/ratings.ts';
import { GraphRouter } from './graph/router.ts';
import { type Channel, Inbox } from './inbox.ts';
import { buildSeed } from './seed.ts';
import { buildServer } from './server.ts';
import { StateStore } from './state.ts';
import { TokenRegistry } from './tokens.ts';
import { PAGE_CALLS_PER_ENGAGED_USER, PerSecondLimiter, UsageMeter } from './usage.ts';
import { wireWebhooks } from './webhook-events.ts';
import { type HandshakeRecord, type WebhookConfig, type WebhookLog, WebhookDispatcher } from './webhooks.ts';
import { type WriteFault, WriteFaults } from './write-faults.ts';
import { type ArmedFault, type FaultRule, GraphFaults } from './faults.ts';
import { type GraphCall, GraphCallLog } from './call-log.ts';
import { GoogleWorld, type GoogleReview, type GoogleUser } from './google/world.ts';
import { registerGoogleControl, registerGoogleRoutes } from './google/routes.ts';
import { PlacesWorld } from './places/world.ts';
import { registerPlacesRoutes } from './places/routes.ts';
import { instagramMediaModule } from './instagram/graph.ts';
import { registerInstagramCdn } from './instagram/cdn.ts';
import { InstagramWorld, type MetricMatrix } from './instagram/world.ts';

export { GraphError } from './errors.ts';
export { BUSINESS_MANAGE_SCOPE, GOOGLE_ACCESS_TOKEN_SECONDS, type GoogleLocation, type GoogleReview, type GoogleUser } from './google/world.ts';
export { GOOGLE_PREFIX, LOCATION_FIELDS } from './google/routes.ts';
export { PLACES_PREFIX, PLACE_FIELDS, PLACE_REVIEWS_MAX } from './places/routes.ts';
export type { SimPlace } from './places/world.ts';
export { DEFAULT_METRIC_MATRIX, DEPRECATED_METRICS, INSIGHTS_LAG_HOURS, MIN_AUDIENCE, RETENTION_DAYS, type InstagramWorld, type MetricMatrix, type SimMedia } from './instagram/world.ts';
export { CODE_TTL_SECONDS, appsecretProof } from './oauth.ts';
export { EXCHANGED_LONG_LIVED_SECONDS, SHORT_LIVED_SECONDS } from './tokens.ts';
export { parseFields, type FieldSpec } from './fields.ts';
export { serializeMetaJson, signMetaPayload, signMetaPayloadSha1 } from './webhooks.ts';
export type { DeliveryRecord, HandshakeRecord, WebhookConfig, WebhookLog } from './webhooks.ts';
export type { GuestAttachmentInput, GuestMessageInput, GuestMessageResult } from './driver.ts';
export type { ConversationSummary, InboxSummary } from './control.ts';
export type { Channel } from './inbox.ts';
export type { GuestRatingInput } from './feed.ts';
export { GRAPH_VERSIONS, VERSIONS_CHECKED_ON, servedVersion } from './graph/versions.ts';
export type { WriteFault, WriteFaultMode } from './write-faults.ts';
export type { ArmedFault, FaultCode, FaultKind, FaultRule } from './faults.ts';
export { FAULT_CODES, FAULT_KINDS, TOKEN_DEATH_SUBCODES } from './faults.ts';
export type { GraphCall } from './call-log.ts';
export { DemoClockInputError } from './demo-clock.ts';

/** Webhook knobs settable at creation (URL and verify token have their own options). */
export type WebhookOptions = Partial<Omit<WebhookConfig, 'url' | 'verifyToken'>>;

/** Options of `createMetaSim`; every one has a default, most read from the environment. */
export interface MetaSimOptions {
  /** Seed CSV directory. Default: `process.env.SEED_DIR ?? DEFAULT_SEED_DIR`. */
  seedDir?: string;
  /** JSON file persisting mutable state (tokens, comments). null/undefined: memory only. */
  stateFile?: string | null;
  /** Default: `process.env.META_APP_ID ?? '100000000000001'`. */
  appId?: string;
  /** Google OAuth client secret. Default: `process.env.GOOGLE_CLIENT_SECRET ?? 'meta-sim-google-secret'`. */
  googleClientSecret?: string;
  /** Key the Places API (New) side wants in `X-Goog-Api-Key`. Default: `process.env.PLACES_API_KEY ?? 'meta-sim-places-key'`. */
  placesApiKey?: string;
  /** Default: `process.env.META_APP_SECRET ?? 'meta-sim-app-secret'`. */
  appSecret?: string;
  /**
   * Ids of test users who are developers (or admins) of the app: their user tokens may call
   * `debug_token` besides the app token. Default none (Meta's test users are not developers).
   */
  appDevelopers?: string[];
  /** Name reported as `application` by debug_token. Default 'DineDesk'. */
  appName?: string;
  /** Version used for unversioned paths. Default 'v21.0'. */
  defaultVersion?: string;
  /**
   * Ratings edge and field answer code 12 on this major version and later, as Meta's reference
   * of Recommendation says for v22.0+; null = off (a simulator-only switch, Meta has none).
   * Default 22; `SIM_RATINGS_DEPRECATED=0` turns it off.
   */
  ratingsDeprecatedFrom?: number | null;
  /**
   * "Require App Secret": user and page token calls need `appsecret_proof`.
   * Default: `process.env.SIM_REQUIRE_APPSECRET_PROOF === '1'`.
   */
  requireAppsecretProof?: boolean;
  /** Call budget per app or user token bucket, rolling hour. Default `SIM_CALLS_PER_HOUR` or 4800. */
  callsPerHour?: number;
  /**
   * Call budget per Page for page tokens, rolling 24 hours (Meta: 4800 × the Page's engaged
   * users, Graph API "Rate Limits", Pages). Default `SIM_PAGE_CALLS_PER_DAY` or 480000
   * (100 engaged users): large, so suites never meet it.
   */
  pageCallsPer24h?: number;
  /** What a Page over its budget answers: 32 (default) or 80001 (`SIM_PAGE_THROTTLE_CODE`). */
  pageThrottleCode?: 32 | 80001;
  /** Injectable clock. Default: `() => new Date()`. */
  now?: () => Date;
  /**
   * The day Graph versions are judged at (which are served, which retired: graph/versions.ts).
   * Default: `SIM_VERSIONS_AS_OF` (an ISO date) when set, else `now`. Test helpers and the
   * server's test projects pin it, so suites on the real clock keep v21.0 after 2027-01-21.
   */
  versionClock?: () => Date;
  /** Fastify request logging. Default false. */
  logger?: boolean;
  /**
   * Webhook callback (docs/requirements/platform-apis.md#webhooks); null = no delivery.
   * Default: `process.env.META_SIM_WEBHOOK_URL ?? null`.
   */
  webhookUrl?: string | null;
  /** `hub.verify_token` of the handshake. Default: `process.env.META_WEBHOOK_VERIFY_TOKEN ?? 'dinedesk-verify'`. */
  webhookVerifyToken?: string;
  /**
   * Delivery knobs: `duplicateRate` (0..1, default 0), `reorder` (false), `holdMs` (250),
   * `batchSize` (1, up to 1000), `maxAttempts` (8), `retryBaseMs` (2000), `retryMaxMs`
   * (60000), `timeoutMs` (5000), `instagramFields` (the app's `instagram` object fields).
   */
  webhooks?: WebhookOptions;
  /**
   * Conversations API calls per second per Page / IG account
   * (docs/requirements/platform-apis.md#rate-limits); null = off. Default: `SIM_CONVERSATIONS_RPS`
   * (a number, or `off`) else 2.
   */
  messagingRateLimit?: number | null;
  /**
   * Live mode: a guest message every `intervalMs` (default 8000) to a random subscribed Page.
   * Default: on when `SIM_LIVE=1`, with `SIM_LIVE_INTERVAL_MS`; `false`/null = off.
   */
  live?: { intervalMs?: number } | boolean | null;
  /** Instagram media insights metrics per media product type (default `DEFAULT_METRIC_MATRIX`, instagram/world.ts). */
  instagramMetrics?: MetricMatrix;
}

/** `SIM_VERSIONS_AS_OF` as a fixed clock; null when unset. @throws Error when it is not a date */
function versionsAsOf(): (() => Date) | null {
  const raw = process.env.SIM_VERSIONS_AS_OF;
  if (!raw) return null;
  const d = new Date(raw);
  if (Number.isNaN(d.getTime())) throw new Error(`SIM_VERSIONS_AS_OF must be an ISO date, got ${raw}`);
  return () => d;
}

/** A running (or listenable) simulator. */
/** The Google Business Profile side (google/world.ts, google/routes.ts;
 * docs/requirements/platform-apis.md#google-business-profile). */
export interface GoogleSimControl {
  world: GoogleWorld;
  /** One Google user per demo client, owner of its business account. */
  users(): GoogleUser[];
  /** The project's Business Profile quota is 0 (access not approved): 429 on every call. */
  setQuotaZero(on: boolean): void;
  /** Forgets the per-minute request and edit counts. */
  resetQuotas(): void;
  /** A guest writes a Google review now. @throws Error for an unknown location */
  addReview(locationName: string, input: { reviewer: string; starRating: 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE'; comment?: string }): GoogleReview;
}

export interface MetaSim {
  google: GoogleSimControl;
  /** The Places API (New) side (places/world.ts, places/routes.ts; docs/decisions/0030). */
  places: { world: PlacesWorld; apiKey: string };
  /** Instagram media and insights (instagram/world.ts, docs/decisions/0035). */
  instagram: { world: InstagramWorld };
  /** Usable with `app.inject` in tests. */
  app: FastifyInstance;
  /**
   * Starts listening. Port 0 (the default) picks a free port.
   * @returns base URL, e.g. "http://127.0.0.1:4100" (wildcard hosts reported as 127.0.0.1)
   */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops the server. State is already on disk: it is written after every mutation. */
  close(): Promise<void>;
  /** Test users (one per demo client) with their current long-lived user tokens. */
  testUsers(): { id: string; name: string; accessToken: string }[];
  /**
   * Adds a comment by a Facebook user `name` on a review story.
   * @throws Error for an unknown story id or an empty name/message
   */
  addGuestComment(storyId: string, name: string, message: string): { id: string };
  /**
   * A guest rates a Page now (a new review with an Open Graph story); sends the Page `feed`
   * webhook change (`item: rating`) when the Page subscribed to `feed`. Guest comments send
   * `item: comment` the same way.
   * @throws FeedInputError (status 400/404) for bad input or an unknown Page
   */
  addGuestRating(input: GuestRatingInput): { key: string; storyId: string; pageId: string };
  /**
   * Arms a write fault (`write-faults.ts`): the next `times` POSTs to the `edge` hang after
   * being applied (`apply_then_hang`) or instead (`hang`); null disarms. Held answers wait for
   * `releaseHeldWrites()`.
   */
  setWriteFault(fault: WriteFault | null): WriteFault | null;
  /** Disarms write faults and lets every held answer go. @returns how many were held */
  releaseHeldWrites(): number;
  /**
   * Replaces the read/answer fault schedule (`faults.ts`): 500s, slow answers, rate limits
   * 4/17/32/613 with their usage headers, 190 with a subcode. An empty list disarms.
   * @throws Error naming the first bad rule
   */
  setFaults(rules: FaultRule[]): ArmedFault[];
  /** The armed fault rules with how often each applied. */
  faults(): ArmedFault[];
  /** Disarms every fault rule and answers the slow calls still waiting. */
  clearFaults(): { cleared: number; answered: number };
  /**
   * Kills tokens as a password change (460), the app's removal (458), a checkpoint (459), an
   * unconfirmed account (464), a logout (467) or an early expiry (463) would (`tokens.ts`
   * `revoke`): a user's tokens come back when the test users are listed, a Page's at once.
   * @throws DriverError 404 for an unknown user or Page; Error for another subcode
   */
  revokeTokens(target: { userId?: string; pageId?: string }, subcode: number): { revoked: number };
  /** Graph calls answered since the last clear (`call-log.ts`); `since` in epoch ms. */
  graphCalls(filter?: { pageId?: string; since?: number }): { total: number; count: number; byPage: Record<string, number>; calls: GraphCall[] };
  /** Forgets the logged Graph calls. */
  clearGraphCalls(): { cleared: number };
  /** Turns the ratings code-12 gate on from `version` (e.g. 22), or off with null. */
  setRatingsDeprecatedFrom(version: number | null): void;
  /** Turns the app's "Require App Secret" (`appsecret_proof` on user and page token calls) on or off. */
  setRequireAppsecretProof(on: boolean): void;
  /**
   * A guest writes to a Page (new thread of a new synthetic guest unless `conversationId` or
   * `guestId` is given); updates the 24 h / 7-day window and sends the webhook.
   * @throws DriverError (status 400/404/409) for bad input, unknown ids or a blocked guest
   */
  guestMessage(input: GuestMessageInput): GuestMessageResult;
  /**
   * The thread's guest reacts to a message (`love`, `like`, ... or an emoji); null removes it.
   * @throws DriverError 404 for an unknown message
   */
  guestReaction(messageId: string, reaction: string | null): { messageId: string; conversationId: string; action: 'react' | 'unreact' };
  /** The guest reads the thread now. @returns watermark in epoch ms. @throws DriverError 404 */
  guestRead(conversationId: string): { conversationId: string; watermark: number };
  /** Marks a guest as having blocked the Page (sends get 551) or not. @throws DriverError 404 */
  setBlocked(guestId: string, blocked: boolean): void;
  /** The guest unsends their message (Instagram `is_deleted` webhook). @throws DriverError 404/400 */
  guestUnsend(messageId: string): { messageId: string; conversationId: string; unsent: boolean };
  /** The guest's app receives the Page's messages now (Messenger `delivery`). @throws DriverError 404 */
  guestDelivery(conversationId: string): { conversationId: string; watermark: number };
  /** The Page sends a button template from another tool; DineDesk sees its echo. @throws DriverError */
  pageTemplate(conversationId: string, input: { text: string; buttons?: string[] }): { conversationId: string; messageId: string };
  /** The webhook delivery log: settings, handshake, counts and the last 500 POSTs. */
  webhookLog(): WebhookLog;
  /** Conversations API calls per second per Page / IG account; null turns the limit off. */
  setMessagingRateLimit(rps: number | null): void;
  /** Changes webhook settings at run time (URL, token, knobs). @throws Error for bad values */
  configureWebhooks(patch: Partial<WebhookConfig>): WebhookConfig;
  /** Runs the GET handshake now. */
  verifyWebhook(): Promise<HandshakeRecord>;
  /** Resolves once no webhook is queued, in flight or waiting for a retry. */
  flushWebhooks(): Promise<void>;
  /** A Page's threads on a channel, newest first, with guest and window details. */
  conversations(pageId: string, channel: Channel): ConversationSummary[];
  /** The seeded distribution and per-Page counts. */
  inbox(): InboxSummary;
  /** Drops added messages, threads, reactions, reads and blocks; re-anchors the seed to now. */
  resetInbox(): void;
  /** The demo's clock (`demo-clock.ts`): the start and the weeks the seeded reviews moved; null when none was set. */
  demoClock(): DemoClock | null;
  /**
   * Sets the demo's start (what the server's seed does through `POST /__sim/demo-clock`): the
   * seeded reviews move forward by whole weeks, persisted. @throws DemoClockInputError for a bad time
   */
  setDemoClock(startedAt: string): DemoClock;
  /**
   * Narrows what a test user granted, to exercise permission errors (behaviour 2): declined
   * scopes leave the user's and page tokens; `tasks` (null = all) are the Page tasks held.
   * @throws DriverError 404 for an unknown user, Error for unknown scopes or tasks
   */
  setPermissions(userId: string, grant: { declinedScopes?: string[]; tasks?: string[] | null }): { userId: string; scopes: string[]; tasks: string[] };
}

const DEFAULT_MODULES: GraphModule[] = [accountsModule, ratingsModule, commentsModule, messagingModule];

function envInt(name: string): number | undefined {
  const v = process.env[name];
  return v && /^\d+$/.test(v) ? Number(v) : undefined;
}

/** `SIM_CONVERSATIONS_RPS`: a positive integer, or `off`/`0` for no limit; default 2. */
function envRps(): number | null {
  const v = process.env.SIM_CONVERSATIONS_RPS;
  if (v === undefined || v === '') return 2;
  if (v === 'off' || v === '0') return null;
  return /^\d+$/.test(v) ? Number(v) : 2;
}

function liveInterval(option: MetaSimOptions['live']): number | null {
  if (option === undefined) return process.env.SIM_LIVE === '1' ? (envInt('SIM_LIVE_INTERVAL_MS') ?? 8000) : null;
  if (option === null || option === false) return null;
  if (option === true) return 8000;
  return option.intervalMs ?? 8000;
}

/**
 * Builds the simulator: loads the seed, opens the state file, issues missing tokens.
 * @throws Error when the seed directory cannot be read or the state file is corrupt
 */
export async function createMetaSim(options: MetaSimOptions = {}): Promise<MetaSim> {
  const now = options.now ?? (() => new Date());
  const seedDir = options.seedDir ?? process.env.SEED_DIR ?? DEFAULT_SEED_DIR;
  const seed = buildSeed(seedDir);
  const store = StateStore.open(options.stateFile ?? null);
  restoreAddedRatings(seed, store);
  const app = {
    id: options.appId ?? process.env.META_APP_ID ?? '100000000000001',
    secret: options.appSecret ?? process.env.META_APP_SECRET ?? 'meta-sim-app-secret',
    name: options.appName ?? 'DineDesk',
    developers: options.appDevelopers ?? [],
  };
  const tokens = new TokenRegistry(seed, store, app, now);
  tokens.ensureIssued();
  const callsPerHour = options.callsPerHour ?? envInt('SIM_CALLS_PER_HOUR') ?? 4800;
  const pageCallsPer24h = options.pageCallsPer24h ?? envInt('SIM_PAGE_CALLS_PER_DAY') ?? 100 * PAGE_CALLS_PER_ENGAGED_USER;
  if (!(Number.isInteger(pageCallsPer24h) && pageCallsPer24h > 0)) throw new Error('pageCallsPer24h must be a positive integer');
  const pageThrottleCode = options.pageThrottleCode ?? (envInt('SIM_PAGE_THROTTLE_CODE') === 80001 ? 80001 : 32);
  if (pageThrottleCode !== 32 && pageThrottleCode !== 80001) throw new Error('pageThrottleCode must be 32 or 80001');
  const nodes = new NodeRegistry<GraphContext>();
  // Instagram media: built from the seed's reviews, times anchored to the clock at start.
  const instagramWorld = InstagramWorld.fromSeed(seed, now(), options.instagramMetrics);
  const modules: GraphModule[] = [...DEFAULT_MODULES, instagramMediaModule(instagramWorld)];
  for (const m of modules) m.registerNodes?.(nodes);
  const inbox = new Inbox(seed, store, now);
  const webhooks = new WebhookDispatcher(
    { appSecret: app.secret, now },
    {
      ...options.webhooks,
      url: options.webhookUrl !== undefined ? options.webhookUrl : (process.env.META_SIM_WEBHOOK_URL || null),
      verifyToken: options.webhookVerifyToken ?? process.env.META_WEBHOOK_VERIFY_TOKEN ?? 'dinedesk-verify',
    },
  );
  wireWebhooks(inbox, webhooks, app.id);
  const rps = options.messagingRateLimit !== undefined ? options.messagingRateLimit : envRps();
  if (rps !== null && !(Number.isInteger(rps) && rps > 0)) throw new Error('messagingRateLimit must be a positive integer or null');
  const sim: SimCore = {
    seed,
    store,
    tokens,
    usage: new UsageMeter(callsPerHour, now, pageCallsPer24h),
    nodes,
    app,
    defaultVersion: options.defaultVersion ?? 'v21.0',
    switches: {
      ratingsDeprecatedFrom:
        options.ratingsDeprecatedFrom !== undefined ? options.ratingsDeprecatedFrom : process.env.SIM_RATINGS_DEPRECATED === '0' ? null : 22,
      requireAppsecretProof: options.requireAppsecretProof ?? process.env.SIM_REQUIRE_APPSECRET_PROOF === '1',
      pageThrottleCode,
    },
    now,
    versionNow: options.versionClock ?? versionsAsOf() ?? now,
    inbox,
    webhooks,
    conversationsLimiter: new PerSecondLimiter(rps, now),
    writeFaults: new WriteFaults(),
    faults: new GraphFaults(),
    calls: new GraphCallLog(),
  };
  const control = createControl(sim, callsPerHour);
  const server = buildServer({ sim, router: new GraphRouter(modules), control, logger: options.logger ?? false });
  // Google Business Profile and Google OAuth (google/routes.ts): the reviews `reviewSource` gives Google.
  const googleWorld = GoogleWorld.fromSeedDir(seedDir, store, now, options.googleClientSecret ?? process.env.GOOGLE_CLIENT_SECRET ?? 'meta-sim-google-secret');
  const { quota: googleQuota } = registerGoogleRoutes(server, googleWorld);
  registerGoogleControl(server, googleWorld, googleQuota);
  // Google Places API (New): the seed's restaurants as competitor candidates.
  const placesWorld = PlacesWorld.fromSeedDir(seedDir);
  const placesApiKey = options.placesApiKey ?? process.env.PLACES_API_KEY ?? 'meta-sim-places-key';
  registerPlacesRoutes(server, placesWorld, placesApiKey);
  // The demo's clock (demo-clock.ts): the seeded times as the server's demo seed moved them.
  const clocked = { seed, google: googleWorld, places: placesWorld, inbox, store };
  restoreDemoClock(clocked);
  server.get('/__sim/demo-clock', async () => ({ clock: store.state.demoClock ?? null }));
  server.post('/__sim/demo-clock', async (req, reply) => {
    try {
      return { clock: setDemoClock(clocked, (req.body as { startedAt?: unknown } | null)?.startedAt) };
    } catch (e) {
      if (e instanceof DemoClockInputError) return reply.code(400).send({ error: e.message });
      throw e;
    }
  });
  // The images Instagram media name (instagram/cdn.ts): thumbnails load offline.
  registerInstagramCdn(server, instagramWorld);
  // Meta verifies a callback when it is configured; a failure here is retried lazily (webhooks.ts).
  if (webhooks.settings().url) void webhooks.verify();
  const interval = liveInterval(options.live);
  const live = interval !== null ? new LiveDriver(sim, interval) : null;
  live?.start();

  return {
    app: server,
    async listen(port = 0, host = '127.0.0.1') {
      await server.listen({ port, host });
      const addr = server.server.address() as AddressInfo;
      const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
      return `http://${shown}:${addr.port}`;
    },
    async close() {
      live?.stop();
      // Held answers would keep their connections, and so the server, open forever.
      sim.writeFaults.release();
      sim.faults.clear();
      sim.faults.wakeAll();
      webhooks.close();
      await server.close();
    },
    places: { world: placesWorld, apiKey: placesApiKey },
    instagram: { world: instagramWorld },
    google: {
      world: googleWorld,
      users: () => [...googleWorld.users.values()],
      setQuotaZero(on) {
        googleWorld.quotaZero = on;
      },
      resetQuotas: () => googleQuota.reset(),
      addReview: (locationName, input) => googleWorld.addReview(locationName, input),
    },
    testUsers: () => control.testUsers(),
    addGuestComment: (storyId, name, message) => control.addGuestComment(storyId, name, message),
    addGuestRating: (input) => control.addGuestRating(input),
    setWriteFault: (fault) => control.setWriteFault(fault),
    releaseHeldWrites: () => control.releaseHeldWrites(),
    setFaults: (rules) => control.setFaults(rules),
    faults: () => control.faults(),
    clearFaults: () => control.clearFaults(),
    revokeTokens: (target, subcode) => control.revokeTokens(target, subcode),
    graphCalls: (filter) => control.graphCalls(filter),
    clearGraphCalls: () => control.clearGraphCalls(),
    setRatingsDeprecatedFrom: (version) => control.setRatingsDeprecatedFrom(version),
    setRequireAppsecretProof: (on) => control.setRequireAppsecretProof(on),
    guestMessage: (input) => control.guestMessage(input),
    guestReaction: (messageId, reaction) => control.guestReaction(messageId, reaction),
    guestRead: (conversationId) => control.guestRead(conversationId),
    guestUnsend: (messageId) => control.guestUnsend(messageId),
    guestDelivery: (conversationId) => control.guestDelivery(conversationId),
    pageTemplate: (conversationId, input) => control.pageTemplate(conversationId, input),
    setBlocked: (guestId, blocked) => {
      control.setBlocked(guestId, blocked);
    },
    webhookLog: () => control.webhookLog(),
    setMessagingRateLimit: (rps) => control.setMessagingRateLimit(rps),
    configureWebhooks: (patch) => control.configureWebhooks(patch),
    verifyWebhook: () => control.verifyWebhook(),
    flushWebhooks: () => control.flushWebhooks(),
    conversations: (pageId, channel) => control.conversations(pageId, channel),
    inbox: () => control.inbox(),
    resetInbox: () => control.resetInbox(),
    demoClock: () => store.state.demoClock ?? null,
    setDemoClock: (startedAt) => setDemoClock(clocked, startedAt),
    setPermissions: (userId, grant) => control.setPermissions(userId, grant),
  };
}
