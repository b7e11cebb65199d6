import { expect, test, type Locator } from '@playwright/test';
import { signIn, useSyncedStack } from './support/stack.ts';

/**
 * Instagram media insights (docs/decisions/0035), through the real stack and the Graph
 * simulator: the owner opens the screen, the server reads the connected account's media and
 * insights, the grid shows each item's metrics and an item with too small an audience says "Not
 * enough viewers yet"; sorting by reach and filtering to reels change the grid and the URL.
 */
const stack = useSyncedStack();

/** The reach shown on an item, or null for "—" / not available. */
async function reachOf(item: Locator): Promise<number | null> {
  const text = (await item.getByTestId('metric-reach').locator('dd').textContent()) ?? '';
  const digits = text.replace(/[^\d]/g, '');
  return digits ? Number(digits) : null;
}

test('the owner sees the Instagram grid with metrics, sorts it by reach and filters it to reels', async ({ page }) => {
  await signIn(page, stack().baseUrl);
  // From the menu: Digital Marketing → Instagram insights (Ads pro beside it is built too: decision 0043).
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'Ads pro' })).not.toHaveAttribute('aria-disabled', 'true');
  await menu.getByRole('link', { name: 'Instagram insights' }).click();
  await expect(page).toHaveURL(/\/apps\/digital-marketing\/instagram-insights$/);
  await expect(page.getByRole('heading', { name: 'Instagram media insights' })).toBeVisible();

  // The first visit reads Instagram: the grid, with numbers and a per-item problem in plain words.
  const items = page.getByTestId('media-item');
  await expect(items.first()).toBeVisible({ timeout: 60_000 });
  expect(await items.count()).toBeGreaterThan(5);
  await expect(page.getByTestId('instagram-fetched')).toContainText('Read from Instagram');
  const reel = page.locator('[data-testid="media-item"][data-kind="REELS"][data-status="ok"]').first();
  await expect(reel.getByTestId('metric-ig_reels_video_view_total_time')).toContainText(/\d/);
  const tiny = page.locator('[data-testid="media-item"][data-status="not_enough_viewers"]').first();
  await expect(tiny.getByTestId('media-status')).toHaveText(/Not enough viewers yet/);
  await expect(page.getByTestId('total-reach')).toContainText(/\d/);

  // Sort by reach: highest first, items without a reach last; kept in the URL.
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Reach', exact: true }).click();
  await expect(page).toHaveURL(/sort=reach/);
  await expect(async () => {
    const reaches = await Promise.all((await items.all()).slice(0, 4).map(reachOf));
    expect(reaches.every((r) => r !== null)).toBe(true);
    expect(reaches).toEqual([...reaches].sort((a, b) => b! - a!));
  }).toPass({ timeout: 20_000 });

  // Filter to reels: only reels remain.
  await page.getByTestId('type-REELS').click();
  await expect(page).toHaveURL(/type=REELS/);
  await expect(async () => {
    const kinds = await items.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-kind')));
    expect(kinds.length).toBeGreaterThan(0);
    expect(new Set(kinds)).toEqual(new Set(['REELS']));
  }).toPass({ timeout: 20_000 });
});
