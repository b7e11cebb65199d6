import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * Vite config of the DineDesk SPA.
 *
 * - Dev server on 5173; `/api` and `/reply-fb-review` (the one product path outside `/api`,
 *   spec §7) are proxied to the API named by `DINEDESK_API`, so the browser stays same-origin
 *   exactly as in production, where the server serves both the API and `dist/`.
 * - Routes are lazy (`src/app/app.tsx`), so the sign-in page does not download the shell or
 *   the reviews screen (targets.md: sign-in initial JS ≤ 120 KiB gzip). `node
 *   scripts/bundle-size.mjs` after a build prints each screen's initial JavaScript.
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
 * MUI's core (components, system, styling, transitions, popper) in one chunk. Left to itself
 * the bundler splits MUI into a chunk per combination of lazy screens sharing it (40+ small
 * chunks on the first signed-in screen), which gzip far worse than one. Components that only
 * lazy screens use (dialogs, radios, tables, …: {@link LAZY_ONLY_MUI}) stay with those
 * screens, so the first signed-in screen does not download them; a component missing from
 * that list only costs its bytes in this chunk, it breaks nothing.
 *
 * Captured modules' own dependencies (react, clsx, @babel helpers) are not pulled in
 * (`includeDependenciesRecursively: false`): the sign-in page shares some of them and must
 * not download MUI (targets.md sign-in budget).
 */
const MUI_CORE = /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|styled-engine|private-theming)|@emotion|react-transition-group|@popperjs)[\\/]/;
const LAZY_ONLY_MUI =
  /[\\/]@mui[\\/]material[\\/](Dialog|DialogTitle|DialogContent|DialogActions|Radio|RadioGroup|Switch|FormControlLabel|FormGroup|Table|TableBody|TableCell|TableContainer|TableHead|TableRow|ToggleButton|ToggleButtonGroup|useAutocomplete|Autocomplete|Badge|ListItem|ListItemAvatar|ListItemSecondaryAction|Link)[\\/]/;

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
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
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => (CONTRACTS_SOURCE.test(id) ? false : undefined) },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'mui',
              test: (id: string) => MUI_CORE.test(id) && !LAZY_ONLY_MUI.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
