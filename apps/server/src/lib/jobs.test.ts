import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.ts';
import { openTestDatabase } from '../test/harness.ts';
import { defineJob, JobQueue } from './jobs.ts';

/**
 * The job queue on the database the suite runs against (PGlite, then PostgreSQL):
 * retries with backoff, a payload that cannot be run, the outbox rule (a job queued in a
 * transaction exists exactly when it commits), once-only across two queues on one database,
 * jobs that outlive the queue that sent them, and `sendAt` (a rate-limited page's next sync).
 */

interface Ctx {
  runs: Map<string, number>;
}
const silent = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent' } as unknown as FastifyBaseLogger;

let test: Awaited<ReturnType<typeof openTestDatabase>>;
let second: Database | null = null;
const queues: JobQueue<Ctx>[] = [];
const ctx: Ctx = { runs: new Map() };

let failuresLeft = 0;
const flaky = defineJob<{ clientId: null; key: string }, Ctx>({
  name: 'test.flaky',
  subject: 'Client',
  schema: z.object({ clientId: z.null(), key: z.string() }),
  retryLimit: 3,
  retryDelaySeconds: 1,
  retryBackoff: true,
  expireInSeconds: 30,
  async handler(c, data) {
    c.runs.set(data.key, (c.runs.get(data.key) ?? 0) + 1);
    if (failuresLeft > 0) {
      failuresLeft--;
      throw new Error('planted failure');
    }
    return { ok: true };
  },
});
const counted = defineJob<{ clientId: null; key: string }, Ctx>({
  name: 'test.counted',
  subject: 'Client',
  schema: z.object({ clientId: z.null(), key: z.string().min(1) }),
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 30,
  concurrency: 2,
  async handler(c, data) {
    c.runs.set(data.key, (c.runs.get(data.key) ?? 0) + 1);
    // Long enough that two queues polling together would both see a job not yet taken.
    await new Promise((r) => setTimeout(r, 5));
  },
});

/** One queued job per key (a page's sync): what `sendAt` re-schedules. */
const perKey = defineJob<{ clientId: null; key: string }, Ctx>({
  name: 'test.per-key',
  subject: 'Client',
  schema: z.object({ clientId: z.null(), key: z.string() }),
  retryLimit: 0,
  retryDelaySeconds: 0,
  retryBackoff: false,
  expireInSeconds: 30,
  policy: 'stately',
  async handler() {},
});

function queueOn(database: Database, work: boolean): JobQueue<Ctx> {
  const q = new JobQueue<Ctx>(database, () => ctx, () => silent, { work, pollingIntervalSeconds: 0.5 }).register(flaky as never, counted as never, perKey as never);
  queues.push(q);
  return q;
}

beforeAll(async () => {
  test = await openTestDatabase();
  await test.database.migrate();
}, 120_000);
afterAll(async () => {
  for (const q of queues) await q.stop(2_000);
  await second?.close();
  await test.database.close();
  await test.drop();
});

const stateOf = async (id: string) => {
  const { rows } = await test.database.executeSql('SELECT state, retry_count FROM pgboss.job WHERE id = $1::uuid', [id]);
  return rows[0] as { state: string; retry_count: number };
};

describe('job queue', () => {
  it('retries a failing job with backoff until it succeeds, and records the attempts', async () => {
    const q = queueOn(test.database, true);
    await q.start();
    failuresLeft = 2;
    const id = await q.send(flaky, { clientId: null, key: 'flaky-1' });
    expect(id).toBeTruthy();
    await q.whenIdle(['test.flaky'], 30_000);
    // whenIdle ignores retries not yet due: wait for the completion itself.
    for (let i = 0; i < 200 && (await stateOf(id!)).state !== 'completed'; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await stateOf(id!)).toEqual({ state: 'completed', retry_count: 2 });
    expect(ctx.runs.get('flaky-1')).toBe(3);
  });

  it('refuses a payload that does not match at the sender, and cancels one stored that way without stopping the queue', async () => {
    const q = queues[0]!;
    await expect(q.send(counted, { clientId: null, key: '' })).rejects.toThrow();
    await expect(q.send(counted, { clientId: 'not-null', key: 'x' } as never)).rejects.toThrow();
    // A row written by an older version (or by hand): the worker cancels it, the next job runs.
    await test.database.executeSql(`INSERT INTO pgboss.job (name, data, policy) VALUES ('test.counted', '{"clientId":null,"key":7}'::jsonb, 'standard')`);
    const good = await q.send(counted, { clientId: null, key: 'after-bad' });
    await q.whenIdle(['test.counted']);
    expect((await stateOf(good!)).state).toBe('completed');
    const bad = await test.database.executeSql(`SELECT state FROM pgboss.job WHERE name = 'test.counted' AND data->>'key' = '7'`);
    expect(bad.rows).toEqual([{ state: 'cancelled' }]);
  });

  it('queues a job in a transaction only when the transaction commits (outbox rule)', async () => {
    const q = queues[0]!;
    const before = ctx.runs.get('tx-rolled-back') ?? 0;
    await expect(
      test.database.db.transaction(async (tx) => {
        await q.send(counted, { clientId: null, key: 'tx-rolled-back' }, { tx });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    let committedId: string | null = null;
    await test.database.db.transaction(async (tx) => {
      committedId = await q.send(counted, { clientId: null, key: 'tx-committed' }, { tx });
      // Not visible outside the transaction before it commits (PGlite has one connection,
      // which the transaction holds: nothing can look from outside there).
      if (test.database.kind === 'postgres') {
        const { rows } = await test.database.executeSql('SELECT count(*)::int AS n FROM pgboss.job WHERE id = $1::uuid', [committedId]);
        expect(rows[0]).toEqual({ n: 0 });
      }
      await tx.execute(sql`select 1`);
    });
    await q.whenIdle(['test.counted']);
    expect(ctx.runs.get('tx-rolled-back') ?? 0).toBe(before);
    expect(ctx.runs.get('tx-committed')).toBe(1);
    const { rows } = await test.database.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE data->>'key' = 'tx-rolled-back'`);
    expect(rows[0]).toEqual({ n: 0 });
  });

  it('runs each job once when two queues (two processes) work on one database', async () => {
    // On PostgreSQL the second queue has its own connection pool, as a second process would.
    second = test.url ? await openDatabase({ databaseUrl: test.url, dataDir: null, poolSize: 3 }) : null;
    const other = queueOn(second ?? test.database, true);
    await other.start();
    const sender = queues[0]!;
    const keys = Array.from({ length: 40 }, (_, i) => `once-${i}`);
    for (const key of keys) await sender.send(counted, { clientId: null, key });
    await sender.whenIdle(['test.counted'], 60_000);
    expect(keys.map((k) => ctx.runs.get(k))).toEqual(keys.map(() => 1));
  });

  it('keeps jobs queued while no worker runs, and a queue started later runs them (a restart)', async () => {
    const sendOnly = queueOn(test.database, false);
    await sendOnly.start();
    for (const q of queues.slice(0, -1)) await q.stop(2_000);
    const id = await sendOnly.send(counted, { clientId: null, key: 'across-restart' });
    await new Promise((r) => setTimeout(r, 700));
    expect((await stateOf(id!)).state).toBe('created');
    expect(ctx.runs.get('across-restart')).toBeUndefined();
    const restarted = queueOn(test.database, true);
    await restarted.start();
    await restarted.whenIdle(['test.counted']);
    expect((await stateOf(id!)).state).toBe('completed');
    expect(ctx.runs.get('across-restart')).toBe(1);
  });

  it('sendAt queues a job for later, or moves the one already queued under its key later, never earlier', async () => {
    // The working queues of the tests above would run the due copy before sendAt moves it.
    for (const w of queues.filter((x) => x['opts'].work)) await w.stop(2_000);
    const q = queueOn(test.database, false);
    await q.start();
    const startIn = async (id: string) => {
      const { rows } = await test.database.executeSql('SELECT extract(epoch FROM start_after - now())::float AS s FROM pgboss.job WHERE id = $1::uuid', [id]);
      return Number(rows[0]!.s);
    };
    const later = await q.sendAt(perKey, { clientId: null, key: 'page-1' }, { singletonKey: 'page-1', startAfterSeconds: 60 });
    expect(await startIn(later!)).toBeGreaterThan(50);
    // The key's one queued place is taken: a plain send (the sync tick's) queues nothing.
    expect(await q.send(perKey, { clientId: null, key: 'page-1' }, { singletonKey: 'page-1' })).toBeNull();
    // A copy already queued and due is moved after the window instead of running inside it.
    const due = await q.send(perKey, { clientId: null, key: 'page-2' }, { singletonKey: 'page-2' });
    expect(await startIn(due!)).toBeLessThan(5);
    expect(await q.sendAt(perKey, { clientId: null, key: 'page-2' }, { singletonKey: 'page-2', startAfterSeconds: 120 })).toBe(due);
    expect(await startIn(due!)).toBeGreaterThan(110);
    await q.sendAt(perKey, { clientId: null, key: 'page-2' }, { singletonKey: 'page-2', startAfterSeconds: 10 });
    expect(await startIn(due!)).toBeGreaterThan(110);
    const { rows } = await test.database.executeSql(`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'test.per-key'`);
    expect(rows[0]).toEqual({ n: 2 });
  });

  it('says which jobs are still pending when waiting times out', async () => {
    const sendOnly = queues.find((q) => !q['opts'].work)!;
    // Workers stopped first: one still polling could run the job before it is seen pending.
    for (const q of queues.filter((x) => x['opts'].work)) await q.stop(2_000);
    await sendOnly.send(counted, { clientId: null, key: 'never-run' }, { startAfterSeconds: 0 });
    await expect(sendOnly.whenIdle(['test.counted'], 300)).rejects.toThrow(/test\.counted created ×1/);
  });
});

/**
 * The heartbeat (docs/decisions/0017 "Heartbeat"): a running job's worker touches its row in
 * `job_heartbeats`; a job whose worker died (the row stops moving) is handed back to the queue
 * by the sweeper, retried or failed with a message, and its definition's `onStalled` hears of it.
 * Short timings here (the defaults are 5 s / 20 s / 10 s).
 */
describe('job heartbeat', () => {
  const fast = { heartbeatSeconds: 0.2, stalledAfterSeconds: 1, sweepSeconds: 0.3 };
  const stalled: { key: string; willRetry: boolean; message: string }[] = [];
  const runsOf = new Map<string, number>();
  const def = (name: string, retryLimit: number, ms: number) =>
    defineJob<{ clientId: null; key: string }, Ctx>({
      name,
      subject: 'Client',
      schema: z.object({ clientId: z.null(), key: z.string() }),
      retryLimit,
      retryDelaySeconds: 0,
      retryBackoff: false,
      expireInSeconds: 15 * 60,
      async handler(_c, data) {
        runsOf.set(data.key, (runsOf.get(data.key) ?? 0) + 1);
        await new Promise((r) => setTimeout(r, ms));
        return { ran: true };
      },
      async onStalled(_c, data, info) {
        stalled.push({ key: data.key, ...info });
      },
    });
  const slow = def('test.hb-slow', 1, 2_500);
  const resumable = def('test.hb-resumable', 1, 0);
  const final = def('test.hb-final', 0, 0);
  const heartbeatQueue = (work: boolean) => {
    const q = new JobQueue<Ctx>(test.database, () => ctx, () => silent, { work, pollingIntervalSeconds: 0.5, heartbeat: fast }).register(slow as never, resumable as never, final as never);
    queues.push(q);
    return q;
  };
  /** What a worker killed mid-run leaves: the job active, its heartbeat row a while old. */
  const leaveAsKilled = async (id: string, name: string) => {
    await test.database.executeSql(`UPDATE pgboss.job SET state = 'active', started_on = now() - interval '5 minutes', start_after = now() - interval '5 minutes' WHERE id = $1::uuid`, [id]);
    await test.database.executeSql(`INSERT INTO job_heartbeats (job_id, name, worker, beat_at) VALUES ($1::uuid, $2, 'gone-host:4242', now() - interval '5 minutes')`, [id, name]);
  };

  it('keeps a long job of a live worker running: its heartbeat outruns the stall window', async () => {
    const q = heartbeatQueue(true);
    await q.start();
    const id = await q.send(slow, { clientId: null, key: 'slow-1' });
    await q.whenIdle(['test.hb-slow'], 30_000);
    expect(await stateOf(id!)).toEqual({ state: 'completed', retry_count: 0 });
    expect(runsOf.get('slow-1')).toBe(1);
    expect(stalled.filter((s) => s.key === 'slow-1')).toEqual([]);
    const { rows } = await test.database.executeSql('SELECT count(*)::int AS n FROM job_heartbeats WHERE job_id = $1::uuid', [id]);
    expect(rows[0]).toEqual({ n: 0 });
    await q.stop(2_000);
  });

  it('hands a killed worker’s job back: retried when retries are left, else failed with a message, and tells its definition', async () => {
    const sender = heartbeatQueue(false);
    await sender.start();
    const again = await sender.send(resumable, { clientId: null, key: 'killed-1' }, { startAfterSeconds: 3600 });
    const lost = await sender.send(final, { clientId: null, key: 'killed-2' }, { startAfterSeconds: 3600 });
    await leaveAsKilled(again!, 'test.hb-resumable');
    await leaveAsKilled(lost!, 'test.hb-final');
    // Before the sweeper they would show "active" until their expiry (15 minutes here).
    expect((await stateOf(again!)).state).toBe('active');
    // A process starting on the database sweeps at once (a restarted server finds its predecessor's jobs).
    const worker = heartbeatQueue(true);
    await worker.start();
    await worker.whenIdle(['test.hb-resumable', 'test.hb-final'], 30_000);
    expect(await stateOf(again!)).toEqual({ state: 'completed', retry_count: 1 });
    expect(runsOf.get('killed-1')).toBe(1);
    const { rows } = await test.database.executeSql('SELECT state, output FROM pgboss.job WHERE id = $1::uuid', [lost]);
    expect(rows[0]).toMatchObject({ state: 'failed', output: { message: expect.stringContaining('gone-host:4242: no heartbeat for 1 s') } });
    expect(runsOf.get('killed-2')).toBeUndefined();
    expect(stalled).toHaveLength(2);
    expect(stalled).toEqual(
      expect.arrayContaining([
        { key: 'killed-1', willRetry: true, message: expect.stringContaining('it runs again') },
        { key: 'killed-2', willRetry: false, message: expect.stringContaining('no retries left') },
      ]),
    );
    await worker.stop(2_000);
  });
});
