import { and, asc, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, importStaging, orderImportProblems, orderImports, orderLines, orders, outlets } from '../../db/schema.ts';

/**
 * Queries of orders and Business Overview (docs/decisions/0036). Every read names the
 * client and the outlet; the insights are SQL aggregates over `orders` / `order_lines` of one
 * outlet and a period of local days (`[from, to]` both included, as `YYYY-MM-DD`).
 */

export type ImportRow = typeof orderImports.$inferSelect;

/** Rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
async function q<T>(db: Db, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

/** An outlet by id with its client, city and brand (the service checks it is in the caller's scope). */
export async function outletById(db: Db, outletId: string): Promise<{ id: string; clientId: string; name: string; key: string; city: string; brandName: string } | undefined> {
  const [row] = await db
    .select({ id: outlets.id, clientId: outlets.clientId, name: outlets.name, key: outlets.key, city: outlets.city, brandName: brands.name })
    .from(outlets)
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(eq(outlets.id, outletId));
  return row;
}

/** Every outlet of a client with its brand, by brand then outlet name. */
export async function outletsOf(db: Db, clientId: string) {
  return db
    .select({ id: outlets.id, name: outlets.name, city: outlets.city, brandId: outlets.brandId, brandName: brands.name })
    .from(outlets)
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(eq(outlets.clientId, clientId))
    .orderBy(asc(brands.name), asc(outlets.name));
}

/** Per outlet of the client: orders, first and last local day, and the currency of most orders. */
export async function orderStatsOf(db: Db, clientId: string): Promise<{ outletId: string; orders: number; firstDay: string | null; lastDay: string | null; currency: string | null }[]> {
  const rows = await q<{ outlet_id: string; orders: number; first_day: string | null; last_day: string | null; currency: string | null }>(db, sql`
    SELECT outlet_id, count(*)::int AS orders, to_char(min(ordered_at), 'YYYY-MM-DD') AS first_day, to_char(max(ordered_at), 'YYYY-MM-DD') AS last_day,
           mode() WITHIN GROUP (ORDER BY currency) AS currency
      FROM ${orders} WHERE client_id = ${clientId} GROUP BY outlet_id`);
  return rows.map((r) => ({ outletId: r.outlet_id, orders: r.orders, firstDay: r.first_day, lastDay: r.last_day, currency: r.currency }));
}

/** Locks the outlet's row until the transaction ends: imports into one outlet run one at a time. */
export async function lockOutlet(db: Db, outletId: string): Promise<void> {
  await db.select({ id: outlets.id }).from(outlets).where(eq(outlets.id, outletId)).for('update');
}

export async function insertImport(db: Db, values: typeof orderImports.$inferInsert): Promise<ImportRow> {
  const [row] = await db.insert(orderImports).values(values).returning();
  return row!;
}

export async function importById(db: Db, importId: string): Promise<ImportRow | undefined> {
  const [row] = await db.select().from(orderImports).where(eq(orderImports.id, importId));
  return row;
}

export async function updateImport(db: Db, importId: string, patch: Partial<typeof orderImports.$inferInsert>): Promise<void> {
  await db.update(orderImports).set(patch).where(eq(orderImports.id, importId));
}

/** The outlet's imports of order files, or (`ads`) of ads files, newest first (at most 50). */
export async function importsOf(db: Db, clientId: string, outletId: string, ads = false): Promise<ImportRow[]> {
  return db
    .select()
    .from(orderImports)
    .where(and(eq(orderImports.clientId, clientId), eq(orderImports.outletId, outletId), ads ? eq(orderImports.shape, 'ads') : ne(orderImports.shape, 'ads')))
    .orderBy(desc(orderImports.createdAt))
    .limit(50);
}

export async function insertProblems(db: Db, importId: string, problems: { row: number; column: string; problem: string }[]): Promise<void> {
  for (let i = 0; i < problems.length; i += 500) {
    await db.insert(orderImportProblems).values(problems.slice(i, i + 500).map((p, j) => ({ importId, seq: i + j + 1, rowNo: p.row, columnName: p.column, problem: p.problem })));
  }
}

export async function problemsOf(db: Db, importId: string): Promise<{ row: number; column: string; problem: string }[]> {
  return db.select({ row: orderImportProblems.rowNo, column: orderImportProblems.columnName, problem: orderImportProblems.problem }).from(orderImportProblems).where(eq(orderImportProblems.importId, importId)).orderBy(asc(orderImportProblems.seq));
}

export interface NewOrder {
  externalId: string;
  orderedAt: string;
  currency: string;
  totalMinor: number;
  itemCount: number;
  lineCount: number;
  channel: string | null;
  linesComplete: boolean;
  lines: { itemName: string; quantity: number; unitPriceMinor: number }[];
}

/**
 * Inserts a batch of orders of one outlet with their lines; an order id the outlet has already is
 * left as it is (idempotent on (outlet, order id)). @returns orders and lines written
 */
export async function insertOrders(db: Db, scope: { clientId: string; outletId: string; importId: string | null }, batch: NewOrder[]): Promise<{ orders: number; lines: number }> {
  if (!batch.length) return { orders: 0, lines: 0 };
  const inserted = await db
    .insert(orders)
    .values(batch.map((o) => ({ clientId: scope.clientId, outletId: scope.outletId, externalId: o.externalId, orderedAt: o.orderedAt, currency: o.currency, totalMinor: o.totalMinor, itemCount: o.itemCount, lineCount: o.lineCount, channel: o.channel, linesComplete: o.linesComplete, importId: scope.importId })))
    .onConflictDoNothing({ target: [orders.outletId, orders.externalId] })
    .returning({ id: orders.id, externalId: orders.externalId });
  const byExternal = new Map(batch.map((o) => [o.externalId, o]));
  const lines = inserted.flatMap((r) => byExternal.get(r.externalId)!.lines.map((l) => ({ orderId: r.id, clientId: scope.clientId, outletId: scope.outletId, orderedAt: byExternal.get(r.externalId)!.orderedAt, ...l })));
  for (let i = 0; i < lines.length; i += 1000) await db.insert(orderLines).values(lines.slice(i, i + 1000));
  return { orders: inserted.length, lines: lines.length };
}

// ------------------------------------------------------------------ staging (docs/decisions/0036 "Staging")

/** Deletes an import's staged rows (before a run starts over, after its swap, after a failure). @returns rows deleted */
export async function clearStaging(db: Db, importId: string): Promise<number> {
  const r = await q<{ n: number }>(db, sql`WITH d AS (DELETE FROM ${importStaging} WHERE import_id = ${importId} RETURNING 1) SELECT count(*)::int AS n FROM d`);
  return r[0]!.n;
}

/** Staged rows of an import (tests: a failed import leaves none). */
export async function stagedCount(db: Db, importId: string): Promise<number> {
  const r = await q<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${importStaging} WHERE import_id = ${importId}`);
  return r[0]!.n;
}

/** Stages rows of an import numbered from `firstSeq` (one statement: its own short transaction outside one). */
export async function stageRows(db: Db, importId: string, firstSeq: number, rows: Record<string, unknown>[]): Promise<void> {
  if (!rows.length) return;
  await db.insert(importStaging).values(rows.map((row, i) => ({ importId, seq: firstSeq + i, row })));
}

/** The staged shape of one order: {@link NewOrder} with snake_case keys, as the swap's SQL reads it. */
export function stagedOrder(o: NewOrder): Record<string, unknown> {
  return {
    external_id: o.externalId,
    ordered_at: o.orderedAt,
    currency: o.currency,
    total_minor: o.totalMinor,
    item_count: o.itemCount,
    line_count: o.lineCount,
    channel: o.channel,
    lines_complete: o.linesComplete,
    lines: o.lines.map((l) => ({ item_name: l.itemName, quantity: l.quantity, unit_price_minor: l.unitPriceMinor })),
  };
}

/**
 * Moves an import's staged orders into `orders` / `order_lines` (one statement; call in the
 * swap's transaction): an order id the outlet has is left as it is, as {@link insertOrders} does.
 * @returns orders and lines written, and orders staged (written + already there)
 */
export async function swapStagedOrders(db: Db, scope: { clientId: string; outletId: string; importId: string }): Promise<{ orders: number; lines: number; staged: number }> {
  const r = await q<{ orders: number; lines: number; staged: number }>(db, sql`
    WITH staged AS (SELECT seq, "row" FROM ${importStaging} WHERE import_id = ${scope.importId}),
    ins AS (
      INSERT INTO ${orders} (client_id, outlet_id, external_id, ordered_at, currency, total_minor, item_count, line_count, channel, lines_complete, import_id)
      SELECT ${scope.clientId}, ${scope.outletId}, s."row"->>'external_id', (s."row"->>'ordered_at')::timestamp, s."row"->>'currency',
             (s."row"->>'total_minor')::bigint, (s."row"->>'item_count')::int, (s."row"->>'line_count')::int, s."row"->>'channel',
             (s."row"->>'lines_complete')::boolean, ${scope.importId}
        FROM staged s ORDER BY s.seq
      ON CONFLICT (outlet_id, external_id) DO NOTHING
      RETURNING id, external_id, ordered_at),
    lines AS (
      INSERT INTO ${orderLines} (order_id, client_id, outlet_id, ordered_at, item_name, quantity, unit_price_minor)
      SELECT ins.id, ${scope.clientId}, ${scope.outletId}, ins.ordered_at, l.item_name, l.quantity, l.unit_price_minor
        FROM ins JOIN staged s ON s."row"->>'external_id' = ins.external_id
       CROSS JOIN LATERAL ROWS FROM (jsonb_to_recordset(s."row"->'lines') AS (item_name text, quantity int, unit_price_minor int)) WITH ORDINALITY AS l(item_name, quantity, unit_price_minor, n)
       ORDER BY s.seq, l.n
      RETURNING 1)
    SELECT (SELECT count(*) FROM ins)::int AS orders, (SELECT count(*) FROM lines)::int AS lines, (SELECT count(*) FROM staged)::int AS staged`);
  return r[0]!;
}

/** Order and line counts of an outlet (tests, and the import's "no change" check). */
export async function countsOf(db: Db, outletId: string): Promise<{ orders: number; lines: number }> {
  const r = await q<{ orders: number; lines: number }>(db, sql`SELECT (SELECT count(*)::int FROM ${orders} WHERE outlet_id = ${outletId}) AS orders, (SELECT count(*)::int FROM ${orderLines} WHERE outlet_id = ${outletId}) AS lines`);
  return r[0]!;
}

// ------------------------------------------------------------------ insights

/** Local-day period: `from` 00:00 to the day after `to`, as timestamps without zone. */
const span = (from: string, to: string) => sql`ordered_at >= ${from}::date AND ordered_at < (${to}::date + 1)`;

/** The outlet's first and last local day with an order, and its currency of most orders. */
export async function dataRange(db: Db, outletId: string): Promise<{ first: string | null; last: string | null; currency: string | null }> {
  const r = await q<{ first: string | null; last: string | null; currency: string | null }>(db, sql`
    SELECT to_char(min(ordered_at), 'YYYY-MM-DD') AS first, to_char(max(ordered_at), 'YYYY-MM-DD') AS last, mode() WITHIN GROUP (ORDER BY currency) AS currency
      FROM ${orders} WHERE outlet_id = ${outletId}`);
  return r[0] ?? { first: null, last: null, currency: null };
}

/** Orders, sales (minor units) and items of a period. */
export async function totals(db: Db, outletId: string, from: string, to: string): Promise<{ orders: number; salesMinor: number; items: number }> {
  const r = await q<{ orders: number; sales: string | null; items: string | null }>(db, sql`
    SELECT count(*)::int AS orders, sum(total_minor)::text AS sales, sum(item_count)::text AS items FROM ${orders} WHERE outlet_id = ${outletId} AND ${span(from, to)}`);
  const row = r[0]!;
  return { orders: row.orders, salesMinor: Number(row.sales ?? 0), items: Number(row.items ?? 0) };
}

/** Orders and sales per local day with orders. */
export async function daily(db: Db, outletId: string, from: string, to: string): Promise<{ day: string; orders: number; salesMinor: number }[]> {
  const r = await q<{ day: string; orders: number; sales: string }>(db, sql`
    SELECT to_char(ordered_at, 'YYYY-MM-DD') AS day, count(*)::int AS orders, sum(total_minor)::text AS sales
      FROM ${orders} WHERE outlet_id = ${outletId} AND ${span(from, to)} GROUP BY 1 ORDER BY 1`);
  return r.map((x) => ({ day: x.day, orders: x.orders, salesMinor: Number(x.sales) }));
}

/** Quantity and sales per item in a period, by sales. */
export async function itemTotals(db: Db, outletId: string, from: string, to: string): Promise<{ item: string; quantity: number; salesMinor: number }[]> {
  const r = await q<{ item: string; quantity: number; sales: string }>(db, sql`
    SELECT item_name AS item, sum(quantity)::int AS quantity, sum(quantity::bigint * unit_price_minor)::text AS sales
      FROM ${orderLines} WHERE outlet_id = ${outletId} AND ${span(from, to)} GROUP BY 1 ORDER BY sum(quantity::bigint * unit_price_minor) DESC, 1`);
  return r.map((x) => ({ item: x.item, quantity: x.quantity, salesMinor: Number(x.sales) }));
}

/** Orders per ISO weekday (0 = Monday) and hour of the local time. */
export async function heatmap(db: Db, outletId: string, from: string, to: string): Promise<{ weekday: number; hour: number; orders: number }[]> {
  const r = await q<{ weekday: number; hour: number; orders: number }>(db, sql`
    SELECT (extract(isodow FROM ordered_at)::int - 1) AS weekday, extract(hour FROM ordered_at)::int AS hour, count(*)::int AS orders
      FROM ${orders} WHERE outlet_id = ${outletId} AND ${span(from, to)} GROUP BY 1, 2 ORDER BY 1, 2`);
  return r;
}

/** Quantity per item and week counted back from `to` (week 0 = the 7 days ending `to`), for `weeks` weeks. */
export async function weeklyItemQuantities(db: Db, outletId: string, to: string, weeks: number, items: string[]): Promise<{ item: string; week: number; quantity: number }[]> {
  if (!items.length) return [];
  const r = await q<{ item: string; week: number; quantity: number }>(db, sql`
    SELECT item_name AS item, ((${to}::date - ordered_at::date) / 7)::int AS week, sum(quantity)::int AS quantity
      FROM ${orderLines}
     WHERE outlet_id = ${outletId} AND ordered_at >= (${to}::date - ${weeks * 7 - 1}::int) AND ordered_at < (${to}::date + 1)
       AND item_name IN (${sql.join(items.map((i) => sql`${i}`), sql`, `)})
     GROUP BY 1, 2`);
  return r;
}

/**
 * Basket figures over the period's complete orders (`lines_complete`): how many, each item's
 * order count, and every pair of distinct items bought together at least `minOrders` times (the
 * `limit` most frequent). Counted on the real baskets by a self-join of the lines.
 */
export async function basket(db: Db, outletId: string, from: string, to: string, minOrders: number, limit: number) {
  const n = await q<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${orders} WHERE outlet_id = ${outletId} AND lines_complete AND ${span(from, to)}`);
  const items = await q<{ item: string; orders: number }>(db, sql`
    SELECT l.item_name AS item, count(DISTINCT l.order_id)::int AS orders
      FROM ${orderLines} l JOIN ${orders} o ON o.id = l.order_id
     WHERE l.outlet_id = ${outletId} AND o.lines_complete AND l.ordered_at >= ${from}::date AND l.ordered_at < (${to}::date + 1) GROUP BY 1`);
  const pairs = await q<{ a: string; b: string; orders: number }>(db, sql`
    WITH b AS (
      SELECT DISTINCT l.order_id, l.item_name FROM ${orderLines} l JOIN ${orders} o ON o.id = l.order_id
       WHERE l.outlet_id = ${outletId} AND o.lines_complete AND l.ordered_at >= ${from}::date AND l.ordered_at < (${to}::date + 1))
    SELECT x.item_name AS a, y.item_name AS b, count(*)::int AS orders
      FROM b x JOIN b y ON x.order_id = y.order_id AND x.item_name < y.item_name
     GROUP BY 1, 2 HAVING count(*) >= ${minOrders} ORDER BY 3 DESC, 1, 2 LIMIT ${limit}`);
  return { orders: n[0]!.n, items: items, pairs: pairs };
}

/** Sales (minor units) per local day over the outlet's whole history (days with orders). */
export async function dailySales(db: Db, outletId: string): Promise<{ day: string; salesMinor: number }[]> {
  const r = await q<{ day: string; sales: string }>(db, sql`
    SELECT to_char(ordered_at, 'YYYY-MM-DD') AS day, sum(total_minor)::text AS sales FROM ${orders} WHERE outlet_id = ${outletId} GROUP BY 1 ORDER BY 1`);
  return r.map((x) => ({ day: x.day, salesMinor: Number(x.sales) }));
}

/** Orders per channel (null → `unknown`) and hour. */
export async function channelHours(db: Db, outletId: string, from: string, to: string): Promise<{ channel: string; hour: number; orders: number }[]> {
  const r = await q<{ channel: string; hour: number; orders: number }>(db, sql`
    SELECT coalesce(channel, 'unknown') AS channel, extract(hour FROM ordered_at)::int AS hour, count(*)::int AS orders
      FROM ${orders} WHERE outlet_id = ${outletId} AND ${span(from, to)} GROUP BY 1, 2 ORDER BY 1, 2`);
  return r;
}

/** Per hour: orders, days with any order in the period, and the most orders of one day in that hour. */
export async function hourLoad(db: Db, outletId: string, from: string, to: string): Promise<{ hours: { hour: number; orders: number; maxOrders: number }[]; openDays: number }> {
  const hours = await q<{ hour: number; orders: number; max_orders: number }>(db, sql`
    SELECT hour, sum(n)::int AS orders, max(n)::int AS max_orders FROM (
      SELECT ordered_at::date AS day, extract(hour FROM ordered_at)::int AS hour, count(*) AS n
        FROM ${orders} WHERE outlet_id = ${outletId} AND ${span(from, to)} GROUP BY 1, 2) h
     GROUP BY hour ORDER BY hour`);
  const days = await q<{ n: number }>(db, sql`SELECT count(DISTINCT ordered_at::date)::int AS n FROM ${orders} WHERE outlet_id = ${outletId} AND ${span(from, to)}`);
  return { hours: hours.map((h) => ({ hour: h.hour, orders: h.orders, maxOrders: h.max_orders })), openDays: days[0]!.n };
}

/** Orders by item count (10 and more together) and by value band (`edges` in minor units, ascending). */
export async function orderSizes(db: Db, outletId: string, from: string, to: string, edges: number[]): Promise<{ sizes: { items: number; orders: number }[]; bands: { band: number; orders: number }[] }> {
  const sizes = await q<{ items: number; orders: number }>(db, sql`
    SELECT least(item_count, 10) AS items, count(*)::int AS orders FROM ${orders} WHERE outlet_id = ${outletId} AND ${span(from, to)} GROUP BY 1 ORDER BY 1`);
  const bands = await q<{ band: number; orders: number }>(db, sql`
    SELECT width_bucket(total_minor, ARRAY[${sql.join(edges.map((e) => sql`${e}::bigint`), sql`, `)}]) AS band, count(*)::int AS orders
      FROM ${orders} WHERE outlet_id = ${outletId} AND ${span(from, to)} GROUP BY 1 ORDER BY 1`);
  return { sizes: sizes, bands: bands };
}

/** A brand with outlets for the demo seed (the London takeaways). @returns the outlets' ids by key */
export async function insertBrandWithOutlets(db: Db, clientId: string, brand: { key: string; name: string; cuisines: string[] }, outletRows: { key: string; name: string; city: string }[]): Promise<Record<string, string>> {
  const [b] = await db.insert(brands).values({ clientId, ...brand }).returning({ id: brands.id });
  const rows = await db.insert(outlets).values(outletRows.map((o) => ({ clientId, brandId: b!.id, ...o }))).returning({ id: outlets.id, key: outlets.key });
  return Object.fromEntries(rows.map((r) => [r.key, r.id]));
}
