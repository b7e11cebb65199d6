import { and, eq, lt, or, type AnyColumn, type SQL } from 'drizzle-orm';
import { badRequest } from './errors.ts';

/**
 * Keyset (cursor) pagination over `(time desc, id desc)`, the only paging of list calls
 * (targets.md: no OFFSET). The cursor is the position of a page's last row, opaque base64url.
 */
export interface KeysetPosition {
  time: Date;
  id: number;
}

export function encodeCursor(time: Date, id: number): string {
  return Buffer.from(`${time.toISOString()}|${id}`).toString('base64url');
}

/**
 * @returns the position of a cursor, or undefined when none was given
 * @throws HttpError 400 naming `query.cursor` when it was not produced by `encodeCursor`
 */
export function parseCursor(cursor: string | undefined): KeysetPosition | undefined {
  if (cursor === undefined) return undefined;
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|(\d{1,18})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const time = m ? new Date(m[1]!) : null;
  if (!m || !time || Number.isNaN(time.getTime())) throw badRequest('cursor is not valid: pass back paging.nextCursor unchanged', 'query.cursor');
  return { time, id: Number(m[2]) };
}

/** Rows strictly after `after` in `(time desc, id desc)` order. */
export function afterPosition(timeCol: AnyColumn, idCol: AnyColumn, after: KeysetPosition): SQL {
  return or(lt(timeCol, after.time), and(eq(timeCol, after.time), lt(idCol, after.id)))!;
}

/**
 * Cuts a `limit + 1` query result to one page and the cursor of the next (null on the last).
 */
export function keysetPage<T>(rows: T[], limit: number, positionOf: (row: T) => KeysetPosition): { rows: T[]; next: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  if (rows.length <= limit || last === undefined) return { rows: page, next: null };
  const p = positionOf(last);
  return { rows: page, next: encodeCursor(p.time, p.id) };
}
