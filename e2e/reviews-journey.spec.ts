import { expect, test, type Page } from '@playwright/test';
import { DEMO_OWNER as OWNER, DEMO_PASSWORD as PASSWORD, LOGIN_TO_REVIEWS, signIn, useSyncedStack } from './support/stack.ts';


const stack = useSyncedStack();

test('a wrong password shows the error', async ({ page }) => {
  await page.goto(`${stack().baseUrl}/login`);
  await page.getByTestId('login-email').fill(OWNER);
  await page.getByTestId('login-password').fill('not-the-password');
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('login-error')).toContainText('Email or password is incorrect');
  await expect(page).toHaveURL(/\/login/);
});

test('an owner replies to a real Facebook review; the reply survives reload and restart and is on the Graph API', async ({ page }) => {
  await page.goto(`${stack().baseUrl}${LOGIN_TO_REVIEWS}`);
  await page.getByTestId('login-email').fill(OWNER);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/apps\/reviews_and_complaints\/reviews/);
  // Facebook's reviews: their replies are comments on the review's story.
  await page.getByTestId('filter-source').selectOption('facebook');
  await expect(page).toHaveURL(/source=facebook/);

  const first = page.getByTestId('review-item').first();
  await expect(first).toBeVisible();
  await first.click();
  const detail = page.getByTestId('review-detail');
  await expect(detail).toBeVisible();
  const url = new URL(page.url());
  const reviewId = url.searchParams.get('review');
  expect(reviewId).toBeTruthy();

  const message = `Thank you for your review; we are glad the biryani was worth the wait! (e2e ${Date.now()})`;
  await detail.getByTestId('reply-input').fill(message);
  await detail.getByTestId('reply-submit').click();
  await expect(detail.getByTestId('comment-item').filter({ hasText: message })).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('review-detail').getByTestId('comment-item').filter({ hasText: message })).toBeVisible();

  await stack().restart();
  await page.reload();
  await expect(page.getByTestId('review-detail').getByTestId('comment-item').filter({ hasText: message })).toBeVisible();

  // Straight from the simulator's Graph API, as Facebook would answer it.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const reviews = await (await fetch(`${stack().baseUrl}/api/review_testing/get-fb-reviews?limit=100`, { headers: { authorization: `Bearer ${token}` } })).json();
  const review = reviews.data.find((r: { id: string }) => r.id === reviewId);
  const users = await (await fetch(`${stack().simUrl}/__sim/test-users`)).json();
  let found = false;
  for (const u of users.data ?? users) {
    const accounts = await stack().graph<{ data: { id: string; access_token: string }[] }>('me/accounts?fields=id,access_token&limit=100', u.access_token ?? u.accessToken);
    const pageAccount = accounts.data.find((p: { id: string }) => p.id === review.pageId);
    if (!pageAccount) continue;
    const comments = await stack().graph<{ data: { message: string }[] }>(`${review.storyId}/comments?fields=message,from`, pageAccount.access_token);
    found = comments.data.some((c: { message: string }) => c.message === message);
  }
  expect(found).toBe(true);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('logout').click();
  await expect(page).toHaveURL(/\/login/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test('the reply check warns on a repeated reply; an owner sends it anyway, an agent cannot', async ({ page, browser }) => {
  await signIn(page, stack().baseUrl, { listed: true });
  const message = `We are sorry the paneer was cold; the kitchen has changed how it holds dishes (check ${Date.now()}).`;
  // Two reviews of the same page that can be replied to.
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const all = (await (await fetch(`${stack().baseUrl}/api/review_testing/get-fb-reviews?limit=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: string; outletId: string; canReply: boolean }[] };
  const byOutlet = new Map<string, string[]>();
  for (const r of all.data.filter((x) => x.canReply)) byOutlet.set(r.outletId, [...(byOutlet.get(r.outletId) ?? []), r.id]);
  // The newest Facebook reviews of one outlet: the first ones its filtered list shows.
  const [outletId, ids] = [...byOutlet].find(([, list]) => list.length >= 3)!;

  const replyTo = async (p: Page, reviewId: string) => {
    await p.goto(`${stack().baseUrl}/apps/reviews_and_complaints/reviews?outletId=${outletId}&source=facebook&review=${reviewId}`);
    const detail = p.getByTestId('review-detail');
    await detail.getByTestId('reply-input').fill(message);
    await detail.getByTestId('reply-submit').click();
    return detail;
  };
  const first = await replyTo(page, ids[0]!);
  await expect(first.getByTestId('comment-item').filter({ hasText: message })).toBeVisible();

  // The same words on another review of the outlet: the check stops it and says why.
  const second = await replyTo(page, ids[1]!);
  const check = second.getByTestId('reply-check');
  await expect(check).toContainText('repeats one of this outlet’s last 20 replies');
  await expect(second.getByTestId('comment-item').filter({ hasText: message })).toHaveCount(0);

  // An agent is told to change it and has no Send anyway.
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await signIn(agentPage, stack().baseUrl, { email: 'agent@spice-route.demo' });
  const agentDetail = await replyTo(agentPage, ids[2]!);
  await expect(agentDetail.getByTestId('reply-check')).toContainText('ask an owner');
  await expect(agentDetail.getByTestId('reply-send-anyway')).toHaveCount(0);
  await agentContext.close();

  // The owner sends it anyway.
  await check.getByTestId('reply-send-anyway').click();
  await expect(second.getByTestId('comment-item').filter({ hasText: message })).toBeVisible();
  await expect(second.getByTestId('reply-check')).toHaveCount(0);
});
