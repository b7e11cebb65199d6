import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn, useSyncedStack } from './support/stack.ts';

/**
 * Orders and Business Overview (docs/decisions/0036), through the real stack: the owner
 * imports a small CSV into an outlet without orders through the import screen (upload progress,
 * the job's status), sees a bad file rejected with its report, then sees the new orders in Order
 * insights; and opens Order insights and Revenue projections on the seeded real London orders.
 */
const stack = useSyncedStack({ orders: true });

const HEADER = 'outlet_id,order_id,ordered_at,item_name,quantity,unit_price_gbp,order_total_products,order_lines_complete';
const GOOD = [HEADER, 'e2e-1,1,2019-05-03T18:05:00,Chicken Tikka Masala,2,8.95,2,yes', 'e2e-1,1,2019-05-03T18:05:00,Pilau Rice,1,2.95,2,yes', 'e2e-1,2,2019-05-04T19:30:00,Plain Naan,3,2.60,1,yes', ''].join('\n');
const BAD = [HEADER, 'e2e-1,3,2019-05-05T18:00:00,Plain Naan,lots,2.60,1,yes', 'e2e-1,4,2019-02-30T18:00:00,Plain Naan,1,2.60,1,yes', ''].join('\n');

async function chooseOutlet(page: Page, testId: string, name: RegExp) {
  await page.getByTestId(testId).locator('..').click();
  await page.getByRole('option', { name }).click();
}

async function upload(page: Page, name: string, text: string) {
  await page.getByTestId('import-file').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
  await page.getByTestId('import-start').click();
}

test('the owner imports a CSV through the UI, a bad file is rejected with its report, and order insights show the new orders', async ({ page }) => {
  await signIn(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}/apps/business-overview/order-import`);
  await expect(page.getByRole('heading', { name: 'Import orders' })).toBeVisible();
  await chooseOutlet(page, 'import-outlet', /^Beyond Flavours, Gachibowli$/);

  await upload(page, 'bad.csv', BAD);
  const rejected = page.getByTestId('import-rejected');
  await expect(rejected).toContainText('The file has 2 problems, so nothing was imported.', { timeout: 30_000 });
  const download = page.waitForEvent('download');
  await rejected.getByTestId('import-report').click();
  const report = readFileSync(await (await download).path(), 'utf8');
  expect(report).toContain('2,quantity,"""lots"" is not a whole number from 1 to 10000"');
  expect(report).toContain('3,ordered_at');

  await upload(page, 'good.csv', GOOD);
  await expect(page.getByTestId('import-job-progress')).toBeVisible();
  await expect(page.getByTestId('import-done')).toContainText('2 new orders with 3 lines saved', { timeout: 30_000 });
  await expect(page.getByTestId('import-history').getByRole('row')).toHaveCount(3);

  const outletId = new URL(page.url()).searchParams.get('outlet') ?? (await page.getByTestId('import-outlet').inputValue());
  await page.goto(`${stack().baseUrl}/apps/business-overview/order-insights?outlet=${outletId}&from=2019-05-01&to=2019-05-31`);
  await expect(page.getByTestId('kpi-orders')).toContainText('2');
  // 2 × 8.95 + 2.95 + 3 × 2.60 = 17.90 + 2.95 + 7.80 = 28.65, in the outlet's currency (GBP, from the London-shaped file).
  await expect(page.getByTestId('kpi-sales')).toContainText('£28.65');
  await expect(page.getByTestId('pairs-table').or(page.getByText('No pair of items was bought together'))).toBeVisible();
});

test('order insights and revenue projections of the seeded real London orders', async ({ page }) => {
  await signIn(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}/apps/business-overview/order-insights`);
  await expect(page.getByRole('heading', { name: 'Order insights' })).toBeVisible();
  // Takeaway 1 by name (the first test's import gave a Hyderabad outlet orders too): its last 28 days (to 31 May 2019).
  await chooseOutlet(page, 'overview-outlet', /^Takeaway 1, London/);
  await expect(page.getByTestId('order-period')).toContainText('May 31, 2019');
  await expect(page.getByTestId('kpi-sales')).toContainText('£');
  await expect(page.getByTestId('order-heatmap').getByRole('table')).toBeVisible();
  await expect(page.getByTestId('pairs-table').getByRole('row').nth(1)).toBeVisible();

  await page.goto(`${stack().baseUrl}/apps/business-overview/revenue-projections`);
  await expect(page.getByRole('heading', { name: 'Revenue projections' })).toBeVisible();
  await chooseOutlet(page, 'overview-outlet', /^Takeaway 1, London/);
  await expect(page.getByTestId('forecast-mape')).toContainText('%', { timeout: 30_000 });
  // 28 held-back days and 28 days ahead.
  await expect(page.getByTestId('forecast-table').getByRole('row')).toHaveCount(57);
  await expect(page.getByTestId('forecast-chart').getByRole('img', { name: /^Chart of daily sales/ })).toBeVisible();
});

test('the owner changes a menu price in Menu Management and sees it in the audit history and on the live menu', async ({ page }) => {
  await signIn(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}/apps/menu-management/audit-history`);
  await expect(page.getByRole('heading', { name: 'Audit history' })).toBeVisible();
  await chooseOutlet(page, 'menu-outlet', /^Takeaway 1, London/);
  // Takeaway 1's menu comes from its real orders: Pilau Rice last sold at £2.95 (31 May 2019).
  const items = page.getByTestId('menu-items');
  await expect(items.getByRole('row', { name: /^Pilau Rice/ })).toContainText('£2.95 (latest order)');
  await page.getByRole('button', { name: 'Edit Pilau Rice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Pilau Rice' });
  await dialog.getByTestId('menu-price').fill('3.10');
  await dialog.getByTestId('menu-save').click();
  await expect(dialog).toBeHidden();
  await expect(items.getByRole('row', { name: /^Pilau Rice/ })).toContainText('£3.10');

  const latest = page.getByTestId('menu-history').getByRole('row').nth(1);
  await expect(latest).toContainText('Pilau Rice');
  await expect(latest).toContainText('changed the price of Pilau Rice from latest order price to £3.10');
  await expect(latest).toContainText('Owner');

  // The live menu shows the price set on the menu; Reporting reads the same items.
  const outletId = new URL(page.url()).searchParams.get('outlet');
  await page.goto(`${stack().baseUrl}/apps/reporting/live-menu?outlet=${outletId}`);
  await expect(page.getByTestId('live-menu-as-of')).toContainText('May 31, 2019');
  const rice = page.getByTestId('live-menu').getByRole('row', { name: /^Pilau Rice/ });
  await expect(rice).toContainText('£3.10');
  await expect(rice).toContainText('set on the menu');
  await expect(rice).toContainText('Still ordered');
});
