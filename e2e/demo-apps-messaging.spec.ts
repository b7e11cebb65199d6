import { expect, test, type Page } from '@playwright/test';
import { signIn as signInAs, useSharedStack } from './support/stack.ts';

/**
 * The template's email, chat and todo demo apps in Chromium, answered by the browser
 * demo mock (MSW worker, docs/requirements/calls.md#demo-mock-calls), whose data is kept for the
 * session:
 * - email: an inbox email goes to trash and comes back to the inbox; a composed email lands in
 *   sent;
 * - chat: a message sent with Enter shows in the conversation and is still there after a reload;
 * - todo: a new task is completed and found under the Completed filter (in the URL).
 * Screenshots of each app are written to the test's output folder (test-results/…).
 */

const stack = useSharedStack();

async function open(page: Page, path: string): Promise<void> {
  await page.setViewportSize({ width: 1366, height: 850 });
  await signInAs(page, stack().baseUrl);
  await page.goto(`${stack().baseUrl}${path}`);
}

test('email: move an inbox email to trash and back, and send one into sent', async ({ page }, testInfo) => {
  await open(page, '/apps/email');
  await expect(page).toHaveTitle(/Email/);
  const firstRow = page.getByTestId('email-item').first();
  await expect(firstRow).toBeVisible();
  const id = await firstRow.getAttribute('data-email-id');
  const row = page.locator(`[data-testid="email-item"][data-email-id="${id}"]`);
  await page.screenshot({ path: testInfo.outputPath('email-light.png'), animations: 'disabled' });

  await row.getByRole('checkbox').check();
  await page.getByTestId('email-trash').click();
  await expect(page.getByTestId('email-toast')).toContainText('moved to Trash');
  await expect(row).toHaveCount(0);

  await page.getByTestId('email-folder-trash').click();
  await expect(page).toHaveURL(/\/apps\/email\/trash$/);
  await expect(row).toBeVisible();
  await row.getByRole('checkbox').check();
  await page.getByTestId('email-move-menu').click();
  await page.getByTestId('email-move-to-inbox').click();
  await expect(row).toHaveCount(0);

  await page.getByTestId('email-folder-inbox').click();
  await expect(page).toHaveURL(/\/apps\/email$/);
  await expect(row).toBeVisible();

  // Open it: the detail shows the sanitised body and the newer/older navigation.
  await row.getByTestId('email-open').click();
  await expect(page.getByTestId('email-detail')).toBeVisible();
  await expect(page.getByTestId('email-body')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('email-detail-light.png'), animations: 'disabled' });
  await page.getByTestId('email-back').click();

  await page.getByTestId('email-compose').click();
  const dialog = page.getByTestId('email-compose-dialog');
  await dialog.getByTestId('email-compose-to').fill('ada@example.com');
  await dialog.getByTestId('email-compose-subject').fill('Tasting menu for Friday');
  await dialog.getByTestId('email-compose-message').fill('Hi Ada,\n\nSee you on Friday.');
  await dialog.getByTestId('email-compose-send').click();
  await expect(dialog).toBeHidden();
  await page.getByTestId('email-folder-sent').click();
  await expect(page.getByTestId('email-item').first().getByTestId('email-subject')).toHaveText('Tasting menu for Friday');
});

test('chat: send a message and see it in the conversation, also after a reload', async ({ page }, testInfo) => {
  await open(page, '/apps/chat');
  await expect(page).toHaveTitle(/Chat/);
  const chat = page.getByTestId('chat-item').first();
  await chat.click();
  await expect(page).toHaveURL(/\/apps\/chat\?id=\d+$/);
  const log = page.getByTestId('chat-log');
  await expect(log.getByTestId('chat-message').first()).toBeVisible();

  const input = page.getByTestId('chat-composer-input');
  await input.fill('Can you check the wine order before service?');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(log.getByTestId('chat-message').last()).toHaveText('Can you check the wine order before service?');
  await expect(chat).toContainText('Can you check the wine order before service?');
  await page.screenshot({ path: testInfo.outputPath('chat-light.png'), animations: 'disabled' });

  // The demo data is kept for the session.
  await page.reload();
  await expect(page.getByTestId('chat-log').getByTestId('chat-message').last()).toHaveText('Can you check the wine order before service?');
});

test('todo: add a task, complete it, and find it under Completed', async ({ page }, testInfo) => {
  await open(page, '/apps/todo');
  await expect(page).toHaveTitle(/Todo/);
  await expect(page.getByTestId('todo-task').first()).toBeVisible();

  await page.getByTestId('todo-add').click();
  const drawer = page.getByTestId('todo-drawer');
  await drawer.getByTestId('todo-form-title').fill('Descale the espresso machine');
  await drawer.getByTestId('todo-form-due').fill('2030-05-04');
  await drawer.getByTestId('todo-form-submit').click();
  await expect(drawer).toBeHidden();

  const task = page.getByTestId('todo-task').filter({ hasText: 'Descale the espresso machine' });
  await expect(task).toBeVisible();
  await task.getByTestId('todo-complete').locator('input').check();
  await expect(task.getByTestId('todo-complete').locator('input')).toBeChecked();

  await page.getByTestId('todo-filter-completed').click();
  await expect(page).toHaveURL(/\/apps\/todo\?filter=completed$/);
  await expect(task).toBeVisible();
  await expect(task.getByTestId('todo-complete').locator('input')).toBeChecked();
  await page.screenshot({ path: testInfo.outputPath('todo-light.png'), animations: 'disabled' });

  // The same list in the dark skin.
  await page.evaluate(() => localStorage.setItem('skin', 'dark'));
  await page.reload();
  await expect(task).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('todo-dark.png'), animations: 'disabled' });

  // On a phone the sidebar is a drawer behind the menu button; Escape closes it.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('todo-filter-important')).toBeHidden();
  await page.getByTestId('todo-sidebar-toggle').click();
  await expect(page.getByTestId('todo-filter-important')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('todo-phone-dark.png'), animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('todo-filter-important')).toBeHidden();
});
