import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

/** One Drizzle type for both drivers (stack-notes.md "Server and database"). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe when several processes start together. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Arbitrary constant key of the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * Opens PostgreSQL through `pg` when `databaseUrl` is set, else PGlite (embedded PostgreSQL)
 * with its data in `${dataDir}/pglite` (or in memory when `dataDir` is null, for tests).
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
  pgliteLoadDataDir?: Blob;
  poolSize?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; pg re-connects on next use.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      async migrate() {
        // A dedicated connection holds the session-level advisory lock for the whole run.
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
          await client.end();
        }
      },
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  if (opts.dataDir) {
    dataDir = join(opts.dataDir, 'pglite');
    mkdirSync(dataDir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir, loadDataDir: opts.pgliteLoadDataDir });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is single-process by construction: no lock is needed.
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
  };
}

export { schema };
