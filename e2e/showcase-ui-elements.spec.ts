import { expect, test, type Page } from '@playwright/test';
import { signIn, useSharedStack } from './support/stack.ts';
import { collectErrors } from './support/console-errors.ts';

/**
 * The UI showcase's "UI elements" section in Chromium, one walk: typography (type a
 * sample line, every variant shows it), colours (filter to one shade; hex values printed; the
 * palette follows the skin) and icons (search by name, choose one, see its import line). Each
 * page in the light and the dark skin, screenshots to the test's output folder, and no console
 * error on the way.
 */

const stack = useSharedStack();

const PAGES = ['/ui-element/typography', '/colors', '/icons/reactfeather'] as const;

/** Opens `path` and waits for its title. */
async function openPage(page: Page, path: string): Promise<void> {
  await page.goto(`${stack().baseUrl}${path}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

const shot = (path: string, skin: string) => `ui-elements${path.replace(/\//g, '-')}-${skin}.png`;

test('UI elements: typography, colours and icons work, light and dark', async ({ page }, testInfo) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, stack().baseUrl);

  // Typography: the typed line shows in every variant.
  await openPage(page, '/ui-element/typography');
  await expect(page).toHaveTitle(/Typography/);
  await page.getByTestId('typography-sample').fill('Oysters on crushed ice');
  await expect(page.getByTestId('typography-h1')).toHaveText('Oysters on crushed ice');
  await expect(page.getByTestId('typography-overline')).toHaveText('Oysters on crushed ice');
  await page.screenshot({ path: testInfo.outputPath(shot('/ui-element/typography', 'light')), fullPage: true, animations: 'disabled' });

  // Colours: one shade at a time, hex values printed.
  await openPage(page, '/colors');
  const palette = page.getByTestId('colors-palette');
  await expect(palette.getByRole('listitem')).toHaveCount(18);
  await page.getByRole('button', { name: 'Dark', exact: true }).click();
  await expect(palette.getByRole('listitem')).toHaveCount(6);
  await expect(page.getByTestId('swatch-primary.dark').getByTestId('swatch-hex')).toHaveText(/^#[0-9A-F]{6}$/);
  await expect(page.getByTestId('colors-skin')).toHaveText('Light skin');
  await page.getByRole('button', { name: 'All', exact: true }).click();
  const lightPrimary = await page.getByTestId('swatch-primary.main').getByTestId('swatch-hex').textContent();
  await page.screenshot({ path: testInfo.outputPath(shot('/colors', 'light')), fullPage: true, animations: 'disabled' });

  // Icons: search, choose, see the import line.
  await openPage(page, '/icons/reactfeather');
  await page.getByTestId('icons-search').fill('dining');
  await expect(page.getByTestId('icons-grid').getByRole('button')).not.toHaveCount(0);
  await expect(page.getByTestId('icon-LocalPizza')).toHaveCount(0);
  await page.getByTestId('icons-search').fill('pizza');
  await expect(page.getByTestId('icons-count')).toHaveText('1 icon');
  await page.getByTestId('icon-LocalPizza').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('icons-import')).toContainText("import LocalPizzaIcon from '@mui/icons-material/LocalPizza';");
  await page.screenshot({ path: testInfo.outputPath(shot('/icons/reactfeather', 'light')), fullPage: true, animations: 'disabled' });

  // The dark skin: every page again; the colours page shows the dark palette.
  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  for (const path of PAGES) {
    await openPage(page, path);
    if (path === '/colors') {
      await expect(page.getByTestId('colors-skin')).toHaveText('Dark skin');
      await expect(page.getByTestId('swatch-primary.main').getByTestId('swatch-hex')).not.toHaveText(lightPrimary ?? '');
    }
    await page.screenshot({ path: testInfo.outputPath(shot(path, 'dark')), fullPage: true, animations: 'disabled' });
  }
  expect(errors).toEqual([]);
});
