import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { ADS_COLUMNS, ADS_MAX_CAMPAIGN } from '@dinedesk/contracts/ads';
import { ORDER_IMPORT_MAX_PROBLEMS, type TImportProblem } from '@dinedesk/contracts/orders';
import { BAD_TEXT, clip, csvParseProblem, parseMoney } from '../orders/index.ts';

/**
 * Reading an ads CSV (docs/decisions/0043): the shape of
 * `ADS_COLUMNS` (campaign, date, spend, impressions, clicks; any column order, other columns
 * ignored), streamed through `csv-parse` record by record like the order files, each row checked
 * and turned into one {@link AdRow}. No SQL here.
 *
 * Rules (the validation report's problems): every column present in the header; text without
 * control characters or broken UTF-8; a campaign of 1–{@link ADS_MAX_CAMPAIGN} characters; a real
 * calendar day `YYYY-MM-DD` between 2000 and 2099; spend 0–1,000,000.00 with at most 2 decimals;
 * impressions and clicks whole numbers 0–1,000,000,000 with clicks ≤ impressions; a campaign at
 * most once per day in the file.
 */

/** One valid row: spend in minor units. */
export interface AdRow {
  row: number;
  campaign: string;
  day: string;
  spendMinor: number;
  impressions: number;
  clicks: number;
}

/** What one pass over an ads file found (the shape the shared import run expects). */
export interface AdsReadSummary {
  rowsRead: number;
  rowsSkipped: number;
  problems: TImportProblem[];
  problemCount: number;
}

/** Largest spend of one campaign-day, minor units (1,000,000.00). */
export const MAX_SPEND_MINOR = 100_000_000;
export const MAX_COUNT = 1_000_000_000;
const MAX_RECORD_BYTES = 16 * 1024;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day `YYYY-MM-DD` if it is a real calendar day between 2000 and 2099, or the problem. */
export function parseDay(value: string): { value: string } | { problem: string } {
  const m = DAY.exec(value);
  if (!m) return { problem: `"${clip(value)}" is not a date YYYY-MM-DD` };
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 2000 || y > 2099 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return { problem: `"${clip(value)}" is not a real day between 2000 and 2099` };
  return { value };
}

function parseCount(value: string): number | null {
  if (!/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n <= MAX_COUNT ? n : null;
}

/**
 * Streams `path` once: checks the header and every row, calls `onRow` with each valid row (in
 * file order) and `onProgress` with the bytes read. Rows are yielded even after a problem, so a
 * validation pass reads the whole file; the writer runs only on a file without problems.
 * @throws Error only for I/O failures; a file that is not CSV is a problem of the report
 */
export async function readAdsFile(path: string, onRow: (row: AdRow) => Promise<void> | void, onProgress?: (bytes: number, rows: number) => Promise<void> | void): Promise<AdsReadSummary> {
  const summary: AdsReadSummary = { rowsRead: 0, rowsSkipped: 0, problems: [], problemCount: 0 };
  const problem = (row: number, column: string, text: string) => {
    summary.problemCount++;
    if (summary.problems.length < ORDER_IMPORT_MAX_PROBLEMS) summary.problems.push({ row, column, problem: text });
  };
  const parser = createReadStream(path).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true, max_record_size: MAX_RECORD_BYTES, encoding: 'utf8' }));
  let index: Record<(typeof ADS_COLUMNS)[number], number> | null = null;
  let headerLength = 0;
  let header: string[] = [];
  // campaign + NUL + day of every row seen: a campaign-day twice in one file is ambiguous.
  const seen = new Map<string, number>();
  let lastReport = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { records: number; bytes: number } }>) {
      const row = info.records;
      if (!index) {
        headerLength = record.length;
        header = record.map((h) => h.trim().toLowerCase());
        const found = Object.fromEntries(ADS_COLUMNS.map((c) => [c, header.indexOf(c)])) as Record<(typeof ADS_COLUMNS)[number], number>;
        for (const c of ADS_COLUMNS) if (found[c] < 0) problem(1, c, `the header has no column ${c}: an ads file has the columns ${ADS_COLUMNS.join(', ')}`);
        if (summary.problemCount > 0) break;
        index = found;
        continue;
      }
      summary.rowsRead++;
      if (record.length !== headerLength) {
        problem(row, '', `the row has ${record.length} fields; the header has ${headerLength}`);
        continue;
      }
      const get = (c: (typeof ADS_COLUMNS)[number]) => record[index![c]]!.trim();
      let ok = true;
      const bad = (c: string, text: string) => {
        ok = false;
        problem(row, c, text);
      };
      for (const c of ADS_COLUMNS) if (BAD_TEXT.test(get(c))) bad(c, 'holds a control character or bytes that are not UTF-8 text');
      if (!ok) continue;
      const campaign = get('campaign');
      if (!campaign) bad('campaign', 'is empty');
      else if (campaign.length > ADS_MAX_CAMPAIGN) bad('campaign', `is longer than ${ADS_MAX_CAMPAIGN} characters`);
      const day = parseDay(get('date'));
      if ('problem' in day) bad('date', day.problem);
      const spend = parseMoney(get('spend'), MAX_SPEND_MINOR);
      if ('problem' in spend) bad('spend', spend.problem);
      const impressions = parseCount(get('impressions'));
      if (impressions === null) bad('impressions', `"${clip(get('impressions'))}" is not a whole number from 0 to ${MAX_COUNT}`);
      const clicks = parseCount(get('clicks'));
      if (clicks === null) bad('clicks', `"${clip(get('clicks'))}" is not a whole number from 0 to ${MAX_COUNT}`);
      else if (impressions !== null && clicks > impressions) bad('clicks', `${clicks} clicks is more than the row's ${impressions} impressions`);
      if (!ok || 'problem' in day || 'problem' in spend || impressions === null || clicks === null) continue;
      const key = `${campaign}\u0000${day.value}`;
      const first = seen.get(key);
      if (first !== undefined) {
        problem(row, 'campaign', `campaign ${clip(campaign)} has ${day.value} on row ${first} already: one row per campaign and day`);
        continue;
      }
      seen.set(key, row);
      await onRow({ row, campaign, day: day.value, spendMinor: spend.value, impressions, clicks });
      if (onProgress && info.bytes - lastReport > 256 * 1024) {
        lastReport = info.bytes;
        await onProgress(info.bytes, summary.rowsRead);
      }
    }
  } catch (e) {
    const p = await csvParseProblem(e, path, header);
    if (!p) throw e;
    problem(p.row, p.column, p.problem);
  }
  if (!index && summary.problemCount === 0) problem(1, '', 'the file is empty: it has no header row');
  return summary;
}
