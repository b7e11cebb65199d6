import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * Vite config of the DineDesk SPA.
 *
 * - Dev server on 5173; `/api` and `/reply-fb-review` (the one product path outside `/api`,
 *   spec §7) are proxied to the API named by `DINEDESK_API`, so the browser stays same-origin
 *   exactly as in production, where the server serves both the API and `dist/`.
 * - Routes are lazy (`src/app/routes.tsx`), so the sign-in page does not download the shell or
 *   the reviews screen (targets.md: sign-in initial JS ≤ 120 KiB gzip).
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
    },
  },
});
