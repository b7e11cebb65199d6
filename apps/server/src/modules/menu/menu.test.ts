import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENU_API, MENU_HISTORY_PAGE, NOT_SEEN_AFTER_DAYS, type TItemOffer, type TItemOffers, type TLiveMenu, type TMenuHistory, type TMenuInsights, type TMenuItem, type TMenuItems } from '@dinedesk/contracts/menu';
import type { TOrderImport } from '@dinedesk/contracts/orders';
import { schema } from '../../db/client.ts';
import { bearer, startHarness, tableCounts, type Harness } from '../../test/harness.ts';

/**
 * The menu (docs/decisions/0039) through the API: items made by the order import (once
 * per name, across re-imports), the live menu's latest and previous prices and "not seen for N
 * days", menu insights against the previous period, the editor with its append-only audit
 * history (optimistic version, name clash, no-op), who may do what, and bad input.
 */

let h: Harness;
let dataDir: string;
const tokens = {} as Record<'owner' | 'viewer' | 'manager' | 'other', string>;
let outletId: string;
let otherClientOutletId: string;

const HEADER = 'outlet_id,order_id,ordered_at,item_name,quantity,unit_price_gbp,order_total_products,order_lines_complete';
/**
 * Orders of one outlet over 56 days (2019-01-01 … 2019-02-25): Dal every day at 4.00 then 4.50
 * from 2019-02-01; Naan only in January (not seen for 25 days by the end); Samosa only in February,
 * twice a day. The last order day is 2019-02-25.
 */
function fixture(): string {
  const rows = [HEADER];
  let id = 5000;
  for (let d = 0; d < 56; d++) {
    const iso = new Date(Date.UTC(2019, 0, 1 + d)).toISOString().slice(0, 10);
    const feb = iso >= '2019-02-01';
    const lines: [string, number, string][] = [['Dal Makhani', 1, feb ? '4.50' : '4.00']];
    if (!feb) lines.push(['Plain Naan', 2, '2.60']);
    if (feb) lines.push(['Samosa', 2, '3.00']);
    id++;
    for (const [item, qty, price] of lines) rows.push(`takeaway-9,${id},${iso}T19:00:00,${item},${qty},${price},${lines.length},yes`);
  }
  return rows.join('\n') + '\n';
}

const post = <T = unknown>(url: string, token: string, payload: object | null) => h.post(url, token, payload ?? undefined).then((r) => ({ status: r.statusCode, body: r.json() as T & { message?: string; field?: string } }));

async function importFixture(): Promise<TOrderImport> {
  const res = await h.server.app.inject({ method: 'POST', url: `/api/orders/imports?${new URLSearchParams({ outletId, shape: 'london', sourceOutlet: 'takeaway-9' })}`, payload: fixture(), headers: { ...bearer(tokens.owner), 'content-type': 'text/csv' } });
  expect(res.statusCode, res.body).toBe(202);
  await h.server.ctx.jobs.whenIdle(['orders.import'], 60_000);
  const status = await h.server.app.inject({ method: 'GET', url: `/api/orders/imports/${(res.json() as TOrderImport).id}`, headers: bearer(tokens.owner) });
  return status.json() as TOrderImport;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dinedesk-menu-'));
  h = await startHarness({ sync: false, env: { DATA_DIR: dataDir } });
  const db = h.server.ctx.db;
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  const [other] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'deccan-table'));
  const [manager] = await db.select().from(schema.users).where(eq(schema.users.email, 'brand.manager@spice-route.demo'));
  // A Hyderabad outlet (no orders yet) of a brand the brand manager runs.
  const [brand] = await db.select({ id: schema.accessGrants.refId }).from(schema.accessGrants).where(and(eq(schema.accessGrants.userId, manager!.id), eq(schema.accessGrants.kind, 'brand'))).limit(1);
  const outs = await db.select().from(schema.outlets).where(and(eq(schema.outlets.brandId, brand!.id), eq(schema.outlets.city, 'Hyderabad'))).orderBy(schema.outlets.key);
  outletId = outs[0]!.id;
  const [otherOutlet] = await db.select({ id: schema.outlets.id }).from(schema.outlets).where(eq(schema.outlets.clientId, other!.id)).limit(1);
  otherClientOutletId = otherOutlet!.id;
  // The brand manager of spice-route gets the Menu Management module (off by default).
  await db.insert(schema.accessGrants).values({ userId: manager!.id, clientId: client!.id, kind: 'module', refId: 'menu_management' }).onConflictDoNothing();
  tokens.owner = await h.login('owner@spice-route.demo');
  tokens.viewer = await h.login('viewer@spice-route.demo');
  tokens.manager = await h.login('brand.manager@spice-route.demo');
  tokens.other = await h.login('owner@deccan-table.demo');
  expect((await importFixture()).status).toBe('imported');
}, 180_000);
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const items = async (token = tokens.owner) => (await post<TMenuItems>(MENU_API.items, token, { outletId })).body;
const itemNamed = async (name: string) => (await items()).data.find((i) => i.name === name)!;

describe('items from orders', () => {
  it('makes one item per item name of the import, once, even when the file is imported again', async () => {
    const first = await items();
    expect(first.data.map((i) => [i.name, i.orderName, i.source, i.price, i.orderPrice, i.currency, i.available, i.version])).toEqual([
      ['Dal Makhani', 'Dal Makhani', 'orders', null, 4.5, 'GBP', true, 0],
      ['Plain Naan', 'Plain Naan', 'orders', null, 2.6, 'GBP', true, 0],
      ['Samosa', 'Samosa', 'orders', null, 3, 'GBP', true, 0],
    ]);
    expect(first.outlets.find((o) => o.outletId === outletId)?.items).toBe(3);
    expect(first.canEdit).toBe(true);
    expect((await importFixture()).status).toBe('imported');
    expect((await items()).data.map((i) => i.id)).toEqual(first.data.map((i) => i.id));
  });

  it('live menu: latest price, the price before it, still ordered or not seen for N days, counted back from the last order day', async () => {
    const res = await post<TLiveMenu>(MENU_API.liveMenu, tokens.viewer, { outletId });
    expect(res.status).toBe(200);
    expect(res.body.asOf).toBe('2019-02-25');
    expect(res.body.currency).toBe('GBP');
    const by = Object.fromEntries(res.body.data.map((i) => [i.name, i]));
    expect(by['Dal Makhani']).toMatchObject({ price: 4.5, priceSource: 'orders', previousOrderPrice: 4, firstOrdered: '2019-01-01', lastOrdered: '2019-02-25', quantity28d: 28, daysSinceOrdered: 0, stillOrdered: true });
    expect(by['Samosa']).toMatchObject({ price: 3, previousOrderPrice: null, quantity28d: 50, stillOrdered: true });
    // Last ordered 2019-01-31: 25 days before the last order day.
    expect(by['Plain Naan']).toMatchObject({ lastOrdered: '2019-01-31', daysSinceOrdered: 25, stillOrdered: false, quantity28d: 6 });
    expect(25).toBeGreaterThanOrEqual(NOT_SEEN_AFTER_DAYS);
    // Still ordered first.
    expect(res.body.data.map((i) => i.name)).toEqual(['Dal Makhani', 'Samosa', 'Plain Naan']);
  });

  it('insights: quantity, revenue and share against the previous period; rising, falling and unordered items', async () => {
    const res = await post<TMenuInsights>(MENU_API.insights, tokens.owner, { outletId, from: '2019-01-29', to: '2019-02-25' });
    expect(res.status).toBe(200);
    expect([res.body.previousFrom, res.body.previousTo]).toEqual(['2019-01-01', '2019-01-28']);
    const by = Object.fromEntries(res.body.items.map((i) => [i.name, i]));
    // Current: Dal 3 days × 4.00 + 25 days × 4.50 = 124.50; Naan 3 days × 2 × 2.60 = 15.60; Samosa 25 × 2 × 3 = 150.
    expect(by['Dal Makhani']).toMatchObject({ quantity: 28, previousQuantity: 28, revenue: 124.5, previousRevenue: 112, change: 0 });
    expect(by['Samosa']).toMatchObject({ quantity: 50, previousQuantity: 0, revenue: 150, change: 50, share: Math.round((150 / 290.1) * 10000) / 10000 });
    expect(by['Plain Naan']).toMatchObject({ quantity: 6, previousQuantity: 56, change: -50 });
    expect(res.body.items.map((i) => i.name)).toEqual(['Samosa', 'Dal Makhani', 'Plain Naan']);
    expect(res.body.rising.map((i) => i.name)).toEqual(['Samosa']);
    expect(res.body.falling.map((i) => i.name)).toEqual(['Plain Naan']);
    expect(res.body.notOrdered).toEqual([]);
    const feb = await post<TMenuInsights>(MENU_API.insights, tokens.owner, { outletId, from: '2019-02-01', to: '2019-02-25' });
    expect(feb.body.notOrdered.map((i) => [i.name, i.lastOrdered])).toEqual([['Plain Naan', '2019-01-31']]);
  });
});

describe('editing with an append-only history', () => {
  it('records who, when, and each changed field before and after; the set price wins on the live menu', async () => {
    const dal = await itemNamed('Dal Makhani');
    const res = await post<TMenuItem>(MENU_API.updateItem, tokens.manager, { itemId: dal.id, version: dal.version, price: 4.95, available: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ price: 4.95, orderPrice: 4.5, version: 1 });
    const hist = await post<TMenuHistory>(MENU_API.history, tokens.owner, { outletId });
    expect(hist.body.data[0]).toMatchObject({ itemId: dal.id, itemName: 'Dal Makhani', kind: 'updated', actorName: expect.any(String), currency: 'GBP', changes: [{ field: 'price', before: null, after: 4.95 }] });
    expect(hist.body.data[0]!.actorUserId).not.toBeNull();
    const live = await post<TLiveMenu>(MENU_API.liveMenu, tokens.owner, { outletId });
    expect(live.body.data.find((i) => i.id === dal.id)).toMatchObject({ price: 4.95, priceSource: 'menu' });
  });

  it('refuses a stale version (409 naming body.version) and writes nothing', async () => {
    const dal = await itemNamed('Dal Makhani');
    const before = await tableCounts(h);
    const res = await post(MENU_API.updateItem, tokens.owner, { itemId: dal.id, version: dal.version - 1, price: 1 });
    expect([res.status, res.body.field]).toEqual([409, 'body.version']);
    expect(await tableCounts(h)).toEqual(before);
    expect((await itemNamed('Dal Makhani')).price).toBe(4.95);
  });

  it('renames, clears the price back to the orders, switches availability; a name another item has is 409', async () => {
    const naan = await itemNamed('Plain Naan');
    const clash = await post(MENU_API.updateItem, tokens.owner, { itemId: naan.id, version: naan.version, name: '  samosa ' });
    expect([clash.status, clash.body.field]).toEqual([409, 'body.name']);
    const res = await post<TMenuItem>(MENU_API.updateItem, tokens.owner, { itemId: naan.id, version: naan.version, name: 'Butter Naan', available: false });
    expect(res.body).toMatchObject({ name: 'Butter Naan', orderName: 'Plain Naan', available: false, version: 1 });
    const dal = await itemNamed('Dal Makhani');
    expect((await post<TMenuItem>(MENU_API.updateItem, tokens.owner, { itemId: dal.id, version: dal.version, price: null })).body).toMatchObject({ price: null, version: 2 });
    const hist = (await post<TMenuHistory>(MENU_API.history, tokens.owner, { outletId })).body.data;
    expect(hist.slice(0, 2).map((c) => c.changes)).toEqual([
      [{ field: 'price', before: 4.95, after: null }],
      [
        { field: 'name', before: 'Plain Naan', after: 'Butter Naan' },
        { field: 'available', before: true, after: false },
      ],
    ]);
    // The renamed item still counts its orders on the live menu.
    const live = await post<TLiveMenu>(MENU_API.liveMenu, tokens.owner, { outletId });
    expect(live.body.data.at(-1)).toMatchObject({ name: 'Butter Naan', available: false, lastOrdered: '2019-01-31' });
  });

  it('a change that changes nothing writes no history row', async () => {
    const dal = await itemNamed('Dal Makhani');
    const before = await tableCounts(h);
    const res = await post<TMenuItem>(MENU_API.updateItem, tokens.owner, { itemId: dal.id, version: dal.version, name: 'Dal Makhani', available: true });
    expect(res.status).toBe(200);
    expect(res.body.version).toBe(dal.version);
    expect(await tableCounts(h)).toEqual(before);
  });

  it('adds an item by hand in the orders’ currency; it is never ordered and needs a price', async () => {
    const res = await post<TMenuItem>(MENU_API.createItem, tokens.owner, { outletId, name: 'Mango Lassi', price: 3.2 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ name: 'Mango Lassi', source: 'manual', orderName: null, price: 3.2, currency: 'GBP', available: true, version: 0 });
    expect((await post(MENU_API.createItem, tokens.owner, { outletId, name: 'Mango Lassi', price: 3.2 })).status).toBe(409);
    expect((await post(MENU_API.createItem, tokens.owner, { outletId, name: 'Kulfi', price: 3.2, currency: 'EUR' })).body.field).toBe('body.currency');
    const cleared = await post(MENU_API.updateItem, tokens.owner, { itemId: res.body.id, version: 0, price: null });
    expect([cleared.status, cleared.body.field]).toEqual([400, 'body.price']);
    const hist = (await post<TMenuHistory>(MENU_API.history, tokens.owner, { outletId, itemId: res.body.id })).body.data;
    expect(hist).toEqual([expect.objectContaining({ kind: 'created', changes: [{ field: 'name', before: null, after: 'Mango Lassi' }, { field: 'price', before: null, after: 3.2 }, { field: 'available', before: null, after: true }] })]);
    const feb = await post<TMenuInsights>(MENU_API.insights, tokens.owner, { outletId, from: '2019-02-01', to: '2019-02-25' });
    expect(feb.body.notOrdered.map((i) => i.name)).toEqual(['Butter Naan', 'Mango Lassi']);
  });

  it('the database refuses to change or delete a history row', async () => {
    const db = h.server.ctx.db;
    // Drizzle wraps the database's error: its own message is the cause's.
    const refusal = { cause: expect.objectContaining({ message: expect.stringMatching(/menu_item_changes is append-only/) }) };
    await expect(db.execute(sql`UPDATE menu_item_changes SET actor_name = 'someone else'`)).rejects.toMatchObject(refusal);
    await expect(db.execute(sql`DELETE FROM menu_item_changes`)).rejects.toMatchObject(refusal);
    const { rows } = (await db.execute(sql`SELECT count(*)::int AS n FROM menu_item_changes WHERE actor_name = 'someone else'`)) as unknown as { rows: { n: number }[] };
    expect(rows[0]!.n).toBe(0);
  });

  it('pages the history newest first by keyset', async () => {
    const manual = (await post<TMenuItem>(MENU_API.createItem, tokens.owner, { outletId, name: 'Paging test', price: 1 })).body;
    let version = manual.version;
    for (let n = 1; n <= MENU_HISTORY_PAGE + 2; n++) version = (await post<TMenuItem>(MENU_API.updateItem, tokens.owner, { itemId: manual.id, version, price: 1 + n / 100 })).body.version;
    const first = (await post<TMenuHistory>(MENU_API.history, tokens.owner, { outletId, itemId: manual.id })).body;
    expect(first.data).toHaveLength(MENU_HISTORY_PAGE);
    expect(first.data[0]!.changes[0]!.after).toBe(1 + (MENU_HISTORY_PAGE + 2) / 100);
    const second = (await post<TMenuHistory>(MENU_API.history, tokens.owner, { outletId, itemId: manual.id, before: first.nextBefore })).body;
    expect(second.data.map((c) => c.kind)).toEqual(['updated', 'updated', 'created']);
    expect(second.nextBefore).toBeNull();
    expect(new Set([...first.data, ...second.data].map((c) => c.id)).size).toBe(MENU_HISTORY_PAGE + 3);
  });
});

describe('item offer tracker', () => {
  const offer = (itemId: string, startsOn: string, endsOn: string, extra: object = {}) => ({ outletId, itemId, title: 'Winter offer', kind: 'percent_off', value: 20, startsOn, endsOn, paidBy: 'shared', ...extra });

  it('lists the price changes the orders show, newest first', async () => {
    const res = await post<TItemOffers>(MENU_API.offers, tokens.viewer, { outletId });
    expect(res.status).toBe(200);
    expect(res.body.asOf).toBe('2019-02-25');
    expect(res.body.priceChanges).toEqual([{ itemId: (await itemNamed('Dal Makhani')).id, name: 'Dal Makhani', day: '2019-02-01', from: 4, to: 4.5 }]);
    expect(res.body.canEdit).toBe(false);
  });

  it('sets up offers and measures each against the same number of days before it', async () => {
    const dal = await itemNamed('Dal Makhani');
    const samosa = await itemNamed('Samosa');
    const naan = await itemNamed('Butter Naan');
    const flat = await post<TItemOffer>(MENU_API.createOffer, tokens.manager, offer(dal.id, '2019-02-11', '2019-02-20', { kind: 'fixed_price', value: 3.99, paidBy: 'outlet' }));
    expect(flat.status, JSON.stringify(flat.body)).toBe(201);
    expect(flat.body).toMatchObject({ itemName: 'Dal Makhani', kind: 'fixed_price', value: 3.99, status: 'expired', effect: { days: 10, quantityDuring: 10, quantityBefore: 10, perDayDuring: 1, perDayBefore: 1, change: 0 } });
    // Runs past the last order day: 25 days covered; nothing sold in the 25 days before, so no change figure.
    const late = await post<TItemOffer>(MENU_API.createOffer, tokens.owner, offer(samosa.id, '2019-02-01', '2019-03-31'));
    expect(late.body.effect).toEqual({ days: 25, quantityDuring: 50, quantityBefore: 0, perDayDuring: 2, perDayBefore: 0, change: null });
    const gone = await post<TItemOffer>(MENU_API.createOffer, tokens.owner, offer(naan.id, '2019-02-01', '2019-02-10', { paidBy: 'platform' }));
    expect(gone.body.effect).toMatchObject({ quantityDuring: 0, quantityBefore: 20, change: -1 });
    const future = await post<TItemOffer>(MENU_API.createOffer, tokens.owner, offer(dal.id, '2098-01-01', '2098-01-31'));
    expect(future.body).toMatchObject({ status: 'scheduled', effect: { days: 0, change: null } });
    const list = (await post<TItemOffers>(MENU_API.offers, tokens.owner, { outletId })).body;
    expect(list.offers.map((o) => [o.itemName, o.startsOn, o.status])).toEqual([
      ['Dal Makhani', '2098-01-01', 'scheduled'],
      ['Dal Makhani', '2019-02-11', 'expired'],
      ['Butter Naan', '2019-02-01', 'expired'],
      ['Samosa', '2019-02-01', 'expired'],
    ]);
    expect(list.canEdit).toBe(true);
    const del = await post(MENU_API.deleteOffer, tokens.owner, { offerId: future.body.id });
    expect([del.status, del.body]).toEqual([200, { deleted: true }]);
    expect((await post<TItemOffers>(MENU_API.offers, tokens.owner, { outletId })).body.offers).toHaveLength(3);
    expect((await post(MENU_API.deleteOffer, tokens.owner, { offerId: future.body.id })).status).toBe(404);
  });

  it('refuses viewers, another client, an item of another outlet, and bad offers, writing nothing', async () => {
    const dal = await itemNamed('Dal Makhani');
    const before = await tableCounts(h);
    expect((await post(MENU_API.createOffer, tokens.viewer, offer(dal.id, '2019-02-01', '2019-02-02'))).status).toBe(403);
    const foreign = await post(MENU_API.createOffer, tokens.other, offer(dal.id, '2019-02-01', '2019-02-02'));
    expect([foreign.status, foreign.body.field], JSON.stringify(foreign.body)).toEqual([404, 'body.outletId']);
    const existing = (await post<TItemOffers>(MENU_API.offers, tokens.owner, { outletId })).body.offers[0]!;
    expect((await post(MENU_API.deleteOffer, tokens.other, { offerId: existing.id })).status).toBe(404);
    const [otherOutlet] = (await post<TMenuItems>(MENU_API.items, tokens.owner, {})).body.outlets.filter((o) => o.outletId !== outletId);
    const wrongOutlet = await post(MENU_API.createOffer, tokens.owner, { ...offer(dal.id, '2019-02-01', '2019-02-02'), outletId: otherOutlet!.outletId });
    expect([wrongOutlet.status, wrongOutlet.body.field]).toEqual([404, 'body.itemId']);
    for (const [bad, field] of [
      [{ value: 150 }, 'body.value'],
      [{ value: 12.5 }, 'body.value'],
      [{ kind: 'fixed_price', value: 1.005 }, 'body.value'],
      [{ kind: 'fixed_price', value: '3.99' }, 'body.value'],
      [{ kind: 'bogof' }, 'body.kind'],
      [{ paidBy: 'guest' }, 'body.paidBy'],
      [{ startsOn: '2019-02-30' }, 'body.startsOn'],
      [{ endsOn: '2019-01-01' }, 'body.endsOn'],
      [{ endsOn: '2020-12-31' }, 'body.endsOn'],
      [{ title: 'Half\u0000price' }, 'body.title'],
      [{ title: 'x'.repeat(10_000) }, 'body.title'],
      [{ extra: true }, 'body'],
    ] as const) {
      const res = await post(MENU_API.createOffer, tokens.owner, { ...offer(dal.id, '2019-02-01', '2019-02-10'), ...bad });
      expect([JSON.stringify(bad).slice(0, 60), res.status, res.body.field]).toEqual([JSON.stringify(bad).slice(0, 60), 400, field]);
    }
    expect(await tableCounts(h)).toEqual(before);
  });
});

describe('who may do what', () => {
  it('viewers read the live menu, the items and the history, and edit nothing', async () => {
    expect((await post(MENU_API.liveMenu, tokens.viewer, { outletId })).status).toBe(200);
    expect((await post<TMenuItems>(MENU_API.items, tokens.viewer, { outletId })).body.canEdit).toBe(false);
    expect((await post(MENU_API.history, tokens.viewer, { outletId })).status).toBe(200);
    const dal = await itemNamed('Dal Makhani');
    const before = await tableCounts(h);
    expect((await post(MENU_API.updateItem, tokens.viewer, { itemId: dal.id, version: dal.version, price: 1 })).status).toBe(403);
    expect((await post(MENU_API.createItem, tokens.viewer, { outletId, name: 'Tea', price: 1 })).status).toBe(403);
    expect(await tableCounts(h)).toEqual(before);
  });

  it('a user without the Menu Management module is refused it, and keeps the live menu with Reporting', async () => {
    const db = h.server.ctx.db;
    const [agent] = await db.select().from(schema.users).where(eq(schema.users.email, 'agent@spice-route.demo'));
    await db.delete(schema.accessGrants).where(and(eq(schema.accessGrants.userId, agent!.id), eq(schema.accessGrants.kind, 'module'), eq(schema.accessGrants.refId, 'menu_management')));
    const token = await h.login('agent@spice-route.demo');
    expect((await post(MENU_API.items, token, { outletId })).status).toBe(403);
    expect((await post(MENU_API.insights, token, { outletId })).status).toBe(403);
    expect((await post(MENU_API.history, token, { outletId })).status).toBe(403);
    expect((await post(MENU_API.liveMenu, token, { outletId })).status).toBe(200);
  });

  it('a brand manager granted the module reads and edits; another client’s outlet and item are 404', async () => {
    expect((await post<TMenuItems>(MENU_API.items, tokens.manager, { outletId })).body.canEdit).toBe(true);
    const dal = await itemNamed('Dal Makhani');
    const before = await tableCounts(h);
    for (const [url, payload, field] of [
      [MENU_API.items, { outletId }, 'body.outletId'],
      [MENU_API.liveMenu, { outletId }, 'body.outletId'],
      [MENU_API.history, { outletId }, 'body.outletId'],
      [MENU_API.createItem, { outletId, name: 'Intruder', price: 1 }, 'body.outletId'],
      [MENU_API.updateItem, { itemId: dal.id, version: dal.version, price: 0 }, 'body.itemId'],
    ] as const) {
      const res = await post(url, tokens.other, payload);
      expect([url, res.status, res.body.field]).toEqual([url, 404, field]);
    }
    expect(await tableCounts(h)).toEqual(before);
    // The other client's own (empty) outlet answers normally.
    expect((await post<TLiveMenu>(MENU_API.liveMenu, tokens.other, { outletId: otherClientOutletId })).body.data).toEqual([]);
  });
});

describe('bad input: 400 naming the field, nothing written', () => {
  const huge = 'x'.repeat(100_000);
  it.each([
    ['a control character in the name', MENU_API.createItem, () => ({ outletId, name: 'Dal\u0007', price: 1 }), 'body.name'],
    ['an empty name', MENU_API.createItem, () => ({ outletId, name: '   ', price: 1 }), 'body.name'],
    ['a huge name', MENU_API.createItem, () => ({ outletId, name: huge, price: 1 }), 'body.name'],
    ['a price with 3 decimals', MENU_API.createItem, () => ({ outletId, name: 'Tea', price: 1.005 }), 'body.price'],
    ['a huge price', MENU_API.createItem, () => ({ outletId, name: 'Tea', price: 1e12 }), 'body.price'],
    ['a negative price', MENU_API.createItem, () => ({ outletId, name: 'Tea', price: -1 }), 'body.price'],
    ['a price as text', MENU_API.createItem, () => ({ outletId, name: 'Tea', price: '1.00' }), 'body.price'],
    ['availability as text', MENU_API.createItem, () => ({ outletId, name: 'Tea', price: 1, available: 'yes' }), 'body.available'],
    ['an unknown field', MENU_API.createItem, () => ({ outletId, name: 'Tea', price: 1, cost: 0.2 }), 'body'],
    ['a lowercase currency', MENU_API.createItem, () => ({ outletId, name: 'Tea', price: 1, currency: 'gbp' }), 'body.currency'],
    ['a bad outlet id', MENU_API.items, () => ({ outletId: 'outlet-1\u0000' }), 'body.outletId'],
    ['a bad item id', MENU_API.updateItem, () => ({ itemId: '42', version: 0, price: 1 }), 'body.itemId'],
    ['no field to change', MENU_API.updateItem, () => ({ itemId: outletId, version: 0 }), 'body.name'],
    ['a fractional version', MENU_API.updateItem, () => ({ itemId: outletId, version: 0.5, price: 1 }), 'body.version'],
    ['a page cursor as text', MENU_API.history, () => ({ outletId, before: 'abc' }), 'body.before'],
    ['a period ending before it starts', MENU_API.insights, () => ({ outletId, from: '2019-02-02', to: '2019-02-01' }), 'body.from'],
    ['a date that is not one', MENU_API.insights, () => ({ outletId, from: '2019-13-45x' }), 'body.from'],
    ['a day the calendar does not have', MENU_API.insights, () => ({ outletId, from: '2019-02-30' }), 'body.from'],
  ])('%s', async (_what, url, payload, field) => {
    const before = await tableCounts(h);
    const res = await post(url, tokens.owner, payload());
    expect([res.status, res.body.field], JSON.stringify(res.body)).toEqual([400, field]);
    expect(await tableCounts(h)).toEqual(before);
  });
});
