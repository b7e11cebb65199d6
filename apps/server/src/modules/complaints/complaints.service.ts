import { z } from 'zod';
import {
  COMPLAINT_LINK_DAYS,
  COMPLAINT_LOOKBACK_DAYS,
  DEFAULT_ROOT_CAUSES,
  type TComplaint,
  type TComplaintDetail,
  type TComplaintResponse,
  type TComplaintSource,
  type TComplaintStatus,
  type TListComplaintsResponse,
  type TRootCausesResponse,
  type TTimelineItem,
} from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../lib/errors.ts';
import { defineJob } from '../../lib/jobs.ts';
import { encodeCursor, parseCursor } from '../../lib/keyset.ts';
import { transactionThenPublish, type Outbox } from '../../lib/realtime.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import { sightOf } from '../access/index.ts';
import { mentionableUsers } from '../comments/index.ts';
import * as repo from './complaints.repository.ts';

/**
 * Complaints (docs/requirements/screen-contents.md#complaints, docs/decisions/0026): one incident
 * of one guest at one outlet, gathering the guest's reviews and conversations.
 *
 * - Arriving reviews with rating ≤ 2 or negative sentiment, created within
 *   `COMPLAINT_LOOKBACK_DAYS`, open a complaint by themselves (`complaints.detect`, queued by the
 *   review syncs and the feed webhook); any review can be opened by hand.
 * - A teammate flags a conversation from the inbox.
 * - One incident, wherever the guest spoke: a review or conversation joins the unresolved
 *   complaint of the same outlet holding the other kind of source from a guest of the same name
 *   within `COMPLAINT_LINK_DAYS`; teammates link others by hand.
 * - Everyone of the reviews module reads; all but viewers open, flag, link and update
 *   (`create`/`update Complaint`); owners extend the root causes (`manage Complaint`).
 */

const DAY_MS = 86_400_000;
const LINK_WINDOW_MS = COMPLAINT_LINK_DAYS * DAY_MS;
/** Messages of a conversation a timeline shows at most (the latest). */
const TIMELINE_MESSAGES = 200;
/** How much of a source's text a list shows, characters. */
const EXCERPT = 200;

const cut = (text: string, n = EXCERPT) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);
const complaintNotFound = (id: string, field = 'body.complaintId') => new HttpError(404, `Complaint ${id} not found`, { field });

interface Actor {
  userId: string;
  name: string;
}
const actorOf = (auth: AuthContext): Actor => ({ userId: auth.userId, name: auth.fullName });

function sourceView(s: repo.SourceRow): TComplaintSource {
  if (s.reviewId !== null) {
    return {
      kind: 'review',
      id: String(s.reviewId),
      channel: s.reviewSource ?? 'facebook',
      accountId: s.reviewAccount,
      guestName: s.reviewerName ?? '',
      rating: s.rating,
      excerpt: cut(s.reviewText ?? ''),
      at: (s.reviewTime ?? new Date(0)).toISOString(),
      linkedByName: s.linkedByName,
    };
  }
  return {
    kind: 'conversation',
    id: String(s.conversationId),
    channel: s.channel ?? 'messenger',
    accountId: s.conversationAccount,
    guestName: s.guestName ?? '',
    rating: null,
    excerpt: cut(s.snippet ?? ''),
    at: (s.conversationTime ?? new Date(0)).toISOString(),
    linkedByName: s.linkedByName,
  };
}

function complaintView(row: repo.ComplaintListRow, sources: repo.SourceRow[]): TComplaint {
  const c = row.c;
  const own = sources.filter((s) => s.complaintId === c.id).map(sourceView);
  return {
    id: String(c.id),
    status: c.status,
    outletId: c.outletId,
    outletName: row.outletName,
    brandId: row.brandId,
    brandName: row.brandName,
    // A conversation flagged before Meta told DineDesk the guest's name stored none; its source
    // (read live) has it by now.
    guestName: c.guestName || own.find((s) => s.guestName)?.guestName || '',
    assignee: c.assigneeUserId && row.assigneeName ? { id: c.assigneeUserId, fullName: row.assigneeName } : null,
    rootCause: c.rootCause,
    openedAt: c.openedAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
    resolvedAt: c.resolvedAt?.toISOString() ?? null,
    openedByName: c.openedByName,
    sources: own,
    ticketId: row.ticketId === null || row.ticketId === undefined ? null : String(row.ticketId),
  };
}

async function loadComplaint(db: Db, clientId: string, id: number): Promise<TComplaint> {
  const row = (await repo.complaintWithNames(db, clientId, id))!;
  return complaintView(row, await repo.sourcesOf(db, [id]));
}

/** Publishes a complaint's change to the rooms of its accounts, after commit. */
async function announce(db: Db, outbox: Outbox, complaint: { id: number; outletId: string }, verb: 'opened' | 'updated' | 'linked'): Promise<void> {
  outbox.complaintChanged(await repo.accountsOf(db, complaint.id), { complaintId: String(complaint.id), outletId: complaint.outletId, verb });
}

/**
 * Puts a review into a complaint, in `tx`: the unresolved complaint of its outlet that holds a
 * conversation of the same guest within the link window, else a new one.
 * @param actor who asked (null: DineDesk, on arrival)
 * @returns the complaint and whether it was opened now; null when the review already belongs to one (a race)
 */
async function placeReview(ctx: AppContext, tx: Db, outbox: Outbox, review: repo.ComplaintReview, actor: Actor | null): Promise<{ id: number; created: boolean } | null> {
  const at = ctx.now();
  const existing = await repo.linkableComplaint(tx, { clientId: review.clientId, outletId: review.outletId, guestName: review.reviewerName, at: review.createdTime, windowMs: LINK_WINDOW_MS, holding: 'conversation' });
  const complaintId =
    existing ??
    (
      await repo.insertComplaint(tx, {
        clientId: review.clientId,
        outletId: review.outletId,
        guestName: review.reviewerName,
        openedAt: at,
        updatedAt: at,
        openedByUserId: actor?.userId ?? null,
        openedByName: actor?.name ?? null,
      })
    ).id;
  const attached = await repo.insertSource(tx, { complaintId, clientId: review.clientId, reviewId: review.id, linkedByUserId: actor?.userId ?? null, linkedByName: actor?.name ?? null, linkedAt: at });
  if (!attached) {
    if (existing === null) throw new RaceLost();
    return null;
  }
  await repo.insertActivity(tx, { complaintId, at, actorUserId: actor?.userId ?? null, actorName: actor?.name ?? null, kind: existing === null ? 'opened' : 'linked', value: `review:${review.id}` });
  if (existing !== null) await repo.updateComplaint(tx, complaintId, { updatedAt: at });
  await announce(tx, outbox, { id: complaintId, outletId: review.outletId }, existing === null ? 'opened' : 'linked');
  return { id: complaintId, created: existing === null };
}

/** Another process placed the review first: the transaction rolls back (the new complaint with it). */
class RaceLost extends Error {}

/**
 * Opens the complaints of an outlet's arriving reviews (rating ≤ 2 or negative sentiment,
 * created within `COMPLAINT_LOOKBACK_DAYS`), each in its own transaction so one bad review never
 * stops the others. @returns how many were placed
 */
export async function detectForOutlet(ctx: AppContext, clientId: string, outletId: string): Promise<number> {
  const since = new Date(ctx.now().getTime() - COMPLAINT_LOOKBACK_DAYS * DAY_MS);
  let placed = 0;
  for (const review of await repo.reviewsToOpen(ctx.db, clientId, outletId, since)) {
    try {
      const done = await transactionThenPublish(ctx, (tx, outbox) => placeReview(ctx, tx, outbox, review, null));
      if (done) placed++;
    } catch (e) {
      if (!(e instanceof RaceLost)) throw e;
    }
  }
  return placed;
}

/**
 * `complaints.detect`: opens the complaints of one outlet's arriving reviews. Queued (one per
 * outlet at a time) by the Facebook review sync, the feed webhook and the Google sync when they
 * store reviews; idempotent (a review belongs to one complaint at most).
 */
export const complaintsDetectJob = defineJob<{ clientId: string; outletId: string }, AppContext>({
  name: 'complaints.detect',
  subject: 'Complaint',
  schema: z.object({ clientId: z.uuid(), outletId: z.uuid() }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  policy: 'stately',
  async handler(ctx, data) {
    return { placed: await detectForOutlet(ctx, data.clientId, data.outletId) };
  },
});

/** Queues complaint detection for an outlet whose reviews just changed (callers: the review syncs). */
export async function queueDetection(ctx: AppContext, clientId: string, outletId: string): Promise<void> {
  await ctx.jobs.send(complaintsDetectJob, { clientId, outletId }, { singletonKey: outletId });
  ctx.jobs.wake(complaintsDetectJob);
}

const requireWrite = (auth: AuthContext, action: 'create' | 'update') => {
  if (!auth.ability.can(action, 'Complaint')) throw new HttpError(403, `Your role may read complaints but not ${action === 'create' ? 'open' : 'change'} them`);
};

/**
 * `open-from-review`: the complaint the review belongs to, or a new one (joined to the guest's
 * complaint from a conversation when there is one).
 * @throws HttpError 403 for viewers; 404 naming `body.reviewId`
 */
export async function openFromReview(ctx: AppContext, auth: AuthContext, reviewId: string): Promise<TComplaintResponse> {
  requireWrite(auth, 'create');
  const review = await repo.getReview(ctx.db, auth.clientId!, Number(reviewId));
  if (!review || !inTenantScope(auth, review)) throw new HttpError(404, `Review ${reviewId} not found`, { field: 'body.reviewId' });
  for (let attempt = 0; attempt < 2; attempt++) {
    const current = await repo.complaintOfReview(ctx.db, review.id);
    if (current !== null) return { complaint: await loadComplaint(ctx.db, auth.clientId!, current), created: false };
    try {
      const placed = await transactionThenPublish(ctx, (tx, outbox) => placeReview(ctx, tx, outbox, review, actorOf(auth)));
      if (placed) return { complaint: await loadComplaint(ctx.db, auth.clientId!, placed.id), created: placed.created };
    } catch (e) {
      if (!(e instanceof RaceLost)) throw e;
    }
  }
  const current = await repo.complaintOfReview(ctx.db, review.id);
  return { complaint: await loadComplaint(ctx.db, auth.clientId!, current!), created: false };
}

/**
 * `flag-conversation`: a teammate flags an inbox conversation as a complaint. Answers the
 * unresolved complaint that already holds it, else joins the guest's complaint from a review of
 * the same name at the outlet within the link window, else opens one.
 * @throws HttpError 403 for viewers; 404 naming `body.conversationId` (another client's, an outlet the caller cannot see, or not on that page and channel)
 */
export async function flagConversation(ctx: AppContext, auth: AuthContext, req: { channel: string; pageId: string; conversationId: string }): Promise<TComplaintResponse> {
  requireWrite(auth, 'create');
  const conv = await repo.getConversation(ctx.db, auth.clientId!, Number(req.conversationId));
  if (!conv || !inTenantScope(auth, conv) || conv.pageId !== req.pageId || conv.channel !== req.channel) {
    throw new HttpError(404, `Conversation ${req.conversationId} not found on ${req.channel} page ${req.pageId}`, { field: 'body.conversationId' });
  }
  const existing = await repo.openComplaintOfConversation(ctx.db, conv.id);
  if (existing !== null) return { complaint: await loadComplaint(ctx.db, auth.clientId!, existing), created: false };
  const actor = actorOf(auth);
  const result = await transactionThenPublish(ctx, async (tx, outbox) => {
    const at = ctx.now();
    const joined = await repo.linkableComplaint(tx, { clientId: conv.clientId, outletId: conv.outletId, guestName: conv.guestName, at: conv.at, windowMs: LINK_WINDOW_MS, holding: 'review' });
    const id =
      joined ??
      (await repo.insertComplaint(tx, { clientId: conv.clientId, outletId: conv.outletId, guestName: conv.guestName, openedAt: at, updatedAt: at, openedByUserId: actor.userId, openedByName: actor.name })).id;
    await repo.insertSource(tx, { complaintId: id, clientId: conv.clientId, conversationId: conv.id, linkedByUserId: actor.userId, linkedByName: actor.name, linkedAt: at });
    await repo.insertActivity(tx, { complaintId: id, at, actorUserId: actor.userId, actorName: actor.name, kind: joined === null ? 'opened' : 'linked', value: `conversation:${conv.id}` });
    if (joined !== null) await repo.updateComplaint(tx, id, { updatedAt: at });
    await announce(tx, outbox, { id, outletId: conv.outletId }, joined === null ? 'opened' : 'linked');
    return { id, created: joined === null };
  });
  return { complaint: await loadComplaint(ctx.db, auth.clientId!, result.id), created: result.created };
}

/** A complaint the caller may see, or 404 naming `field`. */
async function visibleComplaint(db: Db, auth: AuthContext, id: string, lock = false): Promise<repo.ComplaintRow> {
  const row = lock ? await repo.lockComplaint(db, auth.clientId!, Number(id)) : await repo.getComplaint(db, auth.clientId!, Number(id));
  if (!row || !inTenantScope(auth, row)) throw complaintNotFound(id);
  return row;
}

/**
 * `link`: a teammate attaches a review or conversation of the same outlet to a complaint.
 * @throws HttpError 403 for viewers; 404 naming `body.complaintId` or the source's field; 400
 *   naming the source's field when it is of another outlet; 409 when the review belongs to
 *   another complaint
 */
export async function linkSource(ctx: AppContext, auth: AuthContext, req: { complaintId: string; reviewId?: string; conversationId?: string }): Promise<TComplaintResponse> {
  requireWrite(auth, 'update');
  const actor = actorOf(auth);
  const id = await transactionThenPublish(ctx, async (tx, outbox) => {
    const complaint = await visibleComplaint(tx, auth, req.complaintId, true);
    const at = ctx.now();
    let value: string;
    if (req.reviewId !== undefined) {
      const review = await repo.getReview(tx, auth.clientId!, Number(req.reviewId));
      if (!review || !inTenantScope(auth, review)) throw new HttpError(404, `Review ${req.reviewId} not found`, { field: 'body.reviewId' });
      if (review.outletId !== complaint.outletId) throw new HttpError(400, 'reviewId: the review is of another outlet; a complaint gathers one outlet’s incident', { field: 'body.reviewId' });
      const holder = await repo.complaintOfReview(tx, review.id);
      if (holder === complaint.id) return complaint.id;
      if (holder !== null) throw new HttpError(409, `reviewId: the review belongs to complaint ${holder} already`, { field: 'body.reviewId', code: 'review_in_other_complaint' });
      await repo.insertSource(tx, { complaintId: complaint.id, clientId: complaint.clientId, reviewId: review.id, linkedByUserId: actor.userId, linkedByName: actor.name, linkedAt: at });
      value = `review:${review.id}`;
    } else {
      const conv = await repo.getConversation(tx, auth.clientId!, Number(req.conversationId));
      if (!conv || !inTenantScope(auth, conv)) throw new HttpError(404, `Conversation ${req.conversationId} not found`, { field: 'body.conversationId' });
      if (conv.outletId !== complaint.outletId) throw new HttpError(400, 'conversationId: the conversation is of another outlet; a complaint gathers one outlet’s incident', { field: 'body.conversationId' });
      if (!(await repo.insertSource(tx, { complaintId: complaint.id, clientId: complaint.clientId, conversationId: conv.id, linkedByUserId: actor.userId, linkedByName: actor.name, linkedAt: at }))) return complaint.id;
      value = `conversation:${conv.id}`;
    }
    await repo.insertActivity(tx, { complaintId: complaint.id, at, actorUserId: actor.userId, actorName: actor.name, kind: 'linked', value });
    await repo.updateComplaint(tx, complaint.id, { updatedAt: at });
    await announce(tx, outbox, complaint, 'linked');
    return complaint.id;
  });
  return { complaint: await loadComplaint(ctx.db, auth.clientId!, id), created: false };
}

/** The root causes of the caller's client: the defaults, then the client's own. */
export async function rootCausesOf(ctx: AppContext, clientId: string): Promise<TRootCausesResponse> {
  return { defaults: [...DEFAULT_ROOT_CAUSES], custom: await repo.customRootCauses(ctx.db, clientId) };
}

/**
 * `update`: status, assignee, root cause; each change is an activity entry.
 * @throws HttpError 403 for viewers; 404 naming `body.complaintId`; 400 naming
 *   `body.assigneeUserId` (not a teammate who works this outlet's complaints) or `body.rootCause`
 *   (not one of the client's)
 */
export async function updateComplaint(
  ctx: AppContext,
  auth: AuthContext,
  req: { complaintId: string; status?: TComplaintStatus; assigneeUserId?: string | null; rootCause?: string | null },
): Promise<TComplaint> {
  requireWrite(auth, 'update');
  const actor = actorOf(auth);
  if (req.rootCause) {
    const causes = await rootCausesOf(ctx, auth.clientId!);
    if (![...causes.defaults, ...causes.custom].includes(req.rootCause)) {
      throw new HttpError(400, `rootCause: “${req.rootCause}” is not one of this client’s root causes (${[...causes.defaults, ...causes.custom].join(', ')})`, { field: 'body.rootCause' });
    }
  }
  const id = await transactionThenPublish(ctx, async (tx, outbox) => {
    const c = await visibleComplaint(tx, auth, req.complaintId, true);
    const at = ctx.now();
    const set: Parameters<typeof repo.updateComplaint>[2] = {};
    const log: { kind: repo.ActivityKind; value: string | null }[] = [];
    if (req.status !== undefined && req.status !== c.status) {
      set.status = req.status;
      set.resolvedAt = req.status === 'resolved' ? at : null;
      log.push({ kind: 'status', value: req.status });
    }
    if (req.assigneeUserId !== undefined && req.assigneeUserId !== c.assigneeUserId) {
      if (req.assigneeUserId !== null) {
        const [user] = await mentionableUsers(tx, c.clientId, { id: c.outletId, brandId: await outletBrand(tx, c) }, { only: [req.assigneeUserId] });
        if (!user || user.role === 'viewer') throw new HttpError(400, 'assigneeUserId: only a teammate who works this outlet’s complaints (not a viewer) can be assigned', { field: 'body.assigneeUserId' });
        log.push({ kind: 'assignee', value: user.fullName });
      } else log.push({ kind: 'assignee', value: null });
      set.assigneeUserId = req.assigneeUserId;
    }
    if (req.rootCause !== undefined && req.rootCause !== c.rootCause) {
      set.rootCause = req.rootCause;
      log.push({ kind: 'root_cause', value: req.rootCause });
    }
    if (!log.length) return c.id;
    await repo.updateComplaint(tx, c.id, { ...set, updatedAt: at });
    for (const entry of log) await repo.insertActivity(tx, { complaintId: c.id, at, actorUserId: actor.userId, actorName: actor.name, ...entry });
    await announce(tx, outbox, c, 'updated');
    return c.id;
  });
  return loadComplaint(ctx.db, auth.clientId!, id);
}

/**
 * Unassigns a teammate from complaints of outlets they may no longer see, or work (made a
 * viewer), in `tx`, with an activity entry by `actor` each (docs/decisions/0044). Called by the
 * access module in the transaction that changes access. @returns how many complaints changed
 */
export async function releaseComplaintsOutOfSight(ctx: AppContext, tx: Db, outbox: Outbox, clientId: string, userId: string, actor: { userId: string; name: string }): Promise<number> {
  const held = await repo.complaintsAssignedTo(tx, clientId, userId);
  if (!held.length) return 0;
  const sight = await sightOf(tx, clientId, userId, held.map((c) => c.outletId), 'reviews_and_complaints');
  const at = ctx.now();
  let changed = 0;
  for (const c of held) {
    const role = sight.get(c.outletId) ?? null;
    if (role !== null && role !== 'viewer') continue;
    await repo.updateComplaint(tx, c.id, { assigneeUserId: null, updatedAt: at });
    await repo.insertActivity(tx, { complaintId: c.id, at, actorUserId: actor.userId, actorName: actor.name, kind: 'assignee', value: null });
    await announce(tx, outbox, c, 'updated');
    changed++;
  }
  return changed;
}

async function outletBrand(db: Db, c: repo.ComplaintRow): Promise<string> {
  return (await repo.complaintWithNames(db, c.clientId, c.id))!.brandId;
}

/**
 * `list`: the complaints the caller may see, newest first, keyset paged, with counts per status.
 * @throws HttpError 400 naming `body.cursor`
 */
export async function listComplaints(
  ctx: AppContext,
  auth: AuthContext,
  req: { status?: TComplaintStatus; brandId?: string; outletId?: string; assignee?: string; rootCause?: string; cursor?: string; limit: number },
): Promise<TListComplaintsResponse> {
  const filter: repo.ComplaintFilter = {
    clientId: auth.clientId!,
    outletIds: auth.outletIds,
    status: req.status,
    brandId: req.brandId,
    outletId: req.outletId,
    assignee: req.assignee === 'me' ? auth.userId : req.assignee === 'none' ? null : req.assignee,
    rootCause: req.rootCause,
  };
  const after = parseCursor(req.cursor, 'body.cursor');
  const [rows, counts] = await Promise.all([repo.listComplaints(ctx.db, filter, after, req.limit + 1), repo.countByStatus(ctx.db, filter)]);
  const page = rows.slice(0, req.limit);
  const sources = await repo.sourcesOf(ctx.db, page.map((r) => r.c.id));
  const last = page[page.length - 1];
  return {
    data: page.map((r) => complaintView(r, sources)),
    paging: { nextCursor: rows.length > req.limit && last ? encodeCursor(last.c.openedAt, last.c.id) : null },
    counts,
  };
}

/**
 * `get`: one complaint with its timeline, oldest first: each review with the page's public
 * replies, each conversation's messages (from the link window before the complaint's first
 * source, the latest 200), and the activity.
 * @throws HttpError 404 naming `body.complaintId`
 */
export async function getComplaint(ctx: AppContext, auth: AuthContext, complaintId: string): Promise<TComplaintDetail> {
  const c = await visibleComplaint(ctx.db, auth, complaintId);
  const complaint = await loadComplaint(ctx.db, auth.clientId!, c.id);
  const timeline: TTimelineItem[] = [];
  const reviewSources = complaint.sources.filter((s) => s.kind === 'review');
  for (const s of reviewSources) timeline.push({ at: s.at, kind: 'review', sourceId: s.id, channel: s.channel, author: s.guestName, text: (await repo.getReview(ctx.db, c.clientId, Number(s.id)))?.text ?? '', rating: s.rating, activity: null });
  for (const r of await repo.reviewReplies(ctx.db, reviewSources.map((s) => Number(s.id)))) {
    const source = reviewSources.find((s) => s.id === String(r.reviewId))!;
    timeline.push({ at: r.createdTime.toISOString(), kind: 'review_reply', sourceId: String(r.reviewId), channel: source.channel, author: r.fromName ?? complaint.outletName, text: r.message, rating: null, activity: null });
  }
  const earliest = Math.min(c.openedAt.getTime(), ...complaint.sources.map((s) => Date.parse(s.at)));
  for (const s of complaint.sources.filter((x) => x.kind === 'conversation')) {
    for (const m of await repo.conversationMessages(ctx.db, Number(s.id), new Date(earliest - LINK_WINDOW_MS), TIMELINE_MESSAGES)) {
      const guest = m.direction === 'guest';
      const attachments = Array.isArray(m.attachments) ? m.attachments.length : 0;
      const text = m.deletedAt ? '' : (m.text ?? '') || (attachments ? `[${attachments} attachment${attachments > 1 ? 's' : ''}]` : '');
      timeline.push({ at: m.createdTime.toISOString(), kind: guest ? 'guest_message' : 'page_message', sourceId: s.id, channel: s.channel, author: guest ? s.guestName : (m.senderName ?? complaint.outletName), text, rating: null, activity: null });
    }
  }
  for (const a of await repo.activityOf(ctx.db, c.id)) {
    timeline.push({ at: a.at.toISOString(), kind: 'activity', sourceId: null, channel: null, author: a.actorName ?? 'DineDesk', text: '', rating: null, activity: { kind: a.kind, value: a.value } });
  }
  timeline.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  return { ...complaint, timeline };
}

/**
 * `root-causes`: list, or (owners, `manage Complaint`) add and remove the client's own. A
 * removed root cause stays on the complaints that carry it.
 * @throws HttpError 403 adding or removing without `manage Complaint`; 400 naming
 *   `body.rootCause` when adding a default; 404 naming it when removing one the client does not have
 */
export async function rootCauses(ctx: AppContext, auth: AuthContext, req: { request: 'list' } | { request: 'add' | 'remove'; rootCause: string }): Promise<TRootCausesResponse> {
  const clientId = auth.clientId!;
  if (req.request !== 'list') {
    if (!auth.ability.can('manage', 'Complaint')) throw new HttpError(403, 'Only the client’s owners change the root causes');
    if ((DEFAULT_ROOT_CAUSES as readonly string[]).includes(req.rootCause)) throw new HttpError(400, `rootCause: “${req.rootCause}” is a default root cause and cannot be ${req.request === 'add' ? 'added' : 'removed'}`, { field: 'body.rootCause' });
    if (req.request === 'add') await repo.addRootCause(ctx.db, clientId, req.rootCause, ctx.now());
    else if (!(await repo.removeRootCause(ctx.db, clientId, req.rootCause))) throw new HttpError(404, `rootCause “${req.rootCause}” not found`, { field: 'body.rootCause' });
  }
  return rootCausesOf(ctx, clientId);
}
