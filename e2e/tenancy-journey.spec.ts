import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD as PASSWORD, signIn as signInAs, useSyncedStack } from './support/stack.ts';

const stack = useSyncedStack();

const signIn = (page: Page, email: string, password = PASSWORD) => signInAs(page, stack().baseUrl, { email, password });

test('a super admin onboards a client; its owner sets a password and sees only that client', async ({ page }) => {
  await signIn(page, 'admin@dinedesk.demo');
  await page.goto(`${stack().baseUrl}/apps/access-control/client-onboarding`);
  await page.getByRole('textbox', { name: /Client name/ }).fill('Masala Co');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: /Brand 1 name/ }).fill('Tandoor House');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: /Outlet name/ }).fill('Indiranagar');
  await page.getByRole('textbox', { name: /City/ }).fill('Bangalore');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('textbox', { name: /Owner email/ }).fill('owner@masala-co.example');
  await page.getByRole('textbox', { name: /Owner full name/ }).fill('Meera Masala');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Create client' }).click();
  const link = page.getByTestId('invitation-link');
  await expect(link).toBeVisible();
  const url = /https?:\/\/\S+\/set-password\?token=[\w-]+/.exec((await link.textContent()) ?? '')?.[0];
  expect(url).toBeTruthy();

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);

  await page.goto(url!);
  await page.getByLabel(/New password/).fill('masala-password-1');
  await page.getByLabel(/Repeat the password/).fill('masala-password-1');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  // Signed in, the new owner lands where every sign-in lands: the Overview at `/`.
  await expect(page).toHaveURL(`${stack().baseUrl}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Masala Co')).toBeVisible();

  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const details = await (await fetch(`${stack().baseUrl}/api/get-client-details`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(details.client.name).toBe('Masala Co');
  expect(details.client.brands.map((b: { name: string }) => b.name)).toEqual(['Tandoor House']);
  // The owner manages users, but may not onboard clients.
  await page.goto(`${stack().baseUrl}/apps/access-control/client-onboarding`);
  await expect(page.getByRole('heading', { name: 'You are not authorized' })).toBeVisible();
});

test('an outlet manager sees only the reviews of their outlet', async ({ page }) => {
  await signIn(page, 'outlet.manager@spice-route.demo');
  await expect(page.getByTestId('review-item').first()).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const pages = await (await fetch(`${stack().baseUrl}/api/review_testing/get-fb-pages`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(pages.data).toHaveLength(1);
  const reviews = await (await fetch(`${stack().baseUrl}/api/review_testing/get-fb-reviews?limit=100`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(reviews.data.length).toBeGreaterThan(0);
  expect(new Set(reviews.data.map((r: { pageId: string }) => r.pageId))).toEqual(new Set([pages.data[0].id]));
  // Administration is not in the menu of an outlet manager.
  await expect(page.getByText('Users & access')).toHaveCount(0);
});

test('a user of two clients switches between them from the navbar', async ({ page }) => {
  await signIn(page, 'group.owner@dinedesk.demo');
  const switcher = page.getByTestId('client-switcher');
  await expect(switcher).toBeVisible();
  const before = (await switcher.textContent())?.trim();
  await switcher.click();
  const target = before?.includes('Spice Route') ? 'Deccan Table Group' : 'Spice Route Hospitality';
  await page.getByRole('menuitem', { name: target }).click();
  await expect(switcher).toContainText(target);
  // The other client's Overview, at `/`.
  await expect(page).toHaveURL(`${stack().baseUrl}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
});
