import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PASSWORD, startStack, waitForSync, type Stack } from './support/stack.ts';

/**
 * The demo's clock (docs/decisions/0006): a fresh stack as `npm start` seeds it (the London
 * orders, the data moved forward by whole weeks) shows a live restaurant group to its owner on
 * the first screen, without a click: an average rating, new reviews in the last 30 days, orders
 * and sales of the London takeaways, a rating trend with points, replies waiting days (not
 * years), complaints opened from the recent 1–2★ reviews and tickets whose SLA timers run; the
 * data tracker says the demo data moved.
 */
let running: Stack | undefined;
const stack = () => running!;
// Not `useSyncedStack`: its wait for every background job of the start would also wait out the
// moved demo's automation matches and Google retries; the journey waits for what it shows.
test.beforeAll(async () => {
  test.setTimeout(900_000);
  running = await startStack({ orders: true, demoClock: true });
  await waitForSync(running.baseUrl, DEMO_OWNER, DEMO_PASSWORD, 300_000);
});
test.afterAll(async () => {
  await running?.stop();
});

const value = (page: Page, testId: string) => page.getByTestId(`${testId}-value`);
const digits = async (page: Page, testId: string) => Number((await value(page, testId).innerText()).replace(/[^\d]/g, ''));

test('a fresh start shows the restaurant group as it is today, without a click', async ({ page }) => {
  test.setTimeout(420_000);
  // The demo's tickets open once the first sync's complaints are in (a one-time job).
  await expect
    .poll(
      async () => {
        const login = await fetch(`${stack().baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_OWNER, password: DEMO_PASSWORD }) });
        const { accessToken } = (await login.json()) as { accessToken: string };
        const res = await fetch(`${stack().baseUrl}/api/tickets/list`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` }, body: JSON.stringify({ view: 'open' }) });
        return ((await res.json()) as { data: unknown[] }).data.length;
      },
      { timeout: 300_000, intervals: [2000] },
    )
    .toBeGreaterThan(0);

  await page.goto(`${stack().baseUrl}/login`);
  await page.getByTestId('login-email').fill(DEMO_OWNER);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(`${stack().baseUrl}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  // The default period (30 days).
  await expect(value(page, 'figure-rating')).toHaveText(/^\d+([.,]\d+)?$/);
  expect(await digits(page, 'figure-new-reviews')).toBeGreaterThan(0);
  expect(await digits(page, 'figure-orders')).toBeGreaterThan(0);
  await expect(value(page, 'figure-sales')).not.toHaveText(/^£0\.00$/);
  expect(await digits(page, 'figure-sales')).toBeGreaterThan(0);
  // Both London takeaways sold in these 30 days.
  for (const name of ['Takeaway 1', 'Takeaway 2']) {
    const row = page.getByTestId('overview-outlets').locator('tr', { hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).not.toContainText('£0.00');
  }

  // A rating trend with points: bars of the days that had reviews.
  const trend = page.getByTestId('rating-trend');
  const bars = trend.getByTestId('rating-trend-bars').locator('line.ct-bar');
  await expect(bars.first()).toBeAttached();
  // Chartist draws a bar for every day; a day without reviews is a line of no length.
  const daysWithReviews = await bars.evaluateAll((lines) => lines.filter((l) => l.getAttribute('y1') !== l.getAttribute('y2')).length);
  expect(daysWithReviews).toBeGreaterThan(5);
  await expect(trend.getByTestId('rating-trend-line').locator('path.ct-line')).toBeAttached();

  // Replies waiting days, not years.
  const waiting = page.getByTestId('waiting-reviews').getByRole('link');
  await expect(waiting.first()).toBeVisible();
  for (const text of await waiting.allInnerTexts()) {
    const m = /Waiting ([\d,]+) (minute|hour|day)s?/.exec(text);
    expect(m, text).not.toBeNull();
    if (m![2] === 'day') expect(Number(m![1]!.replace(/,/g, '')), text).toBeLessThan(365);
  }

  // Complaints opened from the recent 1–2★ reviews, tickets with running SLA timers.
  expect(await digits(page, 'figure-open-complaints')).toBeGreaterThan(0);
  await expect(page.getByTestId('sla-tickets').getByRole('link').first()).toBeVisible();
  expect(await digits(page, 'figure-due-soon-tickets')).toBeGreaterThan(0);

  // Reviews' KPIs: a response rate and a median response time of hours or days (the demo's Google replies).
  await page.goto(`${stack().baseUrl}/apps/reviews_and_complaints/reviews`);
  const kpi = (testId: string) => page.getByTestId(testId).locator('p').first();
  await expect(kpi('kpi-response-rate')).toHaveText(/^[1-9]\d*\s?%$/);
  await expect(kpi('kpi-response-time')).toHaveText(/^\d+\s?(hr|hour|hours|day|days)\.?$/);
  const median = /^(\d+)\s?(day|days)$/.exec(await kpi('kpi-response-time').innerText());
  if (median) expect(Number(median[1])).toBeLessThanOrEqual(3);

  await page.goto(`${stack().baseUrl}/apps/reviews_and_complaints/tickets?view=open`);
  const due = page.getByTestId('ticket-due');
  await expect(due.first()).toBeVisible();
  for (const text of await due.allInnerTexts()) expect(text).toMatch(/^Due in \d+ (minute|hour|day)s?$/);

  await page.goto(`${stack().baseUrl}/apps/reviews_and_complaints/complaints?status=open`);
  await expect(page.getByTestId('complaints-count-open')).not.toHaveText('0');

  // The data tracker says what was moved.
  await page.goto(`${stack().baseUrl}/apps/reporting/data-tracker`);
  await expect(page.getByText(/^Demo data moved forward by \d+ weeks$/).first()).toBeVisible();
});
