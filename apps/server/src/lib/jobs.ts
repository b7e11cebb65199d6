import { hostname } from 'node:os';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database, Db, SqlResult } from '../db/client.ts';

/**
 * The one home of background work (docs/decisions/0017-job-queue.md): sync, webhook
 * processing, guest-name look-ups and maintenance run as jobs of a Postgres-backed queue
 * (pg-boss 10, the last major that runs on Node 20), never in timers or ad hoc loops. Jobs
 * survive a restart, retry with exponential backoff, run once across several processes
 * (`SELECT … FOR UPDATE SKIP LOCKED`), and have a state the web app can show (`/api/jobs`).
 *
 * The same queue runs on both databases: pg-boss reaches them through `Database.executeSql`
 * (db/client.ts), so on PGlite, the embedded default, jobs sit in the same data directory as
 * everything else and survive a restart too.
 *
 * A job is declared once with {@link defineJob} next to the service it calls
 * (in that service's file, e.g. `review-sync.service.ts`; `src/jobs.ts` is the catalogue that
 * registers them all) and sent by its definition, so the payload is typed at the sender
 * and checked again by the worker (a row written by an older version fails that job alone).
 */

/** pg-boss queue policies (pg-boss 10 docs "Queues"): `stately` keeps one queued and one active job per singleton key. */
export type JobPolicy = 'standard' | 'short' | 'singleton' | 'stately';

/** Job states as pg-boss stores them, in its order (`created` < … < `failed`). */
export const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * What every payload carries so the status route shows a job only to users who may see the rows
 * it touches: the client (null for platform work, shown to no client) and, when the job
 * touches one outlet's data, the outlet.
 */
export interface JobScope {
  clientId: string | null;
  outletId?: string;
}

export interface JobMeta {
  id: string;
  /** 0 on the first attempt. */
  retryCount: number;
  log: FastifyBaseLogger;
}

/**
 * One kind of job.
 * @typeParam T the payload, with its {@link JobScope}
 * @typeParam C what handlers receive (the AppContext)
 */
export interface JobDefinition<T extends JobScope, C = unknown> {
  /** Queue name, `<module>.<verb>` (e.g. `inbox.process-webhook`). */
  name: string;
  /** The CASL subject whose `read` lets a user see this job's state (the status route). */
  subject: string;
  schema: z.ZodType<T>;
  /** Attempts after the first one. */
  retryLimit: number;
  /** Seconds before the first retry; doubled per attempt when `retryBackoff` (with jitter, pg-boss). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** An active job not finished by then is failed and retried (a crashed worker's job comes back). */
  expireInSeconds: number;
  policy?: JobPolicy;
  /** Five-field cron (UTC): pg-boss queues one job per tick across all processes. */
  cron?: string;
  /** Jobs of this queue one process runs at the same time (default 1). */
  concurrency?: number;
  /**
   * Runs one job. Throw to retry (Graph down, rate limited, the database); return an object
   * for the job's output (shown with its state). Must be idempotent: a job may run again after
   * a crash between its work and its completion.
   */
  handler(ctx: C, data: T, meta: JobMeta): Promise<Record<string, unknown> | void>;
  /**
   * Called when the sweeper found this job stalled (its worker stopped beating: the process was
   * killed) and handed it back to the queue, so the record a person watches says so at once
   * (an import or report no longer shows "running"). `willRetry`: queued again, else failed for good.
   */
  onStalled?(ctx: C, data: T, info: { willRetry: boolean; message: string }): Promise<void>;
}

/**
 * Heartbeat timing (docs/decisions/0017 "Heartbeat"): a running job's worker touches its row in
 * `job_heartbeats` every `heartbeatSeconds`; each working process looks every `sweepSeconds` for
 * running jobs whose row is older than `stalledAfterSeconds`, and fails them (pg-boss retries
 * them if retries are left). A killed worker's job is seen as stalled within
 * `stalledAfterSeconds + sweepSeconds` (35 s by default) instead of at its expiry (up to 30 min).
 */
export interface HeartbeatTiming {
  heartbeatSeconds: number;
  stalledAfterSeconds: number;
  sweepSeconds: number;
}

export const DEFAULT_HEARTBEAT: HeartbeatTiming = { heartbeatSeconds: 5, stalledAfterSeconds: 20, sweepSeconds: 10 };

/** Declares a job (identity function that fixes the types). */
export function defineJob<T extends JobScope, C>(def: JobDefinition<T, C>): JobDefinition<T, C> {
  return def;
}

export interface SendOptions {
  /** With policy `stately`/`singleton`/`short`: a second job with the same key is not queued while one is. */
  singletonKey?: string;
  startAfterSeconds?: number;
  /**
   * Start at this instant, by the database's clock (a timer anchored to a due time, which a
   * process whose own clock is off cannot move); wins over `startAfterSeconds`.
   */
  startAt?: Date;
  /** Queue the job in this transaction: it exists exactly when the transaction commits (the outbox rule). */
  tx?: Db;
}

type AnyDef<C> = JobDefinition<JobScope & Record<string, unknown>, C>;

/**
 * pg-boss's database adapter over a Drizzle transaction. Drizzle has no public raw-SQL call
 * with `$n` parameters, so this uses the transaction's driver client (`session.client`: a
 * `pg` PoolClient or a PGlite Transaction, both with `query(text, values)`); the job queue
 * tests run it on both drivers.
 * @throws Error when the driver changed shape (a Drizzle upgrade): loud, never a silent non-transactional send
 */
function executorOf(tx: Db): { executeSql(text: string, values?: unknown[]): Promise<SqlResult> } {
  const client = (tx as unknown as { session?: { client?: { query?: unknown } } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('jobs: cannot reach the transaction’s driver client (drizzle session.client); a Drizzle upgrade changed it');
  const query = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[]; rowCount?: number | null; affectedRows?: number }>;
  return {
    async executeSql(text, values) {
      const r = await query(text, values);
      return { rows: r.rows, rowCount: r.rowCount ?? r.affectedRows ?? r.rows.length };
    },
  };
}

/**
 * The process's job queue: declare jobs with `register`, then `start` (creates pg-boss's schema
 * on first use, its queues, and this process's workers), `send`, `stop` on shutdown.
 */
export class JobQueue<C> {
  private readonly boss: PgBoss;
  private readonly defs = new Map<string, AnyDef<C>>();
  private readonly workers = new Map<string, string[]>();
  private started = false;
  private sweeper: NodeJS.Timeout | null = null;
  private readonly worker = `${hostname()}:${process.pid}`;
  private readonly heartbeat: HeartbeatTiming;

  /**
   * @param logger read at each use (the app's logger exists only after the app is built)
   * @param opts.work run this process's workers (false: only send and read, e.g. a CLI)
   * @param opts.pollingIntervalSeconds how often an idle worker looks for jobs (≥ 0.5, pg-boss);
   *   `wake` makes a local worker look at once
   * @param opts.heartbeat heartbeat and sweep timing ({@link DEFAULT_HEARTBEAT}; tests shorten it)
   * @param opts.beforeRun awaited before each handler runs: holds jobs back while the disk is low (lib/disk-watch.ts)
   */
  constructor(
    private readonly database: Database,
    private readonly context: () => C,
    private readonly logger: () => FastifyBaseLogger,
    private readonly opts: { work: boolean; pollingIntervalSeconds: number; beforeRun?: () => Promise<void>; heartbeat?: Partial<HeartbeatTiming> },
  ) {
    this.heartbeat = { ...DEFAULT_HEARTBEAT, ...opts.heartbeat };
    this.boss = new PgBoss({
      db: { executeSql: (text: string, values?: unknown[]) => database.executeSql(text, values) },
      schema: 'pgboss',
      migrate: true,
      supervise: true,
      schedule: true,
      // pg-boss checks its queues every 30 s for expired jobs; ours expire in minutes.
      monitorStateIntervalSeconds: 60,
    });
    // An EventEmitter 'error' without a listener would end the process.
    this.boss.on('error', (err) => this.log.error({ err }, 'job queue error'));
  }

  private get log(): FastifyBaseLogger {
    return this.logger();
  }

  register(...defs: AnyDef<C>[]): this {
    if (this.started) throw new Error('jobs: register every job before start()');
    for (const d of defs) {
      if (this.defs.has(d.name)) throw new Error(`jobs: ${d.name} is registered twice`);
      this.defs.set(d.name, d);
    }
    return this;
  }

  async start(): Promise<void> {
    await this.boss.start();
    for (const def of this.defs.values()) {
      const options = { name: def.name, policy: def.policy ?? 'standard', retryLimit: def.retryLimit, retryDelay: def.retryDelaySeconds, retryBackoff: def.retryBackoff, expireInSeconds: def.expireInSeconds };
      // Queue settings follow the code: an existing queue takes the current definition.
      if (await this.boss.getQueue(def.name)) await this.boss.updateQueue(def.name, options);
      else await this.boss.createQueue(def.name, options).catch(async (e) => {
        // Another process created it between the check and here.
        if (!(await this.boss.getQueue(def.name))) throw e;
      });
    }
    for (const def of this.defs.values()) {
      if (def.cron) await this.boss.schedule(def.name, def.cron, { clientId: null }, { tz: 'UTC' });
    }
    this.started = true;
    if (!this.opts.work) return;
    for (const def of this.defs.values()) {
      const ids: string[] = [];
      for (let i = 0; i < (def.concurrency ?? 1); i++) {
        let id = '';
        id = await this.boss.work(def.name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.opts.pollingIntervalSeconds }, async ([job]) => {
          try {
            return await this.run(def, job!);
          } finally {
            // pg-boss 10 waits the polling interval after every fetch, even one that found a
            // job; waking itself makes a busy worker take the next job at once (a backlog of
            // webhook deliveries drained at 4 jobs/s before this).
            this.boss.notifyWorker(id);
          }
        });
        ids.push(id);
      }
      this.workers.set(def.name, ids);
    }
    this.sweeper = setInterval(() => {
      this.sweepStalled().catch((err) => this.log.warn({ err }, 'stalled job sweep failed'));
    }, this.heartbeat.sweepSeconds * 1000);
    this.sweeper.unref();
    // A job a killed predecessor of this process left running is found now, not a sweep later.
    await this.sweepStalled().catch((err) => this.log.warn({ err }, 'stalled job sweep failed'));
  }

  /** Records (and then refreshes) that this process runs `jobId`. */
  private async beat(jobId: string, name: string): Promise<void> {
    await this.database.executeSql(
      `INSERT INTO job_heartbeats (job_id, name, worker, beat_at) VALUES ($1::uuid, $2, $3, now())
        ON CONFLICT (job_id) DO UPDATE SET beat_at = now(), worker = excluded.worker`,
      [jobId, name, this.worker],
    );
  }

  /**
   * Hands stalled jobs back to the queue: running (`active`) jobs whose heartbeat is older than
   * `stalledAfterSeconds`. Deleting the heartbeat row is the claim, so of several processes
   * sweeping at once only one fails a given job. Each is failed through pg-boss with a message
   * (retried when it has retries left, as a thrown error would be), then its definition's
   * `onStalled` updates the record a person watches.
   * @returns the ids of the jobs handed back
   */
  async sweepStalled(): Promise<string[]> {
    // By (name, id): pg-boss 10's job table is partitioned by queue name, keyed on both.
    const { rows } = await this.database.executeSql(
      `DELETE FROM job_heartbeats h USING pgboss.job j
        WHERE j.name = h.name AND j.id = h.job_id AND j.state = 'active' AND h.beat_at < now() - $1::int * interval '1 second'
        RETURNING j.id, j.name, j.data, j.retry_count, j.retry_limit, h.worker`,
      [this.heartbeat.stalledAfterSeconds],
    );
    // Rows of jobs that finished without removing theirs (a crash between the two).
    await this.database.executeSql(
      `DELETE FROM job_heartbeats h WHERE h.beat_at < now() - $1::int * interval '1 second'
        AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = h.name AND j.id = h.job_id AND j.state = 'active')`,
      [this.heartbeat.stalledAfterSeconds],
    );
    const ids: string[] = [];
    for (const r of rows) {
      const id = String(r.id);
      const name = String(r.name);
      const willRetry = Number(r.retry_count) < Number(r.retry_limit);
      const message = `the worker running this job stopped (${String(r.worker)}: no heartbeat for ${this.heartbeat.stalledAfterSeconds} s); ${willRetry ? 'it runs again' : 'no retries left'}`;
      this.log.warn({ job: name, jobId: id, worker: r.worker, willRetry }, 'stalled job handed back to the queue');
      await this.boss.fail(name, id, { message });
      ids.push(id);
      const def = this.defs.get(name);
      const parsed = def?.schema.safeParse(r.data);
      if (def?.onStalled && parsed?.success) {
        await def.onStalled(this.context(), parsed.data, { willRetry, message }).catch((err) => this.log.warn({ err, job: name, jobId: id }, 'onStalled failed'));
      }
      if (def) this.wake(def);
    }
    return ids;
  }

  private async run(def: AnyDef<C>, job: PgBoss.JobWithMetadata<unknown>): Promise<Record<string, unknown> | void> {
    const log = this.log.child({ job: def.name, jobId: job.id });
    const parsed = def.schema.safeParse(job.data);
    if (!parsed.success) {
      // Retrying cannot fix a payload: cancel it (its state says so) instead of failing it N times.
      log.error({ issues: parsed.error.issues.slice(0, 3) }, 'job payload does not match its schema; cancelled');
      await this.boss.cancel(def.name, job.id);
      return;
    }
    const retryCount = job.retryCount;
    // The heartbeat starts before anything else: a job waiting for disk space is alive too.
    await this.beat(job.id, def.name);
    const timer = setInterval(() => {
      this.beat(job.id, def.name).catch((err) => log.warn({ err }, 'job heartbeat failed'));
    }, this.heartbeat.heartbeatSeconds * 1000);
    try {
      await this.opts.beforeRun?.();
      const out = await def.handler(this.context(), parsed.data, { id: job.id, retryCount, log });
      return out;
    } catch (err) {
      log.warn({ err, retryCount }, retryCount >= def.retryLimit ? 'job failed for good' : 'job failed; will retry');
      throw err;
    } finally {
      clearInterval(timer);
      await this.database.executeSql('DELETE FROM job_heartbeats WHERE job_id = $1::uuid', [job.id]).catch((err) => log.warn({ err }, 'could not remove the job heartbeat'));
    }
  }

  /**
   * Queues a job.
   * @returns its id, or null when a job with the same `singletonKey` is already queued (stately/short/singleton policies)
   * @throws ZodError when `data` does not match the definition (a bug at the sender)
   */
  async send<T extends JobScope>(def: JobDefinition<T, C>, data: T, opts: SendOptions = {}): Promise<string | null> {
    if (!this.defs.has(def.name)) throw new Error(`jobs: ${def.name} is not registered`);
    if (!this.started) throw new Error(`jobs: ${def.name} sent before the queue started (app.ready())`);
    const payload = def.schema.parse(data);
    return this.boss.send(def.name, payload as object, {
      singletonKey: opts.singletonKey,
      startAfter: opts.startAt ?? opts.startAfterSeconds,
      ...(opts.tx ? { db: executorOf(opts.tx) } : {}),
    } as PgBoss.SendOptions);
  }

  /**
   * Queues `def` to start `startAfterSeconds` from now under `singletonKey`; when a job with that
   * key is already queued (policy `stately` keeps one), moves that one to start no earlier than
   * then instead. A job that met a rate limit re-schedules its page this way: a copy
   * the sync tick queued meanwhile must not call Graph inside the window. Never an ad hoc timer:
   * the job waits in the queue, survives a restart, and any process runs it.
   * @returns the id of the job that will run then (queued now, or the one moved)
   * @throws ZodError when `data` does not match the definition
   */
  async sendAt<T extends JobScope>(def: JobDefinition<T, C>, data: T, opts: { singletonKey: string; startAfterSeconds: number }): Promise<string | null> {
    const id = await this.send(def, data, { singletonKey: opts.singletonKey, startAfterSeconds: opts.startAfterSeconds });
    if (id) return id;
    const { rows } = await this.database.executeSql(
      `UPDATE pgboss.job SET start_after = GREATEST(start_after, now() + $3::int * interval '1 second')
        WHERE name = $1 AND singleton_key = $2 AND state = 'created' RETURNING id`,
      [def.name, opts.singletonKey, Math.ceil(opts.startAfterSeconds)],
    );
    return (rows[0]?.id as string | undefined) ?? null;
  }

  /**
   * Moves the queued (not yet started) job of `def` under `singletonKey` to start now, by the
   * database's clock, in `tx` when given: a timer someone chose to end early, without a second
   * job that could run beside the first.
   * @returns the id of the job moved, or null when none with that key is waiting
   */
  async startNow(def: { name: string }, singletonKey: string, tx?: Db): Promise<string | null> {
    const sql = `UPDATE pgboss.job SET start_after = now() WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry') RETURNING id`;
    const { rows } = await (tx ? executorOf(tx) : this.database).executeSql(sql, [def.name, singletonKey]);
    return (rows[0]?.id as string | undefined) ?? null;
  }

  /**
   * Whether a job of `def` under one of `singletonKeys` is waiting, retrying or running (in `tx`
   * when given); `states` narrows that (e.g. `['active']`: running now).
   */
  async inFlight(def: { name: string }, singletonKeys: string[], tx?: Db, states: readonly JobState[] = ['created', 'retry', 'active']): Promise<boolean> {
    const sql = `SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = ANY($2::text[]) AND state::text = ANY($3::text[]) LIMIT 1`;
    const { rows } = await (tx ? executorOf(tx) : this.database).executeSql(sql, [def.name, singletonKeys, [...states]]);
    return rows.length > 0;
  }

  /**
   * Which of `singletonKeys` had a job of `def` queued within the last `seconds` (by the
   * database's clock) that is waiting, running or done: work that is queued, or done a moment
   * ago, and need not be queued again. Failed and cancelled jobs do not count.
   * @returns the keys among `singletonKeys` that have such a job
   */
  async sentRecently(def: { name: string }, singletonKeys: string[], seconds: number): Promise<Set<string>> {
    if (singletonKeys.length === 0) return new Set();
    const { rows } = await this.database.executeSql(
      `SELECT DISTINCT singleton_key FROM pgboss.job
        WHERE name = $1 AND singleton_key = ANY($2::text[]) AND state IN ('created', 'retry', 'active', 'completed')
          AND created_on > now() - $3::int * interval '1 second'`,
      [def.name, singletonKeys, Math.ceil(seconds)],
    );
    return new Set(rows.map((r) => String(r.singleton_key)));
  }

  /** Makes this process's idle workers of `def` look for jobs now instead of at their next poll (after a commit that queued one). */
  wake(def: { name: string }): void {
    for (const id of this.workers.get(def.name) ?? []) this.boss.notifyWorker(id);
  }

  definitions(): AnyDef<C>[] {
    return [...this.defs.values()];
  }

  /**
   * Resolves once no job of `names` (all queues when omitted) is queued and due, retrying or
   * active, in any process. For tests and drills: a webhook's effects are visible after it.
   * @throws Error after `timeoutMs`, naming what is still pending
   */
  async whenIdle(names?: string[], timeoutMs = 20_000): Promise<void> {
    const queues = names ?? [...this.defs.keys()];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.database.executeSql(
        `SELECT name, state, count(*)::int AS n FROM pgboss.job
          WHERE name = ANY($1::text[]) AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))
          GROUP BY name, state`,
        [queues],
      );
      if (rows.length === 0) return;
      if (Date.now() > deadline) throw new Error(`jobs still pending after ${timeoutMs} ms: ${rows.map((r) => `${r.name} ${r.state} ×${r.n}`).join(', ')}`);
      // Only the queues with due work: waking every worker of every queue each round made each
      // of them fetch, and on a loaded machine (PGlite runs one query at a time) that flood kept
      // a finished job's own completion waiting behind it for the whole timeout.
      for (const name of new Set(rows.map((r) => String(r.name)))) this.wake({ name });
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stops this process's workers, letting active jobs finish (up to `timeoutMs`); unfinished ones expire and run again elsewhere. */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (!this.started) return;
    this.started = false;
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
  }
}
