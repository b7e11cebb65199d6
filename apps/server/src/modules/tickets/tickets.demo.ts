import { z } from 'zod';
import type { TTicketPriority } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { readDemoClock } from '../../db/demo-clock.ts';
import { defineJob } from '../../lib/jobs.ts';
import { actingAs } from '../access/index.ts';
import * as repo from './tickets.repository.ts';
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

/**
 * Opens the demo's tickets now. @returns tickets opened per client key
 * @throws Error while the first sync still has work due (the job retries)
 */
export async function openDemoTickets(ctx: AppContext): Promise<Record<string, number>> {
  if ((await repo.jobsDueOrRunning(ctx.database, FIRST_SYNC_QUEUES)) > 0) throw new Error('the first sync is still running; the demo opens its tickets after it');
  const opened: Record<string, number> = {};
  for (const client of await repo.demoClientsWithPeople(ctx.db)) {
    const auth = await actingAs(ctx, client.ownerId, client.id, 'demo');
    if (!auth) continue;
    let n = 0;
    for (const [i, c] of (await repo.lowStarComplaintsWithoutTicket(ctx.db, client.id, DEMO_TICKETS_PER_CLIENT)).entries()) {
      // The complaint's own assignee stays; an unassigned one goes to the demo agent.
      const assignee = c.assignee === null && client.agentId ? { assigneeUserId: client.agentId } : {};
      const { created } = await createTicket(ctx, auth, { complaintId: String(c.complaintId), priority: PRIORITIES[i] ?? 'normal', watcherUserIds: [], ...assignee });
      if (created) n++;
    }
    opened[client.key] = n;
  }
  await repo.markDemoTicketsOpened(ctx.db, ctx.now());
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
