import { expect, test, type Page } from '@playwright/test';
import { signIn as signInAs, useSharedStack } from './support/stack.ts';
import { collectErrors } from './support/console-errors.ts';

/**
 * The Forms section of the UI showcase in Chromium: every page opens with its title
 * and its main control works —
 * - inputs: the password shows and hides, the slider moves with the keyboard;
 * - select: a multiple select and an Autocomplete search;
 * - pickers (MUI X, date-fns): a date typed into the field and a day picked in the calendar;
 * - input mask (react-imask): a phone number shaped as typed;
 * - form layout: the vertical form saves;
 * - wizard (react-hook-form + zod): Next refuses an invalid step with its errors, then a valid
 *   booking goes through to the summary;
 * - form validation: errors under the fields, then a confirmed reservation.
 * Then every page in the dark skin. Screenshots to the test's output folder, no console error.
 */

const stack = useSharedStack();

const PAGES = [
  ['/forms/elements/input', 'Form Input', 'input'],
  ['/forms/elements/select', 'Select', 'select'],
  ['/forms/elements/pickers', 'Date & Time Pickers', 'pickers'],
  ['/forms/elements/input-mask', 'Input Mask', 'input-mask'],
  ['/forms/layout/form-layout', 'Form Layouts', 'form-layout'],
  ['/forms/wizard', 'Form Wizard', 'wizard'],
  ['/forms/form-validation', 'Form Validation', 'form-validation'],
] as const;

async function openPage(page: Page, path: string, title: string): Promise<void> {
  await page.goto(`${stack().baseUrl}${path}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(title.replace(/[&]/g, '.')));
}

const shot = (page: Page, path: string) => page.screenshot({ path, animations: 'disabled', fullPage: true });

/** A date some way ahead, as the date inputs take it. */
const FUTURE = `${new Date().getFullYear() + 1}-06-15`;

test('Forms: every page opens and its main control works, the wizard refuses then accepts, light and dark', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInAs(page, stack().baseUrl);

  // Inputs.
  await openPage(page, '/forms/elements/input', 'Form Input');
  const password = page.getByTestId('input-password');
  await password.fill('s3cret');
  await expect(password).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Show the password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('slider', { name: 'Spice level' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('input-summary')).toContainText('Spice level3');
  await shot(page, testInfo.outputPath('input-light.png'));

  // Select.
  await openPage(page, '/forms/elements/select', 'Select');
  await page.getByRole('combobox', { name: 'Search a dish' }).fill('sea');
  await page.getByRole('option', { name: 'Grilled sea bass' }).click();
  await expect(page.getByTestId('autocomplete-dish-value')).toHaveText('Chosen: Grilled sea bass');
  await page.getByRole('combobox', { name: 'Waiters on shift' }).click();
  await page.getByRole('option', { name: 'Tom Hughes' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox', { name: 'Waiters on shift' })).toHaveText('Alice Moreau, Tom Hughes');
  await shot(page, testInfo.outputPath('select-light.png'));

  // Pickers: a day from the calendar.
  await openPage(page, '/forms/elements/pickers', 'Date & Time Pickers');
  await page.getByRole('button', { name: /Choose date/ }).first().click();
  await page.getByRole('gridcell', { name: '12' }).click();
  await expect(page.getByTestId('picked-date')).toHaveText('Thursday, November 12, 2026');
  await shot(page, testInfo.outputPath('pickers-light.png'));

  // Input mask.
  await openPage(page, '/forms/elements/input-mask', 'Input Mask');
  const phone = page.getByTestId('mask-phone');
  await phone.click();
  await page.keyboard.type('442079460958');
  await expect(phone).toHaveValue('+44 207 946 0958');
  await expect(page.getByTestId('mask-phone-value')).toContainText('Complete');
  await shot(page, testInfo.outputPath('input-mask-light.png'));

  // Form layout.
  await openPage(page, '/forms/layout/form-layout', 'Form Layouts');
  await page.getByTestId('layout-vertical').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('layout-vertical').getByText('Saved.')).toBeVisible();
  await shot(page, testInfo.outputPath('form-layout-light.png'));

  // Wizard: an invalid step first, then a valid booking.
  await openPage(page, '/forms/wizard', 'Form Wizard');
  await page.getByRole('textbox', { name: 'Email' }).fill('alice@');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByText('Enter a valid email address.')).toBeVisible();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await expect(page.getByRole('form', { name: 'Your details' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toBeFocused();
  await shot(page, testInfo.outputPath('wizard-invalid-light.png'));
  await page.getByRole('textbox', { name: 'Full name' }).fill('Alice Moreau');
  await page.getByRole('textbox', { name: 'Email' }).fill('alice@example.com');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+44 20 7946 0958');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByRole('form', { name: 'Your booking' })).toBeVisible();
  await page.getByLabel('Date').fill(FUTURE);
  await page.getByRole('spinbutton', { name: 'Guests' }).fill('13');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByText('Enter a whole number from 1 to 12.')).toBeVisible();
  await page.getByRole('spinbutton', { name: 'Guests' }).fill('6');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByRole('form', { name: 'Deposit' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Name on the card' }).fill('Alice Moreau');
  await page.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/29');
  await page.getByRole('textbox', { name: 'Security code' }).fill('123');
  await page.getByRole('checkbox', { name: /I accept/ }).check();
  await page.getByTestId('wizard-next').click();
  const done = page.getByTestId('wizard-success');
  await expect(done).toContainText('Your table is booked!');
  await expect(done).toContainText('•••• 4242');
  await shot(page, testInfo.outputPath('wizard-light.png'));

  // Form validation.
  await openPage(page, '/forms/form-validation', 'Form Validation');
  await page.getByTestId('validation-submit').click();
  await expect(page.getByText('You must accept the terms to continue.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Full name' })).toBeFocused();
  await shot(page, testInfo.outputPath('form-validation-errors-light.png'));
  await page.getByRole('textbox', { name: 'Full name' }).fill('Jonas Becker');
  await page.getByRole('textbox', { name: 'Email' }).fill('jonas@example.de');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+49 30 1234567');
  await page.getByLabel('Date').fill(FUTURE);
  await page.getByRole('checkbox', { name: /I accept/ }).check();
  await page.getByTestId('validation-submit').click();
  await expect(page.getByTestId('validation-success')).toContainText('Jonas Becker, a table for 2 guests');

  // Every page in the dark skin.
  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  for (const [path, title, name] of PAGES) {
    await openPage(page, path, title);
    await shot(page, testInfo.outputPath(`${name}-dark.png`));
  }
  expect(errors).toEqual([]);
});
