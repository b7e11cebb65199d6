import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createClient } from 'redis';
import { buildApp } from '../../app.ts';
import { startHarness, type Harness } from '../../test/harness.ts';

/**
 * With REDIS_URL, every server process counts sign-in failures in the same Redis buckets
 * (docs/decisions/0012): two app instances over one database and one Redis, as in a scaled-out
 * deployment. A key prefix unique to this run keeps parallel runs apart.
 */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `dinedesk-test-${randomBytes(6).toString('hex')}:`;

let h: Harness;
let second: FastifyInstance;
const redis = createClient({ url: REDIS_URL });

beforeAll(async () => {
  await redis.connect();
  h = await startHarness({ sync: false, env: { REDIS_URL, REDIS_KEY_PREFIX: prefix } });
  second = await buildApp(h.server.ctx, { logger: false });
  await second.ready();
});
afterAll(async () => {
  await second?.close();
  await h?.close();
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(keys);
  await redis.quit();
});

const attempt = (app: FastifyInstance, password: string, ip: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@spice-route.demo', password }, remoteAddress: ip });

describe('sign-in throttling with REDIS_URL', () => {
  it('shares the counters between two app instances', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 3; i++) expect((await attempt(h.server.app, `guess-${i}`, ip)).statusCode).toBe(401);
    for (let i = 3; i < 5; i++) expect((await attempt(second, `guess-${i}`, ip)).statusCode).toBe(401);
    // Five failures in all: each instance alone saw fewer, yet both refuse the sixth.
    for (const app of [second, h.server.app]) {
      const res = await attempt(app, 'DineDesk-demo-2026', ip);
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(await redis.keys(`${prefix}login:*`)).toEqual(expect.arrayContaining([`${prefix}login:pair:${ip} owner@spice-route.demo`, `${prefix}login:addr:${ip}`]));
    // Another address still signs the owner in, through either instance.
    expect((await attempt(second, 'DineDesk-demo-2026', '198.51.100.77')).statusCode).toBe(200);
  });
});
