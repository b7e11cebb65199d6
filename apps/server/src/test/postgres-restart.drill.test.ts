/**
 * Failure drill: the server runs on a PostgreSQL of its own,
 * which is shut down under it and started again. While it is down, requests fail fast with 503
 * and a clear message (never a 500, never a hang), a send to a guest does not reach Facebook and
 * writes nothing half; once it is back, the same server process answers again, without a restart.
 * Prints how long a request took to fail and how long recovery took (figures, not assertions).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createMetaSim, type MetaSim } from '@dinedesk/meta-sim';
import type { TConversation, TInboxPage } from '@dinedesk/contracts';
import { loadConfig } from '../config.ts';
import { createServer, type StartedServer } from '../server.ts';
import { bearer, signIn } from './harness.ts';
import { startEmbeddedPostgres, type RestartablePostgres } from './services.ts';

let postgres: RestartablePostgres;
let sim: MetaSim;
let server: StartedServer;
let token: string;

const call = (method: 'GET' | 'POST', url: string, payload?: object) => server.app.inject({ method, url, payload, headers: bearer(token) });

beforeAll(async () => {
  postgres = await startEmbeddedPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE dinedesk_drill');
  await admin.end();
  const url = new URL(postgres.url);
  url.pathname = '/dinedesk_drill';
  sim = await createMetaSim({ stateFile: null, logger: false, messagingRateLimit: null });
  const simUrl = await sim.listen(0, '127.0.0.1');
  const config = loadConfig({
    DATABASE_URL: url.toString(),
    DATA_DIR: '/nonexistent-drill-data-dir',
    META_GRAPH_BASE_URL: simUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    REVIEW_SYNC_INTERVAL_SECONDS: '0',
    JOB_POLL_SECONDS: '0.5',
    LOG_LEVEL: 'silent',
  });
  server = await createServer(config, { logger: false });
  await server.syncOnce();
  token = await signIn(server.app, 'agent@spice-route.demo');
}, 240_000);
afterAll(async () => {
  await server?.close().catch(() => {});
  await sim?.close();
  await postgres?.stop();
});

describe('drill: PostgreSQL restarts under a running server', () => {
  it('answers 503 fast while it is down, writes nothing half, and recovers without a server restart', async () => {
    const pages = (await call('GET', '/api/messenger/pages')).json().data as TInboxPage[];
    const page = pages[0]!;
    const convs = (await call('GET', `/api/messenger/pages/${page.id}/conversations?limit=50`)).json().data as TConversation[];
    const conv = convs.find((c) => c.window.state === 'standard')!;
    expect(conv).toBeDefined();
    const simMessages = () => sim.conversations(page.id, 'messenger').reduce((n, c) => n + c.messageCount, 0);
    const sentBefore = simMessages();

    await postgres.pause();
    const t0 = performance.now();
    const down = await call('GET', `/api/messenger/pages/${page.id}/conversations?limit=50`);
    const failMs = performance.now() - t0;
    expect(down.statusCode).toBe(503);
    expect(down.headers['retry-after']).toBe('5');
    expect(down.json()).toMatchObject({ code: 'database_unavailable', message: expect.stringMatching(/cannot reach its database/) });
    // A send while the database is down: refused before anything reaches the guest.
    const send = await server.app.inject({ method: 'POST', url: `/api/messenger/pages/${page.id}/conversations/${conv.id}/messages`, payload: { text: 'Sent during the outage' }, headers: { ...bearer(token), 'idempotency-key': 'drill-outage-1' } });
    expect(send.statusCode).toBe(503);
    expect(simMessages()).toBe(sentBefore);

    const t1 = performance.now();
    await postgres.resume();
    let back = down;
    for (let i = 0; i < 100; i++) {
      back = await call('GET', `/api/messenger/pages/${page.id}/conversations?limit=50`);
      if (back.statusCode === 200) break;
      expect(back.statusCode, back.body).toBe(503);
      await new Promise((r) => setTimeout(r, 200));
    }
    const recoverMs = performance.now() - t1;
    expect(back.statusCode).toBe(200);
    // Nothing of the refused send was stored; the same key now sends once.
    const messages = (await call('GET', `/api/messenger/pages/${page.id}/conversations/${conv.id}/messages?limit=100`)).json().data as { text: string | null }[];
    expect(messages.filter((m) => m.text === 'Sent during the outage')).toEqual([]);
    const retry = await server.app.inject({ method: 'POST', url: `/api/messenger/pages/${page.id}/conversations/${conv.id}/messages`, payload: { text: 'Sent during the outage' }, headers: { ...bearer(token), 'idempotency-key': 'drill-outage-1' } });
    expect(retry.statusCode).toBe(200);
    expect(simMessages()).toBe(sentBefore + 1);
    console.log(`[drill] PostgreSQL down: a request failed with 503 in ${failMs.toFixed(0)} ms; after restart the same server answered in ${recoverMs.toFixed(0)} ms`);
  });
});
