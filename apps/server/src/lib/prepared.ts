import type { Db } from '../db/client.ts';

/**
 * A statement built once per database handle instead of on every call (issue #10 "prepared
 * statements, name the hot queries"): Drizzle otherwise rebuilds the SQL text of a query on
 * each request (≈ 11 % of a list request's CPU at 1M rows, docs/decisions/0020), and a named
 * statement lets PostgreSQL parse and plan it once per connection. Use it for hot queries of a
 * fixed shape, with `sql.placeholder(…)` for every value, ending in `.prepare('<name>')`.
 * @param build makes the prepared query on a handle (`ctx.db`, or a transaction)
 * @returns the query prepared on `db`, made on first use and kept while `db` lives
 */
export function preparedOn<P>(build: (db: Db) => P): (db: Db) => P {
  const byHandle = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
