import { and, asc, desc, eq, gte, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  brands,
  clientRootCauses,
  complaintActivity,
  complaints,
  complaintSources,
  conversations,
  messages,
  outlets,
  reviewComments,
  reviews,
  tickets,
  users,
} from '../../db/schema.ts';
import { afterPosition, type KeysetPosition } from '../../lib/keyset.ts';
import { tenantScope, type TenantScope } from '../../lib/tenant-scope.ts';

/** Queries of complaints (docs/decisions/0026). Every query names its client. */

export type ComplaintRow = typeof complaints.$inferSelect;
export type ActivityKind = (typeof complaintActivity.$inferSelect)['kind'];

/** A review as a complaint needs it. */
export interface ComplaintReview {
  id: number;
  clientId: string;
  outletId: string;
  source: 'facebook' | 'google';
  accountId: string;
  reviewerName: string;
  rating: number | null;
  text: string;
  createdTime: Date;
}

const reviewColumns = {
  id: reviews.id,
  clientId: reviews.clientId,
  outletId: reviews.outletId,
  source: reviews.source,
  pageId: reviews.pageId,
  googleLocationId: reviews.googleLocationId,
  reviewerName: reviews.reviewerName,
  rating: reviews.rating,
  text: reviews.reviewText,
  createdTime: reviews.createdTime,
};
const toReview = ({ pageId, googleLocationId, ...r }: { pageId: string | null; googleLocationId: string | null } & Omit<ComplaintReview, 'accountId'>): ComplaintReview => ({
  ...r,
  accountId: (pageId ?? googleLocationId)!,
});

export async function getReview(db: Db, clientId: string, reviewId: number): Promise<ComplaintReview | undefined> {
  const [row] = await db.select(reviewColumns).from(reviews).where(and(eq(reviews.id, reviewId), eq(reviews.clientId, clientId)));
  return row ? toReview(row) : undefined;
}

/**
 * Reviews of an outlet that make a complaint by themselves (rating ≤ 2 or negative sentiment,
 * created since `since`) and belong to none yet, oldest first.
 */
export async function reviewsToOpen(db: Db, clientId: string, outletId: string, since: Date): Promise<ComplaintReview[]> {
  const rows = await db
    .select(reviewColumns)
    .from(reviews)
    .where(
      and(
        eq(reviews.clientId, clientId),
        eq(reviews.outletId, outletId),
        gte(reviews.createdTime, since),
        sql`(${reviews.rating} <= 2 or ${reviews.sentiment} = 'negative')`,
        sql`not exists (select 1 from ${complaintSources} where ${complaintSources.reviewId} = ${reviews.id})`,
      ),
    )
    .orderBy(asc(reviews.createdTime), asc(reviews.id))
    .limit(500);
  return rows.map(toReview);
}

/** A conversation as a complaint needs it; `at` is the guest's last message (else its last update). */
export interface ComplaintConversation {
  id: number;
  clientId: string;
  outletId: string;
  pageId: string;
  channel: string;
  accountId: string;
  guestName: string;
  snippet: string;
  at: Date;
}

const conversationColumns = {
  id: conversations.id,
  clientId: conversations.clientId,
  outletId: conversations.outletId,
  pageId: conversations.pageId,
  channel: conversations.channel,
  accountId: conversations.accountId,
  guestName: conversations.guestName,
  snippet: conversations.snippet,
  at: sql<Date>`coalesce(${conversations.lastGuestMessageAt}, ${conversations.updatedTime})`.mapWith(conversations.updatedTime),
};

export async function getConversation(db: Db, clientId: string, conversationId: number): Promise<ComplaintConversation | undefined> {
  const [row] = await db.select(conversationColumns).from(conversations).where(and(eq(conversations.id, conversationId), eq(conversations.clientId, clientId)));
  return row;
}

/** The complaint a review belongs to, if any. */
export async function complaintOfReview(db: Db, reviewId: number): Promise<number | null> {
  const [row] = await db.select({ id: complaintSources.complaintId }).from(complaintSources).where(eq(complaintSources.reviewId, reviewId));
  return row?.id ?? null;
}

/** The newest unresolved complaint a conversation belongs to, if any. */
export async function openComplaintOfConversation(db: Db, conversationId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: complaints.id })
    .from(complaintSources)
    .innerJoin(complaints, eq(complaints.id, complaintSources.complaintId))
    .where(and(eq(complaintSources.conversationId, conversationId), ne(complaints.status, 'resolved')))
    .orderBy(desc(complaints.openedAt))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Guest names compare trimmed and case-insensitively ("Ravi Kumar " is "ravi kumar").
 * An unresolved complaint of the outlet where the same guest spoke on the other kind of channel
 * within `windowMs` of `at`: for a review, one holding a conversation of that guest name; for a
 * conversation, one holding a review of that reviewer name. Newest first.
 */
export async function linkableComplaint(db: Db, q: { clientId: string; outletId: string; guestName: string; at: Date; windowMs: number; holding: 'conversation' | 'review' }): Promise<number | null> {
  const from = new Date(q.at.getTime() - q.windowMs);
  const to = new Date(q.at.getTime() + q.windowMs);
  const holds =
    q.holding === 'conversation'
      ? sql`exists (select 1 from ${complaintSources} s join ${conversations} c on c.id = s.conversation_id
          where s.complaint_id = ${complaints.id} and lower(trim(c.guest_name)) = lower(trim(${q.guestName}))
          and coalesce(c.last_guest_message_at, c.updated_time) between ${from} and ${to})`
      : sql`exists (select 1 from ${complaintSources} s join ${reviews} r on r.id = s.review_id
          where s.complaint_id = ${complaints.id} and lower(trim(r.reviewer_name)) = lower(trim(${q.guestName}))
          and r.created_time between ${from} and ${to})`;
  const [row] = await db
    .select({ id: complaints.id })
    .from(complaints)
    .where(and(eq(complaints.clientId, q.clientId), eq(complaints.outletId, q.outletId), ne(complaints.status, 'resolved'), holds))
    .orderBy(desc(complaints.openedAt), desc(complaints.id))
    .limit(1);
  return row?.id ?? null;
}

export async function insertComplaint(db: Db, row: typeof complaints.$inferInsert): Promise<ComplaintRow> {
  const [saved] = await db.insert(complaints).values(row).returning();
  return saved!;
}

/** Attaches a source. @returns false when the review already belongs to a complaint (or the conversation to this one) */
export async function insertSource(db: Db, row: typeof complaintSources.$inferInsert): Promise<boolean> {
  const saved = await db.insert(complaintSources).values(row).onConflictDoNothing().returning({ id: complaintSources.id });
  return saved.length > 0;
}

export async function insertActivity(db: Db, row: typeof complaintActivity.$inferInsert): Promise<void> {
  await db.insert(complaintActivity).values(row);
}

export async function getComplaint(db: Db, clientId: string, id: number): Promise<ComplaintRow | undefined> {
  const [row] = await db.select().from(complaints).where(and(eq(complaints.id, id), eq(complaints.clientId, clientId)));
  return row;
}

/** Locks the complaint's row for an update in this transaction. */
export async function lockComplaint(db: Db, clientId: string, id: number): Promise<ComplaintRow | undefined> {
  const [row] = await db.select().from(complaints).where(and(eq(complaints.id, id), eq(complaints.clientId, clientId))).for('update');
  return row;
}

export async function updateComplaint(db: Db, id: number, set: Partial<typeof complaints.$inferInsert>): Promise<void> {
  await db.update(complaints).set(set).where(eq(complaints.id, id));
}

export interface ComplaintFilter extends TenantScope {
  clientId: string;
  status?: 'open' | 'in_progress' | 'resolved';
  brandId?: string;
  outletId?: string;
  /** A user id, or null for unassigned. */
  assignee?: string | null;
  rootCause?: string;
}

function filterConditions(f: ComplaintFilter, withStatus: boolean): SQL {
  const conds: (SQL | undefined)[] = [tenantScope(f, complaints)];
  if (withStatus && f.status) conds.push(eq(complaints.status, f.status));
  if (f.outletId) conds.push(eq(complaints.outletId, f.outletId));
  if (f.brandId) conds.push(sql`${complaints.outletId} in (select ${outlets.id} from ${outlets} where ${outlets.brandId} = ${f.brandId})`);
  if (f.assignee === null) conds.push(isNull(complaints.assigneeUserId));
  else if (f.assignee) conds.push(eq(complaints.assigneeUserId, f.assignee));
  if (f.rootCause) conds.push(eq(complaints.rootCause, f.rootCause));
  return and(...conds)!;
}

/** A complaint with its outlet, brand and assignee names. */
export interface ComplaintListRow {
  c: ComplaintRow;
  outletName: string;
  brandId: string;
  brandName: string;
  assigneeName: string | null;
  ticketId: number | null;
}

const listColumns = {
  c: complaints,
  outletName: outlets.name,
  brandId: brands.id,
  brandName: brands.name,
  assigneeName: users.fullName,
  ticketId: sql<number | null>`(select ${tickets.id} from ${tickets} where ${tickets.complaintId} = ${complaints.id})`.mapWith(Number),
};

/** One keyset page of complaints, newest first (`(opened_at, id)` desc). */
export function listComplaints(db: Db, f: ComplaintFilter, after: KeysetPosition | undefined, limit: number): Promise<ComplaintListRow[]> {
  return db
    .select(listColumns)
    .from(complaints)
    .innerJoin(outlets, eq(outlets.id, complaints.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .leftJoin(users, eq(users.id, complaints.assigneeUserId))
    .where(and(filterConditions(f, true), after ? afterPosition(complaints.openedAt, complaints.id, after) : undefined))
    .orderBy(desc(complaints.openedAt), desc(complaints.id))
    .limit(limit);
}

export async function complaintWithNames(db: Db, clientId: string, id: number): Promise<ComplaintListRow | undefined> {
  const [row] = await db
    .select(listColumns)
    .from(complaints)
    .innerJoin(outlets, eq(outlets.id, complaints.outletId))
    .innerJoin(brands, eq(brands.id, outlets.brandId))
    .leftJoin(users, eq(users.id, complaints.assigneeUserId))
    .where(and(eq(complaints.id, id), eq(complaints.clientId, clientId)));
  return row;
}

/** Complaints per status under the filters but status. */
export async function countByStatus(db: Db, f: ComplaintFilter): Promise<Record<'open' | 'in_progress' | 'resolved', number>> {
  const rows = await db
    .select({ status: complaints.status, n: sql<number>`count(*)::int` })
    .from(complaints)
    .where(filterConditions(f, false))
    .groupBy(complaints.status);
  const out = { open: 0, in_progress: 0, resolved: 0 };
  for (const r of rows) out[r.status] = r.n;
  return out;
}

/** Complaints per outlet and status under the filters but status (the Overview). */
export function countByOutletAndStatus(db: Db, f: ComplaintFilter): Promise<{ outletId: string; status: 'open' | 'in_progress' | 'resolved'; n: number }[]> {
  return db
    .select({ outletId: complaints.outletId, status: complaints.status, n: sql<number>`count(*)::int` })
    .from(complaints)
    .where(filterConditions(f, false))
    .groupBy(complaints.outletId, complaints.status);
}

/** A source as lists show it. */
export interface SourceRow {
  complaintId: number;
  reviewId: number | null;
  conversationId: number | null;
  linkedByName: string | null;
  reviewSource: 'facebook' | 'google' | null;
  reviewAccount: string | null;
  reviewerName: string | null;
  rating: number | null;
  reviewText: string | null;
  reviewTime: Date | null;
  channel: string | null;
  conversationAccount: string | null;
  guestName: string | null;
  snippet: string | null;
  conversationTime: Date | null;
}

export function sourcesOf(db: Db, complaintIds: number[]): Promise<SourceRow[]> {
  if (!complaintIds.length) return Promise.resolve([]);
  const s = complaintSources;
  return db
    .select({
      complaintId: s.complaintId,
      reviewId: s.reviewId,
      conversationId: s.conversationId,
      linkedByName: s.linkedByName,
      reviewSource: reviews.source,
      reviewAccount: sql<string | null>`coalesce(${reviews.pageId}, ${reviews.googleLocationId})`,
      reviewerName: reviews.reviewerName,
      rating: reviews.rating,
      reviewText: reviews.reviewText,
      reviewTime: reviews.createdTime,
      channel: conversations.channel,
      conversationAccount: conversations.accountId,
      guestName: conversations.guestName,
      snippet: conversations.snippet,
      conversationTime: sql<Date | null>`coalesce(${conversations.lastGuestMessageAt}, ${conversations.updatedTime})`.mapWith(conversations.updatedTime),
    })
    .from(s)
    .leftJoin(reviews, eq(reviews.id, s.reviewId))
    .leftJoin(conversations, eq(conversations.id, s.conversationId))
    .where(inArray(s.complaintId, complaintIds))
    .orderBy(asc(s.linkedAt), asc(s.id));
}

/** Accounts (page, Instagram account, Google location) where the complaint's guest spoke: its socket rooms. */
export async function accountsOf(db: Db, complaintId: number): Promise<string[]> {
  const rows = await sourcesOf(db, [complaintId]);
  return [...new Set(rows.map((r) => r.reviewAccount ?? r.conversationAccount).filter((a): a is string => a !== null))];
}

/** The page's public replies to the reviews, oldest first. */
export function reviewReplies(db: Db, reviewIds: number[]) {
  if (!reviewIds.length) return Promise.resolve([]);
  return db
    .select({ reviewId: reviewComments.reviewId, message: reviewComments.message, fromName: reviewComments.fromName, createdTime: reviewComments.createdTime })
    .from(reviewComments)
    .where(and(inArray(reviewComments.reviewId, reviewIds), eq(reviewComments.isPageReply, true)))
    .orderBy(asc(reviewComments.createdTime));
}

/** Messages of a conversation since `since`, oldest first, the latest `limit` of them. */
export async function conversationMessages(db: Db, conversationId: number, since: Date, limit: number) {
  const rows = await db
    .select({ direction: messages.direction, text: messages.text, attachments: messages.attachments, createdTime: messages.createdTime, deletedAt: messages.deletedAt, senderName: users.fullName })
    .from(messages)
    .leftJoin(users, eq(users.id, messages.sentByUserId))
    .where(and(eq(messages.conversationId, conversationId), gte(messages.createdTime, since)))
    .orderBy(desc(messages.createdTime), desc(messages.id))
    .limit(limit);
  return rows.reverse();
}

export function activityOf(db: Db, complaintId: number) {
  return db.select().from(complaintActivity).where(eq(complaintActivity.complaintId, complaintId)).orderBy(asc(complaintActivity.at), asc(complaintActivity.id));
}

export async function customRootCauses(db: Db, clientId: string): Promise<string[]> {
  const rows = await db.select({ key: clientRootCauses.key }).from(clientRootCauses).where(eq(clientRootCauses.clientId, clientId)).orderBy(asc(clientRootCauses.key));
  return rows.map((r) => r.key);
}

export async function addRootCause(db: Db, clientId: string, key: string, at: Date): Promise<void> {
  await db.insert(clientRootCauses).values({ clientId, key, createdAt: at }).onConflictDoNothing();
}

/** @returns false when the client had no such root cause */
export async function removeRootCause(db: Db, clientId: string, key: string): Promise<boolean> {
  const rows = await db.delete(clientRootCauses).where(and(eq(clientRootCauses.clientId, clientId), eq(clientRootCauses.key, key))).returning({ key: clientRootCauses.key });
  return rows.length > 0;
}

/** Complaints of a client assigned to a user, with their outlet. */
export async function complaintsAssignedTo(db: Db, clientId: string, userId: string): Promise<{ id: number; outletId: string }[]> {
  return db.select({ id: complaints.id, outletId: complaints.outletId }).from(complaints).where(and(eq(complaints.clientId, clientId), eq(complaints.assigneeUserId, userId))).orderBy(asc(complaints.id));
}
