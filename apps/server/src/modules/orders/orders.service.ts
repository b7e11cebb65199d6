import { randomUUID } from 'node:crypto';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { stringify } from 'csv-stringify/sync';
import { ORDER_IMPORT_MAX_BYTES, ZColumnMapping, ZOrderImportQuery, type TColumnMapping, type TOrderImport, type TOrdersOutlet } from '@dinedesk/contracts/orders';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError, badRequest } from '../../lib/errors.ts';
import { defineJob } from '../../lib/jobs.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import { checkCsvRequest, saveUpload } from '../../lib/csv-upload.ts';
import { readOrderFile, type OrderLineRow, type ReadOptions, type ReadSummary } from './orders.csv.ts';
import { addOrderItems } from '../menu/index.ts';
import * as repo from './orders.repository.ts';

/**
 * Order import (docs/decisions/0036).
 *
 * - `POST /api/orders/imports` streams the CSV body to `DATA_DIR/uploads/orders/<id>.csv` (at most
 *   {@link ORDER_IMPORT_MAX_BYTES}; a binary file or another content type is a 400 naming `file`),
 *   records the import and queues `orders.import` in the same transaction (202).
 * - The job reads the file twice with `csv-parse`: first to validate every row (progress 0–½, the
 *   report's problems), then, only when there is no problem, to stage every order in batches of
 *   short transactions (½–0.95) and move them into place in one short transaction under the
 *   outlet's lock (docs/decisions/0036 "Staging"). A file with problems imports nothing (`rejected`).
 * - Idempotent on (outlet, order id): an order id the outlet has is left as it is, so importing the
 *   same file twice changes nothing.
 * - Who: reading needs `read BusinessOverview` on the outlet; importing `update BusinessOverview`
 *   (owners and super admins under lib/ability.ts today).
 */

const notFound = (what: string, field: string) => new HttpError(404, `${what} not found`, { field });

/** The outlet, if the caller sees it (404 naming `field` otherwise: another client's ids are not confirmed). */
export async function visibleOutlet(ctx: AppContext, auth: AuthContext, outletId: string, field = 'body.outletId') {
  const outlet = await repo.outletById(ctx.db, outletId);
  if (!outlet || !inTenantScope(auth, { clientId: outlet.clientId, outletId: outlet.id })) throw notFound(`Outlet ${outletId}`, field);
  return outlet;
}

/** Outlets the caller sees, with their order range and currency (the outlet picker). */
export async function listOutlets(ctx: AppContext, auth: AuthContext): Promise<{ data: TOrdersOutlet[] }> {
  if (!auth.clientId) return { data: [] };
  const all = await repo.outletsOf(ctx.db, auth.clientId);
  const stats = new Map((await repo.orderStatsOf(ctx.db, auth.clientId)).map((s) => [s.outletId, s]));
  const canImport = auth.ability.can('update', 'BusinessOverview');
  return {
    data: all
      .filter((o) => inTenantScope(auth, { clientId: auth.clientId, outletId: o.id }))
      .map((o) => {
        const s = stats.get(o.id);
        return { id: o.id, name: o.name, city: o.city, brandName: o.brandName, currency: s?.currency ?? null, orders: s?.orders ?? 0, firstDay: s?.firstDay ?? null, lastDay: s?.lastDay ?? null, canImport };
      }),
  };
}

/** The import options of the query string, checked beyond the schema. @throws HttpError 400 naming the field */
function importOptions(query: z.infer<typeof ZOrderImportQuery>): { shape: 'london' | 'generic'; mapping: TColumnMapping | null; currency: string; sourceOutlet: string | null } {
  if (query.shape === 'london') {
    if (query.mapping) throw badRequest('mapping is only for the generic shape: a London file has fixed columns', 'query.mapping');
    if (query.currency && query.currency !== 'GBP') throw badRequest('currency of a London file is GBP (its prices are unit_price_gbp)', 'query.currency');
    return { shape: 'london', mapping: null, currency: 'GBP', sourceOutlet: query.sourceOutlet ?? null };
  }
  if (!query.mapping) throw badRequest('mapping is required for the generic shape: which column holds each field', 'query.mapping');
  if (!query.currency) throw badRequest('currency is required for the generic shape (for example GBP or INR)', 'query.currency');
  if (query.sourceOutlet) throw badRequest('sourceOutlet is only for London files', 'query.sourceOutlet');
  let json: unknown;
  try {
    json = JSON.parse(query.mapping);
  } catch {
    throw badRequest('mapping must be JSON: {"order_id": "<column>", …}', 'query.mapping');
  }
  const parsed = ZColumnMapping.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const path = issue.path.join('.');
    throw badRequest(`mapping${path ? `.${path}` : ''}: ${issue.code === 'invalid_type' && issue.input === undefined ? 'is required' : issue.message}`, `query.mapping${path ? `.${path}` : ''}`);
  }
  return { shape: 'generic', mapping: parsed.data, currency: query.currency, sourceOutlet: null };
}

/**
 * `POST /api/orders/imports`: stores the upload and queues its import. @returns the import (queued)
 * @throws HttpError 400 (content type, options, binary or empty file), 404 outlet, 413 too large
 */
export async function startImport(ctx: AppContext, auth: AuthContext, query: z.infer<typeof ZOrderImportQuery>, contentType: string | undefined, contentLength: number | null, body: Readable): Promise<TOrderImport> {
  // The outlet first: another client's outlet answers 404 whatever the file (decision 0004).
  let outlet: Awaited<ReturnType<typeof visibleOutlet>>;
  try {
    outlet = await visibleOutlet(ctx, auth, query.outletId, 'query.outletId');
    checkCsvRequest(contentType, null, ORDER_IMPORT_MAX_BYTES, 'an order import');
    importOptions(query);
    checkCsvRequest(contentType, contentLength, ORDER_IMPORT_MAX_BYTES, 'an order import');
  } catch (e) {
    body.resume();
    throw e;
  }
  const opts = importOptions(query);
  const id = randomUUID();
  const path = join(ctx.config.dataDir, 'uploads', 'orders', `${id}.csv`);
  const bytes = await saveUpload(body, path, ORDER_IMPORT_MAX_BYTES, 'an order import');
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertImport(tx, { id, clientId: outlet.clientId, outletId: outlet.id, createdByUserId: auth.userId, fileName: query.fileName, filePath: path, bytes, shape: opts.shape, currency: opts.currency, sourceOutlet: opts.sourceOutlet, mapping: opts.mapping, createdAt: now });
    const jobId = await ctx.jobs.send(ordersImportJob, { clientId: outlet.clientId, outletId: outlet.id, importId: id }, { tx });
    await repo.updateImport(tx, id, { jobId });
    await audit(tx, { clientId: outlet.clientId, actorUserId: auth.userId, action: 'orders.import.queued', target: `outlet:${outlet.id}`, details: { importId: id, fileName: query.fileName, bytes, shape: opts.shape }, at: now });
    return { ...created, jobId };
  });
  ctx.jobs.wake(ordersImportJob);
  return importView(row);
}

/** Progress of an import, 0–1 to three places (stored by the run as it goes: docs/decisions/0036 "Staging"). */
export function progressOf(r: repo.ImportRow): number {
  return Math.round(r.progress * 1000) / 1000;
}

export function importView(r: repo.ImportRow): TOrderImport {
  return {
    id: r.id,
    outletId: r.outletId,
    fileName: r.fileName,
    bytes: r.bytes,
    // Only order imports reach here (visibleImport and importsOf keep ads files out).
    shape: r.shape === 'ads' ? 'generic' : r.shape,
    currency: r.currency,
    status: r.status,
    progress: progressOf(r),
    rowsRead: r.rowsRead,
    ordersImported: r.ordersImported,
    linesImported: r.linesImported,
    ordersAlreadyThere: r.ordersAlreadyThere,
    rowsSkipped: r.rowsSkipped,
    problemCount: r.problemCount,
    failure: r.failure,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/**
 * An import the caller may see, of order files or (`ads`) of ads files: the other kind's id is
 * a 404 too, so the orders calls never show an ads file to someone without Digital Marketing.
 * @throws HttpError 404 naming `params.importId`
 */
export async function visibleImport(ctx: AppContext, auth: AuthContext, importId: string, ads = false): Promise<repo.ImportRow> {
  const row = await repo.importById(ctx.db, importId);
  if (!row || (row.shape === 'ads') !== ads || !inTenantScope(auth, { clientId: row.clientId, outletId: row.outletId })) throw notFound(`Import ${importId}`, 'params.importId');
  return row;
}

export async function importStatus(ctx: AppContext, auth: AuthContext, importId: string): Promise<TOrderImport> {
  return importView(await visibleImport(ctx, auth, importId));
}

export async function listImports(ctx: AppContext, auth: AuthContext, outletId: string): Promise<{ data: TOrderImport[] }> {
  const outlet = await visibleOutlet(ctx, auth, outletId);
  return { data: (await repo.importsOf(ctx.db, outlet.clientId, outlet.id)).map(importView) };
}

/** The validation report of an import row as CSV: `row,column,problem`, and a last line when problems were counted but not kept. */
export async function reportOf(ctx: AppContext, row: repo.ImportRow): Promise<{ fileName: string; csv: string }> {
  const problems = await repo.problemsOf(ctx.db, row.id);
  const records: (string | number)[][] = [['row', 'column', 'problem'], ...problems.map((p) => [p.row, p.column, p.problem])];
  if (row.problemCount > problems.length) records.push(['', '', `… and ${row.problemCount - problems.length} more problems (the first ${problems.length} are listed)`]);
  const base = row.fileName.replace(/\.csv$/i, '').replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80) || 'import';
  return { fileName: `${base}-report.csv`, csv: stringify(records) };
}

/** The validation report of an order import (see {@link reportOf}). */
export async function importReport(ctx: AppContext, auth: AuthContext, importId: string): Promise<{ fileName: string; csv: string }> {
  return reportOf(ctx, await visibleImport(ctx, auth, importId));
}

/** One import's source: what {@link readOrderFile} needs, and the scope the orders get. */
export interface ImportSource extends ReadOptions {
  path: string;
  clientId: string;
  outletId: string;
  currency: string;
  importId: string | null;
}

/** Orders per insert statement (and per staged batch, its own short transaction). */
const BATCH = 500;

/**
 * Reads a checked file and groups its lines into orders: consecutive lines of one order id become
 * one order, handed to `onBatch` {@link BATCH} at a time (the last batch may be shorter); `items`
 * gets every distinct item name (a menu's worth, not the file's lines).
 */
async function groupOrders(src: ImportSource, items: Map<string, string>, onBatch: (batch: repo.NewOrder[]) => Promise<void>, onProgress?: (bytes: number) => Promise<void> | void): Promise<ReadSummary> {
  let batch: repo.NewOrder[] = [];
  let current: repo.NewOrder | null = null;
  const summary = await readOrderFile(
    src.path,
    src,
    async (l: OrderLineRow) => {
      if (!current || current.externalId !== l.orderId) {
        if (current) batch.push(current);
        if (batch.length >= BATCH) {
          await onBatch(batch);
          batch = [];
        }
        current = { externalId: l.orderId, orderedAt: l.orderedAt, currency: src.currency, totalMinor: 0, itemCount: 0, lineCount: 0, channel: l.channel, linesComplete: l.linesComplete, lines: [] };
      }
      current.lines.push({ itemName: l.itemName, quantity: l.quantity, unitPriceMinor: l.unitPriceMinor });
      if (!items.has(l.itemName)) items.set(l.itemName, src.currency);
      current.totalMinor += l.quantity * l.unitPriceMinor;
      current.itemCount += l.quantity;
      current.lineCount++;
      current.linesComplete &&= l.linesComplete;
    },
    onProgress,
  );
  if (current) batch.push(current);
  if (batch.length) await onBatch(batch);
  return summary;
}

/**
 * Writes the orders of a file straight into `tx` (the demo seed's and benchmark's path,
 * {@link importFileNow}): batches of {@link BATCH} orders, ids the outlet has left alone; item names
 * the outlet's menu lacks become menu items (docs/decisions/0039), in the same transaction.
 */
export async function writeOrders(tx: Db, src: ImportSource, onProgress?: (bytes: number) => void): Promise<{ orders: number; lines: number; alreadyThere: number; summary: ReadSummary }> {
  await repo.lockOutlet(tx, src.outletId);
  const counts = { orders: 0, lines: 0, alreadyThere: 0 };
  const itemNames = new Map<string, string>();
  const summary = await groupOrders(src, itemNames, async (batch) => {
    const written = await repo.insertOrders(tx, { clientId: src.clientId, outletId: src.outletId, importId: src.importId }, batch);
    counts.orders += written.orders;
    counts.lines += written.lines;
    counts.alreadyThere += batch.length - written.orders;
  }, onProgress);
  await addOrderItems(tx, { clientId: src.clientId, outletId: src.outletId }, itemNames);
  return { ...counts, summary };
}

/** First pass: every row checked, nothing written. */
export async function validateOrders(src: ImportSource, onProgress?: (bytes: number, rows: number) => Promise<void> | void): Promise<ReadSummary> {
  return readOrderFile(src.path, src, () => undefined, onProgress);
}

/** What the staging pass hands to the swap (opaque to the run: each kind reads its own). */
export interface Staged {
  /** Rows staged. */
  rows: number;
  /** The kind's own leftovers for the swap (orders: the item names for the menu). */
  extra?: unknown;
}

/** What the run gives a staging pass: awaited before each batch (the disk may be low), and progress in bytes read. */
export interface StageHooks {
  beforeBatch(): Promise<void>;
  onProgress(bytes: number): Promise<void>;
}

/**
 * What one kind of file brings to the shared import run ({@link runImport}): its passes over the
 * stored file, and the audit action's prefix. Orders here; ads in the ads module
 * (docs/decisions/0043), which reuses upload, record, job, progress and report unchanged.
 */
export interface ImportKind {
  /** `orders.import` / `ads.import`: the audit actions are `<prefix>.rejected` and `<prefix>.imported`. */
  audit: string;
  /** First pass: every row checked, nothing written. */
  validate(src: ImportSource, onProgress: (bytes: number, rows: number) => Promise<void> | void): Promise<Pick<ReadSummary, 'rowsRead' | 'rowsSkipped' | 'problems' | 'problemCount'>>;
  /**
   * Second pass, only after a clean first pass: writes the file's rows to `import_staging` under
   * `src.importId` in batches, each a short transaction of its own (docs/decisions/0036 "Staging").
   */
  stage(db: Db, src: ImportSource & { importId: string }, hooks: StageHooks): Promise<Staged>;
  /**
   * Moves the staged rows into the kind's tables, inside the swap's transaction (the outlet is
   * locked; the run deletes the staged rows after).
   * @returns new records, lines (0 where a kind has none) and records the outlet had
   */
  swap(tx: Db, src: ImportSource & { importId: string }, staged: Staged): Promise<{ orders: number; lines: number; alreadyThere: number }>;
}

/** The order file's passes. */
export const ORDER_FILES: ImportKind = {
  audit: 'orders.import',
  validate: (src, onProgress) => validateOrders(src, onProgress),
  async stage(db, src, hooks) {
    const items = new Map<string, string>();
    let rows = 0;
    await groupOrders(src, items, async (batch) => {
      await hooks.beforeBatch();
      await repo.stageRows(db, src.importId, rows + 1, batch.map(repo.stagedOrder));
      rows += batch.length;
    }, (bytes) => hooks.onProgress(bytes));
    return { rows, extra: items };
  },
  async swap(tx, src, staged) {
    const w = await repo.swapStagedOrders(tx, { clientId: src.clientId, outletId: src.outletId, importId: src.importId });
    await addOrderItems(tx, { clientId: src.clientId, outletId: src.outletId }, (staged.extra as Map<string, string> | undefined) ?? new Map());
    return { orders: w.orders, lines: w.lines, alreadyThere: w.staged - w.orders };
  },
};

/**
 * Disk space the swap may take, per byte of the uploaded file: the orders and lines with their
 * indexes, and the write-ahead log of that one transaction (an estimate on the safe side; the
 * London shape's 150,000-row file is 10 MB). Checked before the swap, the one step that cannot
 * pause for a low disk halfway (docs/decisions/0016 "Free space while running").
 */
const SWAP_BYTES_PER_FILE_BYTE = 8;

/** Share of an import's progress the staging pass covers (after validation's ½; the swap is the rest). */
const STAGE_SHARE = 0.45;

/**
 * Runs one import (the job's work): validate, stage the rows in batches (each its own short
 * transaction, so other requests interleave: docs/decisions/0036 "Staging"), then move them into
 * place in one short transaction, then drop the file. All or nothing: until the swap commits the
 * rows sit in `import_staging`, which no reader looks at. Idempotent: an import already finished is
 * left as it is; a run starts by deleting what an earlier, failed or killed run staged.
 */
export async function runImport(ctx: AppContext, importId: string, kind: ImportKind = ORDER_FILES): Promise<Record<string, unknown>> {
  const row = await repo.importById(ctx.db, importId);
  if (!row) return { missing: true };
  if (row.status === 'imported' || row.status === 'rejected' || row.status === 'failed') return { status: row.status };
  const path = row.filePath;
  if (!path || !(await stat(path).catch(() => null))) {
    await repo.clearStaging(ctx.db, row.id);
    await repo.updateImport(ctx.db, row.id, { status: 'failed', failure: 'The uploaded file is no longer on the server: upload it again.', finishedAt: ctx.now(), filePath: null });
    return { status: 'failed' };
  }
  // An ads file's passes read no order shape or mapping; `generic` only fills the order reader's type.
  const src = { path, clientId: row.clientId, outletId: row.outletId, currency: row.currency, importId: row.id, shape: row.shape === 'ads' ? ('generic' as const) : row.shape, mapping: (row.mapping as TColumnMapping | null) ?? null, sourceOutlet: row.sourceOutlet };
  const total = Math.max(1, row.bytes);
  await repo.clearStaging(ctx.db, row.id);
  await repo.updateImport(ctx.db, row.id, { status: 'validating', progress: 0, rowsRead: 0, failure: null });
  const checked = await kind.validate(src, async (bytes, rows) => repo.updateImport(ctx.db, row.id, { progress: (bytes / total) * 0.5, rowsRead: rows }));
  if (checked.problemCount > 0) {
    await ctx.db.transaction(async (tx) => {
      await repo.insertProblems(tx, row.id, checked.problems);
      await repo.updateImport(tx, row.id, { status: 'rejected', progress: 1, rowsRead: checked.rowsRead, rowsSkipped: checked.rowsSkipped, problemCount: checked.problemCount, finishedAt: ctx.now(), filePath: null });
      await audit(tx, { clientId: row.clientId, actorUserId: row.createdByUserId, action: `${kind.audit}.rejected`, target: `outlet:${row.outletId}`, details: { importId: row.id, problems: checked.problemCount } });
    });
    await rm(path, { force: true });
    return { status: 'rejected', problems: checked.problemCount };
  }
  await repo.updateImport(ctx.db, row.id, { status: 'importing', progress: 0.5, rowsRead: checked.rowsRead, rowsSkipped: checked.rowsSkipped });
  let done: { orders: number; lines: number; alreadyThere: number };
  try {
    const staged = await kind.stage(ctx.db, src, {
      // A low disk pauses the import between two batches, never inside one (lib/disk-watch.ts).
      beforeBatch: () => ctx.disk.whenSpace(),
      onProgress: (bytes) => repo.updateImport(ctx.db, row.id, { progress: 0.5 + (bytes / total) * STAGE_SHARE }),
    });
    await ctx.disk.whenSpace();
    const need = row.bytes * SWAP_BYTES_PER_FILE_BYTE;
    if (!(await ctx.disk.roomFor(need))) {
      // Writing on would fill the disk inside one statement, where PGlite does not fail but spins.
      await repo.clearStaging(ctx.db, row.id);
      await repo.updateImport(ctx.db, row.id, { status: 'failed', failure: `The server has too little free disk space to write this file (about ${Math.ceil(need / 1024 / 1024)} MiB needed); nothing was imported. Free space or split the file, then upload it again.`, finishedAt: ctx.now(), filePath: null });
      await rm(path, { force: true });
      return { status: 'failed', reason: 'disk space' };
    }
    done = await ctx.db.transaction(async (tx) => {
      // Imports into one outlet swap one at a time (an ads file checks the outlet's currency under it).
      await repo.lockOutlet(tx, row.outletId);
      const w = await kind.swap(tx, src, staged);
      await repo.clearStaging(tx, row.id);
      await repo.updateImport(tx, row.id, { status: 'imported', progress: 1, ordersImported: w.orders, linesImported: w.lines, ordersAlreadyThere: w.alreadyThere, finishedAt: ctx.now(), filePath: null });
      await audit(tx, { clientId: row.clientId, actorUserId: row.createdByUserId, action: `${kind.audit}.imported`, target: `outlet:${row.outletId}`, details: { importId: row.id, imported: w.orders, lines: w.lines, alreadyThere: w.alreadyThere } });
      return w;
    });
  } catch (e) {
    // Staged rows are never visible; deleting them now keeps the table small (a re-run would too).
    await repo.clearStaging(ctx.db, row.id).catch(() => undefined);
    throw e;
  }
  await rm(path, { force: true });
  return { status: 'imported', orders: done.orders, lines: done.lines, alreadyThere: done.alreadyThere };
}

/**
 * The job handler of an import kind: runs it, and on a failure either puts the import back in
 * the queue's hands (`queued`, retried) or, after the last of `retryLimit` retries, marks it
 * failed with the reason in plain words. @throws the failure, so the queue retries
 */
export async function runImportJob(ctx: AppContext, importId: string, retryCount: number, retryLimit: number, kind: ImportKind = ORDER_FILES): Promise<Record<string, unknown>> {
  try {
    return await runImport(ctx, importId, kind);
  } catch (e) {
    if (retryCount >= retryLimit) {
      await repo.updateImport(ctx.db, importId, { status: 'failed', failure: 'The import could not be written (a database error); nothing was imported. Try again.', finishedAt: ctx.now() }).catch(() => undefined);
    } else {
      await repo.updateImport(ctx.db, importId, { status: 'queued', progress: 0 }).catch(() => undefined);
    }
    throw e;
  }
}

/**
 * What an import shows when the sweeper found its job stalled (the worker's process died: lib/jobs.ts
 * heartbeat): queued again, or failed for good with the reason; staged rows of a failed one are
 * deleted. An import already finished is left as it is.
 */
export async function importStalled(ctx: AppContext, importId: string, willRetry: boolean): Promise<void> {
  const row = await repo.importById(ctx.db, importId);
  if (!row || row.status === 'imported' || row.status === 'rejected' || row.status === 'failed') return;
  if (willRetry) {
    await repo.updateImport(ctx.db, importId, { status: 'queued', progress: 0, failure: 'The server stopped while importing this file; the import starts again.' });
    return;
  }
  await repo.clearStaging(ctx.db, importId);
  await repo.updateImport(ctx.db, importId, { status: 'failed', failure: 'The server stopped while importing this file, and the import has no retries left; nothing was imported. Upload it again.', finishedAt: ctx.now() });
}

/**
 * `orders.import`: validates and imports one uploaded order file. Retried on database
 * failures (a retry deletes what the failed run staged and starts clean); after the last attempt the
 * import is marked failed with the reason.
 */
export const ordersImportJob = defineJob<{ clientId: string; outletId: string; importId: string }, AppContext>({
  name: 'orders.import',
  subject: 'BusinessOverview',
  schema: z.object({ clientId: z.string(), outletId: z.string(), importId: z.string() }),
  retryLimit: 2,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
  async handler(ctx, data, meta) {
    return runImportJob(ctx, data.importId, meta.retryCount, 2);
  },
  onStalled: (ctx, data, { willRetry }) => importStalled(ctx, data.importId, willRetry),
});

/**
 * Imports a file straight away in `tx`, without an upload or a job: the demo seed's (and the
 * benchmark's) path into the same code. One pass: the writer reads every row through the same
 * checks, and a file with any problem throws, which rolls `tx` back (all or nothing still holds;
 * the job's separate validation pass exists for the report and progress a person watches).
 * @throws Error naming the first problems when the file has any
 */
export async function importFileNow(tx: Db, src: Omit<ImportSource, 'importId'> & { fileName: string; actorUserId: string | null }): Promise<{ orders: number; lines: number }> {
  const bytes = (await stat(src.path)).size;
  const record = await repo.insertImport(tx, { clientId: src.clientId, outletId: src.outletId, createdByUserId: src.actorUserId, fileName: src.fileName, filePath: null, bytes, shape: src.shape, currency: src.currency, sourceOutlet: src.sourceOutlet ?? null, mapping: src.mapping ?? null, status: 'importing' });
  const w = await writeOrders(tx, { ...src, importId: record.id });
  const checked = w.summary;
  if (checked.problemCount) throw new Error(`${src.fileName}: ${checked.problemCount} problems, e.g. ${checked.problems.slice(0, 3).map((p) => `row ${p.row} ${p.column}: ${p.problem}`).join('; ')}`);
  await repo.updateImport(tx, record.id, { status: 'imported', progress: 1, rowsRead: checked.rowsRead, rowsSkipped: checked.rowsSkipped, ordersImported: w.orders, linesImported: w.lines, ordersAlreadyThere: w.alreadyThere, finishedAt: new Date() });
  return { orders: w.orders, lines: w.lines };
}
