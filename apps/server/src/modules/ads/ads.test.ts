import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdsImport, TAdsOutlet, TAdsPerformance } from '@dinedesk/contracts/ads';
import type { TOrderImport } from '@dinedesk/contracts/orders';
import { schema } from '../../db/client.ts';
import { bearer, startHarness, tableCounts, type Harness } from '../../test/harness.ts';
import { countOf } from './ads.repository.ts';
import { DEMO_ADS_FILE, demoAdsCsv } from './ads.demo.ts';

/**
 * Ads pro (docs/decisions/0043): the generated demo file and its seed, the import
 * through the order import's machinery (new and replaced campaign-days, all or nothing, the
 * report, wrong files and options), the attribution checked against figures computed here from the
 * demo file's text and the stored orders, and who may read and import.
 */

let h: Harness;
let dataDir: string;
const tokens = {} as Record<'owner' | 'viewer' | 'agent' | 'other', string>;
let takeaway1: string;
let takeaway2: string;
let hyderabad: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dinedesk-ads-'));
  // The attribution needs the seeded London orders (orders.seed.ts skips them in other suites).
  process.env.SEED_DEMO_ORDERS = '1';
  h = await startHarness({ sync: false, env: { DATA_DIR: dataDir } });
  for (const who of ['owner', 'viewer', 'agent'] as const) tokens[who] = await h.login(`${who}@spice-route.demo`);
  tokens.other = await h.login('owner@deccan-table.demo');
  const db = h.server.ctx.db;
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  const outs = await db.select().from(schema.outlets).where(eq(schema.outlets.clientId, client!.id)).orderBy(schema.outlets.key);
  takeaway1 = outs.find((o) => o.key === 'takeaway-1')!.id;
  takeaway2 = outs.find((o) => o.key === 'takeaway-2')!.id;
  hyderabad = outs.find((o) => o.city === 'Hyderabad')!.id;
}, 180_000);
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const upload = (token: string, csv: string | Buffer, query: Record<string, string>, contentType = 'text/csv') =>
  h.server.app.inject({ method: 'POST', url: `/api/ads/imports?${new URLSearchParams(query)}`, payload: csv, headers: { ...bearer(token), 'content-type': contentType } });
const post = (url: string, token: string, payload: object) => h.post(url, token, payload);
async function finished(id: string, token = tokens.owner): Promise<TAdsImport> {
  await h.server.ctx.jobs.whenIdle(['ads.import'], 60_000);
  const res = await h.server.app.inject({ method: 'GET', url: `/api/ads/imports/${id}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAdsImport;
}
async function performance(body: object, token = tokens.viewer): Promise<TAdsPerformance> {
  const res = await post('/api/ads/performance', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAdsPerformance;
}

/** Rows of an ads CSV as numbers, parsed here by splitting (no shared code with the importer). */
function rowsOf(csv: string) {
  return csv
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => {
      const cells = l.split(',');
      return { campaign: cells[0]!, day: cells[1]!, pence: Math.round(Number(cells[2]) * 100), impressions: Number(cells[3]), clicks: Number(cells[4]) };
    });
}

describe('the demo file', () => {
  it('is the generator’s output, and the seed imported it into Takeaway 1', async () => {
    const text = readFileSync(DEMO_ADS_FILE, 'utf8');
    expect(text).toBe(demoAdsCsv());
    const rows = rowsOf(text);
    expect(rows.length).toBeGreaterThan(100);
    expect(new Set(rows.map((r) => r.campaign)).size).toBe(5);
    for (const r of rows) {
      expect(r.day >= '2018-06-01' && r.day <= '2019-05-31', r.day).toBe(true);
      expect(r.clicks).toBeLessThanOrEqual(r.impressions);
    }
    expect(await countOf(h.server.ctx.db, takeaway1)).toBe(rows.length);
    const outlets = (await post('/api/ads/outlets', tokens.viewer, {})).json() as { data: TAdsOutlet[] };
    expect(outlets.data.find((o) => o.id === takeaway1)).toMatchObject({ currency: 'GBP', ordersCurrency: 'GBP', campaignDays: rows.length, firstDay: '2018-09-06', lastDay: '2019-05-15', canImport: false });
    expect(outlets.data.find((o) => o.id === hyderabad)).toMatchObject({ currency: null, campaignDays: 0, firstDay: null });
  });
});

describe('performance: orders attributed by day, against figures computed here', () => {
  it('shares each day’s orders among its campaigns by clicks; spend, CTR, cost per order and return follow', async () => {
    const from = '2018-12-01';
    const to = '2018-12-24';
    const ads = rowsOf(readFileSync(DEMO_ADS_FILE, 'utf8')).filter((r) => r.day >= from && r.day <= to);
    const { rows: orderRows } = (await h.server.ctx.db.execute(
      sql`SELECT to_char(ordered_at, 'YYYY-MM-DD') AS day, count(*)::int AS n, sum(total_minor)::bigint AS pence FROM orders WHERE outlet_id = ${takeaway1} AND ordered_at >= ${from}::date AND ordered_at < ${to}::date + 1 GROUP BY 1`,
    )) as unknown as { rows: { day: string; n: number; pence: string }[] };
    const ordersOn = new Map(orderRows.map((r) => [r.day, { n: r.n, pence: Number(r.pence) }]));
    const expected = new Map<string, { pence: number; impressions: number; clicks: number; orders: number; salesPence: number }>();
    for (const day of new Set(ads.map((a) => a.day))) {
      const today = ads.filter((a) => a.day === day);
      const clicks = today.reduce((n, a) => n + a.clicks, 0);
      for (const a of today) {
        const share = a.clicks / clicks;
        const e = expected.get(a.campaign) ?? { pence: 0, impressions: 0, clicks: 0, orders: 0, salesPence: 0 };
        e.pence += a.pence;
        e.impressions += a.impressions;
        e.clicks += a.clicks;
        e.orders += (ordersOn.get(day)?.n ?? 0) * share;
        e.salesPence += (ordersOn.get(day)?.pence ?? 0) * share;
        expected.set(a.campaign, e);
      }
    }
    const res = await performance({ outletId: takeaway1, from, to });
    expect(res).toMatchObject({ from, to, currency: 'GBP', ordersCurrency: 'GBP', dataFrom: '2018-09-06', dataTo: '2019-05-15', canImport: false });
    expect(res.attribution).toMatchObject({ method: 'day_share', estimate: true, ordersCovered: true });
    expect(res.campaigns.map((c) => c.campaign).sort()).toEqual([...expected.keys()].sort());
    expect(res.campaigns.length).toBe(3);
    for (const c of res.campaigns) {
      const e = expected.get(c.campaign)!;
      expect(c.spend).toBeCloseTo(e.pence / 100, 2);
      expect(c.impressions).toBe(e.impressions);
      expect(c.clicks).toBe(e.clicks);
      expect(c.ctr!).toBeCloseTo(e.clicks / e.impressions, 5);
      expect(c.attributedOrders).toBeCloseTo(e.orders, 1);
      expect(c.costPerOrder!).toBeCloseTo(e.pence / 100 / e.orders, 1);
      expect(c.returnOnSpend!).toBeCloseTo(e.salesPence / e.pence, 1);
    }
    // Spend is sorted first; the totals are the campaigns' sums.
    expect(res.campaigns.map((c) => c.spend)).toEqual([...res.campaigns.map((c) => c.spend)].sort((a, b) => b - a));
    const all = [...expected.values()];
    expect(res.totals.spend).toBeCloseTo(all.reduce((n, e) => n + e.pence, 0) / 100, 2);
    expect(res.totals.attributedOrders).toBeCloseTo(all.reduce((n, e) => n + e.orders, 0), 1);
    // One entry per day of the period; every day of December 2018 is inside the order data.
    expect(res.daily).toHaveLength(24);
    const adDays = new Set(ads.map((a) => a.day));
    expect(res.attribution.adDays).toBe(adDays.size);
    expect(res.attribution.otherDays).toBe(24 - adDays.size);
    // Every ad day's orders are attributed in full (shares sum to 1).
    for (const d of res.daily) if (adDays.has(d.day)) expect(d.attributedOrders).toBeCloseTo(ordersOn.get(d.day)?.n ?? 0, 1);
    const adDayOrders = [...adDays].reduce((n, d) => n + (ordersOn.get(d)?.n ?? 0), 0) / adDays.size;
    expect(res.attribution.adDayOrders!).toBeCloseTo(adDayOrders, 1);
  });

  it('defaults to the 28 days ending on the last day of ad data, and says so when days lack order data', async () => {
    const res = await performance({ outletId: takeaway1 });
    expect(res).toMatchObject({ from: '2019-04-18', to: '2019-05-15' });
    expect(res.campaigns.map((c) => c.campaign)).toEqual(['Spring Delivery Offer (Google)']);
    // One end given: 28 days from it (or up to it).
    expect(await performance({ outletId: takeaway1, from: '2018-10-01' })).toMatchObject({ from: '2018-10-01', to: '2018-10-28' });
    expect(await performance({ outletId: takeaway1, to: '2018-10-28' })).toMatchObject({ from: '2018-10-01', to: '2018-10-28' });
    // Takeaway 2's orders are 5 days of 2019: ads outside them attribute nothing.
    const t2 = await performance({ outletId: takeaway2, from: '2019-01-01', to: '2019-01-31' });
    expect(t2).toMatchObject({ currency: null, campaigns: [], totals: { spend: 0, attributedOrders: 0, costPerOrder: null, ctr: null } });
  });

  it('answers an outlet without ad data with an empty period, not an error', async () => {
    const res = await performance({ outletId: hyderabad });
    expect(res).toMatchObject({ from: null, to: null, currency: null, dataFrom: null, campaigns: [], daily: [] });
  });
});

describe('import', () => {
  const small = (spend: string) => ['campaign,date,spend,impressions,clicks,ignored', `Test A,2019-08-01,${spend},1000,10,x`, `Test A,2019-08-02,${spend},2000,30,x`, `Second,2019-08-02,5.00,500,10,x`].join('\n') + '\n';

  it('imports new campaign-days, then replaces their figures on a second file; the upload is removed', async () => {
    const first = await upload(tokens.owner, small('10.00'), { outletId: takeaway2, currency: 'GBP', fileName: 'aug.csv' });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json()).toMatchObject({ status: 'queued', fileName: 'aug.csv', currency: 'GBP' });
    const done = await finished((first.json() as TAdsImport).id);
    expect(done).toMatchObject({ status: 'imported', progress: 1, rowsRead: 3, daysImported: 3, daysUpdated: 0, problemCount: 0 });
    expect(readdirSync(join(dataDir, 'uploads', 'ads'))).toEqual([]);
    const second = await finished((await upload(tokens.owner, small('12.50'), { outletId: takeaway2, currency: 'GBP' })).json().id);
    expect(second).toMatchObject({ status: 'imported', daysImported: 0, daysUpdated: 3 });
    expect(await countOf(h.server.ctx.db, takeaway2)).toBe(3);
    const res = await performance({ outletId: takeaway2, from: '2019-08-01', to: '2019-08-02' });
    expect(res.totals).toMatchObject({ spend: 30, impressions: 3500, clicks: 50 });
    expect(res.campaigns.map((c) => [c.campaign, c.spend, c.days])).toEqual([
      ['Test A', 25, 2],
      ['Second', 5, 1],
    ]);
    const list = (await post('/api/ads/imports/list', tokens.viewer, { outletId: takeaway2 })).json() as { data: TAdsImport[] };
    expect(list.data.map((i) => i.status)).toEqual(['imported', 'imported']);
    // The order import's list and status never show an ads file.
    const orders = (await post('/api/orders/imports/list', tokens.owner, { outletId: takeaway2 })).json() as { data: TOrderImport[] };
    expect(orders.data.some((i) => list.data.some((a) => a.id === i.id))).toBe(false);
    expect((await h.server.app.inject({ method: 'GET', url: `/api/orders/imports/${done.id}`, headers: bearer(tokens.owner) })).statusCode).toBe(404);
    const audit = await h.server.ctx.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'ads.import.imported'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('rejects a file with bad rows, writes nothing, and reports row, column and problem exactly', async () => {
    const csv = [
      'campaign,date,spend,impressions,clicks',
      'Good,2019-07-01,5.00,100,1',
      ',2019-07-01,5.00,100,1',
      'Bad day,2019-02-30,5.00,100,1',
      'Bad spend,2019-07-02,5.123,100,1',
      'Too many clicks,2019-07-02,5.00,100,101',
      'Good,2019-07-01,6.00,100,1',
      'Negative,2019-07-03,-1,100,1',
      'Control\u0007,2019-07-03,1,100,1',
      'Short row,2019-07-03',
    ].join('\n');
    const before = await countOf(h.server.ctx.db, takeaway2);
    const done = await finished((await upload(tokens.owner, csv, { outletId: takeaway2, currency: 'GBP', fileName: 'bad ads.csv' })).json().id);
    expect(done).toMatchObject({ status: 'rejected', problemCount: 8, daysImported: 0 });
    expect(await countOf(h.server.ctx.db, takeaway2)).toBe(before);
    const report = await h.server.app.inject({ method: 'GET', url: `/api/ads/imports/${done.id}/report`, headers: bearer(tokens.viewer) });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-disposition']).toBe('attachment; filename="bad_ads-report.csv"');
    expect(report.body.trim().split('\n')).toEqual([
      'row,column,problem',
      '3,campaign,is empty',
      '4,date,"""2019-02-30"" is not a real day between 2000 and 2099"',
      '5,spend,"""5.123"" is not an amount such as 4.95 (digits, a point, at most 2 decimals)"',
      "6,clicks,101 clicks is more than the row's 100 impressions",
      '7,campaign,campaign Good has 2019-07-01 on row 2 already: one row per campaign and day',
      '8,spend,"""-1"" is not an amount such as 4.95 (digits, a point, at most 2 decimals)"',
      '9,campaign,holds a control character or bytes that are not UTF-8 text',
      '10,,the row has 2 fields; the header has 5',
    ]);
  });

  it('rejects a file without the columns of the shape, naming each missing column', async () => {
    const done = await finished((await upload(tokens.owner, 'campaign,day,cost\nA,2019-07-01,1\n', { outletId: takeaway2, currency: 'GBP' })).json().id);
    expect(done).toMatchObject({ status: 'rejected', problemCount: 4 });
    const report = await h.server.app.inject({ method: 'GET', url: `/api/ads/imports/${done.id}/report`, headers: bearer(tokens.owner) });
    expect(report.body).toContain('1,date,"the header has no column date: an ads file has the columns campaign, date, spend, impressions, clicks"');
  });

  it.each([
    ['a PDF content type', () => upload(tokens.owner, '%PDF-1.4', { outletId: takeaway1, currency: 'GBP' }, 'application/pdf'), 400, 'file'],
    ['a binary file sent as CSV', () => upload(tokens.owner, Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 1]), { outletId: takeaway1, currency: 'GBP' }), 400, 'file'],
    ['an empty file', () => upload(tokens.owner, '', { outletId: takeaway1, currency: 'GBP' }), 400, 'file'],
    ['an outlet id that is not an id', () => upload(tokens.owner, 'campaign\n', { outletId: 'abc', currency: 'GBP' }), 400, 'query.outletId'],
    ['no currency', () => upload(tokens.owner, 'campaign\n', { outletId: takeaway1 }), 400, 'query.currency'],
    ['a lower-case currency', () => upload(tokens.owner, 'campaign\n', { outletId: takeaway1, currency: 'gbp' }), 400, 'query.currency'],
    ['another currency than the outlet’s ad spend', () => upload(tokens.owner, 'campaign\n', { outletId: takeaway1, currency: 'INR' }), 400, 'query.currency'],
    ['control characters in the file name', () => upload(tokens.owner, 'campaign\n', { outletId: takeaway1, currency: 'GBP', fileName: 'a\u0001.csv' }), 400, 'query.fileName'],
    ['a huge file name', () => upload(tokens.owner, 'campaign\n', { outletId: takeaway1, currency: 'GBP', fileName: 'x'.repeat(10_000) }), 400, 'query.fileName'],
    ['a huge declared length', () => h.server.app.inject({ method: 'POST', url: `/api/ads/imports?outletId=${takeaway1}&currency=GBP`, payload: 'a,b\n', headers: { ...bearer(tokens.owner), 'content-type': 'text/csv', 'content-length': String(17 * 1024 * 1024) } }), 413, 'file'],
    ['a period ending before it starts', () => post('/api/ads/performance', tokens.owner, { outletId: takeaway1, from: '2019-02-01', to: '2019-01-01' }), 400, 'body.from'],
    ['a period over 366 days', () => post('/api/ads/performance', tokens.owner, { outletId: takeaway1, from: '2018-01-01', to: '2019-05-31' }), 400, 'body.from'],
    ['a date that is not a date', () => post('/api/ads/performance', tokens.owner, { outletId: takeaway1, to: '31/05/2019' }), 400, 'body.to'],
    ['a day that is not in the calendar', () => post('/api/ads/performance', tokens.owner, { outletId: takeaway1, from: '2019-02-30' }), 400, 'body.from'],
    ['a control character in a date', () => post('/api/ads/performance', tokens.owner, { outletId: takeaway1, from: '2019-02-0\u0001' }), 400, 'body.from'],
    ['a number as outlet id', () => post('/api/ads/performance', tokens.owner, { outletId: 42 }), 400, 'body.outletId'],
    ['an unknown field', () => post('/api/ads/performance', tokens.owner, { outletId: takeaway1, campaign: 'x' }), 400, 'body'],
    ['an import id that is not an id', () => h.server.app.inject({ method: 'GET', url: '/api/ads/imports/%00', headers: bearer(tokens.owner) }), 400, 'params.importId'],
  ])('refuses %s, naming the field, writing nothing', async (_what, send, status, field) => {
    const before = await tableCounts(h);
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    expect((res.json() as { field?: string }).field).toBe(field);
    expect(await tableCounts(h)).toEqual(before);
  });
});

describe('who', () => {
  it('lets readers of the module see figures and imports but not import; another client sees nothing', async () => {
    expect((await upload(tokens.viewer, 'campaign\n', { outletId: takeaway2, currency: 'GBP' })).statusCode).toBe(403);
    expect((await upload(tokens.agent, 'campaign\n', { outletId: takeaway2, currency: 'GBP' })).statusCode).toBe(403);
    expect((await upload(tokens.other, 'campaign\n', { outletId: takeaway2, currency: 'GBP' })).statusCode).toBe(404);
    const [first] = ((await post('/api/ads/imports/list', tokens.viewer, { outletId: takeaway2 })).json() as { data: TAdsImport[] }).data;
    expect(first).toBeDefined();
    for (const req of [
      () => h.server.app.inject({ method: 'GET', url: `/api/ads/imports/${first!.id}`, headers: bearer(tokens.other) }),
      () => h.server.app.inject({ method: 'GET', url: `/api/ads/imports/${first!.id}/report`, headers: bearer(tokens.other) }),
      () => post('/api/ads/imports/list', tokens.other, { outletId: takeaway2 }),
      () => post('/api/ads/performance', tokens.other, { outletId: takeaway1 }),
    ]) {
      expect((await req()).statusCode).toBe(404);
    }
    const theirs = (await post('/api/ads/outlets', tokens.other, {})).json() as { data: TAdsOutlet[] };
    expect(theirs.data.some((o) => o.id === takeaway1)).toBe(false);
    expect((await performance({ outletId: takeaway1 }, tokens.owner)).canImport).toBe(true);
  });

  it('refuses every Ads pro call to a user without the Digital Marketing module', async () => {
    const db = h.server.ctx.db;
    const [agent] = await db.select().from(schema.users).where(eq(schema.users.email, 'agent@spice-route.demo'));
    await db.delete(schema.accessGrants).where(and(eq(schema.accessGrants.userId, agent!.id), eq(schema.accessGrants.kind, 'module'), eq(schema.accessGrants.refId, 'digital_marketing')));
    const token = await h.login('agent@spice-route.demo');
    expect((await post('/api/ads/outlets', token, {})).statusCode).toBe(403);
    expect((await post('/api/ads/performance', token, { outletId: takeaway1 })).statusCode).toBe(403);
    expect((await post('/api/ads/imports/list', token, { outletId: takeaway1 })).statusCode).toBe(403);
  });
});
