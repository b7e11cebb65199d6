/**
 * Prints the JavaScript each product screen downloads (gzip KiB, against
 * docs/requirements/quality-goals.md's budgets), from a fresh production build in a temporary
 * folder (nothing in apps/web/dist changes).
 *
 *   node --import tsx apps/web/scripts/bundle-size.ts             # one line per screen
 *   node --import tsx apps/web/scripts/bundle-size.ts --list      # and each screen's chunks
 *   node --import tsx apps/web/scripts/bundle-size.ts --modules   # and each chunk's largest modules
 *
 * Columns: "first paint" is what the budget is about (entry + the screen's route chunks + their
 * static imports); "+ later" is what the screen fetches afterwards without the user asking
 * (idle prefetch, socket client, deferred navbar parts). Module sizes are rendered lengths
 * (after tree-shaking, before minifying): for finding the big ones, not for adding up.
 * Exit code 1 when a screen is over its budget or holds the demo mock. How screens are counted:
 * bundle-budget.ts; what the figures mean: docs/decisions/0018-web-delivery.md.
 */
import { budgetFailure, buildWeb, kib, measureScreens, type CountedChunk, type WebBuild } from './bundle-budget.ts';

/** Modules shown per chunk with `--modules`. */
const MODULES_PER_CHUNK = 12;

const args = new Set(process.argv.slice(2));
const showChunks = args.has('--list') || args.has('--modules');

function printChunks(web: WebBuild, heading: string, chunks: readonly CountedChunk[]): void {
  if (chunks.length === 0) return;
  console.log(`  ${heading}`);
  for (const chunk of chunks) {
    console.log(`    ${kib(chunk.gzipBytes).padStart(6)}  ${chunk.file}`);
    if (!args.has('--modules')) continue;
    for (const module of (web.modules.get(chunk.file) ?? []).slice(0, MODULES_PER_CHUNK)) {
      console.log(`             ${kib(module.bytes).padStart(6)} KiB rendered  ${module.id}`);
    }
  }
}

const web = await buildWeb();
try {
  const sizes = measureScreens(web);
  const width = Math.max(...sizes.map((size) => size.screen.title.length));
  const column = (text: string, size = 11) => text.padStart(size);
  console.log(`${'screen (gzip KiB of JavaScript)'.padEnd(width)}${column('first paint')}${column('+ later')}${column('budget')}${column('target')}`);
  for (const size of sizes) {
    const { budgetBytes, targetBytes, title } = size.screen;
    const flag = budgetFailure(size) ? '  OVER' : '';
    console.log(
      `${title.padEnd(width)}${column(kib(size.gzipBytes))}${column(kib(size.unpromptedGzipBytes))}` +
        `${column(budgetBytes === null ? '-' : kib(budgetBytes))}${column(targetBytes === null ? '-' : kib(targetBytes))}${flag}`,
    );
    if (!showChunks) continue;
    printChunks(web, 'first paint:', size.chunks);
    printChunks(web, 'later, unprompted:', size.unpromptedChunks);
  }
  const failures = sizes.map(budgetFailure).filter((failure) => failure !== null);
  for (const failure of failures) console.error(`\n${failure}`);
  process.exitCode = failures.length > 0 ? 1 : 0;
} finally {
  web.dispose();
}
