/**
 * Reporting → Data tracker in the browser: the owner sees a Page's Facebook row up to
 * date; Facebook kills the Page's token in the simulator (password changed, 190/460); "Sync now"
 * queues the sync, and the row turns to a failing sync with the refusal in plain words, the
 * connection refused with Reconnect, and no further Sync now.
 */
import { expect, test } from '@playwright/test';
import { signIn, useSyncedStack } from './support/stack.ts';

const stack = useSyncedStack();

test('a failing sync shows in the data tracker after Facebook kills the page token', async ({ page }) => {
  await signIn(page, stack().baseUrl);
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const pages = (await (await fetch(`${stack().baseUrl}/api/review_testing/get-fb-pages`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    data: { id: string; outletId: string; outletName: string; connected: boolean }[];
  };
  const target = pages.data.find((p) => p.connected)!;

  await page.goto(`${stack().baseUrl}/apps/reporting/data-tracker`);
  await expect(page.getByRole('heading', { level: 1, name: 'Data tracker' })).toBeVisible();
  const row = page.getByTestId(`row-${target.outletId}-facebook`);
  await expect(page.getByTestId(`state-${target.outletId}-facebook`)).toHaveText('Up to date');
  await expect(row).toContainText('Valid');

  const revoked = await fetch(`${stack().simUrl}/__sim/revoke-token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pageId: target.id, subcode: 460 }) });
  expect(revoked.ok).toBe(true);

  await row.getByRole('button', { name: `Sync Facebook of ${target.outletName} now` }).click();
  await expect(page.getByTestId('sync-notice')).toContainText(`Facebook of ${target.outletName}: sync queued.`);
  // The job runs in the background; the screen polls while it is under way.
  await expect(page.getByTestId(`state-${target.outletId}-facebook`)).toHaveText('Failing', { timeout: 30_000 });
  await expect(page.getByTestId(`error-${target.outletId}-facebook`)).toContainText('password');
  await expect(row).toContainText('Refused');
  await expect(row).toContainText('After a reconnect');
  await expect(row.getByRole('link', { name: 'Reconnect' })).toHaveAttribute('href', '/apps/reviews_and_reputation/facebook');
  await expect(row.getByRole('button', { name: /^Sync Facebook/ })).toHaveCount(0);
  // Instagram reads with the same Page token.
  await expect(page.getByTestId(`row-${target.outletId}-instagram`)).toContainText('Refused');
});
