#!/usr/bin/env node
/**
 * Initial JavaScript per screen of the production build (targets.md: sign-in page ≤ 120 KiB
 * gzip, first signed-in screen ≤ 250 KiB gzip, demo mock never in the initial load).
 *
 * Run after `vite build`: `node apps/web/scripts/bundle-size.mjs`. For each screen it takes
 * the entry chunk of index.html plus the lazy chunks that screen imports on first render, and
 * follows every static import, as the browser does; chunks fetched later (on idle, on click)
 * are not counted. Chunk names come from the source file names (Vite keeps them).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const assets = join(dist, 'assets');
const files = readdirSync(assets);
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = /<script type="module" crossorigin src="\/assets\/([^"]+)"/.exec(html)?.[1];
if (!entry) throw new Error('no entry script in dist/index.html');

/** The built chunk whose name starts with `name-` (Vite names chunks after their module). */
function chunk(name) {
  const found = files.filter((file) => file.startsWith(`${name}-`) && file.endsWith('.js'));
  if (found.length !== 1) throw new Error(`expected one chunk named ${name}, found ${found.join(', ') || 'none'}`);
  return found[0];
}

/** `file` and every chunk it imports statically, transitively. */
function closure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const code = readFileSync(join(assets, file), 'utf8');
  // Static imports only: `import … from"./x.js"` and `import"./x.js"`, not `import("./x.js")`.
  for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) closure(match[1], seen);
  return seen;
}

const gzip = (file) => gzipSync(readFileSync(join(assets, file))).length;
const screens = {
  'sign-in page (/login)': [entry, chunk('login-page'), chunk('api-client')],
  'first signed-in screen (Reviews)': [entry, chunk('mui-app'), chunk('product-area'), chunk('reviews-page'), chunk('session-bootstrap')],
};

let failed = false;
for (const [screen, roots] of Object.entries(screens)) {
  const all = new Set();
  for (const root of roots) closure(root, all);
  const bytes = [...all].reduce((sum, file) => sum + gzip(file), 0);
  const demo = [...all].filter((file) => /^(browser|handlers|data)-/.test(file));
  console.log(`${screen}: ${(bytes / 1024).toFixed(1)} KiB gzip in ${all.size} chunks`);
  if (process.argv.includes('--list')) {
    for (const file of [...all].sort((a, b) => gzip(b) - gzip(a))) console.log(`  ${(gzip(file) / 1024).toFixed(1).padStart(6)}  ${file}`);
  }
  if (demo.length) {
    console.log(`  demo mock in the initial load: ${demo.join(', ')}`);
    failed = true;
  }
}
process.exitCode = failed ? 1 : 0;
