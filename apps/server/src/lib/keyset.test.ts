import { describe, expect, it } from 'vitest';
import { encodeCursor, keysetPage, parseCursor } from './keyset.ts';

const row = (iso: string | number, id: number) => ({ time: new Date(iso), id });

describe('keysetPage', () => {
  it('answers the last row of a full page as the cursor', () => {
    const rows = [row('2026-01-03T00:00:00.000Z', 3), row('2026-01-02T00:00:00.000Z', 2), row('2026-01-01T00:00:00.000Z', 1)];
    const { rows: page, next } = keysetPage(rows, 2, (r) => r);
    expect(page).toHaveLength(2);
    expect(parseCursor(next!)).toEqual({ time: new Date('2026-01-02T00:00:00.000Z'), id: 2 });
  });

  it('does not throw on a last row whose time JavaScript cannot hold, and its cursor parses', () => {
    // A corrupt row of year 290000: node-postgres and PGlite read it as an Invalid Date.
    const rows = [row(NaN, 9), row('2026-01-01T00:00:00.000Z', 1)];
    const { next } = keysetPage(rows, 1, (r) => r);
    expect(parseCursor(next!)!.time.toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('goes on past a last row later than year 9999, which a cursor cannot carry', () => {
    const rows = [row('+020000-01-01T00:00:00.000Z', 9), row('2026-01-01T00:00:00.000Z', 1)];
    const { next } = keysetPage(rows, 1, (r) => r);
    expect(() => parseCursor(next!)).not.toThrow();
  });

  it('ends the list after a last row before year 1', () => {
    const rows = [row('-000100-01-01T00:00:00.000Z', 9), row('-000200-01-01T00:00:00.000Z', 1)];
    expect(keysetPage(rows, 1, (r) => r).next).toBeNull();
  });

  it('round-trips encodeCursor through parseCursor', () => {
    const at = new Date('2026-11-23T12:00:00.123Z');
    expect(parseCursor(encodeCursor(at, 42))).toEqual({ time: at, id: 42 });
  });
});
