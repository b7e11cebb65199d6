/**
 * `npm run bench:sockets` (docs/requirements/quality-goals.md#realtime: 5,000 sockets per process
 * with heap ≤ 150 MB; the socket.io hop ≤ 50 ms p99 at 1,000 events/s; an inbound Meta message on
 * screen ≤ 1 s p99 after the webhook arrives; two processes share events through Redis). Prints
 * figures, asserts nothing (docs/requirements/quality-goals.md: speed goals live in benchmarks,
 * never in timed tests).
 *
 * On a throwaway PostgreSQL database (common.ts), with the Graph simulator as a child process:
 * 1. Heap per socket: one server process (bench/socket-server.ts: the server's own start-up, plus
 *    an IPC channel and `--expose-gc`, nothing reachable in production), no Redis. Connects
 *    BENCH_SOCKETS socket.io-client sockets (websocket transport, SOCKET_CLIENT_OPTIONS, one
 *    connection each) in batches: as many as the largest fan-out room signed in as
 *    owner@spice-route.demo, the rest as owner@deccan-table.demo (the other client, so other
 *    rooms). The SERVER's heap (after full GCs) and RSS before and after give KiB per socket;
 *    also the time to connect them all.
 * 2. Fan-out: the server child publishes inbox `message` events on `ctx.realtime.emit` (the hub
 *    services publish on after commit → the socket plugin → the account's room) at
 *    BENCH_FANOUT_RATE per second for BENCH_FANOUT_SECONDS, to one Spice Route page, once per
 *    room size in BENCH_FANOUT_ROOMS (that many Spice Route sockets; the other sockets stay
 *    connected as the other client's, so the process keeps BENCH_SOCKETS). Each event carries
 *    its send time; the bench records every receipt's latency (hdr-histogram-js, microseconds):
 *    p50 / p99 / max, emitted rate, delivered / expected, receipts on sockets of the other
 *    client (must be 0) and sockets dropped meanwhile. A room too large for the rate saturates
 *    the process: the emitted rate then is its fan-out capacity at that size.
 * 3. Webhook → socket: two server processes (A, B) on the same database and one Redis (the
 *    socket.io Redis adapter), BENCH_WEBHOOK_SOCKETS sockets on B; signed Meta `messages`
 *    deliveries (X-Hub-Signature-256 with the app secret, as the simulator builds them) POSTed to
 *    A at each rate of BENCH_WEBHOOK_RATES per second for BENCH_WEBHOOK_SECONDS, open loop, from existing
 *    guests of one page. Measured from the POST's start to the `inbox:event` on each socket of B:
 *    p50 / p99 / max and count; also the POST's own answer time (intake).
 *
 * Writes `apps/server/bench/results/sockets-<stamp>.json` and `.md` with the machine's
 * description. Every child (simulator, servers, a Redis it started) is stopped at the end, on
 * failure and on Ctrl-C too.
 * Env: BENCH_SOCKETS (5000), BENCH_FANOUT_ROOMS (10,100,1000), BENCH_FANOUT_RATE (1000),
 * BENCH_FANOUT_SECONDS (10), BENCH_WEBHOOK_RATES (20,100), BENCH_WEBHOOK_SECONDS (10),
 * BENCH_WEBHOOK_SOCKETS (100), BENCH_REDIS_URL (default: a redis-server of its own on a free
 * port when the program is installed, else TEST_REDIS_URL, see src/test/services.ts),
 * BENCH_LABEL (stored with the results), TEST_PG_URL (admin URL; see common.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as hdr from 'hdr-histogram-js';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { serializeMetaJson, signMetaPayload } from '@dinedesk/meta-sim';
import { SOCKET_CLIENT_OPTIONS, SOCKET_EVENTS, type TConversationsResponse, type TInboxEvent, type TInboxPage } from '@dinedesk/contracts';
import { ensureRedis, freePort, type TestService } from '../src/test/services.ts';
import { describeMachine, login, root, throwawayDatabase, waitFor, writeResults } from './common.ts';
import type { BenchAnswer, BenchCommand, FanoutRoute } from './socket-server.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const nSockets = env('BENCH_SOCKETS', 5000);
const fanoutRate = env('BENCH_FANOUT_RATE', 1000);
const fanoutSeconds = env('BENCH_FANOUT_SECONDS', 10);
const fanoutRooms = (process.env.BENCH_FANOUT_ROOMS ?? '10,100,1000').split(',').map((n) => Math.min(nSockets, Number(n)));
/** Sockets signed in as Spice Route's owner while the heap is measured: the largest room. */
const roomSockets = Math.max(...fanoutRooms);
const hookRates = (process.env.BENCH_WEBHOOK_RATES ?? '20,100').split(',').map(Number);
const hookSeconds = env('BENCH_WEBHOOK_SECONDS', 10);
const hookSockets = env('BENCH_WEBHOOK_SOCKETS', 100);
const BATCH = 250;

/** One webhook → socket measurement: deliveries POSTed to A at one rate, received on B. */
interface WebhookPhase {
  socketsOnB: number;
  offeredPerSecond: number;
  posted: number;
  postedPerSecond: number;
  postFailures: number;
  /** Deliveries whose message reached B's sockets, and at what rate (first POST to last first receipt). */
  messagesOnB: number;
  messagesOnBPerSecond: number;
  /** Receipts expected: deliveries × sockets on B. */
  expected: number;
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** The POST's own answer time at A (verify, store, queue). */
  intake: { count: number; p50Ms: number; p99Ms: number; maxMs: number };
  /** CPU time of A, B and the bench from the first POST to the end of the drain, % of one core each. */
  cpuPercent: { a: number; b: number; bench: number };
}

/** One fan-out measurement: a room size at the offered rate. */
interface FanoutPhase {
  roomSockets: number;
  otherSockets: number;
  offeredPerSecond: number;
  emitted: number;
  emittedPerSecond: number;
  /** Socket frames the server wrote per second: emitted/s × room size. */
  deliveriesPerSecond: number;
  /** Time inside `emit` per frame written (µs): the server's synchronous cost of one delivery. */
  emitUsPerFrame: number;
  /** CPU time of the server process over the emitting window, % of one core. */
  serverCpuPercent: number;
  /** CPU time of the bench (the receiving sockets) from the first event to the end of the drain, % of one core. */
  benchCpuPercent: number;
  expected: number;
  delivered: number;
  /** Receipts on sockets of the other client: must be 0 (rooms hold). */
  leakedToOtherRooms: number;
  /** Sockets that lost their connection during the phase (ping timeout under overload). */
  disconnects: number;
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}
/** The simulator's app secret (config.ts default): what Meta signs deliveries with. */
const APP_SECRET = 'meta-sim-app-secret';

const children = new Set<ChildProcess>();
const tempDirs: string[] = [];
const sockets = new Set<Socket>();
// Last resort (an exception thrown past `finally`, process.exit): no child outlives the bench.
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of tempDirs) rmSync(d, { recursive: true, force: true });
});

/** SIGTERM, then SIGKILL after 12 s (the server's own forced exit is at 10 s). */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    const kill = setTimeout(() => child.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(kill);
  }
  children.delete(child);
}

/** A fresh temporary folder, removed when the bench exits. */
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'dinedesk-bench-sockets-'));
  tempDirs.push(d);
  return d;
}

/** The Graph simulator (packages/meta-sim/src/cli.ts) on a free port, memory only, no webhook deliveries, no Conversations API pacing. */
async function startSimulator(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const simEnv: NodeJS.ProcessEnv = { ...process.env, META_SIM_PORT: String(port), DATA_DIR: tempDir(), SIM_CONVERSATIONS_RPS: 'off' };
  for (const k of ['META_SIM_WEBHOOK_URL', 'SIM_LIVE', 'META_APP_SECRET']) delete simEnv[k];
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/meta-sim/src/cli.ts'], { cwd: root, env: simEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/__sim/health`)).ok, 30_000);
  return { url, child };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

interface BenchServer {
  name: string;
  base: string;
  child: ChildProcess;
  /** The server's `process.memoryUsage()` after two full GCs (bytes). */
  heap(): Promise<NodeJS.MemoryUsage>;
  /** Has the server publish `rate × seconds` events to `route` (socket-server.ts); resolves when the last one is out. */
  fanout(route: FanoutRoute, rate: number, seconds: number): Promise<{ sent: number; seconds: number; emitMs: number; cpuMs: number }>;
  /** The server's CPU time so far (user + system, ms). */
  cpuMs(): Promise<number>;
}

/** Starts bench/socket-server.ts on a free port; resolves once it has synced and listens. */
async function startServer(name: string, serverEnv: Record<string, string>): Promise<BenchServer> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...serverEnv, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: tempDir() };
  if (!serverEnv.REDIS_URL) delete childEnv.REDIS_URL;
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'apps/server/bench/socket-server.ts'], { cwd: root, env: childEnv, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.add(child);
  type Answer = Extract<BenchAnswer, { type: 'answer' }>;
  const pending = new Map<number, { resolve(a: Answer): void; reject(e: Error): void }>();
  let nextId = 1;
  const command = (c: DistributiveOmit<BenchCommand, 'id'>) =>
    new Promise<Answer>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, {
        resolve: (a) => {
          pending.delete(id);
          if ('error' in a) reject(new Error(`server ${name}: ${a.error}`));
          else resolve(a);
        },
        reject,
      });
      child.send({ ...c, id });
    });
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server ${name} was not ready within 180 s`)), 180_000);
    child.on('message', (m: BenchAnswer) => {
      if (m.type === 'ready') {
        clearTimeout(timer);
        resolve();
      } else pending.get(m.id)?.resolve(m);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const e = new Error(`server ${name} exited (${signal ?? code})`);
      reject(e);
      for (const p of pending.values()) p.reject(e);
    });
  });
  console.log(`server ${name} ready on port ${port} in ${((performance.now() - started) / 1000).toFixed(1)} s (migrated, seeded, synced)`);
  return {
    name,
    base: `http://127.0.0.1:${port}`,
    child,
    async heap() {
      const a = await command({ cmd: 'heap' });
      if (!('heap' in a)) throw new Error(`server ${name}: no heap in its answer`);
      return a.heap;
    },
    async cpuMs() {
      const a = await command({ cmd: 'cpu' });
      if (!('cpu' in a)) throw new Error(`server ${name}: no CPU time in its answer`);
      return (a.cpu.user + a.cpu.system) / 1000;
    },
    async fanout(route, rate, seconds) {
      const a = await command({ cmd: 'fanout', route, rate, seconds });
      if (!('sent' in a)) throw new Error(`server ${name}: no count in its answer`);
      return a;
    },
  };
}

/** One socket as the web app opens it (SOCKET_CLIENT_OPTIONS), websocket only, its own connection. */
function openSocket(base: string, token: string): Promise<Socket> {
  const s = connect(base, { ...SOCKET_CLIENT_OPTIONS, transports: ['websocket'], reconnection: false, forceNew: true, auth: { token } });
  sockets.add(s);
  return new Promise((resolve, reject) => {
    s.once('connect', () => resolve(s));
    s.once('connect_error', (e) => reject(e));
  });
}

/** Opens `n` sockets, `BATCH` at a time (each batch connected before the next starts). */
async function openSockets(base: string, token: string, n: number): Promise<Socket[]> {
  const out: Socket[] = [];
  for (let i = 0; i < n; i += BATCH) {
    const batch = await Promise.allSettled(Array.from({ length: Math.min(BATCH, n - i) }, () => openSocket(base, token)));
    const failed = batch.find((r) => r.status === 'rejected');
    if (failed) throw new Error(`socket ${i + batch.indexOf(failed)} did not connect: ${String(failed.reason)}`);
    for (const r of batch) if (r.status === 'fulfilled') out.push(r.value);
  }
  return out;
}

/** Closes these sockets (client side) and forgets them. */
function closeSockets(list: Iterable<Socket>): void {
  for (const s of list) {
    s.removeAllListeners();
    s.close();
    sockets.delete(s);
  }
}

/** Latencies in microseconds, 1 µs … 10 min, 3 significant digits. */
const histogram = () => hdr.build({ lowestDiscernibleValue: 1, highestTrackableValue: 600_000_000, numberOfSignificantValueDigits: 3 });
type Histogram = ReturnType<typeof histogram>;
const ms = (us: number) => Math.round(us / 100) / 10;
/** Count and p50 / p99 / max in ms (0.1 ms steps) of a microsecond histogram. */
function summary(h: Histogram) {
  return { count: h.totalCount, p50Ms: ms(h.getValueAtPercentile(50)), p99Ms: ms(h.getValueAtPercentile(99)), maxMs: ms(h.maxValue) };
}
const record = (h: Histogram, latencyMs: number) => h.recordValue(Math.max(1, Math.round(latencyMs * 1000)));

/** CPU time of this process since `from` (user + system, ms). */
function cpuMsSince(from: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
}

/** Resolves when `done()` holds, or when `progress()` has not moved for `quietMs` (or after `maxMs`). */
async function drain(done: () => boolean, progress: () => number, quietMs: number, maxMs: number): Promise<void> {
  const until = Date.now() + maxMs;
  let last = progress();
  let lastMove = Date.now();
  while (!done() && Date.now() < until && Date.now() - lastMove < quietMs) {
    await new Promise((r) => setTimeout(r, 100));
    if (progress() !== last) {
      last = progress();
      lastMove = Date.now();
    }
  }
}

/** GET with the bearer token. @throws Error with the status and body when it is not 2xx */
async function get<T>(url: string, token: string): Promise<T> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** 1-minute load average at the start: how busy the shared machine already was. */
const loadAtStart = Math.round(loadavg()[0]! * 10) / 10;
const db = await throwawayDatabase(`dinedesk_bench_sockets_${process.pid}`);
let redis: TestService | null = null;
let cleaning: Promise<void> | null = null;
/** Closes the sockets, stops every child and the Redis this run started, drops the database; once. */
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    closeSockets([...sockets]);
    for (const c of [...children]) await stopChild(c).catch((e) => console.error(e));
    await redis?.stop().catch((e) => console.error(e));
    await db.drop().catch((e) => console.error(e));
  })();
  return cleaning;
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void cleanup().finally(() => process.exit(130)));
const results: Record<string, unknown> = {};
try {
  const sim = await startSimulator();
  const serverEnv = {
    DATABASE_URL: db.url,
    META_GRAPH_BASE_URL: sim.url,
    META_APP_SECRET: APP_SECRET,
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    REVIEW_SYNC_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'warn',
    // Own sign-in throttle keys: nothing shared with another run on the same Redis.
    REDIS_KEY_PREFIX: `dinedesk-bench-sockets-${process.pid}:`,
  };
  const sql = new pg.Client({ connectionString: db.url });

  // 1. Heap per socket, one process.
  const one = await startServer('single', serverEnv);
  await sql.connect();
  const pgVersion = (await sql.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  const roomToken = await login(one.base, 'owner@spice-route.demo');
  const otherToken = await login(one.base, 'owner@deccan-table.demo');
  const pages = (await get<{ data: TInboxPage[] }>(`${one.base}/api/messenger/pages`, roomToken)).data;
  // The Messenger page with the most conversations: part 3 writes as its existing guests.
  const page = pages.filter((p) => p.channel === 'messenger').sort((x, y) => y.conversationCount - x.conversationCount)[0];
  if (!page) throw new Error('owner@spice-route.demo sees no Messenger page: did the sync connect the pages?');
  const otherPages = (await get<{ data: TInboxPage[] }>(`${one.base}/api/messenger/pages`, otherToken)).data;
  if (!otherPages.length || otherPages.some((p) => pages.some((q) => q.id === p.id))) throw new Error('owner@deccan-table.demo must see pages, none of Spice Route');
  // Warm-up: the first sockets load and compile the handshake path; not counted.
  closeSockets(await openSockets(one.base, roomToken, 50));
  await new Promise((r) => setTimeout(r, 1000));
  const before = await one.heap();
  const t0 = performance.now();
  const room: Socket[] = await openSockets(one.base, roomToken, roomSockets);
  const others: Socket[] = await openSockets(one.base, otherToken, nSockets - roomSockets);
  const connectSeconds = (performance.now() - t0) / 1000;
  await new Promise((r) => setTimeout(r, 2000));
  const after = await one.heap();
  const perSocketKiB = (k: keyof NodeJS.MemoryUsage) => Math.round(((after[k] - before[k]) / nSockets / 1024) * 10) / 10;
  const MiB = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
  const heap = {
    sockets: room.length + others.length,
    connectSeconds: Math.round(connectSeconds * 10) / 10,
    heapUsedMiB: { before: MiB(before.heapUsed), after: MiB(after.heapUsed) },
    rssMiB: { before: MiB(before.rss), after: MiB(after.rss) },
    externalMiB: { before: MiB(before.external), after: MiB(after.external) },
    perSocketKiB: { heapUsed: perSocketKiB('heapUsed'), rss: perSocketKiB('rss'), external: perSocketKiB('external') },
  };
  results.heap = heap;
  console.log('heap', JSON.stringify(heap));

  // 2. Fan-out through the realtime hub at a fixed rate, room by room size; the sockets not in
  // the room stay connected in the other client's rooms, so the process keeps nSockets.
  const row = (await sql.query<{ client_id: string; outlet_id: string }>('select client_id, outlet_id from facebook_pages where id = $1', [page.id])).rows[0]!;
  const route: FanoutRoute = { clientId: row.client_id, outletId: row.outlet_id, accountId: page.id };
  const fanout: FanoutPhase[] = [];
  results.fanout = fanout;
  for (const size of fanoutRooms) {
    // Resize the room, keeping the total: leave with room sockets, come back as the other client's.
    if (room.length > size) {
      const moved = room.splice(size);
      closeSockets(moved);
      others.push(...(await openSockets(one.base, otherToken, moved.length)));
    } else if (room.length < size) {
      closeSockets(others.splice(others.length - (size - room.length)));
      room.push(...(await openSockets(one.base, roomToken, size - room.length)));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const fan = histogram();
    let leaked = 0;
    let disconnects = 0;
    const onRoom = (e: TInboxEvent) => {
      if (e.type === 'message' && e.message.mid.startsWith('m_bench_fanout_')) record(fan, performance.timeOrigin + performance.now() - Number(e.message.text));
    };
    const onOther = () => void leaked++;
    const onDisconnect = () => void disconnects++;
    for (const s of room) s.on(SOCKET_EVENTS.inboxEvent, onRoom);
    for (const s of others) s.on(SOCKET_EVENTS.inboxEvent, onOther);
    for (const s of [...room, ...others]) s.on('disconnect', onDisconnect);
    const benchCpu = process.cpuUsage();
    const phaseStart = performance.now();
    const emitted = await one.fanout(route, fanoutRate, fanoutSeconds);
    const expected = emitted.sent * room.length;
    await drain(() => fan.totalCount >= expected, () => fan.totalCount, 3000, 20_000);
    const benchCpuMs = cpuMsSince(benchCpu);
    const phaseMs = performance.now() - phaseStart;
    for (const s of room) s.off(SOCKET_EVENTS.inboxEvent, onRoom);
    for (const s of others) s.off(SOCKET_EVENTS.inboxEvent, onOther);
    for (const s of [...room, ...others]) s.off('disconnect', onDisconnect);
    const phase: FanoutPhase = {
      roomSockets: room.length,
      otherSockets: others.length,
      offeredPerSecond: fanoutRate,
      emitted: emitted.sent,
      emittedPerSecond: Math.round(emitted.sent / emitted.seconds),
      deliveriesPerSecond: Math.round((emitted.sent * room.length) / emitted.seconds),
      emitUsPerFrame: Math.round(((emitted.emitMs * 1000) / Math.max(1, emitted.sent * room.length)) * 10) / 10,
      serverCpuPercent: Math.round((emitted.cpuMs / (emitted.seconds * 1000)) * 100),
      benchCpuPercent: Math.round((benchCpuMs / phaseMs) * 100),
      expected,
      delivered: fan.totalCount,
      leakedToOtherRooms: leaked,
      disconnects,
      ...summary(fan),
    };
    fanout.push(phase);
    console.log('fanout', JSON.stringify(phase));
    // Sockets the server dropped under overload are replaced, so the next room starts whole.
    if (size === fanoutRooms.at(-1)) break;
    for (const list of [room, others]) {
      const gone = list.filter((s) => !s.connected);
      if (!gone.length) continue;
      closeSockets(gone);
      const kept = list.filter((s) => s.connected);
      list.splice(0, list.length, ...kept, ...(await openSockets(one.base, list === room ? roomToken : otherToken, gone.length)));
    }
  }
  closeSockets([...room, ...others]);
  await sql.end();
  await stopChild(one.child);

  // 3. Webhook on A → socket on B, through Redis.
  redis = process.env.BENCH_REDIS_URL
    ? await ensureRedis(process.env.BENCH_REDIS_URL)
    : // Nothing answers on a fresh free port: ensureRedis starts a redis-server of its own (or
      // throws when none is installed; then the usual TEST_REDIS_URL one).
      await ensureRedis(`redis://127.0.0.1:${await freePort()}`).catch(() => ensureRedis());
  const a = await startServer('A', { ...serverEnv, REDIS_URL: redis.url });
  const b = await startServer('B', { ...serverEnv, REDIS_URL: redis.url });
  const token = await login(a.base, 'owner@spice-route.demo');
  const convs = (await get<TConversationsResponse>(`${a.base}/api/messenger/pages/${page.id}/conversations?limit=50`, token)).data;
  const guests = convs.map((c) => c.guest.id);
  if (!guests.length) throw new Error(`page ${page.id} has no conversations: did the inbox sync run?`);
  const onB = await openSockets(b.base, token, hookSockets);
  const sentAt = new Map<string, number>();
  /** First receipt of each delivery's message on any socket of B (ms, performance.now()). */
  const firstSeen = new Map<string, number>();
  let current = { hook: histogram(), received: 0 };
  for (const s of onB) {
    s.on(SOCKET_EVENTS.inboxEvent, (e: TInboxEvent) => {
      if (e.type !== 'message') return;
      const t = sentAt.get(e.message.mid);
      if (t === undefined) return;
      const now = performance.now();
      current.received++;
      if (!firstSeen.has(e.message.mid)) firstSeen.set(e.message.mid, now);
      record(current.hook, now - t);
    });
  }
  let seq = 0;
  let failed = 0;
  /** One signed Messenger delivery of a guest message to `page`, as Meta (and the simulator) sends it. @returns the POST's answer time (ms), null when it failed */
  const deliver = async (): Promise<number | null> => {
    const now = Date.now();
    const mid = `m_bench_hook_${process.pid}_${seq}`;
    const guest = guests[seq % guests.length]!;
    seq++;
    const body = serializeMetaJson({ object: 'page', entry: [{ id: page.id, time: now, messaging: [{ sender: { id: guest }, recipient: { id: page.id }, timestamp: now, message: { mid, text: `bench ${mid}` } }] }] });
    const headers = { 'content-type': 'application/json', 'x-hub-signature-256': signMetaPayload(APP_SECRET, body) };
    const t = performance.now();
    sentAt.set(mid, t);
    try {
      const res = await fetch(`${a.base}/api/webhooks/meta`, { method: 'POST', headers, body });
      await res.arrayBuffer();
      if (res.ok) return performance.now() - t;
    } catch {
      // counted below
    }
    failed++;
    return null;
  };
  // Warm-up (not counted): the first deliveries compile the intake and job path on both servers.
  for (let i = 0; i < 20; i++) await deliver();
  await drain(() => current.received >= 20 * onB.length, () => current.received, 3000, 15_000);
  const warmUpReceived = current.received;
  const webhook: WebhookPhase[] = [];
  results.webhook = webhook;
  for (const rate of hookRates) {
    current = { hook: histogram(), received: 0 };
    failed = 0;
    const intake = histogram();
    const first = seq;
    const total = Math.round(rate * hookSeconds);
    const inFlight: Promise<void>[] = [];
    let posted = 0;
    const cpu = { a: await a.cpuMs(), b: await b.cpuMs(), bench: process.cpuUsage() };
    const start = performance.now();
    await new Promise<void>((resolve) => {
      const tick = () => {
        const due = Math.min(total, Math.floor(((performance.now() - start) * rate) / 1000) + 1);
        while (posted < due) {
          posted++;
          inFlight.push(deliver().then((ms) => void (ms !== null && record(intake, ms))));
        }
        if (posted >= total) resolve();
        else setTimeout(tick, 1);
      };
      tick();
    });
    const postSeconds = (performance.now() - start) / 1000;
    await Promise.all(inFlight);
    const expected = total * onB.length;
    await drain(() => current.received >= expected, () => current.received, 5000, 30_000);
    const phaseMs = performance.now() - start;
    const cpuPercent = (ms: number) => Math.round((ms / phaseMs) * 100);
    const cpuPercents = { a: cpuPercent((await a.cpuMs()) - cpu.a), b: cpuPercent((await b.cpuMs()) - cpu.b), bench: cpuPercent(cpuMsSince(cpu.bench)) };
    const mids = Array.from({ length: total }, (_, i) => `m_bench_hook_${process.pid}_${first + i}`);
    const seen = mids.map((m) => firstSeen.get(m)).filter((t): t is number => t !== undefined);
    const phase: WebhookPhase = {
      socketsOnB: onB.length,
      offeredPerSecond: rate,
      posted,
      postedPerSecond: Math.round(posted / postSeconds),
      postFailures: failed,
      messagesOnB: seen.length,
      messagesOnBPerSecond: seen.length ? Math.round(seen.length / ((Math.max(...seen) - start) / 1000)) : 0,
      expected,
      ...summary(current.hook),
      intake: summary(intake),
      cpuPercent: cpuPercents,
    };
    webhook.push(phase);
    console.log('webhook', JSON.stringify(phase));
    await new Promise((r) => setTimeout(r, 2000));
  }
  results.webhookWarmUpReceived = warmUpReceived;
  closeSockets(onB);
  await Promise.all([stopChild(a.child), stopChild(b.child)]);
  await stopChild(sim.child);

  const machine = describeMachine('2 cores shared with the servers, PostgreSQL, Redis, the simulator, the bench’s sockets, and other engineers’ tests: noisy', { postgres: pgVersion });
  const h = heap;
  const load = { atStart: loadAtStart, atEnd: Math.round(loadavg()[0]! * 10) / 10 };
  const label = process.env.BENCH_LABEL ?? '';
  const md = [
    `# socket.io, ${new Date().toISOString()}${label ? ` (${label})` : ''}`,
    '',
    `${machine.cpus}, ${machine.memoryGiB} GiB, node ${machine.node}, PostgreSQL ${pgVersion}; ${machine.note} (1-minute load average ${load.atStart} at the start, ${load.atEnd} at the end).`,
    `Seeded demo data synced from the Graph simulator. Targets (docs/requirements/quality-goals.md#realtime): 5,000 sockets per process with heap ≤ 150 MB; socket.io hop ≤ 50 ms p99 at 1,000 events/s; webhook → screen ≤ 1 s p99; two processes share events through Redis.`,
    '',
    '| measure | figure |',
    '| --- | --- |',
    `| sockets on one process | ${h.sockets} connected in ${h.connectSeconds} s (${BATCH} at a time) |`,
    `| server heap used, before → after (after GC) | ${h.heapUsedMiB.before} → ${h.heapUsedMiB.after} MiB |`,
    `| server RSS, before → after | ${h.rssMiB.before} → ${h.rssMiB.after} MiB |`,
    `| per socket: heap / external / RSS | ${h.perSocketKiB.heapUsed} / ${h.perSocketKiB.external} / ${h.perSocketKiB.rss} KiB |`,
    '',
    `Fan-out: ${fanoutRate} events/s offered for ${fanoutSeconds} s through \`ctx.realtime.emit\` to one page's room, ${nSockets.toLocaleString('en')} sockets connected in all (the rest in the other client's rooms); latency from publish to receipt, every receipt counted. CPU: % of one core over the phase; the machine has two, shared by everything.`,
    '',
    '| room sockets | events/s emitted | frames/s | emit µs/frame | server CPU | bench CPU | delivered / expected | p50 ms | p99 ms | max ms | other rooms | disconnects |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...fanout.map((f) => `| ${f.roomSockets} | ${f.emittedPerSecond} | ${f.deliveriesPerSecond} | ${f.emitUsPerFrame} | ${f.serverCpuPercent} % | ${f.benchCpuPercent} % | ${f.delivered} / ${f.expected} | ${f.p50Ms} | ${f.p99Ms} | ${f.maxMs} | ${f.leakedToOtherRooms} | ${f.disconnects} |`),
    '',
    `Webhook → socket: two server processes on the same database and one Redis (socket.io Redis adapter); signed Meta message deliveries POSTed to A for ${hookSeconds} s at each rate, ${hookSockets} sockets on B; latency from the POST's start to the \`inbox:event\` on each socket of B. Intake: the POST's answer time.`,
    '',
    '| offered/s | POSTed/s | failed | messages on B (per s) | received / expected | p50 ms | p99 ms | max ms | intake p50 / p99 ms | CPU A / B / bench |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...webhook.map((w) => `| ${w.offeredPerSecond} | ${w.postedPerSecond} | ${w.postFailures} | ${w.messagesOnB} (${w.messagesOnBPerSecond}/s) | ${w.count} / ${w.expected} | ${w.p50Ms} | ${w.p99Ms} | ${w.maxMs} | ${w.intake.p50Ms} / ${w.intake.p99Ms} | ${w.cpuPercent.a} / ${w.cpuPercent.b} / ${w.cpuPercent.bench} % |`),
    '',
  ].join('\n');
  const config = { nSockets, fanoutRooms, fanoutRate, fanoutSeconds, hookRates, hookSeconds, hookSockets, batch: BATCH };
  console.log(`\n${md}`);
  console.log(`results: ${writeResults('sockets', { label, at: new Date().toISOString(), machine: { ...machine, load }, config, ...results }, md)}`);
} finally {
  await cleanup();
}
