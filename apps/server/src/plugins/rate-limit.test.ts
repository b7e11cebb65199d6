import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { buildApp } from '../app.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { bearer, startHarness, type Harness } from '../test/harness.ts';

/**
 * The API rate limits (docs/decisions/0048) with low configured limits: per user when signed in,
 * per address otherwise, 429 with Retry-After and a message; the webhook and the liveness probe
 * uncounted; with REDIS_URL one count over two app instances. The other test files run with the
 * defaults, which none of them reaches.
 */
const USER_MAX = 4;
const ANONYMOUS_MAX = 3;
const limits = { RATE_LIMIT_MAX: String(USER_MAX), RATE_LIMIT_ANONYMOUS_MAX: String(ANONYMOUS_MAX), RATE_LIMIT_WINDOW_SECONDS: '60' };
const LIST = '/api/review_testing/get-accounts';
/** A public route that reads nothing of the request but its query (the Facebook callback). */
const CALLBACK = '/api/review_testing/fb-auth-callback?state=x';

describe('in process memory', () => {
  let h: Harness;
  let owner: string;
  let agent: string;
  beforeAll(async () => {
    h = await startHarness({ sync: false, env: limits });
    // Each sign-in is an anonymous request: from addresses of their own, apart from the tests'.
    owner = (await h.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@spice-route.demo', password: DEMO_PASSWORD }, remoteAddress: '198.51.100.1' })).json().accessToken;
    agent = (await h.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'agent@spice-route.demo', password: DEMO_PASSWORD }, remoteAddress: '198.51.100.2' })).json().accessToken;
  });
  afterAll(() => h?.close());

  it('counts a signed-in user’s requests over their addresses, and answers the one over the limit 429 with Retry-After and a message', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < USER_MAX; i++) {
      const res = await h.server.app.inject({ method: 'GET', url: LIST, headers: bearer(owner), remoteAddress: `203.0.113.${i + 1}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(USER_MAX));
      remaining.push(String(res.headers['x-ratelimit-remaining']));
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);
    const refused = await h.server.app.inject({ method: 'GET', url: LIST, headers: bearer(owner), remoteAddress: '203.0.113.99' });
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(refused.json()).toEqual({ message: `Too many requests. Try again in ${retryAfter} seconds.`, code: 'rate_limited' });
    // In the caller's language.
    const de = await h.server.app.inject({ method: 'GET', url: LIST, headers: { ...bearer(owner), 'accept-language': 'de-DE' } });
    expect(de.statusCode).toBe(429);
    expect(de.json().message).toMatch(/^Zu viele Anfragen\. Versuchen Sie es in \d+ Sekunden? erneut\.$/);
  });

  it('keeps each user’s count apart', async () => {
    expect((await h.get(LIST, owner)).statusCode).toBe(429);
    expect((await h.get(LIST, agent)).statusCode).toBe(200);
  });

  it('counts anonymous requests per address', async () => {
    const from = (remoteAddress: string) => h.server.app.inject({ method: 'GET', url: CALLBACK, remoteAddress });
    for (let i = 0; i < ANONYMOUS_MAX; i++) expect((await from('192.0.2.10')).statusCode).toBe(302);
    const refused = await from('192.0.2.10');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', message: expect.stringMatching(/^Too many requests/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another address, and an IPv6 address of another /64, have their own count.
    expect((await from('192.0.2.11')).statusCode).toBe(302);
    expect((await from('2001:db8:1:2::5')).statusCode).toBe(302);
    // The same /64 is one client.
    for (let i = 0; i < ANONYMOUS_MAX - 1; i++) expect((await from(`2001:db8:1:2::${i + 10}`)).statusCode).toBe(302);
    expect((await from('2001:db8:1:2::99')).statusCode).toBe(429);
  });

  it('does not count the liveness probe nor Meta’s webhook', async () => {
    for (let i = 0; i < ANONYMOUS_MAX + 2; i++) {
      const health = await h.server.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '192.0.2.10' });
      expect(health.statusCode).toBe(200);
      expect(health.headers['x-ratelimit-limit']).toBeUndefined();
      // A wrong verify token: 403 from the route itself, never 429.
      expect((await h.server.app.inject({ method: 'GET', url: '/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=no&hub.challenge=1', remoteAddress: '192.0.2.10' })).statusCode).toBe(403);
    }
  });

  it('answers a refused token 401, not 429', async () => {
    expect((await h.get(LIST, 'not-a-token')).statusCode).toBe(401);
  });
});

describe('with REDIS_URL', () => {
  const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `dinedesk-test-${randomBytes(6).toString('hex')}:`;
  const redis = createClient({ url: REDIS_URL });
  let h: Harness;
  let second: FastifyInstance;
  let owner: string;
  beforeAll(async () => {
    await redis.connect();
    h = await startHarness({ sync: false, env: { ...limits, REDIS_URL, REDIS_KEY_PREFIX: prefix } });
    second = await buildApp(h.server.ctx, { logger: false });
    await second.ready();
    owner = (await h.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@spice-route.demo', password: DEMO_PASSWORD }, remoteAddress: '198.51.100.1' })).json().accessToken;
  });
  afterAll(async () => {
    await second?.close();
    await h?.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(keys);
    await redis.quit();
  });

  it('counts a user’s requests to two app instances together, in Redis under the key prefix', async () => {
    for (let i = 0; i < USER_MAX; i++) expect((await (i % 2 ? second : h.server.app).inject({ method: 'GET', url: LIST, headers: bearer(owner) })).statusCode).toBe(200);
    expect((await second.inject({ method: 'GET', url: LIST, headers: bearer(owner) })).statusCode).toBe(429);
    expect((await h.server.app.inject({ method: 'GET', url: LIST, headers: bearer(owner) })).statusCode).toBe(429);
    const keys = await redis.keys(`${prefix}api:user:*`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0]!))).toBeGreaterThan(USER_MAX);
  });
});
