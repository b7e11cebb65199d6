import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signIn as signInAs, useSharedStack } from './support/stack.ts';
import { collectErrors } from './support/console-errors.ts';

/**
 * The tables section of the UI showcase ("sort, filter, page and export the data
 * table") in Chromium:
 * - `/tables/reactstrap`: the five basic table variants render;
 * - `/datatables/basic`: the MUI X Data Grid of 200 sample orders sorts by a header, filters
 *   from a column menu and from the quick filter, pages (next page, page size), downloads its
 *   rows as CSV (content checked) and as Excel (an .xlsx file), and shows its texts in German
 *   once the app speaks German.
 * Each in the light and the dark skin, screenshots to the test's output folder, and no console
 * error on the way.
 */

const stack = useSharedStack();

async function open(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 1100 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}${path}`);
}

async function reloadDark(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  await page.reload();
}

/** The grid's body rows on screen. */
const gridRows = (page: Page) => page.getByTestId('orders-grid').locator('.MuiDataGrid-row');
/** The text of `field`'s cells in the rows on screen. */
const cellTexts = (page: Page, field: string) => gridRows(page).locator(`[data-field="${field}"]`).allTextContents();
/** "1–10 of 200" → 200. */
async function rowTotal(page: Page): Promise<number> {
  const text = (await page.getByTestId('orders-grid').locator('.MuiTablePagination-displayedRows').textContent()) ?? '';
  return Number(/of (\d+)/.exec(text)?.[1] ?? Number.NaN);
}

test('basic tables: the five variants render, light and dark', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await open(page, '/tables/reactstrap');
  await expect(page).toHaveTitle(/Basic Tables/);
  await expect(page.getByRole('heading', { level: 1, name: 'Basic Tables' })).toBeVisible();
  for (const name of ['Simple table', 'Striped rows', 'Dense table', 'Sticky header', 'Table with a caption']) {
    await expect(page.getByRole('table', { name })).toBeVisible();
  }
  await expect(page.getByRole('table', { name: 'Simple table' }).getByRole('row')).toHaveCount(7);
  // The sticky header stays on top while its box scrolls.
  const sticky = page.getByRole('region', { name: 'Sticky header' });
  await sticky.scrollIntoViewIfNeeded();
  await sticky.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expect(sticky.getByRole('rowheader', { name: 'Flat White' })).toBeInViewport();
  await expect(sticky.getByRole('columnheader', { name: 'Item' })).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('basic-tables-light.png'), animations: 'disabled', fullPage: true });
  await reloadDark(page);
  await expect(page.getByRole('table', { name: 'Striped rows' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('basic-tables-dark.png'), animations: 'disabled', fullPage: true });
  expect(errors).toEqual([]);
});

test('data table: sort, filter, page and export, light and dark', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await open(page, '/datatables/basic');
  await expect(page).toHaveTitle(/Data Tables/);
  await expect(page.getByRole('heading', { level: 1, name: 'Data Tables' })).toBeVisible();
  await expect(gridRows(page)).toHaveCount(10);
  expect(await rowTotal(page)).toBe(200);
  await page.screenshot({ path: testInfo.outputPath('data-table-light.png'), animations: 'disabled', fullPage: true });

  // Sort by price: ascending, then descending.
  const priceHeader = page.getByRole('columnheader', { name: 'Price' });
  await priceHeader.click();
  await expect(priceHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => cellTexts(page, 'price')).toEqual(Array(10).fill('$3.00'));
  await priceHeader.click();
  await expect(priceHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => (await cellTexts(page, 'price'))[0]).toBe('$15.50');

  // Filter from the Status column's menu: only cancelled orders.
  const statusHeader = page.getByRole('columnheader', { name: 'Status' });
  await statusHeader.hover();
  await statusHeader.getByRole('button', { name: 'Status column menu' }).click();
  await page.getByRole('menuitem', { name: 'Filter' }).click();
  await page.getByRole('combobox', { name: 'Value' }).click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => cellTexts(page, 'status')).toEqual(expect.arrayContaining(['Cancelled']));
  for (const status of await cellTexts(page, 'status')) expect(status).toBe('Cancelled');
  const cancelled = await rowTotal(page);
  expect(cancelled).toBeGreaterThan(0);
  expect(cancelled).toBeLessThan(200);

  // Clear it: remove the filter from the filter panel.
  await page.getByRole('button', { name: 'Show filters' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => rowTotal(page)).toBe(200);

  // The quick filter: only biryani.
  await page.getByRole('searchbox').fill('Biryani');
  await expect.poll(() => rowTotal(page)).toBeLessThan(200);
  const biryani = await rowTotal(page);
  expect(biryani).toBeGreaterThan(10);
  for (const item of await cellTexts(page, 'item')) expect(item).toBe('Hyderabadi Biryani');

  // Paging: the next page, then 25 a page.
  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page.getByTestId('orders-grid').locator('.MuiTablePagination-displayedRows')).toHaveText(`11–${Math.min(20, biryani)} of ${biryani}`);
  await page.getByRole('combobox', { name: 'Rows per page:' }).click();
  await page.getByRole('option', { name: '25' }).click();
  await expect(gridRows(page)).toHaveCount(Math.min(25, biryani));

  // CSV: every filtered order (all pages), under the column headers.
  await page.getByTestId('orders-grid').getByRole('button', { name: 'Export', exact: true }).click();
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download as CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('dinedesk-orders.csv');
  const lines = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  expect(lines[0]).toBe('Order,Item,Outlet,Category,Price,Qty,Date,Status');
  expect(lines).toHaveLength(biryani + 1);
  for (const line of lines.slice(1)) expect(line).toContain('Hyderabadi Biryani');

  // Excel: an .xlsx (a zip) fetched on demand.
  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe('dinedesk-orders.xlsx');
  const bytes = await readFile(await xlsx.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  // Tick two rows: the selection shows in the footer.
  await gridRows(page).nth(0).getByRole('checkbox').check();
  await gridRows(page).nth(1).getByRole('checkbox').check();
  await expect(page.getByText('2 rows selected')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('data-table-filtered-light.png'), animations: 'disabled', fullPage: true });

  await reloadDark(page);
  await expect(gridRows(page)).toHaveCount(10);
  await page.screenshot({ path: testInfo.outputPath('data-table-dark.png'), animations: 'disabled', fullPage: true });

  // In German, the grid's own texts too.
  await page.evaluate(() => localStorage.setItem('language', 'de'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Datentabellen' })).toBeVisible();
  await expect(page.getByText('Zeilen pro Seite:')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Gericht' })).toBeVisible();
  expect(errors).toEqual([]);
});
