import { z } from 'zod';
import {
  REPORT_MAX_DEFINITIONS,
  REPORT_TTL_DAYS,
  ZReportSpec,
  type TReportDefinition,
  type TReportFormat,
  type TReportRun,
  type TReportRunRequest,
  type TReportSpec,
  type TSaveReportDefinition,
} from '@dinedesk/contracts/reports';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { defineJob } from '../../lib/jobs.ts';
import { seesAllOutlets } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import { recipientsNow, actingAs, requireClient } from '../access/index.ts';
import { outletsInScope } from '../reporting/index.ts';
import { comparePeriod, reportFigures, resolvePeriod, type OutletRef } from './reports.figures.ts';
import { CONTENT_TYPES, renderReport } from './reports.render.ts';
import * as repo from './reports.repository.ts';

/**
 * Report on demand (docs/requirements/screen-contents.md#report-on-demand, docs/decisions/0042).
 *
 * - `POST /api/reports/run` resolves the outlets (the ones named, which the caller must see, or
 *   every outlet the caller sees) and the exact days, records a run and queues
 *   `reports.generate`. The job counts the figures outlet by outlet, recording its progress (the
 *   screen polls the run), writes the file and keeps it in the database {@link REPORT_TTL_DAYS}
 *   days, so any process can hand it out.
 * - A saved report (definition) belongs to the person who saved it. With a schedule it runs
 *   weekly (Mondays 06:00 UTC) or monthly (the 1st, 06:00 UTC): the `reports.schedule` job (every
 *   15 minutes, once across processes) takes the due definitions under `FOR UPDATE SKIP LOCKED`,
 *   records their run and moves `next_run_at` on in one transaction, so each scheduled run is
 *   queued once, even across a restart; the run is mailed to that person, with the access they
 *   have at that moment (a person who lost the Reporting module gets no more reports).
 */

const DAY_MS = 86_400_000;
/** Runs a person sees in the list (the last 7 days' worth is far below). */
const RUNS_LISTED = 100;
/** Due definitions one schedule pass takes (the next pass, 15 minutes later, takes the rest). */
const SCHEDULE_BATCH = 50;
const FILE_EXT: Record<TReportFormat, string> = { csv: 'csv', xlsx: 'xlsx', pdf: 'pdf' };
/** Retries of a generation (after the first attempt); the last failure marks the run failed. */
const GENERATE_RETRIES = 2;

/** The next scheduled time strictly after `after`: Monday 06:00 UTC (weekly) or the 1st 06:00 UTC (monthly). */
export function nextRunAfter(frequency: 'weekly' | 'monthly', after: Date): Date {
  const d = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), 6));
  if (frequency === 'weekly') {
    // getUTCDay: 0 = Sunday … 1 = Monday.
    d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7));
    if (d <= after) d.setUTCDate(d.getUTCDate() + 7);
    return d;
  }
  d.setUTCDate(1);
  if (d <= after) d.setUTCMonth(d.getUTCMonth() + 1);
  return d;
}

function runView(r: repo.RunView): TReportRun {
  const spec = r.spec as TReportSpec;
  return {
    id: r.id,
    title: r.title,
    format: r.format,
    status: r.status,
    progress: r.status === 'done' ? 1 : Math.min(1, Math.max(0, r.progress)),
    period: { from: r.periodFrom, to: r.periodTo },
    comparePeriod: r.compareFrom && r.compareTo ? { from: r.compareFrom, to: r.compareTo } : null,
    metrics: spec.metrics,
    outletCount: r.outletIds.length,
    fileName: r.fileName,
    error: r.error,
    definitionId: r.definitionId,
    scheduled: r.scheduled,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    expiresAt: r.expiresAt.toISOString(),
  };
}

function definitionView(d: repo.DefinitionRow & { email: string }): TReportDefinition {
  return {
    id: d.id,
    name: d.name,
    spec: ZReportSpec.parse(d.spec),
    format: d.format,
    schedule: d.frequency ? { frequency: d.frequency } : null,
    nextRunAt: d.nextRunAt?.toISOString() ?? null,
    lastRunAt: d.lastRunAt?.toISOString() ?? null,
    mailTo: d.email,
    updatedAt: d.updatedAt.toISOString(),
  };
}

/**
 * The outlets a spec covers for a person: the ones it names, each of which they must see, or
 * (none named) every outlet they see.
 * @throws HttpError 404 naming `spec.outletIds` for an outlet they do not see
 */
async function outletsFor(ctx: AppContext, scope: { clientId: string; outletIds: readonly string[] | null }, spec: TReportSpec): Promise<OutletRef[]> {
  const visible = await outletsInScope(ctx.db, { clientId: scope.clientId, outletIds: scope.outletIds ? [...scope.outletIds] : null });
  if (!spec.outletIds.length) return visible.map((o) => ({ id: o.id, name: o.name, brandName: o.brandName }));
  const byId = new Map(visible.map((o) => [o.id, o]));
  const missing = spec.outletIds.find((id) => !byId.has(id));
  if (missing) throw new HttpError(404, `Outlet ${missing} not found`, { field: 'body.spec.outletIds' });
  return spec.outletIds.map((id) => byId.get(id)!).map((o) => ({ id: o.id, name: o.name, brandName: o.brandName }));
}

/** Records a run and queues its job, in `tx` when given (the schedule's transaction). */
async function queueRun(
  ctx: AppContext,
  db: Db,
  r: { clientId: string; userId: string; title: string; spec: TReportSpec; format: TReportFormat; outlets: OutletRef[]; definitionId: string | null; scheduled: boolean },
  tx?: Db,
): Promise<repo.RunView> {
  const now = ctx.now();
  const period = resolvePeriod(r.spec.period, now);
  const compare = comparePeriod(period, r.spec.comparison);
  const run = await repo.insertRun(db, {
    clientId: r.clientId,
    userId: r.userId,
    definitionId: r.definitionId,
    scheduled: r.scheduled,
    title: r.title,
    spec: r.spec,
    outletIds: r.outlets.map((o) => o.id),
    format: r.format,
    periodFrom: period.from,
    periodTo: period.to,
    compareFrom: compare?.from ?? null,
    compareTo: compare?.to ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + REPORT_TTL_DAYS * DAY_MS),
  });
  await ctx.jobs.send(reportGenerateJob, { clientId: r.clientId, runId: run.id }, tx ? { tx } : {});
  if (!tx) ctx.jobs.wake(reportGenerateJob);
  return run;
}

/**
 * `POST /api/reports/run`: queues a report of a spec or of one of the caller's saved reports.
 * @throws HttpError 404 naming `body.definitionId` (not theirs) or `body.spec.outletIds` (an
 *   outlet they do not see)
 */
export async function requestRun(ctx: AppContext, auth: AuthContext, req: TReportRunRequest): Promise<TReportRun> {
  const clientId = requireClient(auth);
  let spec: TReportSpec;
  let format: TReportFormat;
  let title: string;
  let definitionId: string | null = null;
  if (req.definitionId !== undefined) {
    const d = await repo.definitionById(ctx.db, req.definitionId);
    if (!d || d.clientId !== clientId || d.userId !== auth.userId) throw new HttpError(404, `Saved report ${req.definitionId} not found`, { field: 'body.definitionId' });
    spec = ZReportSpec.parse(d.spec);
    format = req.format ?? d.format;
    title = d.name;
    definitionId = d.id;
  } else {
    // The schema requires a spec with its format when no definitionId is sent.
    spec = req.spec!;
    format = req.format!;
    title = req.title ?? 'Report';
  }
  const outlets = await outletsFor(ctx, { clientId, outletIds: auth.outletIds }, spec);
  const run = await queueRun(ctx, ctx.db, { clientId, userId: auth.userId, title, spec, format, outlets, definitionId, scheduled: false });
  return runView(run);
}

/**
 * A run the caller may read: one of the client whose outlets they all see now, as with review
 * exports: the file holds only those outlets' figures. The person who ran it is no exception: a
 * teammate moved off one of its outlets since loses the file with the outlet (decision 0044).
 * @throws HttpError 404 naming `params.runId` otherwise, and once it expired (never 403: an id
 *   reveals nothing)
 */
async function visibleRun(ctx: AppContext, auth: AuthContext, runId: string): Promise<repo.RunView> {
  const clientId = requireClient(auth);
  const run = await repo.runById(ctx.db, runId);
  const visible = run !== undefined && run.clientId === clientId && seesAllOutlets(auth, run.clientId, run.outletIds);
  if (!visible || run.expiresAt < ctx.now()) throw new HttpError(404, `Report ${runId} not found`, { field: 'params.runId' });
  return run;
}

export async function runStatus(ctx: AppContext, auth: AuthContext, runId: string): Promise<TReportRun> {
  return runView(await visibleRun(ctx, auth, runId));
}

/** @throws HttpError 404 (not the caller's, or expired), 409 (not finished yet) */
export async function runFileOf(ctx: AppContext, auth: AuthContext, runId: string): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const run = await visibleRun(ctx, auth, runId);
  if (run.status !== 'done') throw new HttpError(409, run.status === 'failed' ? 'This report failed; run it again.' : 'This report is not ready yet.', { code: `report_${run.status}` });
  const file = await repo.runFile(ctx.db, runId);
  if (!file?.content || !file.fileName) throw new HttpError(404, `Report ${runId} not found`, { field: 'params.runId' });
  return { fileName: file.fileName, contentType: CONTENT_TYPES[file.format], content: file.content };
}

export async function listRuns(ctx: AppContext, auth: AuthContext): Promise<TReportRun[]> {
  const clientId = requireClient(auth);
  // Runs of outlets the caller no longer sees are not listed (their file is refused too).
  return (await repo.runsOf(ctx.db, clientId, auth.userId, ctx.now(), RUNS_LISTED)).filter((r) => seesAllOutlets(auth, clientId, r.outletIds)).map(runView);
}

// ── Saved reports ─────────────────────────────────────────────────────────────────────────

export async function listDefinitions(ctx: AppContext, auth: AuthContext): Promise<TReportDefinition[]> {
  const clientId = requireClient(auth);
  return (await repo.definitionsOf(ctx.db, clientId, auth.userId)).map(definitionView);
}

/**
 * Creates (no `id`) or updates one of the caller's saved reports.
 * @throws HttpError 404 (`body.id` not theirs; `body.spec.outletIds` an outlet they do not see),
 *   409 (`body.name`: already {@link REPORT_MAX_DEFINITIONS} saved)
 */
export async function saveDefinition(ctx: AppContext, auth: AuthContext, req: TSaveReportDefinition): Promise<TReportDefinition> {
  const clientId = requireClient(auth);
  await outletsFor(ctx, { clientId, outletIds: auth.outletIds }, req.spec);
  const now = ctx.now();
  const schedule = { frequency: req.schedule?.frequency ?? null, nextRunAt: req.schedule ? nextRunAfter(req.schedule.frequency, now) : null };
  const owner = { clientId, userId: auth.userId };
  let row: repo.DefinitionRow | undefined;
  if (req.id) {
    row = await repo.updateDefinition(ctx.db, req.id, owner, { name: req.name, spec: req.spec, format: req.format, ...schedule, updatedAt: now });
    if (!row) throw new HttpError(404, `Saved report ${req.id} not found`, { field: 'body.id' });
  } else {
    if ((await repo.countDefinitions(ctx.db, clientId, auth.userId)) >= REPORT_MAX_DEFINITIONS) {
      throw new HttpError(409, `You already have ${REPORT_MAX_DEFINITIONS} saved reports; delete one first.`, { field: 'body.name', code: 'too_many_reports' });
    }
    row = await repo.insertDefinition(ctx.db, { ...owner, name: req.name, spec: req.spec, format: req.format, ...schedule, createdAt: now, updatedAt: now });
  }
  return definitionView({ ...row, email: auth.email });
}

/**
 * Deletes one of the caller's saved reports. Idempotent, as an HTTP DELETE: a retry after a lost
 * answer, or an id that is not (or no longer) theirs, answers `deleted: false` and touches nothing.
 */
export async function deleteDefinition(ctx: AppContext, auth: AuthContext, id: string): Promise<{ deleted: boolean }> {
  const clientId = requireClient(auth);
  return { deleted: await repo.deleteDefinition(ctx.db, id, { clientId, userId: auth.userId }) };
}

// ── Jobs ──────────────────────────────────────────────────────────────────────────────────

/** The person's access now, for a scheduled run: null when they may no longer read Reporting there. */
async function accessNow(ctx: AppContext, userId: string, clientId: string): Promise<{ email: string; outletIds: string[] | null } | null> {
  const auth = await actingAs(ctx, userId, clientId, 'report-schedule');
  if (!auth || !auth.ability.can('read', 'Reporting')) return null;
  return { email: auth.email, outletIds: auth.outletIds };
}

/**
 * `reports.generate`: counts a run's figures (progress after each outlet), writes its file and,
 * for a scheduled run, mails it to its owner. Idempotent: a done run is not generated again, and
 * a done scheduled run not yet mailed is only mailed.
 */
export const reportGenerateJob = defineJob<{ clientId: string; runId: string }, AppContext>({
  name: 'reports.generate',
  subject: 'Reporting',
  schema: z.object({ clientId: z.uuid(), runId: z.uuid() }),
  retryLimit: GENERATE_RETRIES,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  // The worker died mid-run (lib/jobs.ts heartbeat): the run says so at once, not at the expiry.
  async onStalled(ctx, data, { willRetry }) {
    const run = await repo.runById(ctx.db, data.runId);
    if (!run || run.status === 'done' || run.status === 'failed') return;
    await repo.updateRun(
      ctx.db,
      run.id,
      willRetry ? { status: 'queued', progress: 0 } : { status: 'failed', error: 'The server stopped while generating this report, and it has no retries left. Run it again.', finishedAt: ctx.now() },
    );
  },
  async handler(ctx, data, meta) {
    const run = await repo.runById(ctx.db, data.runId);
    if (!run) return { skipped: 'run deleted' };
    if (run.status !== 'done') {
      try {
        await repo.updateRun(ctx.db, run.id, { status: 'running', progress: 0, error: null });
        const spec = ZReportSpec.parse(run.spec);
        const refs = await outletsInScope(ctx.db, { clientId: run.clientId, outletIds: run.outletIds });
        const outlets = run.outletIds.map((id) => refs.find((o) => o.id === id)).filter((o) => o !== undefined).map((o) => ({ id: o.id, name: o.name, brandName: o.brandName }));
        const figures = await reportFigures(
          ctx.db,
          { clientId: run.clientId, outlets, metrics: spec.metrics, period: { from: run.periodFrom, to: run.periodTo }, comparePeriod: run.compareFrom && run.compareTo ? { from: run.compareFrom, to: run.compareTo } : null },
          (done, of) => repo.updateRun(ctx.db, run.id, { progress: (0.9 * done) / of }),
        );
        const content = await renderReport(run.format, figures, { title: run.title, generatedAt: ctx.now() });
        const safeTitle = run.title.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'report';
        const fileName = `${safeTitle}-${run.periodFrom}-to-${run.periodTo}.${FILE_EXT[run.format]}`;
        await repo.updateRun(ctx.db, run.id, { status: 'done', progress: 1, content, fileName, finishedAt: ctx.now() });
        run.status = 'done';
        run.fileName = fileName;
      } catch (e) {
        const last = meta.retryCount >= GENERATE_RETRIES;
        await repo.updateRun(ctx.db, run.id, last ? { status: 'failed', error: 'The report could not be generated. Run it again; if it fails again, tell DineDesk support.', finishedAt: ctx.now() } : { status: 'queued' });
        throw e;
      }
    }
    if (run.scheduled && !run.mailedTo) {
      // Addressed at send time (docs/decisions/0044): the owner must still be a member who reads
      // Reporting and sees every outlet of the file, else no mail (the file holds those outlets).
      const [who] = await recipientsNow(ctx.db, run.clientId, run.outletIds, { module: 'reporting', userIds: [run.userId] });
      if (!who) return { generated: true, mailed: false };
      const file = await repo.runFile(ctx.db, run.id);
      await ctx.mailer.send({
        to: who.email,
        subject: `Your DineDesk report: ${run.title} (${run.periodFrom} to ${run.periodTo})`,
        text: `Your scheduled report "${run.title}" for ${run.periodFrom} to ${run.periodTo} is attached. It also stays in DineDesk under Reporting → Report on demand for ${REPORT_TTL_DAYS} days.`,
        attachments: [{ filename: file!.fileName!, content: file!.content!, contentType: CONTENT_TYPES[run.format] }],
      });
      await repo.updateRun(ctx.db, run.id, { mailedTo: who.email });
      return { generated: true, mailed: true };
    }
    return { generated: true };
  },
});

/**
 * `reports.schedule` (every 15 minutes, once across processes): queues a run of each scheduled
 * report that is due, as its owner sees things now, and moves its `next_run_at` on, one
 * transaction per batch (the run, the job and the move commit together or not at all).
 */
export const reportScheduleJob = defineJob<{ clientId: null }, AppContext>({
  name: 'reports.schedule',
  subject: 'Client',
  schema: z.object({ clientId: z.null() }),
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryBackoff: false,
  expireInSeconds: 10 * 60,
  policy: 'stately',
  cron: '*/15 * * * *',
  async handler(ctx) {
    return runDueSchedules(ctx);
  },
});

/**
 * One pass of the schedule (exported for the tests). The owner's access and outlets are read
 * first; then, per report, one transaction locks it again (`FOR UPDATE SKIP LOCKED`, still due),
 * moves its next run on and queues its run, so a report another process took meanwhile is left
 * to it. @returns runs queued, and reports skipped (owner gone or without Reporting; bad spec)
 */
export async function runDueSchedules(ctx: AppContext): Promise<{ queued: number; skipped: number }> {
  const now = ctx.now();
  let queued = 0;
  let skipped = 0;
  for (const due of await repo.dueDefinitions(ctx.db, now, SCHEDULE_BATCH)) {
    const who = await accessNow(ctx, due.userId, due.clientId);
    // Outlets the owner no longer sees are left out rather than failing the whole report.
    const visible = who ? await outletsInScope(ctx.db, { clientId: due.clientId, outletIds: who.outletIds }) : [];
    await ctx.db.transaction(async (tx) => {
      const d = await repo.lockDueDefinition(tx, due.id, now);
      if (!d) return;
      await repo.updateDefinition(tx, d.id, { clientId: d.clientId, userId: d.userId }, { nextRunAt: nextRunAfter(d.frequency!, now), lastRunAt: now });
      const spec = ZReportSpec.safeParse(d.spec);
      if (!who || !spec.success) {
        skipped++;
        return;
      }
      const wanted = new Set(spec.data.outletIds);
      const named = wanted.size ? visible.filter((o) => wanted.has(o.id)) : visible;
      await queueRun(ctx, tx, { clientId: d.clientId, userId: d.userId, title: d.name, spec: spec.data, format: d.format, outlets: named.map((o) => ({ id: o.id, name: o.name, brandName: o.brandName })), definitionId: d.id, scheduled: true }, tx);
      queued++;
    });
  }
  if (queued) ctx.jobs.wake(reportGenerateJob);
  return { queued, skipped };
}

/** Deletes runs past their 7 days (the maintenance job). */
export function pruneExpiredRuns(ctx: AppContext): Promise<number> {
  return repo.pruneRuns(ctx.db, ctx.now());
}
