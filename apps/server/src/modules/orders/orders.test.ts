import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDeliveryInsights, TDiningInsights, TForecast, TOrderImport, TOrderInsights, TOrdersOutlet } from '@dinedesk/contracts/orders';
import { schema } from '../../db/client.ts';
import { bearer, startHarness, tableCounts, type Harness } from '../../test/harness.ts';
import { countsOf } from './orders.repository.ts';
import { DEMO_LONDON_OUTLETS, LONDON_ORDERS_FILE } from './orders.seed.ts';

/**
 * Orders (docs/decisions/0036): the import (both shapes, all or nothing, idempotent,
 * the report, wrong files), the demo seed's real London orders, and the insight figures checked
 * against counts computed here, independently, from the fixture CSV's text.
 */

let h: Harness;
let dataDir: string;
const tokens = {} as Record<'owner' | 'viewer' | 'agent' | 'other', string>;
/** A Hyderabad outlet of spice-route with no orders (the fixture imports go here). */
let outletId: string;
let otherOutletId: string;
/** A third Hyderabad outlet, for the item mix's own fixture. */
let mixOutletId: string;
let londonIds: Record<string, string>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dinedesk-orders-'));
  // This suite reads the seeded London orders (orders.seed.ts skips them in other suites).
  process.env.SEED_DEMO_ORDERS = '1';
  h = await startHarness({ sync: false, env: { DATA_DIR: dataDir } });
  for (const who of ['owner', 'viewer', 'agent'] as const) tokens[who] = await h.login(`${who}@spice-route.demo`);
  tokens.other = await h.login('owner@deccan-table.demo');
  const db = h.server.ctx.db;
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  const outs = await db.select().from(schema.outlets).where(eq(schema.outlets.clientId, client!.id)).orderBy(schema.outlets.key);
  const hyd = outs.filter((o) => o.city === 'Hyderabad');
  outletId = hyd[0]!.id;
  otherOutletId = hyd[1]!.id;
  mixOutletId = hyd[2]!.id;
  londonIds = Object.fromEntries(outs.filter((o) => o.city === 'London').map((o) => [o.key, o.id]));
}, 180_000);
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const HEADER = 'outlet_id,order_id,ordered_at,item_name,quantity,unit_price_gbp,order_total_products,order_lines_complete';
/** Orders on Mondays and Fridays of Jan–Feb 2019 (a fixed fixture: 4 weeks + 4 weeks). */
function fixture(): string {
  const rows = [HEADER];
  let id = 1000;
  const menu: [string, string][] = [
    ['Chicken Tikka Masala', '8.95'],
    ['Pilau Rice', '2.95'],
    ['Plain Naan', '2.60'],
    ['Onion Bhajee', '3.95'],
  ];
  for (let d = 1; d <= 56; d++) {
    const day = new Date(Date.UTC(2019, 0, d));
    const iso = day.toISOString().slice(0, 10);
    const n = day.getUTCDay() === 5 ? 3 : day.getUTCDay() === 1 ? 1 : 0;
    for (let k = 0; k < n; k++) {
      id++;
      const lines = k === 0 ? [menu[0]!, menu[1]!] : k === 1 ? [menu[0]!, menu[1]!, menu[2]!] : [menu[3]!];
      for (const [item, price] of lines) rows.push(`takeaway-9,${id},${iso}T${String(17 + k).padStart(2, '0')}:30:00,${item},${k + 1},${price},${lines.length},yes`);
    }
  }
  return rows.join('\n') + '\n';
}

const upload = (token: string, csv: string | Buffer, query: Record<string, string>, contentType = 'text/csv') =>
  h.server.app.inject({ method: 'POST', url: `/api/orders/imports?${new URLSearchParams(query)}`, payload: csv, headers: { ...bearer(token), 'content-type': contentType } });
const post = (url: string, token: string, payload: object) => h.post(url, token, payload);
async function finished(id: string, token = tokens.owner): Promise<TOrderImport> {
  await h.server.ctx.jobs.whenIdle(['orders.import'], 60_000);
  const res = await h.server.app.inject({ method: 'GET', url: `/api/orders/imports/${id}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TOrderImport;
}

describe('import', () => {
  it('imports a London-shaped file into an outlet (202, job, progress to 1), and the same file again changes nothing', async () => {
    const csv = fixture();
    const res = await upload(tokens.owner, csv, { outletId, shape: 'london', fileName: 'fixture.csv' });
    expect(res.statusCode, res.body).toBe(202);
    const queued = res.json() as TOrderImport;
    expect(queued).toMatchObject({ status: 'queued', shape: 'london', currency: 'GBP', bytes: Buffer.byteLength(csv) });
    const done = await finished(queued.id);
    const dataLines = csv.trim().split('\n').slice(1);
    const orderIds = new Set(dataLines.map((l) => l.split(',')[1]));
    expect(done).toMatchObject({ status: 'imported', progress: 1, rowsRead: dataLines.length, ordersImported: orderIds.size, linesImported: dataLines.length, ordersAlreadyThere: 0, problemCount: 0 });
    // The upload is gone once imported.
    expect(readdirSync(join(dataDir, 'uploads', 'orders'))).toEqual([]);
    const before = await countsOf(h.server.ctx.db, outletId);
    const again = await upload(tokens.owner, csv, { outletId, shape: 'london', fileName: 'fixture.csv' });
    const second = await finished((again.json() as TOrderImport).id);
    expect(second).toMatchObject({ status: 'imported', ordersImported: 0, linesImported: 0, ordersAlreadyThere: orderIds.size });
    expect(await countsOf(h.server.ctx.db, outletId)).toEqual(before);
    const audit = await h.server.ctx.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'orders.import.imported'));
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('rejects a file with bad rows, imports nothing, and reports row, column and problem exactly (CSV download)', async () => {
    const csv = [
      HEADER,
      'takeaway-9,1,2019-03-01T18:00:00,Plain Naan,1,2.60,1,yes',
      'takeaway-9,2,2019-02-30T18:00:00,Plain Naan,1,2.60,1,yes',
      'takeaway-9,3,2019-03-01T18:00:00,Plain Naan,zero,2.60,1,yes',
      'takeaway-9,4,2019-03-01T18:00:00,Plain Naan,1,2.605,1,yes',
      'takeaway-9,5,2019-03-01T18:00:00,,1,2.60,1,yes',
      'takeaway-9,6,2019-03-01T18:00:00,Bad\u0007Naan,1,2.60,1,yes',
      'takeaway-9,7,2019-03-01T18:00:00,Plain Naan,1,2.60,1',
      'takeaway-9,1,2019-03-01T18:00:00,Pilau Rice,1,2.95,1,yes',
    ].join('\n');
    const before = await tableCounts(h);
    const res = await upload(tokens.owner, csv, { outletId: otherOutletId, shape: 'london', fileName: 'bad.csv' });
    expect(res.statusCode, res.body).toBe(202);
    const done = await finished((res.json() as TOrderImport).id);
    expect(done).toMatchObject({ status: 'rejected', ordersImported: 0, problemCount: 7 });
    expect(await countsOf(h.server.ctx.db, otherOutletId)).toEqual({ orders: 0, lines: 0 });
    const after = await tableCounts(h);
    expect(after.orders).toBe(before.orders);
    expect(after.order_lines).toBe(before.order_lines);
    const report = await h.server.app.inject({ method: 'GET', url: `/api/orders/imports/${done.id}/report`, headers: bearer(tokens.viewer) });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.headers['content-disposition']).toBe('attachment; filename="bad-report.csv"');
    expect(report.body.trim().split('\n')).toEqual([
      'row,column,problem',
      '3,ordered_at,"""2019-02-30T18:00:00"" is not a real time between 2000 and 2099"',
      '4,quantity,"""zero"" is not a whole number from 1 to 10000"',
      '5,unit_price_gbp,"""2.605"" is not an amount such as 4.95 (digits, a point, at most 2 decimals)"',
      '6,item_name,is empty',
      '7,item_name,holds a control character or bytes that are not UTF-8 text',
      '8,,the row has 7 fields; the header has 8',
      '9,order_id,order 1 has lines on rows that are not together: keep each order\'s lines on consecutive rows',
    ]);
  });

  it('imports the generic shape through a column mapping, with its channel and currency', async () => {
    const csv = ['Ticket;When;Dish;Qty;Price;Platform', 'A-1;2019-05-03 19:05;Masala Dosa;2;120.50;Swiggy', 'A-1;2019-05-03 19:05;Filter Coffee;1;40;Swiggy', 'A-2;2019-05-03 20:10;Idli;3;35.00;dine_in'].join('\n').replaceAll(';', ',');
    const mapping = JSON.stringify({ order_id: 'Ticket', ordered_at: 'When', item_name: 'Dish', quantity: 'Qty', unit_price: 'Price', channel: 'Platform' });
    const res = await upload(tokens.owner, csv, { outletId: otherOutletId, shape: 'generic', currency: 'INR', mapping, fileName: 'pos.csv' });
    expect(res.statusCode, res.body).toBe(202);
    const done = await finished((res.json() as TOrderImport).id);
    expect(done).toMatchObject({ status: 'imported', ordersImported: 2, linesImported: 3, currency: 'INR' });
    const rows = await h.server.ctx.db.select().from(schema.orders).where(and(eq(schema.orders.outletId, otherOutletId), eq(schema.orders.externalId, 'A-1')));
    expect(rows[0]).toMatchObject({ orderedAt: '2019-05-03 19:05:00', totalMinor: 2 * 12050 + 4000, itemCount: 3, lineCount: 2, channel: 'Swiggy', currency: 'INR' });
    // A mapping naming a column the file lacks: the report says which.
    const wrong = await upload(tokens.owner, csv, { outletId: otherOutletId, shape: 'generic', currency: 'INR', mapping: JSON.stringify({ order_id: 'Ticket', ordered_at: 'Time', item_name: 'Dish', quantity: 'Qty', unit_price: 'Price' }) });
    const rejected = await finished((wrong.json() as TOrderImport).id);
    expect(rejected).toMatchObject({ status: 'rejected', problemCount: 1 });
  });

  it.each([
    ['a PDF content type', () => upload(tokens.owner, '%PDF-1.4', { outletId, shape: 'london' }, 'application/pdf'), 400, 'file'],
    ['a binary file sent as CSV', () => upload(tokens.owner, Buffer.from([0x50, 0x4b, 3, 4, 0, 0, 1]), { outletId, shape: 'london' }), 400, 'file'],
    ['an empty file', () => upload(tokens.owner, '', { outletId, shape: 'london' }), 400, 'file'],
    ['an unknown shape', () => upload(tokens.owner, fixture(), { outletId, shape: 'xlsx' }), 400, 'query.shape'],
    ['an outlet id that is not an id', () => upload(tokens.owner, fixture(), { outletId: 'abc', shape: 'london' }), 400, 'query.outletId'],
    ['control characters in the file name', () => upload(tokens.owner, fixture(), { outletId, shape: 'london', fileName: 'a\u0001.csv' }), 400, 'query.fileName'],
    ['a generic file without mapping', () => upload(tokens.owner, fixture(), { outletId, shape: 'generic', currency: 'GBP' }), 400, 'query.mapping'],
    ['a mapping that is not JSON', () => upload(tokens.owner, fixture(), { outletId, shape: 'generic', currency: 'GBP', mapping: '{order_id' }), 400, 'query.mapping'],
    ['a mapping missing a field', () => upload(tokens.owner, fixture(), { outletId, shape: 'generic', currency: 'GBP', mapping: '{"order_id":"a"}' }), 400, 'query.mapping.ordered_at'],
    ['a London file in another currency', () => upload(tokens.owner, fixture(), { outletId, shape: 'london', currency: 'INR' }), 400, 'query.currency'],
    ['a lower-case currency', () => upload(tokens.owner, fixture(), { outletId, shape: 'generic', currency: 'gbp', mapping: '{}' }), 400, 'query.currency'],
    ['a huge declared length', () => h.server.app.inject({ method: 'POST', url: `/api/orders/imports?outletId=${outletId}&shape=london`, payload: 'a,b\n', headers: { ...bearer(tokens.owner), 'content-type': 'text/csv', 'content-length': String(65 * 1024 * 1024) } }), 413, 'file'],
  ])('refuses %s, naming the field, writing nothing', async (_what, send, status, field) => {
    const before = await tableCounts(h);
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    expect((res.json() as { field?: string }).field).toBe(field);
    expect(await tableCounts(h)).toEqual(before);
  });

  it('lets readers see imports but not import; another client sees neither', async () => {
    expect((await upload(tokens.viewer, fixture(), { outletId, shape: 'london' })).statusCode).toBe(403);
    expect((await upload(tokens.other, fixture(), { outletId, shape: 'london' })).statusCode).toBe(404);
    const list = await post('/api/orders/imports/list', tokens.viewer, { outletId });
    expect(list.statusCode).toBe(200);
    const [first] = (list.json() as { data: TOrderImport[] }).data;
    expect((await h.server.app.inject({ method: 'GET', url: `/api/orders/imports/${first!.id}`, headers: bearer(tokens.other) })).statusCode).toBe(404);
    expect((await post('/api/orders/insights', tokens.other, { outletId })).statusCode).toBe(404);
  });
});

describe('insights against figures counted from the fixture text', () => {
  /** Lines of the fixture as numbers, parsed here with string splitting (no shared code). */
  const lines = () =>
    fixture()
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => {
        const [, id, at, item, qty, price] = l.split(',');
        return { id: id!, day: at!.slice(0, 10), hour: Number(at!.slice(11, 13)), weekday: (new Date(`${at!.slice(0, 10)}T00:00:00Z`).getUTCDay() + 6) % 7, item: item!, qty: Number(qty), pence: Math.round(Number(price) * 100) };
      });

  it('orders, sales, average order value, heatmap, 4 weeks vs 4, items and basket pairs', async () => {
    const res = await post('/api/orders/insights', tokens.viewer, { outletId, from: '2019-01-29', to: '2019-02-25' });
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json() as TOrderInsights;
    const inPeriod = lines().filter((l) => l.day >= '2019-01-29' && l.day <= '2019-02-25');
    const orderIds = new Set(inPeriod.map((l) => l.id));
    const sales = inPeriod.reduce((s, l) => s + l.qty * l.pence, 0) / 100;
    expect(got.totals).toEqual({ orders: orderIds.size, sales, averageOrderValue: Math.round((sales / orderIds.size) * 100) / 100, items: inPeriod.reduce((s, l) => s + l.qty, 0) });
    const prev = lines().filter((l) => l.day >= '2019-01-01' && l.day <= '2019-01-28');
    expect(got.previous.orders).toBe(new Set(prev.map((l) => l.id)).size);
    expect(got.fourWeeks).toMatchObject({ currentFrom: '2019-01-29', currentTo: '2019-02-25', previousFrom: '2019-01-01', previousTo: '2019-01-28' });
    // Heatmap: Friday (4) 17:00, 18:00, 19:00 and Monday (0) 17:00.
    const heat = new Map<string, Set<string>>();
    for (const l of inPeriod) heat.set(`${l.weekday}:${l.hour}`, (heat.get(`${l.weekday}:${l.hour}`) ?? new Set()).add(l.id));
    expect(got.heatmap.map((c) => [`${c.weekday}:${c.hour}`, c.orders]).sort()).toEqual([...heat].map(([k, v]) => [k, v.size]).sort());
    // Items by quantity.
    const qty = new Map<string, number>();
    for (const l of inPeriod) qty.set(l.item, (qty.get(l.item) ?? 0) + l.qty);
    expect(Object.fromEntries(got.topItems.map((i) => [i.item, i.quantity]))).toEqual(Object.fromEntries(qty));
    expect(got.topItems[0]!.weekly.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    // Pairs: Tikka + Pilau in every order of the first two kinds.
    const baskets = new Map<string, Set<string>>();
    for (const l of inPeriod) baskets.set(l.id, (baskets.get(l.id) ?? new Set()).add(l.item));
    const both = [...baskets.values()].filter((b) => b.has('Chicken Tikka Masala') && b.has('Pilau Rice')).length;
    const a = [...baskets.values()].filter((b) => b.has('Chicken Tikka Masala')).length;
    const b = [...baskets.values()].filter((x) => x.has('Pilau Rice')).length;
    const pair = got.basketPairs.find((p) => p.a === 'Chicken Tikka Masala' && p.b === 'Pilau Rice')!;
    expect(pair).toMatchObject({ orders: both, support: Math.round((both / baskets.size) * 1e4) / 1e4 });
    expect(pair.lift).toBeCloseTo((both * baskets.size) / (a * b), 3);
    expect(got.basketOrders).toBe(baskets.size);
  });

  it('item mix: the top sellers by sales, biggest first, then the rest as one "other" row', async () => {
    // Twelve items whose sales rank against their names: "Item A" sells least, "Item L" most.
    const names = Array.from({ length: 12 }, (_, i) => `Item ${String.fromCharCode(65 + i)}`);
    const rows = [HEADER];
    names.forEach((name, i) => rows.push(`takeaway-9,${5000 + i},2019-03-0${1 + (i % 7)}T18:00:00,${name},${i + 1},${(2 + i * 0.5).toFixed(2)},1,yes`));
    const res = await upload(tokens.owner, rows.join('\n') + '\n', { outletId: mixOutletId, shape: 'london', fileName: 'mix.csv' });
    expect(res.statusCode, res.body).toBe(202);
    expect((await finished((res.json() as TOrderImport).id)).status).toBe('imported');
    const got = (await post('/api/orders/insights', tokens.viewer, { outletId: mixOutletId, from: '2019-03-01', to: '2019-03-07' })).json() as TOrderInsights;
    const sales = names.map((item, i) => ({ item, pence: (i + 1) * Math.round((2 + i * 0.5) * 100) })).sort((a, b) => b.pence - a.pence);
    const total = sales.reduce((s, x) => s + x.pence, 0);
    const rest = sales.slice(8).reduce((s, x) => s + x.pence, 0);
    expect(got.itemMix.map((m) => [m.item, m.sales])).toEqual([...sales.slice(0, 8).map((x) => [x.item, x.pence / 100]), ['other', rest / 100]]);
    expect(got.itemMix[0]!.share).toBeCloseTo(sales[0]!.pence / total, 4);
  });

  it('delivery insights: hours and sizes, and says what the data cannot show', async () => {
    const res = await post('/api/orders/delivery-insights', tokens.viewer, { outletId, from: '2019-01-01', to: '2019-02-25' });
    const got = res.json() as TDeliveryInsights;
    expect(got.missing).toEqual(['delivery_times', 'cancellations', 'acceptance', 'prep_times', 'channel']);
    const sizes = new Map<string, number>();
    for (const l of lines()) sizes.set(l.id, (sizes.get(l.id) ?? 0) + l.qty);
    const bySize = new Map<string, number>();
    for (const n of sizes.values()) bySize.set(String(n), (bySize.get(String(n)) ?? 0) + 1);
    expect(Object.fromEntries(got.orderSizes.map((s) => [s.items, s.orders]))).toEqual(Object.fromEntries(bySize));
  });

  it('refuses a period that ends before it starts, a day the calendar lacks, and unknown fields', async () => {
    const bad = await post('/api/orders/insights', tokens.viewer, { outletId, from: '2019-02-01', to: '2019-01-01' });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { field: string }).field).toBe('body.from');
    expect((await post('/api/orders/insights', tokens.viewer, { outletId, days: 3 })).statusCode).toBe(400);
    // A day the calendar lacks is the caller's mistake, not the database's (it once reached `::date`).
    for (const url of ['/api/orders/insights', '/api/orders/delivery-insights']) {
      const notADay = await post(url, tokens.viewer, { outletId, from: '2019-02-30', to: '2019-03-10' });
      expect(notADay.statusCode, notADay.body).toBe(400);
      expect((notADay.json() as { field: string }).field).toBe('body.from');
    }
    expect((await post('/api/orders/forecast', tokens.viewer, { outletId, horizonDays: 1e9 })).statusCode).toBe(400);
  });
});

describe('the demo seed’s real London orders', () => {
  it('holds both takeaways with every order of the file, labelled as real orders in a demo', async () => {
    const text = readFileSync(LONDON_ORDERS_FILE, 'utf8').trim().split('\n').slice(1);
    for (const o of DEMO_LONDON_OUTLETS) {
      const mine = text.filter((l) => l.startsWith(`${o.key},`));
      expect(await countsOf(h.server.ctx.db, londonIds[o.key]!)).toEqual({ orders: new Set(mine.map((l) => l.split(',')[1])).size, lines: mine.length });
    }
    const res = await post('/api/orders/outlets', tokens.viewer, {});
    const outs = (res.json() as { data: TOrdersOutlet[] }).data.filter((o) => o.city === 'London');
    expect(outs.map((o) => [o.name, o.currency, o.orders])).toEqual([
      ['Takeaway 1, London (real orders 2018–19)', 'GBP', 5290],
      ['Takeaway 2, London (real orders, 5 days of 2019)', 'GBP', 44],
    ]);
    expect(outs[0]!.brandName).toContain('real orders');
  });

  it('forecasts takeaway-1 with a band and a MAPE on the held-back 28 days; takeaway-2 has too little history', async () => {
    const res = await post('/api/orders/forecast', tokens.viewer, { outletId: londonIds['takeaway-1']!, horizonDays: 14, holdoutDays: 28 });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json() as TForecast;
    expect(f.method).toBe('mstl-ets');
    expect(f.holdoutFrom).toBe('2019-05-04');
    expect(f.points.at(-1)!.day).toBe('2019-06-14');
    const held = f.points.filter((p) => p.actual !== null && p.forecast !== null);
    expect(held).toHaveLength(28);
    for (const p of f.points.filter((x) => x.forecast !== null)) expect(p.lower! <= p.forecast! && p.forecast! <= p.upper!).toBe(true);
    const expected = held.filter((p) => p.actual! > 0).reduce((s, p, _i, all) => s + Math.abs(p.actual! - p.forecast!) / p.actual! / all.length, 0);
    expect(f.mape!).toBeCloseTo(expected, 2);
    expect(f.mape!).toBeLessThan(0.6);
    const small = (await post('/api/orders/forecast', tokens.viewer, { outletId: londonIds['takeaway-2']! })).json() as TForecast;
    expect(small).toMatchObject({ method: null, mape: null, historyDays: 5 });
  });

  it('dining insights: a Hyderabad outlet against its city; London has no such data', async () => {
    const hyd = (await post('/api/orders/dining-insights', tokens.viewer, { outletId })).json() as TDiningInsights;
    expect(hyd.restaurant).not.toBeNull();
    expect(hyd.cityStats!.restaurants).toBeGreaterThan(50);
    expect(hyd.cityStats!.costBands.filter((b) => b.outletHere)).toHaveLength(hyd.restaurant!.costForTwo === null ? 0 : 1);
    const lon = (await post('/api/orders/dining-insights', tokens.viewer, { outletId: londonIds['takeaway-1']! })).json() as TDiningInsights;
    expect(lon).toMatchObject({ restaurant: null, cityStats: null, coversKnown: false });
  });
});
