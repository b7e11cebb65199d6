/**
 * Facebook connect in the browser: the owner connects through the 700x800 Login
 * popup (the simulator's consent page, Approve), sees the pages; Facebook kills the token
 * (password changed, 190/460), the Reviews screen shows the dead-token banner, and Reconnect
 * through the same popup brings the pages back.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn, useSyncedStack } from './support/stack.ts';

const stack = useSyncedStack();

/** The simulator's test user who manages Spice Route's pages (the demo owner's client). */
async function spiceTestUser(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const pages = (await (await fetch(`${stack().baseUrl}/api/review_testing/get-fb-pages`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: string }[] };
  const users = (await (await fetch(`${stack().simUrl}/__sim/test-users`)).json()) as { id: string; accessToken: string }[];
  for (const u of users) {
    const mine = await stack().graph<{ data: { id: string }[] }>('me/accounts?fields=id&limit=100', u.accessToken);
    if (mine.data.some((p) => pages.data.some((q) => q.id === p.id))) return u.id;
  }
  throw new Error('no test user manages the demo pages');
}

/** Clicks `button`, approves the Login dialog in the popup as `userId`, and waits for it to close. */
async function approveInPopup(page: Page, button: ReturnType<Page['getByTestId']>, userId: string): Promise<void> {
  const popupPromise = page.waitForEvent('popup');
  await button.click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(popup.url()).toContain('/dialog/oauth');
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([700, 800]);
  await expect(popup.getByRole('heading', { name: /is requesting access/ })).toBeVisible();
  await expect(popup.getByText('pages_manage_metadata')).toBeVisible();
  await popup.locator(`input[name="user_id"][value="${userId}"]`).check();
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Approve' }).click();
  await closed;
}

test('an owner connects Facebook through the popup, loses the token, and reconnects from the Reviews banner', async ({ page }) => {
  await signIn(page, stack().baseUrl, { listed: true });
  await page.getByTestId('facebook-connections').click();
  await expect(page).toHaveURL(/\/apps\/reviews_and_reputation\/facebook$/);
  const account = page.getByTestId('facebook-account');
  await expect(account).toHaveCount(1);
  const pageRows = account.getByTestId('connected-page');
  const pageCount = await pageRows.count();
  expect(pageCount).toBeGreaterThan(0);
  const userId = await spiceTestUser(page);

  await approveInPopup(page, page.getByTestId('facebook-connect'), userId);
  await expect(page).toHaveURL(/longToken=success/);
  await expect(page.getByTestId('connect-result')).toContainText(`${pageCount} pages are syncing`);
  await expect(account.getByTestId('token-health').first()).toHaveAttribute('data-health', 'valid');
  await expect(pageRows).toHaveCount(pageCount);

  // Facebook kills every token of the account: its password changed (190/460).
  const revoked = await fetch(`${stack().simUrl}/__sim/revoke-token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId, subcode: 460 }) });
  expect(revoked.ok).toBe(true);
  await page.reload();
  await expect(account.getByTestId('account-reason')).toContainText('password');
  await expect(account.getByTestId('token-health').first()).toHaveAttribute('data-health', 'dead');

  // The next sync meets the dead token: Reviews says so with Reconnect, not empty data.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const pages = (await (await fetch(`${stack().baseUrl}/api/review_testing/get-fb-pages`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: string }[] };
  const sync = await fetch(`${stack().baseUrl}/api/review_testing/sync-fb-reviews`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ pageId: pages.data[0]!.id }) });
  expect(((await sync.json()) as { page: { sync: { status: string } } }).page.sync.status).toBe('token_invalid');
  await page.goto(`${stack().baseUrl}/apps/reviews_and_complaints/reviews`);
  const banner = page.locator('[data-testid="sync-alert"][data-status="token_invalid"]').first();
  await expect(banner).toContainText('password');
  await expect(page.getByTestId('review-item').first()).toBeVisible();

  await approveInPopup(page, banner.getByTestId('banner-reconnect'), userId);
  await expect(page).toHaveURL(/\/apps\/reviews_and_reputation\/facebook\?longToken=success/);
  await expect(page.getByTestId('connect-result')).toContainText('syncing');
  await expect(account.getByTestId('token-health').first()).toHaveAttribute('data-health', 'valid');
  await expect(account.getByTestId('account-reason')).toHaveCount(0);
  await page.goto(`${stack().baseUrl}/apps/reviews_and_complaints/reviews`);
  await expect(page.locator('[data-testid="sync-alert"][data-status="token_invalid"]')).toHaveCount(0, { timeout: 30_000 });
});

test('a viewer sees the connections and their health but no Connect or Reconnect', async ({ page }) => {
  await signIn(page, stack().baseUrl, { email: 'viewer@spice-route.demo' });
  await page.goto(`${stack().baseUrl}/apps/reviews_and_reputation/facebook`);
  await expect(page.getByTestId('facebook-account')).toHaveCount(1);
  await expect(page.getByTestId('connected-page').first()).toBeVisible();
  await expect(page.getByTestId('facebook-connect')).toHaveCount(0);
  await expect(page.getByTestId('facebook-reconnect')).toHaveCount(0);
});
