/**
 * Google Business Profile on the connections screen in the browser: the owner sees
 * the demo Google connection (connected at start through the simulator's consent page) with
 * its 8 locations linked to the 8 outlets, unlinks one after confirming and links it back to
 * the outlet its store code suggests, then connects Google again through the 700x800 popup
 * (the simulator's consent page, Allow as the client's Google user) and lands on
 * `googleToken=success`.
 */
import { expect, test, type Page } from '@playwright/test';
import { signIn, useSyncedStack } from './support/stack.ts';

const stack = useSyncedStack();

/** The Google user of the demo client Spice Route (google-connect.service.ts `connectDemoGoogle`). */
const SPICE_GOOGLE_EMAIL = 'admin@spice-route.example.com';
const DEMO_LOCATIONS = 8;
const CONNECTIONS_URL = '/apps/reviews_and_reputation/facebook';

/**
 * Waits until the server has linked the demo locations: it does so at start, next to the
 * Facebook sync the stack waits for, so it may still be running when the journey begins.
 */
async function waitForDemoLinks(page: Page): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  await expect
    .poll(
      async () => {
        const res = await fetch(`${stack().baseUrl}/get-locations-for-user`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: '{}',
        });
        const body = (await res.json()) as { connections?: { locations: { linkedOutletId: string | null }[] }[] };
        return (body.connections ?? []).flatMap((c) => c.locations).filter((l) => l.linkedOutletId).length;
      },
      { timeout: 60_000 },
    )
    .toBe(DEMO_LOCATIONS);
}

test('an owner sees the demo Google locations, unlinks and relinks one, and connects Google through the popup', async ({ page }) => {
  await signIn(page, stack().baseUrl);
  await waitForDemoLinks(page);
  await page.goto(`${stack().baseUrl}${CONNECTIONS_URL}`);

  const connection = page.getByTestId('google-connection');
  await expect(connection).toHaveCount(1);
  await expect(connection.getByRole('heading')).toContainText(SPICE_GOOGLE_EMAIL);
  await expect(connection.getByTestId('google-health')).toHaveAttribute('data-health', 'valid');
  const rows = connection.getByTestId('google-location');
  await expect(rows).toHaveCount(DEMO_LOCATIONS);
  await expect(connection.locator('[data-testid="google-location"][data-linked="true"]')).toHaveCount(DEMO_LOCATIONS);

  // Unlink the first location, after the confirmation that its stored reviews go.
  const first = rows.first();
  const locationName = await first.getAttribute('data-location-name');
  const row = connection.locator(`[data-testid="google-location"][data-location-name="${locationName}"]`);
  const outletName = (await row.getByTestId('google-linked-outlet').textContent())?.trim();
  expect(outletName).toBeTruthy();
  await row.getByTestId('google-unlink').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Its Google reviews stored in DineDesk are removed');
  await dialog.getByTestId('google-unlink-confirm').click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveAttribute('data-linked', 'false');

  // Its store code names its outlet: the select offers it already; link it back.
  const select = row.getByTestId('google-outlet-select');
  await expect(select.locator('option:checked')).toHaveText(new RegExp(`${outletName!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  await row.getByTestId('google-link').click();
  await expect(row).toHaveAttribute('data-linked', 'true');
  await expect(row.getByTestId('google-linked-outlet')).toHaveText(outletName!);
  await expect(connection.getByTestId('google-link-error')).toHaveCount(0);

  // Connect Google through the popup: the simulator's consent page, Allow as Spice Route's Google user.
  const popupPromise = page.waitForEvent('popup');
  await page.getByTestId('google-connect').click();
  const popup = await popupPromise;
  await popup.waitForLoadState();
  expect(popup.url()).toContain('/o/oauth2/v2/auth');
  expect(await popup.evaluate(() => [window.innerWidth, window.innerHeight])).toEqual([700, 800]);
  await expect(popup.getByRole('heading', { name: /wants to access your Google Account/ })).toBeVisible();
  await expect(popup.getByText('https://www.googleapis.com/auth/business.manage')).toBeVisible();
  await popup.getByRole('radio', { name: new RegExp(SPICE_GOOGLE_EMAIL.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).check();
  // Landed on googleToken=success, the popup hands the result to this window and closes.
  const closed = popup.waitForEvent('close', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Allow' }).click();
  await closed;

  await expect(page).toHaveURL(/\/apps\/reviews_and_reputation\/facebook\?googleToken=success$/);
  await expect(page.getByTestId('google-connect-result')).toHaveAttribute('data-result', 'success');
  await expect(page.getByTestId('google-connect-result')).toContainText('Google is connected');
  // The same Google user: still one connection, its locations still linked.
  await expect(connection).toHaveCount(1);
  await expect(connection.locator('[data-testid="google-location"][data-linked="true"]')).toHaveCount(DEMO_LOCATIONS);
});
