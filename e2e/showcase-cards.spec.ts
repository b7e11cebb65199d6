import { expect, test, type Page } from '@playwright/test';
import { signIn, useSharedStack } from './support/stack.ts';
import { collectErrors } from './support/console-errors.ts';

/**
 * The UI showcase's "Cards" section in Chromium, one walk: basic (save and order a
 * dish), advanced (follow the chef, tick the checklist), statistics (switch the period; the
 * sparklines draw), analytics (hide and show a revenue series; the charts draw) and card actions
 * (collapse, refresh with its loading state, remove and restore). Each page in the light and the
 * dark skin, screenshots to the test's output folder, and no console error on the way.
 */

const stack = useSharedStack();

const PAGES = ['/cards/basic', '/cards/advance', '/cards/statistics', '/cards/analytics', '/cards/action'] as const;

async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(`${stack().baseUrl}${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Every chart of the page has drawn a series. */
async function expectChartsDrawn(page: Page, count: number): Promise<void> {
  await expect(page.locator('svg.recharts-surface')).toHaveCount(count);
  await expect(page.locator('.recharts-bar-rectangle, .recharts-curve, .recharts-sector, .recharts-radial-bar-sector').first()).toBeAttached();
}

const shot = (path: string, skin: string) => `cards${path.replace(/\//g, '-')}-${skin}.png`;

test('Cards: every page and its actions work, light and dark', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, stack().baseUrl);

  await openPage(page, '/cards/basic');
  await expect(page).toHaveTitle(/Basic Cards/);
  await page.getByRole('button', { name: 'Save to favourites' }).click();
  await expect(page.getByRole('button', { name: 'Save to favourites' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('card-dish-order').click();
  await expect(page.getByTestId('card-dish-status')).toHaveText('1 ordered');
  await page.screenshot({ path: testInfo.outputPath(shot('/cards/basic', 'light')), fullPage: true, animations: 'disabled' });

  await openPage(page, '/cards/advance');
  await page.getByTestId('card-profile-follow').click();
  await expect(page.getByTestId('card-profile-follow')).toHaveText('Following');
  await page.getByRole('checkbox', { name: 'Write the specials board' }).check();
  await expect(page.getByTestId('checklist-count')).toHaveText('2 of 5 done');
  await page.screenshot({ path: testInfo.outputPath(shot('/cards/advance', 'light')), fullPage: true, animations: 'disabled' });

  await openPage(page, '/cards/statistics');
  await expectChartsDrawn(page, 4);
  const covers = page.getByTestId('stat-covers').getByTestId('stat-value');
  await expect(covers).toHaveText('1,284');
  await page.getByRole('button', { name: 'This month' }).click();
  await expect(covers).toHaveText('5,420');
  await expectChartsDrawn(page, 4);
  await page.screenshot({ path: testInfo.outputPath(shot('/cards/statistics', 'light')), fullPage: true, animations: 'disabled' });

  await openPage(page, '/cards/analytics');
  await expectChartsDrawn(page, 4);
  const revenue = page.getByTestId('card-revenue');
  await expect(revenue.locator('.recharts-bar-rectangle')).toHaveCount(21);
  await page.getByTestId('series-delivery').click();
  await expect(page.getByTestId('revenue-total')).toHaveText('€27,460');
  await expect(revenue.locator('.recharts-bar-rectangle')).toHaveCount(14);
  await page.getByTestId('series-delivery').click();
  await expect(page.getByTestId('revenue-total')).toHaveText('€37,010');
  await page.screenshot({ path: testInfo.outputPath(shot('/cards/analytics', 'light')), fullPage: true, animations: 'disabled' });

  await openPage(page, '/cards/action');
  const kitchen = page.getByTestId('action-card-kitchen');
  await kitchen.getByRole('button', { name: 'Collapse' }).click();
  await expect(kitchen.getByRole('button', { name: 'Expand' })).toHaveAttribute('aria-expanded', 'false');
  await expect(kitchen.getByTestId('action-value')).toBeHidden();
  await kitchen.getByRole('button', { name: 'Expand' }).click();
  await expect(kitchen.getByTestId('action-value')).toBeVisible();
  await kitchen.getByRole('button', { name: 'Refresh' }).click();
  await expect(kitchen).toHaveAttribute('aria-busy', 'true');
  await expect(kitchen).not.toHaveAttribute('aria-busy');
  await expect(kitchen.getByTestId('action-refreshed')).toHaveText('Refreshed once');
  await page.getByTestId('action-card-stock').getByRole('button', { name: 'Remove card' }).click();
  await expect(page.getByTestId('action-card-stock')).toHaveCount(0);
  await expect(page.getByTestId('action-count')).toHaveText('3 cards shown');
  await page.screenshot({ path: testInfo.outputPath(shot('/cards/action', 'light')), fullPage: true, animations: 'disabled' });
  await page.getByTestId('action-restore').click();
  await expect(page.getByTestId('action-card-stock')).toBeVisible();

  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  for (const path of PAGES) {
    await openPage(page, path);
    if (path === '/cards/statistics' || path === '/cards/analytics') await expectChartsDrawn(page, 4);
    await page.screenshot({ path: testInfo.outputPath(shot(path, 'dark')), fullPage: true, animations: 'disabled' });
  }
  expect(errors).toEqual([]);
});
