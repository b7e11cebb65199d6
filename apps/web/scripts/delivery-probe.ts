/**
 * What a real browser downloads, and how fast the demo mock answers once asked
 * (docs/decisions/0018-web-delivery.md). Complements bundle-size.ts, which reads the build's
 * manifest: this one watches the network of Chromium against the running stack, so it also sees
 * idle prefetches, the socket client, the encodings and the server's cache headers.
 *
 *   npm run build -w @dinedesk/web && node --import tsx apps/web/scripts/delivery-probe.ts
 *
 * Run from the repository root (it starts `scripts/start.mjs` on free ports, e2e/support/stack.ts).
 * Prints, per screen: JavaScript files, bytes on the wire (encoded) and their encodings, and
 * whether the demo mock was fetched; then the time from opening the search or the bookmark
 * popover on a product screen (mock not started yet) to the first answer on screen, over
 * PROBE_RUNS runs (default 3). Speed figures are printed, never asserted (the machine is noisy).
 */
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { chooseBrowser } from '../../../e2e/support/browser.ts';
import { startStack, waitForSync } from '../../../e2e/support/stack.ts';

const OWNER = 'owner@spice-route.demo';
const PASSWORD = 'DineDesk-demo-2026';
const REVIEWS = /\/apps\/reviews_and_complaints\/reviews/;
/** Quiet time after a screen is up, so idle-time fetches are seen. */
const SETTLE_MS = 3_000;
const RUNS = Number(process.env.PROBE_RUNS ?? 3);
/** The worker script or MSW's chunk (named after demo/mock/browser.ts). */
const DEMO_MOCK_URL = /mockServiceWorker\.js$|\/assets\/browser-[\w-]+\.js$/;

interface Fetched {
  url: string;
  bytes: number;
  encoding: string;
  cacheControl: string;
}

/** Records the JavaScript `page` fetches until the returned stop function is called. */
function recordJs(page: Page): () => Promise<Fetched[]> {
  const pending: Promise<Fetched | null>[] = [];
  page.on('requestfinished', (request) => {
    if (!/\.m?js(\?|$)/.test(request.url())) return;
    pending.push(
      (async () => {
        const response = await request.response();
        if (!response) return null;
        const sizes = await request.sizes();
        const headers = await response.allHeaders();
        return { url: new URL(request.url()).pathname, bytes: sizes.responseBodySize, encoding: headers['content-encoding'] ?? 'identity', cacheControl: headers['cache-control'] ?? '' };
      })(),
    );
  });
  return async () => (await Promise.all(pending)).filter((entry): entry is Fetched => entry !== null);
}

function report(title: string, files: Fetched[]): void {
  const total = files.reduce((sum, file) => sum + file.bytes, 0);
  const encodings = [...new Set(files.map((file) => file.encoding))].join(', ');
  const mock = files.filter((file) => DEMO_MOCK_URL.test(file.url));
  console.log(`${title}: ${files.length} JS files, ${(total / 1024).toFixed(1)} KiB on the wire (${encodings}); demo mock: ${mock.length ? mock.map((f) => f.url).join(', ') : 'not fetched'}`);
  for (const file of files.sort((a, b) => b.bytes - a.bytes)) {
    console.log(`  ${(file.bytes / 1024).toFixed(1).padStart(7)} KiB  ${file.encoding.padEnd(8)}  ${file.cacheControl.padEnd(36)}  ${file.url}`);
  }
}

async function signIn(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-email').fill(OWNER);
  await page.getByTestId('login-password').fill(PASSWORD);
  await page.getByTestId('login-submit').click();
  await page.waitForURL(REVIEWS);
  await page.getByTestId('review-item').first().waitFor();
}

/** A signed-in reviews page loaded with an empty HTTP cache. */
async function coldReviews(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, baseUrl);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  return page;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const choice = await chooseBrowser();
const stack = await startStack();
const browser = await chromium.launch({ executablePath: choice.executablePath, args: choice.args });
try {
  await waitForSync(stack.baseUrl, OWNER, PASSWORD);

  // 1. The sign-in page, then the first signed-in screen after signing in.
  {
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
    const page = await context.newPage();
    let stop = recordJs(page);
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByTestId('login-email').waitFor();
    await page.waitForTimeout(SETTLE_MS);
    report('Sign-in page (/login), cold, incl. idle prefetch', await stop());
    page.removeAllListeners('requestfinished');
    stop = recordJs(page);
    await page.getByTestId('login-email').fill(OWNER);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(REVIEWS);
    await page.getByTestId('review-item').first().waitFor();
    await page.waitForTimeout(SETTLE_MS);
    report('Reviews right after signing in (sign-in chunks cached)', await stop());
    await context.close();
  }

  // 2. A cold load of the first signed-in screen (session stored, HTTP cache empty).
  {
    const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
    const page = await coldReviews(context, stack.baseUrl);
    const stop = recordJs(page);
    await page.reload();
    await page.getByTestId('review-item').first().waitFor();
    await page.waitForTimeout(SETTLE_MS);
    report('Reviews, cold load with a stored session', await stop());
    await context.close();
  }

  // 3. Opening the search and the bookmarks on a product screen: time to the first answer.
  const search: number[] = [];
  const bookmarks: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    for (const [what, times] of [['search', search], ['bookmarks', bookmarks]] as const) {
      const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
      const page = await coldReviews(context, stack.baseUrl);
      await page.reload();
      await page.getByTestId('review-item').first().waitFor();
      await page.getByTestId('bookmark-links').waitFor();
      const started = Date.now();
      if (what === 'search') {
        await page.keyboard.press('Control+k');
        await page.getByTestId('search-input').fill('cal');
        await page.getByTestId('search-group-pages').getByTestId('search-result').first().waitFor();
      } else {
        await page.getByTestId('bookmarks-menu').click();
        await page.getByTestId('bookmark-suggestion').first().waitFor();
      }
      times.push(Date.now() - started);
      await context.close();
    }
  }
  console.log(`Search: open → first result, mock not started before: median ${median(search)} ms, max ${Math.max(...search)} ms (${RUNS} runs, cold cache)`);
  console.log(`Bookmarks: open → page list, mock not started before: median ${median(bookmarks)} ms, max ${Math.max(...bookmarks)} ms (${RUNS} runs, cold cache)`);
} finally {
  await browser.close();
  await stack.stop();
}
