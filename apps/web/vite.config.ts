import react from '@vitejs/plugin-react';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants as zlibConstants } from 'node:zlib';
import { defineConfig, type Plugin, type PluginOption, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Vite config of the DineDesk SPA.
 *
 * - Dev server on 5173; `/api` and `/reply-fb-review` (the one product path outside `/api`,
 *   docs/requirements/calls.md) are proxied to the API named by `DINEDESK_API`, so the browser
 *   stays same-origin exactly as in production, where the server serves both the API and `dist/`.
 * - Routes are lazy (`src/app/app.tsx`), so the sign-in page does not download the shell or
 *   the reviews screen (docs/requirements/quality-goals.md: sign-in initial JS ≤ 120 KiB gzip).
 *   `node --import tsx apps/web/scripts/bundle-size.ts` builds and prints each screen's initial
 *   JavaScript; the `web-budget` test project (scripts/bundle-budget.test.ts) fails above the
 *   budgets.
 * - Every text asset of 1 KiB or more is also written as `.br` and `.gz` next to it
 *   ({@link precompression}); the server sends those as they are (`@fastify/static`
 *   `preCompressed`, docs/decisions/0018-web-delivery.md), so nothing is compressed per request.
 */
const apiTarget = process.env.DINEDESK_API ?? 'http://127.0.0.1:3000';
const proxied = { target: apiTarget, changeOrigin: true };

/**
 * The contracts only declare schemas, but their modules call `z.object(…)` at top level, which
 * a bundler must assume has side effects. Declaring them side-effect free lets a chunk that
 * only needs `API` (the api-client, in the sign-in page's entry) leave zod and every unused
 * schema out. `undefined` keeps the default (package.json `sideEffects`) for everything else.
 */
const CONTRACTS_SOURCE = /[\\/]packages[\\/]contracts[\\/]src[\\/]/;

/**
 * The source files a cold load of the first signed-in screen (Reviews: `/` and the sign-in
 * page's default `next` lead there) runs before it can be used: the entry, the start-up
 * session refresh, the MUI part, the product area with its shell, and the screen. Shared with
 * the bundle budget (scripts/bundle-budget.ts), which measures exactly this screen.
 */
export const FIRST_SIGNED_IN_SCREEN = [
  'src/main.tsx',
  'src/features/auth/session-bootstrap.ts',
  'src/app/mui-app.tsx',
  'src/app/product-area.tsx',
  'src/features/reviews/components/reviews-page.tsx',
] as const;

/**
 * MUI's core (components, system, styling, transitions, popper) in one chunk: the MUI modules
 * the first signed-in screen imports, statically, from {@link FIRST_SIGNED_IN_SCREEN}
 * ({@link firstScreenModules} finds them once the module graph is complete). Left to itself
 * the bundler splits MUI into a chunk per combination of lazy screens sharing it (40+ small
 * chunks on the first signed-in screen), which gzip far worse than one; a hand-kept list of
 * "lazy-only" components, as before, let components of later screens (the onboarding stepper,
 * checkboxes) ride in this chunk. MUI that only lazy screens use stays with those screens.
 *
 * Captured modules' own dependencies (react, clsx, @babel helpers) are not pulled in
 * (`includeDependenciesRecursively: false`): the sign-in page shares some of them and must
 * not download MUI (docs/requirements/quality-goals.md sign-in budget).
 *
 * The first screen's icons (`@mui/icons-material`) ride along: once demo screens used the shell's
 * icons too, the bundler cut each into a chunk of its own shared with them, 0.4 KiB
 * gzip more on Reviews than in this one (`bundle-size.ts`).
 *
 * The popups the first screen shows only on use (menus, tooltips, drawers, the review detail)
 * are lazy imports, so their MUI (Modal, Popover, Popper, Select…) is left to the bundler's
 * default split. Measured and rejected (docs/decisions/0018-web-delivery.md): all other MUI in
 * one second chunk, or one chunk of the first screen's on-demand MUI; both made the first
 * popup 30-50 KiB gzip and most other screens larger.
 */
const MUI_CORE = /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming|icons-material)|@emotion|react-transition-group|@popperjs)[\\/]/;

/**
 * MUI modules the first screen reaches only through `@mui/system`'s barrel and never runs: the
 * Grid layout. Once another screen uses Grid (the demo apps do), the bundle holds
 * it and {@link MUI_CORE}'s group would move it into the first screen's chunk, 1 KiB gzip of
 * code Reviews never runs (measured with `bundle-size.ts --modules`). Left out, it goes with the
 * screens that use it.
 */
const MUI_BARREL_ONLY = /[\\/]node_modules[\\/]@mui[\\/]system[\\/]Grid[\\/]/;

/**
 * TanStack Query (server state of every product screen) in one chunk, for the same reason as
 * {@link MUI_CORE}: the modules the first signed-in screen imports statically. Left to itself
 * the bundler cut them into six chunks along the lazy parts sharing them (the review detail
 * uses `useQuery` and `useMutation` too), 2.3 KiB gzip more on that screen. The sign-in page
 * uses none of it.
 */
const TANSTACK_QUERY = /[\\/]node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/;

/**
 * Collects into `into` every module reachable by static imports from `sources` (paths relative
 * to `root`), at the end of the build phase, before chunks are formed.
 * @throws {Error} when a source is missing from the build (a renamed screen file).
 */
function firstScreenModules(root: string, sources: readonly string[], into: Set<string>): Plugin {
  return {
    name: 'dinedesk:first-screen-modules',
    apply: 'build',
    buildEnd(error) {
      if (error) return;
      into.clear();
      const visit = (id: string) => {
        if (into.has(id)) return;
        into.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      for (const source of sources) {
        const id = resolve(root, source);
        if (!this.getModuleInfo(id)) this.error(`vite.config.ts FIRST_SIGNED_IN_SCREEN: ${source} is not part of the build`);
        visit(id);
      }
    },
  };
}

/** Files worth compressing: the text types the server sends (JS, CSS, HTML, SVG, JSON). */
const PRECOMPRESSED = /\.(js|mjs|css|html|svg|json)$/;

/**
 * `.br` (quality 11) and `.gz` (level 9) copies of every text asset from 1 KiB up, written at
 * build time: the highest levels cost build seconds once instead of CPU on every request.
 * Below 1 KiB the saving does not pay for a second file (and one round trip is the same).
 */
function precompression(): PluginOption {
  return compression({
    include: PRECOMPRESSED,
    threshold: 1024,
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      defineAlgorithm('gzip', { level: 9 }),
    ],
    skipIfLargerOrEqual: true,
  });
}

/** Options of {@link webConfig}. */
export interface WebConfigOptions {
  /**
   * Write `.br`/`.gz` copies (default true). The bundle budget turns it off: it measures the
   * JavaScript itself, and brotli at quality 11 is most of the build's time.
   */
  precompress?: boolean;
}

/**
 * Every chunk's static imports (file names), recorded from the bundle before Vite writes the
 * preload lists of dynamic imports (`vite:build-import-analysis` runs its `generateBundle` after
 * `enforce: 'pre'` plugins).
 */
function staticImportGraph(into: Map<string, readonly string[]>): Plugin {
  return {
    name: 'dinedesk:static-import-graph',
    enforce: 'pre',
    apply: 'build',
    generateBundle(_options, bundle) {
      into.clear();
      for (const [fileName, output] of Object.entries(bundle)) if (output.type === 'chunk') into.set(fileName, output.imports);
    },
  };
}

/**
 * The chunks that are loaded whenever `host` runs: itself and its static imports, recursively.
 * A dynamic import in `host` need not preload them, as the browser has them already.
 */
function loadedWith(host: string, graph: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set<string>();
  const stack = [host];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(graph.get(file) ?? []));
  }
  return seen;
}

/** The Vite config of the SPA; the default export is `webConfig()`. */
export function webConfig({ precompress = true }: WebConfigOptions = {}): UserConfig {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const firstScreen = new Set<string>();
  const importGraph = new Map<string, readonly string[]>();
  return {
    root,
    plugins: [react(), firstScreenModules(root, FIRST_SIGNED_IN_SCREEN, firstScreen), staticImportGraph(importGraph), precompress && precompression()],
    server: {
      port: 5173,
      strictPort: true,
      proxy: { '/api': proxied, '/reply-fb-review': proxied },
    },
    preview: { port: 4173 },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: false,
      target: 'es2022',
      modulePreload: {
        // Each lazy screen's preload list names only the chunks its importer has not loaded
        // already: listing the entry, React, MUI and the store again in every list of the
        // product area cost ~1 KiB of first-paint JavaScript per few screens, and preloading a
        // loaded module does nothing (docs/requirements/quality-goals.md#web).
        resolveDependencies: (_filename, deps, { hostId, hostType }) => {
          if (hostType !== 'js' || importGraph.size === 0) return deps;
          const loaded = loadedWith(hostId, importGraph);
          return deps.filter((dep) => !loaded.has(dep));
        },
      },
      rolldownOptions: {
        treeshake: { moduleSideEffects: (id: string) => (CONTRACTS_SOURCE.test(id) ? false : undefined) },
        output: {
          codeSplitting: {
            groups: [
              {
                name: 'mui',
                test: (id: string) => MUI_CORE.test(id) && !MUI_BARREL_ONLY.test(id) && firstScreen.has(id),
                includeDependenciesRecursively: false,
              },
              {
                name: 'query',
                test: (id: string) => TANSTACK_QUERY.test(id) && firstScreen.has(id),
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  };
}

// A function, so importing this module (the bundle budget does) creates no plugin: the
// compression plugin hooks stdout as soon as it is created.
export default defineConfig(() => webConfig());
