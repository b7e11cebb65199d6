import { z } from 'zod';
import {
  mentionSpans,
  type TInternalComment,
  type TInternalCommentsListResponse,
  type TMentionableUser,
  type TMentionNotification,
  type TMentionNotificationsResponse,
  type TMentionStatusResponse,
  type TMentionStatus,
} from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { defineJob } from '../../lib/jobs.ts';
import { encodeCursor, parseCursor } from '../../lib/keyset.ts';
import { transactionThenPublish, type Outbox } from '../../lib/realtime.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import { recipientsNow } from '../access/index.ts';
import * as repo from './comments.repository.ts';

/**
 * Internal comments and mentions (docs/requirements/product.md and calls.md, docs/decisions/0025).
 *
 * - A review's internal thread is read by everyone who may read the review (its outlet in the
 *   caller's scope) and written by the roles with `create InternalComment` (all but viewers).
 * - A mention is a teammate named as `@Full Name` in the text and listed in `mentionUserIds`;
 *   each must be a member who can see the review's outlet (repository `mentionableUsers`), else
 *   the comment is refused whole (400 naming `body.mentionUserIds`) and nothing is written.
 * - Each mention becomes a notification: in the same transaction as the comment, with its email
 *   queued in that transaction too (`comments.mention-email`), and announced on the socket
 *   (`mention:new` to the teammate's room) after commit. Mentioning oneself notifies no one.
 */

/** How much of a comment a notification shows, characters. */
const EXCERPT_LENGTH = 280;

/** Which thread a call names: a review's (`/api/review/…`) or a ticket's (`/api/tickets/…`). */
export type ThreadRef = { reviewId: string } | { ticketId: string };

/** A thread the caller may read: where it is, and how its change is announced. */
interface Thread {
  key: repo.ThreadKey;
  clientId: string;
  outletId: string;
  brandId: string;
  outletName: string;
  /** Tells the thread's readers after commit: `reviews:changed` (kind internal) or `tickets:changed`. */
  announce(tx: Db, outbox: Outbox): Promise<void>;
}

/**
 * The thread if the caller may read it (its client, an outlet in scope), else a 404 naming
 * `body.reviewId` or `body.ticketId`.
 */
async function readableThread(ctx: AppContext, auth: AuthContext, ref: ThreadRef): Promise<Thread> {
  if ('reviewId' in ref) {
    const review = await repo.threadReview(ctx.db, auth.clientId!, Number(ref.reviewId));
    if (!review || !inTenantScope(auth, review)) throw new HttpError(404, `Review ${ref.reviewId} not found`, { field: 'body.reviewId' });
    return {
      key: { reviewId: review.id },
      ...review,
      async announce(_tx, outbox) {
        outbox.reviewsChanged({ pageId: review.accountId, reviewId: String(review.id), kind: 'internal', verb: 'add' });
      },
    };
  }
  const ticket = await repo.threadTicket(ctx.db, auth.clientId!, Number(ref.ticketId));
  if (!ticket || !inTenantScope(auth, ticket)) throw new HttpError(404, `Ticket ${ref.ticketId} not found`, { field: 'body.ticketId' });
  return {
    key: { ticketId: ticket.id },
    ...ticket,
    async announce(tx, outbox) {
      outbox.ticketChanged(await repo.outletAccounts(tx, ticket.outletId), { ticketId: String(ticket.id), outletId: ticket.outletId, verb: 'updated' });
    },
  };
}

const commentView = (c: repo.InternalCommentRow): TInternalComment => ({
  id: String(c.id),
  reviewId: c.reviewId === null ? null : String(c.reviewId),
  ticketId: c.ticketId === null ? null : String(c.ticketId),
  authorUserId: c.authorUserId,
  authorName: c.authorName,
  text: c.body,
  mentions: c.mentions,
  createdAt: c.createdAt.toISOString(),
});

/** `request: 'list'`: a page of the thread, oldest first. @throws HttpError 404 naming `body.reviewId`/`body.ticketId`, 400 naming `body.cursor` */
export async function listComments(ctx: AppContext, auth: AuthContext, ref: ThreadRef, req: { cursor?: string; limit: number }): Promise<TInternalCommentsListResponse> {
  const thread = await readableThread(ctx, auth, ref);
  const after = parseCursor(req.cursor, 'body.cursor');
  const rows = await repo.listComments(ctx.db, auth.clientId!, thread.key, after, req.limit + 1);
  const page = rows.slice(0, req.limit);
  const last = page[page.length - 1];
  return { data: page.map(commentView), paging: { nextCursor: rows.length > req.limit && last ? encodeCursor(last.createdAt, last.id) : null } };
}

/**
 * `request: 'add'`: adds an internal comment and notifies the mentioned teammates.
 * @throws HttpError 403 without `create InternalComment` (viewers); 404 naming `body.reviewId`
 *   or `body.ticketId`; 400 naming `body.mentionUserIds` when a mentioned user cannot see the
 *   thread's outlet (or is no member), or is not named as `@Full Name` in the text
 */
export async function addComment(ctx: AppContext, auth: AuthContext, ref: ThreadRef, req: { text: string; mentionUserIds: string[] }): Promise<TInternalComment> {
  if (!auth.ability.can('create', 'InternalComment')) throw new HttpError(403, 'Your role may read the internal comments but not write them');
  const thread = await readableThread(ctx, auth, ref);
  const wanted = [...new Set(req.mentionUserIds)];
  const found = wanted.length ? await repo.mentionableUsers(ctx.db, auth.clientId!, { id: thread.outletId, brandId: thread.brandId }, { only: wanted }) : [];
  const missing = wanted.filter((id) => !found.some((u) => u.id === id));
  if (missing.length) {
    throw new HttpError(400, `mentionUserIds: ${missing.join(', ')} cannot be mentioned here: only teammates who can see ${thread.outletName} can`, { field: 'body.mentionUserIds' });
  }
  const mentions = wanted.map((id) => found.find((u) => u.id === id)!).map((u) => ({ id: u.id, fullName: u.fullName }));
  const named = new Set(mentionSpans(req.text, mentions).map((s) => s.userId));
  const unnamed = mentions.filter((m) => !named.has(m.id));
  if (unnamed.length) {
    throw new HttpError(400, `mentionUserIds: ${unnamed.map((m) => `@${m.fullName}`).join(', ')} must appear in the text to be mentioned`, { field: 'body.mentionUserIds' });
  }
  const at = ctx.now();
  const where = 'reviewId' in thread.key ? { reviewId: thread.key.reviewId, ticketId: null } : { reviewId: null, ticketId: thread.key.ticketId };
  const comment = await transactionThenPublish(ctx, async (tx, outbox) => {
    const saved = await repo.insertComment(tx, { clientId: auth.clientId!, ...where, authorUserId: auth.userId, authorName: auth.fullName, body: req.text, mentions, createdAt: at });
    const recipients = mentions.filter((m) => m.id !== auth.userId);
    const ids = await repo.insertNotifications(
      tx,
      recipients.map((m) => ({ clientId: auth.clientId!, userId: m.id, commentId: saved.id, ...where, createdAt: at })),
    );
    for (const [userId, notificationId] of ids) {
      await ctx.jobs.send(mentionEmailJob, { clientId: auth.clientId!, outletId: thread.outletId, notificationId: String(notificationId) }, { singletonKey: String(notificationId), tx });
      outbox.mentionCreated(userId, {
        clientId: auth.clientId!,
        notificationId: String(notificationId),
        reviewId: where.reviewId === null ? null : String(where.reviewId),
        ticketId: where.ticketId === null ? null : String(where.ticketId),
        authorName: auth.fullName,
      });
    }
    await thread.announce(tx, outbox);
    return saved;
  });
  if (mentions.some((m) => m.id !== auth.userId)) ctx.jobs.wake(mentionEmailJob);
  return commentView(comment);
}

/** `mentions-users`: teammates who can see the thread's outlet, the caller excluded, by name. @throws HttpError 404 naming `body.reviewId`/`body.ticketId` */
export async function mentionableFor(ctx: AppContext, auth: AuthContext, ref: ThreadRef, q?: string): Promise<TMentionableUser[]> {
  const thread = await readableThread(ctx, auth, ref);
  const users = await repo.mentionableUsers(ctx.db, auth.clientId!, { id: thread.outletId, brandId: thread.brandId }, { q: q || undefined, limit: 50 });
  return users.filter((u) => u.id !== auth.userId);
}

const scopeOf = (auth: AuthContext) => ({ userId: auth.userId, clientId: auth.clientId!, outletIds: auth.outletIds });

const notificationView = (n: repo.NotificationRow): TMentionNotification => ({
  id: String(n.id),
  status: n.status,
  createdAt: n.createdAt.toISOString(),
  author: { id: n.authorUserId, fullName: n.authorName },
  excerpt: n.body.length > EXCERPT_LENGTH ? `${n.body.slice(0, EXCERPT_LENGTH - 1)}…` : n.body,
  commentId: String(n.commentId),
  review:
    n.reviewId === null
      ? null
      : { id: String(n.reviewId), source: n.source ?? 'facebook', outletId: n.outletId, outletName: n.outletName, reviewerName: n.reviewerName ?? '', rating: n.rating },
  ticket: n.ticketId === null ? null : { id: String(n.ticketId), title: n.ticketTitle ?? '', outletId: n.outletId, outletName: n.outletName },
});

/** `POST /api/review/mention-notifications`: the caller's mentions, newest first, and the unread count. @throws HttpError 400 naming `body.cursor` */
export async function listNotifications(
  ctx: AppContext,
  auth: AuthContext,
  req: { view: 'inbox' | 'unread' | 'archived'; cursor?: string; limit: number },
): Promise<TMentionNotificationsResponse> {
  const after = parseCursor(req.cursor, 'body.cursor');
  const [rows, unreadCount] = await Promise.all([repo.listNotifications(ctx.db, scopeOf(auth), req.view, after, req.limit + 1), repo.unreadCount(ctx.db, scopeOf(auth))]);
  const page = rows.slice(0, req.limit);
  const last = page[page.length - 1];
  return { data: page.map(notificationView), paging: { nextCursor: rows.length > req.limit && last ? encodeCursor(last.createdAt, last.id) : null }, unreadCount };
}

/**
 * `POST /api/review/mentions/status`: sets the status of the caller's own notifications. Ids of
 * other users' notifications, or of reviews the caller no longer sees, are left alone and not
 * counted (no 404: the answer would tell whether such an id exists).
 */
export async function setNotificationStatus(
  ctx: AppContext,
  auth: AuthContext,
  req: { ids?: string[]; allUnread?: true; status: TMentionStatus },
): Promise<TMentionStatusResponse> {
  const target = req.ids ? { ids: req.ids.map(Number) } : { allUnread: true as const };
  const updated = await repo.setStatus(ctx.db, scopeOf(auth), target, req.status, ctx.now());
  return { updated, unreadCount: await repo.unreadCount(ctx.db, scopeOf(auth)) };
}

/** The link of a review or a ticket in the web app (mail), from `PUBLIC_URL` or this server's port. */
export function threadLink(ctx: AppContext, thread: { reviewId: number | null; ticketId: number | null }): string {
  const base = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  return thread.reviewId !== null ? `${base}/apps/reviews_and_complaints/reviews?review=${thread.reviewId}` : `${base}/apps/reviews_and_complaints/tickets?ticket=${thread.ticketId}`;
}

/**
 * `comments.mention-email`: emails one mention to its teammate through `ctx.mailer`.
 * Skipped when the teammate has read or archived it meanwhile, may no longer see the thread's
 * outlet (removed, or moved off it: decision 0044), or it was already sent (a retry
 * after the mail went out but before it was recorded may send it twice: at least once).
 * A refused or unreachable SMTP server throws, so the queue retries with backoff.
 */
export const mentionEmailJob = defineJob<{ clientId: string; outletId: string; notificationId: string }, AppContext>({
  name: 'comments.mention-email',
  subject: 'Review',
  schema: z.object({ clientId: z.uuid(), outletId: z.uuid(), notificationId: z.string().regex(/^\d{1,16}$/) }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  concurrency: 2,
  async handler(ctx, data) {
    const n = await repo.notificationForEmail(ctx.db, Number(data.notificationId));
    if (!n) return { skipped: 'notification deleted' };
    if (n.emailedAt) return { skipped: 'already sent' };
    if (n.status !== 'unread') return { skipped: `already ${n.status}` };
    // Addressed at send time (docs/decisions/0044): removed from the client, or moved off the
    // thread's outlet, since the mention: no mail.
    const [to] = await recipientsNow(ctx.db, n.clientId, [n.outletId], { module: 'reviews_and_complaints', userIds: [n.recipientId] });
    if (!to) return { skipped: 'recipient may no longer see this thread' };
    const stars = n.rating ? `${n.rating}★ ` : '';
    const link = threadLink(ctx, n);
    const onReview = n.reviewId !== null;
    const subject = onReview ? `${n.authorName} mentioned you on a review of ${n.outletName}` : `${n.authorName} mentioned you on ticket #${n.ticketId} (${n.outletName})`;
    const what = onReview ? `${n.reviewerName}'s ${stars}${n.source === 'google' ? 'Google' : 'Facebook'} review of ${n.outletName}` : `ticket #${n.ticketId} “${n.ticketTitle}” of ${n.outletName}`;
    const text = [
      `Hello ${n.recipientName},`,
      '',
      `${n.authorName} mentioned you in the internal comments of ${what} (${n.brandName}):`,
      '',
      ...n.body.split(/\r?\n/).map((line) => `> ${line}`),
      '',
      `Open the ${onReview ? 'review' : 'ticket'}: ${link}`,
      '',
      'Internal comments are seen only by your team in DineDesk; they are never published.',
    ].join('\n');
    const sent = await ctx.mailer.send({ to: to.email, subject, text });
    await repo.markEmailed(ctx.db, n.id, ctx.now());
    return { messageId: sent.messageId, ...(sent.file ? { file: sent.file } : {}) };
  },
});
