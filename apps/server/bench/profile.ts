/**
 * `npm run profile` ("profile with 0x and put the before/after flame summaries in the
 * closing note"): the server under `0x` on grown data, one list call at saturation, then the
 * flame graph (HTML) and its text summary (bench/flame-summary.ts).
 *
 * Grows a throwaway PostgreSQL database as `bench:lists` does (bench/grow.ts; BENCH_REVIEWS /
 * BENCH_MESSAGES, default 1,000,000 each), or uses PROFILE_DATABASE_URL when set (a database
 * kept by `BENCH_KEEP_DB=1 npm run bench:lists`). Then starts `apps/server/src/main.ts` under 0x
 * (no simulator: Graph unreachable, sync off), signs in as the demo owner, runs autocannon for 3 s
 * (warm-up) and PROFILE_SECONDS (default 10) at saturation with 50 connections on PROFILE_PATH
 * (default the reviews list, 20 per page), stops the server with SIGINT and prints where the
 * flame graph is, requests per profiler tick, and the summary.
 * Env: PROFILE_PATH, PROFILE_SECONDS, PROFILE_DATABASE_URL, PROFILE_OUT (default a temp folder).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DEFAULT_SEED_DIR } from '@dinedesk/demo-data';
import { openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed.ts';
import { freePort } from '../src/test/services.ts';
import { login, root, throwawayDatabase, waitFor } from './common.ts';
import { summarise } from './flame-summary.ts';
import { growDatabase } from './grow.ts';

/** SIGINT to the processes 0x started (the profiled server), else to 0x itself. */
function stopProfiled(zeroXPid: number): void {
  let children: number[] = [];
  try {
    children = execFileSync('pgrep', ['-P', String(zeroXPid)], { encoding: 'utf8' }).split('\n').filter(Boolean).map(Number);
  } catch {
    // pgrep exits 1 when there is no child
  }
  for (const pid of children.length ? children : [zeroXPid]) {
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
}

const path = process.env.PROFILE_PATH ?? '/api/review_testing/get-fb-reviews?limit=20';
const seconds = Number(process.env.PROFILE_SECONDS ?? 10);
const out = process.env.PROFILE_OUT ?? mkdtempSync(join(tmpdir(), 'dinedesk-profile-'));
const stops: (() => Promise<void>)[] = [];
try {
  let databaseUrl = process.env.PROFILE_DATABASE_URL;
  if (!databaseUrl) {
    const db = await throwawayDatabase(`dinedesk_profile_${process.pid}`);
    stops.push(() => db.drop());
    const d = await openDatabase({ databaseUrl: db.url, dataDir: null });
    await d.migrate();
    await seedDemo(d.db, DEFAULT_SEED_DIR);
    await d.close();
    const n = (v: string | undefined) => Number(v ?? 1_000_000);
    console.log(`growing ${db.url}`);
    await growDatabase(db.url, { reviews: n(process.env.BENCH_REVIEWS), messages: n(process.env.BENCH_MESSAGES), conversations: Math.round(n(process.env.BENCH_MESSAGES) / 5), hotMessages: 25_000 });
    databaseUrl = db.url;
  }
  const port = await freePort();
  const server = spawn(join(root, 'node_modules/.bin/0x'), ['--quiet', '--output-dir', out, '--', process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      REVIEW_SYNC_INTERVAL_SECONDS: '0',
      META_CONNECT_TEST_USERS: '0',
      META_GRAPH_BASE_URL: 'http://127.0.0.1:9',
      LOG_LEVEL: 'warn',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'dinedesk-profile-data-')),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((r) => server.once('exit', () => r()));
  stops.unshift(async () => {
    if (server.exitCode !== null) return;
    stopProfiled(server.pid!);
    await exited;
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 90_000);
  console.log(`server up on ${base}; ${seconds} s of load on ${path}`);
  const headers = { authorization: `Bearer ${await login(base)}` };
  await autocannon({ url: base + path, headers, connections: 50, duration: 3 });
  const r = await autocannon({ url: base + path, headers, connections: 50, duration: seconds });
  // 0x writes the profile and the flame graph once the profiled process has exited: SIGINT
  // goes to that process (0x's child), which shuts down as on Ctrl-C.
  console.log('stopping the server; 0x writes the flame graph');
  stopProfiled(server.pid!);
  await exited;
  const s = summarise(out, 12);
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  console.log(`\n${path}: ${Math.round(r.requests.average)} req/s under the profiler, ${r.requests.total} requests, ${s.ticks} busy ticks (${(s.ticks / r.requests.total).toFixed(2)} per request; start-up included), GC ${pct(s.gcShare)}`);
  console.log(`flame graph: ${join(out, 'flamegraph.html')}`);
  console.log('\nself time by origin');
  for (const x of s.selfByOrigin) console.log(`  ${pct(x.share).padStart(7)}  ${x.origin}`);
  console.log('\non the stack, by package');
  for (const x of s.inclusiveByPackage) console.log(`  ${pct(x.share).padStart(7)}  ${x.origin}`);
  console.log('\nhottest functions (self)');
  for (const x of s.hottest) console.log(`  ${pct(x.share).padStart(7)}  ${x.fn.slice(0, 110)}`);
} finally {
  for (const stop of stops) await stop().catch((e) => console.error(e));
}
