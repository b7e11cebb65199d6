import { expect, test, type Page } from '@playwright/test';
import { signIn as signInAs, useSharedStack } from './support/stack.ts';

/**
 * The template's content pages (FAQ, knowledge base, pricing, blog) in Chromium,
 * answered by the browser demo mock (MSW worker, docs/requirements/calls.md#demo-mock-calls):
 * - FAQ: a search (in the URL) keeps only the matching categories; nothing matches → "no results";
 * - pricing: the switch to yearly shows 40 and 80 a month and 480 and 960 a year
 *   (docs/requirements/constants.md);
 * - knowledge base: a category card, its sections, a question page and a related question;
 * - blog: list → detail → edit → save, the new title on the post and in the list, also after a
 *   reload (the demo data is kept for the session).
 * Screenshots are written to the test's output folder (test-results/…).
 */

const stack = useSharedStack();

async function open(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 850 });
  await signInAs(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}${path}`);
}

test('faq: search the questions and see only the matching categories', async ({ page }, testInfo) => {
  await open(page, '/pages/faq');
  await expect(page).toHaveTitle(/FAQ/);
  const tabs = page.getByTestId('faq-tabs').getByRole('tab');
  await expect(tabs).toHaveCount(5);
  await page.screenshot({ path: testInfo.outputPath('faq-light.png'), animations: 'disabled' });

  await page.getByTestId('faq-search').fill('Cancel');
  await expect(page).toHaveURL(/\/pages\/faq\?q=Cancel$/);
  await expect(tabs).toHaveCount(1);
  await expect(tabs.first()).toHaveText('Cancellation & Return');
  const question = page.getByRole('button', { name: 'Can I cancel my order?' });
  await question.click();
  await expect(page.getByText('You can cancel free of charge until the kitchen starts preparing it')).toBeVisible();

  await page.getByTestId('faq-search').fill('octopus');
  await expect(page.getByTestId('faq-no-results')).toContainText('No question matches “octopus”');
});

test('pricing: switch to yearly and see 40/80 a month and 480/960 a year', async ({ page }, testInfo) => {
  await open(page, '/pages/pricing');
  await expect(page).toHaveTitle(/Pricing/);
  await expect(page.getByTestId('pricing-price-basicPlan')).toHaveText('$0');
  await expect(page.getByTestId('pricing-price-standardPlan')).toHaveText('$49');
  await expect(page.getByTestId('pricing-price-enterprisePlan')).toHaveText('$99');
  await expect(page.getByTestId('pricing-plan-standardPlan').getByTestId('pricing-popular')).toBeVisible();

  // The switch follows the URL, which React Router updates in a transition: click, then wait for it.
  const yearly = page.getByRole('switch', { name: 'Bill yearly' });
  await yearly.click();
  await expect(yearly).toBeChecked();
  await expect(page).toHaveURL(/\?billing=yearly$/);
  await expect(page.getByTestId('pricing-price-standardPlan')).toHaveText('$40');
  await expect(page.getByTestId('pricing-price-enterprisePlan')).toHaveText('$80');
  await expect(page.getByTestId('pricing-annual-standardPlan')).toHaveText('$480 billed yearly');
  await expect(page.getByTestId('pricing-annual-enterprisePlan')).toHaveText('$960 billed yearly');
  await page.screenshot({ path: testInfo.outputPath('pricing-yearly-light.png'), animations: 'disabled', fullPage: true });

  // The choice is in the URL: a reload keeps it; the dark skin too.
  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  await page.reload();
  await expect(page.getByTestId('pricing-price-standardPlan')).toHaveText('$40');
  await page.screenshot({ path: testInfo.outputPath('pricing-yearly-dark.png'), animations: 'disabled' });
});

test('knowledge base: open a category, a question and a related question', async ({ page }, testInfo) => {
  await open(page, '/pages/knowledge-base');
  await expect(page).toHaveTitle(/Knowledge base/);
  await expect(page.getByTestId('kb-item')).toHaveCount(6);
  await page.getByTestId('kb-search').fill('api');
  await expect(page.getByTestId('kb-item')).toHaveCount(1);
  await page.screenshot({ path: testInfo.outputPath('kb-light.png'), animations: 'disabled' });
  await page.getByTestId('kb-item').click();

  await expect(page).toHaveURL(/\/pages\/knowledge-base\/api-questions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'API Questions' })).toBeVisible();
  await expect(page.getByTestId('kb-section')).toHaveCount(6);
  await page.getByRole('link', { name: 'How do I connect my POS system?' }).click();

  await expect(page).toHaveURL(/\/pages\/knowledge-base\/api-questions\/how-do-i-connect-my-pos-system$/);
  await expect(page.getByRole('heading', { level: 1, name: 'How do I connect my POS system?' })).toBeVisible();
  await expect(page.getByTestId('kb-question-content').locator('ol li').first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('kb-question-light.png'), animations: 'disabled' });
  await page.getByTestId('kb-related').getByRole('link', { name: 'Which webhooks are available?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Which webhooks are available?' })).toBeVisible();
});

test('blog: list, detail, edit and save', async ({ page }, testInfo) => {
  await open(page, '/pages/blog/list');
  await expect(page).toHaveTitle(/Blog/);
  const list = page.getByTestId('blog-list');
  await expect(list.getByTestId('blog-post').first()).toBeVisible();
  await expect(page.getByTestId('blog-categories').getByRole('link')).toHaveText(['Fashion', 'Food', 'Gaming', 'Quote', 'Video']);
  await page.screenshot({ path: testInfo.outputPath('blog-list-light.png'), animations: 'disabled' });

  const first = list.getByTestId('blog-post-title').first();
  const title = (await first.textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/pages\/blog\/detail\/\d+$/);
  await expect(page.getByTestId('blog-detail-title')).toHaveText(title);
  const comments = page.getByTestId('blog-comment');
  const before = await comments.count();

  const form = page.getByTestId('blog-comment-form');
  await form.getByTestId('blog-comment-name').fill('Ada Byron');
  await form.getByTestId('blog-comment-email').fill('ada@example.com');
  await form.getByTestId('blog-comment-text').fill('Booked a table for Friday after reading this!');
  await form.getByTestId('blog-comment-submit').click();
  await expect(comments).toHaveCount(before + 1);
  await expect(comments.last()).toContainText('Booked a table for Friday after reading this!');
  await page.screenshot({ path: testInfo.outputPath('blog-detail-light.png'), animations: 'disabled' });

  await page.getByTestId('blog-edit-link').click();
  await expect(page).toHaveURL(/\/pages\/blog\/edit\/\d+$/);
  const editor = page.getByTestId('blog-edit-form');
  await expect(editor.getByTestId('blog-edit-title')).toHaveValue(title);
  await editor.getByTestId('blog-edit-title').fill('Sunday lunch, the way our chefs cook it');
  await editor.getByRole('button', { name: 'From title' }).click();
  await expect(editor.getByTestId('blog-edit-slug')).toHaveValue('sunday-lunch-the-way-our-chefs-cook-it');
  await editor.getByTestId('blog-edit-image-input').setInputFiles({ name: 'plate.png', mimeType: 'image/png', buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64') });
  await expect(editor.getByTestId('blog-edit-image-preview')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await page.screenshot({ path: testInfo.outputPath('blog-edit-light.png'), animations: 'disabled' });
  await editor.getByTestId('blog-edit-save').click();

  await expect(page).toHaveURL(/\/pages\/blog\/detail\/\d+$/);
  await expect(page.getByTestId('blog-detail-title')).toHaveText('Sunday lunch, the way our chefs cook it');
  await expect(page.getByTestId('blog-toast')).toContainText('The post is saved.');

  // Kept for the session: the list shows the new title after a reload.
  await page.goto(`${stack().baseUrl}/pages/blog/list`);
  await page.reload();
  await expect(page.getByTestId('blog-list').getByTestId('blog-post-title').first()).toHaveText('Sunday lunch, the way our chefs cook it');
});
