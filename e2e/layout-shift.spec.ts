import { expect, test, type Page } from '@playwright/test';
import { chooseBrowser } from './support/browser.ts';
import { signIn as signInAs, useSharedStack } from './support/stack.ts';

/**
 * No layout shift on the Reviews screen (docs/requirements/quality-goals.md#web: CLS ≤ 0.1). The
 * browser's own `layout-shift` PerformanceObserver entries are summed while the screen loads and
 * settles:
 * - after signing in (the login page hands over to the shell, the shell fills in);
 * - on a reload while signed in (what Lighthouse measures: scripts/lighthouse.mjs);
 * - on a reload whose answers are held back, so every placeholder shows and is replaced.
 * This measures layout, not speed: the sum is the same on a fast or a slow machine as long as
 * placeholders take the size of what replaces them. On failure the message lists each shift
 * with the elements that moved, so the culprit is named.
 *
 * The viewport is Lighthouse's desktop one (1350 × 940): a shift below the fold does not count,
 * so the size decides which shifts are seen.
 */
/** docs/requirements/quality-goals.md#web: CLS ≤ 0.1 (Google's "good" threshold). */
const MAX_SHIFT = 0.1;
/** How long nothing may load or move before the screen counts as settled (ms). */
const QUIET_MS = 1_500;

interface RecordedShift {
  value: number;
  hadRecentInput: boolean;
  startTime: number;
  sources: string[];
}

declare global {
  interface Window {
    __layoutShifts?: RecordedShift[];
  }
}

// Playwright hides scrollbars in headless Chromium; a desktop browser (and Lighthouse's) shows
// them, and a scrollbar that appears once the list is taller than the window narrows the page
// and moves everything beside it.
const browser = await chooseBrowser();
test.use({ launchOptions: { executablePath: browser.executablePath, args: browser.args, ignoreDefaultArgs: ['--hide-scrollbars'] } });

const stack = useSharedStack();

/** Records every layout shift of every document this page loads, from its first paint. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const describe = (node: Node | null | undefined): string => {
      if (!(node instanceof Element)) return node ? node.nodeName : '(removed)';
      const testId = node.getAttribute('data-testid');
      const cls = [...node.classList].find((c) => c.startsWith('Mui') && !c.includes('-root')) ?? node.classList[0];
      return `${node.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${cls ? `.${cls}` : ''} "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    };
    window.__layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        window.__layoutShifts?.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          startTime: Math.round(entry.startTime),
          sources: (entry.sources ?? []).map((s) => describe(s.node)),
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Waits until no request has finished and nothing has moved for {@link QUIET_MS}. */
async function settle(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const last = Math.max(
            0,
            ...performance.getEntriesByType('resource').map((e) => (e as PerformanceResourceTiming).responseEnd),
            ...(window.__layoutShifts ?? []).map((s) => s.startTime),
          );
          return performance.now() - last;
        }),
      { timeout: 30_000, intervals: [250] },
    )
    .toBeGreaterThan(QUIET_MS);
}

/** The recorded shifts: their sum (printed, as the figure of this check) and one line each. */
async function shiftsOf(page: Page): Promise<{ total: number; report: string }> {
  const shifts = await page.evaluate(() => window.__layoutShifts ?? []);
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  console.log(`[layout-shift] ${test.info().title}: ${total.toFixed(4)} in ${shifts.length} shifts`);
  const report = shifts
    .map((s) => `  ${s.value.toFixed(4)} at ${s.startTime} ms${s.hadRecentInput ? ' (after input)' : ''}: ${s.sources.join(' | ')}`)
    .join('\n');
  return { total, report };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1350, height: 940 });
  await recordShifts(page);
});

const signIn = (page: Page) => signInAs(page, stack().baseUrl, { listed: true });

test('signing in and landing on Reviews moves nothing on screen (sum of layout shifts ≤ 0.1)', async ({ page }) => {
  await signIn(page);
  await settle(page);

  // Every shift counts here, also those the browser marks as following the sign-in click: the
  // hand-over from the login page to the shell is what is being checked.
  const { total, report } = await shiftsOf(page);
  expect(total, `layout shifts after sign-in:\n${report}`).toBeLessThanOrEqual(MAX_SHIFT);
});

test('reloading Reviews while signed in moves nothing on screen (sum of layout shifts ≤ 0.1)', async ({ page }) => {
  await signIn(page);

  // A returning user's first visit of the day: the session is stored, the code is not cached.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await page.reload();
  await expect(page.getByTestId('review-item').first()).toBeVisible();
  await settle(page);

  const { total, report } = await shiftsOf(page);
  expect(total, `layout shifts on reload:\n${report}`).toBeLessThanOrEqual(MAX_SHIFT);
});

test('placeholders take the size of what replaces them (answers held back; sum of layout shifts ≤ 0.1)', async ({ page }) => {
  await signIn(page);
  // On a fast machine the answers may come before the first paint and no placeholder is ever
  // seen; holding them back makes sure the KPI and list placeholders show and are replaced.
  // The one feed and its KPIs (get_reviews/get-reviews, get_reviews/kpis) and the pages list.
  await page.route(/\/api\/review_testing\/(get-fb-pages|get_reviews\/)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  await page.reload();
  await expect(page.getByTestId('list-skeleton')).toBeVisible();
  await expect(page.getByTestId('review-item').first()).toBeVisible();
  await settle(page);

  const { total, report } = await shiftsOf(page);
  expect(total, `layout shifts with held-back answers:\n${report}`).toBeLessThanOrEqual(MAX_SHIFT);
});
