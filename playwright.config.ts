import { defineConfig } from '@playwright/test';
import { chooseBrowser } from './e2e/support/browser.ts';

/**
 * Browser journeys in Debian's Chromium, or when it is missing the Chromium of the npm package
 * `@sparticuz/chromium` (never a browser downloaded by Playwright: docs/dependencies.md; the choice
 * and its knobs `CHROMIUM_PATH`, `DINEDESK_BROWSER=sparticuz`: e2e/support/browser.ts). A spec
 * that writes or restarts starts its own DineDesk stack (scripts/start.mjs) on free ports with a
 * throwaway DATA_DIR (`useSyncedStack`); the specs that change no server data share one per
 * worker (`useSharedStack`, e2e/support/stack.ts).
 */
const browser = await chooseBrowser();
if (browser.source !== 'debian') process.stderr.write(`[e2e] Chromium from ${browser.source}: ${browser.executablePath}\n`);

export default defineConfig({
  testDir: 'e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  outputDir: 'test-results',
  use: {
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: { executablePath: browser.executablePath, args: browser.args },
  },
});
