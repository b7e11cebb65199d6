import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { signIn, useSyncedStack } from './support/stack.ts';

/**
 * Digital Marketing → Ads pro (docs/decisions/0043), through the real stack: the owner
 * of the demo client with the real London orders opens Ads pro from the side menu, reads that the
 * attribution is an estimate, imports the demo ads file into Takeaway 1 (upload, the job followed
 * to "imported"; the seed imported it once already, so its campaign-days are replaced) and sees its
 * campaigns with their spend; then a file with more clicks than impressions is rejected and offers
 * its validation report.
 */
const stack = useSyncedStack({ orders: true });

/** The generated demo ads export of Takeaway 1 (campaign,date,spend,impressions,clicks; 2018-06 to 2019-05). */
const DEMO_FILE = fileURLToPath(new URL('../apps/server/src/modules/ads/data/ads_demo_takeaway_1.csv', import.meta.url));
const BAD = ['campaign,date,spend,impressions,clicks', 'Broken,2019-05-01,5.00,10,50', ''].join('\n');

async function chooseOutlet(page: Page, testId: string, name: RegExp) {
  await page.getByTestId(testId).locator('..').click();
  await page.getByRole('option', { name }).click();
}

/** The number in a text ("Spend£1,234.56" → 1234.56; English formats). */
const amount = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

test('the owner imports the demo ads file into Takeaway 1 and sees its campaigns; a bad file is rejected with its report', async ({ page }) => {
  await signIn(page, stack().baseUrl);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('link', { name: 'Ads pro' }).click();
  await expect(page).toHaveURL(/\/apps\/digital-marketing\/ads-pro/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ads pro' })).toBeVisible();
  const notice = page.getByTestId('ads-estimate');
  await expect(notice).toContainText('Orders are attributed by day and outlet: an estimate');
  await expect(notice).toContainText('not tracked conversions');

  await chooseOutlet(page, 'ads-outlet', /^Takeaway 1, London/);
  // Takeaway 1's orders are in pounds: the spend's currency starts there.
  await expect(page.getByTestId('ads-currency')).toHaveValue('GBP');
  await page.getByTestId('ads-file').setInputFiles(DEMO_FILE);
  await page.getByTestId('ads-import-start').click();
  await expect(page.getByTestId('ads-import-status')).toHaveAttribute('data-status', 'imported', { timeout: 90_000 });
  // The seed imported this file already (decision 0043): its days come back as updated, none lost.
  const done = (await page.getByTestId('ads-import-done').textContent()) ?? '';
  const [, added, updated] = /Imported: ([\d,]+) new campaign days and ([\d,]+) updated, spend in GBP/.exec(done) ?? [];
  expect(amount(added ?? '') + amount(updated ?? '')).toBe(readFileSync(DEMO_FILE, 'utf8').trim().split('\n').length - 1);

  // The figures are read again: the last 28 days with ad data, inside the real orders (to 31 May 2019).
  const campaigns = page.getByTestId('ads-campaigns');
  await expect(campaigns.getByRole('row').nth(1)).toBeVisible();
  expect(await campaigns.getByRole('row').count()).toBeGreaterThan(1);
  await expect(page.getByTestId('ads-kpi-spend')).toContainText('£');
  // "Spend£1,234.56": the label has no digits.
  expect(amount(await page.getByTestId('ads-kpi-spend').textContent())).toBeGreaterThan(0);
  await expect(page.getByTestId('ads-comparison')).toBeVisible();
  await expect(notice).toBeVisible();
  // Newest first: this upload.
  const latest = page.getByTestId('ads-import-history').getByRole('row').nth(1);
  await expect(latest).toContainText('ads_demo_takeaway_1.csv');
  await expect(latest).toContainText('Imported');

  await page.getByTestId('ads-file').setInputFiles({ name: 'bad-ads.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD) });
  await page.getByTestId('ads-import-start').click();
  const rejected = page.getByTestId('ads-import-rejected');
  await expect(rejected).toContainText('so nothing was imported', { timeout: 60_000 });
  const download = page.waitForEvent('download');
  await rejected.getByTestId('ads-import-report').click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('bad-ads-report.csv');
  const report = readFileSync(await saved.path(), 'utf8');
  expect(report).toContain('row,column,problem');
  expect(report).toContain('clicks');
});
