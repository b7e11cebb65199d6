import { expect, test, type Page } from '@playwright/test';
import { REVIEWS_URL as REVIEWS, signIn as signInAs, useSyncedStack } from './support/stack.ts';

/**
 * The template shell: layout settings that survive a reload, four languages, the
 * browser demo mock next to the real API, and a phone-sized screen. Screenshots of the light
 * and dark skins are written to this test's output folder (test-results/…).
 */

const stack = useSyncedStack();

const signIn = (page: Page) => signInAs(page, stack().baseUrl, { listed: true });

test('dark skin, collapsed menu and German survive a reload; light and dark screenshots', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  await signIn(page);
  await expect(page.locator('html')).toHaveAttribute('data-skin', 'light');
  await page.screenshot({ path: testInfo.outputPath('shell-light.png'), fullPage: false, animations: 'disabled' });

  await page.getByTestId('customizer-toggle').click();
  const panel = page.getByTestId('customizer');
  await panel.getByRole('radiogroup', { name: 'Skin' }).getByRole('radio', { name: 'Dark', exact: true }).check();
  await panel.getByRole('switch', { name: 'Collapsed menu' }).check();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();

  await page.getByTestId('language-switcher').click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Bewertungen' })).toBeVisible();

  await page.reload();

  await expect(page.getByRole('heading', { level: 1, name: 'Bewertungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByTestId('app-shell')).toHaveAttribute('data-menu-collapsed', 'true');
  await expect(page.getByRole('button', { name: 'Menü ausklappen' })).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(22, 29, 49)');
  const stored = await page.evaluate(() => ({
    skin: localStorage.getItem('skin'),
    menuCollapsed: localStorage.getItem('menuCollapsed'),
    language: localStorage.getItem('language'),
  }));
  expect(stored).toEqual({ skin: 'dark', menuCollapsed: 'true', language: 'de' });
  await expect(page.getByTestId('review-item').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('shell-dark.png'), fullPage: false, animations: 'disabled' });

  // Logout clears the session only; the layout settings and the language stay.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  const afterLogout = await page.evaluate(() => ({
    token: localStorage.getItem('accessToken'),
    skin: localStorage.getItem('skin'),
    menuCollapsed: localStorage.getItem('menuCollapsed'),
  }));
  expect(afterLogout).toEqual({ token: null, skin: 'dark', menuCollapsed: 'true' });
  // The plain sign-in page follows the stored skin and language too.
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('sign-in-dark.png'), animations: 'disabled' });
});

test('the demo mock answers search and bookmarks while product calls reach the server', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 850 });
  // The demo mock (MSW's chunk and its worker) is fetched on first use only.
  const mockFetches: string[] = [];
  page.on('request', (request) => {
    if (/mockServiceWorker\.js|\/assets\/browser-[\w-]+\.js$/.test(request.url())) mockFetches.push(request.url());
  });
  await signIn(page);

  // Only Calendar is bookmarked at first: the template's default, shown before the mock runs.
  const bookmarks = page.getByTestId('bookmark-links');
  await expect(bookmarks.getByRole('link', { name: 'Calendar' })).toBeVisible();
  expect(mockFetches).toEqual([]);

  await page.keyboard.press('Control+k');
  const input = page.getByTestId('search-input');
  await input.fill('a');
  const results = page.getByTestId('search-results');
  for (const group of ['pages', 'files', 'contacts']) {
    await expect(results.getByTestId(`search-group-${group}`).getByTestId('search-result')).toHaveCount(4);
  }
  expect(mockFetches.length).toBeGreaterThan(0);
  await input.fill('live');
  await expect(page.getByTestId('search-group-pages').getByTestId('search-result').first()).toContainText('Live menu');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/apps\/reporting\/live-menu/);

  // Toggle Email on with its star: POST /api/bookmarks/update {id} to the mock.
  await page.getByTestId('bookmarks-menu').click();
  await page.getByTestId('bookmarks-filter').fill('email');
  const update = page.waitForRequest((request) => request.url().endsWith('/api/bookmarks/update'));
  await page.getByRole('button', { name: 'Add Email to bookmarks' }).click();
  expect((await update).postDataJSON()).toEqual({ id: 3 });
  await page.keyboard.press('Escape');
  await expect(bookmarks.getByRole('link', { name: 'Email' })).toBeVisible();

  // A product call still reaches the real server with the worker in place (in-app navigation:
  // a reload would start a page on which nothing has asked for the mock yet).
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Reviews' }).click();
  await expect(page).toHaveURL(REVIEWS);
  await expect(page.getByTestId('review-item').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null)).toContain('/mockServiceWorker.js');
});

test('on a 360 px phone the menu is a drawer and nothing overflows', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Live menu' }).click();
  await expect(page).toHaveURL(/\/apps\/reporting\/live-menu/);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.getByTestId('customizer-toggle').click();
  await expect(page.getByTestId('customizer')).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);
});

test('misc, access-control and layout pages', async ({ page }) => {
  await signIn(page);
  for (const [path, heading] of [
    ['/misc/maintenance', 'Under maintenance'],
    ['/misc/error', 'Internal server error'],
    ['/misc/coming-soon', 'Coming soon'],
    ['/misc/not-authorized', 'You are not authorized'],
    ['/misc/expired-token', 'Your session has expired'],
    ['/no/such/page', 'Page not found'],
    ['/access-control', 'Access control'],
    ['/page-layout/layout-boxed', 'Boxed layout'],
    ['/page-layout/layout-blank', 'Blank layout'],
  ] as const) {
    await page.goto(`${stack().baseUrl}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});
