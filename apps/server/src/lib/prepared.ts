import type { Db } from '../db/client.ts';

/**
 * A statement built once per database handle instead of on every call ("prepared
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

/**
 * Like {@link preparedOn}, for a hot query whose SQL has a few shapes (which filters are set,
 * whether a cursor is given): one named statement per shape and database handle, made on first
 * use. `shapeKey` must map equal shapes to equal strings and stay short (it becomes part of the
 * statement name, unique per connection); the number of shapes must be small and fixed.
 * @param name statement name prefix, e.g. `reviews_list`
 * @param build makes the prepared query of one shape on a handle, ending in `.prepare(statementName)`
 */
export function preparedByShape<S, P>(name: string, shapeKey: (shape: S) => string, build: (db: Db, shape: S, statementName: string) => P): (db: Db, shape: S) => P {
  const byHandle = new WeakMap<Db, Map<string, P>>();
  return (db, shape) => {
    let shapes = byHandle.get(db);
    if (!shapes) {
      shapes = new Map();
      byHandle.set(db, shapes);
    }
    const key = shapeKey(shape);
    let prepared = shapes.get(key);
    if (prepared === undefined) {
      prepared = build(db, shape, `${name}_${key}`);
      shapes.set(key, prepared);
    }
    return prepared;
  };
}
