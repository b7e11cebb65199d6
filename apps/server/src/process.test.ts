import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { Socket as NetSocket } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/seed.ts';
import type { TOrderImport, TOrdersOutlet } from '@dinedesk/contracts/orders';
import { freePort } from './test/services.ts';
import { generatedLondonOrderFile } from './test/order-files.ts';

/**
 * The server as a real process (`node --import tsx apps/server/src/main.ts`, as `npm start` runs
 * it) on a throwaway DATA_DIR: one writer per DATA_DIR, start-up checks, SIGTERM under load.
 * Runs on PGlite only (vitest.config.ts).
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));


interface Proc {
  child: ChildProcess;
  baseUrl: string;
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

async function spawnServer(dataDir: string, env: Record<string, string> = {}): Promise<Proc> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // No simulator: nothing to connect or sync (the initial sync fails fast on a closed port).
      META_GRAPH_BASE_URL: 'http://127.0.0.1:9',
      META_CONNECT_TEST_USERS: '0',
      REVIEW_SYNC_INTERVAL_SECONDS: '0',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | string>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Resolves when the server answers /api/health, rejects when the process exits first. */
async function untilUp(p: Proc): Promise<void> {
  let gone = false;
  void p.exited.then(() => (gone = true));
  for (;;) {
    if (gone) throw new Error(`server exited before it was up:\n${p.output()}`);
    try {
      if ((await fetch(`${p.baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stop(p: Proc): Promise<void> {
  if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
  await p.exited;
}

const dirs: string[] = [];
function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'dinedesk-process-'));
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe('one writer per DATA_DIR, and SIGTERM under load', () => {
  let dataDir: string;
  let first: Proc;
  beforeAll(async () => {
    dataDir = tempDir();
    first = await spawnServer(dataDir);
    await untilUp(first);
  });
  afterAll(async () => {
    await stop(first);
  });

  it('refuses a second process on the same DATA_DIR, naming the folder and the PID holding it; the first keeps serving', async () => {
    const second = await spawnServer(dataDir);
    // Before the fix the second one started and served: never leave it running.
    const code = await Promise.race([second.exited, untilUp(second).then(() => 'started', () => 'exited')]).finally(() => stop(second));
    expect(code).toBe(1);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by another DineDesk process (PID ${first.child.pid}`);
    // A message, not a stack trace.
    expect(second.output()).not.toMatch(/^\s+at /m);
    const res = await fetch(`${first.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@spice-route.demo', password: DEMO_PASSWORD }) });
    expect(res.status).toBe(200);
  });

  it('on SIGTERM finishes in-flight requests, closes idle keep-alive connections and sockets, closes the database, and exits 0 within 10 s', async () => {
    const login = JSON.stringify({ email: 'owner@spice-route.demo', password: DEMO_PASSWORD });
    const { accessToken } = (await (await fetch(`${first.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: login })).json()) as { accessToken: string };

    // Idle keep-alive connections: each answered one request and waits for the next.
    const idleAgent = new http.Agent({ keepAlive: true });
    const idleSockets = new Set<NetSocket>();
    await Promise.all(
      Array.from({ length: 5 }, () =>
        new Promise<void>((resolve, reject) => {
          const req = http.get(`${first.baseUrl}/api/health`, { agent: idleAgent }, (res) => {
            idleSockets.add(res.socket);
            res.resume();
            res.on('end', resolve);
          });
          req.on('error', reject);
        }),
      ),
    );
    expect(idleSockets.size).toBe(5);
    const idleClosed = Promise.all([...idleSockets].map((s) => new Promise((r) => s.once('close', r))));

    const socket = connect(first.baseUrl, { path: '/api/socket.io', auth: { token: accessToken }, transports: ['websocket'], reconnection: false });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const socketClosed = new Promise((r) => socket.once('disconnect', r));

    // In-flight requests: `Expect: 100-continue` makes the server confirm it has each request
    // before the body is sent, so all of them are in flight when SIGTERM arrives (no timing).
    // Sign-ins (argon2: the slowest call), one per account so that no sign-in throttle applies.
    const busyAgent = new http.Agent({ keepAlive: true });
    const accounts = ['owner', 'brand.manager', 'outlet.manager', 'agent', 'viewer'].flatMap((r) => [`${r}@spice-route.demo`, `${r}@deccan-table.demo`]);
    const inFlight = accounts.map((email) => {
      const body = JSON.stringify({ email, password: DEMO_PASSWORD });
      const req = http.request(`${first.baseUrl}/api/auth/login`, {
        method: 'POST',
        agent: busyAgent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
      });
      const accepted = new Promise<void>((resolve) => req.once('continue', () => resolve()));
      const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
        req.on('response', (res) => {
          let body = '';
          res.on('data', (d) => (body += d));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
          res.on('error', reject);
        });
        req.on('error', reject);
      });
      req.flushHeaders();
      return { req, body, accepted, answered };
    });
    await Promise.all(inFlight.map((r) => r.accepted));

    const started = Date.now();
    first.child.kill('SIGTERM');
    for (const r of inFlight) r.req.end(r.body);

    const answers = await Promise.all(inFlight.map((r) => r.answered));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body)).toHaveProperty('accessToken');
    }
    await socketClosed;
    await idleClosed;
    expect(await first.exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    // The database closed and released DATA_DIR (the lock goes last, after the database).
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(false);
    expect(existsSync(join(dataDir, 'pglite.lock.json'))).toBe(false);
    expect(first.output()).not.toContain('forced exit');
    socket.close();
    idleAgent.destroy();
    busyAgent.destroy();
  });
});

describe('start-up on a DATA_DIR after a crash, and on one that cannot be written', () => {
  // Two server start-ups in one test: more time than the default 60 s on a busy machine.
  it('a holder killed with SIGKILL does not block a restart', { timeout: 180_000 }, async () => {
    const dataDir = tempDir();
    const crashed = await spawnServer(dataDir, { SEED_DEMO: '0' });
    await untilUp(crashed);
    crashed.child.kill('SIGKILL');
    await crashed.exited;
    // The lock and the record of the dead holder are still there.
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);
    const restarted = await spawnServer(dataDir, { SEED_DEMO: '0' });
    try {
      await untilUp(restarted);
    } finally {
      restarted.child.kill('SIGTERM');
    }
    expect(await restarted.exited, restarted.output()).toBe(0);
  });

  // A killed worker's import used to show "importing" until its job expired (30 min): the
  // restarted server's sweeper sees the stale heartbeat and the import runs again (lib/jobs.ts).
  it('an import killed mid-write (SIGKILL) is taken up again by the restarted server and imports every row once', { timeout: 300_000 }, async () => {
    const dataDir = tempDir();
    const rows = 30_000;
    const file = generatedLondonOrderFile(rows);
    const first = await spawnServer(dataDir);
    let second: Proc | null = null;
    try {
      await untilUp(first);
      const signIn = async (p: Proc) =>
        ((await (await fetch(`${p.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@spice-route.demo', password: DEMO_PASSWORD }) })).json()) as { accessToken: string }).accessToken;
      let token = await signIn(first);
      const outlets = (await (await fetch(`${first.baseUrl}/api/orders/outlets`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' })).json()) as { data: TOrdersOutlet[] };
      const outlet = outlets.data.find((o) => o.orders === 0)!;
      const res = await fetch(`${first.baseUrl}/api/orders/imports?${new URLSearchParams({ outletId: outlet.id, shape: 'london', fileName: 'killed.csv' })}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: readFileSync(file) });
      expect(res.status).toBe(202);
      const id = ((await res.json()) as TOrderImport).id;
      const status = async (p: Proc) => (await (await fetch(`${p.baseUrl}/api/orders/imports/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as TOrderImport;
      for (;;) {
        const s = await status(first);
        expect(s.status).not.toBe('imported');
        if (s.status === 'importing' && s.progress > 0.5) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      first.child.kill('SIGKILL');
      await first.exited;
      second = await spawnServer(dataDir);
      await untilUp(second);
      const upAt = Date.now();
      token = await signIn(second);
      let left: number | null = null;
      let done: TOrderImport;
      for (;;) {
        done = await status(second);
        if (left === null && done.status !== 'importing') left = Date.now() - upAt;
        if (done.status === 'imported' || done.status === 'failed') break;
        if (Date.now() - upAt > 240_000) throw new Error(`still ${done.status} 240 s after the restart`);
        await new Promise((r) => setTimeout(r, 200));
      }
      console.log(`[process] killed import left "importing" ${left} ms after the restart was up`);
      expect(left!).toBeLessThan(60_000);
      expect(done).toMatchObject({ status: 'imported', linesImported: rows, failure: null });
      const after = (await (await fetch(`${second.baseUrl}/api/orders/outlets`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}' })).json()) as { data: TOrdersOutlet[] };
      expect(after.data.find((o) => o.id === outlet.id)!.orders).toBe(done.ordersImported);
    } finally {
      if (second) await stop(second);
      await stop(first);
      rmSync(dirname(file), { recursive: true, force: true });
    }
  });

  it.each([
    ['under a regular file', () => {
      const file = join(tempDir(), 'not-a-folder');
      writeFileSync(file, 'x');
      return join(file, 'var');
    }, 'is not a folder'],
    // Not writable even by root (tests run as root, where chmod stops nothing).
    ['in sysfs', () => '/sys/fs', 'is not writable'],
  ])('refuses a DATA_DIR %s with a message naming the folder and the problem', async (_, makeDir, problem) => {
    const dataDir = makeDir();
    const p = await spawnServer(dataDir);
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain(`DineDesk cannot start: DATA_DIR ${dataDir} ${problem}`);
    expect(p.output()).not.toMatch(/^\s+at /m);
  });

  it('`npm start` (scripts/start.mjs) refuses an unwritable DATA_DIR before the simulator writes to it', async () => {
    const child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: '/sys/fs', PORT: String(await freePort()), META_SIM_PORT: String(await freePort()) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const code = await new Promise((r) => child.on('exit', r));
    expect(code).toBe(1);
    expect(out).toContain('DineDesk cannot start: DATA_DIR /sys/fs is not writable');
    expect(out).not.toMatch(/^\s+at /m);
  });
});
