import { gzipSync } from 'node:zlib';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PAGES } from '../apps/web/src/demo/routes.ts';
import { navLeaves } from '../apps/web/src/layout/navigation.ts';
import { DEMO_OWNER, DEMO_PASSWORD, useSyncedStack } from './support/stack.ts';

/**
 * No page scrolls sideways (docs/decisions/0019-layout-stability-and-accessibility.md "Every
 * screen size"): every product route of the menu (layout/navigation.ts, the table the router
 * builds its routes from, so a new screen is checked without touching this file) at a desktop
 * window (1440 × 900) and at a phone (390 × 844, touch), and every demo page of the template
 * (demo/routes.ts) at the desktop window. A page fails when the document is wider than the
 * window (`scrollWidth > clientWidth`); the message names the elements that stick out.
 * Screenshots of each product screen at both sizes go to this test's output folder.
 *
 * The stack has the London orders (Order insights and the Business Overview screens show real
 * charts and tables, the widest content they have).
 */
const stack = useSyncedStack({ orders: true });

const PRODUCT_ROUTES = navLeaves()
  .map((item) => item.navLink!)
  .filter(Boolean);

/** Signs in through the API and stores the session as the sign-in page would (lib/session-store.ts). */
async function signIn(page: Page): Promise<void> {
  await page.goto(`${stack().baseUrl}/login`);
  await page.getByTestId('login-email').fill(DEMO_OWNER);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible({ timeout: 30_000 });
}

interface Overflow {
  scrollWidth: number;
  clientWidth: number;
  /** Elements whose right edge passes the window, outermost first (tag, id/test id, class, width). */
  culprits: string[];
}

/** How wide the document is against the window, and what sticks out. */
function measureOverflow(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const clientWidth = root.clientWidth;
    const culprits: string[] = [];
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= clientWidth + 1) continue;
      // Only the outermost element of each sticking-out subtree.
      if (element.parentElement && element.parentElement.getBoundingClientRect().right > clientWidth + 1) continue;
      const name = [element.tagName.toLowerCase(), element.dataset.testid ? `[data-testid=${element.dataset.testid}]` : '', element.id ? `#${element.id}` : '', typeof element.className === 'string' ? `.${element.className.split(' ').slice(0, 2).join('.')}` : ''].join('');
      culprits.push(`${name} right=${Math.round(box.right)} width=${Math.round(box.width)} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      if (culprits.length >= 8) break;
    }
    return { scrollWidth: root.scrollWidth, clientWidth, culprits };
  });
}

/** Opens `path`, waits for it to settle, and returns what overflows. */
async function visit(page: Page, path: string): Promise<Overflow> {
  await page.goto(`${stack().baseUrl}${path}`, { waitUntil: 'networkidle' });
  // Lazy parts (charts, tables under the fold) render after their chunk and data arrive.
  await page.waitForTimeout(500);
  return measureOverflow(page);
}

function fileName(path: string): string {
  return path === '/' ? 'overview' : path.replace(/^\/+/, '').replace(/[^a-z0-9-]+/gi, '_');
}

async function checkAll(page: Page, testInfo: TestInfo, paths: readonly string[], size: string, screenshots: boolean): Promise<void> {
  const failures: string[] = [];
  for (const path of paths) {
    const overflow = await visit(page, path);
    if (screenshots) await page.screenshot({ path: testInfo.outputPath(`${size}-${fileName(path)}.png`), animations: 'disabled' });
    if (overflow.scrollWidth > overflow.clientWidth) {
      failures.push(`${path}: ${overflow.scrollWidth} px wide in a ${overflow.clientWidth} px window\n    ${overflow.culprits.join('\n    ')}`);
    }
  }
  expect(failures, `pages wider than the window at ${size}`).toEqual([]);
}

test.describe('desktop, 1440 × 900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the Overview loads at most 300 KiB gzip of JavaScript until the network is idle', async ({ page }) => {
    await signIn(page);
    // A cold load of `/` with the stored session, as Lighthouse and the bundle budget count it.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    const scripts = new Map<string, Promise<number>>();
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.set(response.url(), response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
    });
    await page.goto(`${stack().baseUrl}/`, { waitUntil: 'networkidle' });
    await expect(page.getByTestId('rating-trend-line').locator('svg')).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all([...scripts].map(async ([url, bytes]) => ({ file: new URL(url).pathname, bytes: await bytes })));
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
    const listing = sizes.sort((a, b) => b.bytes - a.bytes).map((s) => `${(s.bytes / 1024).toFixed(1)} KiB ${s.file}`);
    console.log(`Overview whole load: ${(total / 1024).toFixed(1)} KiB gzip in ${sizes.length} scripts`);
    expect(total, listing.join('\n')).toBeLessThanOrEqual(300 * 1024);
  });

  test('no product screen scrolls sideways', async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    await signIn(page);
    await checkAll(page, testInfo, PRODUCT_ROUTES, '1440', true);
  });

  test('no demo page of the template scrolls sideways', async ({ page }, testInfo) => {
    test.setTimeout(600_000);
    await signIn(page);
    await checkAll(page, testInfo, DEMO_PAGES.map((demoPage) => demoPage.link), '1440', false);
  });
});

test.describe('phone, 390 × 844, touch', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });

  test('the Inbox thread header keeps the guest name readable and the reply window visible', async ({ page }, testInfo) => {
    await signIn(page);
    await page.goto(`${stack().baseUrl}/apps/reviews_and_complaints/inbox`);
    await page.getByTestId('conversation-item').first().click();
    const heading = page.getByTestId('thread-heading');
    await expect(heading).toBeVisible();
    await expect(page.getByTestId('window-status')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('390-inbox-thread.png'), animations: 'disabled' });
    const box = (await heading.boundingBox())!;
    const flag = await page.getByTestId('flag-complaint').boundingBox();
    // Nothing of the header's end covers the name and the countdown.
    if (flag) {
      const overlaps = flag.x < box.x + box.width && box.x < flag.x + flag.width && flag.y < box.y + box.height && box.y < flag.y + flag.height;
      expect(overlaps, `flag button ${JSON.stringify(flag)} over the heading ${JSON.stringify(box)}`).toBe(false);
    }
    // Readable: the name has room for about twelve characters or is shown whole.
    const title = page.locator('#inbox-thread-title');
    const { clientWidth, scrollWidth } = await title.evaluate((el) => ({ clientWidth: el.clientWidth, scrollWidth: el.scrollWidth }));
    expect(clientWidth >= 150 || scrollWidth <= clientWidth, `name ${clientWidth} px of ${scrollWidth}`).toBe(true);
    const status = (await page.getByTestId('window-status').boundingBox())!;
    expect(status.x + status.width).toBeLessThanOrEqual(390);
  });

  test('no product screen scrolls sideways', async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    await signIn(page);
    await checkAll(page, testInfo, PRODUCT_ROUTES, '390', true);
  });
});
