/**
 * "Export to Excel" of the data table (exceljs for Excel export). exceljs is about
 * 1 MB, so it is fetched by a dynamic import when the button is pressed, never with the page.
 */
import type * as ExcelJsModule from 'exceljs';

/** One column of the sheet: its header and how wide it is (characters). */
export interface SheetColumn<T> {
  header: string;
  width: number;
  value: (row: T) => string | number;
  /** Excel number format, e.g. `"$"#,##0.00`. */
  numFmt?: string;
}

/** The exceljs namespace, however the bundler wraps its CommonJS export. */
function excelJsOf(module: unknown): typeof ExcelJsModule {
  const wrapped = module as { default?: typeof ExcelJsModule } & typeof ExcelJsModule;
  return wrapped.default ?? wrapped;
}

/** Builds an `.xlsx` of `rows` (one sheet, bold header row) as bytes. */
export async function buildWorkbook<T>(sheetName: string, columns: readonly SheetColumn<T>[], rows: readonly T[]): Promise<ArrayBuffer> {
  const ExcelJS = excelJsOf(await import('exceljs'));
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'DineDesk';
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column, index) => ({ header: column.header, key: `c${index}`, width: column.width, style: column.numFmt ? { numFmt: column.numFmt } : {} }));
  for (const row of rows) sheet.addRow(columns.map((column) => column.value(row)));
  sheet.getRow(1).font = { bold: true };
  return workbook.xlsx.writeBuffer();
}

/** Builds the workbook and has the browser download it as `fileName`. */
export async function downloadWorkbook<T>(fileName: string, sheetName: string, columns: readonly SheetColumn<T>[], rows: readonly T[]): Promise<void> {
  const bytes = await buildWorkbook(sheetName, columns, rows);
  const blob = new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has taken the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
