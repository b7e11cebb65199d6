import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, outlets } from '../../db/schema.ts';
import { outletScope } from '../../lib/tenant-scope.ts';

/**
 * The Overview's own SQL (docs/decisions/0040). Its figures come from the
 * repositories of the screens they link to (reviews, inbox, complaints, tickets, orders), so a
 * figure and the filtered screen behind it share one WHERE clause.
 */

/** The client's outlets a scope sees (null: all), with their brand names, by brand then outlet name. */
export function outletsInScope(db: Db, clientId: string, outletIds: readonly string[] | null): Promise<{ id: string; name: string; brandName: string }[]> {
  return db
    .select({ id: outlets.id, name: outlets.name, brandName: brands.name })
    .from(outlets)
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .where(and(eq(outlets.clientId, clientId), outletScope(outletIds, outlets.id)))
    .orderBy(asc(brands.name), asc(outlets.name));
}
