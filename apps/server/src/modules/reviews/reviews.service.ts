import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { TFbComment, TFbPage, TGetFbCommentsResponse, TGetReviewsResponse, TReviewKpis, ZGetReviewsRequest, ZReviewKpisRequest } from '@dinedesk/contracts';

type TGetReviewsRequestParsed = z.output<typeof ZGetReviewsRequest>;
type TReviewKpisRequestParsed = z.output<typeof ZReviewKpisRequest>;
import type { AppContext } from '../../context.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { parseCursor } from '../../lib/keyset.ts';
import { GraphError, writeOutcomeUnknown } from '../../lib/graph-client.ts';
import { graphCodeLabel, graphWriteRefusal, tokenDeathReason, waitInWords } from '../../lib/graph-errors.ts';
import { cleanText } from '../../lib/text.ts';
import type { AuthContext } from '../access/index.ts';
import { decryptPageToken, recordTokenDeath, tokenIsDead } from '../meta/index.ts';
import { graphTime, reviewSyncPageJob, syncPage } from './review-sync.service.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import { reportBadItem } from './bad-items.ts';
import { checkReply, RECENT_REPLIES } from './reply-check.ts';
import { usableComment, usableFeedReview, usableReview } from './reviews.mappers.ts';
import * as repo from './reviews.repository.ts';
import { audit } from '../../lib/audit.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';

/**
 * Facebook reviews of the caller's client: list (from the synced copy), comments (live from
 * Graph with the stored copy as fallback), reply (Graph `POST /{story-id}/comments`).
 * Every id received is checked against the caller's client and visible outlets; ids of another
 * client answer 404 so their existence is not revealed (docs/decisions/0004-tenant-ids.md).
 */

/** @throws HttpError 404 unless the page belongs to the caller's client and a visible outlet. */
export async function visiblePage(ctx: AppContext, auth: AuthContext, pageId: string): Promise<repo.PageRow> {
  const page = await repo.getPage(ctx.db, pageId);
  if (!page || !inTenantScope(auth, page)) {
    throw notFound(`Facebook page ${pageId} not found`);
  }
  return page;
}

async function visibleReview(ctx: AppContext, auth: AuthContext, pageId: string, reviewId: string) {
  const page = await visiblePage(ctx, auth, pageId);
  const review = await repo.getReview(ctx.db, page.clientId, Number(reviewId));
  if (!review || review.pageId !== page.id) throw notFound(`Review ${reviewId} not found on page ${pageId}`);
  return { page, review };
}

/** Facebook Pages the caller may see (client, visible outlets), with review counts and sync state. */
export function listPages(ctx: AppContext, auth: AuthContext): Promise<TFbPage[]> {
  return repo.listPages(ctx.db, auth.clientId!, auth.outletIds);
}

/** One keyset page of the caller's reviews, newest first, filtered as asked. */
export async function listReviews(
  ctx: AppContext,
  auth: AuthContext,
  q: { pageId?: string; rating?: number; recommendation?: 'positive' | 'negative'; replied?: 'true' | 'false'; q?: string; cursor?: string; limit: number },
) {
  if (q.pageId) await visiblePage(ctx, auth, q.pageId);
  const after = parseCursor(q.cursor);
  const { rows, next } = await repo.listReviews(ctx.db, {
    clientId: auth.clientId!,
    outletIds: auth.outletIds,
    pageId: q.pageId,
    rating: q.rating,
    recommendation: q.recommendation,
    replied: q.replied === undefined ? undefined : q.replied === 'true',
    q: q.q || undefined,
    after,
    limit: q.limit,
  });
  return { data: rows.flatMap(({ r, outletName }) => usableReview(ctx, r, outletName)), paging: { nextCursor: next } };
}

/**
 * One keyset page of the one feed: reviews of every source of the outlets the caller may see,
 * newest first, filtered as asked (docs/requirements/calls.md `get_reviews/get-reviews`).
 * @throws HttpError 404 naming the field for a brand or outlet id the caller cannot see (another
 *   client's, or outside a scoped role's outlets; docs/decisions/0004)
 */
export async function listFeed(ctx: AppContext, auth: AuthContext, body: TGetReviewsRequestParsed): Promise<TGetReviewsResponse> {
  await checkFilterIds(ctx, auth, { outletId: body.outletId, brandId: body.brandId });
  const { rows, next } = await repo.listFeed(ctx.db, {
    clientId: auth.clientId!,
    outletIds: auth.outletIds,
    brandId: body.brandId,
    outletId: body.outletId,
    source: body.source,
    ratings: body.ratings,
    replied: body.replied,
    needsReply: body.needsReply,
    from: body.from,
    to: body.to,
    sentiment: body.sentiment,
    q: body.q || undefined,
    reviewId: body.reviewId === undefined ? undefined : Number(body.reviewId),
    after: parseCursor(body.cursor, 'body.cursor'),
    limit: body.limit,
  });
  return { data: rows.flatMap((row) => usableFeedReview(ctx, row)), paging: { nextCursor: next } };
}

/** Days in a trend before its periods grow: daily up to 2 months, weekly up to 2 years, else monthly. */
const DAILY_UP_TO_DAYS = 62;
const WEEKLY_UP_TO_DAYS = 731;

/**
 * KPIs of the reviews the filters select (DineDesk's `get_reviews/kpis`): count, average rating,
 * response rate (replied among those that can be replied to), median time to the first reply,
 * reviews needing a reply, a trend sized to the span, and the same per outlet.
 * @throws HttpError 404 naming the field for a brand or outlet the caller cannot see
 */
export async function feedKpis(ctx: AppContext, auth: AuthContext, body: TReviewKpisRequestParsed): Promise<TReviewKpis> {
  await checkFilterIds(ctx, auth, { outletId: body.outletId, brandId: body.brandId });
  const f = { clientId: auth.clientId!, outletIds: auth.outletIds, ...body, q: body.q || undefined };
  let days: number;
  if (body.from && body.to) days = (Date.parse(body.to) - Date.parse(body.from)) / 86_400_000;
  else {
    const span = await repo.feedSpan(ctx.db, f);
    const start = body.from ? Date.parse(body.from) : (span.min?.getTime() ?? 0);
    const end = body.to ? Date.parse(body.to) : (span.max?.getTime() ?? 0);
    days = Math.max(0, end - start) / 86_400_000;
  }
  const bucket = days <= DAILY_UP_TO_DAYS ? 'day' : days <= WEEKLY_UP_TO_DAYS ? 'week' : 'month';
  const { totals, perOutlet, trend } = await repo.feedKpis(ctx.db, f, bucket);
  const figures = (r: typeof totals) => ({
    reviewCount: r.reviewCount,
    averageRating: r.averageRating === null ? null : Math.round(r.averageRating * 100) / 100,
    responseRate: r.replyable > 0 ? Math.round((r.replied / r.replyable) * 1000) / 1000 : null,
    medianResponseSeconds: r.medianResponseSeconds === null ? null : Math.round(r.medianResponseSeconds),
    needsReplyCount: r.needsReplyCount,
  });
  return {
    ...figures(totals),
    trend: { bucket, points: trend.map((p) => ({ start: p.start, reviewCount: p.reviewCount, averageRating: p.averageRating === null ? null : Math.round(p.averageRating * 100) / 100 })) },
    outlets: perOutlet.map((o) => ({ outletId: o.outletId, outletName: o.outletName, brandName: o.brandName, ...figures(o) })),
  };
}

/**
 * The brand and outlet ids of a filter must be the caller's to see.
 * @throws HttpError 404 naming `body.outletId` / `body.brandId`
 */
export async function checkFilterIds(ctx: AppContext, auth: AuthContext, f: { outletId?: string; brandId?: string }): Promise<void> {
  if (!f.outletId && !f.brandId) return;
  const visible = await repo.visibleOutlets(ctx.db, auth.clientId!, auth.outletIds);
  if (f.outletId && !visible.some((o) => o.id === f.outletId)) throw new HttpError(404, `Outlet ${f.outletId} not found`, { field: 'body.outletId' });
  if (f.brandId && !visible.some((o) => o.brandId === f.brandId)) throw new HttpError(404, `Brand ${f.brandId} not found`, { field: 'body.brandId' });
}

/** Stored comments of a review, oldest first; a row that cannot be answered is skipped. */
async function storedComments(ctx: AppContext, reviewId: number): Promise<TFbComment[]> {
  const rows = await repo.listStoredComments(ctx.db, reviewId);
  return rows.flatMap(({ c, authorName }) => usableComment(ctx, c, authorName));
}

/** A comment as Graph `GET /{story-id}/comments` answers it
 * (docs/requirements/platform-apis.md#page-ratings-reviews-and-comments). */
const ZGraphComment = z.object({
  id: z.string().min(1).max(200),
  message: z.string().optional(),
  from: z.object({ id: z.string(), name: z.string().optional() }).optional(),
  created_time: z.string(),
});

const COMMENT_FIELDS = 'id,message,from{id,name},created_time';

/**
 * A Graph comment as a `review_comments` row, its text cleaned (NUL and other control
 * characters dropped: PostgreSQL refuses NUL in text), or null when it is unusable.
 */
export function commentRow(ctx: AppContext, raw: unknown, review: repo.ReviewRow, pageId: string) {
  const parsed = ZGraphComment.safeParse(raw);
  const id = typeof (raw as { id?: unknown })?.id === 'string' ? (raw as { id: string }).id : 'unknown';
  if (!parsed.success) {
    reportBadItem(ctx, 'graph_comment', id, `${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`, { reviewId: review.id });
    return null;
  }
  const c = parsed.data;
  const createdTime = graphTime(c.created_time);
  if (!createdTime) {
    reportBadItem(ctx, 'graph_comment', c.id, `created_time is not a usable time: ${c.created_time.slice(0, 40)}`, { reviewId: review.id });
    return null;
  }
  return {
    id: cleanText(c.id),
    reviewId: review.id,
    clientId: review.clientId,
    message: cleanText(c.message ?? ''),
    fromId: c.from ? cleanText(c.from.id) : null,
    fromName: c.from ? cleanText(c.from.name ?? '') : null,
    isPageReply: c.from?.id === pageId,
    createdTime,
  };
}

/**
 * Comments of a review, read live from Graph `GET /{story-id}/comments` and stored; when Graph
 * fails the stored copy is answered with a notice (source `cache`). A comment Graph returns in
 * a shape DineDesk cannot use is skipped and logged once; the others are stored.
 */
export async function listComments(ctx: AppContext, auth: AuthContext, pageId: string, reviewId: string): Promise<TGetFbCommentsResponse> {
  const { page, review } = await visibleReview(ctx, auth, pageId, reviewId);
  if (!review.storyId) {
    return { data: [], source: 'graph', notice: 'Facebook does not allow comments on reviews written before August 2018.' };
  }
  const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
  if (!token) {
    return { data: await storedComments(ctx, review.id), source: 'cache', notice: 'This Facebook Page is not connected; showing the comments stored earlier.' };
  }
  if (tokenIsDead(page)) {
    return { data: await storedComments(ctx, review.id), source: 'cache', notice: `${page.syncMessage ?? 'Facebook rejected this page’s access token; reconnect the page.'} Showing the comments stored earlier.` };
  }
  try {
    const fetched: unknown[] = [];
    for await (const batch of ctx.graph.paginate<unknown>(`${review.storyId}/comments`, { fields: COMMENT_FIELDS, order: 'chronological', limit: 100 }, token, 20)) {
      fetched.push(...(Array.isArray(batch) ? batch : []));
    }
    const rows = fetched.map((c) => commentRow(ctx, c, review, page.id)).filter((r) => r !== null);
    // Comments Graph listed, usable or not, are kept; the others were deleted on Facebook.
    const keep = fetched.flatMap((c) => (typeof (c as { id?: unknown })?.id === 'string' ? [cleanText((c as { id: string }).id)] : []));
    await ctx.db.transaction(async (tx) => {
      for (const row of rows) await repo.upsertComment(tx, row);
      await repo.deleteCommentsExcept(tx, review.id, keep);
      await repo.refreshReviewCounters(tx, review.id);
    });
    return { data: await storedComments(ctx, review.id), source: 'graph', notice: null };
  } catch (e) {
    if (!(e instanceof GraphError)) throw e;
    let reason = `Facebook could not be read (${e.message}).`;
    if (e.isTokenError) {
      await recordTokenDeath(ctx, page, e);
      reason = `Facebook rejected this page’s access token: ${tokenDeathReason(e.subcode)} (${graphCodeLabel(e)}); reconnect the page.`;
    } else if (e.isRateLimit) {
      reason = `Facebook is rate-limiting this page (${graphCodeLabel(e)}); try again in ${waitInWords(Math.max(60, e.usage.regainSeconds ?? 0))}.`;
    }
    return { data: await storedComments(ctx, review.id), source: 'cache', notice: `${reason} Showing the comments stored earlier.` };
  }
}

/** How far back (ms) a read-back looks for the reply: covers clock skew between us and Graph. */
const READ_BACK_WINDOW_MS = 10 * 60_000;

/**
 * Reads the story's newest comments back from Graph after a write whose outcome is unknown and
 * returns the page's comment with exactly this message, posted since `since` and not already
 * answered to an earlier DineDesk reply, or null when it is not there.
 * @throws GraphError when the read-back itself fails (the outcome stays unknown)
 */
async function readBackReply(ctx: AppContext, storyId: string, page: repo.PageRow, review: repo.ReviewRow, message: string, since: Date, token: string) {
  const candidates: NonNullable<ReturnType<typeof commentRow>>[] = [];
  for await (const batch of ctx.graph.paginate<unknown>(`${storyId}/comments`, { fields: COMMENT_FIELDS, order: 'reverse_chronological', filter: 'toplevel', limit: 100 }, token, 3)) {
    for (const raw of batch) {
      const row = commentRow(ctx, raw, review, page.id);
      if (row && row.isPageReply && row.message.trim() === message && row.createdTime.getTime() >= since.getTime() - READ_BACK_WINDOW_MS) candidates.push(row);
    }
  }
  if (!candidates.length) return null;
  // A reply answered through DineDesk has its author; one stored from a feed webhook or a live
  // read does not yet, and may be the very reply this attempt posted.
  const known = await repo.authoredCommentIds(ctx.db, review.id, candidates.map((c) => c.id));
  // Oldest unknown first: the reply this attempt (or the one it retries) posted.
  return candidates.filter((c) => !known.has(c.id)).sort((a, b) => a.createdTime.getTime() - b.createdTime.getTime())[0] ?? null;
}

/** SHA-256 of the reply request: the same Idempotency-Key must come with the same body. */
export function replyHash(pageId: string, reviewId: string, message: string): string {
  return createHash('sha256').update(JSON.stringify([pageId, reviewId, message])).digest('hex');
}

const notLanded = (why: string) => new HttpError(502, `Facebook did not accept the reply: ${why}`, { code: 'graph_not_landed' });
const outcomeUnknown = () =>
  new HttpError(
    504,
    'Facebook did not answer in time, and DineDesk could not check whether the reply was posted. Check the review on Facebook, or send the same reply again: DineDesk looks for it before posting, so it will not appear twice.',
    { code: 'graph_outcome_unknown', retryAfterSeconds: 30 },
  );

/**
 * Runs the reply check (reply-check.ts) against the outlet's latest replies (every source).
 * @param sendAnyway the caller saw the warnings and sends anyway: allowed to owners (and super
 *   admins), whose choice the reply's audit row records
 * @returns the warning codes sent anyway (empty when the check found nothing)
 * @throws HttpError 422 `reply_check` with `warnings` when the check warns and the caller did not
 *   choose to send anyway; 403 `reply_check_owner_only` when a non-owner chooses to
 */
export async function replyCheck(ctx: AppContext, auth: AuthContext, outletId: string, clientId: string, message: string, sendAnyway: boolean, field = 'body.message'): Promise<string[]> {
  const warnings = checkReply(message, await repo.recentOutletReplies(ctx.db, clientId, outletId, RECENT_REPLIES));
  if (!warnings.length) return [];
  if (!sendAnyway) throw new HttpError(422, `Check this reply before it goes out: ${warnings.map((w) => w.message).join(' ')}`, { field, code: 'reply_check', warnings });
  if (auth.role !== 'client_owner' && auth.role !== 'super_admin') {
    throw new HttpError(403, 'Only an owner can send a reply the check warned about. Change the reply, or ask an owner.', { code: 'reply_check_owner_only', warnings });
  }
  return warnings.map((w) => w.code);
}

/**
 * Publishes a public reply as the page: Graph `POST /{open_graph_story_id}/comments` with the
 * page token (needs pages_manage_engagement,
 * docs/requirements/platform-apis.md#page-ratings-reviews-and-comments), then stores it.
 *
 * With an `Idempotency-Key` (docs/decisions/0014-writes-to-meta.md) the key is
 * reserved per client before calling Graph (primary key `(client_id, key)`, so concurrent
 * requests with one key post once); a retry with the same key and body answers the first
 * reply, a key still in flight is a 409, a key used for another body a 422.
 *
 * When Graph times out (or answers 5xx) the reply may have landed: the story's comments are
 * read back. Landed → stored and answered as a success. Not there → 502 "did not accept". The
 * read-back failed → 504 "unknown whether it was posted", and the key stays reserved so a retry
 * reads back again before it posts.
 * @throws HttpError 404 (unknown or other client's ids), 409 (no story: pre Aug 2018; page not
 *   connected; key in progress), 422 (key reused with another body), 502 (Facebook refused, or
 *   timed out and the reply is not there), 504 (timed out and the outcome is unknown)
 */
export async function reply(
  ctx: AppContext,
  auth: AuthContext,
  pageId: string,
  reviewId: string,
  message: string,
  idempotencyKey?: string,
  opts: { sendAnyway?: boolean } = {},
): Promise<TFbComment> {
  const { page, review } = await visibleReview(ctx, auth, pageId, reviewId);
  const storyId = review.storyId;
  if (!storyId) throw new HttpError(409, 'Facebook does not allow replies to reviews written before August 2018.', { field: 'reviewId' });
  const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
  if (!token) throw new HttpError(409, 'This Facebook Page is not connected. Connect it to reply to its reviews.', { field: 'pageId' });
  // Facebook refused this token before: say so without another call.
  if (tokenIsDead(page)) throw new HttpError(409, page.syncMessage ?? 'Facebook rejected this page’s access token. Reconnect the page to reply to its reviews.', { field: 'pageId', code: 'graph_190' });
  const clientId = review.clientId;

  // Reserve the key before the reply check: a second request with the key must meet the first
  // one's reservation (409, or its reply), never the check, which would count the first one's
  // words, stored by then, as repeated wording (a 422 for a reply that went out).
  let retryOfUnknown = false;
  if (idempotencyKey !== undefined) {
    const requestHash = replyHash(pageId, reviewId, message);
    if (!(await repo.reserveReplyKey(ctx.db, { clientId, key: idempotencyKey, requestHash, reviewId: review.id }))) {
      const existing = await repo.getReplyKey(ctx.db, clientId, idempotencyKey);
      if (!existing) throw new HttpError(409, 'A reply with this Idempotency-Key is still in progress; try again in a moment.', { code: 'idempotency_in_progress' });
      if (existing.requestHash !== requestHash) {
        throw new HttpError(422, 'This Idempotency-Key was already used for a different reply; send a new key for a new reply.', { field: 'Idempotency-Key', code: 'idempotency_key_reused' });
      }
      if (existing.state === 'done' && existing.result) return existing.result as unknown as TFbComment;
      // An earlier attempt timed out without a known outcome: claim it (one retry at a time).
      const claimed = existing.state === 'unknown' && (await repo.claimUnknownReplyKey(ctx.db, clientId, idempotencyKey));
      if (!claimed) throw new HttpError(409, 'A reply with this Idempotency-Key is still in progress; try again in a moment.', { code: 'idempotency_in_progress' });
      retryOfUnknown = true;
    }
  }
  const release = async () => {
    if (idempotencyKey !== undefined) await repo.releaseReplyKey(ctx.db, clientId, idempotencyKey);
  };
  const markUnknown = async () => {
    if (idempotencyKey !== undefined) await repo.markReplyKeyUnknown(ctx.db, clientId, idempotencyKey);
  };

  // A retry of an attempt of unknown outcome was checked when it was first reserved, with the
  // same words; its own first copy may be among the recent replies now.
  let overridden: string[] = [];
  if (!retryOfUnknown) {
    try {
      overridden = await replyCheck(ctx, auth, page.outletId, clientId, message, opts.sendAnyway === true);
    } catch (e) {
      await release().catch(() => undefined);
      throw e;
    }
  }
  const startedAt = ctx.now();

  try {
    let landed: { id: string; createdTime: Date } | null = null;
    if (retryOfUnknown) {
      try {
        landed = await readBackReply(ctx, storyId, page, review, message, startedAt, token);
      } catch (e) {
        if (!(e instanceof GraphError)) throw e;
        await markUnknown();
        throw outcomeUnknown();
      }
    }
    if (!landed) {
      try {
        const { id } = await ctx.graph.post<{ id: string }>(`${storyId}/comments`, { message }, token);
        landed = { id, createdTime: ctx.now() };
      } catch (e) {
        if (!(e instanceof GraphError)) throw e;
        if (!writeOutcomeUnknown(e)) {
          // Refused without being carried out: the key is free, and the answer says why (graph-errors.ts).
          await release();
          if (e.isTokenError) await recordTokenDeath(ctx, page, e);
          throw graphWriteRefusal(e, 'reply', 'reply to its reviews');
        }
        try {
          landed = await readBackReply(ctx, storyId, page, review, message, startedAt, token);
        } catch (readErr) {
          if (!(readErr instanceof GraphError)) throw readErr;
          await markUnknown();
          throw outcomeUnknown();
        }
        if (!landed) {
          // Kept as `unknown`, not released: a late landing is found by the retry's read-back.
          await markUnknown();
          throw notLanded(`${e.message}, and the reply is not on the review. Nothing was posted; you can send it again.`);
        }
      }
    }
    const { id, createdTime } = landed;
    const comment: TFbComment = { id, message, from: { id: page.id, name: page.name }, createdTime: createdTime.toISOString(), isPageReply: true, authorName: auth.fullName };
    await ctx.db.transaction(async (tx) => {
      await repo.upsertPageReply(tx, { id, reviewId: review.id, clientId, message, fromId: page.id, fromName: page.name, isPageReply: true, authorUserId: auth.userId, createdTime });
      await repo.refreshReviewCounters(tx, review.id);
      await audit(tx, {
        clientId,
        actorUserId: auth.userId,
        action: 'review.reply',
        target: `review:${review.id}`,
        details: { pageId, commentId: id, ...(overridden.length ? { sentDespite: overridden } : {}) },
      });
      if (idempotencyKey !== undefined) await repo.finishReplyKey(tx, clientId, idempotencyKey, comment as unknown as Record<string, unknown>);
    });
    return comment;
  } catch (e) {
    // Anything else (a bug, the database) leaves nothing posted that we know of: free the key.
    if (!(e instanceof HttpError)) await release().catch(() => undefined);
    throw e;
  }
}

/**
 * The page's own stored reply on a review, for an edit or a delete.
 * @throws HttpError 404 (ids unknown to the caller, or not a reply of the page), 409 (page not
 *   connected or its token dead)
 */
async function ownReply(ctx: AppContext, auth: AuthContext, pageId: string, reviewId: string, commentId: string) {
  const { page, review } = await visibleReview(ctx, auth, pageId, reviewId);
  const comment = await repo.getComment(ctx.db, review.id, commentId);
  if (!comment || !comment.isPageReply || comment.fromId !== page.id) throw new HttpError(404, `Reply ${commentId} of the page not found on this review`, { field: 'body.commentId' });
  const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
  if (!token) throw new HttpError(409, 'This Facebook Page is not connected. Connect it to change its replies.', { field: 'pageId' });
  if (tokenIsDead(page)) throw new HttpError(409, page.syncMessage ?? 'Facebook rejected this page’s access token. Reconnect the page to change its replies.', { field: 'pageId', code: 'graph_190' });
  return { page, review, comment, token };
}

/**
 * Edits one of the page's replies on Facebook (Graph `POST /{comment-id}` `message`), after the
 * reply check (none when the words did not change), then stores it with its new author.
 * @throws HttpError 404, 409 as {@link ownReply}; 422/403 reply check; 502/503 Facebook refused
 */
export async function editReply(ctx: AppContext, auth: AuthContext, pageId: string, reviewId: string, commentId: string, message: string, opts: { sendAnyway?: boolean } = {}): Promise<TFbComment> {
  const { page, review, comment, token } = await ownReply(ctx, auth, pageId, reviewId, commentId);
  const overridden = comment.message === message ? [] : await replyCheck(ctx, auth, page.outletId, review.clientId, message, opts.sendAnyway === true);
  try {
    await ctx.graph.post(commentId, { message }, token);
  } catch (e) {
    if (!(e instanceof GraphError)) throw e;
    if (e.isTokenError) await recordTokenDeath(ctx, page, e);
    throw graphWriteRefusal(e, 'edit', 'edit its replies');
  }
  await ctx.db.transaction(async (tx) => {
    await repo.updateCommentMessage(tx, review.id, commentId, message, auth.userId);
    await audit(tx, { clientId: review.clientId, actorUserId: auth.userId, action: 'review.reply_edited', target: `review:${review.id}`, details: { pageId, commentId, ...(overridden.length ? { sentDespite: overridden } : {}) } });
  });
  return { id: commentId, message, from: { id: page.id, name: page.name }, createdTime: comment.createdTime.toISOString(), isPageReply: true, authorName: auth.fullName };
}

/**
 * Deletes one of the page's replies on Facebook (Graph `DELETE /{comment-id}`); one Facebook no
 * longer has (error 100, "does not exist") counts as deleted, and the stored copy follows.
 * @throws HttpError 404, 409 as {@link ownReply}; 502/503 Facebook refused
 */
export async function deleteReply(ctx: AppContext, auth: AuthContext, pageId: string, reviewId: string, commentId: string): Promise<void> {
  const { page, review, comment, token } = await ownReply(ctx, auth, pageId, reviewId, commentId);
  try {
    await ctx.graph.delete(commentId, {}, token);
  } catch (e) {
    if (!(e instanceof GraphError)) throw e;
    if (e.isTokenError) await recordTokenDeath(ctx, page, e);
    if (!(e.code === 100 && e.subcode === 33)) throw graphWriteRefusal(e, 'deletion', 'delete its replies');
  }
  await ctx.db.transaction(async (tx) => {
    await repo.deleteComment(tx, review.id, commentId);
    await repo.refreshReviewCounters(tx, review.id);
    await audit(tx, { clientId: review.clientId, actorUserId: auth.userId, action: 'review.reply_deleted', target: `review:${review.id}`, details: { pageId, commentId, message: comment.message.slice(0, 500) } });
  });
}

/** Syncs of one page asked for by people, running in this process (by page id). */
const pageSyncs = new SingleFlight<{ fetched: number }>();

/**
 * On-demand sync of one page (the periodic sync does the same for all pages). Presses while that
 * page syncs start nothing new: they get the running sync's answer (this process), or, when the
 * page's sync job is running (any process), `alreadyRunning` with `fetched: 0`.
 */
export async function syncNow(ctx: AppContext, auth: AuthContext, pageId: string) {
  await visiblePage(ctx, auth, pageId);
  let alreadyRunning = false;
  const result = await pageSyncs.run(pageId, async () => {
    if (await ctx.jobs.inFlight(reviewSyncPageJob, [pageId], undefined, ['active'])) {
      alreadyRunning = true;
      return { fetched: 0 };
    }
    return syncPage(ctx, pageId);
  });
  const [page] = (await repo.listPages(ctx.db, auth.clientId!, auth.outletIds)).filter((p) => p.id === pageId);
  return { page: page!, fetched: result.fetched, ...(alreadyRunning ? { alreadyRunning: true as const } : {}) };
}
