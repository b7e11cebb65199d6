/** The import rules of the sample menu (menu-items.ts): CSV splitting and row-level checks. */
import { describe, expect, it } from 'vitest';
import { parseCsv, parseMenuRows } from './menu-items.ts';

describe('parseCsv', () => {
  it('splits quoted fields, doubled quotes and CRLF rows', () => {
    expect(parseCsv('sku,name\r\nA-1,"Pasta, fresh"\r\nA-2,"Say ""ciao"""\n')).toEqual([
      ['sku', 'name'],
      ['A-1', 'Pasta, fresh'],
      ['A-2', 'Say "ciao"'],
    ]);
  });

  it('refuses a malformed file (an unclosed quote) instead of guessing', () => {
    expect(() => parseCsv('sku,name\nA-1,"Pasta')).toThrow(/quote/i);
  });

  it('reads semicolon files as spreadsheet apps write them in de/fr/pt', () => {
    expect(parseCsv('sku;name;price\nA-1;Tarte;6,5')).toEqual([
      ['sku', 'name', 'price'],
      ['A-1', 'Tarte', '6,5'],
    ]);
  });
});

describe('parseMenuRows', () => {
  it('keeps the good rows and reports each bad cell with its sheet row', () => {
    const { items, errors } = parseMenuRows([
      ['X-1', 'Focaccia', 'Starter', '4.5', 'yes'],
      ['', 'No sku', 'main', '10', 'no'],
      ['X-2', 'Soup', 'soup', '-1', 'maybe'],
      ['X-1', 'Again', 'main', '3', 'yes'],
      ['', '', '', '', ''],
      ['X-3', 'Lemonade', 'drink', '2,50', '0'],
    ]);
    expect(items).toEqual([
      { sku: 'X-1', name: 'Focaccia', category: 'starter', price: 4.5, available: true },
      { sku: 'X-3', name: 'Lemonade', category: 'drink', price: 2.5, available: false },
    ]);
    expect(errors).toEqual([
      { row: 3, column: 'sku', code: 'required' },
      { row: 4, column: 'category', code: 'category' },
      { row: 4, column: 'price', code: 'price' },
      { row: 4, column: 'available', code: 'available' },
      { row: 5, column: 'sku', code: 'duplicate' },
    ]);
  });
});
