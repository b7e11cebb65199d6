import { z } from 'zod';
import { ZIsoTime } from './common.ts';

/**
 * Reporting → Report on demand (docs/requirements/routes.md route /apps/reporting/report-on-demand,
 * docs/requirements/screen-contents.md#report-on-demand; docs/decisions/0042): pick metrics,
 * outlets, a period and a comparison; the report is generated in the background (a job with
 * progress) as CSV, XLSX or PDF and stays downloadable for {@link REPORT_TTL_DAYS} days. A report
 * can be saved as a definition and scheduled weekly or monthly: each run is mailed to the person
 * who saved it.
 *
 * Imported from `@dinedesk/contracts/reports` only (not the index barrel), like reporting.
 */

export const REPORTS_API = {
  /** POST {} → {@link ZReportRunList}: the caller's runs of the last {@link REPORT_TTL_DAYS} days, newest first. */
  runs: '/api/reports/runs',
  /** POST {@link ZReportRunRequest} → 202 {@link ZReportRun}: queue a report. */
  run: '/api/reports/run',
  /** GET → {@link ZReportRun}: one run's progress, for whoever sees all its outlets now (the asker included: docs/decisions/0044). */
  runStatus: '/api/reports/runs/:runId',
  /** GET → the file (CSV, XLSX or PDF) of a finished run. */
  runFile: '/api/reports/runs/:runId/file',
  /** POST {} → {@link ZReportDefinitionList}: the caller's saved reports. */
  definitions: '/api/reports/definitions',
  /** POST {@link ZSaveReportDefinition} → {@link ZReportDefinition}: create (no id) or update one. */
  saveDefinition: '/api/reports/definitions/save',
  /** POST {id} → {@link ZDeleteReportDefinitionResponse} (idempotent). */
  deleteDefinition: '/api/reports/definitions/delete',
} as const;

/** Days a finished report stays downloadable (the maintenance job deletes it after). */
export const REPORT_TTL_DAYS = 7;
/** The longest period a report covers (days, both ends included). */
export const REPORT_MAX_DAYS = 366;
/** Outlets one report names at most (empty: every outlet the caller sees). */
export const REPORT_MAX_OUTLETS = 200;
/** Items per outlet in the item mix. */
export const REPORT_ITEM_MIX_TOP = 10;
/** Saved reports per person. */
export const REPORT_MAX_DEFINITIONS = 50;

/**
 * What a report can hold: `ratings` (average rating and new reviews), `response` (response rate
 * and median time to the first reply), `complaints` (opened and resolved in the period), `orders`
 * (orders and items), `sales` (sales in the outlet's currency, average order value), `item_mix`
 * (the top items by quantity with their share).
 */
export const REPORT_METRICS = ['ratings', 'response', 'complaints', 'orders', 'sales', 'item_mix'] as const;
export const ZReportMetric = z.enum(REPORT_METRICS, { error: `metrics must be among ${REPORT_METRICS.join(', ')}` });
export type TReportMetric = z.infer<typeof ZReportMetric>;

export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export const ZReportFormat = z.enum(REPORT_FORMATS, { error: `format must be one of ${REPORT_FORMATS.join(', ')}` });
export type TReportFormat = z.infer<typeof ZReportFormat>;

/** `previous_period`: the same number of days just before; `previous_year`: the same days a year earlier. */
export const REPORT_COMPARISONS = ['previous_period', 'previous_year', 'none'] as const;
export const ZReportComparison = z.enum(REPORT_COMPARISONS, { error: `comparison must be one of ${REPORT_COMPARISONS.join(', ')}` });
export type TReportComparison = z.infer<typeof ZReportComparison>;

const day = (name: string) => z.iso.date({ error: `${name} must be a date (YYYY-MM-DD)` });

/**
 * The period: the last N days up to yesterday (UTC; what a schedule uses, so each weekly run
 * covers the week just ended), or fixed dates.
 */
export const ZReportPeriod = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('last_days'), days: z.number({ error: 'period.days must be a number' }).int('period.days must be a whole number').min(1, 'period.days must be at least 1').max(REPORT_MAX_DAYS, `period.days must be at most ${REPORT_MAX_DAYS}`) }).strict(),
    z
      .object({ kind: z.literal('range'), from: day('period.from'), to: day('period.to') })
      .strict()
      .refine((p) => p.from <= p.to, { message: 'period.from must not be after period.to', path: ['from'] })
      .refine((p) => (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 + 1 <= REPORT_MAX_DAYS, { message: `the period may cover at most ${REPORT_MAX_DAYS} days`, path: ['from'] }),
  ],
  { error: 'period.kind must be last_days or range' },
);
export type TReportPeriod = z.infer<typeof ZReportPeriod>;

export const ZReportSpec = z
  .object({
    metrics: z
      .array(ZReportMetric, { error: 'metrics must be a list' })
      .min(1, 'choose at least one metric')
      .max(REPORT_METRICS.length)
      .refine((m) => new Set(m).size === m.length, 'metrics must not repeat'),
    /** Empty: every outlet the person sees when the report runs. */
    outletIds: z
      .array(z.uuid({ error: 'outletIds must be outlet ids' }), { error: 'outletIds must be a list' })
      .max(REPORT_MAX_OUTLETS, `at most ${REPORT_MAX_OUTLETS} outlets`)
      .refine((o) => new Set(o).size === o.length, 'outletIds must not repeat'),
    period: ZReportPeriod,
    comparison: ZReportComparison,
  })
  .strict();
export type TReportSpec = z.infer<typeof ZReportSpec>;

/**
 * Run a report: an unsaved `spec` with its `format` (and a title), or a saved report by
 * `definitionId` (its own spec; `format` overrides its own). One object rather than a union, so a
 * bad field is named (`body.spec.metrics`), not "no union member matched".
 */
export const ZReportRunRequest = z
  .object({
    spec: ZReportSpec.optional(),
    definitionId: z.uuid({ error: 'definitionId must be an id' }).optional(),
    format: ZReportFormat.optional(),
    title: z
      .string({ error: 'title must be text' })
      .trim()
      .min(1, 'title must not be empty')
      .max(120, 'title must be at most 120 characters')
      .refine((s) => !/\p{Cc}/u.test(s), 'title must not contain control characters')
      .optional(),
  })
  .strict()
  .superRefine((r, ctx) => {
    if ((r.spec === undefined) === (r.definitionId === undefined)) ctx.addIssue({ code: 'custom', path: ['spec'], message: 'send a spec or a definitionId, not both' });
    else if (r.spec !== undefined && r.format === undefined) ctx.addIssue({ code: 'custom', path: ['format'], message: 'format is required with a spec' });
    else if (r.definitionId !== undefined && r.title !== undefined) ctx.addIssue({ code: 'custom', path: ['title'], message: 'a saved report keeps its name as title' });
  });
export type TReportRunRequest = z.infer<typeof ZReportRunRequest>;

export const ZDateSpan = z.object({ from: z.string(), to: z.string() });

export const ZReportRun = z.object({
  id: z.uuid(),
  title: z.string(),
  format: ZReportFormat,
  /** queued → running → done | failed */
  status: z.enum(['queued', 'running', 'done', 'failed']),
  /** 0..1 while running; 1 when done. */
  progress: z.number().min(0).max(1),
  period: ZDateSpan,
  comparePeriod: ZDateSpan.nullable(),
  metrics: z.array(ZReportMetric),
  /** Outlets the report covers (resolved when it was queued). */
  outletCount: z.number().int(),
  fileName: z.string().nullable(),
  error: z.string().nullable(),
  /** The saved report it ran for, and whether a schedule ran it (then it was mailed). */
  definitionId: z.uuid().nullable(),
  scheduled: z.boolean(),
  createdAt: ZIsoTime,
  finishedAt: ZIsoTime.nullable(),
  expiresAt: ZIsoTime,
});
export type TReportRun = z.infer<typeof ZReportRun>;
export const ZReportRunList = z.object({ data: z.array(ZReportRun) });
export const ZReportRunParams = z.object({ runId: z.uuid({ error: 'runId must be an id' }) });

export const REPORT_FREQUENCIES = ['weekly', 'monthly'] as const;
/** Weekly: Mondays at 06:00 UTC; monthly: the 1st at 06:00 UTC. Each run covers the spec's last N days, up to the day before. */
export const ZReportSchedule = z.object({ frequency: z.enum(REPORT_FREQUENCIES, { error: 'schedule.frequency must be weekly or monthly' }) }).strict();
export type TReportSchedule = z.infer<typeof ZReportSchedule>;

export const ZSaveReportDefinition = z
  .object({
    id: z.uuid({ error: 'id must be an id' }).optional(),
    name: z
      .string({ error: 'name is required' })
      .trim()
      .min(1, 'name is required')
      .max(120, 'name must be at most 120 characters')
      .refine((s) => !/\p{Cc}/u.test(s), 'name must not contain control characters'),
    spec: ZReportSpec,
    format: ZReportFormat,
    schedule: ZReportSchedule.nullable(),
  })
  .strict()
  .refine((d) => d.schedule === null || d.spec.period.kind === 'last_days', { message: 'a scheduled report needs a rolling period (the last N days)', path: ['spec', 'period'] });
export type TSaveReportDefinition = z.infer<typeof ZSaveReportDefinition>;

export const ZReportDefinition = z.object({
  id: z.uuid(),
  name: z.string(),
  spec: ZReportSpec,
  format: ZReportFormat,
  schedule: ZReportSchedule.nullable(),
  /** When the schedule runs next (null: not scheduled), and when it last ran. */
  nextRunAt: ZIsoTime.nullable(),
  lastRunAt: ZIsoTime.nullable(),
  /** Where scheduled runs are mailed: the person who saved it. */
  mailTo: z.string(),
  updatedAt: ZIsoTime,
});
export type TReportDefinition = z.infer<typeof ZReportDefinition>;
export const ZReportDefinitionList = z.object({ data: z.array(ZReportDefinition) });
export const ZDeleteReportDefinition = z.object({ id: z.uuid({ error: 'id must be an id' }) }).strict();
/** `deleted` false when there was no saved report of yours with that id (a retry, or not yours). */
export const ZDeleteReportDefinitionResponse = z.object({ deleted: z.boolean() });
