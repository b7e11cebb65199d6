import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { checkDataDirWritable, DataDirError, describeDataDirError, lockDataDir } from './data-dir.ts';
import * as schema from './schema.ts';

/** One Drizzle type for both drivers (docs/dependencies.md#server-and-database). */
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
  /**
   * PGlite only: writes the whole database as a gzipped tar to `path` (PGlite's `dumpDataDir`),
   * which `openDatabase({ loadFrom })` starts a new one from. Closes the connection first: the
   * database must be idle. The test suites start each file's database from one migrated, seeded
   * dump instead of building it again (test/global-setup.ts).
   */
  dump?(path: string): Promise<void>;
  /** PGlite only: the thread that runs it (db/pglite-worker.mjs); for diagnostics and the crash test. */
  embedded?: Worker;
}

/** What `executeSql` answers: the shape pg-boss reads from `pg`'s `QueryResult`. */
export interface SqlResult {
  rows: Record<string, unknown>[];
  rowCount: number;
}

const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url));
/** Arbitrary constant key of the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 4_242_001;

/** How long a query waits for the embedded database's one connection before it fails (ms). */
export const EMBEDDED_CONNECTION_TIMEOUT_MS = 15_000;

/**
 * Opens PostgreSQL through `pg` when `databaseUrl` is set, else PGlite (embedded PostgreSQL)
 * with its data in `${dataDir}/pglite` (or in memory when `dataDir` is null, for tests).
 *
 * PGlite runs on a worker thread of its own and is reached through `pg` over a Unix socket
 * (db/pglite-worker.mjs, docs/decisions/0046-embedded-database-process.md): its work never
 * blocks the request thread, and one driver serves both databases. This process holds the
 * DATA_DIR lock; the thread cannot outlive it.
 * @param opts.onFatal called when the embedded database's thread stops while open (PGlite
 *   crashed); the default prints why and exits the process with code 1, so that no request is
 *   answered without its database
 * @throws DataDirError (data-dir.ts) when `dataDir` cannot be written, has too little free
 *   space, or is held by another process; the message names the folder and the holder's PID.
 */
export async function openDatabase(opts: {
  databaseUrl: string | null;
  dataDir: string | null;
  poolSize?: number;
  onFatal?: (err: Error) => void;
  /** PGlite only: a dump written by {@link Database.dump}, which the new database starts as. */
  loadFrom?: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const url = opts.databaseUrl;
    // A connection that cannot be made in 3 s fails the request (503, plugins/error-handler.ts)
    // instead of holding it until the database returns (fail fast, then recover).
    const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10, connectionTimeoutMillis: 3_000 });
    return overPool(pool, 'postgres', async () => {
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
    });
  }
  let pgliteDir: string | null = null;
  let unlock = async () => {};
  if (opts.dataDir) {
    const dir = opts.dataDir;
    // Before PGlite touches anything: a clear message instead of a stack trace or a hang
    //, and one process per folder, since PGlite allows one writer.
    checkDataDirWritable(dir);
    unlock = await lockDataDir(dir, (err) => {
      throw new DataDirError(`lost the lock on DATA_DIR ${dir} (${err.message}); stopping so that no second process writes the same database`, 'ECOMPROMISED');
    });
    pgliteDir = join(dir, 'pglite');
    try {
      mkdirSync(pgliteDir, { recursive: true });
    } catch (e) {
      await unlock();
      throw describeDataDirError(dir, e);
    }
  }
  let embedded: EmbeddedDatabase;
  try {
    embedded = await startEmbedded(pgliteDir, opts.onFatal ?? exitOnFatal, opts.loadFrom);
  } catch (e) {
    await unlock();
    throw opts.dataDir ? describeDataDirError(opts.dataDir, e) : e;
  }
  // One connection: PGlite has one backend session, whose named statements and settings a
  // second connection would share (db/pglite-worker.mjs). Queries queue for it in order, as
  // they queued for PGlite in process; an idle connection stays open (its statements stay prepared).
  const pool = new pg.Pool({ host: embedded.socketDir, port: EMBEDDED_PORT, user: 'postgres', database: 'postgres', max: 1, idleTimeoutMillis: 0, connectionTimeoutMillis: EMBEDDED_CONNECTION_TIMEOUT_MS });
  let poolEnded: Promise<void> | null = null;
  const endPool = () => (poolEnded ??= pool.end());
  const database = overPool(pool, 'pglite', async () => {
    // The DATA_DIR lock (data-dir.ts) keeps other processes out: no migration lock is needed.
    await migratePg(drizzlePg(pool), { migrationsFolder: MIGRATIONS_DIR });
  });
  return {
    ...database,
    embedded: embedded.worker,
    async dump(path) {
      await endPool();
      await embedded.dump(path);
    },
    async close() {
      try {
        await endPool();
        await embedded.close();
      } finally {
        await unlock();
      }
    },
  };
}

function overPool(pool: pg.Pool, kind: Database['kind'], migrate: () => Promise<void>): Database {
  // An idle client losing its connection must not crash the process; pg re-connects on next use.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind,
    migrate,
    async executeSql(text, values) {
      const r = await pool.query(text, values as unknown[] | undefined);
      // A multi-statement text answers one result per statement; the last one is the answer.
      const last = Array.isArray(r) ? (r as pg.QueryResult[]).at(-1) : r;
      return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
    },
    close: () => pool.end(),
  };
}

/** The port in the socket's name (`.s.PGSQL.<port>`, as `pg` and PostgreSQL name Unix sockets). */
const EMBEDDED_PORT = 5432;
const WORKER_FILE = new URL('./pglite-worker.mjs', import.meta.url);

interface EmbeddedDatabase {
  worker: Worker;
  /** Folder of the Unix socket (mode 700, in the system's temporary folder). */
  socketDir: string;
  /** Writes the database to `path` (gzipped tar). @throws Error when PGlite could not dump it */
  dump(path: string): Promise<void>;
  close(): Promise<void>;
}

function exitOnFatal(err: Error): void {
  process.stderr.write(`DineDesk: ${err.message}; exiting, so that no request is answered without its database\n`);
  process.exit(1);
}

/**
 * Starts PGlite on its own thread (db/pglite-worker.mjs), serving `dataDir` (null: in memory) on
 * a Unix socket in a fresh private folder. Resolves once it accepts connections.
 * @param onFatal called once if the thread stops before `close()` (PGlite crashed)
 * @throws Error (with the errno `code` when there is one) when PGlite does not open
 */
async function startEmbedded(dataDir: string | null, onFatal: (err: Error) => void, loadFrom?: string): Promise<EmbeddedDatabase> {
  // The socket path must stay under the 107 bytes a Unix socket name may have: a short folder
  // of its own rather than one inside DATA_DIR, whose path may be long.
  const socketDir = mkdtempSync(join(tmpdir(), 'dinedesk-db-'));
  const worker = new Worker(WORKER_FILE, { workerData: { dataDir, socketPath: join(socketDir, `.s.PGSQL.${EMBEDDED_PORT}`), loadFrom } });
  let closing = false;
  let exited = false;
  let reason = '';
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });
  // The opening's own listeners, removed by name once it is open: `removeAllListeners()` would
  // also remove the hooks by which a Worker starts its message port for later 'message' listeners,
  // and no message of the thread (a fatal error, a dump done) would arrive again.
  const opening: { message?: (m: { type: string; message?: string; code?: string }) => void; error?: (e: Error) => void; exit?: (code: number) => void } = {};
  try {
    await new Promise<void>((resolve, reject) => {
      opening.message = (m) => {
        if (m.type === 'ready') resolve();
        else if (m.type === 'fatal') {
          reason = m.message ?? 'PGlite failed';
          reject(Object.assign(new Error(reason), { code: m.code }));
        }
      };
      opening.error = reject;
      opening.exit = (code) => reject(new Error(reason || `the embedded database's thread stopped while opening (exit code ${code})`));
      worker.on('message', opening.message);
      worker.on('error', opening.error);
      worker.on('exit', opening.exit);
    });
  } catch (e) {
    await worker.terminate();
    removeSocketDir();
    throw e;
  }
  worker.off('message', opening.message!);
  worker.off('error', opening.error!);
  worker.off('exit', opening.exit!);
  worker.on('message', (m: { type: string; message?: string }) => {
    if (m.type === 'fatal') reason = m.message ?? 'PGlite failed';
  });
  worker.on('error', (e) => (reason = e.message));
  worker.once('exit', (code) => {
    exited = true;
    removeSocketDir();
    if (!closing) onFatal(new Error(`the embedded database (PGlite) stopped: ${reason || `its thread exited with code ${code}`}`));
  });
  return {
    worker,
    socketDir,
    dump(path) {
      return new Promise<void>((resolve, reject) => {
        const onMessage = (m: { type: string; message?: string }) => {
          if (m.type !== 'dumped') return;
          worker.off('message', onMessage);
          if (m.message) reject(new Error(m.message));
          else resolve();
        };
        worker.on('message', onMessage);
        worker.postMessage({ type: 'dump', path });
      });
    },
    async close() {
      if (closing || exited) return;
      closing = true;
      const stopped = new Promise<void>((r) => worker.once('exit', () => r()));
      worker.postMessage({ type: 'close' });
      // PGlite closes (checkpoint) in well under a second; a stuck thread is ended.
      const timer = setTimeout(() => void worker.terminate(), 10_000);
      await stopped;
      clearTimeout(timer);
    },
  };
}

export { schema };
