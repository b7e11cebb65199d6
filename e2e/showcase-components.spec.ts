import { expect, test, type Page } from '@playwright/test';
import { signIn, useSharedStack } from './support/stack.ts';
import { collectErrors } from './support/console-errors.ts';

/**
 * The UI showcase's "Components" section in Chromium, one walk through its twenty
 * pages, each page's main control used: an alert dismissed and shown again, a guest seated, a
 * badge counted, a crumb followed, an order placed, the carousel moved by its buttons and the
 * arrow keys, an accordion and a collapse opened, a dropdown chosen from, a list item selected,
 * a modal opened and closed with Esc, a nav followed, a page changed, a pill toggled, a popover
 * opened and closed with Esc, progress moved, a spinner loaded, a tab switched by click and
 * keyboard, the timeline stepped, a toast shown, a tooltip shown on hover. Each page in the
 * light and the dark skin, screenshots to the test's output folder, and no console error.
 */

const stack = useSharedStack();

/** Each page and its main control, in menu order. */
const WALK: ReadonlyArray<[string, (page: Page) => Promise<void>]> = [
  [
    'alerts',
    async (page) => {
      const block = page.getByTestId('alerts-dismissible');
      await block.getByRole('button', { name: 'Close' }).click();
      await block.getByTestId('alerts-show').click();
      await expect(block.getByTestId('alerts-closable')).toBeVisible();
    },
  ],
  [
    'avatar',
    async (page) => {
      await page.getByRole('button', { name: 'Seat a guest' }).click();
      await expect(page.getByTestId('avatar-count')).toHaveText('5 guests seated');
    },
  ],
  [
    'badges',
    async (page) => {
      await page.getByRole('button', { name: 'Add an item' }).click();
      await expect(page.getByTestId('badges-cart')).toContainText('4');
    },
  ],
  [
    'breadcrumbs',
    async (page) => {
      await page.getByTestId('breadcrumbs').getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByTestId('breadcrumbs-here')).toHaveText('You are on: Menu');
    },
  ],
  [
    'buttons',
    async (page) => {
      await page.getByTestId('buttons-order').click();
      await expect(page.getByTestId('buttons-status')).toHaveText('Order sent to the kitchen.');
    },
  ],
  [
    'carousel',
    async (page) => {
      const status = page.getByTestId('carousel-status');
      await expect(status).toHaveText('Slide 1 of 5');
      await page.getByTestId('carousel-next').click();
      await expect(status).toHaveText('Slide 2 of 5');
      await page.getByTestId('carousel').focus();
      await page.keyboard.press('ArrowRight');
      await expect(status).toHaveText('Slide 3 of 5');
      await page.keyboard.press('ArrowLeft');
      await expect(status).toHaveText('Slide 2 of 5');
      await page.getByTestId('carousel-prev').click();
      await page.getByTestId('carousel-prev').click();
      await expect(status).toHaveText('Slide 5 of 5');
    },
  ],
  [
    'collapse',
    async (page) => {
      await page.getByTestId('accordion-groups').click();
      await expect(page.getByTestId('accordion-groups')).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByTestId('accordion-booking')).toHaveAttribute('aria-expanded', 'false');
      await page.getByTestId('collapse-button').click();
      await expect(page.getByTestId('collapse-panel')).toBeVisible();
    },
  ],
  [
    'dropdowns',
    async (page) => {
      await page.getByTestId('dropdowns-table').click();
      await page.getByRole('menuitem', { name: 'Private room' }).click();
      await expect(page.getByTestId('dropdowns-chosen')).toHaveText('Chosen: Private room');
      await expect(page.getByRole('menu')).toHaveCount(0);
    },
  ],
  [
    'list-group',
    async (page) => {
      await page.getByTestId('list-bar').click();
      await expect(page.getByTestId('list-chosen')).toHaveText('Selected: Wine bar');
    },
  ],
  [
    'modals',
    async (page) => {
      await page.getByTestId('modals-open-booking').click();
      const dialog = page.getByRole('dialog', { name: 'Book a table' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Name')).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
      await expect(page.getByTestId('modals-open-booking')).toBeFocused();
    },
  ],
  [
    'navs',
    async (page) => {
      await page.getByTestId('nav-dinner').click();
      await expect(page.getByTestId('nav-dinner')).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('navs-showing')).toHaveText('Showing the Dinner menu.');
    },
  ],
  [
    'pagination',
    async (page) => {
      await page.getByTestId('pagination').getByRole('button', { name: 'Go to page 3' }).click();
      await expect(page.getByTestId('pagination-status')).toHaveText('Page 3 of 10');
      await expect(page.getByTestId('pagination-list').getByRole('listitem').first()).toContainText('#11');
    },
  ],
  [
    'pills',
    async (page) => {
      await page.getByTestId('pill-spicy').click();
      await expect(page.getByTestId('pill-spicy')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.getByTestId('pills-active')).toHaveText('2 filters on');
    },
  ],
  [
    'popovers',
    async (page) => {
      await page.getByTestId('popovers-open').click();
      await expect(page.getByTestId('popovers-content')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByTestId('popovers-content')).toHaveCount(0);
    },
  ],
  [
    'progress',
    async (page) => {
      await page.getByRole('button', { name: '+10 %' }).click();
      await expect(page.getByTestId('progress-bar')).toHaveAttribute('aria-valuenow', '50');
    },
  ],
  [
    'spinners',
    async (page) => {
      await page.getByTestId('spinners-load-button').click();
      await expect(page.getByTestId('spinners-menu')).toBeVisible();
    },
  ],
  [
    'tabs',
    async (page) => {
      const block = page.getByTestId('tabs-basic');
      await block.getByRole('tab', { name: 'Desserts' }).click();
      await expect(block.getByTestId('tabs-panel')).toContainText('Tiramisù');
      await page.keyboard.press('ArrowRight');
      await expect(block.getByRole('tab', { name: 'Bakery' })).toBeFocused();
    },
  ],
  [
    'timeline',
    async (page) => {
      await page.getByTestId('timeline-next').click();
      await expect(page.getByTestId('timeline-status')).toHaveText('Now: Being prepared');
    },
  ],
  [
    'toasts',
    async (page) => {
      await page.getByTestId('toast-success').click();
      await expect(page.getByTestId('toast')).toHaveText('Menu saved.');
    },
  ],
  [
    'tooltips',
    async (page) => {
      await page.getByTestId('tooltip-bottom').hover();
      await expect(page.getByRole('tooltip')).toHaveText('Tooltip on the Bottom');
    },
  ],
];

async function openPage(page: Page, name: string): Promise<void> {
  await page.goto(`${stack().baseUrl}/components/${name}`);
  await expect(page.getByTestId(`components-${name}`).getByRole('heading', { level: 1 })).toBeVisible();
}

test('Components: every page and its main control work, light and dark', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signIn(page, stack().baseUrl);

  for (const [name, use] of WALK) {
    await test.step(name, async () => {
      await openPage(page, name);
      await use(page);
      await page.screenshot({ path: testInfo.outputPath(`components-${name}-light.png`), animations: 'disabled' });
    });
  }

  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  for (const [name] of WALK) {
    await openPage(page, name);
    await page.screenshot({ path: testInfo.outputPath(`components-${name}-dark.png`), fullPage: true, animations: 'disabled' });
  }
  // One control in the dark skin too: the modal.
  await openPage(page, 'modals');
  await page.getByTestId('modals-open-booking').click();
  await expect(page.getByRole('dialog', { name: 'Book a table' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('components-modal-open-dark.png'), animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(errors).toEqual([]);
});
