/**
 * Graph cursor paging (docs/requirements/platform-apis.md behaviour 4): opaque `before`/`after`
 * cursors keyed on the item, not its offset, so a cursor goes invalid when its item disappears and
 * stays right when items are added in front of it; `paging.next` only while more items follow.
 */
import { invalidCursor, invalidParameter } from './errors.ts';

/** Graph's usual edge page size and cap (ratings, comments, accounts). */
export const DEFAULT_LIMIT = 25;
export const MAX_LIMIT = 100;

const CURSOR_PREFIX = 'sim1:';

/** Encodes an item key as an opaque, URL-safe cursor (base64url, no padding). */
export function encodeCursor(key: string): string {
  return Buffer.from(CURSOR_PREFIX + key, 'utf8').toString('base64url');
}

/**
 * Decodes a cursor back to its item key.
 * @throws GraphError 100 "Invalid cursor" when it was not produced by `encodeCursor`.
 */
export function decodeCursor(cursor: string): string {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(cursor)) throw invalidCursor();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!text.startsWith(CURSOR_PREFIX) || text.length === CURSOR_PREFIX.length) throw invalidCursor();
  return text.slice(CURSOR_PREFIX.length);
}

/**
 * Reads `limit`: default when absent, capped at `max` (Graph clamps rather than rejects).
 * @throws GraphError 100 when it is not a non-negative integer.
 */
export function parseLimit(raw: string | undefined, def = DEFAULT_LIMIT, max = MAX_LIMIT): number {
  if (raw === undefined || raw === '') return def;
  if (!/^\d+$/.test(raw)) throw invalidParameter('The parameter limit must be a non-negative integer');
  return Math.min(Number(raw), max);
}

/** One page of a list plus the Graph `paging` block (absent when the page is empty). */
export interface Page<T> {
  items: T[];
  paging?: {
    cursors: { before: string; after: string };
    next?: string;
    previous?: string;
  };
}

/**
 * Slices `items` (already in answer order) at the cursor.
 * @param keyOf stable unique key of an item (dataset id, comment id, page id)
 * @param opts.after/before cursors from the request; `after` wins when both are given
 * @param opts.urlFor builds the absolute URL of the neighbouring page for a cursor param
 * @throws GraphError 100 "Invalid cursor" for undecodable cursors or keys not in `items`
 */
export function paginate<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  opts: { limit: number; after?: string; before?: string; urlFor: (param: 'after' | 'before', cursor: string) => string },
): Page<T> {
  let start: number;
  let end: number;
  const indexOf = (cursor: string): number => {
    const key = decodeCursor(cursor);
    const i = items.findIndex((it) => keyOf(it) === key);
    if (i < 0) throw invalidCursor();
    return i;
  };
  if (opts.after) {
    start = indexOf(opts.after) + 1;
    end = Math.min(items.length, start + opts.limit);
  } else if (opts.before) {
    end = indexOf(opts.before);
    start = Math.max(0, end - opts.limit);
  } else {
    start = 0;
    end = Math.min(items.length, opts.limit);
  }
  const slice = items.slice(start, end);
  const first = slice[0];
  const last = slice[slice.length - 1];
  if (first === undefined || last === undefined) return { items: slice };
  const before = encodeCursor(keyOf(first));
  const after = encodeCursor(keyOf(last));
  return {
    items: slice,
    paging: {
      cursors: { before, after },
      ...(end < items.length ? { next: opts.urlFor('after', after) } : {}),
      ...(start > 0 ? { previous: opts.urlFor('before', before) } : {}),
    },
  };
}
