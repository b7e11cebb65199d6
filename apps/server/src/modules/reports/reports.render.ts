import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import pdfmake from 'pdfmake';
import type { TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import type { TReportFormat, TReportMetric } from '@dinedesk/contracts/reports';
import { safeCell } from '../reviews/index.ts';
import type { OutletFigures, ReportFigures, Values } from './reports.figures.ts';

/**
 * Writes a report's figures as CSV, XLSX (exceljs) or PDF (pdfmake on the server, with the
 * standard Helvetica font: no font files, no network) ("Export CSV, XLSX and PDF",
 * docs/decisions/0042). The three carry the same table: per outlet, and all outlets together,
 * one line per figure with the period's value, the comparison's and the change; then the item
 * mix. Text cells written by people (outlet and item names) are kept from running as spreadsheet
 * formulas (`safeCell`, OWASP "CSV injection").
 */

export interface Line {
  outlet: string;
  brand: string;
  metric: string;
  /** Rounded as shown; null where there is nothing to measure. */
  current: number | null;
  previous: number | null;
  /** Relative change (`percent`, 0.125 = +12.5 %) for counts and money, a difference for averages and rates. */
  change: number | null;
  changeKind: 'percent' | 'difference';
}

const round = (x: number | null, digits: number) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);
const money = (minor: number | null) => (minor === null ? null : minor / 100);

interface FigureDef {
  metric: TReportMetric;
  label: (currency: string | null) => string;
  value: (v: Values) => number | null;
  change: 'percent' | 'difference';
}

/** The lines of each metric, in the order the metrics are listed in the contract. */
const FIGURES: FigureDef[] = [
  { metric: 'ratings', label: () => 'Average rating (1–5)', value: (v) => round(v.averageRating, 2), change: 'difference' },
  { metric: 'ratings', label: () => 'New reviews', value: (v) => v.reviews, change: 'percent' },
  { metric: 'response', label: () => 'Response rate (%)', value: (v) => round(v.responseRate === null ? null : v.responseRate * 100, 1), change: 'difference' },
  { metric: 'response', label: () => 'Median time to first reply (hours)', value: (v) => round(v.medianResponseHours, 1), change: 'difference' },
  { metric: 'complaints', label: () => 'Complaints opened', value: (v) => v.complaintsOpened, change: 'percent' },
  { metric: 'complaints', label: () => 'Complaints resolved', value: (v) => v.complaintsResolved, change: 'percent' },
  { metric: 'orders', label: () => 'Orders', value: (v) => v.orders, change: 'percent' },
  { metric: 'orders', label: () => 'Items sold', value: (v) => v.items, change: 'percent' },
  { metric: 'sales', label: (c) => `Sales${c ? ` (${c})` : ''}`, value: (v) => round(money(v.salesMinor), 2), change: 'percent' },
  { metric: 'sales', label: (c) => `Average order value${c ? ` (${c})` : ''}`, value: (v) => round(money(v.averageOrderMinor), 2), change: 'percent' },
];

/** The report's lines: each outlet, then all outlets, one per figure of the chosen metrics. */
export function reportLines(f: ReportFigures): Line[] {
  const groups: OutletFigures[] = [...f.outlets, ...(f.total ? [f.total] : [])];
  const lines: Line[] = [];
  for (const g of groups) {
    for (const def of FIGURES) {
      if (!f.metrics.includes(def.metric)) continue;
      const current = def.value(g.current);
      const previous = g.previous ? def.value(g.previous) : null;
      let change: number | null = null;
      if (current !== null && previous !== null) {
        if (def.change === 'difference') change = round(current - previous, 2);
        else if (previous !== 0) change = round((current - previous) / previous, 4);
      }
      lines.push({ outlet: g.outletName, brand: g.brandName, metric: def.label(g.currency), current, previous, change, changeKind: def.change });
    }
  }
  return lines;
}

/** "+12.5%", "-0.20", "" — the change as the CSV and PDF show it. */
export function changeText(l: Line): string {
  if (l.change === null) return '';
  const sign = l.change > 0 ? '+' : '';
  return l.changeKind === 'percent' ? `${sign}${(l.change * 100).toFixed(1)}%` : `${sign}${l.change.toFixed(2)}`;
}

const spanText = (s: { from: string; to: string }) => `${s.from} to ${s.to}`;
const cell = (x: number | null) => (x === null ? '' : String(x));

export interface ReportMeta {
  title: string;
  generatedAt: Date;
}

function headerRows(f: ReportFigures, meta: ReportMeta): string[][] {
  return [
    ['DineDesk report', meta.title],
    ['Period', spanText(f.period)],
    ['Compared with', f.comparePeriod ? spanText(f.comparePeriod) : 'No comparison'],
    ['Generated (UTC)', meta.generatedAt.toISOString()],
  ];
}

const itemsOf = (f: ReportFigures) => (f.metrics.includes('item_mix') ? f.outlets.flatMap((o) => o.items.map((i) => ({ o, i }))) : []);

function csv(f: ReportFigures, meta: ReportMeta): Buffer {
  const rows: string[][] = [...headerRows(f, meta).map((r) => r.map(safeCell)), []];
  rows.push(['Outlet', 'Brand', 'Figure', 'Period', 'Comparison', 'Change']);
  for (const l of reportLines(f)) rows.push([safeCell(l.outlet), safeCell(l.brand), l.metric, cell(l.current), cell(l.previous), changeText(l)]);
  const items = itemsOf(f);
  if (items.length) {
    rows.push([], ['Item mix (period)'], ['Outlet', 'Item', 'Quantity', 'Share (%)', 'Sales', 'Currency']);
    for (const { o, i } of items) rows.push([safeCell(o.outletName), safeCell(i.item), String(i.quantity), cell(round(i.share * 100, 1)), cell(round(money(i.salesMinor), 2)), o.currency ?? '']);
  }
  // A BOM, so spreadsheet programs read the file as UTF-8 (outlet names like "Café").
  return Buffer.from(`\ufeff${stringify(rows)}`, 'utf8');
}

async function xlsx(f: ReportFigures, meta: ReportMeta): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'DineDesk';
  wb.created = meta.generatedAt;
  const summary = wb.addWorksheet('Summary');
  for (const r of headerRows(f, meta)) summary.addRow(r.map(safeCell));
  summary.addRow([]);
  const head = summary.addRow(['Outlet', 'Brand', 'Figure', 'Period', 'Comparison', 'Change']);
  head.font = { bold: true };
  summary.columns = [{ width: 30 }, { width: 22 }, { width: 36 }, { width: 14 }, { width: 14 }, { width: 12 }];
  for (const l of reportLines(f)) {
    const row = summary.addRow([safeCell(l.outlet), safeCell(l.brand), l.metric, l.current, l.previous, l.change]);
    row.getCell(6).numFmt = l.changeKind === 'percent' ? '+0.0%;-0.0%;0.0%' : '+0.00;-0.00;0.00';
  }
  const items = itemsOf(f);
  if (items.length) {
    const mix = wb.addWorksheet('Item mix');
    mix.columns = [{ header: 'Outlet', width: 30 }, { header: 'Item', width: 34 }, { header: 'Quantity', width: 10 }, { header: 'Share', width: 10 }, { header: 'Sales', width: 12 }, { header: 'Currency', width: 10 }];
    mix.getRow(1).font = { bold: true };
    for (const { o, i } of items) {
      const row = mix.addRow([safeCell(o.outletName), safeCell(i.item), i.quantity, round(i.share, 4), round(money(i.salesMinor), 2), o.currency ?? '']);
      row.getCell(4).numFmt = '0.0%';
    }
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const HELVETICA = { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' };
const STANDARD_FONTS = new Set(Object.values(HELVETICA));
let pdfReady = false;
/**
 * pdfmake on the server: the standard Helvetica only (pdfkit has its metrics; pdfmake asks the
 * local access policy for them by name), and no other file and no URL may be read: documents are
 * built from our own data, never from a path or an address.
 */
function pdfMaker() {
  if (!pdfReady) {
    pdfmake.setFonts({ Helvetica: HELVETICA });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => STANDARD_FONTS.has(path));
    pdfReady = true;
  }
  return pdfmake;
}

async function pdf(f: ReportFigures, meta: ReportMeta): Promise<Buffer> {
  const th = (text: string): TableCell => ({ text, bold: true, fillColor: '#eeeeee' });
  const body: TableCell[][] = [[th('Outlet'), th('Figure'), th('Period'), th('Comparison'), th('Change')]];
  for (const l of reportLines(f)) body.push([l.outlet, l.metric, { text: cell(l.current), alignment: 'right' }, { text: cell(l.previous), alignment: 'right' }, { text: changeText(l), alignment: 'right' }]);
  const content: TDocumentDefinitions['content'] = [
    { text: meta.title, style: 'title' },
    { text: `Period ${spanText(f.period)}${f.comparePeriod ? `, compared with ${spanText(f.comparePeriod)}` : ''}`, margin: [0, 0, 0, 2] },
    { text: `Generated ${meta.generatedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC by DineDesk`, color: '#666666', fontSize: 8, margin: [0, 0, 0, 10] },
    { table: { headerRows: 1, widths: ['*', '*', 'auto', 'auto', 'auto'], body }, layout: 'lightHorizontalLines', fontSize: 9 },
  ];
  const items = itemsOf(f);
  if (items.length) {
    const mix: TableCell[][] = [[th('Outlet'), th('Item'), th('Quantity'), th('Share'), th('Sales')]];
    for (const { o, i } of items) mix.push([o.outletName, i.item, { text: String(i.quantity), alignment: 'right' }, { text: `${(i.share * 100).toFixed(1)}%`, alignment: 'right' }, { text: `${cell(round(money(i.salesMinor), 2))} ${o.currency ?? ''}`.trim(), alignment: 'right' }]);
    content.push({ text: 'Item mix (period)', style: 'heading' }, { table: { headerRows: 1, widths: ['*', '*', 'auto', 'auto', 'auto'], body: mix }, layout: 'lightHorizontalLines', fontSize: 9 });
  }
  const doc: TDocumentDefinitions = {
    info: { title: meta.title, creator: 'DineDesk' },
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 48],
    defaultStyle: { font: 'Helvetica', fontSize: 10 },
    styles: { title: { fontSize: 16, bold: true, margin: [0, 0, 0, 6] }, heading: { fontSize: 12, bold: true, margin: [0, 14, 0, 6] } },
    footer: (page, pages) => ({ text: `${page} / ${pages}`, alignment: 'right', margin: [0, 16, 36, 0], fontSize: 8, color: '#666666' }),
    content,
  };
  return Buffer.from(await pdfMaker().createPdf(doc).getBuffer());
}

/** The report as a file of `format`. */
export function renderReport(format: TReportFormat, f: ReportFigures, meta: ReportMeta): Promise<Buffer> {
  if (format === 'csv') return Promise.resolve(csv(f, meta));
  if (format === 'xlsx') return xlsx(f, meta);
  return pdf(f, meta);
}

export const CONTENT_TYPES: Record<TReportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};
