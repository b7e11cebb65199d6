import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { CsvError, parse } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { LONDON_COLUMNS, ORDER_IMPORT_MAX_PROBLEMS, type TColumnMapping, type TImportProblem, type TOrderImportShape } from '@dinedesk/contracts/orders';

/**
 * Reading order CSVs (docs/decisions/0036): both shapes, streamed through `csv-parse`
 * record by record (never the whole file in memory), each row checked and turned into one
 * {@link OrderLineRow}. No SQL here: the service writes what this yields.
 *
 * Rules (the validation report's problems): every required field present; text without control
 * characters or broken UTF-8; an order id of at most 64 characters; local times
 * `YYYY-MM-DD[T ]HH:MM[:SS]` on a real calendar day between 2000 and 2099; whole quantities 1–10,000;
 * unit prices 0–100,000 with at most 2 decimals; the lines of one order on consecutive rows, with
 * one time (and channel). London files: the exact header of `orders_takeaway_london.csv`, and one
 * outlet's rows (`sourceOutlet`, or a file of one outlet).
 */

/** How a file is read: its shape, the generic shape's mapping, and which London outlet's rows to take. */
export interface ReadOptions {
  shape: TOrderImportShape;
  mapping?: TColumnMapping | null;
  sourceOutlet?: string | null;
}

/** One valid line, normalised: `orderedAt` as `YYYY-MM-DD HH:MM:SS`, money in minor units. */
export interface OrderLineRow {
  row: number;
  orderId: string;
  orderedAt: string;
  itemName: string;
  quantity: number;
  unitPriceMinor: number;
  channel: string | null;
  /** False when the London source marks the order's lines incomplete. */
  linesComplete: boolean;
}

export const MAX_ORDER_ID = 64;
export const MAX_ITEM_NAME = 200;
export const MAX_CHANNEL = 40;
export const MAX_QUANTITY = 10_000;
/** Largest unit price in minor units (100,000.00). */
export const MAX_UNIT_PRICE_MINOR = 10_000_000;
/** Longest record csv-parse accepts (bytes): a longer one is not an order line. */
const MAX_RECORD_BYTES = 64 * 1024;

// C0 controls other than tab, and DEL; U+FFFD is what a byte that is not UTF-8 becomes.
// eslint-disable-next-line no-control-regex
export const BAD_TEXT = /[\u0000-\u0008\u000A-\u001F\u007F\uFFFD]/;
const TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;
const MONEY = /^(\d{1,7})(?:\.(\d{1,2}))?$/;

/** `YYYY-MM-DD HH:MM:SS` of a local time, or the problem. */
export function parseLocalTime(value: string): { value: string } | { problem: string } {
  const m = TIME.exec(value);
  if (!m) return { problem: `"${clip(value)}" is not a time YYYY-MM-DDTHH:MM[:SS]` };
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '00'].map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (y < 2000 || y > 2099 || h > 23 || mi > 59 || s > 59 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return { problem: `"${clip(value)}" is not a real time between 2000 and 2099` };
  const p = (n: number) => String(n).padStart(2, '0');
  return { value: `${y}-${p(mo)}-${p(d)} ${p(h)}:${p(mi)}:${p(s)}` };
}

/** Minor units of a decimal amount with a point (`4.95` → 495) of at most `maxMinor`, or the problem. */
export function parseMoney(value: string, maxMinor = MAX_UNIT_PRICE_MINOR): { value: number } | { problem: string } {
  const m = MONEY.exec(value);
  if (!m) return { problem: `"${clip(value)}" is not an amount such as 4.95 (digits, a point, at most 2 decimals)` };
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (minor > maxMinor) return { problem: `${value} is more than ${(maxMinor / 100).toFixed(2)}` };
  return { value: minor };
}

/** `s` for a message: control characters shown as `?`, at most 40 characters. */
export function clip(s: string): string {
  const visible = s.replace(BAD_TEXT, '?');
  return visible.length > 40 ? `${visible.slice(0, 40)}…` : visible;
}

/** What a csv-parse error means to the person who exported the file (csv-parse 6 codes; the opening quote's alone has no `CSV_` prefix). */
const CSV_PROBLEMS: Partial<Record<CsvError['code'], string>> = {
  INVALID_OPENING_QUOTE: 'a quote (") inside a field that does not start with one: put the whole field in quotes and double the quote inside it ("Fish ""and"" chips")',
  CSV_INVALID_CLOSING_QUOTE: 'a quoted field has text after its closing quote: double a quote that belongs to the text ("")',
  CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE: 'a quoted field has text after its closing quote: double a quote that belongs to the text ("")',
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed: a quote (") is missing',
  CSV_MAX_RECORD_SIZE: 'a row is longer than 64 KiB: this is not an export of rows',
};

/**
 * The report's problem for a csv-parse error (a file that is not valid CSV is a problem of the
 * file, never a failure to retry): the row (1 = header) and, when the parser names one, the
 * header's column. `header` as the reader saw it, or empty when the error came first (the
 * parser reads ahead): then the file's first record is read for the column's name.
 * @returns null for any other error (an I/O failure: the caller rethrows it)
 */
export async function csvParseProblem(e: unknown, path: string, header: string[]): Promise<TImportProblem | null> {
  if (!(e instanceof CsvError)) return null;
  if (!header.length) header = await firstRecord(path);
  const err = e as CsvError & { records?: number; lines?: number; column?: number | string; index?: number };
  // `records` counts the records before the broken one (the header included).
  const row = (err.records ?? 0) + 1;
  const at = typeof err.column === 'number' ? err.column : typeof err.index === 'number' ? err.index : null;
  const column = at !== null && header[at] !== undefined ? header[at]! : '';
  const what = CSV_PROBLEMS[err.code] ?? clip(err.message);
  const line = err.lines !== undefined && err.lines !== row ? ` (line ${err.lines} of the file)` : '';
  return { row, column, problem: `the file is not valid CSV here${line}: ${what}` };
}

/** The first record of a file (its header), trimmed; empty when even that is not CSV. */
async function firstRecord(path: string): Promise<string[]> {
  const file = await open(path, 'r');
  try {
    const buf = Buffer.alloc(MAX_RECORD_BYTES);
    const { bytesRead } = await file.read(buf, 0, buf.length, 0);
    const [record] = parseSync(buf.subarray(0, bytesRead), { bom: true, to: 1, relax_column_count: true, relax_quotes: true }) as string[][];
    return (record ?? []).map((h) => h.trim());
  } catch {
    return [];
  } finally {
    await file.close();
  }
}

/** The file's columns for each field of the shape (London: its fixed header). */
function columnsFor(opts: ReadOptions): Record<string, string> {
  if (opts.shape === 'london') return { order_id: 'order_id', ordered_at: 'ordered_at', item_name: 'item_name', quantity: 'quantity', unit_price: 'unit_price_gbp', lines_complete: 'order_lines_complete', outlet: 'outlet_id' };
  const m = opts.mapping!;
  return Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

/** What one pass over a file found. */
export interface ReadSummary {
  /** Data rows read (the header not counted). */
  rowsRead: number;
  /** London rows of other outlets than `sourceOutlet`. */
  rowsSkipped: number;
  problems: TImportProblem[];
  /** Problems found in all (more than {@link ORDER_IMPORT_MAX_PROBLEMS} are counted, not kept). */
  problemCount: number;
  /** Distinct outlet ids of a London file (at most 20 kept). */
  sourceOutlets: string[];
}

/**
 * Streams `path` once: checks the header and every row, calls `onLine` with each valid line (in
 * file order) and `onProgress` with the bytes read so far. Lines are yielded even after a problem
 * so a validation pass reads the whole file; the writer runs only on a file without problems.
 * @throws Error only for I/O failures; a file that is not CSV is a problem of the report
 */
export async function readOrderFile(path: string, opts: ReadOptions, onLine: (line: OrderLineRow) => Promise<void> | void, onProgress?: (bytes: number, rows: number) => Promise<void> | void): Promise<ReadSummary> {
  const summary: ReadSummary = { rowsRead: 0, rowsSkipped: 0, problems: [], problemCount: 0, sourceOutlets: [] };
  const problem = (row: number, column: string, text: string) => {
    summary.problemCount++;
    if (summary.problems.length < ORDER_IMPORT_MAX_PROBLEMS) summary.problems.push({ row, column, problem: text });
  };
  const parser = createReadStream(path).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true, max_record_size: MAX_RECORD_BYTES, encoding: 'utf8' }));
  const wanted = columnsFor(opts);
  let index: Record<string, number> | null = null;
  let headerLength = 0;
  let header: string[] = [];
  let notCsv = false;
  let current = null as { orderId: string; orderedAt: string; channel: string | null; firstRow: number } | null;
  const finished = new Set<string>();
  const outlets = new Set<string>();
  let lastReport = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { records: number; bytes: number } }>) {
      const row = info.records;
      if (!index) {
        headerLength = record.length;
        header = record.map((h) => h.trim());
        index = {};
        if (opts.shape === 'london') {
          const missing = LONDON_COLUMNS.filter((c) => !header.includes(c));
          for (const c of missing) problem(1, c, `the header has no column ${c}: this is not the shape of orders_takeaway_london.csv`);
        }
        for (const [field, column] of Object.entries(wanted)) {
          const at = header.indexOf(column);
          if (at < 0) {
            if (opts.shape === 'generic') problem(1, column, `the header has no column "${clip(column)}" (mapped to ${field})`);
          } else index[field] = at;
        }
        if (summary.problemCount > 0) break;
        continue;
      }
      summary.rowsRead++;
      if (record.length !== headerLength) {
        problem(row, '', `the row has ${record.length} fields; the header has ${headerLength}`);
        continue;
      }
      const get = (field: string) => (index![field] === undefined ? '' : record[index![field]!]!.trim());
      if (opts.shape === 'london') {
        const outlet = get('outlet');
        if (outlets.size < 20) outlets.add(outlet);
        if (opts.sourceOutlet && outlet !== opts.sourceOutlet) {
          summary.rowsSkipped++;
          continue;
        }
      }
      let ok = true;
      const bad = (field: string, text: string) => {
        ok = false;
        problem(row, wanted[field] ?? field, text);
      };
      for (const field of Object.keys(wanted)) {
        const v = get(field);
        if (BAD_TEXT.test(v)) bad(field, 'holds a control character or bytes that are not UTF-8 text');
      }
      if (!ok) continue;
      const orderId = get('order_id');
      if (!orderId) bad('order_id', 'is empty');
      else if (orderId.length > MAX_ORDER_ID) bad('order_id', `is longer than ${MAX_ORDER_ID} characters`);
      // One order's lines sit together (the writer groups consecutive rows): checked before the
      // other fields, so a bad line still marks where its order is.
      if (ok && current?.orderId !== orderId) {
        if (current) finished.add(current.orderId);
        current = null;
        if (finished.has(orderId)) {
          problem(row, wanted.order_id!, `order ${clip(orderId)} has lines on rows that are not together: keep each order's lines on consecutive rows`);
          continue;
        }
      }
      const time = parseLocalTime(get('ordered_at'));
      if ('problem' in time) bad('ordered_at', time.problem);
      const itemName = get('item_name');
      if (!itemName) bad('item_name', 'is empty');
      else if (itemName.length > MAX_ITEM_NAME) bad('item_name', `is longer than ${MAX_ITEM_NAME} characters`);
      const q = get('quantity');
      const quantity = /^\d{1,6}$/.test(q) ? Number(q) : NaN;
      if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) bad('quantity', `"${clip(q)}" is not a whole number from 1 to ${MAX_QUANTITY}`);
      const price = parseMoney(get('unit_price'));
      if ('problem' in price) bad('unit_price', price.problem);
      const channel = get('channel') || null;
      if (channel && channel.length > MAX_CHANNEL) bad('channel', `is longer than ${MAX_CHANNEL} characters`);
      let linesComplete = true;
      if (opts.shape === 'london') {
        const c = get('lines_complete');
        if (c !== 'yes' && c !== 'no') bad('lines_complete', `"${clip(c)}" is not yes or no`);
        linesComplete = c !== 'no';
      }
      if (!ok || 'problem' in time || 'problem' in price) continue;
      // One order has one time and one channel.
      if (!current) {
        current = { orderId, orderedAt: time.value, channel, firstRow: row };
      } else if (current.orderedAt !== time.value) {
        problem(row, wanted.ordered_at!, `order ${clip(orderId)} has another time on row ${current.firstRow} (${current.orderedAt})`);
        continue;
      } else if (current.channel !== channel) {
        problem(row, wanted.channel ?? 'channel', `order ${clip(orderId)} has another channel on row ${current.firstRow}`);
        continue;
      }
      await onLine({ row, orderId, orderedAt: time.value, itemName, quantity, unitPriceMinor: price.value, channel, linesComplete });
      if (onProgress && info.bytes - lastReport > 256 * 1024) {
        lastReport = info.bytes;
        await onProgress(info.bytes, summary.rowsRead);
      }
    }
  } catch (e) {
    const p = await csvParseProblem(e, path, header);
    if (!p) throw e;
    problem(p.row, p.column, p.problem);
    notCsv = true;
  }
  if (!index && !notCsv) problem(1, '', 'the file is empty: it has no header row');
  else if (opts.shape === 'london' && !opts.sourceOutlet && outlets.size > 1) {
    problem(1, 'outlet_id', `the file holds several outlets (${[...outlets].slice(0, 5).join(', ')}): choose which one to import`);
  }
  summary.sourceOutlets = [...outlets];
  return summary;
}
