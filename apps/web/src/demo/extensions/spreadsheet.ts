/**
 * Excel export and import of the sample menu (import-export page) with exceljs. exceljs is
 * large (~1 MB), so it is fetched with a dynamic import when a button is pressed and never
 * weighs on the section's chunk. CSV files are read as text (parseCsv): exceljs only reads CSV
 * through Node streams.
 */
import type * as ExcelJsModule from 'exceljs';
import { MENU_COLUMNS, parseCsv, parseMenuRows, type MenuItem, type RowError } from './menu-items.ts';

type ExcelJs = typeof ExcelJsModule;

/** exceljs, however the bundler wraps its CommonJS/UMD export. */
async function loadExcelJs(): Promise<ExcelJs> {
  const module = (await import('exceljs')) as ExcelJs & { default?: ExcelJs };
  return module.default ?? module;
}

/** The .xlsx file of `items`: a header row (`headers`, in MENU_COLUMNS order), then one row per item. */
export async function menuWorkbook(items: readonly MenuItem[], headers: readonly string[], sheetName: string): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'DineDesk';
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = MENU_COLUMNS.map((key, index) => ({ header: headers[index] ?? key, key, width: key === 'name' ? 28 : 14 }));
  sheet.getRow(1).font = { bold: true };
  for (const item of items) sheet.addRow({ ...item, available: item.available ? 'yes' : 'no' });
  sheet.getColumn('price').numFmt = '0.00';
  const buffer = await workbook.xlsx.writeBuffer();
  return buffer as ArrayBuffer;
}

/** Has the browser save `data` as `fileName`. */
export function saveFile(data: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A cell value of exceljs as plain data (rich text, formulas and hyperlinks flattened). */
function plain(value: ExcelJsModule.CellValue): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'object' || value instanceof Date) return value;
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return value.result ?? '';
  if ('text' in value) return value.text;
  return '';
}

/** The rows of an imported file (the header row dropped), checked row by row. */
export async function readMenuFile(file: File): Promise<{ items: MenuItem[]; errors: RowError[] }> {
  if (file.name.toLowerCase().endsWith('.csv')) {
    const rows = parseCsv(await file.text());
    return parseMenuRows(rows.slice(1));
  }
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return { items: [], errors: [] };
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
    if (rowNumber === 1) return;
    rows[rowNumber - 2] = MENU_COLUMNS.map((_, index) => plain(row.getCell(index + 1).value));
  });
  return parseMenuRows(Array.from(rows, (row) => row ?? []));
}
