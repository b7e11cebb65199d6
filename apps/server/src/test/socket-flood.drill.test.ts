/**
 * Failure drill (docs/decisions/0045 "Socket limits"): one viewer floods `inbox:replay` over
 * several sockets (the probe sent 8,512 calls in 20 s and every other user's requests slowed
 * from p99 11 ms to 735 ms) while another user works: their HTTP requests and socket calls. The
 * server runs as its own process, as `npm start` runs it. Past the limits the flood gets error
 * acks and costs no database work; the other user's calls all pass. Prints the flood's answered
 * and refused calls and the p50/p99 of the other user's requests during the flood next to a
 * quiet baseline. `npm run drill` floods for 20 s (DRILL=1), `npm test` for 4 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { SOCKET_CLIENT_OPTIONS, SOCKET_EVENTS } from '@dinedesk/contracts';
import { createMetaSim, type MetaSim } from '@dinedesk/meta-sim';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { openTestDatabase } from './harness.ts';
import { freePort } from './services.ts';

const FULL = process.env.DRILL === '1';
const FLOOD_MS = Number(process.env.DRILL_FLOOD_MS ?? (FULL ? 20_000 : 4_000));
/** The flooding viewer's sockets, and calls each keeps going at once. */
const FLOOD_SOCKETS = 4;
const FLOOD_PARALLEL = 8;
const root = fileURLToPath(new URL('../../../../', import.meta.url));

let sim: MetaSim;
let proc: ChildProcess | null = null;
let base: string;
let drop: () => Promise<void>;

async function waitFor(fn: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    if (await fn().catch(() => false)) return;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

beforeAll(async () => {
  const db = await openTestDatabase();
  await db.database.close();
  drop = db.drop;
  const port = await freePort();
  sim = await createMetaSim({ stateFile: null, logger: false, messagingRateLimit: null });
  const simUrl = await sim.listen(0, '127.0.0.1');
  base = `http://127.0.0.1:${port}`;
  proc = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url!,
      META_GRAPH_BASE_URL: simUrl,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'socket-flood-')),
      REVIEW_SYNC_INTERVAL_SECONDS: '0',
      META_CONNECT_TEST_USERS: '0',
      GOOGLE_CONNECT_DEMO: '0',
      LOG_LEVEL: 'error',
      // The drill measures the socket limits: the other user calls the API back to back (more
      // than the HTTP limit of 600 a minute on a quiet machine), and a 429 there is not its subject.
      RATE_LIMIT_MAX: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 90_000, 'server up');
}, 180_000);

afterAll(async () => {
  if (proc && proc.exitCode === null) {
    proc.kill('SIGTERM');
    await new Promise((r) => proc!.once('exit', r));
  }
  await sim?.close();
  await drop?.();
});

async function login(email: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function open(token: string): Promise<Socket> {
  const socket = connect(base, { ...SOCKET_CLIENT_OPTIONS, transports: ['websocket'], reconnection: false, auth: { token } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

type Ack = { complete?: boolean; error?: string; code?: string };
const replay = (s: Socket) => s.timeout(30_000).emitWithAck(SOCKET_EVENTS.inboxReplay, { afterEventId: 0 }) as Promise<Ack>;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** The other user's work for `ms`: sequential authenticated GETs, timed. */
async function otherUserRequests(token: string, ms: number): Promise<{ latencies: number[]; failed: number }> {
  const latencies: number[] = [];
  let failed = 0;
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/messenger/pages`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    latencies.push(performance.now() - t0);
    if (res.status !== 200) failed++;
  }
  return { latencies: latencies.sort((a, b) => a - b), failed };
}

describe('socket flood drill', () => {
  it(`one viewer floods inbox:replay for ${FLOOD_MS / 1000} s: refused past the limits, another user's calls pass`, async () => {
    const agentToken = await login('agent@spice-route.demo');
    const viewerToken = await login('viewer@spice-route.demo');
    const agentSocket = await open(agentToken);
    const quiet = await otherUserRequests(agentToken, Math.min(3_000, FLOOD_MS));

    const flooders = await Promise.all(Array.from({ length: FLOOD_SOCKETS }, () => open(viewerToken)));
    const counts = { answered: 0, rateLimited: 0, busy: 0, other: 0 };
    const until = Date.now() + FLOOD_MS;
    const flood = Promise.all(
      flooders.flatMap((s) =>
        Array.from({ length: FLOOD_PARALLEL }, async () => {
          while (Date.now() < until && s.connected) {
            const a = await replay(s).catch(() => ({ error: 'no ack' }) as Ack);
            if (a.complete !== undefined) counts.answered++;
            else if (a.code === 'rate_limited') counts.rateLimited++;
            else if (a.code === 'busy') counts.busy++;
            else counts.other++;
          }
        }),
      ),
    );
    const [during, agentAcks] = await Promise.all([
      otherUserRequests(agentToken, FLOOD_MS),
      (async () => {
        const acks: Ack[] = [];
        for (let i = 0; i < 5; i++) {
          acks.push(await replay(agentSocket));
          await new Promise((r) => setTimeout(r, FLOOD_MS / 6));
        }
        return acks;
      })(),
    ]);
    await flood;
    for (const s of [...flooders, agentSocket]) s.close();

    const total = counts.answered + counts.rateLimited + counts.busy + counts.other;
    process.stdout.write(
      `\nsocket flood drill (${FLOOD_MS / 1000} s, ${FLOOD_SOCKETS} sockets × ${FLOOD_PARALLEL} calls at a time):\n` +
        `  flood: ${total} inbox:replay calls, ${counts.answered} answered, ${counts.rateLimited} rate_limited, ${counts.busy} busy, ${counts.other} other\n` +
        `  other user, quiet:       ${quiet.latencies.length} requests, p50 ${percentile(quiet.latencies, 50).toFixed(1)} ms, p99 ${percentile(quiet.latencies, 99).toFixed(1)} ms\n` +
        `  other user, during flood: ${during.latencies.length} requests, p50 ${percentile(during.latencies, 50).toFixed(1)} ms, p99 ${percentile(during.latencies, 99).toFixed(1)} ms, max ${(during.latencies.at(-1) ?? NaN).toFixed(1)} ms\n`,
    );
    expect(counts.other).toBe(0);
    expect(counts.rateLimited + counts.busy).toBeGreaterThan(counts.answered);
    expect(during.failed).toBe(0);
    expect(during.latencies.length).toBeGreaterThan(0);
    for (const a of agentAcks) expect(a).toMatchObject({ complete: expect.any(Boolean) });
  }, 120_000);
});
