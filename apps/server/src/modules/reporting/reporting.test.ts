import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DIR } from '@dinedesk/demo-data';
import { REPORTING_API, ZOutletTimingsList, type TOutletTimings } from '@dinedesk/contracts/reporting';
import { schema } from '../../db/client.ts';
import { bearer, startHarness, tableCounts, type Harness } from '../../test/harness.ts';
import { recordedStatus } from './reporting.downtime.ts';

/**
 * Reporting → Outlet timings (docs/decisions/0037) through the API: every outlet the
 * caller sees with its real timings text and parsed week, an unreadable text left for a person,
 * the downtime log from orders (overnight openings included), tenancy and bad input.
 *
 * The seed directory is a copy of demo-data's with ONE timings text changed (13 Dhaba's loses its
 * Sunday), so an unparsed outlet goes through the whole path; everything else is the real data.
 */

let h: Harness;
let seedDir: string;
const tokens = {} as Record<'owner' | 'outletManager' | 'otherViewer', string>;
const ids = {} as Record<string, string>;
const ORIGINAL_13_DHABA = '12:30 PM to 10 PM (Tue-Sun), Mon Closed';
const CHANGED_13_DHABA = '12:30 PM to 10 PM (Tue-Sat), Mon Closed';

const post = (token: string, payload: unknown) => h.post(REPORTING_API.outletTimings, token, payload);
const byKey = (list: TOutletTimings[], key: string) => list.find((o) => o.outletId === ids[key])!;

beforeAll(async () => {
  seedDir = mkdtempSync(join(tmpdir(), 'dinedesk-timings-seed-'));
  cpSync(DEFAULT_SEED_DIR, seedDir, { recursive: true });
  const file = join(seedDir, 'restaurants_zomato_hyderabad.csv');
  const csv = readFileSync(file, 'utf8');
  expect(csv).toContain(`"${ORIGINAL_13_DHABA}"`);
  writeFileSync(file, csv.replace(`"${ORIGINAL_13_DHABA}"`, `"${CHANGED_13_DHABA}"`));
  h = await startHarness({ sync: false, env: { SEED_DIR: seedDir } });
  tokens.owner = await h.login('owner@spice-route.demo');
  tokens.outletManager = await h.login('outlet.manager@spice-route.demo');
  tokens.otherViewer = await h.login('viewer@deccan-table.demo');
  const db = h.server.ctx.db;
  for (const o of await db.select().from(schema.outlets)) ids[o.key] = o.id;
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  const order = (key: string, at: string, n: number) => ({ clientId: client!.id, outletId: ids[key]!, externalId: `t-${n}`, orderedAt: at, currency: 'INR', totalMinor: 10000, itemCount: 1, lineCount: 1 });
  let n = 0;
  // Beyond Flavours: 12:00–15:30 and 18:30–23:30 every day. Last day with orders: Sun 2019-03-31.
  await db.insert(schema.orders).values(
    ['2019-02-01 13:00:00', '2019-03-29 04:00:00', '2019-03-30 13:00:00', '2019-03-31 12:10:00', '2019-03-31 12:40:00', '2019-03-31 15:00:00', '2019-03-31 19:00:00', '2019-03-31 23:20:00'].map((at) => order('beyond-flavours-gachibowli', at, ++n)),
  );
  // Amul: 10 AM to 5 AM (overnight) every day.
  await db.insert(schema.orders).values(['2019-03-10 10:30:00', '2019-03-11 02:00:00'].map((at) => order('amul-gachibowli', at, ++n)));
}, 180_000);
afterAll(async () => {
  await h?.close();
  rmSync(seedDir, { recursive: true, force: true });
});

const i = (opens: string, closes: string, overnight = false) => ({ opens, closes, overnight });

describe('outlet timings', () => {
  it('gives the owner every outlet of the client: raw text, parsed week, and the unreadable one with its reason', async () => {
    const res = await post(tokens.owner, {});
    expect(res.statusCode, res.body).toBe(200);
    const list = ZOutletTimingsList.parse(res.json()).data;
    expect(list.map((o) => o.outletId).sort()).toEqual(
      ['13-dhaba-gachibowli', 'abs-absolute-barbecues-gachibowli', 'al-saba-restaurant-gachibowli', 'amul-gachibowli', 'aromas11six-gachibowli', 'banana-leaf-multicuisine-restaurant-gachibowli', 'behrouz-biryani-gachibowli', 'beyond-flavours-gachibowli'].map((k) => ids[k]).sort(),
    );
    const beyond = byKey(list, 'beyond-flavours-gachibowli');
    expect(beyond).toMatchObject({ outletName: 'Beyond Flavours, Gachibowli', city: 'Hyderabad', timings: '12noon to 3:30pm, 6:30pm to 11:30pm (Mon-Sun)', orders: 8 });
    expect(beyond.schedule).toEqual({ unparsed: false, week: Array.from({ length: 7 }, () => [i('12:00', '15:30'), i('18:30', '23:30')]) });
    expect(byKey(list, '13-dhaba-gachibowli')).toMatchObject({ timings: CHANGED_13_DHABA, schedule: { unparsed: true, reason: 'does not say whether Sun is open' }, recordedStatus: null, orders: 0 });
    // No orders → no recorded status.
    expect(byKey(list, 'al-saba-restaurant-gachibowli')).toMatchObject({ timings: '6 AM to 11:30 PM', orders: 0, recordedStatus: null });
  });

  it('derives the downtime log from the last 28 days of orders: stretches of ≥ 2 h without an order on days with orders', async () => {
    const res = await post(tokens.owner, { outletId: ids['beyond-flavours-gachibowli'] });
    expect(res.statusCode, res.body).toBe(200);
    const [beyond] = ZOutletTimingsList.parse(res.json()).data;
    const d = (day: string, weekday: number, from: string, to: string, minutes: number) => ({ day, weekday, from, to, fromNextDay: false, toNextDay: false, minutes });
    expect(beyond!.recordedStatus).toEqual({
      from: '2019-03-04',
      to: '2019-03-31',
      daysWithOrders: 3,
      openDaysWithoutOrders: 25,
      ordersOutsideSchedule: 1,
      ordersInPeriod: 7,
      scheduledMinutes: 3 * (210 + 300),
      downtimeMinutes: 210 + 300 + 150 + 300 + 140 + 260,
      downtime: [
        d('2019-03-29', 4, '12:00', '15:30', 210),
        d('2019-03-29', 4, '18:30', '23:30', 300),
        d('2019-03-30', 5, '13:00', '15:30', 150),
        d('2019-03-30', 5, '18:30', '23:30', 300),
        d('2019-03-31', 6, '12:40', '15:00', 140),
        d('2019-03-31', 6, '19:00', '23:20', 260),
      ],
    });
  });

  it('follows an overnight opening past midnight, and cuts the last day at its end', async () => {
    const res = await post(tokens.owner, { outletId: ids['amul-gachibowli'] });
    const [amul] = ZOutletTimingsList.parse(res.json()).data;
    expect(amul!.schedule).toEqual({ unparsed: false, week: Array.from({ length: 7 }, () => [i('10:00', '05:00', true)]) });
    expect(amul!.recordedStatus).toMatchObject({ from: '2019-02-12', to: '2019-03-11', daysWithOrders: 2, ordersOutsideSchedule: 0, ordersInPeriod: 2 });
    expect(amul!.recordedStatus!.downtime).toEqual([
      { day: '2019-03-10', weekday: 6, from: '10:30', to: '02:00', fromNextDay: false, toNextDay: true, minutes: 930 },
      { day: '2019-03-10', weekday: 6, from: '02:00', to: '05:00', fromNextDay: true, toNextDay: true, minutes: 180 },
      { day: '2019-03-11', weekday: 0, from: '10:00', to: '24:00', fromNextDay: false, toNextDay: false, minutes: 840 },
    ]);
  });

  it('shows an outlet manager only their outlet', async () => {
    const res = await post(tokens.outletManager, {});
    expect(res.statusCode).toBe(200);
    expect((res.json() as { data: TOutletTimings[] }).data.map((o) => o.outletId)).toEqual([ids['al-saba-restaurant-gachibowli']]);
    const other = await post(tokens.outletManager, { outletId: ids['beyond-flavours-gachibowli'] });
    expect(other.statusCode).toBe(404);
  });

  it('answers 404 to a viewer of another client for an outlet of client A, saying nothing of it', async () => {
    const res = await post(tokens.otherViewer, { outletId: ids['beyond-flavours-gachibowli'] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ field: 'body.outletId' });
    expect(res.body).not.toContain('Beyond');
    // Their own list holds only their client's outlets.
    const own = (await post(tokens.otherViewer, {})).json() as { data: TOutletTimings[] };
    expect(own.data.length).toBe(8);
    expect(own.data.map((o) => o.outletId)).not.toContain(ids['beyond-flavours-gachibowli']);
  });

  it.each([
    ['an outletId that is not a uuid', { outletId: 'abc' }, 'body.outletId', /outletId/],
    ['an unknown field', { outletId: '0b7e5d3c-1a2b-4c3d-8e4f-0000000000a1', days: 3 }, 'body', /days/],
    ['control characters', { outletId: 'ab\u0001c' }, 'body.outletId', /outletId/],
    ['a number as outletId', { outletId: 42 }, 'body.outletId', /outletId/],
  ])('refuses %s: 400 naming the field', async (_what, payload, field, message) => {
    const before = await tableCounts(h);
    const res = await post(tokens.owner, payload);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json() as { message: string; field: string };
    expect(body.field).toBe(field);
    expect(body.message).toMatch(message);
    expect(await tableCounts(h)).toEqual(before);
  });

  it('takes a call without a body as "every outlet"', async () => {
    const res = await h.server.app.inject({ method: 'POST', url: REPORTING_API.outletTimings, headers: bearer(tokens.outletManager) });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: unknown[] }).data).toHaveLength(1);
  });
});

describe('recordedStatus', () => {
  it('lists nothing for a day whose orders leave no 2-hour gap, and counts open days without orders', () => {
    const week = Array.from({ length: 7 }, () => [i('12:00', '15:00')]);
    const s = recordedStatus(week, ['2019-01-07 12:30', '2019-01-07 14:00'], '2019-01-07', '2019-01-08');
    expect(s).toEqual({ from: '2019-01-07', to: '2019-01-08', daysWithOrders: 1, openDaysWithoutOrders: 1, ordersOutsideSchedule: 0, ordersInPeriod: 2, scheduledMinutes: 180, downtimeMinutes: 0, downtime: [] });
  });

  it('never lists a closed day, and counts an order on it as outside the schedule', () => {
    const week = [[], ...Array.from({ length: 6 }, () => [i('12:00', '22:00')])];
    const s = recordedStatus(week, ['2019-01-07 13:00'], '2019-01-07', '2019-01-07');
    expect(s).toMatchObject({ daysWithOrders: 1, ordersOutsideSchedule: 1, scheduledMinutes: 0, downtime: [] });
  });
});
