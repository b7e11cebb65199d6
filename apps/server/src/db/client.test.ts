import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './client.ts';

/**
 * The embedded database on its own thread (db/pglite-worker.mjs, docs/decisions/0046): reached
 * through `pg`, one session at a time, its DATA_DIR kept across a restart, and a crash of its
 * thread reported instead of answered around. PGlite only: on PostgreSQL there is no thread.
 */

const dirs: string[] = [];
const open: Database[] = [];
afterEach(async () => {
  for (const d of open.splice(0)) await d.close().catch(() => {});
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), 'dinedesk-db-test-'));
  dirs.push(d);
  return d;
};
const embedded = async (dataDir: string | null, onFatal?: (e: Error) => void) => {
  const d = await openDatabase({ databaseUrl: null, dataDir, onFatal });
  open.push(d);
  return d;
};
/** A second `pg` client on the embedded database's socket (as the pool's own connection is). */
const rawClient = async (d: Database) => {
  const pool = (d.db as unknown as { $client: pg.Pool }).$client;
  const c = new pg.Client({ host: pool.options.host, port: pool.options.port, user: 'postgres', database: 'postgres' });
  await c.connect();
  return c;
};

describe.skipIf(process.env.TEST_DB === 'postgres')('embedded database thread', () => {
  it('serves pg on its own thread: several statements, parameters, transactions, and its answers', async () => {
    const d = await embedded(null);
    expect(d.kind).toBe('pglite');
    expect(d.embedded?.threadId).toBeGreaterThan(0);
    expect(await d.executeSql('CREATE TABLE t (n int); INSERT INTO t VALUES (1), (2); SELECT sum(n)::int AS s FROM t')).toEqual({ rows: [{ s: 3 }], rowCount: 1 });
    expect((await d.executeSql('INSERT INTO t VALUES ($1), ($2)', [3, 4])).rowCount).toBe(2);
    await expect(d.executeSql('SELECT nope FROM t')).rejects.toThrow(/column "nope" does not exist/);
    // The session survives an error: the next statement answers.
    expect((await d.executeSql('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 4 }]);
  });

  it('gives the one backend session to one connection at a time: a transaction is never joined by another connection', async () => {
    const d = await embedded(null);
    await d.executeSql('CREATE TABLE t (n int)');
    const a = await rawClient(d);
    const b = await rawClient(d);
    try {
      await a.query('BEGIN');
      await a.query('INSERT INTO t VALUES (1)');
      let bDone = false;
      // B's statement waits for A's transaction instead of running inside it.
      const bQuery = b.query('INSERT INTO t VALUES (2)').then(() => (bDone = true));
      await new Promise((r) => setTimeout(r, 300));
      expect(bDone).toBe(false);
      await a.query('ROLLBACK');
      await bQuery;
      expect((await d.executeSql('SELECT n FROM t')).rows).toEqual([{ n: 2 }]);
      // A connection that ends inside a transaction has it rolled back, and frees the session.
      await a.query('BEGIN');
      await a.query('INSERT INTO t VALUES (3)');
      await a.end();
      expect((await b.query('SELECT count(*)::int AS n FROM t')).rows).toEqual([{ n: 1 }]);
    } finally {
      await b.end();
      await a.end().catch(() => {});
    }
  });

  it('lets a connection that replaces another prepare the same statement names while the old one is still open', async () => {
    // pg's pool discards a client after an error and opens a new one; the new one prepares the
    // app's named statements again before the old socket's close has reached the thread.
    const d = await embedded(null);
    const a = await rawClient(d);
    const b = await rawClient(d);
    try {
      const named = { name: 'same_name', text: 'SELECT $1::int + 1 AS n', values: [1] };
      expect((await a.query(named)).rows).toEqual([{ n: 2 }]);
      expect((await b.query({ ...named, values: [41] })).rows).toEqual([{ n: 42 }]);
      // The first connection still answers with its name (the same SQL text).
      expect((await a.query({ ...named, values: [9] })).rows).toEqual([{ n: 10 }]);
    } finally {
      await a.end();
      await b.end();
    }
  });

  it('keeps its data in DATA_DIR across a close and a reopen, this process holding the lock meanwhile, and frees it on close', async () => {
    const dir = tempDir();
    const first = await embedded(dir);
    await first.executeSql('CREATE TABLE kept (v text); INSERT INTO kept VALUES ($$still here$$)');
    // This process holds the lock (a second server is refused naming it: process.test.ts).
    expect(JSON.parse(readFileSync(join(dir, 'pglite.lock.json'), 'utf8')).pid).toBe(process.pid);
    await first.close();
    expect(existsSync(join(dir, 'pglite.lock'))).toBe(false);
    const second = await embedded(dir);
    expect((await second.executeSql('SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
  });

  it('reports a crash of its thread (onFatal, naming it) and answers no query after it', async () => {
    const onFatal = vi.fn();
    const d = await embedded(null, onFatal);
    await d.executeSql('SELECT 1');
    await d.embedded!.terminate();
    await vi.waitFor(() => expect(onFatal).toHaveBeenCalledOnce());
    expect(String(onFatal.mock.calls[0]![0].message)).toMatch(/embedded database \(PGlite\) stopped/);
    await expect(d.executeSql('SELECT 1')).rejects.toThrow();
  });
});
