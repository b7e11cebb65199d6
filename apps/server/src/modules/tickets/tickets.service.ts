import { z } from 'zod';
import {
  DEFAULT_SLA_HOURS,
  DUE_SOON_HOURS,
  type TCreateTicketResponse,
  type TListTicketsResponse,
  type TSlaPolicyResponse,
  type TTicket,
  type TTicketDetail,
  type TTicketPriority,
  type TTicketStatus,
  type TTicketView,
} from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/errors.ts';
import { defineJob } from '../../lib/jobs.ts';
import { encodeCursor, parseCursor } from '../../lib/keyset.ts';
import { transactionThenPublish, type Outbox } from '../../lib/realtime.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import { recipientsNow, sightOf } from '../access/index.ts';
import { mentionableUsers } from '../comments/index.ts';
import * as repo from './tickets.repository.ts';

/**
 * Tickets (docs/requirements/screen-contents.md#tickets, docs/decisions/0027).
 *
 * - Opened from a complaint (one ticket per complaint), a review, a conversation, or by hand for
 *   an outlet; everyone of the reviews module reads the outlets they see, all but viewers open
 *   and work tickets (`create`/`update Ticket`), owners set the SLA policy (`manage Ticket`).
 * - The SLA due time is the opening time plus the client's hours for the priority; changing the
 *   priority moves it. A `tickets.sla-breach` job is queued for the due time in the transaction
 *   that sets it, so the timer survives restarts; the job marks the ticket breached with one
 *   conditional update (still open, still due then, not marked), so it fires once across
 *   processes and retries, then mails the assignee and watchers (`tickets.breach-email`).
 */

const HOUR_MS = 3_600_000;
const notFound = (what: string, id: string, field: string) => new HttpError(404, `${what} ${id} not found`, { field });

export interface Actor {
  userId: string;
  name: string;
}

async function hoursOf(db: Db, clientId: string): Promise<Record<TTicketPriority, number>> {
  return (await repo.slaHours(db, clientId)) ?? DEFAULT_SLA_HOURS;
}

function ticketView(row: repo.TicketListRow, watchers: { ticketId: number; id: string; fullName: string }[]): TTicket {
  const t = row.t;
  return {
    id: String(t.id),
    title: t.title,
    status: t.status,
    priority: t.priority,
    outletId: t.outletId,
    outletName: row.outletName,
    brandId: row.brandId,
    brandName: row.brandName,
    assignee: t.assigneeUserId && row.assigneeName ? { id: t.assigneeUserId, fullName: row.assigneeName } : null,
    watchers: watchers.filter((w) => w.ticketId === t.id).map((w) => ({ id: w.id, fullName: w.fullName })),
    createdBy: t.createdByUserId && row.creatorName ? { id: t.createdByUserId, fullName: row.creatorName } : null,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
    closedAt: t.closedAt?.toISOString() ?? null,
    dueAt: t.dueAt.toISOString(),
    breachedAt: t.breachedAt?.toISOString() ?? null,
    reviewId: t.reviewId === null ? null : String(t.reviewId),
    conversationId: t.conversationId === null ? null : String(t.conversationId),
    complaintId: t.complaintId === null ? null : String(t.complaintId),
  };
}

async function loadTicket(db: Db, clientId: string, id: number): Promise<TTicket> {
  const row = (await repo.ticketWithNames(db, clientId, id))!;
  return ticketView(row, await repo.watchersOf(db, [id]));
}

/**
 * Queues the SLA timer of a ticket due at `dueAt`, in `tx`, to start at the due time itself (keyed
 * by ticket and due time: a moved due time is a new timer; a past one starts at once).
 */
async function scheduleSla(ctx: AppContext, tx: Db, t: { id: number; clientId: string; outletId: string; dueAt: Date }): Promise<void> {
  await ctx.jobs.send(ticketSlaJob, { clientId: t.clientId, outletId: t.outletId, ticketId: String(t.id), dueAt: t.dueAt.toISOString() }, { singletonKey: `${t.id}@${t.dueAt.getTime()}`, startAt: t.dueAt, tx });
}

async function announce(db: Db, outbox: Outbox, t: { id: number; outletId: string }, verb: 'created' | 'updated' | 'breached'): Promise<void> {
  outbox.ticketChanged(await repo.outletAccounts(db, t.outletId), { ticketId: String(t.id), outletId: t.outletId, verb });
}

/**
 * Teammates who may hold a ticket of the outlet: members who can see it. Assignees must also be
 * able to work it (not viewers); watchers may be viewers.
 * @throws HttpError 400 naming `field`
 */
async function checkPeople(db: Db, clientId: string, outlet: { id: string; brandId: string }, ids: string[], field: string, workers: boolean): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const found = await mentionableUsers(db, clientId, outlet, { only: ids });
  const ok = new Map(found.filter((u) => !workers || u.role !== 'viewer').map((u) => [u.id, u.fullName]));
  const bad = ids.filter((id) => !ok.has(id));
  if (bad.length) throw new HttpError(400, `${field.replace(/^body\./, '')}: ${bad.join(', ')} cannot ${workers ? 'be assigned' : 'watch'} a ticket of this outlet (only teammates who see it${workers ? ', not viewers' : ''})`, { field });
  return ok;
}

/**
 * `create`: a ticket from a complaint (answering its ticket when it has one: `created: false`),
 * a review, a conversation, or by hand for an outlet.
 * @throws HttpError 403 for viewers; 404 naming the linked item's field (or `body.outletId`); 400
 *   naming `body.assigneeUserId` / `body.watcherUserIds`
 */
export async function createTicket(
  ctx: AppContext,
  auth: AuthContext,
  req: { title?: string; priority: TTicketPriority; outletId?: string; complaintId?: string; reviewId?: string; conversationId?: string; assigneeUserId?: string; watcherUserIds: string[] },
): Promise<TCreateTicketResponse> {
  if (!auth.ability.can('create', 'Ticket')) throw new HttpError(403, 'Your role may read tickets but not open them');
  const clientId = auth.clientId!;
  let place: { clientId: string; outletId: string } | undefined;
  let title = req.title;
  // A ticket made from a complaint keeps whoever works the complaint, unless the request names someone.
  let inherited: string | null = null;
  if (req.complaintId !== undefined) {
    const c = await repo.complaintPlace(ctx.db, clientId, Number(req.complaintId));
    if (!c || !inTenantScope(auth, c)) throw notFound('Complaint', req.complaintId, 'body.complaintId');
    const existing = await repo.ticketOfComplaint(ctx.db, Number(req.complaintId));
    if (existing !== null) return { ticket: await loadTicket(ctx.db, clientId, existing), created: false };
    place = c;
    title ??= `Complaint of ${c.guestName}`;
    inherited = c.assigneeUserId;
  } else if (req.reviewId !== undefined) {
    const r = await repo.reviewPlace(ctx.db, clientId, Number(req.reviewId));
    if (!r || !inTenantScope(auth, r)) throw notFound('Review', req.reviewId, 'body.reviewId');
    place = r;
    title ??= `${r.rating ? `${r.rating}-star review` : 'Review'} by ${r.guestName}`;
  } else if (req.conversationId !== undefined) {
    const conv = await repo.conversationPlace(ctx.db, clientId, Number(req.conversationId));
    if (!conv || !inTenantScope(auth, conv)) throw notFound('Conversation', req.conversationId, 'body.conversationId');
    place = conv;
    title ??= `${conv.channel === 'instagram' ? 'Instagram' : 'Messenger'} conversation with ${conv.guestName || 'a guest'}`;
  } else {
    const o = await repo.outletPlace(ctx.db, clientId, req.outletId!);
    if (!o || !inTenantScope(auth, o)) throw notFound('Outlet', req.outletId!, 'body.outletId');
    place = o;
  }
  const outlet = await repo.outletPlace(ctx.db, clientId, place.outletId);
  const actor: Actor = { userId: auth.userId, name: auth.fullName };
  let assignee = req.assigneeUserId ? await checkPeople(ctx.db, clientId, { id: outlet!.outletId, brandId: outlet!.brandId }, [req.assigneeUserId], 'body.assigneeUserId', true) : new Map<string, string>();
  let assigneeUserId = req.assigneeUserId ?? null;
  if (assigneeUserId === null && inherited !== null) {
    // The complaint's assignee may since have lost the outlet or become a viewer: then nobody.
    const [u] = await mentionableUsers(ctx.db, clientId, { id: outlet!.outletId, brandId: outlet!.brandId }, { only: [inherited] });
    if (u && u.role !== 'viewer') {
      assigneeUserId = u.id;
      assignee = new Map([[u.id, u.fullName]]);
    }
  }
  const watcherIds = [...new Set(req.watcherUserIds)];
  const watchers = await checkPeople(ctx.db, clientId, { id: outlet!.outletId, brandId: outlet!.brandId }, watcherIds, 'body.watcherUserIds', false);
  const hours = await hoursOf(ctx.db, clientId);
  const result = await transactionThenPublish(ctx, async (tx, outbox) => {
    const at = ctx.now();
    const t = await repo.insertTicket(tx, {
      clientId,
      outletId: place.outletId,
      title: title!,
      priority: req.priority,
      assigneeUserId,
      createdByUserId: actor.userId,
      createdAt: at,
      updatedAt: at,
      dueAt: new Date(at.getTime() + hours[req.priority] * HOUR_MS),
      complaintId: req.complaintId === undefined ? null : Number(req.complaintId),
      reviewId: req.reviewId === undefined ? null : Number(req.reviewId),
      conversationId: req.conversationId === undefined ? null : Number(req.conversationId),
    });
    if (!t) return null;
    await repo.addWatchers(tx, t.id, watcherIds, at);
    await repo.insertActivity(tx, [
      { ticketId: t.id, at, actorUserId: actor.userId, actorName: actor.name, kind: 'created', value: req.priority },
      ...[...assignee.values()].map((name) => ({ ticketId: t.id, at, actorUserId: actor.userId, actorName: actor.name, kind: 'assignee' as const, value: name })),
      ...[...watchers.values()].map((name) => ({ ticketId: t.id, at, actorUserId: actor.userId, actorName: actor.name, kind: 'watcher_added' as const, value: name })),
    ]);
    await scheduleSla(ctx, tx, t);
    await announce(tx, outbox, t, 'created');
    return t.id;
  });
  if (result === null) {
    // Another click made the complaint's ticket meanwhile: answer it.
    return { ticket: await loadTicket(ctx.db, clientId, (await repo.ticketOfComplaint(ctx.db, Number(req.complaintId)))!), created: false };
  }
  ctx.jobs.wake(ticketSlaJob);
  return { ticket: await loadTicket(ctx.db, clientId, result), created: true };
}

/**
 * `update`: title, status, priority (the due time moves to opening + the new priority's hours;
 * a breach mark is cleared when the new due time is still ahead), assignee, watchers. Each change
 * is an activity entry.
 * @throws HttpError 403 for viewers; 404 naming `body.ticketId`; 400 naming the people fields
 */
export async function updateTicket(
  ctx: AppContext,
  auth: AuthContext,
  req: { ticketId: string; title?: string; status?: TTicketStatus; priority?: TTicketPriority; assigneeUserId?: string | null; addWatcherIds?: string[]; removeWatcherIds?: string[] },
): Promise<TTicket> {
  if (!auth.ability.can('update', 'Ticket')) throw new HttpError(403, 'Your role may read tickets but not change them');
  const clientId = auth.clientId!;
  const actor: Actor = { userId: auth.userId, name: auth.fullName };
  const hours = await hoursOf(ctx.db, clientId);
  const id = await transactionThenPublish(ctx, async (tx, outbox) => {
    const t = await repo.getTicket(tx, clientId, Number(req.ticketId), true);
    if (!t || !inTenantScope(auth, t)) throw notFound('Ticket', req.ticketId, 'body.ticketId');
    const outlet = (await repo.outletPlace(tx, clientId, t.outletId))!;
    const at = ctx.now();
    const set: Partial<repo.TicketRow> = {};
    const log: { kind: repo.TicketActivityKind; value: string | null }[] = [];
    if (req.title !== undefined && req.title !== t.title) {
      set.title = req.title;
      log.push({ kind: 'title', value: req.title });
    }
    if (req.status !== undefined && req.status !== t.status) {
      set.status = req.status;
      set.closedAt = req.status === 'closed' ? at : null;
      log.push({ kind: 'status', value: req.status });
    }
    let dueAt = t.dueAt;
    if (req.priority !== undefined && req.priority !== t.priority) {
      set.priority = req.priority;
      dueAt = new Date(t.createdAt.getTime() + hours[req.priority] * HOUR_MS);
      set.dueAt = dueAt;
      if (dueAt.getTime() > at.getTime()) set.breachedAt = null;
      log.push({ kind: 'priority', value: req.priority });
    }
    if (req.assigneeUserId !== undefined && req.assigneeUserId !== t.assigneeUserId) {
      const names = req.assigneeUserId ? await checkPeople(tx, clientId, { id: outlet.outletId, brandId: outlet.brandId }, [req.assigneeUserId], 'body.assigneeUserId', true) : null;
      set.assigneeUserId = req.assigneeUserId;
      log.push({ kind: 'assignee', value: names ? names.get(req.assigneeUserId!)! : null });
    }
    if (req.addWatcherIds?.length) {
      const names = await checkPeople(tx, clientId, { id: outlet.outletId, brandId: outlet.brandId }, [...new Set(req.addWatcherIds)], 'body.addWatcherIds', false);
      for (const added of await repo.addWatchers(tx, t.id, [...names.keys()], at)) log.push({ kind: 'watcher_added', value: names.get(added)! });
    }
    if (req.removeWatcherIds?.length) {
      const before = new Map((await repo.watchersOf(tx, [t.id])).map((w) => [w.id, w.fullName]));
      for (const removed of await repo.removeWatchers(tx, t.id, [...new Set(req.removeWatcherIds)])) log.push({ kind: 'watcher_removed', value: before.get(removed) ?? null });
    }
    if (!log.length) return t.id;
    await repo.updateTicket(tx, t.id, { ...set, updatedAt: at });
    await repo.insertActivity(tx, log.map((l) => ({ ticketId: t.id, at, actorUserId: actor.userId, actorName: actor.name, ...l })));
    // A moved due time, or a reopened ticket, needs a timer for its (possibly past) due time.
    const reopened = set.status !== undefined && set.status !== 'closed' && t.status === 'closed';
    if (dueAt !== t.dueAt || reopened) await scheduleSla(ctx, tx, { ...t, dueAt });
    await announce(tx, outbox, t, 'updated');
    return t.id;
  });
  ctx.jobs.wake(ticketSlaJob);
  return loadTicket(ctx.db, clientId, id);
}

/**
 * Releases what a teammate holds on tickets of outlets they may no longer see (removed from the
 * client, moved off the outlet, the reviews module taken away), and assignments they may no
 * longer work (made a viewer), in `tx`, with an activity entry by `actor` per change
 * (docs/decisions/0044). Called by the access module in the transaction that changes access.
 * @returns how many tickets changed
 */
export async function releaseTicketsOutOfSight(ctx: AppContext, tx: Db, outbox: Outbox, clientId: string, userId: string, userName: string, actor: Actor): Promise<number> {
  const held = await repo.ticketsHeldBy(tx, clientId, userId);
  if (!held.length) return 0;
  const sight = await sightOf(tx, clientId, userId, held.map((t) => t.outletId), 'reviews_and_complaints');
  const at = ctx.now();
  let changed = 0;
  for (const t of held) {
    const role = sight.get(t.outletId) ?? null;
    const unassign = t.assigned && (role === null || role === 'viewer');
    const unwatch = t.watching && role === null;
    if (!unassign && !unwatch) continue;
    const log: { kind: repo.TicketActivityKind; value: string | null }[] = [];
    if (unassign) {
      await repo.updateTicket(tx, t.id, { assigneeUserId: null, updatedAt: at });
      log.push({ kind: 'assignee', value: null });
    } else await repo.updateTicket(tx, t.id, { updatedAt: at });
    if (unwatch && (await repo.removeWatchers(tx, t.id, [userId])).length) log.push({ kind: 'watcher_removed', value: userName });
    await repo.insertActivity(tx, log.map((l) => ({ ticketId: t.id, at, actorUserId: actor.userId, actorName: actor.name, ...l })));
    await announce(tx, outbox, t, 'updated');
    changed++;
  }
  return changed;
}

/** The due time before which an on-time ticket is "due soon" (contracts `DUE_SOON_HOURS`), when asked for. */
export function dueSoonLimit(ctx: AppContext, dueSoon: boolean | undefined): Date | undefined {
  return dueSoon ? new Date(ctx.now().getTime() + DUE_SOON_HOURS * 3_600_000) : undefined;
}

/** `list`: a view of the queue, newest first, keyset paged, with the count of each view. @throws HttpError 400 naming `body.cursor` */
export async function listTickets(
  ctx: AppContext,
  auth: AuthContext,
  req: { view: TTicketView; priority?: TTicketPriority; brandId?: string; outletId?: string; breached?: boolean; dueSoon?: boolean; cursor?: string; limit: number },
): Promise<TListTicketsResponse> {
  const filter: repo.TicketFilter = {
    clientId: auth.clientId!,
    outletIds: auth.outletIds,
    userId: auth.userId,
    priority: req.priority,
    brandId: req.brandId,
    outletId: req.outletId,
    breached: req.breached,
    dueBefore: dueSoonLimit(ctx, req.dueSoon),
  };
  const after = parseCursor(req.cursor, 'body.cursor');
  const [rows, counts] = await Promise.all([repo.listTickets(ctx.db, filter, req.view, after, req.limit + 1), repo.countViews(ctx.db, filter)]);
  const page = rows.slice(0, req.limit);
  const watchers = await repo.watchersOf(ctx.db, page.map((r) => r.t.id));
  const last = page[page.length - 1];
  return { data: page.map((r) => ticketView(r, watchers)), paging: { nextCursor: rows.length > req.limit && last ? encodeCursor(last.t.createdAt, last.t.id) : null }, counts };
}

/** `get`: one ticket with its activity. @throws HttpError 404 naming `body.ticketId` */
export async function getTicket(ctx: AppContext, auth: AuthContext, ticketId: string): Promise<TTicketDetail> {
  const t = await repo.getTicket(ctx.db, auth.clientId!, Number(ticketId));
  if (!t || !inTenantScope(auth, t)) throw notFound('Ticket', ticketId, 'body.ticketId');
  const ticket = await loadTicket(ctx.db, auth.clientId!, t.id);
  const activity = (await repo.activityOf(ctx.db, t.id)).map((a) => ({ at: a.at.toISOString(), actorName: a.actorName, kind: a.kind, value: a.value }));
  return { ...ticket, activity };
}

/**
 * `sla-policy`: the client's hours per priority (`get`, everyone of the module), or new hours
 * (`update`, owners: `manage Ticket`), recorded in the audit log. Tickets keep their due time
 * until their priority changes.
 * @throws HttpError 403 updating without `manage Ticket`
 */
export async function slaPolicy(ctx: AppContext, auth: AuthContext, req: { request: 'get' } | { request: 'update'; hours: Record<TTicketPriority, number> }): Promise<TSlaPolicyResponse> {
  const clientId = auth.clientId!;
  if (req.request === 'update') {
    if (!auth.ability.can('manage', 'Ticket')) throw new HttpError(403, 'Only the client’s owners set the SLA policy');
    await ctx.db.transaction(async (tx) => {
      await repo.saveSlaHours(tx, clientId, req.hours, ctx.now(), auth.userId);
      await audit(tx, { clientId, actorUserId: auth.userId, action: 'tickets.sla_policy', target: `client:${clientId}`, details: { hours: req.hours }, at: ctx.now() });
    });
  }
  const own = await repo.slaHours(ctx.db, clientId);
  return { hours: own ?? DEFAULT_SLA_HOURS, isDefault: own === null };
}

/**
 * `tickets.sla-breach`: fires at a ticket's due time. Marks it breached once (conditional
 * update), records it, announces it, and queues a mail to the assignee and each watcher (the
 * creator when there are none). A ticket closed, re-prioritised or already marked is left alone.
 */
export const ticketSlaJob = defineJob<{ clientId: string; outletId: string; ticketId: string; dueAt: string }, AppContext>({
  name: 'tickets.sla-breach',
  subject: 'Ticket',
  schema: z.object({ clientId: z.uuid(), outletId: z.uuid(), ticketId: z.string().regex(/^\d{1,16}$/), dueAt: z.iso.datetime() }),
  retryLimit: 5,
  retryDelaySeconds: 15,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  policy: 'stately',
  async handler(ctx, data) {
    const dueAt = new Date(data.dueAt);
    // A clock that runs behind the queue's (another process) must not breach early.
    if (dueAt.getTime() > ctx.now().getTime()) {
      await ctx.jobs.send(ticketSlaJob, data, { singletonKey: `${data.ticketId}@${dueAt.getTime()}:late`, startAfterSeconds: Math.max(1, Math.ceil((dueAt.getTime() - ctx.now().getTime()) / 1000)) });
      return { skipped: 'not due yet' };
    }
    const marked = await transactionThenPublish(ctx, async (tx, outbox) => {
      const at = ctx.now();
      if (!(await repo.markBreached(tx, Number(data.ticketId), dueAt, at))) return false;
      const t = (await repo.ticketById(tx, Number(data.ticketId)))!;
      await repo.insertActivity(tx, [{ ticketId: t.id, at, actorUserId: null, actorName: null, kind: 'sla_breached', value: dueAt.toISOString() }]);
      const wanted = [...(t.assigneeUserId ? [t.assigneeUserId] : []), ...(await repo.watchersOf(tx, [t.id])).map((w) => w.id)];
      if (!wanted.length && t.createdByUserId) wanted.push(t.createdByUserId);
      // Only people who see the ticket's outlet now (docs/decisions/0044); the mail job asks again.
      const recipients = (await recipientsNow(tx, t.clientId, [t.outletId], { module: 'reviews_and_complaints', userIds: wanted })).map((r) => r.id);
      for (const userId of recipients) await ctx.jobs.send(breachEmailJob, { clientId: t.clientId, outletId: t.outletId, ticketId: String(t.id), userId }, { singletonKey: `${t.id}:${userId}:${dueAt.getTime()}`, tx });
      await announce(tx, outbox, t, 'breached');
      return true;
    });
    if (marked) ctx.jobs.wake(breachEmailJob);
    return { breached: marked };
  },
});

/** `tickets.breach-email`: tells one teammate that a ticket they hold or watch is past its SLA. */
export const breachEmailJob = defineJob<{ clientId: string; outletId: string; ticketId: string; userId: string }, AppContext>({
  name: 'tickets.breach-email',
  subject: 'Ticket',
  schema: z.object({ clientId: z.uuid(), outletId: z.uuid(), ticketId: z.string().regex(/^\d{1,16}$/), userId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  async handler(ctx, data) {
    const row = await repo.ticketWithNames(ctx.db, data.clientId, Number(data.ticketId));
    if (!row) return { skipped: 'ticket or user gone' };
    // Addressed at send time: removed from the client or moved off the outlet since the breach, no mail.
    const [to] = await recipientsNow(ctx.db, row.t.clientId, [row.t.outletId], { module: 'reviews_and_complaints', userIds: [data.userId] });
    if (!to) return { skipped: 'recipient may no longer see this ticket' };
    if (row.t.status === 'closed') return { skipped: 'closed since' };
    const base = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
    const sent = await ctx.mailer.send({
      to: to.email,
      subject: `SLA breached: ticket #${row.t.id} “${row.t.title}” (${row.outletName})`,
      text: [
        `Hello ${to.fullName},`,
        '',
        `Ticket #${row.t.id} “${row.t.title}” of ${row.outletName} (${row.brandName}), priority ${row.t.priority}, was due ${row.t.dueAt.toISOString().slice(0, 16).replace('T', ' ')} UTC and is still ${row.t.status === 'open' ? 'open' : 'in progress'}.`,
        `Assignee: ${row.assigneeName ?? 'nobody'}.`,
        '',
        `Open it: ${base}/apps/reviews_and_complaints/tickets?ticket=${row.t.id}`,
      ].join('\n'),
    });
    return { messageId: sent.messageId };
  },
});
