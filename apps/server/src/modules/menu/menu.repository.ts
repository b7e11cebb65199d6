import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemOffers, menuItemChanges, menuItems, orderLines, orders } from '../../db/schema.ts';
import { outletsInScope, type OutletRow } from '../reporting/index.ts';
import type { TenantScope } from '../../lib/tenant-scope.ts';

/**
 * Queries of the menu (docs/decisions/0039): `menu_items` and the append-only
 * `menu_item_changes`, and aggregates of the orders module's `order_lines` (read only) per item.
 * Money is in minor units here; the service turns it into major units.
 */

async function q<T>(db: Db, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

export type MenuItemRow = typeof menuItems.$inferSelect;
export type MenuChangeRow = typeof menuItemChanges.$inferSelect;

/** The outlets a caller sees with how many menu items each has. */
export async function outletsWithItemCounts(db: Db, scope: TenantScope): Promise<(OutletRow & { items: number })[]> {
  const list = await outletsInScope(db, scope);
  if (!list.length) return [];
  const counts = await q<{ outlet_id: string; items: number }>(db, sql`
    SELECT outlet_id, count(*)::int AS items FROM ${menuItems} WHERE client_id = ${list[0]!.clientId} GROUP BY outlet_id`);
  const byOutlet = new Map(counts.map((c) => [c.outlet_id, c.items]));
  return list.map((o) => ({ ...o, items: byOutlet.get(o.id) ?? 0 }));
}

/**
 * Makes a menu item for each item name of the orders just written that the outlet does not have
 * yet (called by the order import in its transaction, so a rolled-back import leaves no item).
 * @param items order item name → the currency of its order
 */
export async function addOrderItems(db: Db, scope: { clientId: string; outletId: string }, items: Map<string, string>): Promise<void> {
  if (!items.size) return;
  const rows = [...items].map(([name, currency]) => ({ clientId: scope.clientId, outletId: scope.outletId, orderName: name, name, currency }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(menuItems).values(rows.slice(i, i + 500)).onConflictDoNothing({ target: [menuItems.outletId, menuItems.orderName] });
}

export async function itemsOf(db: Db, outletId: string): Promise<MenuItemRow[]> {
  return db.select().from(menuItems).where(eq(menuItems.outletId, outletId)).orderBy(asc(menuItems.name), asc(menuItems.id));
}

export async function itemById(db: Db, itemId: string, forUpdate = false): Promise<MenuItemRow | undefined> {
  const base = db.select().from(menuItems).where(eq(menuItems.id, itemId));
  const [row] = forUpdate ? await base.for('update') : await base;
  return row;
}

/** Another item of the outlet with this name, case and surrounding space ignored. */
export async function nameTaken(db: Db, outletId: string, name: string, exceptId: string | null): Promise<boolean> {
  const r = await q<{ id: string }>(db, sql`
    SELECT id FROM ${menuItems} WHERE outlet_id = ${outletId} AND lower(btrim(name)) = lower(btrim(${name}))
       ${exceptId ? sql`AND id <> ${exceptId}` : sql``} LIMIT 1`);
  return r.length > 0;
}

/** Serialises menu edits of one outlet (the name check and the audit row see a stable menu). */
export async function lockOutlet(db: Db, outletId: string): Promise<void> {
  await db.execute(sql`SELECT id FROM outlets WHERE id = ${outletId} FOR UPDATE`);
}

export async function insertItem(db: Db, values: typeof menuItems.$inferInsert): Promise<MenuItemRow> {
  const [row] = await db.insert(menuItems).values(values).returning();
  return row!;
}

export async function updateItem(db: Db, itemId: string, set: Partial<Pick<MenuItemRow, 'name' | 'priceMinor' | 'available'>>): Promise<MenuItemRow> {
  const [row] = await db
    .update(menuItems)
    .set({ ...set, version: sql`${menuItems.version} + 1`, updatedAt: sql`now()` })
    .where(eq(menuItems.id, itemId))
    .returning();
  return row!;
}

export async function insertChange(db: Db, values: typeof menuItemChanges.$inferInsert): Promise<void> {
  await db.insert(menuItemChanges).values(values);
}

/** A page of the outlet's audit log (or one item's), newest first, with each item's current name. */
export async function changesOf(db: Db, outletId: string, opts: { itemId?: string; before?: number; limit: number }): Promise<(MenuChangeRow & { itemName: string; currency: string | null })[]> {
  return db
    .select({
      id: menuItemChanges.id,
      clientId: menuItemChanges.clientId,
      outletId: menuItemChanges.outletId,
      itemId: menuItemChanges.itemId,
      kind: menuItemChanges.kind,
      actorUserId: menuItemChanges.actorUserId,
      actorName: menuItemChanges.actorName,
      at: menuItemChanges.at,
      changes: menuItemChanges.changes,
      itemName: menuItems.name,
      currency: menuItems.currency,
    })
    .from(menuItemChanges)
    .innerJoin(menuItems, eq(menuItems.id, menuItemChanges.itemId))
    .where(
      and(
        eq(menuItemChanges.outletId, outletId),
        opts.itemId ? eq(menuItemChanges.itemId, opts.itemId) : undefined,
        opts.before ? lt(menuItemChanges.id, opts.before) : undefined,
      ),
    )
    .orderBy(desc(menuItemChanges.id))
    .limit(opts.limit);
}

export interface OrderItemStats {
  item: string;
  /** Unit price of the latest line (ties: the dearer), and the last different price before it. */
  lastPriceMinor: number;
  previousPriceMinor: number | null;
  firstDay: string;
  lastDay: string;
  /** Quantity in the 28 days ending `asOf`. */
  quantity28d: number;
}

/** Per order item name of the outlet: latest and previous price, first and last day, recent quantity. */
export async function orderItemStats(db: Db, outletId: string, asOf: string): Promise<Map<string, OrderItemStats>> {
  const rows = await q<{ item: string; last_price: number; previous_price: number | null; first_day: string; last_day: string; quantity_28d: number }>(db, sql`
    WITH lines AS (
      SELECT item_name, ordered_at, unit_price_minor, quantity FROM ${orderLines} WHERE outlet_id = ${outletId}
    ), latest AS (
      SELECT DISTINCT ON (item_name) item_name, unit_price_minor AS last_price
        FROM lines ORDER BY item_name, ordered_at DESC, unit_price_minor DESC
    ), previous AS (
      SELECT DISTINCT ON (l.item_name) l.item_name, l.unit_price_minor AS previous_price
        FROM lines l JOIN latest t ON t.item_name = l.item_name AND l.unit_price_minor <> t.last_price
       ORDER BY l.item_name, l.ordered_at DESC
    )
    SELECT l.item_name AS item, t.last_price, p.previous_price,
           to_char(min(l.ordered_at), 'YYYY-MM-DD') AS first_day, to_char(max(l.ordered_at), 'YYYY-MM-DD') AS last_day,
           coalesce(sum(l.quantity) FILTER (WHERE l.ordered_at >= (${asOf}::date - 27) AND l.ordered_at < (${asOf}::date + 1)), 0)::int AS quantity_28d
      FROM lines l JOIN latest t ON t.item_name = l.item_name LEFT JOIN previous p ON p.item_name = l.item_name
     GROUP BY l.item_name, t.last_price, p.previous_price`);
  return new Map(
    rows.map((r) => [r.item, { item: r.item, lastPriceMinor: r.last_price, previousPriceMinor: r.previous_price, firstDay: r.first_day, lastDay: r.last_day, quantity28d: r.quantity_28d }]),
  );
}

/** The outlet's last local day with an order and the currency of most of its orders. */
export async function orderRange(db: Db, outletId: string): Promise<{ last: string | null; currency: string | null }> {
  const r = await q<{ last: string | null; currency: string | null }>(db, sql`
    SELECT to_char(max(ordered_at), 'YYYY-MM-DD') AS last, mode() WITHIN GROUP (ORDER BY currency) AS currency FROM ${orders} WHERE outlet_id = ${outletId}`);
  return r[0] ?? { last: null, currency: null };
}

// ------------------------------------------------------------------ item offers

export type ItemOfferRow = typeof itemOffers.$inferSelect;

/**
 * Price changes of the outlet's items in the orders, newest first: per item and local day the
 * price most lines had that day, and the days where it differs from the item's previous day with
 * orders. Minor units.
 */
export async function priceChanges(db: Db, outletId: string, limit: number): Promise<{ item: string; day: string; from: number; to: number }[]> {
  return q(db, sql`
    WITH daily AS (
      SELECT item_name, ordered_at::date AS day, mode() WITHIN GROUP (ORDER BY unit_price_minor) AS price
        FROM ${orderLines} WHERE outlet_id = ${outletId} GROUP BY 1, 2
    ), runs AS (
      SELECT item_name, day, price, lag(price) OVER (PARTITION BY item_name ORDER BY day) AS before FROM daily
    )
    SELECT item_name AS item, to_char(day, 'YYYY-MM-DD') AS day, before AS "from", price AS "to"
      FROM runs WHERE before IS NOT NULL AND before <> price
     ORDER BY day DESC, item_name LIMIT ${limit}`);
}

export async function offersOf(db: Db, outletId: string): Promise<(ItemOfferRow & { itemName: string })[]> {
  return db
    .select({
      id: itemOffers.id,
      clientId: itemOffers.clientId,
      outletId: itemOffers.outletId,
      itemId: itemOffers.itemId,
      title: itemOffers.title,
      kind: itemOffers.kind,
      value: itemOffers.value,
      startsOn: itemOffers.startsOn,
      endsOn: itemOffers.endsOn,
      paidBy: itemOffers.paidBy,
      createdByUserId: itemOffers.createdByUserId,
      createdByName: itemOffers.createdByName,
      createdAt: itemOffers.createdAt,
      itemName: menuItems.name,
    })
    .from(itemOffers)
    .innerJoin(menuItems, eq(menuItems.id, itemOffers.itemId))
    .where(eq(itemOffers.outletId, outletId))
    .orderBy(desc(itemOffers.startsOn), desc(itemOffers.createdAt));
}

/**
 * Quantity of one order item name on the local days `[from, to]` (both included); 0 for an
 * empty span (`to` before `from`).
 */
export async function itemQuantity(db: Db, outletId: string, orderName: string, from: string, to: string): Promise<number> {
  if (to < from) return 0;
  const r = await q<{ n: number }>(db, sql`
    SELECT coalesce(sum(quantity), 0)::int AS n FROM ${orderLines}
     WHERE outlet_id = ${outletId} AND item_name = ${orderName} AND ordered_at >= ${from}::date AND ordered_at < (${to}::date + 1)`);
  return r[0]?.n ?? 0;
}

export async function insertOffer(db: Db, values: typeof itemOffers.$inferInsert): Promise<ItemOfferRow> {
  const [row] = await db.insert(itemOffers).values(values).returning();
  return row!;
}

export async function offerById(db: Db, offerId: string): Promise<ItemOfferRow | undefined> {
  const [row] = await db.select().from(itemOffers).where(eq(itemOffers.id, offerId));
  return row;
}

export async function deleteOffer(db: Db, offerId: string): Promise<void> {
  await db.delete(itemOffers).where(eq(itemOffers.id, offerId));
}
