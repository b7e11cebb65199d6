import { describe, expect, it } from 'vitest';
import { guessColumn, readCsvHead } from './csv-header.ts';

const head = (text: string) => readCsvHead(new Blob([text], { type: 'text/csv' }));

describe('readCsvHead', () => {
  it('reads the header and at most three data rows, a BOM dropped and cells trimmed', async () => {
    expect(await head('\uFEFForder_id, ordered_at ,item\n1,2026-11-01 12:00,Dal\n2,2026-11-01 12:05,Naan\n3,x,y\n4,x,y\n')).toEqual({
      columns: ['order_id', 'ordered_at', 'item'],
      sample: [
        ['1', '2026-11-01 12:00', 'Dal'],
        ['2', '2026-11-01 12:05', 'Naan'],
        ['3', 'x', 'y'],
      ],
    });
  });

  it('keeps a quoted cell with a line break in one cell, in the header and in a row (CRLF rows, as spreadsheets write)', async () => {
    const csv = 'order_id,"Item\nname",qty\r\n1,"Dal, tadka\nextra spicy",2\r\n2,"Naan ""plain""",1\r\n';
    expect(await head(csv)).toEqual({
      columns: ['order_id', 'Item\nname', 'qty'],
      sample: [
        ['1', 'Dal, tadka\nextra spicy', '2'],
        ['2', 'Naan "plain"', '1'],
      ],
    });
  });

  it('skips empty lines and takes rows of another length as they are', async () => {
    expect(await head('\n\na,b\n\n1\n1,2,3\n')).toEqual({ columns: ['a', 'b'], sample: [['1'], ['1', '2', '3']] });
  });

  it('keeps the rows read before a cell cut off at 64 KiB', async () => {
    const long = 'x'.repeat(70 * 1024);
    expect(await head(`a,b\n1,2\n3,"${long}"\n`)).toEqual({ columns: ['a', 'b'], sample: [['1', '2']] });
  });

  it('gives no columns for a file that is not CSV from its first line', async () => {
    expect(await head('a,"b\n')).toEqual({ columns: [], sample: [] });
    expect(await head('')).toEqual({ columns: [], sample: [] });
  });
});

describe('guessColumn', () => {
  it('finds a field’s column by its name', () => {
    expect(guessColumn('order_id', ['Date', 'Order ID', 'Qty'])).toBe('Order ID');
    expect(guessColumn('quantity', ['Date', 'Order ID', 'Qty'])).toBe('Qty');
    expect(guessColumn('channel', ['Date'])).toBeUndefined();
  });
});
