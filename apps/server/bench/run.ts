/**
 * `npm run bench`: throughput and latency of `GET /api/review_testing/get-fb-reviews` against
 * the bare `GET /api/health` baseline, measured in the same run
 * (docs/requirements/quality-goals.md: the machine is noisy, so quote ratios and percentiles), on
 * PGlite and on PostgreSQL with the seeded data.
 *
 * Each target runs the real stack as child processes (Graph simulator + server, as `npm start`
 * does) so the load generator does not share the server's event loop.
 * Env: BENCH_SECONDS (default 10), BENCH_CONNECTIONS (default 50), BENCH_DB (pglite,postgres),
 * TEST_PG_URL (admin URL of the PostgreSQL used to create a throwaway database).
 */
import autocannon from 'autocannon';
import { login, startStack, throwawayDatabase, waitFor } from './common.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const targets = (process.env.BENCH_DB ?? 'pglite,postgres').split(',');

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
  const db = target === 'postgres' ? await throwawayDatabase(`dinedesk_bench_${process.pid}`) : null;
  const port = portBase++;
  const stack = await startStack(db ? { DATABASE_URL: db.url } : {}, port, portBase++);
  try {
    const base = `http://127.0.0.1:${port}`;
    const auth = { authorization: `Bearer ${await login(base)}` };
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
    await stack.stop();
    await db?.drop();
  }
}
console.log(`\n${connections} connections, ${seconds} s per call, seeded demo data, 2-core machine shared with the load generator`);
console.table(results);
