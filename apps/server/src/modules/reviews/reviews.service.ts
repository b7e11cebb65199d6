import { and, eq, notInArray } from 'drizzle-orm';
import type { TFbComment, TGetFbCommentsResponse } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { schema } from '../../db/client.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { parseCursor } from '../../lib/keyset.ts';
import { GraphError } from '../../lib/graph-client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { decryptPageToken } from '../meta/page-tokens.ts';
import { syncPage } from '../meta/review-sync.ts';
import * as repo from './reviews.repository.ts';

/**
 * Facebook reviews of the caller's client: list (from the synced copy), comments (live from
 * Graph with the stored copy as fallback), reply (Graph `POST /{story-id}/comments`).
 * Every id received is checked against the caller's client and visible outlets; ids of another
 * client answer 404 so their existence is not revealed (docs/decisions/0004-tenant-ids.md).
 */

/** @throws HttpError 404 unless the page belongs to the caller's client and a visible outlet. */
export async function visiblePage(ctx: AppContext, auth: AuthContext, pageId: string): Promise<repo.PageRow> {
  const page = await repo.getPage(ctx.db, pageId);
  if (!page || page.clientId !== auth.clientId || (auth.outletIds && !auth.outletIds.includes(page.outletId))) {
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
  return { data: rows, paging: { nextCursor: next } };
}

interface GraphComment {
  id: string;
  message?: string;
  from?: { id: string; name: string };
  created_time: string;
}

/**
 * Comments of a review, read live from Graph `GET /{story-id}/comments` and stored; when Graph
 * fails the stored copy is answered with a notice (source `cache`).
 */
export async function listComments(ctx: AppContext, auth: AuthContext, pageId: string, reviewId: string): Promise<TGetFbCommentsResponse> {
  const { page, review } = await visibleReview(ctx, auth, pageId, reviewId);
  if (!review.storyId) {
    return { data: [], source: 'graph', notice: 'Facebook does not allow comments on reviews written before August 2018.' };
  }
  const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
  if (!token) {
    return { data: await repo.listStoredComments(ctx.db, review.id), source: 'cache', notice: 'This Facebook Page is not connected; showing the comments stored earlier.' };
  }
  try {
    const fetched: GraphComment[] = [];
    for await (const batch of ctx.graph.paginate<GraphComment>(
      `${review.storyId}/comments`,
      { fields: 'id,message,from{id,name},created_time', order: 'chronological', limit: 100 },
      token,
      20,
    )) fetched.push(...batch);
    await ctx.db.transaction(async (tx) => {
      for (const c of fetched) {
        const row = {
          id: c.id,
          reviewId: review.id,
          clientId: review.clientId,
          message: c.message ?? '',
          fromId: c.from?.id ?? null,
          fromName: c.from?.name ?? null,
          isPageReply: c.from?.id === page.id,
          createdTime: new Date(c.created_time.replace(/([+-]\d{2})(\d{2})$/, '$1:$2')),
        };
        await tx.insert(schema.reviewComments).values(row).onConflictDoUpdate({ target: schema.reviewComments.id, set: { message: row.message, fromName: row.fromName } });
      }
      // Comments deleted on Facebook disappear here too: Graph is the source of truth.
      const keep = fetched.map((c) => c.id);
      await tx
        .delete(schema.reviewComments)
        .where(keep.length ? and(eq(schema.reviewComments.reviewId, review.id), notInArray(schema.reviewComments.id, keep)) : eq(schema.reviewComments.reviewId, review.id));
      await repo.refreshReviewCounters(tx, review.id);
    });
    return { data: await repo.listStoredComments(ctx.db, review.id), source: 'graph', notice: null };
  } catch (e) {
    if (!(e instanceof GraphError)) throw e;
    const reason = e.isTokenError ? 'Facebook rejected the page token; reconnect the page.' : `Facebook could not be read (${e.message}).`;
    return { data: await repo.listStoredComments(ctx.db, review.id), source: 'cache', notice: `${reason} Showing the comments stored earlier.` };
  }
}

/**
 * Publishes a public reply as the page: Graph `POST /{open_graph_story_id}/comments` with the
 * page token (needs pages_manage_engagement, external-apis.md §2), then stores it.
 * @throws HttpError 404 (unknown or other client's ids), 409 (review has no story: pre Aug 2018),
 *   409 (page not connected), 502 (Facebook refused or could not be reached; nothing stored)
 */
export async function reply(ctx: AppContext, auth: AuthContext, pageId: string, reviewId: string, message: string): Promise<TFbComment> {
  const { page, review } = await visibleReview(ctx, auth, pageId, reviewId);
  if (!review.storyId) throw new HttpError(409, 'Facebook does not allow replies to reviews written before August 2018.', { field: 'reviewId' });
  const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
  if (!token) throw new HttpError(409, 'This Facebook Page is not connected. Connect it to reply to its reviews.', { field: 'pageId' });
  let id: string;
  try {
    ({ id } = await ctx.graph.post<{ id: string }>(`${review.storyId}/comments`, { message }, token));
  } catch (e) {
    if (!(e instanceof GraphError)) throw e;
    const why = e.isTokenError ? 'the page token expired or was revoked; reconnect the page' : e.message;
    throw new HttpError(502, `Facebook did not accept the reply: ${why}`, { code: `graph_${e.code}` });
  }
  const createdTime = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(schema.reviewComments)
      .values({ id, reviewId: review.id, clientId: review.clientId, message, fromId: page.id, fromName: page.name, isPageReply: true, authorUserId: auth.userId, createdTime })
      .onConflictDoNothing();
    await repo.refreshReviewCounters(tx, review.id);
    await tx.insert(schema.auditLog).values({ clientId: review.clientId, actorUserId: auth.userId, action: 'review.reply', target: `review:${review.id}`, details: { pageId, commentId: id } });
  });
  return { id, message, from: { id: page.id, name: page.name }, createdTime: createdTime.toISOString(), isPageReply: true, authorName: auth.fullName };
}

/** On-demand sync of one page (the periodic sync does the same for all pages). */
export async function syncNow(ctx: AppContext, auth: AuthContext, pageId: string) {
  await visiblePage(ctx, auth, pageId);
  const result = await syncPage(ctx, pageId);
  const [page] = (await repo.listPages(ctx.db, auth.clientId!, auth.outletIds)).filter((p) => p.id === pageId);
  return { page: page!, fetched: result.fetched };
}
