import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotNull, sql } from 'drizzle-orm';
import { DEFAULT_SEED_DIR, WEEK_MS, loadSeedDir, reviewShiftWeeks } from '@dinedesk/demo-data';
import type { TOverview } from '@dinedesk/contracts/overview';
import type { TDataTracker } from '@dinedesk/contracts/data-tracker';
import { bearer, startHarness, type Harness } from '../test/harness.ts';
import { schema } from './client.ts';
import { readDemoClock, tellSimulator } from './demo-clock.ts';
import { seedDemo } from './seed.ts';
import { demoTicketsJob } from '../modules/tickets/index.ts';

/**
 * The demo's clock (docs/decisions/0006): a fresh demo seed moves reviews (through the
 * simulator), each takeaway's orders and the dialogues forward by whole weeks, keeps the real
 * times, stores the start once, and opens complaints and tickets from the recent 1–2★ reviews.
 */
let h: Harness;
let owner: string;
const post = (url: string, payload: object) => h.server.app.inject({ method: 'POST', url, headers: bearer(owner), payload });

beforeAll(async () => {
  // The seed reads both switches from the process (db/demo-clock.ts, orders.seed.ts); other suites keep the real dates.
  process.env.SEED_DEMO_SHIFT = '1';
  process.env.SEED_DEMO_ORDERS = '1';
  h = await startHarness({ sync: false });
  // The first sync of every page, location and inbox (as `npm start` runs it), waited for longer
  // than `syncOnce` waits: the demo's moved reviews open complaints and automation matches too.
  await h.server.syncOnce({ wait: false });
  await h.server.ctx.jobs.whenIdle(undefined, 540_000);
  owner = await h.login('owner@spice-route.demo');
}, 600_000);
afterAll(async () => {
  delete process.env.SEED_DEMO_SHIFT;
  delete process.env.SEED_DEMO_ORDERS;
  await h?.close();
});

describe('demo clock', () => {
  it('stores the start once and moves the reviews the simulator serves by the weeks both compute from the data', async () => {
    const clock = (await readDemoClock(h.server.ctx.db))!;
    expect(clock).not.toBeNull();
    expect(Math.abs(clock.startedAt.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    expect(clock.reviewsWeeks).toBe(reviewShiftWeeks(loadSeedDir(DEFAULT_SEED_DIR), clock.startedAt));
    expect(clock.reviewsWeeks).toBeGreaterThan(300);
    expect(h.sim.demoClock()).toEqual({ startedAt: clock.startedAt.toISOString(), reviewsWeeks: clock.reviewsWeeks });

    const rows = await h.server.ctx.db
      .select({ created: schema.reviews.createdTime, original: schema.reviews.originalCreatedTime })
      .from(schema.reviews)
      .where(isNotNull(schema.reviews.originalCreatedTime));
    const [{ n } = { n: 0 }] = await h.server.ctx.db.select({ n: sql<number>`count(*)::int` }).from(schema.reviews);
    expect(rows.length).toBe(n);
    for (const r of rows) {
      expect(r.created.getTime() - r.original!.getTime()).toBe(clock.reviewsWeeks * WEEK_MS);
      expect(r.created.getUTCDay()).toBe(r.original!.getUTCDay());
    }
    const newest = Math.max(...rows.map((r) => r.created.getTime()));
    expect(newest).toBeLessThanOrEqual(clock.startedAt.getTime());
    expect(clock.startedAt.getTime() - newest).toBeLessThan(WEEK_MS);
  });

  it('moves each takeaway’s orders so its newest is this week, keeping the file’s time', async () => {
    const clock = (await readDemoClock(h.server.ctx.db))!;
    const weeks = Object.values(clock.ordersWeeks);
    expect(weeks).toHaveLength(2);
    const rows = await h.server.ctx.db.select({ outletId: schema.orders.outletId, at: schema.orders.orderedAt, original: schema.orders.originalOrderedAt }).from(schema.orders);
    const wall = (t: string) => Date.parse(`${t.replace(' ', 'T').slice(0, 19)}Z`);
    const outlets = new Set(rows.map((r) => r.outletId));
    expect(outlets.size).toBe(2);
    for (const id of outlets) {
      const w = clock.ordersWeeks[id]!;
      expect(w).toBeGreaterThan(300);
      const mine = rows.filter((r) => r.outletId === id);
      for (const r of mine) expect(wall(r.at) - wall(r.original!)).toBe(w * WEEK_MS);
      const newest = Math.max(...mine.map((r) => wall(r.at)));
      expect(newest).toBeLessThanOrEqual(clock.startedAt.getTime());
      expect(clock.startedAt.getTime() - newest).toBeLessThan(WEEK_MS);
    }
  });

  it('shows a live restaurant group on the Overview: rating, new reviews, orders, complaints from the recent 1–2★ reviews, tickets with running SLA', async () => {
    const o = (await post('/api/overview', { period: '30' })).json() as TOverview;
    expect(o.totals.reviews!.current.averageRating).not.toBeNull();
    expect(o.totals.reviews!.current.reviewCount).toBeGreaterThan(0);
    expect(o.ratingTrend!.filter((p) => p.reviewCount > 0).length).toBeGreaterThan(5);
    const london = o.outlets.filter((x) => x.orders);
    expect(london).toHaveLength(2);
    for (const x of london) expect(x.orders!.current.orders).toBeGreaterThan(0);
    expect(o.totals.orders!.current.salesMinor).toBeGreaterThan(0);
    expect(o.totals.complaints!.open).toBeGreaterThan(0);
    // Waiting days, not years: the oldest waiting review is under a year old.
    expect(o.oldestWaitingReviews!.length).toBeGreaterThan(0);
    for (const w of o.oldestWaitingReviews!) expect(Date.now() - Date.parse(w.createdTime)).toBeLessThan(365 * 86_400_000);
    // Reviews' KPIs over all time: a response rate and a median response time of hours (the demo's Google replies).
    const kpis = (await post('/api/review_testing/get_reviews/kpis', {})).json() as { responseRate: number | null; medianResponseSeconds: number | null };
    expect(kpis.responseRate).toBeGreaterThan(0.2);
    expect(kpis.responseRate).toBeLessThan(0.9);
    expect(kpis.medianResponseSeconds).toBeGreaterThanOrEqual(2 * 3600);
    expect(kpis.medianResponseSeconds).toBeLessThanOrEqual(72 * 3600);

    // The demo's tickets: the one-time job (queued by the first sync) opens them from those complaints.
    await expect.poll(async () => (await readDemoClock(h.server.ctx.db))!.ticketsOpenedAt, { timeout: 120_000, interval: 1000 }).not.toBeNull();
    const tickets = (await post('/api/tickets/list', { view: 'open' })).json() as { data: { dueAt: string; complaintId: string | null; assignee: { id: string } | null; priority: string }[] };
    expect(tickets.data.length).toBeGreaterThan(0);
    expect(tickets.data.length).toBeLessThanOrEqual(4);
    for (const t of tickets.data) {
      expect(t.complaintId).not.toBeNull();
      expect(Date.parse(t.dueAt)).toBeGreaterThan(Date.now());
      expect(t.assignee).not.toBeNull();
    }
    expect(tickets.data.map((t) => t.priority)).toContain('urgent');
    // Once: the job does nothing the second time.
    expect(await demoTicketsJob.handler(h.server.ctx, { clientId: null }, { id: 'again', retryCount: 0, log: h.server.app.log })).toEqual({ skipped: 'opened already' });
  });

  it('runs the forecast and the automation dry run on their default periods', async () => {
    const clock = (await readDemoClock(h.server.ctx.db))!;
    const takeaway1 = Object.entries(clock.ordersWeeks).map(([id]) => id);
    const forecasts = await Promise.all(takeaway1.map(async (outletId) => (await post('/api/orders/forecast', { outletId })).json() as { method: string | null; points: { day: string; forecast: number | null }[] }));
    // Takeaway 1's year of orders is enough history; the forecast runs into the days after today.
    const withModel = forecasts.filter((f) => f.method !== null);
    expect(withModel.length).toBeGreaterThan(0);
    const today = new Date().toISOString().slice(0, 10);
    expect(withModel[0]!.points.some((p) => p.day > today && p.forecast !== null)).toBe(true);
    const dry = (await post('/api/automation/dry-run', { conditions: { ratingMax: 2 }, actions: [{ type: 'create_ticket', priority: 'high' }] })).json() as { reviewed: number; matched: number };
    expect(dry.reviewed).toBeGreaterThan(100);
    expect(dry.matched).toBeGreaterThan(0);
  });

  it('says so on the data tracker, and a restart (the next week) moves nothing again', async () => {
    const clock = (await readDemoClock(h.server.ctx.db))!;
    const tracker = (await post('/api/reporting/data-tracker', {})).json() as TDataTracker;
    const fb = tracker.rows.filter((r) => r.source === 'facebook' && r.state !== 'not_connected');
    expect(fb.length).toBeGreaterThan(0);
    for (const r of fb) expect(r.demoShiftWeeks).toBe(clock.reviewsWeeks);
    const orders = tracker.rows.filter((r) => r.source === 'orders' && clock.ordersWeeks[r.outletId]);
    expect(orders).toHaveLength(2);
    for (const r of orders) expect(r.demoShiftWeeks).toBe(clock.ordersWeeks[r.outletId]);
    expect(tracker.rows.filter((r) => r.source === 'instagram').every((r) => r.demoShiftWeeks === null)).toBe(true);

    h.clock.offsetMs = WEEK_MS;
    try {
      expect(await seedDemo(h.server.ctx.db, h.config.seedDir, h.server.ctx.now)).toBe(false);
      expect(await tellSimulator(h.simUrl, clock)).toEqual({ startedAt: clock.startedAt.toISOString(), reviewsWeeks: clock.reviewsWeeks });
      expect(await readDemoClock(h.server.ctx.db)).toEqual(clock);
    } finally {
      h.clock.offsetMs = 0;
    }
  });
});
