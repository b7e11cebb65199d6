import { expect, test } from '@playwright/test';
import { signIn, useSyncedStack } from './support/stack.ts';

/**
 * Reply templates: an owner picks a seeded template in the composer, sees it filled
 * for the review, changes a word and sends it; then adds a template in the management dialog,
 * which the composer offers at once.
 */
const stack = useSyncedStack();

interface FeedReview {
  id: string;
  reviewer: { name: string };
  outletName: string;
  outletId: string;
  brandName: string;
  canReply: boolean;
  createdTime: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('an owner replies with a template, edited before it goes out, and adds a template', async ({ page }) => {
  await signIn(page, stack().baseUrl, { listed: true });
  // An unreplied Facebook review whose reviewer Facebook names (anonymous guests have no first name).
  const token = await page.evaluate(() => localStorage.getItem('accessToken'));
  const res = await fetch(`${stack().baseUrl}/api/review_testing/get_reviews/get-reviews`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ source: 'facebook', replied: false, limit: 20 }),
  });
  const feed = (await res.json()) as { data: FeedReview[] };
  const [review, next] = feed.data.filter((r) => r.canReply && !/^facebook user$/i.test(r.reviewer.name));
  expect(next, 'two unreplied Facebook reviews with a named reviewer').toBeTruthy();
  const firstName = review!.reviewer.name.trim().split(/\s+/)[0]!;
  // Its outlet's Facebook reviews of its day: it stays listed (and open) once replied.
  const opened = (r: FeedReview) => {
    const day = r.createdTime.slice(0, 10);
    return `${stack().baseUrl}/apps/reviews_and_complaints/reviews?outletId=${r.outletId}&source=facebook&from=${day}&to=${day}&review=${r.id}`;
  };

  await page.goto(opened(review!));
  const detail = page.getByTestId('review-detail');
  const input = detail.getByTestId('reply-input');
  await detail.getByTestId('reply-template').selectOption({ label: 'Thank you (praise)' });
  await expect(input).toHaveValue(
    `Thank you, ${firstName}! We are glad you enjoyed your meal at ${review!.outletName}. The whole team at ${review!.brandName} looks forward to welcoming you again.`,
  );

  // One word changed before sending.
  const sent = (await input.inputValue()).replace('glad', 'delighted');
  await input.fill(sent);
  await detail.getByTestId('reply-submit').click();
  await expect(detail.getByTestId('comment-item').filter({ hasText: sent })).toBeVisible();
  await expect(input).toHaveValue('');

  // A new template, with a variable inserted by its button.
  await page.getByTestId('reply-templates-manage').click();
  const dialog = page.getByTestId('reply-templates-dialog');
  await expect(dialog.getByTestId('reply-template-item')).toHaveCount(3);
  await dialog.getByTestId('reply-template-add').click();
  const name = `Welcome back ${Date.now()}`;
  await dialog.getByTestId('reply-template-name').fill(name);
  await dialog.getByTestId('reply-template-body').fill('We hope to see you again soon at ');
  await dialog.getByTestId('template-variable-outlet').click();
  await expect(dialog.getByTestId('reply-template-body')).toHaveValue('We hope to see you again soon at {outlet}');
  await dialog.getByTestId('reply-template-save').click();
  await expect(dialog.getByTestId('reply-template-item').filter({ hasText: name })).toContainText('Changed by');
  await expect(dialog.getByTestId('reply-template-item')).toHaveCount(4);
  await dialog.getByTestId('reply-templates-close').click();
  await expect(dialog).toHaveCount(0);

  // The composer offers it, filled for the review it is used on.
  await page.goto(opened(next!));
  await detail.getByTestId('reply-template').selectOption({ label: name });
  await expect(input).toHaveValue(new RegExp(`^We hope to see you again soon at ${escape(next!.outletName)}$`));
});
