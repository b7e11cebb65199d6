import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * What of a tenant a caller may see, as `loadAccess` computes it (modules/access): the client the
 * session acts for, and the outlets of that client the role may see (null: all of them;
 * docs/decisions/0003 and 0004). `AuthContext` is one.
 */
export interface TenantScope {
  clientId: string | null;
  outletIds: readonly string[] | null;
}

/**
 * The "outlets this user may see" condition on `column` (an `outlet_id` column): every repository
 * narrows rows with this one helper. Undefined (no condition, as `and()` takes it) when
 * the role sees every outlet of the client; `false` when it sees none.
 */
export function outletScope(outletIds: readonly string[] | null, column: AnyColumn): SQL | undefined {
  if (!outletIds) return undefined;
  return outletIds.length ? inArray(column, [...outletIds]) : sql`false`;
}

/**
 * Rows of the scope's client and visible outlets: `client_id = $client and outlet_id in (…)`.
 * A scope without a client (a super admin who chose none) sees no rows.
 */
export function tenantScope(scope: TenantScope, columns: { clientId: AnyColumn; outletId: AnyColumn }): SQL {
  if (!scope.clientId) return sql`false`;
  return and(eq(columns.clientId, scope.clientId), outletScope(scope.outletIds, columns.outletId))!;
}

/**
 * The same rule for a row already read (e.g. a page looked up by id): whether it belongs to the
 * scope's client and a visible outlet. Callers answer 404 when not (docs/decisions/0004).
 */
export function inTenantScope(scope: TenantScope, row: { clientId: string | null; outletId: string | null }): boolean {
  if (!scope.clientId || row.clientId !== scope.clientId) return false;
  return !scope.outletIds || (row.outletId !== null && scope.outletIds.includes(row.outletId));
}

/**
 * Whether the scope sees every one of `outletIds` of its client: what a file made over several
 * outlets (a report, an export) asks of a teammate who opens it. True for a role that sees all.
 */
export function seesAllOutlets(scope: TenantScope, clientId: string, outletIds: readonly string[]): boolean {
  if (!scope.clientId || scope.clientId !== clientId) return false;
  return !scope.outletIds || outletIds.every((id) => scope.outletIds!.includes(id));
}

/**
 * {@link tenantScope} for a prepared statement (lib/prepared.ts): the condition with the
 * placeholders `clientId` and, when `outletScoped`, `outletIds` (a uuid array, `= any(…)`), whose
 * values {@link tenantScopeValues} gives.
 */
export function tenantScopePrepared(outletScoped: boolean, columns: { clientId: AnyColumn; outletId: AnyColumn }): SQL {
  const client = eq(columns.clientId, sql.placeholder('clientId'));
  return outletScoped ? and(client, sql`${columns.outletId} = any(${sql.placeholder('outletIds')})`)! : client;
}

/**
 * The placeholder values of {@link tenantScopePrepared} for a scope, or null when the scope sees
 * no rows at all (no client, or no outlet): the caller answers an empty list without a query,
 * as `tenantScope`'s `false` would.
 */
export function tenantScopeValues(scope: TenantScope): { outletScoped: boolean; values: { clientId: string; outletIds?: string[] } } | null {
  if (!scope.clientId) return null;
  if (!scope.outletIds) return { outletScoped: false, values: { clientId: scope.clientId } };
  if (!scope.outletIds.length) return null;
  return { outletScoped: true, values: { clientId: scope.clientId, outletIds: [...scope.outletIds] } };
}
