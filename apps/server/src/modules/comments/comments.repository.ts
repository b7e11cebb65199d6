import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alias } from 'drizzle-orm/pg-core';
import { brands, facebookPages, googleLocations, internalComments, mentionNotifications, outlets, reviews, tickets, users } from '../../db/schema.ts';
import { membersWhoSee } from '../access/index.ts';
import { afterPosition, type KeysetPosition } from '../../lib/keyset.ts';
import { tenantScope, type TenantScope } from '../../lib/tenant-scope.ts';

/** Queries of internal comments and mention notifications. Every query names its client. */

export type InternalCommentRow = typeof internalComments.$inferSelect;

/** The review an internal thread hangs on, with what scoping and notifications need. */
export interface ThreadReview {
  id: number;
  clientId: string;
  outletId: string;
  brandId: string;
  outletName: string;
  source: 'facebook' | 'google';
  /** The socket room of the review's account: Facebook Page id or Google location name. */
  accountId: string;
  reviewerName: string;
  rating: number | null;
}

/** The ticket an internal thread hangs on. */
export interface ThreadTicket {
  id: number;
  clientId: string;
  outletId: string;
  brandId: string;
  outletName: string;
  title: string;
}

export async function threadTicket(db: Db, clientId: string, ticketId: number): Promise<ThreadTicket | undefined> {
  const [row] = await db
    .select({ id: tickets.id, clientId: tickets.clientId, outletId: tickets.outletId, brandId: outlets.brandId, outletName: outlets.name, title: tickets.title })
    .from(tickets)
    .innerJoin(outlets, eq(outlets.id, tickets.outletId))
    .where(and(eq(tickets.id, ticketId), eq(tickets.clientId, clientId)));
  return row;
}

/** The socket rooms of an outlet: its Facebook Page, the Page's Instagram account, its Google location. */
export async function outletAccounts(db: Db, outletId: string): Promise<string[]> {
  const pages = await db.select({ id: facebookPages.id, ig: facebookPages.instagramUserId }).from(facebookPages).where(eq(facebookPages.outletId, outletId));
  const locations = await db.select({ id: googleLocations.id }).from(googleLocations).where(eq(googleLocations.outletId, outletId));
  return [...pages.flatMap((p) => (p.ig ? [p.id, p.ig] : [p.id])), ...locations.map((l) => l.id)];
}

/** Which thread: a review's or a ticket's. */
export type ThreadKey = { reviewId: number } | { ticketId: number };
const threadIs = (key: ThreadKey): SQL => ('reviewId' in key ? eq(internalComments.reviewId, key.reviewId) : eq(internalComments.ticketId, key.ticketId));

export async function threadReview(db: Db, clientId: string, reviewId: number): Promise<ThreadReview | undefined> {
  const [row] = await db
    .select({
      id: reviews.id,
      clientId: reviews.clientId,
      outletId: reviews.outletId,
      brandId: outlets.brandId,
      outletName: outlets.name,
      source: reviews.source,
      pageId: reviews.pageId,
      googleLocationId: reviews.googleLocationId,
      reviewerName: reviews.reviewerName,
      rating: reviews.rating,
    })
    .from(reviews)
    .innerJoin(outlets, eq(outlets.id, reviews.outletId))
    .where(and(eq(reviews.id, reviewId), eq(reviews.clientId, clientId)));
  if (!row) return undefined;
  const { pageId, googleLocationId, ...rest } = row;
  return { ...rest, accountId: (pageId ?? googleLocationId)! };
}

/** A thread's internal comments, oldest first, after `after` (keyset on `(created_at, id)` ascending). */
export function listComments(db: Db, clientId: string, thread: ThreadKey, after: KeysetPosition | undefined, limit: number): Promise<InternalCommentRow[]> {
  const c = internalComments;
  const conds: SQL[] = [threadIs(thread), eq(c.clientId, clientId)];
  if (after) conds.push(sql`(${c.createdAt}, ${c.id}) > (${sql.param(after.time, c.createdAt)}, ${sql.param(after.id, c.id)})`);
  return db
    .select()
    .from(c)
    .where(and(...conds))
    .orderBy(asc(c.createdAt), asc(c.id))
    .limit(limit);
}

export async function insertComment(db: Db, row: typeof internalComments.$inferInsert): Promise<InternalCommentRow> {
  const [saved] = await db.insert(internalComments).values(row).returning();
  return saved!;
}

/** A client member who may be mentioned, with the user's email for the notification mail. */
export interface Mentionable {
  id: string;
  fullName: string;
  email: string;
  role: string;
}

/**
 * Members of `clientId` who can see `outlet` in the reviews module ("Nobody can mention
 * a user who cannot see that outlet"), the same rule as session.service `loadAccess`: owners see
 * everything; other roles need the module granted; brand managers the outlet's brand or the
 * outlet, outlet managers the outlet; agents and viewers every outlet.
 * @param only narrow to these user ids (checking a comment's mentions); `q` narrows by name or email
 */
export function mentionableUsers(
  db: Db,
  clientId: string,
  outlet: { id: string; brandId: string },
  opts: { only?: readonly string[]; q?: string; limit?: number } = {},
): Promise<Mentionable[]> {
  // One rule for who may be named and who may be told: the access module's (docs/decisions/0044).
  return membersWhoSee(db, clientId, [outlet], { module: 'reviews_and_complaints', ...opts });
}

/** Inserts the notifications of one comment. @returns their ids by recipient */
export async function insertNotifications(db: Db, rows: (typeof mentionNotifications.$inferInsert)[]): Promise<Map<string, number>> {
  if (!rows.length) return new Map();
  const saved = await db.insert(mentionNotifications).values(rows).returning({ id: mentionNotifications.id, userId: mentionNotifications.userId });
  return new Map(saved.map((r) => [r.userId, r.id]));
}

/** A notification with its comment, its review or ticket, and the outlet, as the bell lists it. */
export interface NotificationRow {
  id: number;
  status: 'unread' | 'read' | 'archived';
  createdAt: Date;
  commentId: number;
  authorUserId: string | null;
  authorName: string;
  body: string;
  reviewId: number | null;
  source: 'facebook' | 'google' | null;
  reviewerName: string | null;
  rating: number | null;
  ticketId: number | null;
  ticketTitle: string | null;
  outletId: string;
  outletName: string;
  brandId: string;
}

/** The outlet of a notification's thread: the review's, else the ticket's. */
const threadOutlet = alias(outlets, 'thread_outlet');

const notificationColumns = {
  id: mentionNotifications.id,
  status: mentionNotifications.status,
  createdAt: mentionNotifications.createdAt,
  commentId: internalComments.id,
  authorUserId: internalComments.authorUserId,
  authorName: internalComments.authorName,
  body: internalComments.body,
  reviewId: reviews.id,
  source: reviews.source,
  reviewerName: reviews.reviewerName,
  rating: reviews.rating,
  ticketId: tickets.id,
  ticketTitle: tickets.title,
  outletId: threadOutlet.id,
  outletName: threadOutlet.name,
  brandId: threadOutlet.brandId,
};

/** A reader of their own notifications: the user, and what of the tenant they may see now. */
export interface NotificationScope extends TenantScope {
  userId: string;
  clientId: string;
}

/** Notifications on reviews and tickets the reader may see (a teammate who lost an outlet no longer reads its threads). */
const visibleThread = (scope: NotificationScope): SQL =>
  sql`(${mentionNotifications.reviewId} in (select ${reviews.id} from ${reviews} where ${tenantScope(scope, reviews)})
    or ${mentionNotifications.ticketId} in (select ${tickets.id} from ${tickets} where ${tenantScope(scope, tickets)}))`;

/**
 * The user's notifications in a client, newest first, keyset paged; only those on reviews of
 * outlets the user may see now (a teammate who lost an outlet no longer reads its threads).
 */
export function listNotifications(
  db: Db,
  scope: NotificationScope,
  view: 'inbox' | 'unread' | 'archived',
  after: KeysetPosition | undefined,
  limit: number,
): Promise<NotificationRow[]> {
  const n = mentionNotifications;
  const conds: SQL[] = [eq(n.userId, scope.userId), eq(n.clientId, scope.clientId), visibleThread(scope)];
  conds.push(view === 'inbox' ? inArray(n.status, ['unread', 'read']) : eq(n.status, view));
  if (after) conds.push(afterPosition(n.createdAt, n.id, after));
  return db
    .select(notificationColumns)
    .from(n)
    .innerJoin(internalComments, eq(internalComments.id, n.commentId))
    .leftJoin(reviews, eq(reviews.id, n.reviewId))
    .leftJoin(tickets, eq(tickets.id, n.ticketId))
    .innerJoin(threadOutlet, eq(threadOutlet.id, sql`coalesce(${reviews.outletId}, ${tickets.outletId})`))
    .where(and(...conds))
    .orderBy(desc(n.createdAt), desc(n.id))
    .limit(limit) as Promise<NotificationRow[]>;
}

/** Unread notifications of the user in the client, on reviews the user may see. */
export async function unreadCount(db: Db, scope: NotificationScope): Promise<number> {
  const n = mentionNotifications;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(n)
    .where(and(eq(n.userId, scope.userId), eq(n.clientId, scope.clientId), eq(n.status, 'unread'), visibleThread(scope)));
  return row?.count ?? 0;
}

/**
 * Sets the status of the user's notifications: `ids` (others' ids and unknown ids are left
 * alone), or every unread one. @returns how many changed
 */
export async function setStatus(
  db: Db,
  scope: NotificationScope,
  target: { ids: number[] } | { allUnread: true },
  status: 'unread' | 'read' | 'archived',
  at: Date,
): Promise<number> {
  const n = mentionNotifications;
  const which = 'ids' in target ? inArray(n.id, target.ids) : eq(n.status, 'unread');
  const changed = await db
    .update(n)
    .set({ status, statusChangedAt: at })
    .where(and(eq(n.userId, scope.userId), eq(n.clientId, scope.clientId), which, sql`${n.status} <> ${status}`, visibleThread(scope)))
    .returning({ id: n.id });
  return changed.length;
}

/** What the mention email needs: the notification, its recipient, the comment and the review. */
export async function notificationForEmail(db: Db, id: number) {
  const [row] = await db
    .select({
      ...notificationColumns,
      clientId: mentionNotifications.clientId,
      emailedAt: mentionNotifications.emailedAt,
      recipientId: users.id,
      recipientEmail: users.email,
      recipientName: users.fullName,
      brandName: brands.name,
    })
    .from(mentionNotifications)
    .innerJoin(internalComments, eq(internalComments.id, mentionNotifications.commentId))
    .leftJoin(reviews, eq(reviews.id, mentionNotifications.reviewId))
    .leftJoin(tickets, eq(tickets.id, mentionNotifications.ticketId))
    .innerJoin(threadOutlet, eq(threadOutlet.id, sql`coalesce(${reviews.outletId}, ${tickets.outletId})`))
    .innerJoin(brands, eq(brands.id, threadOutlet.brandId))
    .innerJoin(users, eq(users.id, mentionNotifications.userId))
    .where(eq(mentionNotifications.id, id));
  return row;
}

/** Marks the notification's email sent, once. @returns false when it already was */
export async function markEmailed(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(mentionNotifications)
    .set({ emailedAt: at })
    .where(and(eq(mentionNotifications.id, id), sql`${mentionNotifications.emailedAt} is null`))
    .returning({ id: mentionNotifications.id });
  return rows.length > 0;
}
