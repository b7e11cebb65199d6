/**
 * An open-loop load at a steady rate, for the fixed-rate rows of the benchmarks
 * (docs/requirements/quality-goals.md#server).
 *
 * Why not autocannon's `overallRate` alone: autocannon gives each connection its share of the
 * rate per second and lets it send that share back to back as soon as the second starts
 * (`httpClient.js`: a 1 s interval resets `reqsMadeThisSecond`; https://github.com/mcollina/autocannon/issues/174, "the
 * requests are fired during the very first milliseconds", still open). At 500 req/s over 50
 * connections that is a burst of 500 requests at the top of every second followed by silence,
 * so its p99 measures how long the server takes to drain a 500-request queue, not latency at
 * 500 req/s. It also records those latencies with an "expected interval" of `ceil(1 / rate)` ms,
 * which rounds 1/10 s up to 1 ms and adds hundreds of synthetic samples per slow answer.
 *
 * Here request i is due at `start + i / rate` whatever happened before (wrk2's constant
 * throughput), sent on a keep-alive `undici` Pool of `connections`, and its latency runs from the
 * moment it was due to the end of its body: time spent waiting for a free connection, or behind
 * a slow answer, counts (no coordinated omission). Percentiles are exact over every sample.
 */
import { Pool } from 'undici';
import { percentile } from './common.ts';

export interface PacedResult {
  /** Answers received per second over the run. */
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  /** Non-2xx answers, failed requests and requests still unanswered 10 s after the last was due. */
  errors: number;
}

/**
 * Sends a request to `url` (GET unless `opts.request` says otherwise) at `rate` requests per second for `seconds` and measures as the module says.
 * @param opts.connections most requests in flight at once (undici queues the rest, and that wait counts)
 */
export async function paced(opts: {
  url: string;
  headers?: Record<string, string>;
  rate: number;
  seconds: number;
  connections: number;
  /** Each request's method, body and extra headers (default a GET); called when the request is due. */
  request?: () => { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> };
}): Promise<PacedResult> {
  const u = new URL(opts.url);
  const pool = new Pool(u.origin, { connections: opts.connections, pipelining: 1, keepAliveTimeout: 30_000 });
  const total = Math.round(opts.rate * opts.seconds);
  const intervalMs = 1000 / opts.rate;
  const latencies: number[] = [];
  let errors = 0;
  let answered = 0;
  const inFlight = new Set<Promise<void>>();
  const path = u.pathname + u.search;
  const send = (dueAt: number) => {
    const extra = opts.request?.() ?? {};
    const p = pool
      .request({ method: extra.method ?? 'GET', path, body: extra.body, headers: { ...opts.headers, ...extra.headers } })
      .then(async (res) => {
        await res.body.arrayBuffer();
        answered++;
        if (res.statusCode < 200 || res.statusCode >= 300) errors++;
        else latencies.push(performance.now() - dueAt);
      })
      .catch(() => {
        errors++;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const start = performance.now() + 5;
  let next = 0;
  await new Promise<void>((done) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && start + next * intervalMs <= now) send(start + next++ * intervalMs);
      if (next >= total) return done();
      // Wake for the next due request; timers fire late, not early, and the loop above catches up.
      setTimeout(tick, Math.max(0, start + next * intervalMs - performance.now()));
    };
    tick();
  });
  await Promise.race([Promise.allSettled([...inFlight]), new Promise((r) => setTimeout(r, 10_000))]);
  const elapsedS = (performance.now() - start) / 1000;
  errors += inFlight.size;
  await pool.destroy();
  latencies.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    'req/s': Math.round(answered / elapsedS),
    'p50 ms': round(percentile(latencies, 50)),
    'p99 ms': round(percentile(latencies, 99)),
    'max ms': round(latencies[latencies.length - 1] ?? NaN),
    errors,
  };
}
