/**
 * `npm run bench:lists`: the list endpoints on 1,000,000 reviews and 1,000,000
 * messages against docs/requirements/quality-goals.md#server: p99 ≤ 50 ms at 500 req/s, ≥ 1,500
 * req/s at saturation, 0 errors, and page 1,000 within 20 % of page 1 at p99.
 *
 * Grows a throwaway PostgreSQL database (bench/grow.ts), starts the real stack (simulator +
 * server, `scripts/start.mjs`) and a bare Fastify route (bench/bare.ts) as child processes, then
 * runs each fixed rate twice, with autocannon (`overallRate`, which sends each second's share in
 * a burst) and evenly spaced (bench/paced.ts, latency from when each request was due), and
 * autocannon at saturation, on: reviews page 1 (also with `Accept-Encoding: br`) and deep,
 * conversations of the busiest page page 1 and deep, messages of the 25k-message conversation
 * page 1 and deep, `/api/health` and the bare route. "Deep" is row 20,000 (page 1,000 of 20), or
 * the last full page when the list is shorter; its cursor is built from the row at that position,
 * exactly as the server encodes one.
 *
 * Prints p50 / p99 / max latency (ms), req/s and errors per call and rate, and writes
 * `apps/server/bench/results/lists-<date>.json` and `.md` with the machine's description.
 * Env: BENCH_SECONDS (per measurement, default 10), BENCH_CONNECTIONS (default 50),
 * BENCH_RATES (default 250,500,1000), BENCH_REVIEWS / BENCH_MESSAGES (default 1,000,000),
 * BENCH_LABEL (free text stored with the results), BENCH_KEEP_DB=1 (keep the grown database), TEST_PG_URL (admin URL; see common.ts).
 */
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEFAULT_SEED_DIR } from '@dinedesk/demo-data';
import { openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed.ts';
import { encodeCursor } from '../src/lib/keyset.ts';
import { describeMachine, login, root, startStack, throwawayDatabase, waitFor, writeResults } from './common.ts';
import { growDatabase } from './grow.ts';
import { paced } from './paced.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rates = (process.env.BENCH_RATES ?? '250,500,1000').split(',').map(Number);
const nReviews = Number(process.env.BENCH_REVIEWS ?? 1_000_000);
const nMessages = Number(process.env.BENCH_MESSAGES ?? 1_000_000);
const DEEP_ROW = 20_000;
const LIMIT = 20;

interface Measurement {
  call: string;
  rate: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  errors: number;
}

const db = await throwawayDatabase(`dinedesk_lists_${process.pid}`);
// BENCH_KEEP_DB=1 keeps the grown database (for EXPLAIN ANALYZE afterwards); its URL is printed.
const stops: (() => Promise<void>)[] = process.env.BENCH_KEEP_DB === '1' ? [] : [() => db.drop()];
try {
  console.log(`growing ${db.url} to ${nReviews.toLocaleString('en')} reviews / ${nMessages.toLocaleString('en')} messages`);
  const d = await openDatabase({ databaseUrl: db.url, dataDir: null });
  await d.migrate();
  await seedDemo(d.db, DEFAULT_SEED_DIR);
  await d.close();
  const grown = await growDatabase(db.url, { reviews: nReviews, messages: nMessages, conversations: Math.round(nMessages / 5), hotMessages: 25_000 });

  // Deep positions, read the way the lists order rows.
  const sqlc = new pg.Client({ connectionString: db.url });
  await sqlc.connect();
  const deep = async (q: string, params: unknown[]) => {
    const n = Number((await sqlc.query<{ n: string }>(`select count(*) n from (${q}) x`, params)).rows[0]!.n);
    const at = Math.max(0, Math.min(DEEP_ROW, n - LIMIT - 1) - 1);
    const row = (await sqlc.query<{ t: Date; id: string }>(`${q} offset ${at} limit 1`, params)).rows[0]!;
    return { cursor: encodeCursor(row.t, Number(row.id)), row: at + 1, page: Math.floor((at + 1) / LIMIT) + 1, of: n };
  };
  const reviewsDeep = await deep('select created_time t, id from reviews where client_id = $1 order by created_time desc, id desc', [grown.clientId]);
  const convDeep = await deep(`select updated_time t, id from conversations where account_id = $1 and channel = 'messenger' order by updated_time desc, id desc`, [grown.hotPageId]);
  const msgDeep = await deep('select created_time t, id from messages where conversation_id = $1 order by created_time desc, id desc', [grown.hotConversationId]);
  const pgVersion = (await sqlc.query<{ server_version: string }>('show server_version')).rows[0]!.server_version;
  await sqlc.end();

  const port = 3960;
  const barePort = 3962;
  const stack = await startStack({ DATABASE_URL: db.url }, port, port + 1);
  stops.unshift(() => stack.stop());
  const bare = spawn(process.execPath, ['--import', 'tsx', 'apps/server/bench/bare.ts', String(barePort)], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  stops.unshift(async () => {
    if (bare.exitCode !== null) return;
    const exited = new Promise((r) => bare.on('exit', r));
    bare.kill('SIGTERM');
    await exited;
  });
  await waitFor(async () => (await fetch(`http://127.0.0.1:${barePort}/bare`)).ok, 30_000);

  const base = `http://127.0.0.1:${port}`;
  const auth = { authorization: `Bearer ${await login(base)}` };
  const conv = `/api/messenger/pages/${grown.hotPageId}/conversations`;
  const msgs = `${conv}/${grown.hotConversationId}/messages`;
  const calls: { call: string; url: string; headers?: Record<string, string> }[] = [
    { call: 'bare Fastify route', url: `http://127.0.0.1:${barePort}/bare` },
    { call: '/api/health', url: `${base}/api/health` },
    { call: 'reviews page 1', url: `${base}/api/review_testing/get-fb-reviews?limit=${LIMIT}`, headers: auth },
    // As a browser asks: the answer is compressed (brotli, @fastify/compress) on every request.
    { call: 'reviews page 1, br', url: `${base}/api/review_testing/get-fb-reviews?limit=${LIMIT}`, headers: { ...auth, 'accept-encoding': 'br, gzip' } },
    { call: `reviews page ${reviewsDeep.page}`, url: `${base}/api/review_testing/get-fb-reviews?limit=${LIMIT}&cursor=${reviewsDeep.cursor}`, headers: auth },
    { call: 'conversations page 1', url: `${base}${conv}?limit=${LIMIT}`, headers: auth },
    { call: `conversations page ${convDeep.page}`, url: `${base}${conv}?limit=${LIMIT}&cursor=${convDeep.cursor}`, headers: auth },
    { call: 'messages page 1', url: `${base}${msgs}?limit=${LIMIT}`, headers: auth },
    { call: `messages page ${msgDeep.page}`, url: `${base}${msgs}?limit=${LIMIT}&cursor=${msgDeep.cursor}`, headers: auth },
  ];
  // Every call must answer 200 with a full page before it is measured.
  for (const c of calls) {
    const res = await fetch(c.url, { headers: c.headers });
    const body = (await res.json()) as { data?: unknown[] };
    if (!res.ok || (c.url.includes('/api/') && !c.url.endsWith('/health') && body.data?.length !== LIMIT)) {
      throw new Error(`${c.call}: ${res.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
  }

  const results: Measurement[] = [];
  for (const c of calls) {
    await autocannon({ url: c.url, headers: c.headers, connections, duration: 2 }); // warm-up
    for (const rate of [...rates, 0]) {
      const r = await autocannon({ url: c.url, headers: c.headers, connections, duration: seconds, ...(rate ? { overallRate: rate } : {}) });
      const m: Measurement = {
        call: c.call,
        rate: rate ? `${rate}/s autocannon` : 'saturation',
        'req/s': Math.round(r.requests.average),
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        'max ms': r.latency.max,
        errors: r.errors + r.timeouts + r.non2xx,
      };
      results.push(m);
      console.log(JSON.stringify(m));
      if (!rate) continue;
      // The same rate, evenly spaced (bench/paced.ts: autocannon's overallRate sends it in bursts).
      const p: Measurement = { call: c.call, rate: `${rate}/s paced`, ...(await paced({ url: c.url, headers: c.headers, rate, seconds, connections })) };
      results.push(p);
      console.log(JSON.stringify(p));
    }
  }

  const machine = describeMachine('server, PostgreSQL and autocannon share the machine', { postgres: pgVersion });
  const data = {
    n: { ...grown.counts, hotPageConversations: convDeep.of, hotConversationMessages: msgDeep.of },
    deep: { reviews: reviewsDeep, conversations: convDeep, messages: msgDeep },
    growSeconds: grown.seconds,
    seconds,
    connections,
  };
  console.log(`\n${connections} connections, ${seconds} s per measurement; ${nReviews.toLocaleString('en')} reviews, ${nMessages.toLocaleString('en')} messages; ${machine.cpus}, node ${machine.node}, PostgreSQL ${pgVersion}`);
  console.table(results);

  const label = process.env.BENCH_LABEL ?? '';
  const md = [
    `# List endpoints at scale, ${new Date().toISOString()}${label ? ` (${label})` : ''}`,
    '',
    `${machine.cpus}, ${machine.memoryGiB} GiB, node ${machine.node}, PostgreSQL ${pgVersion}; ${machine.note}.`,
    `Data: ${grown.counts.reviews.toLocaleString('en')} reviews and ${grown.counts.messages.toLocaleString('en')} messages (${grown.counts.conversations.toLocaleString('en')} conversations) over ${grown.counts.outlets.toLocaleString('en')} outlets, grown in ${grown.seconds.toFixed(0)} s.`,
    `Busiest page: ${convDeep.of.toLocaleString('en')} conversations; busiest conversation: ${msgDeep.of.toLocaleString('en')} messages. Deep pages start at rows ${reviewsDeep.row} / ${convDeep.row} / ${msgDeep.row}.`,
    `${connections} connections, ${seconds} s per measurement. Targets (docs/requirements/quality-goals.md#server): p99 ≤ 50 ms at 500 req/s, ≥ 1,500 req/s at saturation, 0 errors; deep page p99 within 20 % of page 1.`,
    '',
    '| call | rate | req/s | p50 ms | p99 ms | max ms | errors |',
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.map((m) => `| ${m.call} | ${m.rate} | ${m['req/s']} | ${m['p50 ms']} | ${m['p99 ms']} | ${m['max ms']} | ${m.errors} |`),
    '',
  ].join('\n');
  console.log(`results: ${writeResults('lists', { label, at: new Date().toISOString(), machine, data, results }, md)}`);
} finally {
  for (const stop of stops) await stop().catch((e) => console.error(e));
}
