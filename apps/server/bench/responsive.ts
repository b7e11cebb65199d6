/**
 * Responsiveness while background work runs (docs/decisions/0046-embedded-database-process.md):
 * `node --import tsx apps/server/bench/responsive.ts` (part of `npm run bench`). Printed, not a
 * timed test.
 *
 * For each database (PGlite, the embedded default, and PostgreSQL) it starts the real stack as
 * `npm start` does (simulator + server, `scripts/start.mjs`, a fresh DATA_DIR, the default
 * review sync interval) and measures an authenticated list call (reviews page 1, as the demo
 * owner), one request at a time every `BENCH_GAP_MS` (default 25 ms):
 *
 * 1. **first start**: the first `BENCH_START_SECONDS` (default 20) after `/api/health` answers,
 *    while the start's sync (Facebook connect, review sync, inbox backfills, Google) runs;
 * 2. **idle**: `BENCH_IDLE_SECONDS` (default 10) once no job is queued or running;
 * 3. **order import**: while a generated `BENCH_IMPORT_ROWS`-row (default 100,000) London file
 *    imports into a Hyderabad outlet (upload, validation and write, until the import's status
 *    is final). Either import design (one transaction, or batches into a staging table) works:
 *    the bench reads only the import's status.
 *
 * Prints p50 / p99 / max (ms) and the count of each phase against the target (p99 ≤ 100 ms during
 * background work). Env: BENCH_DBS (`pglite,postgres`), TEST_PG_URL (PostgreSQL admin URL, see
 * common.ts), BENCH_PORT / BENCH_SIM_PORT (default 3390 / 4390).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generatedLondonOrderFile } from '../src/test/order-files.ts';
import { describeMachine, login, percentile, startStack, throwawayDatabase, waitFor } from './common.ts';

const dbs = (process.env.BENCH_DBS ?? 'pglite,postgres').split(',').map((s) => s.trim()) as ('pglite' | 'postgres')[];
const gapMs = Number(process.env.BENCH_GAP_MS ?? 25);
const startSeconds = Number(process.env.BENCH_START_SECONDS ?? 20);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const importRows = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const port = Number(process.env.BENCH_PORT ?? 3390);
const simPort = Number(process.env.BENCH_SIM_PORT ?? 4390);
const TARGET_P99_MS = 100;
const OWNER = 'owner@spice-route.demo';
const OWNERS = [OWNER, 'owner@deccan-table.demo'];

interface Phase {
  db: string;
  phase: string;
  n: number;
  errors: number;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  seconds: number;
}

/** Calls `url` one request at a time, `gapMs` apart, until `until()` says stop; latencies in ms. */
async function sample(url: string, token: string, until: () => boolean): Promise<{ times: number[]; errors: number; seconds: number }> {
  const times: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  while (!until()) {
    const started = performance.now();
    try {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
      await res.arrayBuffer();
      if (!res.ok) errors++;
    } catch {
      errors++;
    }
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, gapMs));
  }
  return { times, errors, seconds: (performance.now() - t0) / 1000 };
}

function summary(db: string, phase: string, s: { times: number[]; errors: number; seconds: number }): Phase {
  const sorted = [...s.times].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return { db, phase, n: sorted.length, errors: s.errors, 'p50 ms': r(percentile(sorted, 50)), 'p99 ms': r(percentile(sorted, 99)), 'max ms': r(sorted.at(-1) ?? NaN), seconds: r(s.seconds) };
}

/** True once no job of the demo owners is queued, due or running (as e2e/support/stack.ts waitForQuiet). */
async function quiet(base: string, tokens: string[]): Promise<boolean> {
  for (const token of tokens) {
    const { data } = (await (await fetch(`${base}/api/jobs?limit=100`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { state: string }[] };
    if (data.some((j) => j.state === 'created' || j.state === 'active' || j.state === 'retry')) return false;
  }
  return true;
}

async function post<T>(url: string, token: string, body: unknown): Promise<T> {
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function measure(kind: 'pglite' | 'postgres', file: string): Promise<Phase[]> {
  const pgdb = kind === 'postgres' ? await throwawayDatabase(`dinedesk_bench_responsive_${process.pid}`) : null;
  const stack = await startStack(pgdb ? { DATABASE_URL: pgdb.url, REVIEW_SYNC_INTERVAL_SECONDS: '300' } : { REVIEW_SYNC_INTERVAL_SECONDS: '300' }, port, simPort, 300_000);
  const base = `http://127.0.0.1:${port}`;
  const list = `${base}/api/review_testing/get-fb-reviews?limit=20`;
  const phases: Phase[] = [];
  try {
    const up = performance.now();
    const token = await login(base, OWNER);
    phases.push(summary(kind, `first start (${startSeconds} s after health)`, await sample(list, token, () => performance.now() - up > startSeconds * 1000)));

    const tokens = [token, ...(await Promise.all(OWNERS.slice(1).map((e) => login(base, e))))];
    await waitFor(() => quiet(base, tokens), 300_000);
    const idleFrom = performance.now();
    phases.push(summary(kind, 'idle', await sample(list, token, () => performance.now() - idleFrom > idleSeconds * 1000)));

    const { data: outlets } = await post<{ data: { id: string; city: string; canImport: boolean }[] }>(`${base}/api/orders/outlets`, token, {});
    const outlet = outlets.find((o) => o.city === 'Hyderabad' && o.canImport);
    if (!outlet) throw new Error('no Hyderabad outlet to import into');
    let done = false;
    let final = '';
    const importing = (async () => {
      try {
        const up = await fetch(`${base}/api/orders/imports?${new URLSearchParams({ outletId: outlet.id, shape: 'london', sourceOutlet: 'bench-1', fileName: 'generated.csv' })}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
          body: readFileSync(file),
        });
        if (up.status !== 202) throw new Error(`upload: ${up.status} ${await up.text()}`);
        const { id } = (await up.json()) as { id: string };
        for (;;) {
          const s = (await (await fetch(`${base}/api/orders/imports/${id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { status: string; linesImported: number };
          if (['imported', 'rejected', 'failed'].includes(s.status)) {
            final = `${s.status}, ${s.linesImported.toLocaleString('en')} lines`;
            return;
          }
          await new Promise((r) => setTimeout(r, 250));
        }
      } finally {
        done = true;
      }
    })();
    const during = await sample(list, token, () => done);
    await importing;
    phases.push(summary(kind, `order import ${importRows.toLocaleString('en')} rows (${final})`, during));
  } finally {
    await stack.stop();
    await pgdb?.drop();
  }
  return phases;
}

const file = generatedLondonOrderFile(importRows);
const all: Phase[] = [];
try {
  for (const kind of dbs) {
    console.log(`# ${kind}`);
    const phases = await measure(kind, file);
    console.table(phases);
    all.push(...phases);
  }
} finally {
  rmSync(join(file, '..'), { recursive: true, force: true });
}
const machine = describeMachine('shared with other work');
console.log(`\nGET reviews page 1, one at a time every ${gapMs} ms; ${machine.cpus}, node ${machine.node}`);
for (const p of all) {
  const background = p.phase !== 'idle';
  console.log(`${p.db.padEnd(8)} ${p.phase.padEnd(52)} p50 ${String(p['p50 ms']).padStart(7)} ms  p99 ${String(p['p99 ms']).padStart(7)} ms  max ${String(p['max ms']).padStart(7)} ms  n ${p.n}${p.errors ? `, ${p.errors} errors` : ''}${background ? `  target p99 ≤ ${TARGET_P99_MS} ms: ${p['p99 ms'] <= TARGET_P99_MS ? 'met' : 'NOT met'}` : ''}`);
}
