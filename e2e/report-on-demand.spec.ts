/**
 * Report on demand in the browser: the owner asks for a PDF report of ratings and
 * orders over the last 30 days for every outlet, sees it generate in the background, downloads it,
 * and the file is a PDF named after the report; a saved weekly report shows who it is mailed to.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signIn, useSyncedStack } from './support/stack.ts';

const stack = useSyncedStack();

test('generate a PDF report in the background and download it', async ({ page }) => {
  await signIn(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}/apps/reporting/report-on-demand`);
  await expect(page.getByRole('heading', { level: 1, name: 'Report on demand' })).toBeVisible();
  await page.getByTestId('report-title').fill('Owner monthly');
  await page.getByRole('checkbox', { name: 'Complaints' }).check();
  await page.getByRole('radio', { name: 'PDF' }).check();
  await page.getByTestId('report-generate').click();
  await expect(page.getByTestId('report-notice')).toContainText('Your report is being generated.');

  const runs = page.getByTestId('report-runs');
  const download = runs.getByRole('button', { name: /^Download Owner-monthly-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/ });
  await expect(download).toBeVisible({ timeout: 30_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^Owner-monthly-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
  const path = await file.path();
  expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.getByTestId('report-title').fill('Weekly for the owner');
  await page.getByLabel('Period').selectOption('7');
  await page.getByLabel('Send by mail').selectOption('weekly');
  await page.getByTestId('report-save').click();
  await expect(page.getByTestId('report-definitions')).toContainText('Weekly, mailed to owner@spice-route.demo');
});
