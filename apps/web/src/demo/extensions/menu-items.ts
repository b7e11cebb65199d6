/**
 * The extensions pages' sample table: a restaurant's menu items (fixed, so tests and
 * screenshots are stable), the columns in file order, and the row check used when a user
 * imports a sheet (import-export page).
 */
import { parse } from 'csv-parse/browser/esm/sync';

export const MENU_CATEGORIES = ['starter', 'main', 'dessert', 'drink'] as const;
export type MenuCategory = (typeof MENU_CATEGORIES)[number];

export interface MenuItem {
  sku: string;
  name: string;
  category: MenuCategory;
  price: number;
  available: boolean;
}

export const MENU_ITEMS: readonly MenuItem[] = [
  { sku: 'ST-01', name: 'Tomato bruschetta', category: 'starter', price: 6.5, available: true },
  { sku: 'ST-02', name: 'Burrata & peach', category: 'starter', price: 9, available: true },
  { sku: 'MN-01', name: 'Margherita pizza', category: 'main', price: 12, available: true },
  { sku: 'MN-02', name: 'Wild mushroom risotto', category: 'main', price: 15.5, available: false },
  { sku: 'MN-03', name: 'Grilled sea bass', category: 'main', price: 21, available: true },
  { sku: 'DS-01', name: 'Tiramisu', category: 'dessert', price: 7, available: true },
  { sku: 'DS-02', name: 'Lemon tart', category: 'dessert', price: 6, available: true },
  { sku: 'DR-01', name: 'Sparkling water', category: 'drink', price: 3, available: true },
];

/** The sheet's header row, in column order (the file format of import and export). */
export const MENU_COLUMNS = ['sku', 'name', 'category', 'price', 'available'] as const;
export type MenuColumn = (typeof MENU_COLUMNS)[number];

/** A row-level problem of an imported sheet: the 1-based sheet row, the column, an i18n key. */
export interface RowError {
  row: number;
  column: MenuColumn;
  /** A key under `importExport.errors` of the demo-extensions namespace. */
  code: 'required' | 'category' | 'price' | 'available' | 'duplicate';
}

const TRUE_WORDS = ['true', 'yes', '1', 'y'];
const FALSE_WORDS = ['false', 'no', '0', 'n'];

/**
 * Checks the cells of one data row (`sheetRow` is its row number in the file, header = 1) and
 * returns the menu item or the row's errors. `seen` holds the SKUs of earlier rows.
 */
export function parseMenuRow(cells: readonly unknown[], sheetRow: number, seen: Set<string>): { item: MenuItem } | { errors: RowError[] } {
  const text = (index: number) => {
    const value = cells[index];
    return value === null || value === undefined ? '' : String(value).trim();
  };
  const errors: RowError[] = [];
  const sku = text(0);
  const name = text(1);
  const category = text(2).toLowerCase();
  const priceText = text(3).replace(',', '.');
  const price = Number(priceText);
  const availableText = text(4).toLowerCase();
  if (!sku) errors.push({ row: sheetRow, column: 'sku', code: 'required' });
  else if (seen.has(sku)) errors.push({ row: sheetRow, column: 'sku', code: 'duplicate' });
  if (!name) errors.push({ row: sheetRow, column: 'name', code: 'required' });
  if (!(MENU_CATEGORIES as readonly string[]).includes(category)) errors.push({ row: sheetRow, column: 'category', code: 'category' });
  if (!priceText || !Number.isFinite(price) || price < 0) errors.push({ row: sheetRow, column: 'price', code: 'price' });
  const available = TRUE_WORDS.includes(availableText) ? true : FALSE_WORDS.includes(availableText) ? false : null;
  if (available === null) errors.push({ row: sheetRow, column: 'available', code: 'available' });
  if (errors.length > 0 || available === null) return { errors };
  seen.add(sku);
  return { item: { sku, name, category: category as MenuCategory, price: Math.round(price * 100) / 100, available } };
}

/** Checks every data row; the good rows are kept, the bad ones reported. */
export function parseMenuRows(rows: readonly (readonly unknown[])[]): { items: MenuItem[]; errors: RowError[] } {
  const seen = new Set<string>();
  const items: MenuItem[] = [];
  const errors: RowError[] = [];
  rows.forEach((cells, index) => {
    if (cells.every((cell) => cell === null || cell === undefined || String(cell).trim() === '')) return;
    const result = parseMenuRow(cells, index + 2, seen);
    if ('item' in result) items.push(result.item);
    else errors.push(...result.errors);
  });
  return { items, errors };
}

/**
 * Reads CSV text into rows of cells with csv-parse (its browser build; the server's order import
 * uses the same library): quoted fields, doubled quotes, CRLF or LF, and a `;` delimiter when
 * the header has no comma, as spreadsheet apps write in de/fr/pt. Empty lines are skipped.
 * @throws {CsvError} on malformed CSV (an unclosed quote…), with the line in its message
 */
export function parseCsv(text: string): string[][] {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  return parse(text, { delimiter, record_delimiter: ['\r\n', '\n', '\r'], relax_column_count: true, skip_empty_lines: true, bom: true }) as string[][];
}
