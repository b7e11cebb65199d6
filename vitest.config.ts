import { defineConfig } from 'vitest/config';

/**
 * One `vitest run` runs every unit and API test. The server suite runs twice: against
 * PGlite (the embedded default) and against the real PostgreSQL named by TEST_PG_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres), in a throwaway database per run.
 */
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'demo-data', root: 'packages/demo-data', environment: 'node' } },
            { test: { name: 'contracts', root: 'packages/contracts', environment: 'node' } },
      { test: { name: 'meta-sim', root: 'packages/meta-sim', environment: 'node', testTimeout: 20_000 } },
      {
        test: {
          name: 'server-pglite',
          root: 'apps/server',
          environment: 'node',
          // Several processes on one database need a real PostgreSQL.
          exclude: ['**/node_modules/**', '**/*.scaleout.test.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          root: 'apps/server',
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
