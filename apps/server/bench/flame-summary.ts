/**
 * Text summary of a 0x flame graph ("put the before/after flame summaries in the
 * closing note"): reads the V8 tick profile that 0x leaves in its output folder
 * (`isolate-*-v8.log.json`, the `node --prof-process --preprocess` format: `code[]` and
 * `ticks[]`, each tick's stack `s` as pairs of code index and pc offset, top frame first, -1 for
 * code V8 could not name) and prints, over the non-idle ticks:
 * - self time by where the code comes from (an npm package, a DineDesk file, Node's internals,
 *   native code, garbage collection);
 * - inclusive time of each package (share of ticks with the package anywhere on the stack);
 * - the hottest functions by self time.
 *
 * Usage: `node --import tsx apps/server/bench/flame-summary.ts <0x output dir> [--top N] [--json]`.
 * @throws Error when the folder holds no `*-v8.log.json`
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface CodeEntry {
  name: string;
  type: string;
}
interface Tick {
  /** V8 VM state: 0 JS, 1 GC, 2 parser, 3 bytecode compiler, 4 compiler, 5 other, 6 external, 8 idle. */
  vm: number;
  s: number[];
}

/** Where a code entry comes from: `pkg:<name>`, `app:<path>`, `node`, `native`. */
export function originOf(name: string, type: string): string {
  if (type === 'SHARED_LIB' || type === 'CPP' || type === 'CODE' || type === 'Builtin') return 'native';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(name);
  if (nm) return `pkg:${nm[1]}`;
  const app = /\/(apps\/[^/]+\/src\/.*?|packages\/[^/]+\/src\/.*?)(?::\d+)+$/.exec(name);
  if (app) return `app:${app[1]}`;
  if (/\bnode:|internal\//.test(name)) return 'node';
  return type === 'JS' ? 'other js' : 'native';
}

export interface FlameSummary {
  ticks: number;
  gcShare: number;
  selfByOrigin: { origin: string; share: number }[];
  inclusiveByPackage: { origin: string; share: number }[];
  hottest: { fn: string; origin: string; share: number }[];
}

/** Summarises one 0x output folder (see the module docstring). */
export function summarise(dir: string, top = 20): FlameSummary {
  const file = readdirSync(dir).find((f) => f.endsWith('-v8.log.json'));
  if (!file) throw new Error(`${dir} holds no *-v8.log.json: is it a 0x output folder?`);
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { code: CodeEntry[]; ticks: Tick[] };
  const origins = profile.code.map((c) => originOf(c.name, c.type));
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  const fns = new Map<string, number>();
  let n = 0;
  let gc = 0;
  for (const t of profile.ticks) {
    if (t.vm === 8) continue;
    n++;
    if (t.vm === 1) gc++;
    let topOrigin: string | null = null;
    const seen = new Set<string>();
    for (let i = 0; i < t.s.length; i += 2) {
      const idx = t.s[i]!;
      if (idx < 0) continue;
      const origin = origins[idx]!;
      if (topOrigin === null) {
        topOrigin = origin;
        const fn = profile.code[idx]!.name.replace(/^\s*/, '').replace(/ (file:\/\/)?\/\S*?node_modules\//, ' ').replace(/ (file:\/\/)?\/work\/[^/]+\//, ' ');
        fns.set(fn, (fns.get(fn) ?? 0) + 1);
      }
      if (origin.startsWith('pkg:') || origin === 'node') seen.add(origin);
      if (origin.startsWith('app:')) seen.add('app:*');
    }
    const key = t.vm === 1 ? 'gc' : (topOrigin ?? 'native');
    self.set(key, (self.get(key) ?? 0) + 1);
    for (const o of seen) inclusive.set(o, (inclusive.get(o) ?? 0) + 1);
  }
  const ranked = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).map(([origin, c]) => ({ origin, share: c / n }));
  return {
    ticks: n,
    gcShare: gc / n,
    selfByOrigin: ranked(self).slice(0, top),
    inclusiveByPackage: ranked(inclusive).slice(0, top),
    hottest: [...fns].sort((a, b) => b[1] - a[1]).slice(0, top).map(([fn, c]) => ({ fn, origin: '', share: c / n })),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop()!)) {
  const dir = process.argv[2];
  if (!dir) throw new Error('usage: flame-summary.ts <0x output dir> [--top N] [--json]');
  const topArg = process.argv.indexOf('--top');
  const s = summarise(dir, topArg > 0 ? Number(process.argv[topArg + 1]) : 15);
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(s, null, 2));
  } else {
    console.log(`${s.ticks} busy ticks, GC ${pct(s.gcShare)}`);
    console.log('\nself time by origin');
    for (const r of s.selfByOrigin) console.log(`  ${pct(r.share).padStart(7)}  ${r.origin}`);
    console.log('\ninclusive (on the stack)');
    for (const r of s.inclusiveByPackage) console.log(`  ${pct(r.share).padStart(7)}  ${r.origin}`);
    console.log('\nhottest functions (self)');
    for (const r of s.hottest) console.log(`  ${pct(r.share).padStart(7)}  ${r.fn.slice(0, 110)}`);
  }
}
