/**
 * Seeded database templates for the server tests: the migrated schema and the demo seed are built
 * once per test run, and each test file's database starts as a copy, instead of every file
 * applying every migration and seeding the demo clients again (several seconds a file on a 2-core
 * machine; docs/decisions/0016 "Test databases from a template").
 *
 * - PGlite: a dump of the seeded database (`Database.dump`, PGlite's `dumpDataDir`), which each
 *   file's in-memory database loads (`openDatabase({ loadFrom })`).
 * - PostgreSQL: a template database, which each file's throwaway database copies
 *   (`CREATE DATABASE … TEMPLATE …`, a file copy inside the server).
 *
 * A copy is what `createServer` would have built on an empty database with the default seed: it
 * migrates (nothing left to apply) and skips the seed (the database has clients). A harness whose
 * environment changes the seed (`SEED_*`) builds its own database as before ({@link usesDefaultSeed}).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedDemo } from '../db/seed.ts';

/** Environment variables that change what the demo seed writes (config.ts, db/demo-clock.ts, orders.seed.ts). */
const SEED_VARIABLES = ['SEED_DEMO', 'SEED_DIR', 'SEED_DEMO_SHIFT', 'SEED_DEMO_ORDERS'] as const;

/** Where the workers find the templates (set by the global setup, inherited by the workers). */
export const PGLITE_TEMPLATE_ENV = 'TEST_PGLITE_TEMPLATE';
export const PG_TEMPLATE_ENV = 'TEST_PG_TEMPLATE';

/**
 * Whether a harness started with `env` (over the process's environment) seeds the default demo:
 * then its database may start from the template.
 */
export function usesDefaultSeed(env: Record<string, string | undefined> = {}): boolean {
  return SEED_VARIABLES.every((k) => (env[k] ?? process.env[k]) === undefined);
}

/**
 * Runs `fn` on a connection to the PostgreSQL server's maintenance database `adminUrl` (where
 * `CREATE` and `DROP DATABASE` are sent), closed afterwards whatever `fn` does.
 */
export async function withAdmin<T>(adminUrl: string, fn: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await fn(admin);
  } finally {
    await admin.end();
  }
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Migrates and seeds `database` as `createServer` would with the default configuration of the tests. */
async function migrateAndSeed(database: Awaited<ReturnType<typeof openDatabase>>): Promise<void> {
  await database.migrate();
  // The harness's seed under Vitest: no demo clock, no London orders. Said outright, since the
  // global setup runs outside the test workers.
  const saved = { shift: process.env.SEED_DEMO_SHIFT, orders: process.env.SEED_DEMO_ORDERS };
  process.env.SEED_DEMO_SHIFT = '0';
  process.env.SEED_DEMO_ORDERS = '0';
  try {
    const seeded = await seedDemo(database.db, loadConfig({ DATA_DIR: '/nonexistent-test-data-dir' }).seedDir);
    if (!seeded) throw new Error('the template database was not empty');
  } finally {
    for (const [k, v] of [['SEED_DEMO_SHIFT', saved.shift], ['SEED_DEMO_ORDERS', saved.orders]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
}

/**
 * Builds the template of `engine` and publishes where it is in `process.env`.
 * @param adminUrl PostgreSQL only: a URL of the server's maintenance database (TEST_PG_URL)
 * @returns a function that removes the template
 */
export async function buildTemplate(engine: 'pglite' | 'postgres', adminUrl?: string): Promise<() => Promise<void>> {
  if (engine === 'pglite') {
    const dir = mkdtempSync(join(tmpdir(), 'dinedesk-test-template-'));
    const path = join(dir, 'seeded.tar.gz');
    const database = await openDatabase({ databaseUrl: null, dataDir: null });
    try {
      await migrateAndSeed(database);
      await database.dump!(path);
    } finally {
      await database.close();
    }
    process.env[PGLITE_TEMPLATE_ENV] = path;
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  if (!adminUrl) throw new Error('buildTemplate(postgres) needs the admin URL');
  const name = `dinedesk_template_${process.pid}`;
  await withAdmin(adminUrl, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  });
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: null, poolSize: 2 });
  try {
    await migrateAndSeed(database);
  } finally {
    // A template may have no open connection while it is copied.
    await database.close();
  }
  process.env[PG_TEMPLATE_ENV] = name;
  return () => withAdmin(adminUrl, async (admin) => void (await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
}
