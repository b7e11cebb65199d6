import { PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { EXPORT_MAX_ROWS, ZReviewFilterFields, type TReviewExport, type ZExportReviewsRequest } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/errors.ts';
import { defineJob } from '../../lib/jobs.ts';
import { parseCursor } from '../../lib/keyset.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import * as repo from './reviews.repository.ts';
import { checkFilterIds } from './reviews.service.ts';

/**
 * Export of the filtered feed as CSV or XLSX ("Export of the filtered reviews … with a
 * progress indicator for large exports"). `POST …/get_reviews/export` records the request and
 * queues `reviews.export`; the job counts the reviews, reads them in keyset batches, records its
 * progress after each batch (the web app polls `…/export/{id}`), and stores the finished file in
 * the database, so whichever process answers `…/export/{id}/file` can hand it out. Files are
 * kept {@link EXPORT_TTL_DAYS} days (the maintenance job deletes them after). A teammate whose
 * access covers the requester's (same client, at least the same outlets) may fetch it too.
 *
 * Cells that a spreadsheet would run as a formula (starting with = + - @, tab or CR) are prefixed
 * with an apostrophe (OWASP "CSV injection"): review text is written by anyone on the internet.
 */

/** Days an export stays downloadable. */
export const EXPORT_TTL_DAYS = 7;
/** Reviews read and written per batch (one progress update each). */
const BATCH = 500;

type ExportRequest = z.output<typeof ZExportReviewsRequest>;

const COLUMNS = [
  ['Review id', 10],
  ['Source', 10],
  ['Brand', 20],
  ['Outlet', 24],
  ['Reviewer', 20],
  ['Rating', 8],
  ['Recommends', 11],
  ['Sentiment', 10],
  ['Review', 60],
  ['Written (UTC)', 20],
  ['Edited (UTC)', 20],
  ['Replied', 8],
  ['Needs a reply', 12],
  ['Latest reply', 60],
  ['Link', 30],
] as const;

/** A cell value a spreadsheet shows as text, never runs. */
export function safeCell(v: string): string {
  return /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
}

function toView(row: repo.ExportRow | Omit<repo.ExportRow, 'content'>): TReviewExport {
  return {
    id: row.id,
    format: row.format,
    status: row.status,
    total: row.total,
    written: row.written,
    fileName: row.fileName,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * Records an export of the caller's filtered feed and queues it.
 * @throws HttpError 404 naming the field for a brand or outlet the caller cannot see
 */
export async function requestExport(ctx: AppContext, auth: AuthContext, body: ExportRequest): Promise<TReviewExport> {
  const { format, ...filters } = body;
  await checkFilterIds(ctx, auth, { outletId: filters.outletId, brandId: filters.brandId });
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertExport(tx, {
      clientId: auth.clientId!,
      userId: auth.userId,
      format,
      filters,
      outletIds: auth.outletIds ? [...auth.outletIds] : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + EXPORT_TTL_DAYS * 86_400_000),
    });
    await ctx.jobs.send(reviewExportJob, { clientId: auth.clientId!, exportId: created.id }, { tx });
    return created;
  });
  ctx.jobs.wake(reviewExportJob);
  return toView(row);
}

/**
 * Whether the caller sees at least what the export's requester saw: every outlet of the client
 * when the export was of every outlet, else each of its outlets. Such a teammate could run the
 * same export, so sharing its link shares nothing new.
 */
function covers(auth: AuthContext, outletIds: readonly string[] | null): boolean {
  if (auth.outletIds === null) return true;
  if (outletIds === null) return false;
  return outletIds.every((id) => inTenantScope(auth, { clientId: auth.clientId, outletId: id }));
}

/** An export the caller may see, or 404 (another client's, or wider than the caller's access, are not revealed). */
async function visibleExport(ctx: AppContext, auth: AuthContext, exportId: string) {
  const row = await repo.getExport(ctx.db, exportId);
  if (!row || row.clientId !== auth.clientId || !covers(auth, row.outletIds) || row.expiresAt.getTime() < ctx.now().getTime()) {
    throw new HttpError(404, `Export ${exportId} not found`, { field: 'params.exportId' });
  }
  return row;
}

/** An export's progress. @throws HttpError 404 */
export async function exportStatus(ctx: AppContext, auth: AuthContext, exportId: string): Promise<TReviewExport> {
  return toView(await visibleExport(ctx, auth, exportId));
}

/**
 * A finished export's file.
 * @throws HttpError 404 (unknown, someone else's, expired), 409 (not finished yet)
 */
export async function exportFile(ctx: AppContext, auth: AuthContext, exportId: string): Promise<{ fileName: string; contentType: string; content: Buffer }> {
  const row = await visibleExport(ctx, auth, exportId);
  if (row.status !== 'done') throw new HttpError(409, row.status === 'failed' ? `This export failed: ${row.error ?? 'unknown error'}` : 'This export is not finished yet.', { code: `export_${row.status}` });
  const file = await repo.getExportFile(ctx.db, exportId);
  if (!file?.content) throw new HttpError(404, `Export ${exportId} has no file`, { field: 'params.exportId' });
  return {
    fileName: file.fileName ?? `reviews.${file.format}`,
    contentType: file.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content: file.content,
  };
}

/** One exported review as cells, in {@link COLUMNS} order. */
function cells(row: Awaited<ReturnType<typeof repo.listFeed>>['rows'][number]): (string | number | null)[] {
  const r = row.r;
  return [
    r.id,
    r.source,
    safeCell(row.brandName),
    safeCell(row.outletName),
    safeCell(r.reviewerName),
    r.rating,
    r.source === 'facebook' ? (r.recommendationType === 'positive' ? 'yes' : 'no') : null,
    r.sentiment,
    safeCell(r.reviewText),
    r.createdTime.toISOString(),
    r.updateTime?.toISOString() ?? null,
    r.pageReplyCount > 0 ? 'yes' : 'no',
    row.needsReply ? 'yes' : 'no',
    row.lastReply === null ? null : safeCell(row.lastReply),
    row.mapsUri,
  ];
}

/** Builds the file of one export, recording progress per batch. @returns the file */
async function buildExport(ctx: AppContext, exp: Omit<repo.ExportRow, 'content'>): Promise<Buffer> {
  const filters = ZReviewFilterFields.parse(exp.filters);
  const f = { clientId: exp.clientId, outletIds: exp.outletIds, ...filters, q: filters.q || undefined };
  const total = Math.min(await repo.feedCount(ctx.db, f), EXPORT_MAX_ROWS);
  await repo.updateExport(ctx.db, exp.id, { status: 'running', total, written: 0 });

  const csvParts: string[] = [];
  let workbook: ExcelJS.stream.xlsx.WorkbookWriter | null = null;
  let sheet: ExcelJS.Worksheet | null = null;
  const chunks: Buffer[] = [];
  if (exp.format === 'xlsx') {
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
    sheet = workbook.addWorksheet('Reviews', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = COLUMNS.map(([header, width]) => ({ header, width }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
  } else {
    // A BOM so spreadsheet programs read the UTF-8 (names and reviews are not all ASCII).
    csvParts.push('\ufeff' + stringify([COLUMNS.map(([header]) => header)]));
  }

  let written = 0;
  let cursor: string | null = null;
  while (written < total) {
    const { rows, next } = await repo.listFeed(ctx.db, { ...f, after: parseCursor(cursor ?? undefined), limit: Math.min(BATCH, total - written) }, { withLastReply: true });
    if (!rows.length) break;
    const batch = rows.map(cells);
    if (sheet) for (const values of batch) sheet.addRow(values).commit();
    else csvParts.push(stringify(batch));
    written += rows.length;
    await repo.updateExport(ctx.db, exp.id, { written });
    cursor = next;
    if (!cursor) break;
  }
  if (workbook && sheet) {
    sheet.commit();
    await workbook.commit();
    return Buffer.concat(chunks);
  }
  return Buffer.from(csvParts.join(''), 'utf8');
}

/**
 * `reviews.export`: builds one export (see the module comment). Idempotent: a retry after a
 * crash starts the file again from the first review. A failure is recorded on the export, with
 * the reason the web app shows.
 */
export const reviewExportJob = defineJob<{ clientId: string; exportId: string }, AppContext>({
  name: 'reviews.export',
  subject: 'Review',
  schema: z.object({ clientId: z.uuid(), exportId: z.uuid() }),
  retryLimit: 2,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 30 * 60,
  concurrency: 1,
  async handler(ctx, data, meta) {
    const exp = await repo.getExport(ctx.db, data.exportId);
    if (!exp || exp.clientId !== data.clientId) return { skipped: 'export gone' };
    if (exp.status === 'done') return { skipped: 'already done' };
    try {
      const content = await buildExport(ctx, exp);
      const stamp = ctx.now().toISOString().slice(0, 16).replace(/[:T]/g, '-');
      const finishedAt = ctx.now();
      await ctx.db.transaction(async (tx) => {
        await repo.updateExport(tx, exp.id, { status: 'done', content, fileName: `reviews-${stamp}.${exp.format}`, finishedAt });
        await audit(tx, { clientId: exp.clientId, actorUserId: exp.userId, action: 'reviews.exported', target: `review_export:${exp.id}`, details: { format: exp.format, filters: exp.filters }, at: finishedAt });
      });
      return { exportId: exp.id, bytes: content.length };
    } catch (e) {
      const last = meta.retryCount >= 2;
      await repo.updateExport(ctx.db, exp.id, last ? { status: 'failed', error: (e as Error).message.slice(0, 300) } : { status: 'queued' }).catch(() => undefined);
      throw e;
    }
  },
});

/** Deletes exports past their expiry (the maintenance job). @returns how many */
export function pruneExpiredExports(ctx: AppContext): Promise<number> {
  return repo.pruneExports(ctx.db, ctx.now());
}
