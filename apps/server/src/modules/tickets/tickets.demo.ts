import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { TTicketPriority } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { schema } from '../../db/client.ts';
import { readDemoClock } from '../../db/demo-clock.ts';
import { abilityRulesFor, buildAbility } from '../../lib/ability.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { userById } from '../access/access.repository.ts';
import { loadAccess } from '../access/session.service.ts';
import { createTicket } from './tickets.service.ts';

/**
 * The demo's tickets (docs/decisions/0006 "The demo's clock"): once the first sync of a moved
 * demo has opened its complaints from the recent 1–2★ reviews, each demo client's owner turns the
 * newest of them into tickets, through the tickets service (SLA due times from the client's
 * policy, the SLA job scheduled), so a fresh start shows tickets with live SLA timers: the newest
 * urgent (4 h by default), the next high, the rest normal, assigned to the client's demo agent
 * (unless the complaint has an assignee of its own). Once per database: the demo clock records it.
 */

/** Tickets the demo opens per client at most. */
export const DEMO_TICKETS_PER_CLIENT = 4;
const PRIORITIES: TTicketPriority[] = ['urgent', 'high', 'normal', 'normal'];
/** The first sync's queues: the demo waits until none of them has work due. */
const FIRST_SYNC_QUEUES = ['sync.tick', 'reviews.sync-page', 'google.sync-location', 'complaints.detect'];

/** `user` acting in `clientId` with the access they hold there; null when they hold none. */
async function actingAs(ctx: AppContext, userId: string, clientId: string): Promise<AuthContext | null> {
  const user = await userById(ctx.db, userId);
  if (!user) return null;
  const access = await loadAccess(ctx, { id: user.id, isSuperAdmin: user.isSuperAdmin }, clientId);
  if (!access) return null;
  const rules = abilityRulesFor(access.role, access.modules);
  return {
    userId: user.id,
    sessionId: `demo:${user.id}`,
    email: user.email,
    fullName: user.fullName,
    clientId,
    clientName: access.clientName,
    role: access.role,
    rules,
    ability: buildAbility(rules),
    outletIds: access.outletIds,
    modules: access.modules,
    expiresAt: new Date(ctx.now().getTime() + 10 * 60_000),
  };
}

/**
 * Opens the demo's tickets now. @returns tickets opened per client key
 * @throws Error while the first sync still has work due (the job retries)
 */
export async function openDemoTickets(ctx: AppContext): Promise<Record<string, number>> {
  const { rows } = await ctx.database.executeSql(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = ANY($1::text[]) AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
    [FIRST_SYNC_QUEUES],
  );
  if (Number(rows[0]?.n ?? 0) > 0) throw new Error('the first sync is still running; the demo opens its tickets after it');
  const opened: Record<string, number> = {};
  const clients = await ctx.db.select({ id: schema.clients.id, key: schema.clients.key }).from(schema.clients);
  for (const client of clients) {
    const [owner] = await ctx.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, `owner@${client.key}.demo`));
    const [agent] = await ctx.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.email, `agent@${client.key}.demo`));
    const auth = owner ? await actingAs(ctx, owner.id, client.id) : null;
    if (!auth) continue;
    // Open complaints of 1–2★ reviews without a ticket, newest review first.
    const newest = sql<Date>`max(${schema.reviews.createdTime})`;
    const candidates = await ctx.db
      .select({ complaintId: schema.complaints.id, assignee: schema.complaints.assigneeUserId, newest })
      .from(schema.complaints)
      .innerJoin(schema.complaintSources, eq(schema.complaintSources.complaintId, schema.complaints.id))
      .innerJoin(schema.reviews, eq(schema.reviews.id, schema.complaintSources.reviewId))
      .leftJoin(schema.tickets, eq(schema.tickets.complaintId, schema.complaints.id))
      .where(and(eq(schema.complaints.clientId, client.id), inArray(schema.complaints.status, ['open', 'in_progress']), lte(schema.reviews.rating, 2), isNull(schema.tickets.id)))
      .groupBy(schema.complaints.id, schema.complaints.assigneeUserId)
      .orderBy(desc(newest), desc(schema.complaints.id))
      .limit(DEMO_TICKETS_PER_CLIENT);
    let n = 0;
    for (const [i, c] of candidates.entries()) {
      const assignee = c.assignee === null && agent ? { assigneeUserId: agent.id } : {};
      const { created } = await createTicket(ctx, auth, { complaintId: String(c.complaintId), priority: PRIORITIES[i] ?? 'normal', watcherUserIds: [], ...assignee });
      if (created) n++;
    }
    opened[client.key] = n;
  }
  await ctx.db.update(schema.demoClock).set({ ticketsOpenedAt: ctx.now() }).where(eq(schema.demoClock.id, 1));
  return opened;
}

/**
 * `demo.open-tickets`: {@link openDemoTickets} once the first sync is done (retried every 10 s
 * while it runs, for up to about 10 minutes); nothing when there is no moved demo or its
 * tickets were opened already. Queued by the server's first sync (server.ts `syncOnce`).
 */
export const demoTicketsJob = defineJob<{ clientId: null }, AppContext>({
  name: 'demo.open-tickets',
  subject: 'Client',
  schema: z.object({ clientId: z.null() }),
  retryLimit: 60,
  retryDelaySeconds: 10,
  retryBackoff: false,
  expireInSeconds: 5 * 60,
  policy: 'stately',
  async handler(ctx) {
    const clock = await readDemoClock(ctx.db);
    if (!clock) return { skipped: 'no demo clock' };
    if (clock.ticketsOpenedAt) return { skipped: 'opened already' };
    return { opened: await openDemoTickets(ctx) };
  },
});
