import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn as signInAs, useSharedStack } from './support/stack.ts';
import { collectErrors } from './support/console-errors.ts';

/**
 * The template's two dashboards ("open each dashboard and see every card render") in
 * Chromium, answered by the browser demo mock (docs/requirements/calls.md card calls):
 * - eCommerce (`/dashboard/ecommerce`, the template's `/`): its eight cards draw their charts;
 *   the page's period picker moves the statistics to Last Year and the revenue report to 2019;
 * - Analytics (`/dashboard/analytics`): its nine cards draw; the support tracker's own picker
 *   moves it to Last Month.
 * Each in the light and the dark skin, screenshots to the test's output folder, and no console
 * error on the way. Reduced motion is asked for, so the screenshots show the charts drawn.
 */

const stack = useSharedStack();

const ECOMMERCE_CARDS = ['statistics-orders-bar-chart', 'statistics-profit-line-chart', 'statistics-revenue', 'statistics-sales', 'revenue-report', 'goal-overview', 'revenue', 'product-orders'];
const ANALYTICS_CARDS = ['statistics-subscribers', 'statistics-orders', 'statistics-site-traffic', 'statistics-active-users', 'statistics-newsletter', 'avg-sessions', 'support-tracker', 'sessions-device', 'customers'];

/** Every card of the list shows its figures and has drawn its chart. */
async function expectCardsDrawn(page: Page, cards: readonly string[]): Promise<void> {
  await expect(page.locator('[data-testid^="dashboard-card-"][data-state]')).toHaveCount(cards.length);
  for (const name of cards) {
    const card = page.getByTestId(`dashboard-card-${name}`);
    await expect(card, name).toHaveAttribute('data-state', 'ready');
    await expect(card.locator('svg.recharts-surface').first(), name).toBeVisible();
    // A drawn series: bars, a line or area path, or the sectors of a ring.
    await expect(card.locator('.recharts-bar-rectangle, .recharts-curve, .recharts-sector, .recharts-radial-bar-sector').first(), name).toBeAttached();
  }
}

/** Picks `option` in the select labelled `label` inside `scope`. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function openDashboard(page: Page, path: string): Promise<void> {
  // Tall enough for every card: a full-page screenshot resizes the page, and the charts redraw
  // for the new size while it is taken.
  await page.setViewportSize({ width: 1440, height: 1500 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}${path}`);
}

/** Switches to the dark skin, reloads, and waits for `cards` again. */
async function reloadDark(page: Page, cards: readonly string[]): Promise<void> {
  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  await page.reload();
  await expectCardsDrawn(page, cards);
}

test('eCommerce dashboard: every card renders, the period and the year switch, light and dark', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await openDashboard(page, '/dashboard/ecommerce');
  await expect(page).toHaveTitle(/eCommerce Dashboard/);
  await expect(page.getByRole('heading', { level: 1, name: 'eCommerce Dashboard' })).toBeVisible();
  await expectCardsDrawn(page, ECOMMERCE_CARDS);
  await page.screenshot({ path: testInfo.outputPath('ecommerce-light.png'), animations: 'disabled' });

  // The page's period moves the statistics cards (and goal overview, revenue) to Last Year.
  const profit = page.getByTestId('dashboard-card-statistics-profit-line-chart');
  const before = await profit.getByTestId('statistic-value').getAttribute('title');
  await choose(page, page.getByTestId('dashboard-ecommerce'), 'Period of the cards', 'Last Year');
  await expect(page).toHaveURL(/\/dashboard\/ecommerce\?period=last-year$/);
  await expect(profit.getByText('Last Year')).toBeVisible();
  await expect(profit.getByTestId('statistic-value')).not.toHaveAttribute('title', before ?? '');
  await expect(page.getByTestId('dashboard-card-goal-overview').getByText('Last Year')).toBeVisible();

  // The revenue report's year.
  const report = page.getByTestId('dashboard-card-revenue-report');
  await choose(page, report, 'Year', '2019');
  await expect(report.getByTestId('revenue-report-earning')).toContainText('Earning in 2019');
  await expect(page).toHaveURL(/period=last-year&revenue-report=2019$/);
  await expectCardsDrawn(page, ECOMMERCE_CARDS);
  await page.screenshot({ path: testInfo.outputPath('ecommerce-last-year-light.png'), animations: 'disabled' });

  // The dark skin keeps the choices (they are in the URL).
  await reloadDark(page, ECOMMERCE_CARDS);
  await expect(report.getByTestId('revenue-report-earning')).toContainText('Earning in 2019');
  await page.screenshot({ path: testInfo.outputPath('ecommerce-dark.png'), animations: 'disabled' });
  expect(errors).toEqual([]);
});

test('Analytics dashboard: every card renders, a card switches its own period, light and dark', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await openDashboard(page, '/dashboard/analytics');
  await expect(page).toHaveTitle(/Analytics Dashboard/);
  await expectCardsDrawn(page, ANALYTICS_CARDS);
  await page.screenshot({ path: testInfo.outputPath('analytics-light.png'), animations: 'disabled' });

  const tracker = page.getByTestId('dashboard-card-support-tracker');
  const customers = page.getByTestId('dashboard-card-customers');
  const totalBefore = await tracker.getByTestId('support-total').textContent();
  const customersBefore = await customers.getByTestId('customers-legend').textContent();
  await choose(page, tracker, 'Period', 'Last Month');
  await expect(page).toHaveURL(/\/dashboard\/analytics\?support-tracker=last-month$/);
  await expect(tracker.getByTestId('support-total')).not.toHaveText(totalBefore ?? '');
  await expect(tracker).toHaveAttribute('data-state', 'ready');
  // Only that card moved.
  await expect(customers.getByTestId('customers-legend')).toHaveText(customersBefore ?? '');

  await reloadDark(page, ANALYTICS_CARDS);
  await expect(tracker.getByRole('combobox', { name: 'Period' })).toHaveText('Last Month');
  await page.screenshot({ path: testInfo.outputPath('analytics-dark.png'), animations: 'disabled' });

  // On a phone the cards stack in one column and still draw.
  await page.setViewportSize({ width: 390, height: 844 });
  await expectCardsDrawn(page, ANALYTICS_CARDS);
  await page.screenshot({ path: testInfo.outputPath('analytics-phone-dark.png'), animations: 'disabled' });
  expect(errors).toEqual([]);
});
