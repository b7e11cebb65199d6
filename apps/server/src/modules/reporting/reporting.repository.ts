import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, orders, outlets } from '../../db/schema.ts';
import { tenantScope, type TenantScope } from '../../lib/tenant-scope.ts';

/**
 * Queries of Reporting → Outlet timings (docs/decisions/0037): the outlets a caller
 * sees, their order counts and last day, and the local order times of a period. Orders are the
 * orders module's tables (`orders`, imported per outlet; docs/decisions/0036), read only.
 */

/** Rows of a raw statement (node-postgres and PGlite both answer `{ rows }`). */
async function q<T>(db: Db, query: SQL): Promise<T[]> {
  const r = (await db.execute(query)) as unknown as { rows: T[] };
  return r.rows;
}

export interface OutletRow {
  id: string;
  clientId: string;
  key: string;
  name: string;
  city: string;
  brandName: string;
}

/** An outlet by id with its client, key, city and brand: the orders module's lookup (the service checks scope). */
export { outletById } from '../orders/index.ts';

/** Every outlet of the scope's client the scope sees (lib/tenant-scope.ts), by brand then outlet name. */
export async function outletsInScope(db: Db, scope: TenantScope): Promise<OutletRow[]> {
  return db
    .select({ id: outlets.id, clientId: outlets.clientId, key: outlets.key, name: outlets.name, city: outlets.city, brandName: brands.name })
    .from(outlets)
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(tenantScope(scope, { clientId: outlets.clientId, outletId: outlets.id }))
    .orderBy(asc(brands.name), asc(outlets.name));
}

/** Per outlet of the client with orders: how many, and the last local day with one (`YYYY-MM-DD`). */
export async function orderStatsOf(db: Db, clientId: string): Promise<Map<string, { orders: number; lastDay: string }>> {
  const rows = await q<{ outlet_id: string; orders: number; last_day: string }>(db, sql`
    SELECT outlet_id, count(*)::int AS orders, to_char(max(ordered_at), 'YYYY-MM-DD') AS last_day
      FROM ${orders} WHERE client_id = ${clientId} GROUP BY outlet_id`);
  return new Map(rows.map((r) => [r.outlet_id, { orders: r.orders, lastDay: r.last_day }]));
}

/**
 * Local order times of one outlet from `from` 00:00 to the end of `to` (+ `spillDays` days after
 * it, for openings running past midnight), as `YYYY-MM-DD HH:MM` in time order.
 */
export async function orderTimes(db: Db, outletId: string, from: string, to: string, spillDays = 0): Promise<string[]> {
  const rows = await q<{ at: string }>(db, sql`
    SELECT to_char(ordered_at, 'YYYY-MM-DD HH24:MI') AS at FROM ${orders}
     WHERE outlet_id = ${outletId} AND ordered_at >= ${from}::date AND ordered_at < (${to}::date + ${1 + spillDays}::int)
     ORDER BY ordered_at`);
  return rows.map((r) => r.at);
}
