/**
 * The simulator's control API for tests and demos (not part of Graph), under `/__sim`:
 *   GET  /__sim/health          → {ok:true}
 *   GET  /__sim/test-users      → [{id,name,accessToken}]
 *   POST /__sim/guest-comment   {storyId,name,message} → {id}   (404 unknown story; sends the
 *                               Page `feed` webhook `item: comment` when subscribed, feed.ts)
 *   POST /__sim/guest-rating    {pageId,name,rating: 1..5|null,text?} → {key,storyId,pageId}
 *                               (404 unknown Page; sends `ratings` and `feed` `item: rating`, feed.ts)
 *   POST /__sim/guest-rating/edit   {storyId, rating?: 1..5|null, text?} → {storyId}  (`verb: edit`)
 *   POST /__sim/guest-rating/remove {storyId} → {storyId}                   (`verb: remove`)
 *                               (both only for ratings added through guest-rating; 404 otherwise)
 *   GET|PUT|DELETE /__sim/write-fault  {mode:'apply_then_hang'|'hang', edge, times?} → armed
 *                               fault; DELETE disarms and releases held answers (write-faults.ts)
 * Graph misbehaving (`faults.ts`, `call-log.ts`, `tokens.ts` `revoke`):
 *   GET|PUT|DELETE /__sim/faults {rules: [{path?, method?, kind: 'http500'|'slow'|'graph_error',
 *                               code?: 1|2|4|17|32|613|190, subcode?: 458|459|460|463|464|467,
 *                               delayMs?, regainMinutes?, times?}]} → {rules: [...rule, hits]};
 *                               PUT replaces the schedule, DELETE disarms it and answers waiting
 *                               slow calls at once → {cleared, answered}. `path` is an edge name
 *                               or a node id (a Page id also matches calls with its page token);
 *                               rate limits carry X-App-Usage (4, 17) or X-Business-Use-Case-Usage
 *                               with estimated_time_to_regain_access = regainMinutes (32, 613)
 *   POST /__sim/revoke-token    {userId?, pageId?, subcode: 458|459|460|463|464|467} → {revoked}:
 *                               the tokens die (190 + subcode from then on); a user's come back
 *                               when the test users are listed (the user logs in again), a Page's
 *                               at once for its admins (404 unknown user or Page)
 *   GET  /__sim/calls?pageId=&since= → {total, count, byPage, calls: [{at, method, path, pageId,
 *                               status, code}]} (Graph calls answered since the last DELETE)
 *   DELETE /__sim/calls         → {cleared}
 *   GET  /__sim/switches        → {ratingsDeprecatedFrom, callsPerHour, requireAppsecretProof, pageCallsPer24h, pageThrottleCode}
 *   PUT  /__sim/switches        {ratingsDeprecatedFrom?: number|null, callsPerHour?: number, pageCallsPer24h?: number, pageThrottleCode?: 32|80001,
 *                               requireAppsecretProof?: boolean} (the app's "Require App Secret":
 *                               user and page token calls need appsecret_proof, else 100)
 * Facebook Login (`oauth.ts`, not under /__sim: these are Meta's own paths):
 *   GET  /[vN.N/]dialog/oauth   the consent page (test user, scopes, Approve / Cancel); its form
 *                               POSTs back to the same path and answers 302 to redirect_uri
 *   GET|POST /[vN.N/]oauth/access_token  code exchange, fb_exchange_token, client_credentials
 * Messaging (docs/requirements/platform-apis.md#messenger-and-instagram-messaging and
 * platform-apis.md#webhooks; `driver.ts`, `webhooks.ts`):
 *   POST /__sim/guest-message   {pageId|igUserId, channel?, conversationId?, guestId?, text?, imageUrl?,
 *                                attachment?: {type, url?, title?, lat?, long?}, postback?: {title, payload?}}
 *                               → {conversationId, messageId, guestId, pageId, channel, text}
 *   POST /__sim/guest-unsend    {messageId} → {messageId, conversationId, unsent}
 *   POST /__sim/guest-delivery  {conversationId} → {conversationId, watermark}
 *   POST /__sim/page-template   {conversationId, text, buttons?} → {conversationId, messageId} (echo only)
 *   POST /__sim/guest-reaction  {messageId, reaction|null} → {messageId, conversationId, action}
 *   POST /__sim/guest-read      {conversationId} → {conversationId, watermark}
 *   POST /__sim/guest-block     {guestId, blocked} → {guestId, blocked}
 *   GET  /__sim/inbox           → seeded distribution and per-Page counts and subscriptions
 *   GET  /__sim/conversations?pageId=&channel= → thread summaries (guest, window, unread)
 *   POST /__sim/inbox/reset     drops added messages etc. and re-anchors the seed to now
 *   GET  /__sim/webhooks        → delivery log {config, verified, handshake, stats, deliveries}
 *   PUT  /__sim/webhooks        {url?, verifyToken?, duplicateRate?, reorder?, holdMs?, batchSize?,
 *                                maxAttempts?, retryBaseMs?, retryMaxMs?, timeoutMs?, instagramFields?}
 *   POST /__sim/webhooks/verify → handshake record;  POST /__sim/webhooks/flush → log once idle
 *   GET|PUT /__sim/messaging    {conversationsRps: number|null}
 *   PUT  /__sim/permissions     {userId, declinedScopes?: string[], tasks?: string[]|null}
 * The demo's clock (`demo-clock.ts`, registered in index.ts; simulator-only, Meta has no such route):
 *   GET  /__sim/demo-clock      → {clock: {startedAt, reviewsWeeks} | null}
 *   POST /__sim/demo-clock      {startedAt} → {clock}: the seeded reviews move forward by the whole
 *                               weeks that put the newest in the week ending at startedAt (400 bad time)
 * Validation errors answer 400 `{error: "<what is wrong>"}`; unknown objects 404; a blocked
 * guest trying to write 409.
 */
import { fbUserIdFor } from '@dinedesk/demo-data';
import type { FastifyInstance } from 'fastify';
import {
  DriverError,
  type GuestMessageInput,
  type GuestMessageResult,
  guestMessage,
  guestReaction,
  guestRead,
  guestDelivery,
  guestUnsend,
  pageTemplate,
  setGuestBlocked,
} from './driver.ts';
import { FeedInputError, type GuestRatingInput, addGuestRating, editGuestRating, publishGuestComment, removeGuestRating } from './feed.ts';
import { addGuestComment } from './graph/comments.ts';
import { PAGE_TASKS, type SimCore } from './graph/core.ts';
import { CHANNELS, type Channel, HUMAN_AGENT_WINDOW_MS, STANDARD_WINDOW_MS, type SeedStats, updatedAt } from './inbox.ts';
import { USER_SCOPES } from './tokens.ts';
import { TOKEN_DEATH_SUBCODES } from './faults.ts';
import type { HandshakeRecord, WebhookConfig, WebhookLog } from './webhooks.ts';
import type { WriteFault } from './write-faults.ts';
import type { ArmedFault } from './faults.ts';
import type { GraphCall } from './call-log.ts';

/** One thread as `GET /__sim/conversations` lists it (times ISO 8601 UTC). */
export interface ConversationSummary {
  conversationId: string;
  pageId: string;
  channel: Channel;
  guestId: string;
  guestName: string;
  guestUsername: string;
  blocked: boolean;
  messageCount: number;
  unreadCount: number;
  updatedTime: string;
  lastGuestMessageAt: string | null;
  /** The guest wrote within 24 h (RESPONSE/UPDATE allowed). */
  insideStandardWindow: boolean;
  /** The guest wrote within 7 days (HUMAN_AGENT allowed). */
  insideHumanAgentWindow: boolean;
}

/** `GET /__sim/inbox`. */
export interface InboxSummary {
  seeded: SeedStats & { anchor: string };
  pages: {
    pageId: string;
    name: string;
    igUserId: string;
    igUsername: string;
    subscribedFields: string[] | null;
    conversations: Record<Channel, number>;
  }[];
}

/** Control operations, shared by the JS API (`MetaSim`) and the HTTP routes. */
export interface SimControl {
  testUsers(): { id: string; name: string; accessToken: string }[];
  /** @throws Error when the story does not exist or the message is empty */
  addGuestComment(storyId: string, name: string, message: string): { id: string };
  /** @throws FeedInputError 404 unknown Page, 400 bad input */
  addGuestRating(input: GuestRatingInput): { key: string; storyId: string; pageId: string };
  /** @throws FeedInputError 404 not a rating added through the simulator, 400 bad input */
  editGuestRating(input: { storyId: string; rating?: number | null; text?: string }): { storyId: string };
  /** @throws FeedInputError 404 not a rating added through the simulator */
  removeGuestRating(storyId: string): { storyId: string };
  /** @throws Error for a bad fault */
  setWriteFault(fault: WriteFault | null): WriteFault | null;
  writeFault(): { fault: WriteFault | null; held: number };
  releaseHeldWrites(): number;
  /** Replaces the fault schedule. @throws Error naming the first bad rule (`faults.ts`) */
  setFaults(rules: unknown): ArmedFault[];
  faults(): ArmedFault[];
  /** Disarms every fault rule and answers the slow calls still waiting. */
  clearFaults(): { cleared: number; answered: number };
  /** Kills tokens (`tokens.ts` `revoke`). @throws DriverError 404 unknown user or Page; Error for a bad subcode */
  revokeTokens(target: { userId?: string; pageId?: string }, subcode: number): { revoked: number };
  /** Graph calls since the last clear (`call-log.ts`); `since` in epoch ms. */
  graphCalls(filter?: { pageId?: string; since?: number }): { total: number; count: number; byPage: Record<string, number>; calls: GraphCall[] };
  clearGraphCalls(): { cleared: number };
  setRatingsDeprecatedFrom(version: number | null): void;
  setCallsPerHour(calls: number): void;
  setRequireAppsecretProof(on: boolean): void;
  /** @throws Error unless a positive integer */
  setPageCallsPer24h(calls: number): void;
  /** @throws Error unless 32 or 80001 */
  setPageThrottleCode(code: number): void;
  switches(): { ratingsDeprecatedFrom: number | null; callsPerHour: number; requireAppsecretProof: boolean; pageCallsPer24h: number; pageThrottleCode: 32 | 80001 };
  /** @throws DriverError (see `driver.ts`) */
  guestMessage(input: GuestMessageInput): GuestMessageResult;
  /** @throws DriverError 404 for an unknown message */
  guestReaction(messageId: string, reaction: string | null): { messageId: string; conversationId: string; action: 'react' | 'unreact' };
  /** @throws DriverError 404 for an unknown thread */
  guestRead(conversationId: string): { conversationId: string; watermark: number };
  /** @throws DriverError 404 for an unknown guest */
  setBlocked(guestId: string, blocked: boolean): { guestId: string; blocked: boolean };
  /** @throws DriverError 404 unknown message, 400 a Page's message */
  guestUnsend(messageId: string): { messageId: string; conversationId: string; unsent: boolean };
  /** @throws DriverError 404 for an unknown thread */
  guestDelivery(conversationId: string): { conversationId: string; watermark: number };
  /** @throws DriverError 404 unknown thread, 400 empty text */
  pageTemplate(conversationId: string, input: { text: string; buttons?: string[] }): { conversationId: string; messageId: string };
  inbox(): InboxSummary;
  /** @throws DriverError 404 unknown Page, 400 bad channel */
  conversations(pageId: string, channel: Channel): ConversationSummary[];
  resetInbox(): void;
  webhookLog(): WebhookLog;
  /** @throws Error for out-of-range settings */
  configureWebhooks(patch: Partial<WebhookConfig>): WebhookConfig;
  verifyWebhook(): Promise<HandshakeRecord>;
  flushWebhooks(): Promise<void>;
  /** @throws Error unless a positive integer or null */
  setMessagingRateLimit(rps: number | null): void;
  messagingSwitches(): { conversationsRps: number | null };
  /** @throws DriverError 404 unknown user; Error for unknown scopes or tasks */
  setPermissions(userId: string, grant: { declinedScopes?: string[]; tasks?: string[] | null }): { userId: string; scopes: string[]; tasks: string[] };
}

/** Builds the control operations over the simulator core. */
export function createControl(sim: SimCore, initialCallsPerHour: number): SimControl {
  let callsPerHour = initialCallsPerHour;
  return {
    testUsers() {
      // A user token past its 60 days is replaced here, as if the test user logged in again.
      sim.tokens.ensureIssued();
      return [...sim.seed.users.values()].map((u) => ({ id: u.id, name: u.name, accessToken: sim.tokens.userToken(u.id).token }));
    },
    addGuestComment(storyId, name, message) {
      if (!name.trim()) throw new Error('name must not be empty');
      if (!message.trim()) throw new Error('message must not be empty');
      const c = addGuestComment(sim, storyId, { id: fbUserIdFor(name), name }, message);
      if (!c) throw new UnknownStoryError(storyId);
      publishGuestComment(sim, c);
      return { id: c.id };
    },
    addGuestRating: (input) => addGuestRating(sim, input),
    editGuestRating: (input) => editGuestRating(sim, input),
    removeGuestRating: (storyId) => removeGuestRating(sim, storyId),
    setWriteFault: (fault) => sim.writeFaults.set(fault),
    writeFault: () => ({ fault: sim.writeFaults.current(), held: sim.writeFaults.heldCount }),
    releaseHeldWrites: () => sim.writeFaults.release(),
    setFaults: (rules) => sim.faults.set(rules),
    faults: () => sim.faults.list(),
    clearFaults: () => ({ cleared: sim.faults.clear(), answered: sim.faults.wakeAll() }),
    revokeTokens(target, subcode) {
      if (!(TOKEN_DEATH_SUBCODES as readonly number[]).includes(subcode)) throw new Error(`subcode must be one of ${TOKEN_DEATH_SUBCODES.join(', ')}`);
      if (target.userId !== undefined && !sim.seed.users.has(target.userId)) throw new DriverError(404, `no test user with id ${target.userId}`);
      if (target.pageId !== undefined && !sim.seed.pages.has(target.pageId)) throw new DriverError(404, `no Page with id ${target.pageId}`);
      return { revoked: sim.tokens.revoke(target, subcode).length };
    },
    graphCalls: (filter) => sim.calls.query(filter),
    clearGraphCalls: () => ({ cleared: sim.calls.clear() }),
    setRatingsDeprecatedFrom(version) {
      if (version !== null && !(Number.isInteger(version) && version > 0)) throw new Error('ratingsDeprecatedFrom must be a positive integer or null');
      sim.switches.ratingsDeprecatedFrom = version;
    },
    setCallsPerHour(calls) {
      if (!(Number.isInteger(calls) && calls > 0)) throw new Error('callsPerHour must be a positive integer');
      callsPerHour = calls;
      sim.usage.setBudget(calls);
    },
    setRequireAppsecretProof(on) {
      sim.switches.requireAppsecretProof = on;
    },
    setPageCallsPer24h(calls) {
      if (!(Number.isInteger(calls) && calls > 0)) throw new Error('pageCallsPer24h must be a positive integer');
      sim.usage.setPageBudget(calls);
    },
    setPageThrottleCode(code) {
      if (code !== 32 && code !== 80001) throw new Error('pageThrottleCode must be 32 or 80001');
      sim.switches.pageThrottleCode = code;
    },
    switches: () => ({
      ratingsDeprecatedFrom: sim.switches.ratingsDeprecatedFrom,
      callsPerHour,
      requireAppsecretProof: sim.switches.requireAppsecretProof,
      pageCallsPer24h: sim.usage.pageBudget,
      pageThrottleCode: sim.switches.pageThrottleCode,
    }),
    guestMessage: (input) => guestMessage(sim, input),
    guestReaction: (messageId, reaction) => guestReaction(sim, messageId, reaction),
    guestRead: (conversationId) => guestRead(sim, conversationId),
    setBlocked: (guestId, blocked) => setGuestBlocked(sim, guestId, blocked),
    guestUnsend: (messageId) => guestUnsend(sim, messageId),
    guestDelivery: (conversationId) => guestDelivery(sim, conversationId),
    pageTemplate: (conversationId, input) => pageTemplate(sim, conversationId, input),
    inbox() {
      return {
        seeded: sim.inbox.stats(),
        pages: [...sim.seed.pages.values()].map((p) => ({
          pageId: p.id,
          name: p.name,
          igUserId: p.instagramUserId,
          igUsername: p.instagramUsername,
          subscribedFields: sim.inbox.subscription(p.id) ?? null,
          conversations: { messenger: sim.inbox.conversationsOf(p.id, 'messenger').length, instagram: sim.inbox.conversationsOf(p.id, 'instagram').length },
        })),
      };
    },
    conversations(pageId, channel) {
      if (!sim.seed.pages.has(pageId)) throw new DriverError(404, `no Page with id ${pageId}`);
      if (!CHANNELS.includes(channel)) throw new DriverError(400, "channel must be 'messenger' or 'instagram'");
      const now = sim.now().getTime();
      return sim.inbox.conversationsOf(pageId, channel).map((c) => {
        const last = sim.inbox.lastGuestMessageAt(c);
        return {
          conversationId: c.id,
          pageId,
          channel,
          guestId: c.guest.id,
          guestName: c.guest.name,
          guestUsername: c.guest.username,
          blocked: sim.inbox.isBlocked(c.guest),
          messageCount: c.messages.length,
          unreadCount: sim.inbox.unreadCount(c),
          updatedTime: new Date(updatedAt(c)).toISOString(),
          lastGuestMessageAt: last === null ? null : new Date(last).toISOString(),
          insideStandardWindow: last !== null && now - last <= STANDARD_WINDOW_MS,
          insideHumanAgentWindow: last !== null && now - last <= HUMAN_AGENT_WINDOW_MS,
        };
      });
    },
    resetInbox: () => sim.inbox.reset(),
    webhookLog: () => sim.webhooks.log(),
    configureWebhooks: (patch) => sim.webhooks.configure(patch),
    verifyWebhook: () => sim.webhooks.verify(),
    flushWebhooks: () => sim.webhooks.idle(),
    setMessagingRateLimit(rps) {
      if (rps !== null && !(Number.isInteger(rps) && rps > 0)) throw new Error('conversationsRps must be a positive integer or null');
      sim.conversationsLimiter.set(rps);
    },
    messagingSwitches: () => ({ conversationsRps: sim.conversationsLimiter.perSecond }),
    setPermissions(userId, grant) {
      if (!sim.seed.users.has(userId)) throw new DriverError(404, `no test user with id ${userId}`);
      const current = sim.store.state.grants?.[userId] ?? { declinedScopes: [], tasks: null };
      const declined = grant.declinedScopes ?? current.declinedScopes;
      const unknownScope = declined.find((s) => !(USER_SCOPES as readonly string[]).includes(s));
      if (unknownScope) throw new Error(`unknown scope ${unknownScope}`);
      const tasks = grant.tasks !== undefined ? grant.tasks : current.tasks;
      const unknownTask = tasks?.find((t) => !(PAGE_TASKS as readonly string[]).includes(t));
      if (unknownTask) throw new Error(`unknown task ${unknownTask}`);
      sim.store.state.grants = { ...sim.store.state.grants, [userId]: { declinedScopes: [...declined], tasks: tasks ? [...tasks] : null } };
      // Reissues nothing: existing tokens get the new scopes, as after the user re-consents.
      sim.tokens.ensureIssued();
      sim.store.save();
      return { userId, scopes: sim.tokens.grantedScopes(userId), tasks: tasks ? [...tasks] : [...PAGE_TASKS] };
    },
  };
}

/** Thrown by `addGuestComment` for a story id the seed does not have (HTTP 404). */
export class UnknownStoryError extends Error {
  constructor(storyId: string) {
    super(`no review story with id ${storyId}`);
    this.name = 'UnknownStoryError';
  }
}

function asRecord(body: unknown): Record<string, unknown> {
  return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** Registers the `/__sim` routes. */
export function registerControlRoutes(app: FastifyInstance, control: SimControl): void {
  const fail = (status: number, message: string) => ({ status, body: { error: message } });
  const run = <T>(fn: () => T): { status: number; body: T | { error: string } } => {
    try {
      return { status: 200, body: fn() };
    } catch (e) {
      const status = e instanceof UnknownStoryError ? 404 : e instanceof DriverError || e instanceof FeedInputError ? e.status : 400;
      return fail(status, (e as Error).message);
    }
  };

  app.get('/__sim/health', async () => ({ ok: true }));
  app.get('/__sim/test-users', async () => control.testUsers());
  app.post('/__sim/guest-comment', async (req, reply) => {
    const b = asRecord(req.body);
    const { storyId, name, message } = b;
    if (typeof storyId !== 'string' || typeof name !== 'string' || typeof message !== 'string') {
      return reply.code(400).send({ error: 'storyId, name and message must be strings' });
    }
    const r = run(() => control.addGuestComment(storyId, name, message));
    return reply.code(r.status).send(r.body);
  });
  app.post('/__sim/guest-rating', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const pageId = optionalString(b, 'pageId');
      const name = optionalString(b, 'name');
      const text = optionalString(b, 'text');
      if (!pageId || name === undefined) throw new FeedInputError(400, 'pageId and name must be strings');
      if (b.rating !== null && typeof b.rating !== 'number') throw new FeedInputError(400, 'rating must be a number from 1 to 5, or null');
      return control.addGuestRating({ pageId, name, rating: b.rating as number | null, ...(text !== undefined ? { text } : {}) });
    });
    return reply.code(r.status).send(r.body);
  });
  app.post('/__sim/guest-rating/edit', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const storyId = optionalString(b, 'storyId');
      const text = optionalString(b, 'text');
      if (!storyId) throw new FeedInputError(400, 'storyId must be a string');
      if (b.rating !== undefined && b.rating !== null && typeof b.rating !== 'number') throw new FeedInputError(400, 'rating must be a number from 1 to 5, or null');
      return control.editGuestRating({ storyId, ...(b.rating !== undefined ? { rating: b.rating as number | null } : {}), ...(text !== undefined ? { text } : {}) });
    });
    return reply.code(r.status).send(r.body);
  });
  app.post('/__sim/guest-rating/remove', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const storyId = optionalString(b, 'storyId');
      if (!storyId) throw new FeedInputError(400, 'storyId must be a string');
      return control.removeGuestRating(storyId);
    });
    return reply.code(r.status).send(r.body);
  });
  app.get('/__sim/write-fault', async () => control.writeFault());
  app.put('/__sim/write-fault', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const times = b.times === undefined ? 1 : b.times;
      if (typeof b.mode !== 'string' || typeof b.edge !== 'string' || typeof times !== 'number') throw new Error('mode and edge must be strings, times a number');
      control.setWriteFault({ mode: b.mode as WriteFault['mode'], edge: b.edge, times });
      return control.writeFault();
    });
    return reply.code(r.status).send(r.body);
  });
  app.delete('/__sim/write-fault', async () => ({ released: control.releaseHeldWrites() }));
  app.get('/__sim/faults', async () => ({ rules: control.faults() }));
  app.put('/__sim/faults', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => ({ rules: control.setFaults(b.rules) }));
    return reply.code(r.status).send(r.body);
  });
  app.delete('/__sim/faults', async () => control.clearFaults());
  app.post('/__sim/revoke-token', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const userId = optionalString(b, 'userId');
      const pageId = optionalString(b, 'pageId');
      if (typeof b.subcode !== 'number') throw new Error('subcode must be a number');
      if (userId === undefined && pageId === undefined) throw new Error('userId or pageId is required');
      return control.revokeTokens({ ...(userId !== undefined ? { userId } : {}), ...(pageId !== undefined ? { pageId } : {}) }, b.subcode);
    });
    return reply.code(r.status).send(r.body);
  });
  app.get('/__sim/calls', async (req, reply) => {
    const q = asRecord(req.query);
    const r = run(() => {
      const pageId = optionalString(q, 'pageId');
      const sinceRaw = optionalString(q, 'since');
      let since: number | undefined;
      if (sinceRaw !== undefined) {
        since = /^\d+$/.test(sinceRaw) ? Number(sinceRaw) : Date.parse(sinceRaw);
        if (Number.isNaN(since)) throw new Error('since must be an ISO time or epoch milliseconds');
      }
      return control.graphCalls({ ...(pageId !== undefined ? { pageId } : {}), ...(since !== undefined ? { since } : {}) });
    });
    return reply.code(r.status).send(r.body);
  });
  app.delete('/__sim/calls', async () => control.clearGraphCalls());
  app.get('/__sim/switches', async () => control.switches());
  app.put('/__sim/switches', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      if ('ratingsDeprecatedFrom' in b) {
        const v = b.ratingsDeprecatedFrom;
        if (v !== null && typeof v !== 'number') throw new Error('ratingsDeprecatedFrom must be a number or null');
        control.setRatingsDeprecatedFrom(v);
      }
      if ('callsPerHour' in b) {
        if (typeof b.callsPerHour !== 'number') throw new Error('callsPerHour must be a number');
        control.setCallsPerHour(b.callsPerHour);
      }
      if ('requireAppsecretProof' in b) {
        if (typeof b.requireAppsecretProof !== 'boolean') throw new Error('requireAppsecretProof must be a boolean');
        control.setRequireAppsecretProof(b.requireAppsecretProof);
      }
      if ('pageCallsPer24h' in b) {
        if (typeof b.pageCallsPer24h !== 'number') throw new Error('pageCallsPer24h must be a number');
        control.setPageCallsPer24h(b.pageCallsPer24h);
      }
      if ('pageThrottleCode' in b) {
        if (typeof b.pageThrottleCode !== 'number') throw new Error('pageThrottleCode must be 32 or 80001');
        control.setPageThrottleCode(b.pageThrottleCode);
      }
      return control.switches();
    });
    return reply.code(r.status).send(r.body);
  });
  registerMessagingRoutes(app, control, run);
  app.all('/__sim/*', async (_req, reply) => reply.code(404).send({ error: 'unknown control route' }));
}

type Runner = <T>(fn: () => T) => { status: number; body: T | { error: string } };

const optionalString = (b: Record<string, unknown>, key: string): string | undefined => {
  const v = b[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new Error(`${key} must be a string`);
  return v;
};

/** Webhook settings keys and the JSON type each must have. */
const WEBHOOK_KEYS: Record<keyof WebhookConfig, 'number' | 'boolean' | 'string' | 'url' | 'strings'> = {
  url: 'url',
  verifyToken: 'string',
  duplicateRate: 'number',
  reorder: 'boolean',
  holdMs: 'number',
  batchSize: 'number',
  maxAttempts: 'number',
  retryBaseMs: 'number',
  retryMaxMs: 'number',
  timeoutMs: 'number',
  instagramFields: 'strings',
};

/** Checks a `PUT /__sim/webhooks` body. @throws Error naming the first bad key */
function webhookPatch(b: Record<string, unknown>): Partial<WebhookConfig> {
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(b)) {
    const kind = WEBHOOK_KEYS[key as keyof WebhookConfig];
    if (!kind) throw new Error(`unknown webhook setting ${key}`);
    const ok =
      kind === 'url'
        ? value === null || typeof value === 'string'
        : kind === 'strings'
          ? Array.isArray(value) && value.every((v) => typeof v === 'string')
          : typeof value === kind;
    if (!ok) throw new Error(`${key} must be ${kind === 'url' ? 'a string or null' : kind === 'strings' ? 'a list of strings' : `a ${kind}`}`);
    patch[key] = value;
  }
  return patch as Partial<WebhookConfig>;
}

/** Registers the messaging part of the control API (see the file comment). */
function registerMessagingRoutes(app: FastifyInstance, control: SimControl, run: Runner): void {
  const send = (reply: { code(n: number): { send(b: unknown): unknown } }, r: { status: number; body: unknown }) => reply.code(r.status).send(r.body);

  app.post('/__sim/guest-message', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const channel = optionalString(b, 'channel');
      if (channel !== undefined && channel !== 'messenger' && channel !== 'instagram') throw new DriverError(400, "channel must be 'messenger' or 'instagram'");
      const input: GuestMessageInput = {};
      const pageId = optionalString(b, 'pageId');
      const igUserId = optionalString(b, 'igUserId');
      const conversationId = optionalString(b, 'conversationId');
      const guestId = optionalString(b, 'guestId');
      const text = optionalString(b, 'text');
      const imageUrl = optionalString(b, 'imageUrl');
      if (pageId !== undefined) input.pageId = pageId;
      if (igUserId !== undefined) input.igUserId = igUserId;
      if (channel !== undefined) input.channel = channel;
      if (conversationId !== undefined) input.conversationId = conversationId;
      if (guestId !== undefined) input.guestId = guestId;
      if (text !== undefined) input.text = text;
      if (imageUrl !== undefined) input.imageUrl = imageUrl;
      if (b.attachment !== undefined && b.attachment !== null) {
        const a = asRecord(b.attachment);
        const type = optionalString(a, 'type');
        if (!type) throw new DriverError(400, 'attachment.type must be a string');
        const num = (k: string) => (a[k] === undefined ? undefined : typeof a[k] === 'number' ? a[k] : Number.NaN);
        const url = optionalString(a, 'url');
        const title = optionalString(a, 'title');
        const lat = num('lat');
        const long = num('long');
        input.attachment = { type, ...(url !== undefined ? { url } : {}), ...(title !== undefined ? { title } : {}), ...(lat !== undefined ? { lat } : {}), ...(long !== undefined ? { long } : {}) };
      }
      if (b.postback !== undefined && b.postback !== null) {
        const pb = asRecord(b.postback);
        const title = optionalString(pb, 'title');
        if (!title) throw new DriverError(400, 'postback.title must be a string');
        const payload = optionalString(pb, 'payload');
        input.postback = { title, ...(payload !== undefined ? { payload } : {}) };
      }
      return control.guestMessage(input);
    });
    return send(reply, r);
  });
  app.post('/__sim/guest-unsend', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const messageId = optionalString(b, 'messageId');
      if (!messageId) throw new Error('messageId must be a string');
      return control.guestUnsend(messageId);
    });
    return send(reply, r);
  });
  app.post('/__sim/guest-delivery', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const conversationId = optionalString(b, 'conversationId');
      if (!conversationId) throw new Error('conversationId must be a string');
      return control.guestDelivery(conversationId);
    });
    return send(reply, r);
  });
  app.post('/__sim/page-template', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const conversationId = optionalString(b, 'conversationId');
      const text = optionalString(b, 'text');
      if (!conversationId || text === undefined) throw new Error('conversationId and text must be strings');
      if (b.buttons !== undefined && (!Array.isArray(b.buttons) || !b.buttons.every((x) => typeof x === 'string'))) throw new Error('buttons must be a list of strings');
      return control.pageTemplate(conversationId, { text, ...(b.buttons !== undefined ? { buttons: b.buttons as string[] } : {}) });
    });
    return send(reply, r);
  });
  app.post('/__sim/guest-reaction', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const messageId = optionalString(b, 'messageId');
      if (!messageId) throw new Error('messageId must be a string');
      return control.guestReaction(messageId, b.action === 'unreact' ? null : (optionalString(b, 'reaction') ?? null));
    });
    return send(reply, r);
  });
  app.post('/__sim/guest-read', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const conversationId = optionalString(b, 'conversationId');
      if (!conversationId) throw new Error('conversationId must be a string');
      return control.guestRead(conversationId);
    });
    return send(reply, r);
  });
  app.post('/__sim/guest-block', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const guestId = optionalString(b, 'guestId');
      if (!guestId) throw new Error('guestId must be a string');
      if (typeof b.blocked !== 'boolean') throw new Error('blocked must be a boolean');
      return control.setBlocked(guestId, b.blocked);
    });
    return send(reply, r);
  });
  app.get('/__sim/inbox', async () => control.inbox());
  app.post('/__sim/inbox/reset', async () => {
    control.resetInbox();
    return control.inbox();
  });
  app.get('/__sim/conversations', async (req, reply) => {
    const q = asRecord(req.query);
    const r = run(() => {
      const pageId = optionalString(q, 'pageId');
      if (!pageId) throw new Error('pageId is required');
      return control.conversations(pageId, (optionalString(q, 'channel') ?? 'messenger') as Channel);
    });
    return send(reply, r);
  });
  app.get('/__sim/webhooks', async () => control.webhookLog());
  app.put('/__sim/webhooks', async (req, reply) => send(reply, run(() => control.configureWebhooks(webhookPatch(asRecord(req.body))))));
  app.post('/__sim/webhooks/verify', async () => control.verifyWebhook());
  app.post('/__sim/webhooks/flush', async () => {
    await control.flushWebhooks();
    return control.webhookLog();
  });
  app.get('/__sim/messaging', async () => control.messagingSwitches());
  app.put('/__sim/messaging', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      if ('conversationsRps' in b) {
        const v = b.conversationsRps;
        if (v !== null && typeof v !== 'number') throw new Error('conversationsRps must be a number or null');
        control.setMessagingRateLimit(v);
      }
      return control.messagingSwitches();
    });
    return send(reply, r);
  });
  app.put('/__sim/permissions', async (req, reply) => {
    const b = asRecord(req.body);
    const r = run(() => {
      const userId = optionalString(b, 'userId');
      if (!userId) throw new Error('userId must be a string');
      const grant: { declinedScopes?: string[]; tasks?: string[] | null } = {};
      if ('declinedScopes' in b) {
        if (!Array.isArray(b.declinedScopes) || !b.declinedScopes.every((x) => typeof x === 'string')) throw new Error('declinedScopes must be a list of strings');
        grant.declinedScopes = b.declinedScopes as string[];
      }
      if ('tasks' in b) {
        if (b.tasks !== null && (!Array.isArray(b.tasks) || !b.tasks.every((x) => typeof x === 'string'))) throw new Error('tasks must be a list of strings or null');
        grant.tasks = b.tasks as string[] | null;
      }
      return control.setPermissions(userId, grant);
    });
    return send(reply, r);
  });
}
