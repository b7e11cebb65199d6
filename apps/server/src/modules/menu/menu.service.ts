import {
  MENU_HISTORY_PAGE,
  NOT_SEEN_AFTER_DAYS,
  type TLiveMenu,
  type TLiveMenuItem,
  type TMenuChange,
  type TMenuFieldChange,
  type TMenuHistory,
  type TMenuHistoryRequest,
  type TMenuInsightItem,
  type TMenuInsights,
  type TMenuInsightsRequest,
  type TMenuItem,
  type TMenuItemCreate,
  type TMenuItemUpdate,
  type TMenuItems,
  type TMenuOutlet,
  type TOutletPick,
} from '@dinedesk/contracts/menu';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import { addDays, daysBetween, itemTotals } from '../orders/index.ts';
import * as repo from './menu.repository.ts';

/**
 * The menu of an outlet (docs/decisions/0039): Reporting → Live menu, Menu Management →
 * Insights and Audit history (with the item editor).
 *
 * - Items: one per distinct item name of the outlet's orders (made by the order import, in its
 *   transaction) and items added by hand. Name, price and availability are edited here; the
 *   price set here wins over the orders' latest price until it is cleared.
 * - Every create and change is one row of `menu_item_changes` (append-only: a trigger refuses
 *   UPDATE and DELETE), in the same transaction as the change, under the outlet's row lock.
 * - "Still ordered" is counted back from the outlet's LAST ORDER DAY, not from today: imported
 *   exports end when they were taken (the London data ends in 2019).
 * - Who: reading the live menu needs `read Reporting`; insights and history `read
 *   MenuManagement`; editing `update MenuManagement` (owners, brand and outlet managers).
 */

const major = (minor: number | null) => (minor === null ? null : Math.round(minor) / 100);
const minor = (major: number) => Math.round(major * 100);
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
/** Items in the rising and falling lists. */
const MOVERS = 5;

const outletNotFound = (id: string) => new HttpError(404, `Outlet ${id} not found`, { field: 'body.outletId' });

/**
 * The outlets the caller sees (with item counts) and the one to show: the one asked for (404
 * naming `body.outletId` when not seen), else the first with items, else the first.
 */
export async function pickOutlet(ctx: AppContext, auth: AuthContext, outletId: string | undefined): Promise<{ outlets: TMenuOutlet[]; outletId: string | null }> {
  if (!auth.clientId) {
    if (outletId) throw outletNotFound(outletId);
    return { outlets: [], outletId: null };
  }
  const rows = await repo.outletsWithItemCounts(ctx.db, auth);
  const outlets = rows.map((o) => ({ outletId: o.id, outletName: o.name, brandName: o.brandName, items: o.items }));
  if (outletId) {
    if (!outlets.some((o) => o.outletId === outletId)) throw outletNotFound(outletId);
    return { outlets, outletId };
  }
  return { outlets, outletId: (outlets.find((o) => o.items > 0) ?? outlets[0])?.outletId ?? null };
}

function itemView(row: repo.MenuItemRow, stats: repo.OrderItemStats | undefined): TMenuItem {
  return {
    id: row.id,
    outletId: row.outletId,
    name: row.name,
    orderName: row.orderName,
    source: row.orderName === null ? 'manual' : 'orders',
    price: major(row.priceMinor),
    orderPrice: stats ? major(stats.lastPriceMinor) : null,
    currency: row.currency,
    available: row.available,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function statsOf(ctx: AppContext, outletId: string) {
  const range = await repo.orderRange(ctx.db, outletId);
  const stats = range.last ? await repo.orderItemStats(ctx.db, outletId, range.last) : new Map<string, repo.OrderItemStats>();
  return { range, stats };
}

/** `POST /api/menu/items`: the editable items of one outlet, by name. @throws HttpError 404 outlet not seen */
export async function listItems(ctx: AppContext, auth: AuthContext, req: TOutletPick): Promise<TMenuItems> {
  const pick = await pickOutlet(ctx, auth, req.outletId);
  const canEdit = auth.ability.can('update', 'MenuManagement');
  if (!pick.outletId) return { ...pick, currency: null, data: [], canEdit };
  const [{ range, stats }, rows] = await Promise.all([statsOf(ctx, pick.outletId), repo.itemsOf(ctx.db, pick.outletId)]);
  return { ...pick, currency: range.currency, data: rows.map((r) => itemView(r, r.orderName === null ? undefined : stats.get(r.orderName))), canEdit };
}

/** `POST /api/reporting/live-menu`: what the outlet sells now, as its orders show it. @throws HttpError 404 outlet not seen */
export async function liveMenu(ctx: AppContext, auth: AuthContext, req: TOutletPick): Promise<TLiveMenu> {
  const pick = await pickOutlet(ctx, auth, req.outletId);
  if (!pick.outletId) return { ...pick, currency: null, asOf: null, data: [] };
  const [{ range, stats }, rows] = await Promise.all([statsOf(ctx, pick.outletId), repo.itemsOf(ctx.db, pick.outletId)]);
  const asOf = range.last;
  const data: TLiveMenuItem[] = rows.map((r) => {
    const s = r.orderName === null ? undefined : stats.get(r.orderName);
    const daysSince = s && asOf ? daysBetween(s.lastDay, asOf).length - 1 : null;
    return {
      id: r.id,
      name: r.name,
      price: r.priceMinor !== null ? major(r.priceMinor) : s ? major(s.lastPriceMinor) : null,
      priceSource: r.priceMinor !== null ? 'menu' : s ? 'orders' : null,
      previousOrderPrice: s ? major(s.previousPriceMinor) : null,
      available: r.available,
      firstOrdered: s?.firstDay ?? null,
      lastOrdered: s?.lastDay ?? null,
      quantity28d: s?.quantity28d ?? 0,
      daysSinceOrdered: daysSince,
      stillOrdered: daysSince !== null && daysSince < NOT_SEEN_AFTER_DAYS,
    };
  });
  const rank = (i: TLiveMenuItem) => (i.available && i.stillOrdered ? 0 : i.available ? 1 : 2);
  data.sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  return { ...pick, currency: range.currency, asOf, data };
}

/** `POST /api/menu/insights`: per item quantity, revenue and share against the previous period. @throws HttpError 404 outlet not seen */
export async function menuInsights(ctx: AppContext, auth: AuthContext, req: TMenuInsightsRequest): Promise<TMenuInsights> {
  const pick = await pickOutlet(ctx, auth, req.outletId);
  const empty = { ...pick, currency: null, from: null, to: null, previousFrom: null, previousTo: null, items: [], rising: [], falling: [], notOrdered: [] };
  if (!pick.outletId) return empty;
  const outletId = pick.outletId;
  const [range, rows] = await Promise.all([repo.orderRange(ctx.db, outletId), repo.itemsOf(ctx.db, outletId)]);
  const to = req.to ?? range.last;
  const from = req.from ?? (to ? addDays(to, -27) : null);
  if (!from || !to) {
    return { ...empty, notOrdered: rows.map((r) => ({ id: r.id, name: r.name, lastOrdered: null, available: r.available })) };
  }
  const length = daysBetween(from, to).length;
  const previousFrom = addDays(from, -length);
  const previousTo = addDays(from, -1);
  const [cur, prev, stats] = await Promise.all([itemTotals(ctx.db, outletId, from, to), itemTotals(ctx.db, outletId, previousFrom, previousTo), range.last ? repo.orderItemStats(ctx.db, outletId, range.last) : new Map<string, repo.OrderItemStats>()]);
  const byOrderName = new Map(rows.filter((r) => r.orderName !== null).map((r) => [r.orderName!, r]));
  const curBy = new Map(cur.map((c) => [c.item, c]));
  const prevBy = new Map(prev.map((p) => [p.item, p]));
  const curTotal = cur.reduce((s, c) => s + c.salesMinor, 0);
  const prevTotal = prev.reduce((s, p) => s + p.salesMinor, 0);
  const items: TMenuInsightItem[] = [];
  for (const name of new Set([...curBy.keys(), ...prevBy.keys()])) {
    // Every ordered name has its item (made by the import); a name without one is skipped, not a 500.
    const item = byOrderName.get(name);
    if (!item) continue;
    const c = curBy.get(name);
    const p = prevBy.get(name);
    items.push({
      id: item.id,
      name: item.name,
      quantity: c?.quantity ?? 0,
      previousQuantity: p?.quantity ?? 0,
      revenue: major(c?.salesMinor ?? 0)!,
      previousRevenue: major(p?.salesMinor ?? 0)!,
      share: curTotal ? round((c?.salesMinor ?? 0) / curTotal) : 0,
      previousShare: prevTotal ? round((p?.salesMinor ?? 0) / prevTotal) : 0,
      change: (c?.quantity ?? 0) - (p?.quantity ?? 0),
    });
  }
  items.sort((a, b) => b.revenue - a.revenue || b.quantity - a.quantity || a.name.localeCompare(b.name));
  const byChange = [...items].sort((a, b) => b.change - a.change || a.name.localeCompare(b.name));
  const notOrdered = rows
    .filter((r) => r.orderName === null || !curBy.has(r.orderName))
    .map((r) => ({ id: r.id, name: r.name, lastOrdered: r.orderName === null ? null : (stats.get(r.orderName)?.lastDay ?? null), available: r.available }));
  return {
    ...pick,
    currency: range.currency,
    from,
    to,
    previousFrom,
    previousTo,
    items,
    rising: byChange.filter((i) => i.change > 0).slice(0, MOVERS),
    falling: byChange.filter((i) => i.change < 0).reverse().slice(0, MOVERS),
    notOrdered,
  };
}

/** `POST /api/menu/items/create`: an item added by hand, with its "created" audit row. @throws HttpError 404 outlet not seen, 409 name taken, 400 currency */
export async function createItem(ctx: AppContext, auth: AuthContext, req: TMenuItemCreate): Promise<TMenuItem> {
  if (!auth.clientId) throw outletNotFound(req.outletId);
  const { outlets } = await pickOutlet(ctx, auth, req.outletId);
  if (!outlets.some((o) => o.outletId === req.outletId)) throw outletNotFound(req.outletId);
  const clientId = auth.clientId;
  return ctx.db.transaction(async (tx) => {
    await repo.lockOutlet(tx, req.outletId);
    const name = req.name.trim();
    if (await repo.nameTaken(tx, req.outletId, name, null)) throw new HttpError(409, `The menu already has an item called ${name}`, { field: 'body.name' });
    const { currency: ordersCurrency } = await repo.orderRange(tx, req.outletId);
    if (ordersCurrency && req.currency && req.currency !== ordersCurrency) throw new HttpError(400, `currency must be ${ordersCurrency}, the currency of the outlet's orders`, { field: 'body.currency' });
    const currency = ordersCurrency ?? req.currency;
    if (!currency) throw new HttpError(400, 'currency is required: the outlet has no orders to take it from', { field: 'body.currency' });
    const row = await repo.insertItem(tx, { clientId, outletId: req.outletId, orderName: null, name, priceMinor: minor(req.price), currency, available: req.available ?? true });
    const changes: TMenuFieldChange[] = [
      { field: 'name', before: null, after: row.name },
      { field: 'price', before: null, after: row.priceMinor },
      { field: 'available', before: null, after: row.available },
    ];
    await repo.insertChange(tx, { clientId, outletId: row.outletId, itemId: row.id, kind: 'created', actorUserId: auth.userId, actorName: auth.fullName, changes });
    return itemView(row, undefined);
  });
}

/**
 * `POST /api/menu/items/update`: changes name, price and/or availability, recording the fields
 * that changed (before → after) in the same transaction. Nothing changed: the item as it is, no
 * audit row. @throws HttpError 404 item not seen, 409 version stale or name taken, 400 price
 * cleared on an item added by hand
 */
export async function updateItem(ctx: AppContext, auth: AuthContext, req: TMenuItemUpdate): Promise<TMenuItem> {
  const notFound = new HttpError(404, `Menu item ${req.itemId} not found`, { field: 'body.itemId' });
  const seen = await repo.itemById(ctx.db, req.itemId);
  if (!seen || !inTenantScope(auth, { clientId: seen.clientId, outletId: seen.outletId })) throw notFound;
  return ctx.db.transaction(async (tx) => {
    await repo.lockOutlet(tx, seen.outletId);
    const item = await repo.itemById(tx, req.itemId, true);
    if (!item) throw notFound;
    if (item.version !== req.version) throw new HttpError(409, `${item.name} was changed by someone else meanwhile: reload it and try again`, { field: 'body.version' });
    const set: Partial<Pick<repo.MenuItemRow, 'name' | 'priceMinor' | 'available'>> = {};
    const changes: TMenuFieldChange[] = [];
    if (req.name !== undefined && req.name.trim() !== item.name) {
      const name = req.name.trim();
      if (await repo.nameTaken(tx, item.outletId, name, item.id)) throw new HttpError(409, `The menu already has an item called ${name}`, { field: 'body.name' });
      set.name = name;
      changes.push({ field: 'name', before: item.name, after: name });
    }
    if (req.price !== undefined) {
      if (req.price === null && item.orderName === null) throw new HttpError(400, 'price is required for an item added by hand (it has no order price to fall back to)', { field: 'body.price' });
      const priceMinor = req.price === null ? null : minor(req.price);
      if (priceMinor !== item.priceMinor) {
        set.priceMinor = priceMinor;
        changes.push({ field: 'price', before: item.priceMinor, after: priceMinor });
      }
    }
    if (req.available !== undefined && req.available !== item.available) {
      set.available = req.available;
      changes.push({ field: 'available', before: item.available, after: req.available });
    }
    const stats = item.orderName === null ? undefined : (await repo.orderItemStats(tx, item.outletId, (await repo.orderRange(tx, item.outletId)).last ?? '2000-01-01')).get(item.orderName);
    if (!changes.length) return itemView(item, stats);
    const row = await repo.updateItem(tx, item.id, set);
    await repo.insertChange(tx, { clientId: item.clientId, outletId: item.outletId, itemId: item.id, kind: 'updated', actorUserId: auth.userId, actorName: auth.fullName, changes });
    return itemView(row, stats);
  });
}

/** Prices leave the log in major units, as everywhere in the API. */
function changeView(row: Awaited<ReturnType<typeof repo.changesOf>>[number]): TMenuChange {
  const changes = (row.changes as TMenuFieldChange[]).map((c) =>
    c.field === 'price' ? { field: c.field, before: typeof c.before === 'number' ? major(c.before) : null, after: typeof c.after === 'number' ? major(c.after) : null } : c,
  );
  return { id: row.id, itemId: row.itemId, itemName: row.itemName, kind: row.kind, actorUserId: row.actorUserId, actorName: row.actorName, at: row.at.toISOString(), changes, currency: row.currency };
}

/** `POST /api/menu/history`: the outlet's (or one item's) audit log, newest first, keyset pages. @throws HttpError 404 outlet or item not seen */
export async function history(ctx: AppContext, auth: AuthContext, req: TMenuHistoryRequest): Promise<TMenuHistory> {
  const { outlets } = await pickOutlet(ctx, auth, req.outletId);
  if (!outlets.some((o) => o.outletId === req.outletId)) throw outletNotFound(req.outletId);
  if (req.itemId) {
    const item = await repo.itemById(ctx.db, req.itemId);
    if (!item || item.outletId !== req.outletId) throw new HttpError(404, `Menu item ${req.itemId} not found`, { field: 'body.itemId' });
  }
  const rows = await repo.changesOf(ctx.db, req.outletId, { itemId: req.itemId, before: req.before, limit: MENU_HISTORY_PAGE + 1 });
  const page = rows.slice(0, MENU_HISTORY_PAGE);
  return { data: page.map(changeView), nextBefore: rows.length > MENU_HISTORY_PAGE ? page[page.length - 1]!.id : null };
}
