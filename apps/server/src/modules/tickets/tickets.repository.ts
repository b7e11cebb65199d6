import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../db/client.ts';
import { brands, clients, clientSlaPolicies, complaints, complaintSources, conversations, demoClock, facebookPages, googleLocations, outlets, reviews, ticketActivity, tickets, ticketWatchers, users } from '../../db/schema.ts';
import { afterPosition, type KeysetPosition } from '../../lib/keyset.ts';
import { tenantScope, type TenantScope } from '../../lib/tenant-scope.ts';

/** Queries of tickets (docs/decisions/0027). Every query names its client. */

export type TicketRow = typeof tickets.$inferSelect;
export type TicketActivityKind = (typeof ticketActivity.$inferSelect)['kind'];
type Priority = TicketRow['priority'];

export async function slaHours(db: Db, clientId: string): Promise<Record<Priority, number> | null> {
  const [row] = await db.select({ hours: clientSlaPolicies.hours }).from(clientSlaPolicies).where(eq(clientSlaPolicies.clientId, clientId));
  return row?.hours ?? null;
}

export async function saveSlaHours(db: Db, clientId: string, hours: Record<Priority, number>, at: Date, by: string): Promise<void> {
  await db
    .insert(clientSlaPolicies)
    .values({ clientId, hours, updatedAt: at, updatedBy: by })
    .onConflictDoUpdate({ target: clientSlaPolicies.clientId, set: { hours, updatedAt: at, updatedBy: by } });
}

/** Where a linked item is: its client and outlet (null when it does not exist in the client). */
export async function complaintPlace(db: Db, clientId: string, id: number) {
  const [row] = await db.select({ clientId: complaints.clientId, outletId: complaints.outletId, guestName: complaints.guestName, assigneeUserId: complaints.assigneeUserId }).from(complaints).where(and(eq(complaints.id, id), eq(complaints.clientId, clientId)));
  return row;
}
export async function reviewPlace(db: Db, clientId: string, id: number) {
  const [row] = await db.select({ clientId: reviews.clientId, outletId: reviews.outletId, guestName: reviews.reviewerName, rating: reviews.rating }).from(reviews).where(and(eq(reviews.id, id), eq(reviews.clientId, clientId)));
  return row;
}
export async function conversationPlace(db: Db, clientId: string, id: number) {
  const [row] = await db.select({ clientId: conversations.clientId, outletId: conversations.outletId, guestName: conversations.guestName, channel: conversations.channel }).from(conversations).where(and(eq(conversations.id, id), eq(conversations.clientId, clientId)));
  return row;
}
export async function outletPlace(db: Db, clientId: string, id: string) {
  const [row] = await db.select({ clientId: outlets.clientId, outletId: outlets.id, brandId: outlets.brandId }).from(outlets).where(and(eq(outlets.id, id), eq(outlets.clientId, clientId)));
  return row;
}

export async function ticketOfComplaint(db: Db, complaintId: number): Promise<number | null> {
  const [row] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.complaintId, complaintId));
  return row?.id ?? null;
}

/** Inserts a ticket. @returns null when the complaint already has one (the unique index decided a race) */
export async function insertTicket(db: Db, row: typeof tickets.$inferInsert): Promise<TicketRow | null> {
  const [saved] = await db.insert(tickets).values(row).onConflictDoNothing().returning();
  return saved ?? null;
}

export async function getTicket(db: Db, clientId: string, id: number, lock = false): Promise<TicketRow | undefined> {
  const q = db.select().from(tickets).where(and(eq(tickets.id, id), eq(tickets.clientId, clientId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The ticket for the SLA job: any client. */
export async function ticketById(db: Db, id: number): Promise<TicketRow | undefined> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  return row;
}

export async function updateTicket(db: Db, id: number, set: Partial<typeof tickets.$inferInsert>): Promise<void> {
  await db.update(tickets).set(set).where(eq(tickets.id, id));
}

/**
 * Marks the ticket breached if it still is open, still due at `dueAt` and not marked yet: the
 * conditional update is what makes the breach fire once across processes and retries.
 * @returns whether this call marked it
 */
export async function markBreached(db: Db, id: number, dueAt: Date, at: Date): Promise<boolean> {
  const rows = await db
    .update(tickets)
    .set({ breachedAt: at })
    .where(and(eq(tickets.id, id), ne(tickets.status, 'closed'), eq(tickets.dueAt, dueAt), sql`${tickets.breachedAt} is null`))
    .returning({ id: tickets.id });
  return rows.length > 0;
}

export async function addWatchers(db: Db, ticketId: number, userIds: string[], at: Date): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .insert(ticketWatchers)
    .values(userIds.map((userId) => ({ ticketId, userId, addedAt: at })))
    .onConflictDoNothing()
    .returning({ userId: ticketWatchers.userId });
  return rows.map((r) => r.userId);
}

export async function removeWatchers(db: Db, ticketId: number, userIds: string[]): Promise<string[]> {
  if (!userIds.length) return [];
  const rows = await db
    .delete(ticketWatchers)
    .where(and(eq(ticketWatchers.ticketId, ticketId), inArray(ticketWatchers.userId, userIds)))
    .returning({ userId: ticketWatchers.userId });
  return rows.map((r) => r.userId);
}

export async function insertActivity(db: Db, rows: (typeof ticketActivity.$inferInsert)[]): Promise<void> {
  if (rows.length) await db.insert(ticketActivity).values(rows);
}

export function activityOf(db: Db, ticketId: number) {
  return db.select().from(ticketActivity).where(eq(ticketActivity.ticketId, ticketId)).orderBy(asc(ticketActivity.at), asc(ticketActivity.id));
}

export interface TicketFilter extends TenantScope {
  clientId: string;
  userId: string;
  priority?: Priority;
  brandId?: string;
  outletId?: string;
  breached?: boolean;
  /** Only open tickets still on time and due before this instant ("due soon"). */
  dueBefore?: Date;
}

export type TicketView = 'mine' | 'open' | 'closed' | 'all';

const viewCondition = (view: TicketView, userId: string): SQL | undefined =>
  view === 'mine'
    ? and(eq(tickets.assigneeUserId, userId), ne(tickets.status, 'closed'))
    : view === 'open'
      ? ne(tickets.status, 'closed')
      : view === 'closed'
        ? eq(tickets.status, 'closed')
        : undefined;

function filterConditions(f: TicketFilter): SQL {
  const conds: (SQL | undefined)[] = [tenantScope(f, tickets)];
  if (f.priority) conds.push(eq(tickets.priority, f.priority));
  if (f.outletId) conds.push(eq(tickets.outletId, f.outletId));
  if (f.brandId) conds.push(sql`${tickets.outletId} in (select ${outlets.id} from ${outlets} where ${outlets.brandId} = ${f.brandId})`);
  if (f.breached === true) conds.push(isNotNull(tickets.breachedAt));
  if (f.breached === false) conds.push(sql`${tickets.breachedAt} is null`);
  if (f.dueBefore) conds.push(and(ne(tickets.status, 'closed'), sql`${tickets.breachedAt} is null`, lt(tickets.dueAt, f.dueBefore)));
  return and(...conds)!;
}

const assignee = alias(users, 'assignee');
const creator = alias(users, 'creator');

/** A ticket with its outlet, brand, assignee and creator names. */
export interface TicketListRow {
  t: TicketRow;
  outletName: string;
  brandId: string;
  brandName: string;
  assigneeName: string | null;
  creatorName: string | null;
}

function withNames(db: Db) {
  return db
    .select({ t: tickets, outletName: outlets.name, brandId: brands.id, brandName: brands.name, assigneeName: assignee.fullName, creatorName: creator.fullName })
    .from(tickets)
    .innerJoin(outlets, eq(outlets.id, tickets.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .leftJoin(assignee, eq(assignee.id, tickets.assigneeUserId))
    .leftJoin(creator, eq(creator.id, tickets.createdByUserId));
}

/** One keyset page of a view, newest first (`(created_at, id)` desc). */
export function listTickets(db: Db, f: TicketFilter, view: TicketView, after: KeysetPosition | undefined, limit: number): Promise<TicketListRow[]> {
  return withNames(db)
    .where(and(filterConditions(f), viewCondition(view, f.userId), after ? afterPosition(tickets.createdAt, tickets.id, after) : undefined))
    .orderBy(desc(tickets.createdAt), desc(tickets.id))
    .limit(limit);
}

export async function ticketWithNames(db: Db, clientId: string, id: number): Promise<TicketListRow | undefined> {
  const [row] = await withNames(db).where(and(eq(tickets.id, id), eq(tickets.clientId, clientId)));
  return row;
}

/** Tickets per view under the filters. */
export async function countViews(db: Db, f: TicketFilter): Promise<Record<TicketView, number>> {
  const [row] = await db
    .select({
      mine: sql<number>`count(*) filter (where ${viewCondition('mine', f.userId)})::int`,
      open: sql<number>`count(*) filter (where ${viewCondition('open', f.userId)})::int`,
      closed: sql<number>`count(*) filter (where ${viewCondition('closed', f.userId)})::int`,
      all: sql<number>`count(*)::int`,
    })
    .from(tickets)
    .where(filterConditions(f));
  return row ?? { mine: 0, open: 0, closed: 0, all: 0 };
}

/**
 * Per outlet, the open tickets past their SLA (the queue's `view=open&breached=true`) and those
 * due soon (`view=open&dueSoon=true`, due before `dueBefore`): the Overview.
 */
export function slaCountsByOutlet(db: Db, f: TicketFilter, dueBefore: Date): Promise<{ outletId: string; overdue: number; dueSoon: number }[]> {
  const open = viewCondition('open', f.userId);
  return db
    .select({
      outletId: tickets.outletId,
      overdue: sql<number>`count(*) filter (where ${and(open, filterConditions({ ...f, breached: true }))})::int`,
      dueSoon: sql<number>`count(*) filter (where ${and(open, filterConditions({ ...f, dueBefore }))})::int`,
    })
    .from(tickets)
    .where(and(filterConditions(f), open))
    .groupBy(tickets.outletId);
}

/** The `limit` open tickets past their SLA or due before `dueBefore`, the earliest due first. */
export function slaTickets(db: Db, f: TicketFilter, dueBefore: Date, limit: number) {
  return db
    .select({ t: tickets, outletName: outlets.name })
    .from(tickets)
    .innerJoin(outlets, eq(outlets.id, tickets.outletId))
    .where(and(filterConditions(f), viewCondition('open', f.userId), sql`(${tickets.breachedAt} is not null or ${tickets.dueAt} < ${dueBefore})`))
    .orderBy(asc(tickets.dueAt), asc(tickets.id))
    .limit(limit);
}

export async function watchersOf(db: Db, ticketIds: number[]): Promise<{ ticketId: number; id: string; fullName: string; email: string }[]> {
  if (!ticketIds.length) return [];
  return db
    .select({ ticketId: ticketWatchers.ticketId, id: users.id, fullName: users.fullName, email: users.email })
    .from(ticketWatchers)
    .innerJoin(users, eq(users.id, ticketWatchers.userId))
    .where(inArray(ticketWatchers.ticketId, ticketIds))
    .orderBy(asc(ticketWatchers.addedAt), asc(users.fullName));
}

/** The socket rooms of an outlet: its Facebook Page, the Page's Instagram account, its Google location. */
export async function outletAccounts(db: Db, outletId: string): Promise<string[]> {
  const pages = await db.select({ id: facebookPages.id, ig: facebookPages.instagramUserId }).from(facebookPages).where(eq(facebookPages.outletId, outletId));
  const locations = await db.select({ id: googleLocations.id }).from(googleLocations).where(eq(googleLocations.outletId, outletId));
  return [...pages.flatMap((p) => (p.ig ? [p.id, p.ig] : [p.id])), ...locations.map((l) => l.id)];
}

/** Tickets of a client a user holds (assignee) or watches, with the ticket's outlet. */
export async function ticketsHeldBy(db: Db, clientId: string, userId: string): Promise<{ id: number; outletId: string; assigned: boolean; watching: boolean }[]> {
  const watched = db.select({ id: ticketWatchers.ticketId }).from(ticketWatchers).where(eq(ticketWatchers.userId, userId));
  return db
    .select({
      id: tickets.id,
      outletId: tickets.outletId,
      assigned: sql<boolean>`coalesce(${tickets.assigneeUserId} = ${userId}, false)`,
      watching: sql<boolean>`${tickets.id} in (${watched})`,
    })
    .from(tickets)
    .where(and(eq(tickets.clientId, clientId), sql`(${tickets.assigneeUserId} = ${userId} or ${tickets.id} in (${watched}))`))
    .orderBy(asc(tickets.id));
}

// ── The demo's tickets (tickets.demo.ts) ───────────────────────────────────────────────────

/** Jobs of `queues` running or due now (pg-boss's job table): the demo waits for the first sync. */
export async function jobsDueOrRunning(database: Pick<Database, 'executeSql'>, queues: readonly string[]): Promise<number> {
  const { rows } = await database.executeSql(
    `SELECT count(*)::int AS n FROM pgboss.job WHERE name = ANY($1::text[]) AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))`,
    [queues],
  );
  return Number((rows[0] as { n?: number } | undefined)?.n ?? 0);
}

/** Every client with the ids of its demo owner and agent (`owner@<key>.demo`), null when missing. */
export async function demoClientsWithPeople(db: Db): Promise<{ id: string; key: string; ownerId: string | null; agentId: string | null }[]> {
  const all = await db.select({ id: clients.id, key: clients.key }).from(clients);
  const out = [];
  for (const c of all) {
    const people = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, [`owner@${c.key}.demo`, `agent@${c.key}.demo`]));
    out.push({ ...c, ownerId: people.find((p) => p.email.startsWith('owner@'))?.id ?? null, agentId: people.find((p) => p.email.startsWith('agent@'))?.id ?? null });
  }
  return out;
}

/** Open complaints of `clientId` about a 1–2★ review and without a ticket, newest review first, at most `limit`. */
export function lowStarComplaintsWithoutTicket(db: Db, clientId: string, limit: number) {
  const newest = sql<Date>`max(${reviews.createdTime})`;
  return db
    .select({ complaintId: complaints.id, assignee: complaints.assigneeUserId, newest })
    .from(complaints)
    .innerJoin(complaintSources, eq(complaintSources.complaintId, complaints.id))
    .innerJoin(reviews, eq(reviews.id, complaintSources.reviewId))
    .leftJoin(tickets, eq(tickets.complaintId, complaints.id))
    .where(and(eq(complaints.clientId, clientId), inArray(complaints.status, ['open', 'in_progress']), lte(reviews.rating, 2), isNull(tickets.id)))
    .groupBy(complaints.id, complaints.assigneeUserId)
    .orderBy(desc(newest), desc(complaints.id))
    .limit(limit);
}

/** Records on the demo clock that its tickets were opened (once per database). */
export async function markDemoTicketsOpened(db: Db, at: Date): Promise<void> {
  await db.update(demoClock).set({ ticketsOpenedAt: at }).where(eq(demoClock.id, 1));
}
