import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn as signInAs, useSharedStack } from './support/stack.ts';

/**
 * The template's record apps in Chromium, answered by the browser demo mock
 * (docs/requirements/calls.md#demo-mock-calls), whose data the browser keeps for the session:
 * - Calendar: add an event, drag it to another day, and find it there after a reload;
 * - Users: filter by role, delete a user, and the user stays deleted after a reload;
 * - Invoices: filter by status, open a preview (print view, PDF download), delete an invoice.
 * Screenshots of each screen (the calendar in both skins) go to the test's output folder.
 */

const stack = useSharedStack();

const signIn = (page: Page) => signInAs(page, stack().baseUrl, { listed: true });

/** `YYYY-MM-DD` of `date` in the browser's (and this process's) local time zone. */
function localIsoDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Drags `source` onto `target` with several pointer moves, as FullCalendar needs to see a drag. */
async function drag(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag: element not on screen');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
}

/** Shows only the ETC calendar, where the test's event goes (few events: none hidden under "+more"). */
async function showOnlyEtc(page: Page): Promise<void> {
  const all = page.getByTestId('calendar-filter-all');
  await expect(all).toBeChecked();
  await all.click();
  await expect(page.getByTestId('calendar-empty')).toBeVisible();
  await page.getByTestId('calendar-filter-ETC').click();
  await expect(page.getByTestId('calendar-empty')).toBeHidden();
}

test('calendar: add an event, drag it to another day, and it stays there after a reload', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 960 });
  await signIn(page);
  await page.goto(`${stack().baseUrl}/apps/calendar`);
  await expect(page).toHaveTitle(/Calendar/);
  const main = page.getByTestId('calendar-main');
  await showOnlyEtc(page);

  const today = new Date();
  const target = new Date(today.getFullYear(), today.getMonth(), today.getDate() + (today.getDate() <= 15 ? 2 : -2));
  const todayKey = localIsoDate(today);
  const targetKey = localIsoDate(target);

  // Add an all-day ETC event today.
  await page.getByTestId('calendar-add-event').click();
  const drawer = page.getByTestId('calendar-event-drawer');
  await expect(drawer.getByRole('heading', { name: 'Add Event' })).toBeVisible();
  await drawer.getByTestId('calendar-event-title').fill('E2E menu tasting');
  await drawer.getByTestId('calendar-event-calendar').click();
  await page.getByRole('option', { name: 'ETC' }).click();
  await expect(drawer.getByTestId('calendar-event-start')).toHaveValue(todayKey);
  await drawer.getByTestId('calendar-event-submit').click();
  await expect(page.getByTestId('calendar-toast')).toHaveText('Event added');
  await expect(drawer).toBeHidden();

  const todayCell = main.locator(`[data-date="${todayKey}"]`).first();
  const event = todayCell.getByText('E2E menu tasting');
  await expect(event).toBeVisible();

  // Drag it two days away: update-event saves the new day.
  await drag(page, event, main.locator(`[data-date="${targetKey}"]`).first());
  await expect(page.getByTestId('calendar-toast')).toHaveText('Event updated');
  await expect(main.locator(`[data-date="${targetKey}"]`).first().getByText('E2E menu tasting')).toBeVisible();

  // After a reload (the mock keeps the session's data) it is on the new day; open it.
  await page.reload();
  await showOnlyEtc(page);
  const moved = main.locator(`[data-date="${targetKey}"]`).first().getByText('E2E menu tasting');
  await expect(moved).toBeVisible();
  await expect(todayCell.getByText('E2E menu tasting')).toHaveCount(0);
  await moved.click();
  await expect(drawer.getByRole('heading', { name: 'Update Event' })).toBeVisible();
  await expect(drawer.getByTestId('calendar-event-title')).toHaveValue('E2E menu tasting');
  await expect(drawer.getByTestId('calendar-event-start')).toHaveValue(targetKey);
  await expect(drawer.getByTestId('calendar-event-end')).toHaveValue(targetKey);
  await page.screenshot({ path: testInfo.outputPath('calendar-drawer.png'), animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('calendar-light.png'), animations: 'disabled' });

  // The dark skin colours FullCalendar from the theme too.
  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  await page.reload();
  await expect(main.getByText('E2E menu tasting')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('calendar-dark.png'), animations: 'disabled' });
});

test('users: filter by role, delete a user, and the user stays deleted', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 960 });
  await signIn(page);
  await page.goto(`${stack().baseUrl}/apps/user/list`);
  await expect(page).toHaveTitle(/Users/);
  const rows = page.getByTestId('user-row');
  await expect(rows).toHaveCount(10);
  await expect(page.getByTestId('user-pagination')).toContainText('1–10 of 50');

  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Maintainer' }).click();
  await expect(page).toHaveURL(/role=maintainer/);
  await expect(page.getByTestId('user-pagination')).not.toContainText('of 50');
  const roles = page.getByTestId('user-role');
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (const role of await roles.allTextContents()) expect(role).toBe('Maintainer');

  const first = rows.first();
  const name = (await first.getByRole('link').first().textContent()) ?? '';
  expect(name).not.toBe('');
  const totalBefore = (await page.getByTestId('user-pagination').textContent()) ?? '';
  await first.getByTestId('user-delete').click();
  const dialog = page.getByTestId('user-delete-dialog');
  await expect(dialog).toContainText(name);
  await dialog.getByTestId('user-delete-confirm').click();
  await expect(page.getByText(`${name} was deleted.`)).toBeVisible();
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await expect(page.getByTestId('user-pagination')).not.toHaveText(totalBefore);

  await page.reload();
  await expect(rows.first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('Maintainer');
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('user-list.png'), animations: 'disabled' });

  // A user's page: user card, plan card and permissions.
  await rows.first().getByRole('link').first().click();
  await expect(page.getByTestId('user-view')).toBeVisible();
  await expect(page.getByTestId('user-permissions')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('user-view.png'), animations: 'disabled' });
});

test('invoices: filter by status, open a preview and download it, delete an invoice', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 960 });
  await signIn(page);
  await page.goto(`${stack().baseUrl}/apps/invoice/list`);
  await expect(page).toHaveTitle(/Invoices/);
  const rows = page.getByTestId('invoice-row');
  await expect(rows).toHaveCount(10);
  // Newest first.
  await expect(rows.first()).toHaveAttribute('data-invoice-id', '5036');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Paid', exact: true }).click();
  await expect(page).toHaveURL(/status=Paid/);
  await expect(page.getByTestId('invoice-pagination')).not.toContainText('of 50');
  for (const status of await page.getByTestId('invoice-status').evaluateAll((icons) => icons.map((icon) => icon.getAttribute('data-status')))) {
    expect(status).toBe('Paid');
  }
  await expect(page.getByTestId('invoice-balance-paid')).toHaveCount(await rows.count());

  // Preview the first paid invoice.
  const id = (await rows.first().getAttribute('data-invoice-id')) ?? '';
  await rows.first().getByTestId('invoice-preview-link').click();
  await expect(page).toHaveURL(new RegExp(`/apps/invoice/preview/${id}$`));
  await expect(page.getByTestId('invoice-title')).toHaveText(`Invoice #${id}`);
  await expect(page.getByTestId('invoice-items').getByRole('row')).not.toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('invoice-preview.png'), animations: 'disabled' });

  // Printing shows the invoice only: the shell and the actions are hidden by the print styles.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('invoice-sheet')).toBeVisible();
  await expect(page.getByTestId('invoice-print')).toBeHidden();
  await expect(page.getByTestId('user-menu')).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('invoice-print.png'), animations: 'disabled' });
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('invoice-print')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByTestId('invoice-download').click();
  expect((await download).suggestedFilename()).toBe(`invoice-${id}.pdf`);

  // Back to the filtered list; delete that invoice.
  await page.goBack();
  await expect(page).toHaveURL(/status=Paid/);
  const row = page.locator(`[data-testid="invoice-row"][data-invoice-id="${id}"]`);
  await row.getByTestId('invoice-delete').click();
  const dialog = page.getByTestId('invoice-delete-dialog');
  await expect(dialog).toContainText(`#${id}`);
  await dialog.getByTestId('invoice-delete-confirm').click();
  await expect(page.getByText(`Invoice #${id} was deleted.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('invoice-list.png'), animations: 'disabled' });

  await page.goto(`${stack().baseUrl}/apps/invoice/preview/${id}`);
  await expect(page.getByTestId('invoice-not-found')).toBeVisible();
});
