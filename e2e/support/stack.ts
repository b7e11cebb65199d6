import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { freePort } from '../../apps/server/src/test/services.ts';

/** A running `scripts/start.mjs` (simulator + server) on free ports, restartable on one DATA_DIR. */
export interface Stack {
  baseUrl: string;
  simUrl: string;
  dataDir: string;
  /**
   * A Graph GET straight to the simulator (an observer of what Facebook holds), signed with
   * `appsecret_proof`: `npm start` runs the simulated app with "Require App Secret" on.
   * @param path e.g. `me/accounts?fields=id` (no version, no leading slash)
   */
  graph<T>(path: string, token: string): Promise<T>;
  /** Stops both processes and removes the throwaway DATA_DIR. */
  stop(): Promise<void>;
  /** Stops and starts again on the same DATA_DIR (a restart keeps everything). */
  restart(): Promise<void>;
  /** Signals both processes to stop and removes the DATA_DIR without waiting (a worker's `exit`). */
  kill(): void;
}

async function waitFor(check: () => Promise<boolean>, ms: number, what: string): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {
      // not ready yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** What a journey needs of the stack beyond the defaults. */
export interface StackOptions {
  /**
   * Seed the real London orders (`SEED_DEMO_ORDERS`, decision 0036). Off by default: importing
   * 29,287 order lines into PGlite adds tens of seconds to a stack's start on a busy CI machine,
   * and only the order journeys read them.
   */
  orders?: boolean;
  /**
   * The periodic review sync (`REVIEW_SYNC_INTERVAL_SECONDS`, 5 minutes). On by default; the
   * shared stack, which lives through many spec files, turns it off so that no sync runs in
   * the middle of a journey.
   */
  periodicSync?: boolean;
  /**
   * The demo's clock (`SEED_DEMO_SHIFT`, decision 0006): the demo data moved forward so its newest
   * rows are of this week, as `npm start` seeds it. Off by default: the other journeys were
   * written against the data's real dates; the fresh-start journey (demo-clock.spec.ts) turns it on.
   */
  demoClock?: boolean;
}

export async function startStack({ orders = false, periodicSync = true, demoClock = false }: StackOptions = {}): Promise<Stack> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dinedesk-e2e-'));
  const port = await freePort();
  const simPort = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const simUrl = `http://127.0.0.1:${simPort}`;
  let child: ChildProcess | null = null;
  const launch = async () => {
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', META_SIM_PORT: String(simPort), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_DEMO_ORDERS: orders ? '1' : '0', SEED_DEMO_SHIFT: demoClock ? '1' : '0', ...(periodicSync ? {} : { REVIEW_SYNC_INTERVAL_SECONDS: '0' }) },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    // The London orders import (and the demo clock's move of them) runs before the server listens: give that start longer.
    await waitFor(async () => (await fetch(`${baseUrl}/api/health`)).ok, demoClock ? 480_000 : orders ? 240_000 : 90_000, 'DineDesk health');
  };
  const halt = async () => {
    const c = child as ChildProcess | null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.on('exit', r));
    c.kill('SIGTERM');
    await exited;
  };
  await launch();
  return {
    baseUrl,
    simUrl,
    dataDir,
    async graph<T>(path: string, token: string): Promise<T> {
      const url = new URL(`${simUrl}/v21.0/${path}`);
      url.searchParams.set('appsecret_proof', createHmac('sha256', process.env.META_APP_SECRET ?? 'meta-sim-app-secret').update(token).digest('hex'));
      return (await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json()) as T;
    },
    async stop() {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async restart() {
      await halt();
      await launch();
    },
    kill() {
      const c = child as ChildProcess | null;
      if (c && c.exitCode === null) c.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API (`POST /api/auth/login`) and returns the access token. */
async function apiToken(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Waits until the first review sync has filled every page (it runs after the server listens). */
export async function waitForSync(baseUrl: string, email: string, password: string, ms = 60_000): Promise<void> {
  const accessToken = await apiToken(baseUrl, email, password);
  await waitFor(
    async () => {
      const { data } = await (await fetch(`${baseUrl}/api/review_testing/get-fb-pages`, { headers: { authorization: `Bearer ${accessToken}` } })).json();
      return data.length > 0 && data.every((p: { sync: { status: string } }) => p.sync.status === 'ok');
    },
    ms,
    'the first review sync',
  );
}

/** Waits until the inbox backfill has filled every Messenger page and Instagram account. */
export async function waitForInbox(baseUrl: string, email: string, password: string): Promise<void> {
  const accessToken = await apiToken(baseUrl, email, password);
  const auth = { authorization: `Bearer ${accessToken}` };
  await waitFor(
    async () => {
      for (const path of ['/api/messenger/pages', '/api/messenger/instagram-pages']) {
        const { data } = await (await fetch(`${baseUrl}${path}`, { headers: auth })).json();
        if (!data.length || data.some((p: { conversationCount: number }) => p.conversationCount === 0)) return false;
      }
      return true;
    },
    90_000,
    'the inbox backfill',
  );
}

/** The owners of both demo clients: between them they see every job the start queues. */
const DEMO_OWNERS = ['owner@spice-route.demo', 'owner@deccan-table.demo'];

/**
 * Waits until the background jobs of the start (the second round of syncs after the connect,
 * inbox backfills, Google syncs of both demo clients) have finished, read from `GET /api/jobs`
 * as each client's owner. Why: on PGlite the database runs inside the server's thread, so while
 * those jobs run every answer, the web files too, waits its turn; a journey that starts then
 * sees its first screen take seconds on a loaded machine (pages stuck on their progress bar).
 * @throws Error naming the jobs still queued or running after `ms`
 */
export async function waitForQuiet(baseUrl: string, ms = 120_000): Promise<void> {
  const tokens: string[] = [];
  for (const email of DEMO_OWNERS) {
    tokens.push(await apiToken(baseUrl, email, DEMO_PASSWORD));
  }
  let pending: string[] = [];
  const until = Date.now() + ms;
  while (Date.now() < until) {
    pending = [];
    for (const token of tokens) {
      const { data } = (await (await fetch(`${baseUrl}/api/jobs?limit=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { name: string; state: string }[] };
      pending.push(...data.filter((j) => j.state === 'created' || j.state === 'active' || j.state === 'retry').map((j) => `${j.name} ${j.state}`));
    }
    if (pending.length === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the start's background jobs did not finish within ${ms} ms: ${pending.join(', ')}`);
}

/** The demo owner whose pages every journey waits for (README "Demo accounts"). */
export const DEMO_OWNER = 'owner@spice-route.demo';
export const DEMO_PASSWORD = 'DineDesk-demo-2026';

/**
 * One stack for the spec file: started before its tests (`beforeAll`) once the demo owner's
 * pages have synced and the start's background jobs have finished, stopped after them (`afterAll`).
 * @returns the running stack; call it inside tests and hooks (it exists once `beforeAll` ran)
 * @throws Error when called before the stack started
 */
export function useSyncedStack(options: StackOptions = {}): () => Stack {
  let stack: Stack | undefined;
  test.beforeAll(async () => {
    if (options.orders) test.setTimeout(360_000);
    stack = await startStack(options);
    await waitForSync(stack.baseUrl, DEMO_OWNER, DEMO_PASSWORD);
    await waitForQuiet(stack.baseUrl);
  });
  test.afterAll(async () => {
    await stack?.stop();
  });
  return () => {
    if (!stack) throw new Error('the stack has not started (use it inside tests or hooks)');
    return stack;
  };
}

/** The stack {@link useSharedStack} hands out, started by the first spec file of the worker that asks. */
let shared: Promise<Stack> | undefined;

/**
 * A stack shared by every spec file of the Playwright worker that calls this, for journeys that
 * change no data on the server: the demo and showcase screens (their calls go to the browser's
 * mock, never the server) and journeys that only read. A journey that writes, restarts or needs
 * the orders seeded takes {@link useSyncedStack}. Started like that one (synced, quiet) by the
 * first file that asks; stopped when the worker exits. Why: each start imports the demo data,
 * syncs and waits for the start's jobs, most of a short journey's time (docs/decisions/0016).
 * @returns the running stack; call it inside tests and hooks
 * @throws Error when called before the stack started
 */
export function useSharedStack(): () => Stack {
  let stack: Stack | undefined;
  test.beforeAll(async () => {
    shared ??= (async () => {
      const started = await startStack({ periodicSync: false });
      process.once('exit', () => started.kill());
      await waitForSync(started.baseUrl, DEMO_OWNER, DEMO_PASSWORD);
      await waitForQuiet(started.baseUrl);
      return started;
    })();
    // A start that failed is not handed to the next file: it tries again.
    stack = await shared.catch((e: unknown) => {
      shared = undefined;
      throw e;
    });
  });
  return () => {
    if (!stack) throw new Error('the shared stack has not started (use it inside tests or hooks)');
    return stack;
  };
}

/** The Reviews screen, where {@link signIn} lands. */
export const REVIEWS_URL = /\/apps\/reviews_and_complaints\/reviews/;
/** The sign-in page returning to Reviews (`?next=`); without it a sign-in lands on the Overview at
 * `/`. */
export const LOGIN_TO_REVIEWS = `/login?next=${encodeURIComponent('/apps/reviews_and_complaints/reviews')}`;

/**
 * Signs in through the sign-in page, returning to Reviews (most journeys start there; the
 * Overview journey signs in without `next`), and waits for it; with `listed`, also for its first
 * review card (the screen has loaded its data).
 */
export async function signIn(page: Page, baseUrl: string, opts: { email?: string; password?: string; listed?: boolean } = {}): Promise<void> {
  await page.goto(`${baseUrl}${LOGIN_TO_REVIEWS}`);
  await page.getByTestId('login-email').fill(opts.email ?? DEMO_OWNER);
  await page.getByTestId('login-password').fill(opts.password ?? DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL(REVIEWS_URL);
  if (opts.listed) await expect(page.getByTestId('review-item').first()).toBeVisible();
}
