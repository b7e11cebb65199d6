import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TTicket } from '@dinedesk/contracts';
import { schema } from '../../db/client.ts';
import { signIn } from '../../test/harness.ts';
import { restartBed } from '../../test/restart.ts';

/**
 * SLA timers live in the job queue ("SLA timers run in the job queue, so that they
 * survive restarts and fire once across processes"): a ticket falls due while its server is
 * down; the next server breaches it, once, and mails its people. On PostgreSQL two servers run
 * the queue together and the breach still fires once.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const HOUR_MS = 3_600_000;

describe('SLA breach across a restart', () => {
  it('a ticket due while no server runs is breached once by the next one(s)', async () => {
    const bed = await restartBed('dinedesk-sla-');
    cleanups.push(() => bed.close());
    const { boot, call } = bed;

    // First server: its clock says the ticket was opened almost an hour ago, so the urgent
    // ticket (1 hour) falls due a few seconds from now, after this server has stopped (its
    // queue must not see the job due: it would find it early by its own clock and re-queue it).
    let offset = -(HOUR_MS - 5000);
    const first = await boot(() => new Date(Date.now() + offset));
    const owner = await signIn(first.app, 'owner@spice-route.demo');
    expect((await call(first, '/api/tickets/sla-policy', owner, { request: 'update', hours: { urgent: 1, high: 2, normal: 4, low: 8 } })).statusCode).toBe(200);
    const clientId = (await first.app.inject({ method: 'GET', url: '/api/get-client-details', headers: { authorization: `Bearer ${owner}` } })).json().client.id as string;
    const [{ id: outletId }] = (await first.ctx.db.select({ id: schema.outlets.id }).from(schema.outlets).where(eq(schema.outlets.clientId, clientId)).limit(1)) as [{ id: string }];
    const users = (await first.app.inject({ method: 'GET', url: '/api/client-users', headers: { authorization: `Bearer ${owner}` } })).json().data as { id: string; email: string }[];
    const agentId = users.find((u) => u.email === 'agent@spice-route.demo')!.id;
    const viewerId = users.find((u) => u.email === 'viewer@spice-route.demo')!.id;
    const created = await call(first, '/api/tickets/create', owner, { title: 'Walk-in freezer alarm at night', outletId, priority: 'urgent', assigneeUserId: agentId, watcherUserIds: [viewerId] });
    expect(created.statusCode, created.body).toBe(200);
    const ticket = created.json().ticket as TTicket;
    await first.close();
    offset = 0;

    // The next server(s): PostgreSQL runs two at once; PGlite, one process by design, one.
    await new Promise((r) => setTimeout(r, Math.max(0, Date.parse(ticket.dueAt) - Date.now()) + 500));
    const next = [await boot()];
    if (bed.shared) next.push(await boot());
    cleanups.push(async () => {
      for (const s of next) await s.close();
    });
    const db = next[0]!.ctx.db;
    const deadline = Date.now() + 30_000;
    let breachedAt: Date | null = null;
    while (Date.now() < deadline && !breachedAt) {
      [{ breachedAt }] = (await db.select({ breachedAt: schema.tickets.breachedAt }).from(schema.tickets).where(eq(schema.tickets.id, Number(ticket.id)))) as [{ breachedAt: Date | null }];
      if (!breachedAt) await new Promise((r) => setTimeout(r, 250));
    }
    expect(breachedAt, 'the breach fired after the restart').not.toBeNull();
    for (const s of next) await s.ctx.jobs.whenIdle(undefined, 30_000);
    const activity = await db.select().from(schema.ticketActivity).where(eq(schema.ticketActivity.ticketId, Number(ticket.id)));
    expect(activity.filter((a) => a.kind === 'sla_breached')).toHaveLength(1);
    // One mail each to the assignee and the watcher, whichever server sent it.
    expect(bed.mails()).toHaveLength(2);
  });
});
