import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from './errors.ts';

/**
 * Keyset (cursor) pagination over `(time desc, id desc)`, the only paging of list calls
 * (docs/requirements/quality-goals.md: no OFFSET). The cursor is the position of a page's last row,
 * opaque base64url.
 */
export interface KeysetPosition {
  time: Date;
  id: number;
}

export function encodeCursor(time: Date, id: number): string {
  return Buffer.from(`${time.toISOString()}|${id}`).toString('base64url');
}

/** A cursor as `encodeCursor` writes it: an ISO time to the millisecond and a positive id. */
const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([1-9]\d{0,15})$/;

/**
 * Decodes a cursor of {@link encodeCursor}. A crafted cursor is refused rather than passed on:
 * PostgreSQL rejects year 0 and JavaScript rolls over impossible dates (30 February, hour 24) into
 * other rows' positions, and ids beyond 2^53 − 1 lose precision as numbers.
 * @returns the position of a cursor, or undefined when none was given
 * @param field where the cursor came from, for the error (`query.cursor`, `body.cursor`)
 * @throws HttpError 400 naming `field` when it was not produced by `encodeCursor`: bad
 *   base64url, a time that is not a real instant of years 1–9999 in `toISOString` form, or an id
 *   that is not a safe positive integer
 */
export function parseCursor(cursor: string | undefined, field = 'query.cursor'): KeysetPosition | undefined {
  if (cursor === undefined) return undefined;
  const m = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const time = m ? new Date(m[1]!) : null;
  const id = m ? Number(m[2]) : NaN;
  // Round-tripping through toISOString catches every date JavaScript would silently roll over.
  const realTime = time !== null && !Number.isNaN(time.getTime()) && time.getUTCFullYear() >= 1 && time.toISOString() === m![1];
  if (!realTime || !Number.isSafeInteger(id)) throw badRequest('cursor is not valid: pass back paging.nextCursor unchanged', field);
  return { time: time!, id };
}

/**
 * Rows strictly after `after` in `(time desc, id desc)` order, as the row comparison
 * `(time, id) < (after.time, after.id)`: PostgreSQL turns it into an index bound on a
 * `(…, time, id)` index, so page 1,000 starts where page 999 ended. The equivalent
 * `time < t or (time = t and id < i)` is only a filter: the scan reads and drops every newer row
 * first (docs/decisions/0020-lists-at-scale.md).
 */
export function afterPosition(timeCol: AnyColumn, idCol: AnyColumn, after: KeysetPosition): SQL {
  return sql`(${timeCol}, ${idCol}) < (${sql.param(after.time, timeCol)}, ${sql.param(after.id, idCol)})`;
}

/**
 * {@link afterPosition} for a prepared statement (lib/prepared.ts): placeholders `afterTime`
 * (a Date, encoded as the time column encodes it) and `afterId`.
 */
export function afterPositionPrepared(timeCol: AnyColumn, idCol: AnyColumn): SQL {
  return sql`(${timeCol}, ${idCol}) < (${sql.param(sql.placeholder('afterTime'), timeCol)}, ${sql.param(sql.placeholder('afterId'), idCol)})`;
}

/**
 * Cuts a `limit + 1` query result to one page and the cursor of the next (null on the last).
 */
export function keysetPage<T>(rows: T[], limit: number, positionOf: (row: T) => KeysetPosition): { rows: T[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  if (rows.length <= limit || last === undefined) return { rows: page, next: null };
  const p = positionOf(last);
  const ms = p.time.getTime();
  // A stored time a cursor cannot carry (a corrupt row: PostgreSQL holds years up to 294276,
  // JavaScript to 275760 and cursors to 9999) must not break the list. Later than
  // 9999, or unreadable (only the far future is, in JavaScript): go on from the latest time a
  // cursor holds, which in descending order skips only such rows. Before year 1: nothing
  // readable follows in descending order, so the list ends.
  if (Number.isNaN(ms) || ms > MAX_CURSOR_TIME.getTime()) return { rows: page, next: encodeCursor(MAX_CURSOR_TIME, Number.MAX_SAFE_INTEGER) };
  if (ms < MIN_CURSOR_TIME.getTime()) return { rows: page, next: null };
  return { rows: page, next: encodeCursor(p.time, p.id) };
}

/** Range of times a cursor carries (four-digit years, as `parseCursor` accepts). */
const MAX_CURSOR_TIME = new Date('9999-12-31T23:59:59.999Z');
const MIN_CURSOR_TIME = new Date('0001-01-01T00:00:00.000Z');
