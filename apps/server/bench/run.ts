/**
 * `npm run bench`: throughput and latency of `GET /api/review_testing/get-fb-reviews` against
 * the bare `GET /api/health` baseline, measured in the same run (targets.md: the machine is
 * noisy, so quote ratios and percentiles), on PGlite and on PostgreSQL with the seeded data.
 *
 * Each target runs the real stack as child processes (Graph simulator + server, as `npm start`
 * does) so the load generator does not share the server's event loop.
 * Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_DB (pglite,postgres),
 * TEST_PG_URL (admin URL of the PostgreSQL used to create a throwaway database).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const targets = (process.env.BENCH_DB ?? 'pglite,postgres').split(',');
const adminUrl = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function waitFor(check: () => Promise<boolean>, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('timed out');
}

async function startStack(env: Record<string, string>, port: number, simPort: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', META_SIM_PORT: String(simPort), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).ok, 90_000);
  return child;
}

function load(url: string, headers: Record<string, string> = {}): Promise<autocannon.Result> {
  return autocannon({ url, connections, duration: seconds, headers });
}

function row(name: string, r: autocannon.Result) {
  return {
    call: name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

const results: Record<string, unknown>[] = [];
let portBase = 3900;
for (const target of targets) {
  const env: Record<string, string> = { DATA_DIR: mkdtempSync(join(tmpdir(), 'dinedesk-bench-')), REVIEW_SYNC_INTERVAL_SECONDS: '0' };
  let dropDb: (() => Promise<void>) | null = null;
  if (target === 'postgres') {
    const name = `dinedesk_bench_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${name}`;
    env.DATABASE_URL = u.toString();
    dropDb = async () => {
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    };
  }
  const port = portBase++;
  const child = await startStack(env, port, portBase++);
  try {
    const base = `http://127.0.0.1:${port}`;
    const login = (await (await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'owner@spice-route.demo', password: 'DineDesk-demo-2026' }) })).json()) as { accessToken: string };
    const auth = { authorization: `Bearer ${login.accessToken}` };
    await waitFor(async () => {
      const { data } = (await (await fetch(`${base}/api/review_testing/get-fb-pages`, { headers: auth })).json()) as { data: { sync: { status: string } }[] };
      return data.length > 0 && data.every((p) => p.sync.status === 'ok');
    }, 60_000);
    const health = await load(`${base}/api/health`);
    const reviews = await load(`${base}/api/review_testing/get-fb-reviews?limit=20`, auth);
    const filtered = await load(`${base}/api/review_testing/get-fb-reviews?limit=20&rating=5&replied=false`, auth);
    for (const [name, r] of [['health', health], ['get-fb-reviews', reviews], ['get-fb-reviews rating=5&replied=false', filtered]] as const) {
      results.push({ db: target, ...row(name, r), 'vs health': `${(r.requests.average / health.requests.average).toFixed(2)}x` });
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.on('exit', r));
    await dropDb?.();
  }
}
console.log(`\n${connections} connections, ${seconds} s per call, seeded demo data, 2-core machine shared with the load generator`);
console.table(results);
