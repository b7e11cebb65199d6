import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@dinedesk/contracts';
import { openDatabase } from '../../db/client.ts';
import { createServer, type StartedServer } from '../../server.ts';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';

/**
 * Two server instances with their own access caches over one PostgreSQL database and one Redis
 * (a scaled-out deployment): a logout or an access change made through one drops the
 * cached access in the other at once, through the socket.io Redis adapter. The TTL is a minute,
 * so only that message can end the other instance's entry within the polling below.
 * PostgreSQL project only (`*.scaleout.test.ts`).
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const REVIEWS = '/api/review_testing/get-fb-reviews?limit=1';

let h: Harness;
let other: StartedServer;

beforeAll(async () => {
  h = await startHarness({ sync: false, env: { REDIS_URL, ACCESS_CACHE_SECONDS: '60' } });
  other = await createServer(h.config, { database: await openDatabase({ databaseUrl: h.config.databaseUrl, dataDir: null, poolSize: 3 }) });
  await other.app.ready();
});
afterAll(async () => {
  await other?.close();
  await h?.close();
});

const get = (s: StartedServer, token: string) => s.app.inject({ method: 'GET', url: REVIEWS, headers: bearer(token) });

/** Status codes of `token` on the other instance until it answers `want` (Redis pub/sub is asynchronous) or 3 s pass. */
async function otherAnswers(token: string, want: number): Promise<number> {
  const until = Date.now() + 3_000;
  for (;;) {
    const status = (await get(other, token)).statusCode;
    if (status === want || Date.now() > until) return status;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the access cache across server processes', () => {
  it('a logout in one process ends the session in the other, which had it cached', async () => {
    const token = await h.login('viewer@spice-route.demo');
    expect((await get(other, token)).statusCode).toBe(200);
    expect((await h.server.app.inject({ method: 'GET', url: API.logout, headers: bearer(token) })).statusCode).toBe(200);
    expect(await otherAnswers(token, 401)).toBe(401);
  });

  it('a member removed in one process loses access in the other', async () => {
    const owner = await h.login('owner@spice-route.demo');
    const login = await h.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'agent@spice-route.demo', password: 'DineDesk-demo-2026' } });
    const { accessToken: agent, userData } = login.json() as { accessToken: string; userData: { id: string } };
    expect((await get(other, agent)).statusCode).toBe(200);
    const removed = await h.server.app.inject({ method: 'POST', url: '/api/access-control-of-user', headers: bearer(owner), payload: { request: 'update', userId: userData.id, remove: true } });
    expect(removed.statusCode).toBe(200);
    expect(await otherAnswers(agent, 401)).toBe(401);
  });
});
