/**
 * The JavaScript each product screen downloads, from a production build's Vite manifest, and
 * the budgets it must stay under (docs/requirements/quality-goals.md#web: sign-in page ≤ 120 KiB
 * gzip, first signed-in screen ≤ 250 KiB gzip, the demo mock and its data never in a product
 * screen).
 *
 * How a screen is counted ({@link measureScreen}): its first-paint roots (the entry and the
 * lazy route chunks it renders) plus every chunk they import statically, transitively, as the
 * browser fetches them (Vite's preload helper fetches a lazy chunk's static imports with it).
 * Dynamic imports are not followed: a lazy chunk counts only when listed as a root. What the
 * screen fetches right after without being asked (idle prefetches, the socket client, the
 * deferred bookmark links) is counted apart ("unprompted"): printed and checked for the demo
 * mock, and part of the budget only of a screen with a whole-load budget (the landing screen,
 * {@link ScreenSpec.wholeLoadBudgetBytes}). Sizes are gzip level 9 of each emitted file, summed once
 * per chunk. CSS, fonts and images are not counted (the budget is JavaScript).
 *
 * Roots are source files (`src/…` relative to apps/web, as the manifest names them); a root
 * the bundler merged into a shared chunk is found through the modules each chunk holds.
 *
 * Used by `bundle-budget.test.ts` (project `web-budget`: fails the run above a budget) and by
 * `bundle-size.ts` (prints a table per screen). Decision record: docs/decisions/0018.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, mergeConfig, type Plugin } from 'vite';
import { FIRST_SIGNED_IN_SCREEN, webConfig } from '../vite.config.ts';

/** 1 KiB, the unit of the budgets. */
export const KIB = 1024;

/** One entry of `.vite/manifest.json` (the fields this module reads). */
export interface ManifestChunk {
  /** Emitted file, relative to the out dir (`assets/x-hash.js`). */
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  /** Manifest keys of the chunks this one imports statically. */
  imports?: string[];
  /** Manifest keys of the chunks this one imports with `import()`. */
  dynamicImports?: string[];
}

/** Vite's manifest: key (source path, or `_name-hash.js` for a shared chunk) → chunk. */
export type Manifest = Record<string, ManifestChunk>;

/** A product screen and what it downloads before the user does anything. */
export interface ScreenSpec {
  /** Short id used in test names (`sign-in`, `reviews`, …). */
  id: string;
  /** What the table prints: the screen and its path. */
  title: string;
  /**
   * Source files whose chunks the screen needs to render: the entry (`index.html`) and the
   * lazy route chunks on its first render. The budget is about these.
   */
  firstPaint: readonly string[];
  /**
   * Source files fetched right after, still without the user asking (idle prefetches, the
   * socket client, deferred navbar parts). Printed, checked for the demo mock, not budgeted.
   */
  unprompted: readonly string[];
  /** docs/requirements/quality-goals.md's figure for this screen (gzip bytes of first-paint
   * JavaScript), if it has one. */
  targetBytes: number | null;
  /**
   * The limit the test enforces: the target, or while a target is not met yet a ceiling just
   * above today's figure so it cannot grow (docs/decisions/0018-web-delivery.md "Budgets").
   */
  budgetBytes: number | null;
  /**
   * The limit on the whole load, first paint plus the unprompted chunks (what the browser has
   * fetched once the network is idle), or null when only the first paint is budgeted. The
   * landing screen has one (docs/decisions/0018-web-delivery.md "Weight of the landing screen").
   */
  wholeLoadBudgetBytes?: number | null;
}

const ENTRY = 'index.html';
/** The Overview's whole load (first paint and everything it fetches unasked), gzip bytes. */
export const OVERVIEW_WHOLE_LOAD_BYTES = 300 * KIB;
const MAIN = 'src/main.tsx';
const REVIEWS_PAGE = 'src/features/reviews/components/reviews-page.tsx';
const MUI_APP = 'src/app/mui-app.tsx';
/** lib/socket.ts loads the client when a realtime screen (reviews, inbox) mounts. */
const SOCKET_CLIENT = '../../node_modules/socket.io-client/build/esm/index.js';
/**
 * The navbar's bookmark links and their strings, rendered once the browser is idle
 * (app/product-area.tsx); they must never bring the demo mock.
 */
const DEFERRED_SHELL = [
  'src/demo/search/components/bookmarks.tsx',
  'src/locales/en/demo.json',
  // The navbar's mention bell: lazy behind a placeholder of its size, on every signed-in screen.
  'src/features/comments/components/mention-bell.tsx',
] as const;
/** The signed-in shell up to and excluding the screen (vite.config.ts minus the Reviews page). */
const SIGNED_IN_SHELL = [ENTRY, ...FIRST_SIGNED_IN_SCREEN.filter((source) => source !== REVIEWS_PAGE && source !== MAIN)];

/**
 * The product screens (docs/requirements/routes.md, docs/requirements/screen-contents.md). A
 * signed-in user lands on the Overview at `/` (the sign-in page's default `next`), or on Reviews
 * when they may not read the Overview (app/product-area.tsx, lib/paths.ts): both are a "first
 * signed-in screen" in docs/requirements/quality-goals.md and hold its 250 KiB, measured as a cold
 * load of the URL with a stored session (nothing cached from the sign-in page). vite.config.ts
 * keeps MUI in one chunk for Reviews' file list ({@link FIRST_SIGNED_IN_SCREEN}); the Overview's
 * other MUI parts come with its own chunk.
 */
export const SCREENS: readonly ScreenSpec[] = [
  {
    id: 'sign-in',
    title: 'Sign-in (/login)',
    firstPaint: [ENTRY, 'src/features/auth/components/login-page.tsx'],
    // login-page.tsx prefetches the sign-in logic (zod, contracts) once the page is idle.
    unprompted: ['src/features/auth/sign-in.ts'],
    targetBytes: 120 * KIB,
    budgetBytes: 120 * KIB,
  },
  {
    id: 'reviews',
    title: 'Reviews, the first signed-in screen (/apps/reviews_and_complaints/reviews)',
    firstPaint: [...SIGNED_IN_SHELL, REVIEWS_PAGE],
    unprompted: [SOCKET_CLIENT, ...DEFERRED_SHELL],
    targetBytes: 250 * KIB,
    budgetBytes: 250 * KIB,
  },
  {
    id: 'overview',
    title: 'Overview, the first signed-in screen (/)',
    firstPaint: [...SIGNED_IN_SHELL, 'src/features/overview/components/overview-page.tsx'],
    // The rating trend's chart and the table by outlet are fetched once the figures are on
    // screen; e2e/screen-width.spec.ts checks in Chromium that nothing else loads unasked.
    unprompted: [SOCKET_CLIENT, ...DEFERRED_SHELL, 'src/features/overview/components/rating-trend-chart.tsx', 'src/features/overview/components/outlet-table.tsx'],
    targetBytes: 250 * KIB,
    budgetBytes: 250 * KIB,
    // Where a sign-in lands: everything it loads until the network is idle, charts included.
    wholeLoadBudgetBytes: OVERVIEW_WHOLE_LOAD_BYTES,
  },
  {
    id: 'inbox',
    title: 'Inbox (/apps/inbox)',
    firstPaint: [...SIGNED_IN_SHELL, 'src/features/inbox/components/inbox-page.tsx'],
    unprompted: [SOCKET_CLIENT, ...DEFERRED_SHELL],
    targetBytes: null,
    budgetBytes: null,
  },
  {
    id: 'users-access',
    title: 'Users & access (/apps/user-management/users-access)',
    firstPaint: [...SIGNED_IN_SHELL, 'src/features/tenancy/components/users-access-page.tsx'],
    unprompted: [...DEFERRED_SHELL],
    targetBytes: null,
    budgetBytes: null,
  },
  {
    id: 'onboarding',
    title: 'Client onboarding (/apps/user-management/client-onboarding)',
    firstPaint: [...SIGNED_IN_SHELL, 'src/features/tenancy/components/onboarding-page.tsx'],
    unprompted: [...DEFERRED_SHELL],
    targetBytes: null,
    budgetBytes: null,
  },
  {
    id: 'set-password',
    title: 'Set password, from an invitation (/set-password)',
    firstPaint: [ENTRY, MUI_APP, 'src/features/tenancy/components/set-password-page.tsx'],
    unprompted: [],
    targetBytes: null,
    budgetBytes: null,
  },
];

/**
 * Modules of the demo mock (docs/requirements/calls.md): MSW and the demo areas' handlers and
 * in-memory data. A product screen holding any of them fails the budget test whatever its size.
 */
export const DEMO_MOCK_MODULE = /(^|\/)node_modules\/(msw|@mswjs)\/|^src\/demo\/(mock\/(browser|handlers)|[^/]+\/(data|handlers))\.ts$/;

/** Source modules of each emitted chunk file with their rendered length (after tree-shaking, before minifying). */
export type ChunkModules = ReadonlyMap<string, readonly { id: string; bytes: number }[]>;

/** A chunk as counted for a screen. */
export interface CountedChunk {
  key: string;
  file: string;
  gzipBytes: number;
}

/** One screen's figures. */
export interface ScreenSize {
  screen: ScreenSpec;
  /** Chunks needed for the first paint, largest first. */
  chunks: CountedChunk[];
  gzipBytes: number;
  /** Chunks fetched afterwards without the user asking, not already in `chunks`. */
  unpromptedChunks: CountedChunk[];
  unpromptedGzipBytes: number;
  /** Demo mock modules found in either set (should be none). */
  demoMockModules: string[];
}

/**
 * The manifest key of `source`: the key itself, or the chunk holding the module (a module
 * merged into a shared chunk has no key of its own).
 * @throws {Error} naming the source when no chunk holds it (renamed or deleted file).
 */
export function chunkKeyOf(manifest: Manifest, source: string, modules?: ChunkModules): string {
  if (manifest[source]) return source;
  if (modules) {
    for (const [key, chunk] of Object.entries(manifest)) {
      if (modules.get(chunk.file)?.some((module) => module.id === source)) return key;
    }
  }
  throw new Error(`bundle budget: no chunk holds ${source}; update SCREENS in apps/web/scripts/bundle-budget.ts`);
}

/**
 * Manifest keys of `roots` and of every chunk they import statically, transitively.
 * @throws {Error} naming a key the manifest does not have
 */
export function staticClosure(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bundle budget: the manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const root of roots) visit(root);
  return [...seen];
}

/**
 * The chunks and gzip bytes of `screen`.
 * @param gzipBytesOf gzip size of an emitted file (path relative to the out dir)
 * @param modules the modules of each chunk: finds roots merged into shared chunks, and lets the
 *   demo-mock check look inside chunks (without it, only chunk keys are checked)
 * @throws {Error} naming a root no chunk holds
 */
export function measureScreen(
  manifest: Manifest,
  screen: ScreenSpec,
  gzipBytesOf: (file: string) => number,
  modules?: ChunkModules,
): ScreenSize {
  const count = (keys: readonly string[]) =>
    keys
      .map((key) => ({ key, file: manifest[key]!.file, gzipBytes: gzipBytesOf(manifest[key]!.file) }))
      .filter((chunk) => chunk.file.endsWith('.js'))
      .sort((a, b) => b.gzipBytes - a.gzipBytes);
  const keysOf = (sources: readonly string[]) => sources.map((source) => chunkKeyOf(manifest, source, modules));
  const firstPaint = staticClosure(manifest, keysOf(screen.firstPaint));
  const inFirstPaint = new Set(firstPaint);
  const later = staticClosure(manifest, [...keysOf(screen.firstPaint), ...keysOf(screen.unprompted)]).filter((key) => !inFirstPaint.has(key));
  const chunks = count(firstPaint);
  const unpromptedChunks = count(later);
  const demoMockModules = [...chunks, ...unpromptedChunks].flatMap((chunk) =>
    modules ? (modules.get(chunk.file) ?? []).map((module) => module.id).filter((id) => DEMO_MOCK_MODULE.test(id)) : DEMO_MOCK_MODULE.test(chunk.key) ? [chunk.key] : [],
  );
  const sum = (list: CountedChunk[]) => list.reduce((total, chunk) => total + chunk.gzipBytes, 0);
  return { screen, chunks, gzipBytes: sum(chunks), unpromptedChunks, unpromptedGzipBytes: sum(unpromptedChunks), demoMockModules };
}

/** `bytes` as KiB with one decimal. */
export const kib = (bytes: number): string => (bytes / KIB).toFixed(1);

/**
 * Why `size` fails its budget, or null when it passes: the figure, the budget, and the chunks
 * largest first, so the message says where the bytes are.
 */
export function budgetFailure(size: ScreenSize): string | null {
  const problems: string[] = [];
  const budget = size.screen.budgetBytes;
  if (budget !== null && size.gzipBytes > budget) {
    const target = size.screen.targetBytes;
    const note = target !== null && target !== budget ? ` (docs/requirements/quality-goals.md: ${kib(target)} KiB)` : '';
    problems.push(`${size.screen.title}: ${kib(size.gzipBytes)} KiB gzip of first-paint JavaScript, budget ${kib(budget)} KiB${note}`);
  }
  const whole = size.screen.wholeLoadBudgetBytes ?? null;
  const wholeBytes = size.gzipBytes + size.unpromptedGzipBytes;
  if (whole !== null && wholeBytes > whole) {
    problems.push(`${size.screen.title}: ${kib(wholeBytes)} KiB gzip of JavaScript until the network is idle (first paint + unprompted), budget ${kib(whole)} KiB`);
  }
  if (size.demoMockModules.length > 0) {
    problems.push(`${size.screen.title} holds demo mock modules: ${size.demoMockModules.join(', ')}`);
  }
  if (problems.length === 0) return null;
  const list = (chunks: CountedChunk[]) => chunks.map((chunk) => `  ${kib(chunk.gzipBytes).padStart(6)} KiB  ${chunk.file}  (${chunk.key})`);
  const later = size.unpromptedChunks.length > 0 ? ['fetched after first paint, unprompted:', ...list(size.unpromptedChunks)] : [];
  return [...problems, 'first-paint chunks, largest first:', ...list(size.chunks), ...later].join('\n');
}

/** A production build made for measuring; {@link WebBuild.dispose} removes it. */
export interface WebBuild {
  outDir: string;
  manifest: Manifest;
  modules: ChunkModules;
  gzipBytesOf(file: string): number;
  dispose(): void;
}

const WEB_ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Records the modules of every chunk, keyed like the manifest (paths relative to apps/web). */
function recordModules(into: Map<string, { id: string; bytes: number }[]>): Plugin {
  return {
    name: 'dinedesk:record-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        const modules = Object.entries(output.modules).map(([id, info]) => ({
          id: relative(WEB_ROOT, id.replace(/\?.*$/, '')).split(sep).join('/'),
          bytes: info.renderedLength,
        }));
        into.set(output.fileName, modules.sort((a, b) => b.bytes - a.bytes));
      }
    },
  };
}

/**
 * Builds the SPA with the production config (vite.config.ts, without the `.br`/`.gz` copies)
 * into a temporary folder, with the manifest. About 1.5 s here.
 */
export async function buildWeb(): Promise<WebBuild> {
  const outDir = mkdtempSync(join(tmpdir(), 'dinedesk-web-budget-'));
  const modules = new Map<string, { id: string; bytes: number }[]>();
  // Vite takes production-ness from NODE_ENV when it is set, and vitest sets it to `test`:
  // that would measure React's development build.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build(
      mergeConfig(webConfig({ precompress: false }), {
        configFile: false,
        mode: 'production',
        logLevel: 'silent',
        plugins: [recordModules(modules)],
        build: { outDir, emptyOutDir: true, manifest: true },
      }),
    );
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const gzipCache = new Map<string, number>();
  return {
    outDir,
    manifest,
    modules,
    gzipBytesOf(file) {
      let bytes = gzipCache.get(file);
      if (bytes === undefined) {
        bytes = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
        gzipCache.set(file, bytes);
      }
      return bytes;
    },
    dispose: () => rmSync(outDir, { recursive: true, force: true }),
  };
}

/** Every screen of {@link SCREENS} measured on `web`. */
export function measureScreens(web: WebBuild, screens: readonly ScreenSpec[] = SCREENS): ScreenSize[] {
  return screens.map((screen) => measureScreen(web.manifest, screen, (file) => web.gzipBytesOf(file), web.modules));
}
