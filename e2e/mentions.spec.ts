import { expect, test, type Locator } from '@playwright/test';
import { signIn, useSyncedStack } from './support/stack.ts';

/**
 * Internal comments and the mention bell: the demo owner writes an internal comment
 * on a review, mentioning a teammate chosen from the suggestions by keyboard; the teammate, on
 * the reviews screen in another browser since before the comment was posted, sees the bell's
 * count go up without a reload, finds the mention in the bell's list, and opening it shows the
 * review with the comment.
 */
const stack = useSyncedStack();

/**
 * The teammate: the Spice Route agent sees every outlet of the owner's client (so the owner's
 * review) and may read conversations, which opens the socket that carries `mention:new`
 * (apps/server/src/db/seed.ts: `agent@<client>`, named "<client name> Agent").
 */
const AGENT = 'agent@spice-route.demo';
const AGENT_NAME = 'Spice Route Hospitality Agent';

/** The unread count the bell's name says ("Mentions" or "Mentions, 3 unread"). */
async function unreadOf(bell: Locator): Promise<number> {
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(name)?.[1] ?? 0);
}

const bellName = (count: number) => (count > 0 ? `Mentions, ${count} unread` : 'Mentions');

test('a mention in an internal comment reaches the teammate’s bell live and opens the review with the comment', async ({ page, browser }) => {
  // The teammate is already on the reviews screen, in a browser of their own.
  const teammateContext = await browser.newContext();
  const teammate = await teammateContext.newPage();
  await signIn(teammate, stack().baseUrl, { email: AGENT, listed: true });
  const bell = teammate.getByTestId('mention-bell');
  await expect(bell).toBeVisible();
  const before = await unreadOf(bell);

  // The owner opens a review and writes an internal comment.
  await signIn(page, stack().baseUrl, { listed: true });
  await page.getByTestId('review-item').first().click();
  const detail = page.getByTestId('review-detail');
  await expect(detail).toBeVisible();
  const reviewId = new URL(page.url()).searchParams.get('review');
  expect(reviewId).toBeTruthy();
  const section = detail.getByTestId('internal-comments');
  await expect(section).toContainText('never published');

  const stamp = `e2e ${Date.now()}`;
  const input = section.getByTestId('internal-comment-input');
  await input.click();
  await input.pressSequentially('Please call this guest back, @Agen');
  // The suggestions: teammates who can see the outlet, narrowed by what follows the @.
  const option = page.getByTestId('mention-option').filter({ hasText: AGENT_NAME });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await input.press('Enter');
  await expect(input).toHaveValue(`Please call this guest back, @${AGENT_NAME} `);
  await input.pressSequentially(`today (${stamp}).`);
  await section.getByTestId('internal-comment-submit').click();

  const comment = section.getByTestId('internal-comment').filter({ hasText: stamp });
  await expect(comment).toBeVisible();
  await expect(comment.getByTestId('mention')).toHaveText(`@${AGENT_NAME}`);
  await expect(input).toHaveValue('');

  // The teammate's bell counts it without a reload, and its list shows it, unread.
  await expect(bell).toHaveAccessibleName(bellName(before + 1));
  await bell.click();
  const popover = teammate.getByRole('dialog', { name: 'Mentions' });
  const mention = popover.getByTestId('mention-item').filter({ hasText: stamp });
  await expect(mention).toBeVisible();
  await expect(mention).toHaveAttribute('data-status', 'unread');
  await expect(mention).toContainText('Spice Route Hospitality Owner mentioned you');

  // Opening it marks it read and shows the review with the comment.
  await mention.getByTestId('mention-open').click();
  await expect(teammate).toHaveURL(new RegExp(`[?&]review=${reviewId}(&|$)`));
  const teammateDetail = teammate.getByTestId('review-detail');
  await expect(teammateDetail.getByTestId('internal-comment').filter({ hasText: stamp })).toBeVisible();
  await expect(bell).toHaveAccessibleName(bellName(before));

  await teammateContext.close();
});
