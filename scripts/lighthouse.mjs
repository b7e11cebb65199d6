#!/usr/bin/env node
/**
 * `npm run lighthouse`: Lighthouse (desktop preset; performance + accessibility) on the Overview
 * (where a sign-in lands) and the Reviews screen of a signed-in demo owner, against the production
 * build (docs/requirements/quality-goals.md#web: performance ≥ 95, accessibility ≥ 95, CLS ≤ 0.1,
 * TBT ≤ 200 ms). A measurement, not a test: it prints figures and exits 0 whatever they are (exit 1
 * only when it cannot measure).
 *
 * It builds nothing: run `npm run build -w @dinedesk/web` first. It starts DineDesk the way the
 * browser journeys do (e2e/support/stack.ts: scripts/start.mjs on free ports, a throwaway
 * DATA_DIR with PGlite and the demo seed), waits for the first review sync, then per run:
 * launches Chromium (e2e/support/browser.ts picks it: Debian's /usr/bin/chromium, else
 * @sparticuz/chromium) through chrome-launcher, signs in through the sign-in page, clears the
 * HTTP cache (the session in localStorage stays: `disableStorageReset`), and runs Lighthouse on
 * each screen's URL. A fresh browser per run keeps one run's compiled code out of the next.
 *
 * Prints per screen, per run and then the median and worst of: performance and accessibility scores
 * (0–100), CLS (unitless), FCP, LCP and TBT (ms); and every accessibility audit that failed in any run
 * with the elements it names.
 *
 * Options: `--runs N` (default 3); `--base-url URL` to measure a DineDesk already running there
 * instead of starting one (it must have the demo seed); `--path P` (repeatable; default `/` and
 * the Reviews route);
 * `--skin light|bordered|dark|semi-dark` stores that skin before measuring (default: none
 * stored, i.e. light); `--json FILE` writes the per-run figures as JSON.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { tsImport } from 'tsx/esm/api';

/** Demo owner of README "Demo accounts": sees every outlet of Spice Route Hospitality. */
const OWNER = { email: 'owner@spice-route.demo', password: 'DineDesk-demo-2026' };
const REVIEWS_PATH = '/apps/reviews_and_complaints/reviews';
/** The Overview at `/`, where a sign-in without `next` lands (decision 0040). */
const OVERVIEW_PATH = '/';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'base-url': { type: 'string' },
    path: { type: 'string', multiple: true, default: [OVERVIEW_PATH, REVIEWS_PATH] },
    json: { type: 'string' },
    skin: { type: 'string' },
  },
});
const SKINS = ['light', 'bordered', 'dark', 'semi-dark'];
if (args.skin !== undefined && !SKINS.includes(args.skin)) {
  console.error(`--skin must be one of ${SKINS.join(', ')}, got ${args.skin}`);
  process.exit(1);
}
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`--runs must be a whole number ≥ 1, got ${args.runs}`);
  process.exit(1);
}

const { chooseBrowser } = await tsImport('../e2e/support/browser.ts', import.meta.url);
const { startStack, waitForSync } = await tsImport('../e2e/support/stack.ts', import.meta.url);

/** Signs in through the real sign-in page, so the stored session is what a user would have. */
async function signIn(port, baseUrl) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}`, defaultViewport: null });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`, { waitUntil: 'networkidle0' });
    await page.type('[data-testid="login-email"]', OWNER.email);
    await page.type('[data-testid="login-password"]', OWNER.password);
    await page.click('[data-testid="login-submit"]');
    // The sign-in lands on the Overview; its heading means the session is stored.
    await page.waitForSelector('main h1, h1', { timeout: 60_000 });
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 });
    // The customizer's stored choice (lib/storage.ts key `skin`), read on the next load.
    if (args.skin) await page.evaluate((skin) => localStorage.setItem('skin', skin), args.skin);
    // Lighthouse must load the code itself, as a returning user's first visit of the day would;
    // the session (localStorage) is what it keeps.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/** One Lighthouse run in a fresh Chromium; returns the figures and the failed a11y audits. */
async function measure(baseUrl, url) {
  const choice = await chooseBrowser();
  const chrome = await chromeLauncher.launch({
    chromePath: choice.executablePath,
    chromeFlags: ['--headless=new', ...choice.args],
  });
  try {
    await signIn(chrome.port, baseUrl);
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true },
      desktopConfig,
    );
    if (!result) throw new Error('Lighthouse returned no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const a11yFailed = lhr.categories.accessibility.auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit.score !== null && audit.score < 1)
      .map((audit) => ({
        id: audit.id,
        title: audit.title,
        nodes: (audit.details?.items ?? []).map((item) => item.node?.snippet ?? item.node?.selector ?? '').filter(Boolean),
      }));
    // The elements behind the CLS figure, so a regression names its culprit.
    const shifts = (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
      score: item.score,
      node: (item.node?.snippet ?? item.node?.selector ?? '?').replace(/\s+/g, ' ').slice(0, 140),
    }));
    return {
      finalUrl: lhr.finalDisplayedUrl,
      shifts,
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      fcpMs: lhr.audits['first-contentful-paint'].numericValue,
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
      tbtMs: lhr.audits['total-blocking-time'].numericValue,
      a11yFailed,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const fmt = (r) =>
  `perf ${String(r.performance).padStart(3)}  a11y ${String(r.accessibility).padStart(3)}  CLS ${r.cls.toFixed(3)}  FCP ${Math.round(r.fcpMs)} ms  LCP ${Math.round(r.lcpMs)} ms  TBT ${Math.round(r.tbtMs)} ms`;

let stack = null;
let baseUrl = args['base-url'];
try {
  if (!baseUrl) {
    console.log('[lighthouse] starting DineDesk (scripts/start.mjs, PGlite, demo seed)…');
    stack = await startStack();
    baseUrl = stack.baseUrl;
    await waitForSync(baseUrl, OWNER.email, OWNER.password);
  }
  const allResults = {};
  for (const path of args.path) {
    const url = `${baseUrl}${path}`;
    console.log(`[lighthouse] ${runs} run(s), desktop preset, ${url}${args.skin ? `, ${args.skin} skin` : ''}`);
    const results = [];
    for (let i = 0; i < runs; i++) {
      const r = await measure(baseUrl, url);
      if (new URL(r.finalUrl).pathname !== path) throw new Error(`run ${i + 1} ended on ${r.finalUrl}, not ${path}: was the sign-in kept?`);
      results.push(r);
      console.log(`run ${i + 1}: ${fmt(r)}`);
    }
    // Worst: the lowest score and the highest shift and times, each taken on its own.
    const column = (key) => results.map((r) => r[key]);
    const worst = {
      performance: Math.min(...column('performance')),
      accessibility: Math.min(...column('accessibility')),
      cls: Math.max(...column('cls')),
      fcpMs: Math.max(...column('fcpMs')),
      lcpMs: Math.max(...column('lcpMs')),
      tbtMs: Math.max(...column('tbtMs')),
    };
    const mid = Object.fromEntries(Object.keys(worst).map((key) => [key, median(column(key))]));
    console.log(`median: ${fmt(mid)}`);
    console.log(`worst:  ${fmt(worst)}`);

    const shiftiest = results.reduce((a, b) => (b.cls > a.cls ? b : a));
    if (shiftiest.shifts.length) {
      console.log(`layout shifts of the run with the highest CLS (${shiftiest.cls.toFixed(3)}):`);
      for (const s of shiftiest.shifts) console.log(`  ${s.score.toFixed(4)}  ${s.node}`);
    }

    const failed = new Map();
    for (const r of results) for (const a of r.a11yFailed) failed.set(a.id, a);
    if (failed.size === 0) console.log('accessibility audits failed: none');
    else {
      console.log('accessibility audits failed:');
      for (const a of failed.values()) {
        console.log(`  - ${a.id}: ${a.title}`);
        for (const node of a.nodes.slice(0, 5)) console.log(`      ${node.replace(/\s+/g, ' ').slice(0, 160)}`);
        if (a.nodes.length > 5) console.log(`      … and ${a.nodes.length - 5} more`);
      }
    }
    allResults[path] = results;
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(allResults, null, 2));
} catch (e) {
  console.error(`[lighthouse] could not measure: ${e instanceof Error ? e.stack : e}`);
  process.exitCode = 1;
} finally {
  await stack?.stop();
}
