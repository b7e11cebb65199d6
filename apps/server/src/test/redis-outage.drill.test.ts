/**
 * Failure drill ("Redis stops for 30 s under two processes: reads and sends keep
 * working, and live updates resume and catch up"). Two server processes share one PostgreSQL
 * database and a Redis of the drill's own (never the shared one: it is killed here), with the
 * Graph simulator. Sockets are connected to each process. Redis is killed (SIGKILL) for
 * `DRILL_REDIS_OUTAGE_SECONDS` (30 with `npm run drill`, 4 in `npm test`); meanwhile reads on
 * both processes answer 200, sends answer and reach the simulator once, sign-in keeps working
 * (decision 0012: the throttle counts in process memory), guest messages arriving by webhook are
 * stored, and a logout ends the session's sockets of the same process. Redis then starts again
 * on the same port: live events cross processes again, every socket receives what it missed
 * during the outage through `realtime:resync` → `inbox:replay` (no page reload, no event twice),
 * and a socket of a session that ended during the outage on another process is disconnected.
 * Behaviour and reasons: docs/decisions/0021-redis-outage.md. Prints the figures; asserts no time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { createMetaSim, type MetaSim } from '@dinedesk/meta-sim';
import {
  INBOX,
  SOCKET_CLIENT_OPTIONS,
  SOCKET_EVENTS,
  ZInboxEvent,
  ZReplayAck,
  ZResyncEvent,
  type TConversation,
  type TInboxEvent,
  type TInboxPage,
} from '@dinedesk/contracts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { openTestDatabase } from './harness.ts';
import { freePort, redisAnswers, startRestartableRedis, type RestartableRedis } from './services.ts';

const OUTAGE_MS = 1000 * Number(process.env.DRILL_REDIS_OUTAGE_SECONDS ?? (process.env.DRILL === '1' ? 30 : 4));
const root = fileURLToPath(new URL('../../../../', import.meta.url));

let redis: RestartableRedis | undefined;
let sim: MetaSim | undefined;
let db: pg.Client | undefined;
let drop: (() => Promise<void>) | undefined;
const procs: ChildProcess[] = [];
const sockets: Socket[] = [];
let ports: [number, number];

async function waitFor<T>(fn: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

const base = (port: number) => `http://127.0.0.1:${port}`;

/** One HTTP call; `status` 0 when no answer came (connection refused or reset). */
async function call(port: number, method: 'GET' | 'POST', path: string, opts: { token?: string; body?: object; headers?: Record<string, string> } = {}): Promise<{ status: number; body: unknown }> {
  try {
    const res = await fetch(`${base(port)}${path}`, {
      method,
      headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...(opts.body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      body: opts.body ? JSON.stringify(opts.body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    return { status: 0, body: null };
  }
}

async function login(port: number, email: string, password = DEMO_PASSWORD): Promise<{ status: number; token: string | null }> {
  const res = await call(port, 'POST', '/api/auth/login', { body: { email, password } });
  return { status: res.status, token: (res.body as { accessToken?: string } | null)?.accessToken ?? null };
}

/**
 * A socket that keeps the inbox the way the web app does (apps/web inbox-realtime.ts): applies
 * each event id once, replays after a reconnect from its last event id, and on
 * `realtime:resync` replays from the lower of that and the server's `afterEventId`. Records how
 * each event arrived, so the drill can tell live delivery from catch-up.
 */
class DrillSocket {
  readonly socket: Socket;
  /** event id → live deliveries (more than one would be a duplicate sent by the server). */
  readonly live = new Map<number, number>();
  /** Event ids applied from a replay that had not arrived live before. */
  readonly caughtUp = new Set<number>();
  readonly applied = new Set<number>();
  /** When each live event arrived (ms, performance.now()), by the text of its message. */
  readonly liveTexts = new Map<string, number>();
  lastEventId = 0;
  resyncs = 0;
  disconnects: string[] = [];
  /** Replays answered with an error, or not at all. */
  readonly replayErrors: string[] = [];
  private connectedOnce = false;
  private replaying: Promise<void> = Promise.resolve();

  /** @param opts.replays false: a client that ignores `realtime:resync` (what the server enforces must not depend on it) */
  constructor(port: number, token: string, opts: { replays?: boolean } = {}) {
    this.socket = connect(base(port), { ...SOCKET_CLIENT_OPTIONS, transports: ['websocket'], auth: { token } });
    sockets.push(this.socket);
    this.socket.on(SOCKET_EVENTS.inboxEvent, (payload: unknown) => {
      const event = ZInboxEvent.parse(payload);
      this.live.set(event.eventId, (this.live.get(event.eventId) ?? 0) + 1);
      if (event.type === 'message' && event.message.text) this.liveTexts.set(event.message.text, performance.now());
      this.apply(event, false);
    });
    this.socket.on(SOCKET_EVENTS.resync, (payload: unknown) => {
      const { afterEventId } = ZResyncEvent.parse(payload);
      this.resyncs++;
      if (opts.replays !== false) this.replayFrom(Math.min(this.lastEventId, afterEventId));
    });
    this.socket.on('connect', () => {
      if (this.connectedOnce) this.replayFrom(this.lastEventId);
      this.connectedOnce = true;
    });
    this.socket.on('disconnect', (reason) => this.disconnects.push(reason));
  }

  connected(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.socket.connected) return resolve();
      this.socket.once('connect', () => resolve());
      this.socket.once('connect_error', reject);
    });
  }

  private apply(event: TInboxEvent, replayed: boolean): void {
    if (this.applied.has(event.eventId)) return;
    this.applied.add(event.eventId);
    if (replayed) this.caughtUp.add(event.eventId);
    this.lastEventId = Math.max(this.lastEventId, event.eventId);
  }

  /**
   * Replays in batches until complete; replays asked for meanwhile run after it, in order. An
   * `{error}` answer (the session ended: the server disconnects the socket) is recorded.
   */
  private replayFrom(afterEventId: number): void {
    this.replaying = this.replaying.then(async () => {
      let after = afterEventId;
      for (let round = 0; round < 50; round++) {
        let raw: unknown;
        try {
          raw = await this.socket.timeout(20_000).emitWithAck(SOCKET_EVENTS.inboxReplay, { afterEventId: after });
        } catch (e) {
          this.replayErrors.push((e as Error).message);
          return;
        }
        const answer = ZReplayAck.safeParse(raw);
        if (!answer.success) {
          this.replayErrors.push(JSON.stringify(raw));
          return;
        }
        for (const e of answer.data.events) this.apply(e, true);
        if (answer.data.complete || !answer.data.events.length) return;
        after = answer.data.events.at(-1)!.eventId;
      }
    });
  }
}

beforeAll(async () => {
  redis = await startRestartableRedis();
  const database = await openTestDatabase();
  await database.database.close();
  drop = database.drop;
  ports = [await freePort(), await freePort()];
  sim = await createMetaSim({ stateFile: null, logger: false, messagingRateLimit: null, webhookUrl: `${base(ports[0])}${INBOX.webhook}`, webhooks: { retryBaseMs: 50, retryMaxMs: 200, holdMs: 20 } });
  const simUrl = await sim.listen(0, '127.0.0.1');
  const env = {
    ...process.env,
    DATABASE_URL: database.url!,
    REDIS_URL: redis.url,
    META_GRAPH_BASE_URL: simUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    REVIEW_SYNC_INTERVAL_SECONDS: '0',
    JOB_POLL_SECONDS: '0.5',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
  };
  for (const port of ports) {
    const p = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port), DATA_DIR: mkdtempSync(join(tmpdir(), 'redis-drill-')) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    procs.push(p);
    await waitFor(async () => (await fetch(`${base(port)}/api/health`)).ok, 60_000, `server on ${port}`);
  }
  db = new pg.Client({ connectionString: database.url! });
  await db.connect();
}, 180_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await Promise.all(
    procs.map(async (p) => {
      if (p.exitCode !== null || p.signalCode !== null) return;
      const exited = new Promise((r) => p.once('exit', r));
      p.kill('SIGTERM');
      const late = setTimeout(() => p.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(late);
    }),
  );
  await sim?.close().catch(() => {});
  await db?.end().catch(() => {});
  await drop?.().catch(() => {});
  await redis?.stop();
}, 60_000);

describe('drill: Redis stops under two server processes', () => {
  it('keeps reads, sends, sign-in and webhooks working, then resumes live updates and catches every socket up', async () => {
    const [a, b] = ports;
    const agent = (await login(a, 'agent@spice-route.demo')).token!;
    const owner = (await login(b, 'owner@spice-route.demo')).token!;
    const pages = await waitFor(
      async () => {
        const r = (await call(a, 'GET', INBOX.messengerPages, { token: agent })).body as { data: TInboxPage[] };
        return r.data.filter((p) => p.conversationCount > 0).length >= 2 ? r.data.filter((p) => p.conversationCount > 0) : undefined;
      },
      90_000,
      'inbox backfill',
    );
    const page = pages[0]!;
    const convs = ((await call(a, 'GET', `${INBOX.conversations('messenger', page.id)}?limit=100`, { token: agent })).body as { data: TConversation[] }).data;
    const conv = convs.find((c) => c.window.state === 'standard')!;
    expect(conv).toBeDefined();
    const clientId = (await db!.query('SELECT client_id FROM facebook_pages WHERE id = $1', [page.id])).rows[0].client_id as string;

    // Sockets: agent on A, owner on B (both see every account of the client), and one of a
    // session that will log out through A while Redis is down, on each process.
    const onA = new DrillSocket(a, agent);
    const onB = new DrillSocket(b, owner);
    const endingOnA = new DrillSocket(a, (await login(a, 'agent@spice-route.demo')).token!);
    const endingOnBToken = (await login(b, 'agent@spice-route.demo')).token!;
    const endingOnB = new DrillSocket(b, endingOnBToken, { replays: false });
    await Promise.all([onA, onB, endingOnA, endingOnB].map((s) => s.connected()));
    const baseline = Number((await db!.query('SELECT coalesce(max(id), 0) AS id FROM inbox_events')).rows[0].id);
    // Before the outage: live events cross processes.
    const before = `before the outage ${randomUUID()}`;
    expect((await call(a, 'POST', INBOX.messages('messenger', page.id, conv.id), { token: agent, body: { text: before }, headers: { 'idempotency-key': randomUUID() } })).status).toBe(200);
    await waitFor(async () => onB.liveTexts.has(before), 20_000, 'a live event from A on B before the outage');

    const simMessages = () => sim!.conversations(page.id, 'messenger').reduce((n, c) => n + c.messageCount, 0);
    const storedTimes = async (text: string) => Number((await db!.query('SELECT count(*)::int AS n FROM messages WHERE text = $1', [text])).rows[0].n);

    /** Requests made while Redis was down (from the kill to its restart), and every failed one. */
    let requests = 0;
    let outageStart: number | null = null;
    const failures: string[] = [];
    const expectStatus = async (label: string, want: number, res: Promise<{ status: number; body: unknown }>) => {
      if (outageStart !== null) requests++;
      const got = await res;
      if (got.status !== want) failures.push(`${label}: ${got.status} ${JSON.stringify(got.body)?.slice(0, 200)}`);
      return got;
    };

    // ── Redis down ────────────────────────────────────────────────────────────────────────
    // It dies under traffic: sends through both processes go on while it is killed, so some
    // publications are in flight when the connections drop (none may end a process).
    let burstDone = 0;
    const burst = (async () => {
      for (let i = 0; i < 12; i++) {
        const [port, token] = i % 2 ? [b, owner] : [a, agent];
        await expectStatus(`send ${i} around the kill`, 200, call(port, 'POST', INBOX.messages('messenger', page.id, conv.id), { token, body: { text: `around the kill ${i} ${randomUUID()}` }, headers: { 'idempotency-key': randomUUID() } }));
        burstDone++;
      }
    })();
    await waitFor(async () => burstDone >= 3, 30_000, 'sends before the kill');
    await redis!.pause('SIGKILL');
    outageStart = performance.now();
    expect(await redisAnswers(redis!.url), 'nothing answers on the stopped Redis port').toBe(false);
    await burst;

    // Health says degraded, not failing.
    await waitFor(async () => ((await call(a, 'GET', '/api/health')).body as { redis?: string }).redis === 'degraded', 10_000, 'health of A degraded');
    expect(((await call(b, 'GET', '/api/health')).body as { redis?: string }).redis).toBe('degraded');

    // Sends through each process: answered, and at the simulator once each.
    const sentBefore = simMessages();
    const sendTexts = { a: `sent through A during the outage ${randomUUID()}`, b: `sent through B during the outage ${randomUUID()}` };
    await expectStatus('send via A', 200, call(a, 'POST', INBOX.messages('messenger', page.id, conv.id), { token: agent, body: { text: sendTexts.a }, headers: { 'idempotency-key': randomUUID() } }));
    await expectStatus('send via B', 200, call(b, 'POST', INBOX.messages('messenger', page.id, conv.id), { token: owner, body: { text: sendTexts.b }, headers: { 'idempotency-key': randomUUID() } }));
    expect(simMessages()).toBe(sentBefore + 2);

    // Sign-in on both processes: right password 200, wrong one 401 (counted in memory, 0012).
    for (const port of ports) {
      requests += 2;
      const ok = await login(port, 'viewer@spice-route.demo');
      if (ok.status !== 200) failures.push(`sign-in on ${port}: ${ok.status}`);
      const wrong = await login(port, 'viewer@spice-route.demo', 'not-the-password');
      if (wrong.status !== 401) failures.push(`wrong password on ${port}: ${wrong.status}`);
    }

    // Guests write: webhooks to A, then to B; stored (the job queue is PostgreSQL's, not Redis's).
    const guestTexts = { a: `guest via webhook to A ${randomUUID()}`, b: `guest via webhook to B ${randomUUID()}` };
    sim!.guestMessage({ pageId: pages[1]!.id, channel: 'messenger', text: guestTexts.a });
    await sim!.flushWebhooks();
    sim!.configureWebhooks({ url: `${base(b)}${INBOX.webhook}` });
    sim!.guestMessage({ pageId: pages[1]!.id, channel: 'messenger', text: guestTexts.b });
    await sim!.flushWebhooks();
    sim!.configureWebhooks({ url: `${base(a)}${INBOX.webhook}` });
    await waitFor(async () => (await storedTimes(guestTexts.a)) === 1 && (await storedTimes(guestTexts.b)) === 1, 30_000, 'guest messages stored');

    // Logout through A of two sessions: the one with a socket on A ends it now.
    const endingOnAToken = (endingOnA.socket.auth as { token: string }).token;
    await expectStatus('logout via A (socket on A)', 200, call(a, 'GET', '/api/logout', { token: endingOnAToken }));
    await expectStatus('logout via A (socket on B)', 200, call(a, 'GET', '/api/logout', { token: endingOnBToken }));
    await waitFor(async () => endingOnA.disconnects.length > 0, 10_000, 'the logged-out socket on A to close');

    // Reads on both processes for the rest of the outage.
    const reads = (token: string) => [
      `/api/review_testing/get-fb-reviews?pageId=${page.id}&limit=20`,
      `${INBOX.conversations('messenger', page.id)}?limit=20`,
      `${INBOX.messages('messenger', page.id, conv.id)}?limit=20`,
    ].map((path) => ({ path, token }));
    while (performance.now() - outageStart < OUTAGE_MS) {
      for (const [port, token] of [[a, agent], [b, owner]] as const) {
        for (const r of reads(token)) await expectStatus(`GET ${r.path} on ${port}`, 200, call(port, 'GET', r.path, { token }));
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    // Live delivery inside one process went on: each socket saw the send made through its own
    // process live. A guest's webhook is stored by the process it reached but turned into events
    // by whichever process's worker takes the job (the queue is PostgreSQL's), so it is live on
    // that process's socket only; the other catches up below.
    expect(onA.liveTexts.has(sendTexts.a)).toBe(true);
    expect(onB.liveTexts.has(sendTexts.b)).toBe(true);
    for (const text of [guestTexts.a, guestTexts.b]) expect(onA.liveTexts.has(text) || onB.liveTexts.has(text), `${text} live on one socket`).toBe(true);
    const outageMs = performance.now() - outageStart;
    const outageRequests = requests;

    // ── Redis back on the same port ───────────────────────────────────────────────────────
    await redis!.resume();
    const back = performance.now();
    // A send through A every 200 ms until one reaches B's socket live (through Redis).
    let crossMs: number | null = null;
    for (let i = 0; i < 150 && crossMs === null; i++) {
      const probe = `probe ${i} after the outage ${randomUUID()}`;
      const sent = await call(a, 'POST', INBOX.messages('messenger', page.id, conv.id), { token: agent, body: { text: probe }, headers: { 'idempotency-key': randomUUID() } });
      expect(sent.status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      const at = onB.liveTexts.get(probe);
      if (at !== undefined) crossMs = at - back;
    }
    expect(crossMs, 'no live event crossed from A to B after Redis came back').not.toBeNull();
    await waitFor(async () => ((await call(a, 'GET', '/api/health')).body as { redis?: string }).redis === 'ok' && ((await call(b, 'GET', '/api/health')).body as { redis?: string }).redis === 'ok', 20_000, 'health ok again');

    // Catch-up: every event of the client stored after the sockets connected reaches both.
    const expected = async () => (await db!.query('SELECT id FROM inbox_events WHERE client_id = $1 AND id > $2 ORDER BY id', [clientId, baseline])).rows.map((r) => Number(r.id));
    const has = (s: DrillSocket, ids: number[]) => ids.every((id) => s.applied.has(id));
    await waitFor(async () => {
      const ids = await expected();
      return has(onA, ids) && has(onB, ids);
    }, 60_000, 'every socket to catch up').catch(async (e: Error) => {
      const ids = await expected();
      throw new Error(`${e.message}: A lacks ${ids.filter((id) => !onA.applied.has(id)).length}, B lacks ${ids.filter((id) => !onB.applied.has(id)).length} of ${ids.length}; resyncs A ${onA.resyncs}, B ${onB.resyncs}`);
    });
    const ids = await expected();
    // Events of the other client (its pages sync too): replays and live delivery never show them.
    const foreign = new Set((await db!.query('SELECT id FROM inbox_events WHERE client_id <> $1 AND id > $2', [clientId, baseline])).rows.map((r) => Number(r.id)));
    const figures: string[] = [];
    for (const [name, s] of [['A', onA], ['B', onB]] as const) {
      const missedLive = ids.filter((id) => !s.live.has(id));
      const caughtUp = missedLive.filter((id) => s.caughtUp.has(id));
      expect([...s.live.values()].filter((n) => n > 1), `live duplicates on ${name}`).toEqual([]);
      expect([...s.applied].filter((id) => foreign.has(id)), `events of another client on ${name}`).toEqual([]);
      // The outage hid the other process's events from this socket, and the resync brought them.
      expect(s.resyncs).toBeGreaterThan(0);
      expect(s.replayErrors).toEqual([]);
      expect(missedLive.length).toBeGreaterThan(0);
      expect(caughtUp).toEqual(missedLive);
      figures.push(`socket on ${name}: ${caughtUp.length}/${missedLive.length} missed events caught up (${ids.length} events in all, resyncs: ${s.resyncs})`);
    }
    // Each send and guest message is stored once and reached the simulator once.
    for (const text of [...Object.values(sendTexts), ...Object.values(guestTexts)]) expect(await storedTimes(text), text).toBe(1);
    // The session that ended through A while Redis was down lost its socket on B too: B's
    // re-check after the outage, not the client's replay (this one never asks).
    await waitFor(async () => endingOnB.disconnects.length > 0, 20_000, 'the socket on B of the session ended during the outage to close');
    expect(endingOnB.socket.connected).toBe(false);

    expect(failures).toEqual([]);
    console.log(
      `[drill] Redis down ${(outageMs / 1000).toFixed(1)} s under two processes: ${outageRequests} requests during it, ${failures.length} errors; ` +
        `first cross-process live event ${crossMs!.toFixed(0)} ms after Redis was back; ${figures.join('; ')}`,
    );
  }, 300_000 + OUTAGE_MS);
});
