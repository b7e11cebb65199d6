import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, desc, eq, inArray, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, DUE_SOON_HOURS, type TListComplaintsResponse, type TListTicketsResponse, type TReviewKpis } from '@dinedesk/contracts';
import { ORDERS_API, type TOrderInsights } from '@dinedesk/contracts/orders';
import { OVERVIEW_API, type TOverview } from '@dinedesk/contracts/overview';
import { schema } from '../../db/client.ts';
import { bearer, startHarness, tableCounts, type Harness } from '../../test/harness.ts';

/**
 * The Overview (docs/decisions/0040) through the API: each figure equals what the
 * screen it links to answers for the same filters (reviews feed KPIs, complaints and tickets
 * lists, order insights), waiting conversations with their windows, tickets near and past their
 * SLA, the parts a role may read, outlet scoping across clients, and bad input.
 */

let h: Harness;
let dataDir: string;
const tokens = {} as Record<'owner' | 'outletManager' | 'agent' | 'other', string>;
const DAY = 86_400_000;
const HOUR = 3_600_000;

const post = <T>(url: string, token: string, payload?: unknown) =>
  h.post(url, token, payload).then((r) => ({ status: r.statusCode, body: r.json() as T & { message?: string; field?: string } }));
const overview = async (token = tokens.owner, body: object = { period: '30' }) => {
  const res = await post<TOverview>(OVERVIEW_API.overview, token, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dinedesk-overview-'));
  h = await startHarness({ env: { DATA_DIR: dataDir } });
  // The real reviews end years ago: the clock moves to two days after the newest one, so the
  // periods hold real reviews (sessions start after the move: their times follow the clock).
  const [newest] = await h.server.ctx.db.select({ t: schema.reviews.createdTime }).from(schema.reviews).orderBy(desc(schema.reviews.createdTime)).limit(1);
  h.clock.offsetMs = newest!.t.getTime() + 2 * DAY - Date.now();
  tokens.owner = await h.login('owner@spice-route.demo');
  tokens.outletManager = await h.login('outlet.manager@spice-route.demo');
  tokens.agent = await h.login('agent@spice-route.demo');
  tokens.other = await h.login('owner@deccan-table.demo');
}, 180_000);
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('figures match the screens they link to', () => {
  it('reviews: new reviews and rating per period and per outlet as the feed KPIs, waiting as needsReply, oldest first', async () => {
    const o = await overview(tokens.owner, { period: '90' });
    const kpis = (body: object) => post<TReviewKpis>(API.reviewKpis, tokens.owner, body).then((r) => r.body);
    const [current, previous, waiting] = await Promise.all([
      kpis({ from: o.period.from, to: o.period.to }),
      kpis({ from: o.period.previousFrom, to: o.period.previousTo }),
      kpis({ needsReply: true }),
    ]);
    expect(current.reviewCount).toBeGreaterThan(0);
    expect(o.totals.reviews).toEqual({
      current: { reviewCount: current.reviewCount, averageRating: current.averageRating },
      previous: { reviewCount: previous.reviewCount, averageRating: previous.averageRating },
      waiting: waiting.reviewCount,
    });
    for (const k of current.outlets) {
      const row = o.outlets.find((x) => x.outletId === k.outletId)!;
      expect(row.reviews!.current).toEqual({ reviewCount: k.reviewCount, averageRating: k.averageRating });
      expect(row.reviews!.waiting).toBe(waiting.outlets.find((w) => w.outletId === k.outletId)?.reviewCount ?? 0);
    }
    // A quiet outlet is listed with zeros, not left out.
    expect(o.outlets.length).toBe(o.choices.length);
    expect(o.ratingTrend!.reduce((s, p) => s + p.reviewCount, 0)).toBe(current.reviewCount);
    // Weekly over 90 days, every week present.
    expect(o.ratingTrend!.length).toBeGreaterThanOrEqual(13);
    const times = o.oldestWaitingReviews!.map((r) => r.createdTime);
    expect(times.length).toBe(Math.min(5, waiting.reviewCount));
    expect([...times].sort()).toEqual(times);
    expect(Date.parse(times[0]!)).toBeLessThanOrEqual(Date.parse(times.at(-1)!));
    // Seven days: one trend point per day, today last.
    const week = await overview(tokens.owner, { period: '7' });
    expect(week.ratingTrend!.map((p) => p.start)).toEqual(Array.from({ length: 7 }, (_, i) => new Date(Date.parse(week.period.from) + i * DAY).toISOString().slice(0, 10)));
    expect(week.period.to).toBe(new Date(h.server.ctx.now()).toISOString().slice(0, 10));
  });

  it('complaints by status and tickets due soon or past their SLA, as the complaints and tickets lists count them', async () => {
    const [review] = await h.server.ctx.db
      .select({ id: schema.reviews.id, outletId: schema.reviews.outletId })
      .from(schema.reviews)
      .innerJoin(schema.clients, eq(schema.clients.id, schema.reviews.clientId))
      .where(and(eq(schema.reviews.rating, 1), eq(schema.clients.key, 'spice-route')))
      .limit(1);
    const opened = await post(API.complaintFromReview, tokens.owner, { reviewId: String(review!.id) });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const ticket = await post<{ ticket: { id: string } }>('/api/tickets/create', tokens.owner, { title: 'Walk-in fridge at 9 °C', outletId: review!.outletId, priority: 'urgent' });
    expect(ticket.status).toBe(200);
    const late = await post<{ ticket: { id: string } }>('/api/tickets/create', tokens.owner, { title: 'Refund not sent', outletId: review!.outletId, priority: 'low' });
    await h.server.ctx.db.update(schema.tickets).set({ breachedAt: h.server.ctx.now(), dueAt: new Date(h.server.ctx.now().getTime() - HOUR) }).where(eq(schema.tickets.id, Number(late.body.ticket.id)));

    const o = await overview();
    const complaints = await post<TListComplaintsResponse>(API.complaintsList, tokens.owner, {});
    expect(o.totals.complaints).toEqual({ open: complaints.body.counts.open, inProgress: complaints.body.counts.in_progress });
    expect(o.totals.complaints!.open).toBeGreaterThan(0);
    const list = (body: object) => post<TListTicketsResponse>('/api/tickets/list', tokens.owner, { view: 'open', limit: 100, ...body }).then((r) => r.body.data);
    const [overdue, dueSoon] = await Promise.all([list({ breached: true }), list({ dueSoon: true })]);
    expect(o.totals.tickets).toEqual({ overdue: overdue.length, dueSoon: dueSoon.length });
    expect(dueSoon.map((t) => t.id)).toContain(ticket.body.ticket.id);
    expect(overdue.map((t) => t.id)).toContain(late.body.ticket.id);
    const row = o.outlets.find((x) => x.outletId === review!.outletId)!;
    expect(row.tickets).toEqual({ overdue: overdue.filter((t) => t.outletId === review!.outletId).length, dueSoon: dueSoon.filter((t) => t.outletId === review!.outletId).length });
    // Past their SLA first (the earliest due), then due soon.
    expect(o.slaTickets!.map((t) => t.id).slice(0, 1)).toEqual([late.body.ticket.id]);
    expect(o.dueSoonHours).toBe(DUE_SOON_HOURS);
  });

  it('orders and sales per outlet as Order insights for the same days, and the totals of one currency', async () => {
    const outletId = (await overview()).choices[0]!.id;
    // Forty days of one order a day (2019-03-01 …), imported through the order import.
    const lines = ['outlet_id,order_id,ordered_at,item_name,quantity,unit_price_gbp,order_total_products,order_lines_complete'];
    for (let d = 0; d < 40; d++) lines.push(`takeaway-9,${9000 + d},${new Date(Date.UTC(2019, 2, 1 + d)).toISOString().slice(0, 10)}T19:30:00,Lamb Bhuna,${1 + (d % 3)},8.95,1,yes`);
    const res = await h.server.app.inject({ method: 'POST', url: `${ORDERS_API.imports}?${new URLSearchParams({ outletId, shape: 'london', sourceOutlet: 'takeaway-9' })}`, payload: lines.join('\n') + '\n', headers: { ...bearer(tokens.owner), 'content-type': 'text/csv' } });
    expect(res.statusCode, res.body).toBe(202);
    await h.server.ctx.jobs.whenIdle(['orders.import'], 60_000);
    const before = h.clock.offsetMs;
    // Noon of 2019-04-09, the last order day.
    h.clock.offsetMs = Date.UTC(2019, 3, 9, 12) - Date.now();
    try {
      const o = await overview(tokens.owner, { period: '30' });
      const row = o.outlets.find((x) => x.outletId === outletId)!;
      const insights = async (from: string, to: string) => (await post<TOrderInsights>(ORDERS_API.insights, tokens.owner, { outletId, from, to })).body;
      const [cur, prev] = await Promise.all([insights(o.period.from, o.period.to), insights(o.period.previousFrom, o.period.previousTo)]);
      expect(row.orders).toEqual({
        current: { orders: cur.totals.orders, salesMinor: Math.round(cur.totals.sales * 100) },
        previous: { orders: prev.totals.orders, salesMinor: Math.round(prev.totals.sales * 100) },
        currency: 'GBP',
        lastOrderDay: '2019-04-09',
      });
      expect(row.orders!.current.orders).toBe(30);
      expect(row.orders!.previous.orders).toBe(10);
      expect(o.totals.orders).toEqual({ ...row.orders, current: row.orders!.current, previous: row.orders!.previous });
      // Outlets without order data say so (null), they do not show zeros.
      expect(o.outlets.filter((x) => x.outletId !== outletId).every((x) => x.orders === null)).toBe(true);
    } finally {
      h.clock.offsetMs = before;
    }
  });

  it('conversations: the guest spoke last within the window; a reply takes it off; the soonest window first', async () => {
    const db = h.server.ctx.db;
    const now = h.server.ctx.now().getTime();
    const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
    const convs = await db.select().from(schema.conversations).where(eq(schema.conversations.clientId, client!.id)).orderBy(schema.conversations.id).limit(2);
    expect(convs.length).toBe(2);
    const [a, b] = convs as [typeof convs[0], typeof convs[0]];
    // The simulator's threads are dated by today's calendar, not the test clock: a and b lose the page's messages.
    await db.delete(schema.messages).where(and(inArray(schema.messages.conversationId, [a.id, b.id]), eq(schema.messages.direction, 'page')));
    // Every other conversation's guest spoke a month ago (window closed): only a and b wait.
    await db.update(schema.conversations).set({ lastGuestMessageAt: new Date(now - 30 * DAY) }).where(notInArray(schema.conversations.id, [a.id, b.id]));
    await db.update(schema.conversations).set({ lastGuestMessageAt: new Date(now - 2 * HOUR) }).where(eq(schema.conversations.id, a.id));
    await db.update(schema.conversations).set({ lastGuestMessageAt: new Date(now - 3 * DAY) }).where(eq(schema.conversations.id, b.id));
    const o = await overview();
    // a's 24-hour window closes in 22 hours, b's 7-day one in 4 days.
    expect(o.waitingConversations!.map((c) => c.id)).toEqual([String(a.id), String(b.id)]);
    expect(o.totals.conversations!.waiting).toBe(2);
    const first = o.waitingConversations!.find((c) => c.id === String(a.id))!;
    expect(first.window).toEqual({ state: 'standard', endsAt: new Date(now - 2 * HOUR + 24 * HOUR).toISOString(), lastGuestMessageAt: new Date(now - 2 * HOUR).toISOString() });
    expect(o.waitingConversations!.find((c) => c.id === String(b.id))!.window.state).toBe('human_agent');
    // The page answers a: no longer waiting.
    await db.insert(schema.messages).values({ conversationId: a.id, clientId: a.clientId, mid: `m_overview_${a.id}`, direction: 'page', text: 'Thank you, see you soon', createdTime: new Date(now - HOUR) });
    const after = await overview();
    expect(after.totals.conversations!.waiting).toBe(1);
    expect(after.waitingConversations!.map((c) => c.id)).toEqual([String(b.id)]);
  });
});

describe('who sees what', () => {
  it('an outlet manager sees their outlets only; another outlet, or another client’s, is 404 naming body.outletId', async () => {
    const mine = await overview(tokens.outletManager);
    const all = await overview(tokens.owner);
    expect(mine.choices.length).toBeGreaterThan(0);
    expect(mine.choices.length).toBeLessThan(all.choices.length);
    const notMine = all.choices.find((c) => !mine.choices.some((m) => m.id === c.id))!;
    const refused = await post(OVERVIEW_API.overview, tokens.outletManager, { outletId: notMine.id });
    expect(refused.status).toBe(404);
    expect(refused.body.field).toBe('body.outletId');
    const other = await overview(tokens.other);
    const cross = await post(OVERVIEW_API.overview, tokens.other, { outletId: all.choices[0]!.id });
    expect(cross.status).toBe(404);
    expect(other.choices.map((c) => c.id)).not.toContain(all.choices[0]!.id);
    // One outlet: just that row, and totals that are its figures.
    const one = await overview(tokens.owner, { outletId: all.choices[0]!.id, period: '90' });
    expect(one.outlets.map((x) => x.outletId)).toEqual([all.choices[0]!.id]);
    expect(one.totals.reviews!.waiting).toBe(one.outlets[0]!.reviews!.waiting);
  });

  it('holds only the parts the role may read; none of them is 403', async () => {
    const db = h.server.ctx.db;
    const [agent] = await db.select().from(schema.users).where(eq(schema.users.email, 'agent@spice-route.demo'));
    const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
    const grants = await db.select().from(schema.accessGrants).where(and(eq(schema.accessGrants.userId, agent!.id), eq(schema.accessGrants.kind, 'module')));
    const o = await overview(tokens.agent);
    const readsOrders = grants.some((g) => g.refId === 'business_overview');
    expect(o.totals.orders === null || readsOrders).toBe(true);
    expect(o.outlets.every((x) => readsOrders || x.orders === null)).toBe(true);
    expect(o.totals.reviews).not.toBeNull();
    // Only the Menu Management module: nothing of the Overview to read.
    await db.delete(schema.accessGrants).where(and(eq(schema.accessGrants.userId, agent!.id), eq(schema.accessGrants.kind, 'module')));
    await db.insert(schema.accessGrants).values({ userId: agent!.id, clientId: client!.id, kind: 'module', refId: 'menu_management' });
    try {
      const token = await h.login('agent@spice-route.demo');
      expect((await post(OVERVIEW_API.overview, token, {})).status).toBe(403);
    } finally {
      await db.delete(schema.accessGrants).where(and(eq(schema.accessGrants.userId, agent!.id), eq(schema.accessGrants.kind, 'module')));
      await db.insert(schema.accessGrants).values(grants);
    }
  });
});

describe('bad input', () => {
  it.each([
    ['a period not offered', { period: '14' }, 'body.period'],
    ['a number for the period', { period: 30 }, 'body.period'],
    ['a control character', { period: '7\u0000' }, 'body.period'],
    ['an outlet id that is no id', { outletId: 'not-an-id' }, 'body.outletId'],
    ['a 5,000-character outlet id', { outletId: 'x'.repeat(5000) }, 'body.outletId'],
    ['a list for the outlet id', { outletId: ['a'] }, 'body.outletId'],
    ['an unknown field', { period: '7', extra: true }, 'body'],
  ])('%s is 400 naming the field, and nothing is written', async (_what, body, field) => {
    const before = await tableCounts(h);
    const res = await post(OVERVIEW_API.overview, tokens.owner, body);
    expect(res.status).toBe(400);
    expect(res.body.field).toBe(field);
    expect(res.body.message).toBeTruthy();
    expect(await tableCounts(h)).toEqual(before);
  });

  it('no body means the last 30 days of every outlet', async () => {
    const res = await post<TOverview>(OVERVIEW_API.overview, tokens.owner);
    expect(res.status).toBe(200);
    expect(res.body.period.days).toBe(30);
  });
});
