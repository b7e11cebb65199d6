import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createMetaSim, type MetaSim } from '@dinedesk/meta-sim';
import { SOCKET_CLIENT_OPTIONS, SOCKET_EVENTS, type TConversation, type TInboxEvent, type TInboxPage } from '@dinedesk/contracts';
import { openTestDatabase } from '../../test/harness.ts';
import { freePort } from '../../test/services.ts';

/**
 * Scale-out: two server processes on one PostgreSQL and one Redis. A message sent
 * through process A reaches a socket connected to process B, through the socket.io Redis
 * adapter. Runs in the PostgreSQL project only (PGlite is single-process by construction).
 */
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';


async function waitFor<T>(fn: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch {
      // not ready yet
    }
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

let sim: MetaSim;
const procs: ChildProcess[] = [];
let drop: () => Promise<void>;
const ports: number[] = [];

beforeAll(async () => {
  const db = await openTestDatabase();
  await db.database.close();
  drop = db.drop;
  ports.push(await freePort(), await freePort());
  sim = await createMetaSim({ stateFile: null, logger: false, webhookUrl: `http://127.0.0.1:${ports[0]}/api/webhooks/meta` } as Parameters<typeof createMetaSim>[0]);
  const simUrl = await sim.listen(0, '127.0.0.1');
  const env = {
    ...process.env,
    DATABASE_URL: db.url!,
    REDIS_URL,
    META_GRAPH_BASE_URL: simUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'scaleout-')),
    REVIEW_SYNC_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  // Started one after the other so the second finds migrations and seed done (both are safe
  // to race, but sequential start keeps the log readable).
  for (const port of ports) {
    const p = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
    procs.push(p);
    await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok, 60_000, `server on ${port}`);
  }
}, 120_000);

afterAll(async () => {
  for (const p of procs) {
    if (p.exitCode === null) {
      const exited = new Promise((r) => p.on('exit', r));
      p.kill('SIGTERM');
      await exited;
    }
  }
  await sim?.close();
  await drop?.();
});

async function login(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'agent@spice-route.demo', password: 'DineDesk-demo-2026' }) });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

describe('two server processes', () => {
  it('deliver a message sent through process A to a socket on process B', async () => {
    const [a, b] = ports as [number, number];
    const token = await login(a);
    const auth = { authorization: `Bearer ${token}` };
    const pages = await waitFor(async () => {
      const r = (await (await fetch(`http://127.0.0.1:${a}/api/messenger/pages`, { headers: auth })).json()) as { data: TInboxPage[] };
      return r.data.length && r.data.some((p) => p.conversationCount > 0) ? r.data : undefined;
    }, 60_000, 'inbox backfill');
    const page = pages.find((p) => p.conversationCount > 0)!;
    const convs = (await (await fetch(`http://127.0.0.1:${a}/api/messenger/pages/${page.id}/conversations?limit=100`, { headers: auth })).json()) as { data: TConversation[] };
    const conv = convs.data.find((c) => c.window.state !== 'closed')!;
    expect(conv).toBeDefined();

    const socket: Socket = connect(`http://127.0.0.1:${b}`, { ...SOCKET_CLIENT_OPTIONS, transports: ['websocket'], auth: { token } });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const received = new Promise<Extract<TInboxEvent, { type: 'message' }>>((resolve) => {
      socket.on(SOCKET_EVENTS.inboxEvent, (e: TInboxEvent) => {
        if (e.type === 'message' && e.message.text === 'Your table is ready at 8 pm') resolve(e);
      });
    });
    const sent = await fetch(`http://127.0.0.1:${a}/api/messenger/pages/${page.id}/conversations/${conv.id}/messages`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ text: 'Your table is ready at 8 pm' }),
    });
    expect(sent.status).toBe(200);
    const event = await received;
    expect(event.conversationId).toBe(conv.id);
    expect(event.message.direction).toBe('page');
    socket.close();
  }, 90_000);

  it('end a socket on process B when its session logs out through process A', async () => {
    const [a, b] = ports as [number, number];
    const token = await login(a);
    const socket: Socket = connect(`http://127.0.0.1:${b}`, { ...SOCKET_CLIENT_OPTIONS, transports: ['websocket'], auth: { token } });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ended = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const out = await fetch(`http://127.0.0.1:${a}/api/logout`, { headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    // "io server disconnect": the server ended it, and the client does not reconnect by itself.
    expect(await ended).toBe('io server disconnect');
    expect(socket.connected).toBe(false);
    socket.close();
  }, 30_000);
});
