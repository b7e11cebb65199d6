import { inflateSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, ZReviewKpis, type TReviewKpis } from '@dinedesk/contracts';
import { REPORTS_API, ZReportDefinition, ZReportRun, ZReportRunList, type TReportRun, type TReportSpec } from '@dinedesk/contracts/reports';
import { schema } from '../../db/client.ts';
import { startHarness, tableCounts, type Harness } from '../../test/harness.ts';
import { comparePeriod, resolvePeriod } from './reports.figures.ts';
import { nextRunAfter } from './reports.service.ts';

/**
 * Report on demand (docs/decisions/0042) through the API: a report over two outlets is
 * generated in the background as XLSX, PDF and CSV, and each file is opened and its figures checked
 * against the API the screens use (the reviews KPIs) and the orders written for the test; runs are
 * the asker's alone; saved reports and their schedule; bad input and isolation.
 */

let h: Harness;
const tokens = {} as Record<'owner' | 'agent' | 'otherOwner' | 'outletManager', string>;
let clientId: string;
let outlets: { id: string; name: string }[];
let otherOutletId: string;
/** A year that ends at the newest seeded review, where the reviews of the seed are. */
let span: { from: string; to: string };

const post = (url: string, token: string, payload?: unknown) => h.post(url, token, payload);
const get = (url: string, token: string) => h.get(url, token);
const runUrl = (path: string, id: string) => path.replace(':runId', id);

async function runReport(spec: TReportSpec, format: 'csv' | 'xlsx' | 'pdf', token = tokens.owner, title = 'Monthly review'): Promise<{ run: TReportRun; file: Buffer; headers: Record<string, unknown> }> {
  const queued = await post(REPORTS_API.run, token, { spec, format, title });
  expect(queued.statusCode, queued.body).toBe(202);
  const run = ZReportRun.parse(queued.json());
  expect(run.status).toBe('queued');
  await h.settle();
  const done = ZReportRun.parse((await get(runUrl(REPORTS_API.runStatus, run.id), token)).json());
  expect(done, done.error ?? '').toMatchObject({ status: 'done', progress: 1 });
  const file = await get(runUrl(REPORTS_API.runFile, run.id), token);
  expect(file.statusCode).toBe(200);
  return { run: done, file: file.rawPayload, headers: file.headers };
}

async function kpis(from: string, to: string): Promise<TReviewKpis> {
  const res = await post(API.reviewKpis, tokens.owner, { from, to });
  expect(res.statusCode, res.body).toBe(200);
  return ZReviewKpis.parse(res.json());
}

/** The text of a PDF written by pdfmake (pdfkit): its deflated content streams' `TJ` strings (a word each), spaces collapsed. */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let text: string;
    try {
      text = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of text.matchAll(/\[(.*?)\]\s*TJ/g)) out.push([...tj[1]!.matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => Buffer.from(x[1]!, 'hex').toString('latin1')).join(''));
  }
  return out.join(' ').replace(/\s+/g, ' ');
}

beforeAll(async () => {
  h = await startHarness();
  tokens.owner = await h.login('owner@spice-route.demo');
  tokens.agent = await h.login('agent@spice-route.demo');
  tokens.outletManager = await h.login('outlet.manager@spice-route.demo');
  tokens.otherOwner = await h.login('owner@deccan-table.demo');
  const db = h.server.ctx.db;
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  clientId = client!.id;
  const [other] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'deccan-table'));
  otherOutletId = (await db.select().from(schema.outlets).where(eq(schema.outlets.clientId, other!.id)))[0]!.id;
  // Two outlets with reviews, as the seed synced them.
  const withReviews = await db
    .select({ id: schema.outlets.id, name: schema.outlets.name, n: sql<number>`count(*)`.mapWith(Number), last: sql<string>`to_char(max(${schema.reviews.createdTime}), 'YYYY-MM-DD')` })
    .from(schema.reviews)
    .innerJoin(schema.outlets, eq(schema.outlets.id, schema.reviews.outletId))
    .where(eq(schema.reviews.clientId, clientId))
    .groupBy(schema.outlets.id, schema.outlets.name)
    .orderBy(sql`count(*) desc`)
    .limit(2);
  outlets = withReviews.map((o) => ({ id: o.id, name: o.name }));
  const last = withReviews.map((o) => o.last).sort().at(-1)!;
  span = { from: new Date(Date.parse(`${last}T00:00:00Z`) - 365 * 86_400_000).toISOString().slice(0, 10), to: last };
  // Orders of the first outlet in the span: 3 orders, 2 of them biryani.
  const at = (d: number) => `${new Date(Date.parse(`${span.to}T12:00:00Z`) - d * 86_400_000).toISOString().slice(0, 10)} 13:00:00`;
  const base = { clientId, outletId: outlets[0]!.id, currency: 'INR', lineCount: 1 };
  const inserted = await db
    .insert(schema.orders)
    .values([
      { ...base, externalId: 'r-1', orderedAt: at(1), totalMinor: 45000, itemCount: 2 },
      { ...base, externalId: 'r-2', orderedAt: at(2), totalMinor: 30000, itemCount: 1 },
      { ...base, externalId: 'r-3', orderedAt: at(3), totalMinor: 12550, itemCount: 1 },
    ])
    .returning();
  await db.insert(schema.orderLines).values([
    { orderId: inserted[0]!.id, clientId, outletId: base.outletId, orderedAt: at(1), itemName: 'Chicken Biryani', quantity: 2, unitPriceMinor: 22500 },
    { orderId: inserted[1]!.id, clientId, outletId: base.outletId, orderedAt: at(2), itemName: 'Chicken Biryani', quantity: 1, unitPriceMinor: 30000 },
    { orderId: inserted[2]!.id, clientId, outletId: base.outletId, orderedAt: at(3), itemName: 'Double Ka Meetha', quantity: 1, unitPriceMinor: 12550 },
  ]);
}, 180_000);
afterAll(() => h?.close());

const spec = (over: Partial<TReportSpec> = {}): TReportSpec => ({
  metrics: ['ratings', 'response', 'complaints', 'orders', 'sales', 'item_mix'],
  outletIds: outlets.map((o) => o.id),
  period: { kind: 'range', from: span.from, to: span.to },
  comparison: 'none',
  ...over,
});

describe('periods', () => {
  it('ends the last N days yesterday, and compares with the days before or a year earlier', () => {
    const p = resolvePeriod({ kind: 'last_days', days: 7 }, new Date('2026-11-30T09:00:00Z'));
    expect(p).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(comparePeriod(p, 'previous_period')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(comparePeriod(p, 'previous_year')).toEqual({ from: '2025-11-23', to: '2025-11-29' });
    expect(comparePeriod({ from: '2028-02-29', to: '2028-03-01' }, 'previous_year')).toEqual({ from: '2027-03-01', to: '2027-03-01' });
    expect(comparePeriod(p, 'none')).toBeNull();
  });

  it('schedules weekly runs on Mondays and monthly runs on the 1st, 06:00 UTC, always after now', () => {
    expect(nextRunAfter('weekly', new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(nextRunAfter('weekly', new Date('2026-11-30T05:59:00Z')).toISOString()).toBe('2026-11-30T06:00:00.000Z');
    expect(nextRunAfter('weekly', new Date('2026-11-30T06:00:00Z')).toISOString()).toBe('2026-12-07T06:00:00.000Z');
    expect(nextRunAfter('monthly', new Date('2026-11-28T10:00:00Z')).toISOString()).toBe('2026-12-01T06:00:00.000Z');
    expect(nextRunAfter('monthly', new Date('2026-12-31T23:00:00Z')).toISOString()).toBe('2027-01-01T06:00:00.000Z');
  });
});

describe('a report in three formats, checked against the API', () => {
  it('XLSX: the summary and item mix match the reviews KPIs and the orders', async () => {
    const { run, file, headers } = await runReport(spec(), 'xlsx');
    expect(run).toMatchObject({ format: 'xlsx', outletCount: 2, period: span, comparePeriod: null, scheduled: false });
    expect(run.fileName).toBe(`Monthly-review-${span.from}-to-${span.to}.xlsx`);
    expect(headers['content-type']).toContain('spreadsheetml');
    expect(headers['content-disposition']).toBe(`attachment; filename="${run.fileName}"`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file as unknown as ArrayBuffer);
    const rows = (wb.getWorksheet('Summary')!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    const value = (outlet: string, figure: string) => rows.find((r) => r[0] === outlet && r[2] === figure)?.[3];
    const k = await kpis(span.from, span.to);
    expect(rows[1]).toEqual(['Period', `${span.from} to ${span.to}`]);
    for (const o of outlets) {
      const api = k.outlets.find((x) => x.outletId === o.id)!;
      expect(value(o.name, 'New reviews')).toBe(api.reviewCount);
      expect(value(o.name, 'Average rating (1–5)')).toBe(Math.round(api.averageRating! * 100) / 100);
      expect(value(o.name, 'Response rate (%)') ?? null).toBe(api.responseRate === null ? null : Math.round(api.responseRate * 1000) / 10);
    }
    expect(value('All outlets', 'New reviews')).toBe(k.outlets.filter((x) => outlets.some((o) => o.id === x.outletId)).reduce((a, x) => a + x.reviewCount, 0));
    expect(value(outlets[0]!.name, 'Orders')).toBe(3);
    expect(value(outlets[0]!.name, 'Items sold')).toBe(4);
    expect(value(outlets[0]!.name, 'Sales (INR)')).toBe(875.5);
    expect(value(outlets[0]!.name, 'Average order value (INR)')).toBe(291.83);
    expect(value(outlets[1]!.name, 'Orders')).toBe(0);
    const mix = (wb.getWorksheet('Item mix')!.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(mix[0]).toEqual(['Outlet', 'Item', 'Quantity', 'Share', 'Sales', 'Currency']);
    expect(mix[1]).toEqual([outlets[0]!.name, 'Chicken Biryani', 3, 0.75, 750, 'INR']);
    expect(mix[2]).toEqual([outlets[0]!.name, 'Double Ka Meetha', 1, 0.25, 125.5, 'INR']);
  });

  it('PDF: a real PDF whose table shows the same figures', async () => {
    const { run, file, headers } = await runReport(spec({ metrics: ['ratings', 'orders', 'sales'] }), 'pdf');
    expect(headers['content-type']).toBe('application/pdf');
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(file);
    const k = await kpis(span.from, span.to);
    expect(text).toContain('Monthly review');
    expect(text).toContain(`Period ${span.from} to ${span.to}`);
    expect(text).toContain(outlets[0]!.name);
    expect(text).toContain('Sales (INR)');
    expect(text).toContain('875.5');
    expect(text).toContain(String(k.outlets.find((x) => x.outletId === outlets[0]!.id)!.reviewCount));
    expect(text).not.toContain('Item mix');
    expect(run.metrics).toEqual(['ratings', 'orders', 'sales']);
  });

  it('CSV: UTF-8 with the comparison period and change, and names kept from running as formulas', async () => {
    const db = h.server.ctx.db;
    const [before] = await db.select().from(schema.outlets).where(eq(schema.outlets.id, outlets[1]!.id));
    await db.update(schema.outlets).set({ name: '=HYPERLINK("http://evil.test")' }).where(eq(schema.outlets.id, outlets[1]!.id));
    try {
      const { run, file } = await runReport(spec({ metrics: ['ratings', 'orders'], comparison: 'previous_period' }), 'csv');
      expect(run.comparePeriod).toEqual(comparePeriod(span, 'previous_period'));
      const csv = file.toString('utf8');
      expect(csv.startsWith('\ufeffDineDesk report,Monthly review')).toBe(true);
      expect(csv).toContain(`Compared with,${run.comparePeriod!.from} to ${run.comparePeriod!.to}`);
      expect(csv).toContain(outlets[0]!.name.includes(',') ? `"${outlets[0]!.name}",` : `${outlets[0]!.name},`);
      expect(csv).toMatch(new RegExp(`,Orders,3,0,\\r?\\n`));
      expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"")"`);
      expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
    } finally {
      await db.update(schema.outlets).set({ name: before!.name }).where(eq(schema.outlets.id, outlets[1]!.id));
    }
  });

  it('every outlet the person sees when none is named; an outlet manager’s only theirs', async () => {
    const all = await post(REPORTS_API.run, tokens.outletManager, { spec: spec({ outletIds: [], metrics: ['ratings'] }), format: 'csv' });
    expect(all.statusCode).toBe(202);
    expect(all.json().outletCount).toBe(1);
    await h.settle();
  });
});

describe('runs belong to the person who asked', () => {
  it('lists my runs; a teammate who sees all its outlets may read a run, one who does not and another client get 404', async () => {
    const queued = await post(REPORTS_API.run, tokens.owner, { spec: spec({ metrics: ['orders'] }), format: 'csv' });
    const run = ZReportRun.parse(queued.json());
    await h.settle();
    const mine = ZReportRunList.parse((await post(REPORTS_API.runs, tokens.owner, {})).json()).data;
    expect(mine[0]!.id).toBe(run.id);
    expect(ZReportRunList.parse((await post(REPORTS_API.runs, tokens.agent, {})).json()).data.some((r) => r.id === run.id)).toBe(false);
    // The agent sees every outlet of the client; the outlet manager one; the other owner none.
    expect((await get(runUrl(REPORTS_API.runFile, run.id), tokens.agent)).statusCode).toBe(200);
    for (const token of [tokens.outletManager, tokens.otherOwner]) {
      expect((await get(runUrl(REPORTS_API.runStatus, run.id), token)).statusCode).toBe(404);
      expect((await get(runUrl(REPORTS_API.runFile, run.id), token)).statusCode).toBe(404);
    }
  });

  it('says a run is not ready (409) before its job ran, and an expired run is gone (404)', async () => {
    const db = h.server.ctx.db;
    const [run] = await db
      .insert(schema.reportRuns)
      .values({ clientId, userId: (await db.select().from(schema.users).where(eq(schema.users.email, 'owner@spice-route.demo')))[0]!.id, title: 'Waiting', spec: spec(), outletIds: [], format: 'csv', periodFrom: span.from, periodTo: span.to, expiresAt: new Date(Date.now() + 86_400_000) })
      .returning();
    const waiting = await get(runUrl(REPORTS_API.runFile, run!.id), tokens.owner);
    expect(waiting.statusCode).toBe(409);
    expect(waiting.json().code).toBe('report_queued');
    await db.update(schema.reportRuns).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(schema.reportRuns.id, run!.id));
    expect((await get(runUrl(REPORTS_API.runStatus, run!.id), tokens.owner)).statusCode).toBe(404);
  });
});

describe('saved reports', () => {
  it('saves, schedules, lists, updates and deletes, each person only their own', async () => {
    const body = { name: 'Weekly ratings', spec: spec({ period: { kind: 'last_days', days: 7 }, comparison: 'previous_period', outletIds: [] }), format: 'pdf', schedule: { frequency: 'weekly' } };
    const saved = await post(REPORTS_API.saveDefinition, tokens.owner, body);
    expect(saved.statusCode, saved.body).toBe(200);
    const d = ZReportDefinition.parse(saved.json());
    expect(d).toMatchObject({ name: 'Weekly ratings', mailTo: 'owner@spice-route.demo', lastRunAt: null, schedule: { frequency: 'weekly' } });
    expect(new Date(d.nextRunAt!).getUTCDay()).toBe(1);
    expect(Date.parse(d.nextRunAt!)).toBeGreaterThan(Date.now());
    expect((await post(REPORTS_API.definitions, tokens.owner, {})).json().data.map((x: { id: string }) => x.id)).toContain(d.id);
    expect((await post(REPORTS_API.definitions, tokens.agent, {})).json().data).toEqual([]);
    // A teammate cannot change or delete it, nor run it.
    expect((await post(REPORTS_API.saveDefinition, tokens.agent, { ...body, id: d.id })).statusCode).toBe(404);
    expect((await post(REPORTS_API.deleteDefinition, tokens.agent, { id: d.id })).json()).toEqual({ deleted: false });
    expect((await post(REPORTS_API.run, tokens.agent, { definitionId: d.id })).statusCode).toBe(404);
    // Run it now, as a file of another format.
    const now = await post(REPORTS_API.run, tokens.owner, { definitionId: d.id, format: 'csv' });
    expect(now.statusCode).toBe(202);
    expect(now.json()).toMatchObject({ title: 'Weekly ratings', format: 'csv', definitionId: d.id, scheduled: false });
    await h.settle();
    const unscheduled = await post(REPORTS_API.saveDefinition, tokens.owner, { ...body, id: d.id, schedule: null });
    expect(unscheduled.json()).toMatchObject({ schedule: null, nextRunAt: null });
    expect((await post(REPORTS_API.deleteDefinition, tokens.owner, { id: d.id })).json()).toEqual({ deleted: true });
    expect((await post(REPORTS_API.deleteDefinition, tokens.owner, { id: d.id })).json()).toEqual({ deleted: false });
    expect((await post(REPORTS_API.definitions, tokens.owner, {})).json().data).toEqual([]);
  });
});

describe('bad input and isolation', () => {
  it.each([
    ['no metric', { spec: { metrics: [] }, format: 'csv' }, 'metrics'],
    ['an unknown metric', { spec: { metrics: ['profit'] }, format: 'csv' }, 'metrics'],
    ['a repeated metric', { spec: { metrics: ['orders', 'orders'] }, format: 'csv' }, 'metrics'],
    ['a reversed period', { spec: { period: { kind: 'range', from: '2026-02-01', to: '2026-01-01' } }, format: 'csv' }, 'period'],
    ['a period over a year', { spec: { period: { kind: 'range', from: '2020-01-01', to: '2026-01-01' } }, format: 'csv' }, 'period'],
    ['a day that is no date', { spec: { period: { kind: 'range', from: '2026-02-30', to: '2026-03-01' } }, format: 'csv' }, 'period'],
    ['a huge number of days', { spec: { period: { kind: 'last_days', days: 1e12 } }, format: 'csv' }, 'period'],
    ['days as text', { spec: { period: { kind: 'last_days', days: '7' } }, format: 'csv' }, 'period'],
    ['an unknown format', { spec: {}, format: 'doc' }, 'format'],
    ['an outlet id with a control character', { spec: { outletIds: ['\u0000'] }, format: 'csv' }, 'outletIds'],
  ])('a run with %s is a 400 naming the field, writing nothing', async (_what, req, field) => {
    const body = { ...req, spec: { ...spec(), ...(req.spec as object) } };
    const before = await tableCounts(h);
    const res = await post(REPORTS_API.run, tokens.owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field ?? res.json().message).toContain(field);
    expect(await tableCounts(h)).toEqual(before);
  });

  it('another client’s outlet is a 404 naming spec.outletIds, and nothing is queued', async () => {
    const before = await tableCounts(h);
    const res = await post(REPORTS_API.run, tokens.owner, { spec: spec({ outletIds: [outlets[0]!.id, otherOutletId] }), format: 'csv' });
    expect(res.statusCode).toBe(404);
    expect(res.json().field).toBe('body.spec.outletIds');
    expect(await tableCounts(h)).toEqual(before);
  });

  it.each([
    ['a name with a control character', { name: 'Weekly\u0007' }, 'name'],
    ['a name of 10,000 characters', { name: 'x'.repeat(10_000) }, 'name'],
    ['a schedule on fixed dates', { schedule: { frequency: 'weekly' } }, 'period'],
    ['a daily schedule', { schedule: { frequency: 'daily' } }, 'frequency'],
  ])('saving %s is a 400 naming the field', async (_what, over, field) => {
    const res = await post(REPORTS_API.saveDefinition, tokens.owner, { name: 'Fine', spec: spec(), format: 'csv', schedule: null, ...over });
    expect(res.statusCode).toBe(400);
    expect(`${res.json().field ?? ''} ${res.json().message}`).toContain(field);
  });

  it('a run id that is no id is a 400; a random one a 404', async () => {
    expect((await get(runUrl(REPORTS_API.runStatus, 'nope'), tokens.owner)).statusCode).toBe(400);
    expect((await get(runUrl(REPORTS_API.runStatus, '00000000-0000-4000-8000-000000000000'), tokens.owner)).statusCode).toBe(404);
  });
});

describe('the schedule', () => {
  it('queues a due report once, moves its next run on, and marks it scheduled', async () => {
    const { runDueSchedules } = await import('./reports.service.ts');
    const saved = ZReportDefinition.parse(
      (await post(REPORTS_API.saveDefinition, tokens.owner, { name: 'Due now', spec: spec({ period: { kind: 'last_days', days: 7 }, metrics: ['ratings'] }), format: 'csv', schedule: { frequency: 'monthly' } })).json(),
    );
    const db = h.server.ctx.db;
    await db.update(schema.reportDefinitions).set({ nextRunAt: new Date(Date.now() - 60_000) }).where(eq(schema.reportDefinitions.id, saved.id));
    const [a, b] = await Promise.all([runDueSchedules(h.server.ctx), runDueSchedules(h.server.ctx)]);
    expect(a.queued + b.queued).toBe(1);
    const runs = await db.select().from(schema.reportRuns).where(and(eq(schema.reportRuns.definitionId, saved.id), eq(schema.reportRuns.scheduled, true)));
    expect(runs).toHaveLength(1);
    const [after] = await db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.id, saved.id));
    expect(after!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect(after!.lastRunAt).not.toBeNull();
    expect((await runDueSchedules(h.server.ctx)).queued).toBe(0);
    await db.delete(schema.reportDefinitions).where(eq(schema.reportDefinitions.id, saved.id));
  });
});
