import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_CLIENT_OPTIONS } from '@dinedesk/contracts';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { schema } from '../db/client.ts';
import { appsecretProof, createMetaSim, type MetaSim, type MetaSimOptions, VERSIONS_CHECKED_ON } from '@dinedesk/meta-sim';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import type { LogStream } from '../lib/log-redaction.ts';
import { createServer, type StartedServer } from '../server.ts';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
// eslint-disable-next-line no-restricted-imports -- tests read the stored webhook deliveries
import { getDelivery } from '../modules/inbox/webhook.repository.ts';
import { PGLITE_TEMPLATE_ENV, PG_TEMPLATE_ENV, databaseUrl, usesDefaultSeed, withAdmin } from './templates.ts';

/** The API rate limit's own 429 (`code: rate_limited`, plugins/rate-limit.ts), not a route's (sign-in throttling answers 429 too). */
export function byRateLimit(res: LightMyRequestResponse): boolean {
  if (res.statusCode !== 429) return false;
  try {
    return (res.json() as { code?: unknown }).code === 'rate_limited';
  } catch {
    return false;
  }
}

/** A method `inject` takes ('GET', 'POST', …). */
type HTTPMethods = NonNullable<InjectOptions['method']>;

/**
 * Test harness: a Graph simulator on a random port, a fresh database (PGlite in memory, or a
 * throwaway PostgreSQL database when TEST_DB=postgres: the engine of the vitest project, test/engines.ts),
 * and the server built against both. Secrets are random per run.
 */
export interface Harness {
  server: StartedServer;
  sim: MetaSim;
  simUrl: string;
  /** Set when started with `listen: true`. */
  baseUrl: string;
  config: Config;
  /** Advances the server clock (token expiry tests). */
  clock: { offsetMs: number };
  /** Signs in through `POST /api/auth/login` ({@link signIn}). @returns the access token */
  login(email: string, password?: string): Promise<string>;
  /**
   * One request to the server through Fastify's `inject` (no socket): the one request helper of
   * the server tests. Signed in as `token` when one is given (`Authorization: Bearer`).
   * @param opts.payload the body (JSON for an object); none when undefined
   * @param opts.headers more headers (an Origin, a cookie); they win over the bearer header
   */
  request(method: HTTPMethods, url: string, opts?: { token?: string | null; payload?: unknown; headers?: Record<string, string> }): Promise<LightMyRequestResponse>;
  /** `GET url` as `token` (anonymous without one): {@link Harness.request}. */
  get(url: string, token?: string | null, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** `POST url` with `payload` as `token` (anonymous without one): {@link Harness.request}. */
  post(url: string, token?: string | null, payload?: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /**
   * A Graph GET straight to the simulator, as an independent observer of what Facebook holds:
   * signed with `appsecret_proof` (the simulator requires it, as the demo app does).
   * @param path e.g. `me/accounts?fields=id` (no version, no leading slash)
   * @returns the JSON answer, error envelopes included
   */
  graph<T = unknown>(path: string, token: string): Promise<T>;
  /** The page access token of the test user who manages `pageId` (`/me/accounts`). @throws when none does */
  pageAccessToken(pageId: string): Promise<string>;
  /**
   * Connects Facebook as a person does: `construct-fb-auth-url` as `email` (keeping its state
   * cookie), Approve (or Cancel) on the simulator's Login dialog as test user `testUserId`, then
   * the callback with that cookie. @returns the landing URL the callback redirected to
   */
  connectFacebook(email: string, testUserId: string, opts?: { decision?: 'approve' | 'cancel'; grant?: (scope: string) => boolean; rerequest?: boolean }): Promise<URL>;
  /**
   * Runs Google connect as `email` would in the popup: construct-fb-auth-url?authType=google,
   * Allow (or Cancel) on the simulator's consent page as the Google user `googleUserId`, then the
   * callback with the state cookie. @returns the landing URL (`googleToken=success|failed…`)
   */
  connectGoogle(email: string, googleUserId: string, opts?: { decision?: 'approve' | 'cancel'; scope?: string }): Promise<URL>;
  /** Comments of a review story at Facebook, read with its page's token (up to 100). */
  storyComments(pageId: string, storyId: string): Promise<{ id: string; message: string }[]>;
  /**
   * Delivers the simulator's pending webhooks and waits until the server's jobs have applied
   * them (intake only stores a delivery; the `inbox.process-webhook` job applies it).
   */
  flushWebhooks(): Promise<void>;
  /** Waits until no job is queued, due or running (webhook processing, guest names, syncs). */
  settle(): Promise<void>;
  close(): Promise<void>;
}

const ADMIN_PG_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A database for one test file: PGlite in memory, or a throwaway PostgreSQL database when
 * TEST_DB=postgres (dropped by `drop`).
 * @param opts.seeded start as the run's migrated, seeded template (test/templates.ts) when the
 *   global setup built one; otherwise (and by default) empty, for `createServer` to migrate and seed
 */
export async function openTestDatabase(opts: { seeded?: boolean } = {}): Promise<{ database: Database; url: string | null; drop(): Promise<void> }> {
  if (process.env.TEST_DB !== 'postgres') {
    const loadFrom = opts.seeded ? process.env[PGLITE_TEMPLATE_ENV] : undefined;
    const database = await openDatabase({ databaseUrl: null, dataDir: null, ...(loadFrom ? { loadFrom } : {}) });
    return { database, url: null, drop: async () => {} };
  }
  const name = `dinedesk_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const template = opts.seeded ? process.env[PG_TEMPLATE_ENV] : undefined;
  await withAdmin(ADMIN_PG_URL, (admin) => createDatabase(admin, name, template));
  const url = databaseUrl(ADMIN_PG_URL, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 5 });
  return {
    database,
    url,
    async drop() {
      await withAdmin(ADMIN_PG_URL, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

/**
 * `CREATE DATABASE name [TEMPLATE template]`. Two workers copying the one template at the same
 * moment: PostgreSQL refuses the second while the first copy holds the template ("source database
 * … is being accessed by other users"), so that one waits and tries again.
 */
async function createDatabase(admin: pg.Client, name: string, template: string | undefined): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
      return;
    } catch (e) {
      if (!template || attempt >= 50 || (e as { code?: string }).code !== '55006') throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

/**
 * @param opts.listen the server listens on a random port (for webhooks from the simulator and
 *   sockets), reported as `baseUrl`; the simulator's webhook URL points at it
 * @param opts.logStream the server logs there (level from `env.LOG_LEVEL`); no logger otherwise
 */
export async function startHarness(
  opts: { sync?: boolean; env?: Record<string, string>; listen?: boolean; logStream?: LogStream; sim?: Pick<MetaSimOptions, 'versionClock' | 'ratingsDeprecatedFrom'> } = {},
): Promise<Harness> {
  // Conversations API throttling (2 rps per page) is tested in the simulator; here it would only slow the backfill.
  // Graph versions are judged on a pinned day (v21.0 served) unless a test moves it past Meta's dates.
  const sim = await createMetaSim({
    stateFile: null,
    logger: false,
    requireAppsecretProof: true,
    messagingRateLimit: null,
    webhooks: { retryBaseMs: 50, retryMaxMs: 200, holdMs: 20 },
    versionClock: () => VERSIONS_CHECKED_ON,
    ...opts.sim,
  });
  const simUrl = await sim.listen(0, '127.0.0.1');
  const { database, url, drop } = await openTestDatabase({ seeded: usesDefaultSeed(opts.env) });
  const config = loadConfig({
    DATA_DIR: '/nonexistent-test-data-dir',
    META_GRAPH_BASE_URL: simUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    REVIEW_SYNC_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'silent',
    ...(url ? { DATABASE_URL: url } : {}),
    ...opts.env,
  });
  const clock = { offsetMs: 0 };
  const server = await createServer(config, { database, logger: Boolean(opts.logStream), logStream: opts.logStream, now: () => new Date(Date.now() + clock.offsetMs) });
  let baseUrl = '';
  if (opts.listen) {
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    sim.configureWebhooks({ url: `${baseUrl}/api/webhooks/meta` });
  } else {
    await server.app.ready();
  }
  if (opts.sync !== false) await server.syncOnce();
  const graph = async <T,>(path: string, token: string): Promise<T> => {
    const url = new URL(`${simUrl}/v21.0/${path}`);
    url.searchParams.set('appsecret_proof', appsecretProof(config.graph.appSecret, token));
    return (await (await fetch(url, { headers: bearer(token) })).json()) as T;
  };
  const pageAccessToken = async (pageId: string): Promise<string> => {
    for (const user of sim.testUsers()) {
      const accounts = await graph<{ data?: { id: string; access_token: string }[] }>('me/accounts?fields=id,access_token&limit=100', user.accessToken);
      const hit = accounts.data?.find((p) => p.id === pageId);
      if (hit) return hit.access_token;
    }
    throw new Error(`no test user manages page ${pageId}`);
  };
  // Every test file runs under the API rate limits (plugins/rate-limit.ts) with their defaults,
  // unless it sets RATE_LIMIT_MAX itself. A 429 of the limit would stand in for the route's own
  // answer, and a test that only checks for "a refusal" would pass on it: such answers are
  // collected here and fail the file at close (docs/decisions/0047).
  const rateLimited: string[] = [];
  if (opts.env?.RATE_LIMIT_MAX === undefined) {
    const inject = server.app.inject.bind(server.app);
    const watched = async (o: InjectOptions | string) => {
      const res = await inject(o);
      if (byRateLimit(res)) rateLimited.push(typeof o === 'string' ? o : `${o.method ?? 'GET'} ${String(o.url ?? o.path)}`);
      return res;
    };
    server.app.inject = ((o?: InjectOptions | string) => (o === undefined ? inject() : watched(o))) as typeof server.app.inject;
  }
  const login = (email: string, password = DEMO_PASSWORD): Promise<string> => signIn(server.app, email, password);
  const request: Harness['request'] = (method, url, o = {}) => requestTo(server.app, method, url, o);
  return {
    server,
    sim,
    simUrl,
    baseUrl,
    config,
    clock,
    graph,
    pageAccessToken,
    async connectFacebook(email, testUserId, opts = {}) {
      const token = await login(email);
      const res = await server.app.inject({ method: 'GET', url: `/api/review_testing/construct-fb-auth-url?authType=facebook${opts.rerequest ? '&rerequest=true' : ''}`, headers: bearer(token) });
      if (res.statusCode !== 200) throw new Error(`construct-fb-auth-url answered ${res.statusCode} ${res.body}`);
      const cookie = String(res.headers['set-cookie']).split(';')[0]!;
      const dialog = new URL((res.json() as { url: string }).url);
      const form = new URLSearchParams(dialog.searchParams);
      form.set('decision', opts.decision ?? 'approve');
      form.set('user_id', testUserId);
      for (const s of (dialog.searchParams.get('scope') ?? '').split(',')) if (s && (opts.grant?.(s) ?? true)) form.set(`grant_${s}`, '1');
      const approved = await fetch(`${dialog.origin}${dialog.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
      const back = new URL(approved.headers.get('location') ?? 'http://invalid/');
      const landing = await server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
      return new URL(String(landing.headers.location), 'http://dinedesk.test');
    },
    async connectGoogle(email, googleUserId, opts = {}) {
      const token = await login(email);
      const res = await server.app.inject({ method: 'GET', url: '/api/review_testing/construct-fb-auth-url?authType=google', headers: bearer(token) });
      if (res.statusCode !== 200) throw new Error(`construct-fb-auth-url answered ${res.statusCode} ${res.body}`);
      const cookie = String(res.headers['set-cookie']).split(';')[0]!;
      const consent = new URL((res.json() as { url: string }).url);
      const form = new URLSearchParams(consent.searchParams);
      form.set('decision', opts.decision ?? 'approve');
      form.set('user_id', googleUserId);
      if (opts.scope !== undefined) form.set('scope', opts.scope);
      const approved = await fetch(`${consent.origin}${consent.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
      const back = new URL(approved.headers.get('location') ?? 'http://invalid/');
      const landing = await server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
      return new URL(String(landing.headers.location), 'http://dinedesk.test');
    },
    async storyComments(pageId, storyId) {
      const res = await graph<{ data: { id: string; message: string }[] }>(`${storyId}/comments?fields=id,message&limit=100`, await pageAccessToken(pageId));
      return res.data;
    },
    login,
    request,
    get: (url, token, headers) => request('GET', url, { token, headers }),
    post: (url, token, payload, headers) => request('POST', url, { token, payload, headers }),
    async flushWebhooks() {
      await sim.flushWebhooks();
      await server.ctx.jobs.whenIdle();
    },
    settle: () => server.ctx.jobs.whenIdle(),
    async close() {
      // Work the last test queued (a sync queues complaint detection) finishes first: a job a
      // worker fetched while the queue was stopping could otherwise end on a closed database,
      // which pg-boss reports as an unhandled rejection. Bounded: a job that keeps failing
      // waits in `retry` and is not waited for.
      await server.ctx.jobs.whenIdle(undefined, 5_000).catch(() => {});
      await server.close();
      await sim.close();
      await drop();
      if (rateLimited.length) {
        throw new Error(`The API rate limit answered 429 to ${rateLimited.length} requests of this file (first: ${rateLimited[0]}): send fewer, or give this file's harness a RATE_LIMIT_MAX and say why`);
      }
    },
  };
}

/**
 * What the `inbox.process-webhook` job made of a delivery the webhook route answered
 * (`{ deliveryId }`): events stored and skipped, once processed (call after `settle`).
 */
export async function deliveryOutcome(h: Harness, res: { json(): unknown }): Promise<{ events: number | null; skipped: number | null; processed: boolean }> {
  const { deliveryId } = res.json() as { deliveryId: string };
  const row = await getDelivery(h.server.ctx.db, deliveryId);
  if (!row) throw new Error(`no stored delivery ${deliveryId}`);
  return { events: row.events, skipped: row.skipped, processed: row.processedAt !== null };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The one way the server tests sign in: `POST /api/auth/login` on `app` (a harness's server, or
 * one a restart or scale-out test built itself).
 * @returns the access token
 * @throws Error naming the email, status and body when the sign-in is not answered 200
 */
export async function signIn(app: FastifyInstance, email: string, password: string = DEMO_PASSWORD): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { accessToken: string }).accessToken;
}

/**
 * {@link Harness.request} on any Fastify app (a server a test built beside the harness).
 * @param opts.token signs the request in (`Authorization: Bearer`); anonymous without one
 */
export function requestTo(
  app: FastifyInstance,
  method: HTTPMethods,
  url: string,
  opts: { token?: string | null; payload?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...(opts.token ? bearer(opts.token) : {}), ...opts.headers },
    ...(opts.payload !== undefined ? { payload: opts.payload as string | object } : {}),
  });
}

/**
 * Row count of every table of the schema: tests compare it before and after a refused call
 * ("every refusal writes nothing", docs/requirements/quality-goals.md#security).
 */
export async function tableCounts(h: Harness): Promise<Record<string, number>> {
  // One statement for every table: the fuzz and matrix suites call this twice per request, and a
  // round trip per table made it most of their time.
  const names = (Object.values(schema) as unknown[]).flatMap((table) => (is(table, PgTable) ? [getTableName(table)] : []));
  const query = sql.join(
    names.map((name) => sql`SELECT ${name}::text AS t, count(*)::int AS n FROM ${sql.identifier(name)}`),
    sql` UNION ALL `,
  );
  const { rows } = (await h.server.ctx.db.execute(query)) as unknown as { rows: { t: string; n: number }[] };
  return Object.fromEntries(rows.map((r) => [r.t, r.n]));
}

/**
 * Opens a socket.io client to a listening harness (`baseUrl`) with `token`, over websocket and
 * without reconnection, so a refused or ended socket stays ended.
 * @param extra more client options (e.g. another `extraHeaders` Origin)
 * @throws the `connect_error` of a refused handshake (the socket is closed)
 */
export function connectSocket(baseUrl: string, token: string, extra: Record<string, unknown> = {}): Promise<Socket> {
  const s = connect(baseUrl, { ...SOCKET_CLIENT_OPTIONS, transports: ['websocket'], reconnection: false, auth: { token }, ...extra });
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => {
      s.close();
      reject(e);
    });
  });
}
