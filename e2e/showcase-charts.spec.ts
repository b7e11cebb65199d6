import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn as signInAs, useSharedStack } from './support/stack.ts';
import { collectErrors } from './support/console-errors.ts';

/**
 * The charts section of the UI showcase ("charts … switch chart series") in
 * Chromium: `/charts/recharts` draws its six recharts cards (line, bar, area, pie, radar,
 * scatter); a series switches off and on from its toggle button (line chart) and from its
 * legend entry (bar chart). In the light and the dark skin, screenshots to the test's output
 * folder, no console error on the way. Reduced motion is asked for, so charts draw at once.
 */

const stack = useSharedStack();

/** Each chart and what a drawn series of it looks like in the SVG. */
const CHARTS: Record<string, string> = {
  line: '.recharts-line-curve',
  bar: '.recharts-bar-rectangle',
  area: '.recharts-area-area',
  pie: '.recharts-pie-sector',
  radar: '.recharts-radar-polygon',
  scatter: '.recharts-scatter-symbol',
};

async function expectChartsDrawn(page: Page): Promise<void> {
  for (const [kind, drawn] of Object.entries(CHARTS)) {
    const chart = page.getByTestId(`chart-${kind}`);
    await expect(chart.locator('svg.recharts-surface').first(), kind).toBeVisible();
    await expect(chart.locator(drawn).first(), kind).toBeAttached();
  }
}

/** The legend entry named `name` of `chart`. */
const legendEntry = (chart: Locator, name: string) => chart.locator('.recharts-legend-item').filter({ hasText: name });

test('charts: six charts draw, series switch off and on, light and dark', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  // Tall enough for every card: a full-page screenshot resizes the page, and the charts redraw
  // for the new size while it is taken.
  await page.setViewportSize({ width: 1440, height: 2000 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}/charts/recharts`);
  await expect(page).toHaveTitle(/Charts/);
  await expect(page.getByRole('heading', { level: 1, name: 'Charts' })).toBeVisible();
  await expectChartsDrawn(page);
  await page.screenshot({ path: testInfo.outputPath('charts-light.png'), animations: 'disabled' });

  // The line chart's Dinner series, off and on with its toggle button (the keyboard way).
  const lineCard = page.getByTestId('chart-card-line');
  const line = page.getByTestId('chart-line');
  const dinner = lineCard.getByRole('button', { name: 'Dinner' });
  await expect(line.locator('.recharts-line')).toHaveCount(2);
  await dinner.focus();
  await page.keyboard.press('Enter');
  await expect(dinner).toHaveAttribute('aria-pressed', 'false');
  await expect(line.locator('.recharts-line')).toHaveCount(1);
  await expect(line).toHaveAttribute('data-hidden-series', 'dinner');
  await dinner.click();
  await expect(dinner).toHaveAttribute('aria-pressed', 'true');
  await expect(line.locator('.recharts-line')).toHaveCount(2);

  // The bar chart's Delivery series, off and on from its legend entry.
  const barCard = page.getByTestId('chart-card-bar');
  const bar = page.getByTestId('chart-bar');
  const barsBefore = await bar.locator('.recharts-bar-rectangle').count();
  await legendEntry(bar, 'Delivery').click();
  await expect(barCard.getByRole('button', { name: 'Delivery' })).toHaveAttribute('aria-pressed', 'false');
  await expect(bar.locator('.recharts-bar-rectangle')).toHaveCount(barsBefore - 7);
  await page.screenshot({ path: testInfo.outputPath('charts-series-off-light.png'), animations: 'disabled' });
  await legendEntry(bar, 'Delivery').click();
  await expect(barCard.getByRole('button', { name: 'Delivery' })).toHaveAttribute('aria-pressed', 'true');
  await expect(bar.locator('.recharts-bar-rectangle')).toHaveCount(barsBefore);

  // A slice of the dish mix, off and on.
  const pie = page.getByTestId('chart-pie');
  await expect(pie.locator('.recharts-pie-sector')).toHaveCount(5);
  await page.getByTestId('chart-card-pie').getByRole('button', { name: 'Drinks' }).click();
  await expect(pie.locator('.recharts-pie-sector')).toHaveCount(4);
  await page.getByTestId('chart-card-pie').getByRole('button', { name: 'Drinks' }).click();
  await expect(pie.locator('.recharts-pie-sector')).toHaveCount(5);

  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  await page.reload();
  await expectChartsDrawn(page);
  await page.screenshot({ path: testInfo.outputPath('charts-dark.png'), animations: 'disabled' });
  expect(errors).toEqual([]);
});
