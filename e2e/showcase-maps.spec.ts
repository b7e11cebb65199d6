import { expect, test, type Page } from '@playwright/test';
import { signIn as signInAs, useSharedStack } from './support/stack.ts';

/**
 * The maps section of the UI showcase ("maps: Leaflet; tiles from a configurable
 * URL, with a clear offline fallback") in Chromium. The test machines have no internet, so
 * this is the offline path: `/maps/leaflet` says the tiles could not be loaded, still shows
 * every outlet's marker on a plain base, a marker opens its popup, and the list flies to an
 * outlet and opens its popup. Twice: once as the machine is (the one tile probe fails), once
 * with the browser reporting no network (nothing is even requested). Light and dark skins,
 * screenshots to the test's output folder, no console error.
 */

const stack = useSharedStack();

const OUTLET_COUNT = 8;
const NOTICE = 'Map tiles could not be loaded; showing outlets on a blank base.';
/** The default tile server (VITE_MAP_TILE_URL unset in the e2e build). */
const TILE_HOST = 'https://tile.openstreetmap.org/';

/**
 * Console errors and uncaught exceptions of `page`, collected from now on. One kind is left
 * out, on purpose: Chromium logs "Failed to load resource" for the page's one tile probe
 * (components/tiles.ts), which fails here because the machine has no internet; that failure is
 * exactly what the page is meant to handle. Only that message for the tile server is left out.
 */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (message.text().startsWith('Failed to load resource') && message.location().url.startsWith(TILE_HOST)) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** The map marker of the outlet named `name` (the list beside the map has a button of that name too). */
const marker = (page: Page, name: string) => page.getByTestId('outlet-map').getByRole('button', { name, exact: true });

async function openMaps(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}/maps/leaflet`);
  await expect(page).toHaveTitle(/Leaflet Maps/);
  await expect(page.getByRole('heading', { level: 1, name: 'Leaflet Maps' })).toBeVisible();
}

/** The notice is up, no tile is drawn, and every marker is on the map. */
async function expectOfflineMap(page: Page): Promise<void> {
  await expect(page.getByTestId('map-offline-notice')).toContainText(NOTICE);
  const map = page.getByTestId('outlet-map');
  await expect(map).toHaveAttribute('data-tiles', 'offline');
  await expect(map.locator('.leaflet-tile')).toHaveCount(0);
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(OUTLET_COUNT);
}

test('maps without internet: notice, markers on a plain base, popups, light and dark', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await openMaps(page);
  await expectOfflineMap(page);
  // The Hyderabad outlets are in the first view.
  await expect(marker(page, 'DineDesk Banjara Hills')).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('maps-offline-light.png'), animations: 'disabled' });

  // A marker opens its popup.
  await marker(page, 'DineDesk Gachibowli').click();
  const popup = page.getByTestId('outlet-popup-gachibowli');
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Old Mumbai Highway');
  // Esc closes it (Leaflet's keyboard handler, with the map focused).
  await page.getByTestId('outlet-map').locator('.leaflet-container').focus();
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();

  // The list flies to a London outlet and opens its popup.
  await page.getByTestId('outlet-item-soho').click();
  await expect(page.getByTestId('outlet-popup-soho')).toBeVisible();
  await expect(page.getByTestId('outlet-popup-soho')).toContainText('22 Dean Street');
  await expect(marker(page, 'DineDesk Soho')).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('maps-offline-popup-light.png'), animations: 'disabled' });

  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  await page.reload();
  await expectOfflineMap(page);
  await marker(page, 'DineDesk Jubilee Hills').click();
  await expect(page.getByTestId('outlet-popup-jubilee-hills')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('maps-offline-dark.png'), animations: 'disabled' });
  expect(errors).toEqual([]);
});

test('maps with the browser offline: no tile is requested at all', async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const tileRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(TILE_HOST)) tileRequests.push(request.url());
  });
  // The browser says it has no network (the app's own server stays reachable).
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'onLine', { get: () => false }));
  await openMaps(page);
  await expectOfflineMap(page);
  await marker(page, 'DineDesk Banjara Hills').click();
  await expect(page.getByTestId('outlet-popup-banjara-hills')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('maps-no-network-light.png'), animations: 'disabled' });
  expect(tileRequests).toEqual([]);
  expect(errors).toEqual([]);
});
