import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PASSWORD, REVIEWS_URL, useSyncedStack } from './support/stack.ts';

/**
 * The Overview (docs/decisions/0040) through the real stack: a sign-in without `next`
 * lands on it at `/`; its figures match the screens they link to (new reviews and waiting reviews
 * on Reviews, open complaints on Complaints, tickets due soon on Tickets); and a ticket opened
 * elsewhere shows up in it without a reload.
 */
const stack = useSyncedStack();

async function api<T>(path: string, body: unknown): Promise<T> {
  const login = await fetch(`${stack().baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_OWNER, password: DEMO_PASSWORD }) });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const res = await fetch(`${stack().baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` }, body: JSON.stringify(body) });
  expect(res.ok, `${path} answered ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

/** The number a figure card shows (digits only: "1,204" → "1204"). */
const figure = async (page: Page, testId: string) => (await page.getByTestId(`${testId}-value`).innerText()).replace(/[^\d]/g, '');
/** Waits until the Reviews KPI card `testId` shows `digits`. */
const expectKpi = (page: Page, testId: string, digits: string) =>
  expect.poll(async () => (await page.getByTestId(testId).locator('p').first().innerText()).replace(/[^\d]/g, ''), { timeout: 15_000 }).toBe(digits);

test('a sign-in lands on the Overview; its figures match the screens they open, and a new ticket appears live', async ({ page }) => {
  await page.goto(`${stack().baseUrl}/login`);
  await page.getByTestId('login-email').fill(DEMO_OWNER);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(`${stack().baseUrl}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page).toHaveTitle(/Overview/);

  // The real reviews are years old: over 90 days there may be none, and every figure still matches.
  await page.getByTestId('period-90').click();
  await expect(page).toHaveURL(/period=90/);
  const newReviews = await figure(page, 'figure-new-reviews');
  await page.getByTestId('figure-new-reviews').click();
  await expect(page).toHaveURL(/reviews\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expectKpi(page, 'kpi-review-count', newReviews);
  await page.goBack();

  const waiting = await figure(page, 'figure-waiting-reviews');
  expect(Number(waiting)).toBeGreaterThan(0);
  await page.getByTestId('figure-waiting-reviews').click();
  await expect(page).toHaveURL(REVIEWS_URL);
  await expect(page).toHaveURL(/needsReply=true/);
  await expectKpi(page, 'kpi-needs-reply', waiting);
  await expectKpi(page, 'kpi-review-count', waiting);
  await page.goBack();

  const open = await figure(page, 'figure-open-complaints');
  await page.getByTestId('figure-open-complaints').click();
  await expect(page).toHaveURL(/complaints\?status=open/);
  await expect(page.getByTestId('complaints-count-open')).toHaveText(open);
  await page.goBack();

  // A teammate opens an urgent ticket (due in 4 hours) through the API: the figure moves live.
  const dueSoon = Number(await figure(page, 'figure-due-soon-tickets'));
  const { choices } = await api<{ choices: { id: string }[] }>('/api/overview', {});
  await api('/api/tickets/create', { title: 'Walk-in fridge reads 9 °C', outletId: choices[0]!.id, priority: 'urgent' });
  await expect(page.getByTestId('figure-due-soon-tickets-value')).toHaveText(String(dueSoon + 1));
  await expect(page.getByTestId('sla-tickets')).toContainText('Walk-in fridge reads 9 °C');
  await page.getByTestId('figure-due-soon-tickets').click();
  await expect(page).toHaveURL(/tickets\?view=open&dueSoon=true/);
  await expect(page.getByTestId('ticket-item')).toHaveCount(dueSoon + 1);
  await expect(page.getByTestId('ticket-list')).toContainText('Walk-in fridge reads 9 °C');
});
