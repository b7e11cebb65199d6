import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'redis';
import { createLoginThrottle, PAIR_LIMIT, ThrottledError, type LoginThrottle } from './login-throttle.ts';
import { startRestartableRedis, type RestartableRedis } from '../test/services.ts';

/**
 * The sign-in throttle while its Redis is down ("Redis stops for 30 s", decisions 0012
 * and 0021): sign-in goes on, counted in process memory, without waiting for Redis; once Redis
 * is back the counters are shared there again. A Redis of the test's own, since it is stopped.
 */
let redis: RestartableRedis;
let throttle: LoginThrottle;
const prefix = `dinedesk-throttle-test-${randomBytes(4).toString('hex')}:`;

beforeAll(async () => {
  redis = await startRestartableRedis();
  throttle = await createLoginThrottle({ redisUrl: redis.url, keyPrefix: prefix });
});
afterAll(async () => {
  await throttle?.close();
  await redis?.stop();
});

describe('sign-in throttle with Redis down', () => {
  it('counts in memory at once while Redis is down, and in Redis again once it is back', async () => {
    await redis.pause('SIGKILL');
    // Would hang until Redis came back if a command waited in node-redis' offline queue.
    await throttle.attempt('203.0.113.9', 'right@example.com');
    await throttle.succeeded('203.0.113.9', 'right@example.com');
    for (let i = 0; i < PAIR_LIMIT.points; i++) await throttle.attempt('203.0.113.10', 'guessed@example.com');
    await expect(throttle.attempt('203.0.113.10', 'guessed@example.com')).rejects.toBeInstanceOf(ThrottledError);

    await redis.resume();
    const check = createClient({ url: redis.url });
    await check.connect();
    try {
      const key = `${prefix}login:addr:198.51.100.4`;
      // The throttle's client reconnects by itself; until then attempts still count in memory.
      for (let i = 0; i < 100 && !(await check.exists(key)); i++) {
        await throttle.attempt('198.51.100.4', `user${i}@example.com`).catch(() => {});
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await check.exists(key)).toBe(1);
    } finally {
      await check.close();
    }
  });

  it('closes while Redis is down (a server shutting down during an outage)', async () => {
    await redis.pause('SIGKILL');
    await throttle.close();
  });
});
