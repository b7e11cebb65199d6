import { expect, test, type Browser, type Page } from '@playwright/test';
import { LOGIN_TO_REVIEWS, startStack, waitForInbox, waitForQuiet, waitForSync, type Stack } from './support/stack.ts';

/**
 * The live inbox: two teammates in two browser contexts see each other's replies and
 * reactions, and a simulated guest's message, without reloading.
 */
const PASSWORD = 'DineDesk-demo-2026';

let stack: Stack;
let target: { pageId: string; conversationId: string; guestId: string };

test.beforeAll(async () => {
  stack = await startStack();
  await waitForSync(stack.baseUrl, 'owner@spice-route.demo', PASSWORD);
  await waitForInbox(stack.baseUrl, 'owner@spice-route.demo', PASSWORD);
  await waitForQuiet(stack.baseUrl);
  const { accessToken } = await (
    await fetch(`${stack.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@spice-route.demo', password: PASSWORD }) })
  ).json();
  const auth = { authorization: `Bearer ${accessToken}` };
  // A conversation inside the 24 h window, so the composer is open.
  await expect
    .poll(
      async () => {
        const pages = (await (await fetch(`${stack.baseUrl}/api/messenger/pages`, { headers: auth })).json()).data as { id: string }[];
        for (const p of pages) {
          const convs = (await (await fetch(`${stack.baseUrl}/api/messenger/pages/${p.id}/conversations?limit=100`, { headers: auth })).json()).data as { id: string; guest: { id: string }; window: { state: string } }[];
          const c = convs.find((x) => x.window.state === 'standard');
          if (c) {
            target = { pageId: p.id, conversationId: c.id, guestId: c.guest.id };
            return true;
          }
        }
        return false;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
});
test.afterAll(async () => {
  await stack?.stop();
});

async function openThread(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${stack.baseUrl}${LOGIN_TO_REVIEWS}`);
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(/\/apps\/reviews_and_complaints\/reviews/);
  await page.goto(`${stack.baseUrl}/apps/reviews_and_complaints/inbox?channel=messenger&page=${target.pageId}&conversation=${target.conversationId}`);
  await expect(page.getByTestId('thread')).toBeVisible();
  await expect(page.getByTestId('message-item').first()).toBeVisible();
  await expect(page.getByTestId('window-status')).toBeVisible();
  return page;
}

test('a reply, a guest message and a reaction appear live in a teammate’s browser', async ({ browser }) => {
  const owner = await openThread(browser, 'owner@spice-route.demo');
  const agent = await openThread(browser, 'agent@spice-route.demo');
  // Both sockets are connected before anything is sent.
  await expect(owner.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');
  await expect(agent.getByTestId('socket-status')).toHaveAttribute('data-status', 'connected');

  const reply = `Your table for four is booked for 8 pm (e2e ${Date.now()})`;
  await owner.getByTestId('composer-input').fill(reply);
  await owner.getByTestId('composer-send').click();
  await expect(owner.getByTestId('message-item').filter({ hasText: reply })).toHaveCount(1);
  await expect(agent.getByTestId('message-item').filter({ hasText: reply })).toHaveCount(1);

  const guestText = `Thanks! Can we bring a birthday cake? (e2e ${Date.now()})`;
  const res = await fetch(`${stack.simUrl}/__sim/guest-message`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageId: target.pageId, channel: 'messenger', guestId: target.guestId, text: guestText }),
  });
  expect(res.ok).toBe(true);
  const guestOnOwner = owner.getByTestId('message-item').filter({ hasText: guestText });
  await expect(guestOnOwner).toHaveCount(1);
  await expect(agent.getByTestId('message-item').filter({ hasText: guestText })).toHaveCount(1);

  await guestOnOwner.getByTestId('message-react').click();
  await owner.locator('[data-testid="reaction-option"][data-reaction="❤️"]').click();
  await expect(guestOnOwner.getByTestId('message-reaction')).toContainText('❤️');
  await expect(agent.getByTestId('message-item').filter({ hasText: guestText }).getByTestId('message-reaction')).toContainText('❤️');
});
