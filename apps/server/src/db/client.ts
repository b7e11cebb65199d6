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
import { checkDataDirWritable, DataDirError, describeDataDirError, lockDataDir } from './data-dir.ts';
import * as schema from './schema.ts';

/** One Drizzle type for both drivers (stack-notes.md "Server and database"). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations; safe when several processes start together. */
  migrate(): Promise<void>;
  /**
   * Runs one SQL text outside Drizzle: the job queue's database adapter (lib/jobs.ts, pg-boss's
   * `db.executeSql`). With `values`, one statement with `$n` parameters; without, the text may
   * hold several statements (pg-boss creates and migrates its schema that way).
   * @returns the rows of the (last) statement and how many rows it touched
   */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  close(): Promise<void>;
}

/** What `executeSql` answers: the shape pg-boss reads from `pg`'s `QueryResult`. */
export interface SqlResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Arbitrary constant key of the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 4_242_001;

/**
 * Opens PostgreSQL through `pg` when `databaseUrl` is set, else PGlite (embedded PostgreSQL)
 * with its data in `${dataDir}/pglite` (or in memory when `dataDir` is null, for tests).
 * @throws DataDirError (data-dir.ts) when `dataDir` cannot be written, has too little free
 *   space, or is held by another process; the message names the folder and the holder's PID.
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
  pgliteLoadDataDir?: Blob;
  poolSize?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    // A connection that cannot be made in 3 s fails the request (503, plugins/error-handler.ts)
    // instead of holding it until the database returns (issue #10: fail fast, then recover).
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, connectionTimeoutMillis: 3_000 });
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
      async executeSql(text, values) {
        const r = await pool.query(text, values as unknown[] | undefined);
        // A multi-statement text answers one result per statement; the last one is the answer.
        const last = Array.isArray(r) ? (r as pg.QueryResult[]).at(-1) : r;
        return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
      },
      close: () => pool.end(),
    };
  }
  let dataDir: string | undefined;
  let unlock = async () => {};
  if (opts.dataDir) {
    const dir = opts.dataDir;
    // Before PGlite touches anything: a clear message instead of a stack trace or a hang
    // (issue #8), and one process per folder, since PGlite allows one writer.
    checkDataDirWritable(dir);
    unlock = await lockDataDir(dir, (err) => {
      throw new DataDirError(`lost the lock on DATA_DIR ${dir} (${err.message}); stopping so that no second process writes the same database`, 'ECOMPROMISED');
    });
    dataDir = join(dir, 'pglite');
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (e) {
      await unlock();
      throw describeDataDirError(dir, e);
    }
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir, loadDataDir: opts.pgliteLoadDataDir });
  } catch (e) {
    await unlock();
    throw opts.dataDir ? describeDataDirError(opts.dataDir, e) : e;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // The DATA_DIR lock (data-dir.ts) keeps other processes out: no migration lock is needed.
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    async executeSql(text, values) {
      // PGlite's extended protocol (`query`) takes one statement; `exec` takes several but no
      // parameters, which is exactly how pg-boss uses the two.
      if (values && values.length > 0) {
        const r = await client.query<Record<string, unknown>>(text, values);
        return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
      }
      const all = await client.exec(text);
      const last = all.at(-1);
      return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.affectedRows ?? last?.rows.length ?? 0 };
    },
    async close() {
      try {
        await client.close();
      } finally {
        await unlock();
      }
    },
  };
}

export { schema };
