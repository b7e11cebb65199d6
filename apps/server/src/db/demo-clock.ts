/**
 * The demo's clock (docs/decisions/0006 "The demo's clock"). The demo data is real and old
 * (reviews 2017–19, London orders 2018–19) while the screens count the last 7/30/90 days, so the
 * first demo seed moves each source forward by whole weeks (weekday, hour of day, spacing and
 * order kept), one constant per source, so its newest row lands in the week ending on the start:
 * - reviews (Facebook, Google, and the Places history of competitors): served moved by the
 *   simulator, which the server tells the start (`POST /__sim/demo-clock`, simulator-only) and
 *   which computes the same weeks from the same data; the server keeps the real time of each
 *   stored demo review in `original_created_time` (`original_publish_time`);
 * - orders: each London takeaway's own history (two businesses, two sources), moved in the seed's
 *   transaction, the file's time kept in `original_ordered_at`; Takeaway 1's generated ad days by
 *   the same weeks as its orders, so attribution by day still pairs them;
 * - dialogues (CamRest676 has no times): the simulator's inbox anchors them to the start.
 * The start and the weeks are one `demo_clock` row written once; a restart reads it and moves
 * nothing. Real connected sources are never moved: only the loopback simulator is told, and only
 * the demo seed's own rows are shifted.
 */
import { eq, sql } from 'drizzle-orm';
import { shiftWeeksFor, type DemoClock } from '@dinedesk/demo-data';
import type { Db } from './client.ts';
import { schema } from './client.ts';

/**
 * Whether the demo seed moves its data forward (`SEED_DEMO_SHIFT=1` or `0`); unset, yes, except
 * inside Vitest (`VITEST`), whose suites assert on the data's real dates; a suite that wants the
 * moved demo sets `1` (like `SEED_DEMO_ORDERS`, orders.seed.ts).
 */
export function demoShiftEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.SEED_DEMO_SHIFT === '1' || env.SEED_DEMO_SHIFT === '0') return env.SEED_DEMO_SHIFT === '1';
  return !env.VITEST;
}

export type DemoClockRow = typeof schema.demoClock.$inferSelect;

/** The stored demo clock; null when the demo seed did not shift (or there is no demo). */
export async function readDemoClock(db: Db): Promise<DemoClockRow | null> {
  const [row] = await db.select().from(schema.demoClock).where(eq(schema.demoClock.id, 1));
  return row ?? null;
}

/** Writes the one demo clock row (inside the seed's transaction). */
export async function insertDemoClock(tx: Db, row: { startedAt: Date; reviewsWeeks: number; ordersWeeks: Record<string, number> }): Promise<void> {
  await tx.insert(schema.demoClock).values({ id: 1, ...row });
}

/**
 * The real time of a review the simulator served moved by the clock: only seeded reviews, which
 * are never later than the start (reviews written after it are at their own time).
 * @returns null when there is no clock, nothing moved, or `servedAt` is after the start
 */
export function originalTimeOf(clock: Pick<DemoClockRow, 'startedAt' | 'reviewsWeeks'> | null, servedAt: Date): Date | null {
  if (!clock || clock.reviewsWeeks === 0 || servedAt.getTime() > clock.startedAt.getTime()) return null;
  return new Date(servedAt.getTime() - clock.reviewsWeeks * 7 * 86_400_000);
}

/** `YYYY-MM-DD HH:MM:SS` wall time as epoch ms read as UTC (for week arithmetic only). */
function wallMs(local: string): number {
  return Date.parse(`${local.replace(' ', 'T').slice(0, 19)}Z`);
}

/**
 * Moves one outlet's orders (and their lines) forward so its newest order lands in the week
 * ending at `startedAt`, keeping the file's time in `original_ordered_at`; the outlet's ad days
 * move by the same weeks. Order times are the outlet's wall time: compared with `startedAt` read
 * as UTC wall time, the newest is never after the start in London (UTC or one hour ahead).
 * @returns the weeks moved (0: no orders, or already recent)
 */
export async function shiftOutletOrders(tx: Db, outletId: string, startedAt: Date): Promise<number> {
  const [row] = await tx.select({ newest: sql<string | null>`max(${schema.orders.orderedAt})` }).from(schema.orders).where(eq(schema.orders.outletId, outletId));
  if (!row?.newest) return 0;
  const weeks = shiftWeeksFor(new Date(wallMs(String(row.newest))), startedAt);
  if (weeks === 0) return 0;
  await tx
    .update(schema.orders)
    .set({ originalOrderedAt: sql`${schema.orders.orderedAt}`, orderedAt: sql`${schema.orders.orderedAt} + make_interval(weeks => ${weeks}::int)` })
    .where(eq(schema.orders.outletId, outletId));
  await tx
    .update(schema.orderLines)
    .set({ orderedAt: sql`${schema.orderLines.orderedAt} + make_interval(weeks => ${weeks}::int)` })
    .where(eq(schema.orderLines.outletId, outletId));
  // Years forward, so no moved day meets a day not yet moved of the same campaign (unique index).
  await tx
    .update(schema.adCampaignDays)
    .set({ day: sql`${schema.adCampaignDays.day} + ${weeks * 7}::int` })
    .where(eq(schema.adCampaignDays.outletId, outletId));
  return weeks;
}

/**
 * Tells the simulator at `graphBaseUrl` the demo's start, so it serves the seeded reviews moved as
 * the server's seed did. Sent on every start (the simulator's state may be newer than the
 * server's database, or gone); the same start again changes nothing there.
 * @returns the simulator's clock
 * @throws Error when the simulator does not answer 200, or computes other weeks than the server
 *   (another SEED_DIR): both would then disagree about every review's time
 */
export async function tellSimulator(graphBaseUrl: string, clock: Pick<DemoClockRow, 'startedAt' | 'reviewsWeeks'>, fetchImpl: typeof fetch = fetch): Promise<DemoClock> {
  // A busy machine can keep the simulator's answer for a while: a few patient tries, since a sync
  // against an unmoved simulator would store every review at its real date.
  let res: Response;
  for (let attempt = 1; ; attempt++) {
    try {
      res = await fetchImpl(`${graphBaseUrl}/__sim/demo-clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ startedAt: clock.startedAt.toISOString() }),
        signal: AbortSignal.timeout(60_000),
      });
      break;
    } catch (e) {
      if (attempt >= 3) throw e;
      await new Promise((r) => setTimeout(r, 2000 * attempt));
    }
  }
  if (res.status !== 200) throw new Error(`the simulator answered ${res.status} to POST /__sim/demo-clock: ${await res.text()}`);
  const body = (await res.json()) as { clock: DemoClock };
  if (body.clock.reviewsWeeks !== clock.reviewsWeeks) {
    throw new Error(`the simulator moved its reviews ${body.clock.reviewsWeeks} weeks, the server's seed ${clock.reviewsWeeks}: do both read the same SEED_DIR?`);
  }
  return body.clock;
}
