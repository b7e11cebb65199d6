import { expect, test } from '@playwright/test';
import { signIn, useSharedStack } from './support/stack.ts';

/**
 * The template's demo sign-in pages, account settings and profile in Chromium,
 * answered by the browser demo mock (docs/requirements/calls.md `/jwt/*`, `/account-setting/data`,
 * `/profile/data`):
 * - signed out of DineDesk, register-v1 with a taken email and username shows both messages
 *   (docs/requirements/validation.md); login-v1 signs in to the demo (docs/requirements/roles.md
 *   admin) without writing the product's session keys or cookies, and the product still asks for
 *   its own sign-in;
 * - signed in to DineDesk, account settings saves a change that survives a reload, and the
 *   profile shows its cards and posts.
 * Screenshots of the v1 and v2 layouts go to the test's output folder.
 */

const stack = useSharedStack();

/** The product's session keys (docs/requirements/data.md); the demo must never write them. */
const PRODUCT_KEYS = ['accessToken', 'email', 'userData'];

test('signed out: register shows both duplicate messages; login-v1 signs in to the demo only', async ({ page, context }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 860 });
  const baseUrl = stack().baseUrl;

  await page.goto(`${baseUrl}/pages/register-v1`);
  await expect(page).toHaveURL(/\/pages\/register-v1$/);
  // The first page of a fresh stack: its chunks, strings and the mock's worker all arrive now.
  await expect(page.getByTestId('demo-auth-v1')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('demo-register-username').fill('johndoe');
  await page.getByTestId('demo-register-email').fill('admin@demo.com');
  await page.getByTestId('demo-register-password').fill('tandoor-2026');
  await page.getByTestId('demo-register-terms').check();
  await page.getByTestId('demo-register-submit').click();
  await expect(page.getByText('This email is already in use.')).toBeVisible();
  await expect(page.getByText('This username is already in use.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('register-v1-duplicates.png'), animations: 'disabled' });

  const cookiesBefore = await context.cookies();
  await page.goto(`${baseUrl}/pages/login-v2`);
  await expect(page.getByTestId('demo-auth-v2')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('login-v2.png'), animations: 'disabled' });

  await page.goto(`${baseUrl}/pages/login-v1`);
  await expect(page).toHaveURL(/\/pages\/login-v1$/);
  await page.getByTestId('demo-login-email').fill('admin@demo.com');
  await page.getByTestId('demo-login-password').fill('wrong');
  await page.getByTestId('demo-login-submit').click();
  await expect(page.getByTestId('demo-login-error')).toHaveText('Email or Password is Invalid');
  await page.getByTestId('demo-login-password').fill('admin');
  await page.getByTestId('demo-login-submit').click();
  await expect(page.getByTestId('demo-session-name')).toHaveText('John Doe');
  await expect(page.getByTestId('demo-session-role')).toHaveText('Admin');
  await expect(page.getByTestId('demo-session-abilities')).toContainText('manage on all');
  await page.screenshot({ path: testInfo.outputPath('login-v1-signed-in.png'), animations: 'disabled' });

  // The demo's tokens are real JWTs under the demo's own key; the product's keys and cookies stay as they were.
  const stored = await page.evaluate((keys) => ({ product: keys.filter((key) => localStorage.getItem(key) !== null), demo: sessionStorage.getItem('dinedesk.demo.session.v1') }), PRODUCT_KEYS);
  expect(stored.product).toEqual([]);
  const demo = JSON.parse(stored.demo ?? 'null') as { accessToken: string; refreshToken: string } | null;
  expect(demo?.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  expect(await context.cookies()).toEqual(cookiesBefore);

  await page.getByTestId('demo-session-refresh').click();
  await expect(page.getByText('New tokens received.')).toBeVisible();

  // The product still asks for its own sign-in.
  await page.goto(`${baseUrl}/apps/reviews_and_complaints/reviews`);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByTestId('login-email')).toBeVisible();
});

test('signed in: account settings saves a change; the profile shows its cards and posts', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 960 });
  const baseUrl = stack().baseUrl;
  await signIn(page, baseUrl);

  await page.goto(`${baseUrl}/pages/account-settings`);
  await expect(page).toHaveTitle(/Account Settings/);
  await expect(page.getByTestId('app-shell')).toBeVisible();
  const fullName = page.getByTestId('account-fullName');
  await expect(fullName).toHaveValue('John Doe');
  await fullName.fill('John Q. Doe');
  await page.getByTestId('account-general-save').click();
  await expect(page.getByText('Changes saved.')).toBeVisible();
  await page.getByTestId('account-tab-notification').click();
  await expect(page).toHaveURL(/tab=notification/);
  await expect(page.getByTestId('account-notify-blogDigest')).not.toBeChecked();
  await page.reload();
  await page.getByTestId('account-tab-general').click();
  await expect(page.getByTestId('account-fullName')).toHaveValue('John Q. Doe');

  await page.goto(`${baseUrl}/pages/profile`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kitty Allanson' })).toBeVisible();
  for (const name of ['About', 'Suggested Pages', 'Twitter Feeds', 'Latest Photos', 'Suggestions', 'Polls']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }
  await expect(page.getByTestId('profile-post')).toHaveCount(3);
});
