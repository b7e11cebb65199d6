import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER, DEMO_PASSWORD, signIn, useSyncedStack } from './support/stack.ts';

/**
 * Google reviews in the one feed: reply, edit and delete through Google; filter by
 * source and sentiment, then export; a new Google review appears live in a second browser.
 */
const stack = useSyncedStack();

async function ownerToken(): Promise<string> {
  const res = await fetch(`${stack().baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_OWNER, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

async function api<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${stack().baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${await ownerToken()}` }, body: JSON.stringify(body) });
  expect(res.ok, `${path} answered ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

interface Location {
  id: string;
  outletId: string;
  sync: { status: string };
}

/** Waits until the demo owner's Google locations have synced once. */
async function googleLocations(): Promise<Location[]> {
  let locations: Location[] = [];
  await expect
    .poll(async () => {
      locations = (await api<{ data: Location[] }>('/api/review_testing/get_locations/get-locations', {})).data;
      return locations.length > 0 && locations.every((l) => l.sync.status === 'ok');
    }, { timeout: 60_000 })
    .toBe(true);
  return locations;
}

const reviewsUrl = (query: string) => `${stack().baseUrl}/apps/reviews_and_complaints/reviews?${query}`;

async function openFirst(page: Page) {
  const first = page.getByTestId('review-item').first();
  await expect(first).toBeVisible();
  await first.click();
  const detail = page.getByTestId('review-detail');
  await expect(detail).toBeVisible();
  return detail;
}

test('an owner replies to a Google review, edits the reply and deletes it; Google holds each step', async ({ page }) => {
  const [location] = await googleLocations();
  await signIn(page, stack().baseUrl);
  await page.goto(reviewsUrl(`outletId=${location!.outletId}&source=google&replied=false`));
  const detail = await openFirst(page);
  const reviewId = new URL(page.url()).searchParams.get('review')!;
  await expect(page.getByTestId('review-item').first().getByTestId('review-source')).toHaveText('Google');

  const first = `Thank you for the visit and the kind words about our haleem; see you again soon (e2e ${Date.now()}).`;
  await detail.getByTestId('reply-input').fill(first);
  await detail.getByTestId('reply-submit').click();
  await expect(detail.getByTestId('google-reply')).toContainText(first);

  const edited = `We are glad you enjoyed the haleem; next time ask for the chef's special mutton biryani (e2e ${Date.now()}).`;
  await detail.getByTestId('google-reply-edit').click();
  await detail.getByTestId('reply-input').fill(edited);
  await detail.getByTestId('reply-submit').click();
  await expect(detail.getByTestId('google-reply')).toContainText(edited);

  // A full sync reads the review back from Google: the edited reply is what Google has.
  const synced = await api<{ fetched: number }>('/api/review_testing/google/sync', { locationId: location!.id });
  expect(synced.fetched).toBeGreaterThan(0);
  // Reloaded among the replied reviews (it no longer is "not replied"), the reply is Google's.
  await page.goto(reviewsUrl(`outletId=${location!.outletId}&source=google&replied=true&review=${reviewId}`));
  await expect(page.getByTestId('review-detail').getByTestId('google-reply')).toContainText(edited);

  await page.getByTestId('review-detail').getByTestId('google-reply-delete').click();
  await page.getByTestId('review-detail').getByTestId('google-reply-delete-confirm').click();
  await expect(page.getByTestId('review-detail').getByTestId('google-reply')).toHaveCount(0);
  await expect(page.getByTestId('review-detail').getByTestId('reply-input')).toBeVisible();
  await api('/api/review_testing/google/sync', { locationId: location!.id });
  const feed = await api<{ data: { id: string; reply: unknown }[] }>('/api/review_testing/get_reviews/get-reviews', { outletId: location!.outletId, source: 'google', replied: false, limit: 100 });
  expect(feed.data.find((r) => r.id === reviewId)?.reply).toBeNull();
});

test('filters by source and sentiment, then exports exactly those reviews as CSV', async ({ page }) => {
  await googleLocations();
  await signIn(page, stack().baseUrl, { listed: true });
  await page.getByTestId('filter-source').selectOption('google');
  await page.getByTestId('filter-sentiment').selectOption('negative');
  await expect(page).toHaveURL(/source=google/);
  await expect(page).toHaveURL(/sentiment=negative/);
  await expect(page.getByTestId('review-item').first()).toBeVisible();
  for (const source of await page.getByTestId('review-source').allTextContents()) expect(source).toBe('Google');

  const expected = await api<{ reviewCount: number }>('/api/review_testing/get_reviews/kpis', { source: 'google', sentiment: 'negative' });
  await expect(page.getByTestId('kpi-review-count')).toContainText(String(expected.reviewCount));
  await page.getByTestId('export-csv').click();
  const done = page.getByTestId('export-done');
  await expect(done).toBeVisible({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), done.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^reviews-.*\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toContain('Review id');
  // Every exported row is a negative Google review, and there are as many as the KPIs count.
  expect(csv.match(/^\d+,google,/gm)?.length).toBe(expected.reviewCount);
  expect(csv.match(/,negative,/g)?.length).toBeGreaterThanOrEqual(expected.reviewCount);
});

test('a new Google review appears in a second browser without a reload', async ({ page, browser }) => {
  const [location] = await googleLocations();
  await signIn(page, stack().baseUrl);
  await page.goto(reviewsUrl(`outletId=${location!.outletId}&source=google`));
  await expect(page.getByTestId('review-item').first()).toBeVisible();

  const other = await browser.newContext();
  const second = await other.newPage();
  await signIn(second, stack().baseUrl, { email: 'viewer@spice-route.demo' });
  await second.goto(reviewsUrl('source=google'));
  await expect(second.getByTestId('review-item').first()).toBeVisible();

  const reviewer = `Live Guest ${Date.now()}`;
  const added = await fetch(`${stack().simUrl}/__sim/google/review`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ location: location!.id, reviewer, starRating: 'TWO', comment: 'The dosa was cold and we waited forty minutes.' }),
  });
  expect(added.status).toBe(201);
  // Google has no push: the next sync stores it and announces it over the socket.
  await api('/api/review_testing/google/sync', { locationId: location!.id });

  await expect(second.getByTestId('review-item').filter({ hasText: reviewer })).toBeVisible();
  await expect(page.getByTestId('review-item').filter({ hasText: reviewer })).toBeVisible();
  await other.close();
});
