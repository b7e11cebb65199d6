import { expect, test } from '@playwright/test';
import { DEMO_OWNER, DEMO_PASSWORD, signIn, useSyncedStack } from './support/stack.ts';

/**
 * Automation (docs/decisions/0028) through the real stack and the Graph simulator:
 * the owner creates a rule on the Automation screen (1–2★ and a keyword no other review holds,
 * "Draft a reply" from a template, 5 minutes' delay), dry-runs it, saves it switched on; a guest
 * then leaves a one-star Facebook rating with the keyword (the simulator sends the page's `feed`
 * webhook), and the History tab shows the rule's run as scheduled with its due time. The owner
 * then runs it now instead of waiting out the 5 minutes ("Run now", docs/decisions/0028): the
 * queue acts, the run is done, and the draft waits in the approval queue, where the owner
 * approves it and it is posted on the guest's rating.
 */
const stack = useSyncedStack();

async function ownerToken(): Promise<string> {
  const res = await fetch(`${stack().baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_OWNER, password: DEMO_PASSWORD }) });
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Letters only: keywords match whole words, and this one is in no review of the demo data. */
function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = 'zq';
  for (let n = Date.now(); n > 0; n = Math.floor(n / letters.length)) word += letters[n % letters.length];
  return word;
}

test('an owner creates, dry-runs and switches on a rule; a matching guest rating is scheduled, run now, and its draft approved', async ({ page }, testInfo) => {
  // About 30 s on an idle machine; cold chunk loads stretch it when the cores are shared.
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  // A Facebook page of the demo owner, for the guest's rating.
  const { data: pages } = (await (await fetch(`${stack().baseUrl}/api/review_testing/get-fb-pages`, { headers: { authorization: `Bearer ${await ownerToken()}` } })).json()) as { data: { id: string }[] };
  const pageId = pages[0]!.id;
  const keyword = uniqueWord();
  const ruleName = `Cold food ${keyword}`;

  await signIn(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}/apps/reviews_and_complaints/automation`);
  // A cold load of the screen's chunks: on a busy machine (shared CI cores) it has taken 15 s.
  await expect(page.getByRole('heading', { level: 1, name: 'Automation' })).toBeVisible({ timeout: 60_000 });

  // The rule: 1–2★ with the keyword → draft a reply from a template, after 5 minutes.
  await page.getByTestId('automation-new-rule').click();
  const editor = page.getByTestId('automation-editor');
  await editor.getByTestId('automation-rule-name').fill(ruleName);
  await editor.getByTestId('automation-ratingMin').selectOption('1');
  await editor.getByTestId('automation-ratingMax').selectOption('2');
  await editor.getByTestId('automation-keywords').fill(keyword);
  await editor.getByTestId('automation-keywords').press('Enter');
  await expect(editor.getByText(keyword, { exact: true })).toBeVisible();
  await editor.getByTestId('automation-add-action-type').selectOption('draft');
  await editor.getByTestId('automation-add-action').click();
  await editor.getByTestId('automation-action-templates').click();
  await page.getByRole('listbox').getByRole('option').first().click();
  // Closes the template list (it stays open for more picks).
  await editor.getByRole('heading', { name: 'New rule' }).click();
  await editor.getByTestId('automation-delay-5').click();
  await expect(editor.getByTestId('automation-delay-5')).toHaveAttribute('aria-pressed', 'true');

  // The dry run answers over the demo client's past reviews; none holds the made-up keyword.
  await editor.getByTestId('automation-dry-run').click();
  const result = editor.getByTestId('dry-run-result');
  await expect(result.getByTestId('dry-run-summary')).toHaveText(/^0 of [\d,]+ reviews between .+ and .+ would match\.$/);
  await page.screenshot({ path: testInfo.outputPath('automation-editor-light.png'), animations: 'disabled' });

  await editor.getByTestId('automation-enable-now').click();
  await editor.getByTestId('automation-save').click();
  await expect(editor).toBeHidden();
  const card = page.getByTestId('automation-rule').filter({ hasText: ruleName });
  await expect(card.getByRole('switch')).toBeChecked();
  await expect(card.getByTestId('automation-rule-trigger')).toHaveText('New review');
  await expect(card.getByTestId('automation-rule-summary')).toHaveText(`New review1–2★, keywords: ${keyword} → Draft reply (1 template) after 5 minutes`);

  // A guest's one-star rating with the keyword: the `feed` webhook stores it and queues the match.
  const guest = `Guest ${keyword}`;
  const added = await fetch(`${stack().simUrl}/__sim/guest-rating`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageId, name: guest, rating: 1, text: `The biryani was cold and ${keyword} too.` }),
  });
  expect(added.ok, `guest-rating answered ${added.status}`).toBe(true);

  // Within seconds the run is scheduled (webhook → job); the history is asked again on reload.
  await page.getByTestId('automation-tab-history').click();
  await expect(page).toHaveURL(/\?tab=history$/);
  const run = page.getByTestId('automation-run').filter({ hasText: guest });
  await expect(async () => {
    await page.reload();
    await expect(run).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 45_000, intervals: [1_000, 2_000] });
  await expect(run).toHaveAttribute('data-status', 'scheduled');
  await expect(run.getByTestId('automation-run-status')).toHaveText('Scheduled');
  await expect(run).toContainText(`Rule: ${ruleName}`);
  await expect(run.getByTestId('automation-run-when')).toHaveText(/^Due /);
  // Due 5 minutes after the match.
  const dueAt = Date.parse((await run.getByTestId('automation-run-when').locator('time').getAttribute('datetime')) ?? '');
  expect(dueAt - Date.now()).toBeGreaterThan(3 * 60_000);
  expect(dueAt - Date.now()).toBeLessThanOrEqual(5 * 60_000 + 5_000);
  await expect(run.getByTestId('review-ref-reviewer')).toHaveText(guest);

  // The same screen in the dark skin (layout settings are stored in the browser).
  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-skin', 'dark');
  await expect(run).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('automation-history-dark.png'), animations: 'disabled' });
  await page.getByTestId('automation-tab-rules').click();
  await expect(card).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('automation-rules-dark.png'), animations: 'disabled' });

  // Run now: the queued job moves to now, the run finishes with a draft for approval.
  await page.getByTestId('automation-tab-history').click();
  await run.getByTestId('automation-run-now').click();
  await expect(async () => {
    await page.reload();
    await expect(run).toHaveAttribute('data-status', 'done', { timeout: 3_000 });
  }).toPass({ timeout: 45_000, intervals: [1_000, 2_000] });
  await expect(run.getByTestId('automation-run-status')).toHaveText('Done');
  await expect(run.getByTestId('outcome')).toHaveText(/^Draft a reply for approval: drafted for approval/);

  await page.getByTestId('automation-tab-drafts').click();
  const draft = page.getByTestId('automation-draft').filter({ hasText: guest });
  await expect(draft).toHaveAttribute('data-status', 'pending');
  await expect(draft).toContainText(`Rule: ${ruleName}`);
  await expect(page.getByTestId('automation-pending-count')).not.toHaveText('0');
  await page.screenshot({ path: testInfo.outputPath('automation-drafts-dark.png'), animations: 'disabled' });
  const text = await draft.getByTestId('draft-text').inputValue();
  expect(text.length).toBeGreaterThan(10);
  await draft.getByTestId('draft-approve').click();
  // Approved, it leaves the pending queue and is posted as the page's reply on the guest's rating.
  await expect(draft).toBeHidden();
  await page.getByTestId('automation-draft-status').selectOption('approved');
  await expect(page.getByTestId('automation-draft').filter({ hasText: guest })).toHaveAttribute('data-status', 'approved');
  const token = await ownerToken();
  const approved = (await (await fetch(`${stack().baseUrl}/api/automation/drafts/list`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ status: 'approved' }) })).json()) as { data: { reviewId: string | null; reviewerName: string }[] };
  const reviewId = approved.data.find((d) => d.reviewerName === guest)!.reviewId!;
  const replies = (await (await fetch(`${stack().baseUrl}/api/review_testing/get-fb-comments?pageId=${pageId}&reviewId=${reviewId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { message: string }[] };
  expect(replies.data.map((c) => c.message)).toContain(text);
});
