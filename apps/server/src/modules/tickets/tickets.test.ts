import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TComplaintResponse, TCreateTicketResponse, TListTicketsResponse, TReview, TTicket, TTicketDetail } from '@dinedesk/contracts';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';
import { ticketSlaJob } from './tickets.service.ts';

/**
 * Tickets (docs/decisions/0027): opened from a complaint in one click (once), the
 * SLA due time from the client's policy, the queue's views, watchers, the breach job, and who may
 * do what.
 */

let h: Harness;
let outbox: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let review: TReview;
let complaintId: string;

beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), 'dinedesk-tickets-'));
  h = await startHarness({ env: { DATA_DIR: outbox } });
  for (const who of ['owner', 'brand.manager', 'outlet.manager', 'agent', 'viewer']) tokens[who] = await h.login(`${who}@spice-route.demo`);
  tokens.other = await h.login('owner@deccan-table.demo');
  const users = (await h.server.app.inject({ method: 'GET', url: '/api/client-users', headers: bearer(tokens.owner!) })).json().data as { id: string; email: string }[];
  for (const u of users) ids[u.email.split('@')[0]!] = u.id;
  const managerOutlets = ((await post('/api/review_testing/get_reviews/kpis', tokens['outlet.manager']!, {})).json().outlets as { outletId: string }[]).map((o) => o.outletId);
  const outlet = ((await post('/api/review_testing/get_reviews/kpis', tokens.owner!, {})).json().outlets as { outletId: string }[]).find((o) => !managerOutlets.includes(o.outletId))!;
  review = (await post('/api/review_testing/get_reviews/get-reviews', tokens.owner!, { outletId: outlet.outletId, ratings: [1], limit: 1 })).json().data[0] as TReview;
  complaintId = ((await post('/api/complaints/open-from-review', tokens.agent!, { reviewId: review.id })).json() as TComplaintResponse).complaint.id;
});
afterAll(async () => {
  await h?.close();
  rmSync(outbox, { recursive: true, force: true });
});

const post = (url: string, token: string, payload: object) => h.post(url, token, payload);
const HOUR = 3_600_000;

describe('tickets', () => {
  it('turns a complaint into a ticket in one click, once; due at opening + the default hours of its priority', async () => {
    const res = await post('/api/tickets/create', tokens.agent!, { complaintId, priority: 'high', assigneeUserId: ids.agent, watcherUserIds: [ids['brand.manager'], ids.viewer] });
    expect(res.statusCode, res.body).toBe(200);
    const { ticket, created } = res.json() as TCreateTicketResponse;
    expect(created).toBe(true);
    expect(ticket).toMatchObject({ status: 'open', priority: 'high', outletId: review.outletId, complaintId, assignee: { id: ids.agent }, breachedAt: null });
    expect(ticket.title).toContain(review.reviewer.name);
    expect(ticket.watchers.map((w) => w.id).sort()).toEqual([ids['brand.manager'], ids.viewer].sort());
    expect(Date.parse(ticket.dueAt) - Date.parse(ticket.createdAt)).toBe(24 * HOUR);
    const again = (await post('/api/tickets/create', tokens.owner!, { complaintId })).json() as TCreateTicketResponse;
    expect(again).toMatchObject({ created: false, ticket: { id: ticket.id } });
    // The complaint points at its ticket.
    expect((await post('/api/complaints/get', tokens.owner!, { complaintId })).json().ticketId).toBe(ticket.id);
  });

  it('opens by hand for an outlet, and from a review; refuses assignees who cannot work the outlet', async () => {
    const byHand = await post('/api/tickets/create', tokens['brand.manager']!, { title: 'Tandoor thermostat keeps failing', outletId: review.outletId, priority: 'urgent' });
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect(Date.parse(byHand.json().ticket.dueAt) - Date.parse(byHand.json().ticket.createdAt)).toBe(4 * HOUR);
    const fromReview = await post('/api/tickets/create', tokens.agent!, { reviewId: review.id });
    expect(fromReview.json().ticket).toMatchObject({ reviewId: review.id, priority: 'normal' });
    for (const [who, field] of [
      ['viewer', 'body.assigneeUserId'],
      ['outlet.manager', 'body.assigneeUserId'],
    ] as const) {
      const res = await post('/api/tickets/create', tokens.agent!, { reviewId: review.id, assigneeUserId: ids[who] });
      expect(res.statusCode, who).toBe(400);
      expect(res.json().field).toBe(field);
    }
    const watcher = await post('/api/tickets/create', tokens.agent!, { reviewId: review.id, watcherUserIds: [ids['outlet.manager']] });
    expect(watcher.json().field).toBe('body.watcherUserIds');
    expect((await post('/api/tickets/create', tokens.viewer!, { reviewId: review.id })).statusCode).toBe(403);
  });

  it('keeps the SLA policy per client, set by owners; a new priority moves the due time', async () => {
    expect((await post('/api/tickets/sla-policy', tokens.agent!, { request: 'get' })).json()).toEqual({ hours: { urgent: 4, high: 24, normal: 72, low: 168 }, isDefault: true });
    expect((await post('/api/tickets/sla-policy', tokens.agent!, { request: 'update', hours: { urgent: 1, high: 2, normal: 4, low: 8 } })).statusCode).toBe(403);
    const bad = await post('/api/tickets/sla-policy', tokens.owner!, { request: 'update', hours: { urgent: 9, high: 2, normal: 4, low: 8 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('body.hours.urgent');
    expect((await post('/api/tickets/sla-policy', tokens.owner!, { request: 'update', hours: { urgent: 1, high: 2, normal: 4, low: 8 } })).json()).toEqual({ hours: { urgent: 1, high: 2, normal: 4, low: 8 }, isDefault: false });
    expect((await post('/api/tickets/sla-policy', tokens.other!, { request: 'get' })).json().isDefault).toBe(true);

    const ticket = ((await post('/api/tickets/list', tokens.owner!, { view: 'all' })).json() as TListTicketsResponse).data.find((t) => t.complaintId === complaintId)!;
    const moved = (await post('/api/tickets/update', tokens.agent!, { ticketId: ticket.id, priority: 'urgent' })).json() as TTicket;
    expect(Date.parse(moved.dueAt) - Date.parse(moved.createdAt)).toBe(1 * HOUR);
  });

  it('shows the views Mine, Open, Closed and All with their counts', async () => {
    const view = async (token: string, v: string) => (await post('/api/tickets/list', token, { view: v })).json() as TListTicketsResponse;
    const all = await view(tokens.owner!, 'all');
    expect(all.counts.all).toBe(3);
    const mine = await view(tokens.agent!, 'mine');
    expect(mine.data.map((t) => t.assignee?.id)).toEqual([ids.agent]);
    const target = all.data[0]!;
    await post('/api/tickets/update', tokens.agent!, { ticketId: target.id, status: 'closed' });
    const after = await view(tokens.owner!, 'closed');
    expect(after.data.map((t) => t.id)).toEqual([target.id]);
    expect(after.data[0]!.closedAt).not.toBeNull();
    expect(after.counts).toMatchObject({ open: 2, closed: 1, all: 3 });
    // Keyset paging.
    const first = (await post('/api/tickets/list', tokens.owner!, { view: 'all', limit: 2 })).json() as TListTicketsResponse;
    const second = (await post('/api/tickets/list', tokens.owner!, { view: 'all', limit: 2, cursor: first.paging.nextCursor })).json() as TListTicketsResponse;
    expect([...first.data, ...second.data].map((t) => t.id)).toEqual(all.data.map((t) => t.id));
    // Other clients and outlets see none of them.
    expect((await view(tokens.other!, 'all')).counts.all).toBe(0);
    expect((await view(tokens['outlet.manager']!, 'all')).data.some((t) => t.outletId === review.outletId)).toBe(false);
  });

  it('breaches once at the due time: marked, logged, announced and mailed to the assignee and watchers', async () => {
    const ticket = ((await post('/api/tickets/list', tokens.owner!, { view: 'all' })).json() as TListTicketsResponse).data.find((t) => t.complaintId === complaintId)!;
    const data = { clientId: (await h.server.app.inject({ method: 'GET', url: '/api/get-client-details', headers: bearer(tokens.owner!) })).json().client.id, outletId: ticket.outletId, ticketId: ticket.id, dueAt: ticket.dueAt };
    const meta = { id: 'test', retryCount: 0, log: h.server.app.log };
    // Not due yet: nothing happens.
    expect(await ticketSlaJob.handler(h.server.ctx, data, meta)).toEqual({ skipped: 'not due yet' });
    h.clock.offsetMs = 2 * HOUR;
    try {
      expect(await ticketSlaJob.handler(h.server.ctx, data, meta)).toEqual({ breached: true });
      expect(await ticketSlaJob.handler(h.server.ctx, data, meta)).toEqual({ breached: false });
    } finally {
      h.clock.offsetMs = 0;
    }
    await h.settle();
    const d = (await post('/api/tickets/get', tokens.viewer!, { ticketId: ticket.id })).json() as TTicketDetail;
    expect(d.breachedAt).not.toBeNull();
    expect(d.activity.filter((a) => a.kind === 'sla_breached')).toHaveLength(1);
    expect(((await post('/api/tickets/list', tokens.owner!, { view: 'all', breached: true })).json() as TListTicketsResponse).data.map((t) => t.id)).toEqual([ticket.id]);
    const mails = readdirSync(join(outbox, 'outbox')).filter((f) => f.endsWith('.eml'));
    expect(mails).toHaveLength(3);
    // A later priority whose due time is still ahead clears the mark.
    const relaxed = (await post('/api/tickets/update', tokens.owner!, { ticketId: ticket.id, priority: 'low' })).json() as TTicket;
    expect(relaxed.breachedAt).toBeNull();
  });

  it('keeps an activity log of every change', async () => {
    const ticket = ((await post('/api/tickets/list', tokens.owner!, { view: 'all' })).json() as TListTicketsResponse).data.find((t) => t.complaintId === complaintId)!;
    await post('/api/tickets/update', tokens.agent!, { ticketId: ticket.id, title: 'Cold food complaint: call back', status: 'in_progress', assigneeUserId: ids['brand.manager'], addWatcherIds: [ids.agent], removeWatcherIds: [ids.viewer] });
    const d = (await post('/api/tickets/get', tokens.owner!, { ticketId: ticket.id })).json() as TTicketDetail;
    expect(d.activity.map((a) => a.kind)).toEqual(expect.arrayContaining(['created', 'priority', 'sla_breached', 'title', 'status', 'assignee', 'watcher_added', 'watcher_removed']));
    expect(d.watchers.map((w) => w.id).sort()).toEqual([ids['brand.manager'], ids.agent].sort());
    expect((await post('/api/tickets/update', tokens.viewer!, { ticketId: ticket.id, status: 'closed' })).statusCode).toBe(403);
    for (const who of ['other', 'outlet.manager']) {
      expect((await post('/api/tickets/get', tokens[who]!, { ticketId: ticket.id })).statusCode, who).toBe(404);
      expect((await post('/api/tickets/update', tokens[who]!, { ticketId: ticket.id, status: 'closed' })).statusCode, who).toBe(404);
    }
  });

  it.each([
    ['/api/tickets/list', { view: 'later' }, 'body.view'],
    ['/api/tickets/list', { priority: 'asap' }, 'body.priority'],
    ['/api/tickets/create', { title: 'x'.repeat(201), outletId: '00000000-0000-4000-8000-000000000000' }, 'body.title'],
    ['/api/tickets/create', { title: 'Fix the oven' }, 'body.outletId'],
    ['/api/tickets/create', { outletId: '00000000-0000-4000-8000-000000000000' }, 'body.title'],
    ['/api/tickets/create', { reviewId: '1', complaintId: '1' }, 'body.complaintId'],
    ['/api/tickets/create', { reviewId: '1', watcherUserIds: ['me'] }, 'body.watcherUserIds.0'],
    ['/api/tickets/create', { title: 'Fix\u0000 it', outletId: '00000000-0000-4000-8000-000000000000' }, 'body.title'],
    ['/api/tickets/update', { ticketId: '1' }, 'body.ticketId'],
    ['/api/tickets/update', { ticketId: '1', status: 'done' }, 'body.status'],
    ['/api/tickets/get', { ticketId: '0' }, 'body.ticketId'],
    ['/api/tickets/sla-policy', { request: 'update', hours: { urgent: 1, high: 2, normal: 4 } }, 'body.hours.low'],
    ['/api/tickets/sla-policy', { request: 'update', hours: { urgent: 0.5, high: 2, normal: 4, low: 8 } }, 'body.hours.urgent'],
    ['/api/tickets/sla-policy', { request: 'update', hours: { urgent: 1, high: 2, normal: 4, low: 1e9 } }, 'body.hours.low'],
  ])('%s %j → 400 naming %s', async (url, body, field) => {
    const res = await post(url, tokens.owner!, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it('keeps the assignee of an assigned complaint on the ticket made from it, unless the request names another', async () => {
    const others = (await post('/api/review_testing/get_reviews/get-reviews', tokens.owner!, { outletId: review.outletId, ratings: [1, 2], limit: 5 })).json().data as TReview[];
    const complaintOf = async (r: TReview) => ((await post('/api/complaints/open-from-review', tokens.agent!, { reviewId: r.id })).json() as TComplaintResponse).complaint.id;
    const candidates = others.filter((r) => r.id !== review.id && r.reviewer.name !== review.reviewer.name);
    const [first, second] = [await complaintOf(candidates[0]!), await complaintOf(candidates[1]!)];
    expect(new Set([first, second, complaintId]).size).toBe(3);
    for (const id of [first, second]) {
      const assigned = await post('/api/complaints/update', tokens.owner!, { complaintId: id, assigneeUserId: ids.agent });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    const kept = (await post('/api/tickets/create', tokens.owner!, { complaintId: first })).json() as TCreateTicketResponse;
    expect(kept).toMatchObject({ created: true, ticket: { complaintId: first, assignee: { id: ids.agent } } });
    const detail = (await post('/api/tickets/get', tokens.owner!, { ticketId: kept.ticket.id })).json() as TTicketDetail;
    expect(detail.activity.filter((a) => a.kind === 'assignee').map((a) => a.value)).toHaveLength(1);
    const named = (await post('/api/tickets/create', tokens.owner!, { complaintId: second, assigneeUserId: ids['brand.manager'] })).json() as TCreateTicketResponse;
    expect(named.ticket.assignee?.id).toBe(ids['brand.manager']);
  });
});
