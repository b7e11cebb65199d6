import { parse } from 'csv-parse/browser/esm/sync';

/**
 * The header row of a CSV file, read in the browser for the mapping step with csv-parse's browser
 * build and the options the server's order import reads the whole file with
 * (apps/server/src/modules/orders/orders.csv.ts): RFC 4180 quoting (`"a, b"` is one column, `""`
 * inside quotes is a quote, a quoted cell may hold a line break), a BOM dropped, empty lines
 * skipped, the record delimiter (CRLF, LF or CR) found from the file, cells trimmed.
 */

/** How much of the file is read: the header and a few rows fit well within it. */
const HEAD_BYTES = 64 * 1024;
/** Data rows shown under the header in the mapping step. */
const SAMPLE_ROWS = 3;

/**
 * The columns of `file`'s header row and its first data rows (at most 3), from its first 64 KiB.
 * Never throws: a row cut off at 64 KiB, or CSV broken after the rows already read, leaves the rows
 * read before it; a header that is not CSV gives no columns (the server's import then says what
 * is wrong with the file).
 */
export async function readCsvHead(file: Blob): Promise<{ columns: string[]; sample: string[][] }> {
  const text = await file.slice(0, HEAD_BYTES).text();
  const rows: string[][] = [];
  try {
    parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      to: 1 + SAMPLE_ROWS,
      // Each record as it is read, so those before a parse error are kept.
      on_record: (record: string[]) => {
        rows.push(record.map((cell) => cell.trim()));
        return record;
      },
    });
  } catch {
    // CsvError: what was read before it stands.
  }
  const [columns = [], ...sample] = rows;
  return { columns, sample };
}

/** The column a field most likely is, by name (`order_id` ← "Order ID", "order number"…). */
export function guessColumn(field: string, columns: string[]): string | undefined {
  const words: Record<string, RegExp> = {
    order_id: /^(order[ _-]?(id|no|number|ref)|ticket|bill[ _-]?(no|number)|receipt)/i,
    ordered_at: /(ordered[ _-]?at|order[ _-]?(date|time)|date|time|when|created)/i,
    item_name: /(item|product|dish|name)/i,
    quantity: /^(qty|quantity|units|count)/i,
    unit_price: /(unit[ _-]?price|price|rate)/i,
    channel: /(channel|platform|source|type)/i,
  };
  return columns.find((c) => words[field]?.test(c));
}
