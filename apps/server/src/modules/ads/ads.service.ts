import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { ADS_IMPORT_MAX_BYTES, ADS_MAX_PERIOD_DAYS, type TAdsCampaign, type TAdsFigures, type TAdsImport, type TAdsOutlet, type TAdsPerformance, type TAdsPerformanceRequest, ZAdsImportQuery } from '@dinedesk/contracts/ads';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { checkCsvRequest, saveUpload } from '../../lib/csv-upload.ts';
import { badRequest } from '../../lib/errors.ts';
import { defineJob } from '../../lib/jobs.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import { lockOutlet, insertImport, updateImport, importsOf, type ImportRow, importStalled, progressOf, reportOf, runImportJob, visibleImport, visibleOutlet, type ImportKind, type ImportSource } from '../orders/index.ts';
import { readAdsFile, type AdRow } from './ads.csv.ts';
import * as repo from './ads.repository.ts';

/**
 * Ads pro ("Digital Marketing: Ads pro", docs/decisions/0043).
 *
 * - **Import**: an ads CSV (campaign, date, spend, impressions, clicks) goes through the order
 *   import's machinery: the same upload checks and storage (lib/csv-upload.ts), the same
 *   `order_imports` record (shape `ads`), the same two-pass run with progress and validation
 *   report (`runImport` with {@link ADS_FILES}), in its own queue `ads.import`. A campaign-day the
 *   outlet has gets the file's figures; one currency per outlet.
 * - **Performance**: spend, impressions, clicks, CTR, and the outlet's orders attributed to the
 *   campaigns by day (each day's orders shared among that day's campaigns by clicks), giving
 *   cost per order and return on spend. An estimate, and the answer says so.
 * - Who: reading needs `read DigitalMarketing` on the outlet (every role granted the
 *   `digital_marketing` module); importing `update DigitalMarketing` (owners, super admins).
 */

/** Days of the default period, ending on the outlet's last day of ad data. */
export const DEFAULT_PERIOD_DAYS = 28;

const canImport = (auth: AuthContext) => auth.ability.can('update', 'DigitalMarketing');

/** Outlets the caller sees, with their ad data's range and currency (the outlet picker). */
export async function listAdsOutlets(ctx: AppContext, auth: AuthContext): Promise<{ data: TAdsOutlet[] }> {
  if (!auth.clientId) return { data: [] };
  const all = await repo.outletsOf(ctx.db, auth.clientId);
  const stats = new Map((await repo.adStatsOf(ctx.db, auth.clientId)).map((s) => [s.outletId, s]));
  const may = canImport(auth);
  return {
    data: all
      .filter((o) => inTenantScope(auth, { clientId: auth.clientId, outletId: o.id }))
      .map((o) => {
        const s = stats.get(o.id);
        return { id: o.id, name: o.name, city: o.city, brandName: o.brandName, currency: s?.currency ?? null, ordersCurrency: o.ordersCurrency, campaignDays: s?.campaignDays ?? 0, firstDay: s?.firstDay ?? null, lastDay: s?.lastDay ?? null, canImport: may };
      }),
  };
}

export function adsImportView(r: ImportRow): TAdsImport {
  return {
    id: r.id,
    outletId: r.outletId,
    fileName: r.fileName,
    bytes: r.bytes,
    currency: r.currency,
    status: r.status,
    progress: progressOf(r),
    rowsRead: r.rowsRead,
    daysImported: r.ordersImported,
    daysUpdated: r.ordersAlreadyThere,
    problemCount: r.problemCount,
    failure: r.failure,
    createdAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
  };
}

/**
 * `POST /api/ads/imports`: stores the upload and queues its import. @returns the import (queued)
 * @throws HttpError 400 (content type, `query.currency` other than the outlet's ad currency, binary
 * or empty file), 404 outlet, 413 too large
 */
export async function startAdsImport(ctx: AppContext, auth: AuthContext, query: z.infer<typeof ZAdsImportQuery>, contentType: string | undefined, contentLength: number | null, body: Readable): Promise<TAdsImport> {
  let outlet: Awaited<ReturnType<typeof visibleOutlet>>;
  try {
    // The outlet first: another client's outlet answers 404 whatever the file (decision 0004).
    outlet = await visibleOutlet(ctx, auth, query.outletId, 'query.outletId');
    checkCsvRequest(contentType, contentLength, ADS_IMPORT_MAX_BYTES, 'an ads import');
    const current = await repo.adCurrencyOf(ctx.db, outlet.id);
    if (current && current !== query.currency) throw badRequest(`currency must be ${current}: this outlet's ad spend is in ${current}, and one outlet's figures are in one currency`, 'query.currency');
  } catch (e) {
    body.resume();
    throw e;
  }
  const id = randomUUID();
  const path = join(ctx.config.dataDir, 'uploads', 'ads', `${id}.csv`);
  const bytes = await saveUpload(body, path, ADS_IMPORT_MAX_BYTES, 'an ads import');
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertImport(tx, { id, clientId: outlet.clientId, outletId: outlet.id, createdByUserId: auth.userId, fileName: query.fileName, filePath: path, bytes, shape: 'ads', currency: query.currency, createdAt: now });
    const jobId = await ctx.jobs.send(adsImportJob, { clientId: outlet.clientId, outletId: outlet.id, importId: id }, { tx });
    await updateImport(tx, id, { jobId });
    await audit(tx, { clientId: outlet.clientId, actorUserId: auth.userId, action: 'ads.import.queued', target: `outlet:${outlet.id}`, details: { importId: id, fileName: query.fileName, bytes }, at: now });
    return { ...created, jobId };
  });
  ctx.jobs.wake(adsImportJob);
  return adsImportView(row);
}

export async function adsImportStatus(ctx: AppContext, auth: AuthContext, importId: string): Promise<TAdsImport> {
  return adsImportView(await visibleImport(ctx, auth, importId, true));
}

export async function listAdsImports(ctx: AppContext, auth: AuthContext, outletId: string): Promise<{ data: TAdsImport[] }> {
  const outlet = await visibleOutlet(ctx, auth, outletId);
  return { data: (await importsOf(ctx.db, outlet.clientId, outlet.id, true)).map(adsImportView) };
}

/** The validation report of an ads import (CSV `row,column,problem`). @throws HttpError 404 naming `params.importId` */
export async function adsImportReport(ctx: AppContext, auth: AuthContext, importId: string): Promise<{ fileName: string; csv: string }> {
  return reportOf(ctx, await visibleImport(ctx, auth, importId, true));
}

/** Campaign-days per upsert while writing. */
const WRITE_BATCH = 1000;

/**
 * Writes an ads file checked clean, in `tx` under the outlet's lock. @returns new and replaced campaign-days
 * @throws Error when the outlet's ad data meanwhile got another currency (the import fails, nothing written)
 */
export async function writeAds(tx: Db, src: Pick<ImportSource, 'path' | 'clientId' | 'outletId' | 'currency' | 'importId'>, onProgress?: (bytes: number) => void): Promise<{ inserted: number; updated: number; summary: Awaited<ReturnType<typeof readAdsFile>> }> {
  await lockOutlet(tx, src.outletId);
  const current = await repo.adCurrencyOf(tx, src.outletId);
  if (current && current !== src.currency) throw new Error(`the outlet's ad spend is in ${current}, this file's in ${src.currency}`);
  const scope = { clientId: src.clientId, outletId: src.outletId, importId: src.importId, currency: src.currency };
  let batch: AdRow[] = [];
  const counts = { inserted: 0, updated: 0 };
  const flush = async () => {
    const w = await repo.upsertCampaignDays(tx, scope, batch);
    counts.inserted += w.inserted;
    counts.updated += w.updated;
    batch = [];
  };
  const summary = await readAdsFile(
    src.path,
    async (r) => {
      batch.push(r);
      if (batch.length >= WRITE_BATCH) await flush();
    },
    onProgress ? (bytes) => onProgress(bytes) : undefined,
  );
  await flush();
  return { ...counts, summary };
}

/** The ads file's passes through the shared import run (orders.service.ts `runImport`): staged, then swapped. */
export const ADS_FILES: ImportKind = {
  audit: 'ads.import',
  validate: (src, onProgress) => readAdsFile(src.path, () => undefined, onProgress),
  async stage(db, src, hooks) {
    let batch: AdRow[] = [];
    let rows = 0;
    const flush = async () => {
      await hooks.beforeBatch();
      await repo.stageCampaignDays(db, src.importId, rows + 1, batch);
      rows += batch.length;
      batch = [];
    };
    await readAdsFile(
      src.path,
      async (r) => {
        batch.push(r);
        if (batch.length >= WRITE_BATCH) await flush();
      },
      (bytes) => hooks.onProgress(bytes),
    );
    if (batch.length) await flush();
    return { rows };
  },
  async swap(tx, src) {
    const current = await repo.adCurrencyOf(tx, src.outletId);
    if (current && current !== src.currency) throw new Error(`the outlet's ad spend is in ${current}, this file's in ${src.currency}`);
    const w = await repo.swapStagedCampaignDays(tx, { clientId: src.clientId, outletId: src.outletId, importId: src.importId, currency: src.currency });
    return { orders: w.inserted, lines: 0, alreadyThere: w.updated };
  },
};

/**
 * `ads.import`: validates and imports one uploaded ads file. Retried on database failures (a
 * retry starts clean: staged rows are never visible); after the last attempt the import is marked failed with the reason.
 */
export const adsImportJob = defineJob<{ clientId: string; outletId: string; importId: string }, AppContext>({
  name: 'ads.import',
  subject: 'DigitalMarketing',
  schema: z.object({ clientId: z.string(), outletId: z.string(), importId: z.string() }),
  retryLimit: 2,
  retryDelaySeconds: 5,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  async handler(ctx, data, meta) {
    return runImportJob(ctx, data.importId, meta.retryCount, 2, ADS_FILES);
  },
  onStalled: (ctx, data, { willRetry }) => importStalled(ctx, data.importId, willRetry),
});

/**
 * Imports an ads file straight away in `tx` (the demo seed's path into the same code), recorded
 * as an import. @throws Error naming the first problems when the file has any (rolls `tx` back)
 */
export async function importAdsFileNow(tx: Db, src: { path: string; clientId: string; outletId: string; currency: string; fileName: string }): Promise<{ inserted: number; updated: number }> {
  const bytes = (await stat(src.path)).size;
  const record = await insertImport(tx, { clientId: src.clientId, outletId: src.outletId, createdByUserId: null, fileName: src.fileName, filePath: null, bytes, shape: 'ads', currency: src.currency, status: 'importing' });
  const w = await writeAds(tx, { ...src, importId: record.id });
  if (w.summary.problemCount) throw new Error(`${src.fileName}: ${w.summary.problemCount} problems, e.g. ${w.summary.problems.slice(0, 3).map((p) => `row ${p.row} ${p.column}: ${p.problem}`).join('; ')}`);
  await updateImport(tx, record.id, { status: 'imported', progress: 1, rowsRead: w.summary.rowsRead, ordersImported: w.inserted, ordersAlreadyThere: w.updated, finishedAt: new Date() });
  return { inserted: w.inserted, updated: w.updated };
}

// ------------------------------------------------------------------ performance

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

interface Sums {
  spendMinor: number;
  impressions: number;
  clicks: number;
  orders: number;
  salesMinor: number;
}
const zero = (): Sums => ({ spendMinor: 0, impressions: 0, clicks: 0, orders: 0, salesMinor: 0 });

function figures(s: Sums, sameCurrency: boolean): TAdsFigures {
  const spend = s.spendMinor / 100;
  return {
    spend: round(spend, 2),
    impressions: s.impressions,
    clicks: s.clicks,
    ctr: s.impressions > 0 ? round(s.clicks / s.impressions, 6) : null,
    attributedOrders: round(s.orders, 2),
    attributedSales: round(s.salesMinor / 100, 2),
    costPerOrder: s.orders > 0 ? round(spend / s.orders, 2) : null,
    returnOnSpend: sameCurrency && s.spendMinor > 0 ? round(s.salesMinor / s.spendMinor, 2) : null,
  };
}

/**
 * `POST /api/ads/performance`: the outlet's ad figures over a period of local days (default: the
 * {@link DEFAULT_PERIOD_DAYS} days ending on its last day of ad data; one end given, that many
 * days from or up to it), per campaign and per day,
 * with orders attributed by day (docs/decisions/0043 "Attribution"): on each day with ad spend or
 * clicks, the outlet's orders and sales that day are shared among its campaigns by their clicks
 * (by spend when no campaign had a click). Days outside the outlet's order data attribute nothing
 * and clear `ordersCovered`.
 * @throws HttpError 404 outlet (naming `body.outletId`), 400 a period over {@link ADS_MAX_PERIOD_DAYS} days (naming `body.from`)
 */
export async function adsPerformance(ctx: AppContext, auth: AuthContext, req: TAdsPerformanceRequest): Promise<TAdsPerformance> {
  const outlet = await visibleOutlet(ctx, auth, req.outletId);
  const [range, currency, ordersRange] = await Promise.all([repo.adRange(ctx.db, outlet.id), repo.adCurrencyOf(ctx.db, outlet.id), repo.ordersRangeOf(ctx.db, outlet.id)]);
  // One end given: the default length from it; none: the default length ending on the last ad day.
  const to = req.to ?? (req.from ? addDays(req.from, DEFAULT_PERIOD_DAYS - 1) : range.last);
  const from = req.from ?? (to ? addDays(to, -(DEFAULT_PERIOD_DAYS - 1)) : null);
  if (from && to && daysBetween(from, to) > ADS_MAX_PERIOD_DAYS) throw badRequest(`the period from ${from} to ${to} is longer than ${ADS_MAX_PERIOD_DAYS} days: choose a shorter one`, 'body.from');
  const empty = { ...zero() };
  const sameCurrency = currency !== null && currency === ordersRange.currency;
  const base = { outletId: outlet.id, currency, ordersCurrency: ordersRange.currency, dataFrom: range.first, dataTo: range.last, canImport: canImport(auth) };
  if (!from || !to) {
    return { ...base, from, to, totals: figures(empty, sameCurrency), campaigns: [], daily: [], attribution: { method: 'day_share', estimate: true, adDays: 0, adDayOrders: null, otherDays: 0, otherDayOrders: null, ordersCovered: true } };
  }
  const [rows, orderDays] = await Promise.all([repo.campaignDaysIn(ctx.db, outlet.id, from, to), repo.ordersPerDay(ctx.db, outlet.id, from, to)]);
  const ordersOn = new Map(orderDays.map((d) => [d.day, d]));
  const covered = (day: string) => ordersRange.first !== null && ordersRange.last !== null && day >= ordersRange.first && day <= ordersRange.last;

  const byDay = new Map<string, typeof rows>();
  for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
  const totals = zero();
  const campaigns = new Map<string, Sums & { firstDay: string; lastDay: string; days: number }>();
  const daily: TAdsPerformance['daily'] = [];
  const lift = { adDays: 0, adOrders: 0, otherDays: 0, otherOrders: 0, uncovered: 0 };
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const today = byDay.get(day) ?? [];
    const clicks = today.reduce((n, r) => n + r.clicks, 0);
    const spend = today.reduce((n, r) => n + r.spendMinor, 0);
    const isAdDay = clicks > 0 || spend > 0;
    const dayOrders = covered(day) ? (ordersOn.get(day)?.orders ?? 0) : null;
    const daySales = ordersOn.get(day)?.salesMinor ?? 0;
    let attributed = 0;
    for (const r of today) {
      const share = clicks > 0 ? r.clicks / clicks : spend > 0 ? r.spendMinor / spend : 0;
      const orders = dayOrders === null ? 0 : dayOrders * share;
      const sales = dayOrders === null ? 0 : daySales * share;
      attributed += orders;
      const c = campaigns.get(r.campaign) ?? { ...zero(), firstDay: day, lastDay: day, days: 0 };
      c.spendMinor += r.spendMinor;
      c.impressions += r.impressions;
      c.clicks += r.clicks;
      c.orders += orders;
      c.salesMinor += sales;
      c.lastDay = day;
      c.days++;
      campaigns.set(r.campaign, c);
      totals.spendMinor += r.spendMinor;
      totals.impressions += r.impressions;
      totals.clicks += r.clicks;
      totals.orders += orders;
      totals.salesMinor += sales;
    }
    if (dayOrders === null) {
      if (isAdDay) lift.uncovered++;
    } else if (isAdDay) {
      lift.adDays++;
      lift.adOrders += dayOrders;
    } else {
      lift.otherDays++;
      lift.otherOrders += dayOrders;
    }
    daily.push({ day, spend: round(spend / 100, 2), impressions: today.reduce((n, r) => n + r.impressions, 0), clicks, orders: dayOrders, attributedOrders: round(attributed, 2) });
  }
  const campaignList: TAdsCampaign[] = [...campaigns.entries()]
    .map(([campaign, c]) => ({ campaign, firstDay: c.firstDay, lastDay: c.lastDay, days: c.days, ...figures(c, sameCurrency) }))
    .sort((a, b) => b.spend - a.spend || a.campaign.localeCompare(b.campaign));
  return {
    ...base,
    from,
    to,
    totals: figures(totals, sameCurrency),
    campaigns: campaignList,
    daily,
    attribution: {
      method: 'day_share',
      estimate: true,
      adDays: lift.adDays,
      adDayOrders: lift.adDays > 0 ? round(lift.adOrders / lift.adDays, 2) : null,
      otherDays: lift.otherDays,
      otherDayOrders: lift.otherDays > 0 ? round(lift.otherOrders / lift.otherDays, 2) : null,
      ordersCovered: lift.uncovered === 0,
    },
  };
}
