import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { TGoogleReply } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/errors.ts';
import { GoogleApiError } from '../../lib/google-client.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import * as reviewsRepo from '../reviews/index.ts';
import { replyCheck } from '../reviews/index.ts';
import { googleErrorInWords, GRANT_DEAD_MESSAGE, withGoogleAccess } from './google-access.ts';
import * as repo from './google.repository.ts';

/**
 * Replies to Google reviews (docs/requirements/platform-apis.md#google-business-profile): `PUT
 * …/reviews/{r}/reply` (`updateReply`, creates or replaces the one reply) and `DELETE
 * …/reviews/{r}/reply` (`deleteReply`). The reply check runs first, as on Facebook. With an
 * `Idempotency-Key` a retry answers the first result and the key with another body is a 422
 * (docs/decisions/0014); a PUT whose answer was lost is read back (`GET …/reviews/{r}`) before
 * DineDesk says anything.
 */

/** 404 naming the field (ids of another client or an outlet the caller cannot see included). */
const notFound = (message: string) => new HttpError(404, message, { field: 'body.reviewId' });

async function visibleGoogleReview(ctx: AppContext, auth: AuthContext, reviewId: string) {
  const row = await repo.getGoogleReview(ctx.db, Number(reviewId));
  if (!row || !inTenantScope(auth, row.r)) throw notFound(`Google review ${reviewId} not found`);
  const conn = row.l.connectionId ? await repo.getConnection(ctx.db, row.l.connectionId) : undefined;
  if (!conn) throw new HttpError(409, 'No connected Google account manages this location any more. Reconnect Google to reply.', { field: 'body.reviewId', code: 'google_not_connected' });
  if (conn.status === 'dead') throw new HttpError(409, conn.statusMessage ?? GRANT_DEAD_MESSAGE, { field: 'body.reviewId', code: 'google_grant_dead' });
  return { review: row.r, location: row.l, conn };
}

/** Google's refusal as the answer to the person (the web app words `code` in four languages). */
function refusal(e: GoogleApiError, doing: string): HttpError {
  if (e.isGrantDead) return new HttpError(409, GRANT_DEAD_MESSAGE, { field: 'body.reviewId', code: 'google_grant_dead' });
  if (e.isQuota) return new HttpError(429, googleErrorInWords(e, doing), { code: 'google_429', retryAfterSeconds: 60 });
  if (e.httpStatus === 0) return new HttpError(504, googleErrorInWords(e, doing), { code: 'google_unreachable' });
  return new HttpError(502, googleErrorInWords(e, doing), { code: `google_${e.httpStatus}` });
}

const ZReply = z.object({ comment: z.string(), updateTime: z.iso.datetime({ offset: true }) });
const ZReviewWithReply = z.object({ reviewReply: ZReply.optional() });

/** SHA-256 of the request: one Idempotency-Key, one body. */
const requestHash = (verb: string, reviewId: string, comment: string) => createHash('sha256').update(JSON.stringify([verb, reviewId, comment])).digest('hex');

/**
 * Replies to a Google review, or replaces its reply (an edit).
 * @throws HttpError 404 (unknown or other client's review), 409 (Google not connected, key in
 *   progress), 422 (reply check; key reused with another body), 403 (send anyway by a
 *   non-owner), 429 (Google quota), 502 (Google refused), 504 (Google did not answer and the
 *   reply could not be read back)
 */
export async function replyToGoogleReview(ctx: AppContext, auth: AuthContext, reviewId: string, comment: string, idempotencyKey?: string, opts: { sendAnyway?: boolean } = {}): Promise<TGoogleReply> {
  const { review, location, conn } = await visibleGoogleReview(ctx, auth, reviewId);
  const clientId = review.clientId;
  const hash = requestHash('put', reviewId, comment);
  // The key is reserved before the reply check, so a second request with it meets the first
  // one's reservation (409, or its reply) rather than the check counting its words as repeated.
  if (idempotencyKey !== undefined && !(await reviewsRepo.reserveReplyKey(ctx.db, { clientId, key: idempotencyKey, requestHash: hash, reviewId: review.id }))) {
    const existing = await reviewsRepo.getReplyKey(ctx.db, clientId, idempotencyKey);
    if (existing && existing.requestHash !== hash) throw new HttpError(422, 'This Idempotency-Key was already used for a different reply; send a new key for a new reply.', { field: 'Idempotency-Key', code: 'idempotency_key_reused' });
    if (existing?.state === 'done' && existing.result) return existing.result as unknown as TGoogleReply;
    throw new HttpError(409, 'A reply with this Idempotency-Key is still in progress; try again in a moment.', { code: 'idempotency_in_progress' });
  }
  const release = async () => {
    if (idempotencyKey !== undefined) await reviewsRepo.releaseReplyKey(ctx.db, clientId, idempotencyKey).catch(() => undefined);
  };
  let previous: Awaited<ReturnType<typeof repo.storedReply>>;
  let overridden: string[];
  try {
    previous = await repo.storedReply(ctx.db, review.externalKey);
    // Editing a reply into the same words is not a new reply: nothing to check.
    overridden = previous?.comment === comment ? [] : await replyCheck(ctx, auth, review.outletId, clientId, comment, opts.sendAnyway === true, 'body.comment');
  } catch (e) {
    await release();
    throw e;
  }
  const path = `v4/${review.externalKey}`;
  let landed: z.infer<typeof ZReply>;
  try {
    landed = await withGoogleAccess(ctx, conn, async (token) => {
      try {
        return ZReply.parse(await ctx.google.call('PUT', 'mybusiness', `${path}/reply`, token, { body: { comment } }));
      } catch (e) {
        if (!(e instanceof GoogleApiError) || !e.outcomeUnknown) throw e;
        // The PUT may have landed: read the review back. The same words there means it did.
        const back = ZReviewWithReply.parse(await ctx.google.call('GET', 'mybusiness', path, token));
        if (back.reviewReply?.comment === comment) return back.reviewReply;
        throw e;
      }
    });
  } catch (e) {
    await release();
    if (e instanceof GoogleApiError) throw refusal(e, 'replying');
    if (e instanceof z.ZodError) throw new HttpError(502, 'Google answered the reply in a shape DineDesk does not know; check the review on Google.', { code: 'google_shape' });
    throw e;
  }
  const result: TGoogleReply = { comment: landed.comment, updateTime: new Date(landed.updateTime).toISOString(), authorName: auth.fullName };
  try {
    await ctx.db.transaction(async (tx) => {
      await repo.setStoredReply(tx, review, location, { comment: landed.comment, updateTime: new Date(landed.updateTime), authorUserId: auth.userId });
      await audit(tx, {
        clientId,
        actorUserId: auth.userId,
        action: previous ? 'review.reply_edited' : 'review.reply',
        target: `review:${review.id}`,
        details: { source: 'google', locationId: location.id, ...(overridden.length ? { sentDespite: overridden } : {}) },
      });
      if (idempotencyKey !== undefined) await reviewsRepo.finishReplyKey(tx, clientId, idempotencyKey, result as unknown as Record<string, unknown>);
    });
  } catch (e) {
    await release();
    throw e;
  }
  ctx.realtime.reviewsChanged({ pageId: location.id, reviewId: String(review.id), kind: 'comment', verb: previous ? 'edited' : 'add' });
  return result;
}

/**
 * Deletes a Google review's reply. Idempotent: a reply already gone (in DineDesk or on Google)
 * counts as deleted, and Google is asked even when DineDesk stored none (one written on Google
 * itself may not be synced yet).
 * @throws HttpError 404 (unknown review), 409 (Google not connected), 429, 502, 504
 */
export async function deleteGoogleReply(ctx: AppContext, auth: AuthContext, reviewId: string): Promise<void> {
  const { review, location, conn } = await visibleGoogleReview(ctx, auth, reviewId);
  const previous = await repo.storedReply(ctx.db, review.externalKey);
  try {
    await withGoogleAccess(ctx, conn, (token) => ctx.google.call('DELETE', 'mybusiness', `v4/${review.externalKey}/reply`, token));
  } catch (e) {
    if (!(e instanceof GoogleApiError)) throw e;
    // 404: the reply (or the review) is already gone on Google; the stored copy follows.
    if (e.httpStatus !== 404) throw refusal(e, 'deleting the reply');
  }
  if (!previous) return;
  await ctx.db.transaction(async (tx) => {
    await repo.setStoredReply(tx, review, location, null);
    await audit(tx, { clientId: review.clientId, actorUserId: auth.userId, action: 'review.reply_deleted', target: `review:${review.id}`, details: { source: 'google', locationId: location.id, comment: previous.comment.slice(0, 500) } });
  });
  ctx.realtime.reviewsChanged({ pageId: location.id, reviewId: String(review.id), kind: 'comment', verb: 'remove' });
}
