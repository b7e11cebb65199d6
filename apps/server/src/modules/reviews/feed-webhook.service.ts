import { z } from 'zod';
import type { TReviewsChangedEvent } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { reportBadItem } from './bad-items.ts';
import { ratingRow } from './review-sync.service.ts';
import * as repo from './reviews.repository.ts';
import { commentRow } from './reviews.service.ts';
import { queueAutomation } from '../automation/index.ts';
import { queueDetection } from '../complaints/index.ts';

/**
 * Page `feed` webhook changes for reviews ("a new review or comment appears live
 * without waiting for the periodic sync"; docs/requirements/platform-apis.md#feedratings-envelope;
 * Graph "Webhooks for Pages", fields `feed` and `ratings`):
 *
 *   {object:'page', entry:[{id: pageId, time, changes:[{field:'feed'|'ratings', value}]}]}
 *
 * - `value.item = 'rating'` (verb add/edited): the review is upserted like the sync does
 *   (`open_graph_story_id`, `rating`, `review_text`, `recommendation_type`, `reviewer_id`,
 *   `reviewer_name`, `created_time` in epoch seconds); verb remove deletes it.
 * - `value.item = 'comment'` on a review's story (`post_id`): a top-level comment is upserted
 *   (`comment_id`, `message`, `from` or `sender_id`/`sender_name`); remove and hide delete it.
 *   Replies to comments and comments on other posts are not review comments: ignored.
 * - Every other item (status, photo, reaction, share, ...) is ignored.
 *
 * Deliveries are at least once and unordered: both upserts are keyed (review by page and story,
 * comment by id), so a replay converges. Text is cleaned, never refused. A change that cannot
 * be used is logged once and skipped: Meta would only retry it forever, so it is acknowledged.
 * After commit, `reviews:changed` goes to the page's socket room so open screens refresh.
 */

const ZChange = z.looseObject({ field: z.string(), value: z.looseObject({ item: z.string().optional(), verb: z.string().optional() }) });
const ZFrom = z.looseObject({ id: z.string(), name: z.string().optional() });
/** Epoch seconds (Meta's feed times) or an ISO string; anything else is unusable. */
const ZFeedTime = z.union([z.number(), z.string()]);
const ZRatingValue = z.looseObject({
  verb: z.string(),
  open_graph_story_id: z.string().optional(),
  post_id: z.string().optional(),
  rating: z.number().optional(),
  review_text: z.string().optional(),
  recommendation_type: z.enum(['positive', 'negative']).optional(),
  reviewer_id: z.string().optional(),
  reviewer_name: z.string().optional(),
  from: ZFrom.optional(),
  created_time: ZFeedTime.optional(),
});
const ZCommentValue = z.looseObject({
  verb: z.string(),
  comment_id: z.string(),
  post_id: z.string(),
  parent_id: z.string().optional(),
  message: z.string().optional(),
  from: ZFrom.optional(),
  sender_id: z.string().optional(),
  sender_name: z.string().optional(),
  created_time: ZFeedTime.optional(),
});

/** Feed time as Graph's string form, or an unparseable marker that the row builders refuse. */
function feedTime(t: number | string | undefined, fallback: Date): string {
  if (t === undefined) return fallback.toISOString();
  if (typeof t === 'string') return t;
  // Seconds, as Meta sends; out-of-range numbers make an invalid Date, refused downstream.
  const d = new Date(t * 1000);
  return Number.isNaN(d.getTime()) ? 'invalid' : d.toISOString();
}

type Entry = { id: string; changes?: unknown };

/**
 * Applies the `changes` of a verified `object: page` delivery (entries without changes are left
 * to the messaging ingest).
 * @returns how many changes were applied and how many were ignored or skipped
 */
export async function ingestFeedChanges(ctx: AppContext, body: { object: string; entry: Entry[] }): Promise<{ applied: number; skipped: number }> {
  let applied = 0;
  let skipped = 0;
  if (body.object !== 'page') return { applied, skipped };
  const out: TReviewsChangedEvent[] = [];
  for (const entry of body.entry) {
    const changes = Array.isArray(entry.changes) ? entry.changes : [];
    if (!changes.length) continue;
    const page = await repo.getPage(ctx.db, entry.id);
    for (const raw of changes) {
      const change = ZChange.safeParse(raw);
      if (!page || !change.success || (change.data.field !== 'feed' && change.data.field !== 'ratings')) {
        skipped++;
        continue;
      }
      try {
        const item = change.data.value.item;
        const event = item === 'rating' ? await applyRating(ctx, page, change.data.value) : item === 'comment' ? await applyComment(ctx, page, change.data.value) : null;
        if (event) {
          out.push(event);
          applied++;
        } else skipped++;
      } catch (e) {
        skipped++;
        reportBadItem(ctx, 'feed_change', `${entry.id}:${JSON.stringify(change.data.value).slice(0, 200)}`, (e as Error).message, { pageId: entry.id });
      }
    }
  }
  // Every change above has committed (each in its own statement or transaction).
  for (const e of out) ctx.realtime.reviewsChanged(e);
  return { applied, skipped };
}

async function applyRating(ctx: AppContext, page: repo.PageRow, value: unknown): Promise<TReviewsChangedEvent | null> {
  const parsed = ZRatingValue.safeParse(value);
  if (!parsed.success) {
    reportBadItem(ctx, 'feed_rating', JSON.stringify(value).slice(0, 200), parsed.error.issues[0]!.message, { pageId: page.id });
    return null;
  }
  const v = parsed.data;
  const storyId = v.open_graph_story_id ?? v.post_id;
  const verb = v.verb === 'edited' || v.verb === 'edit' ? 'edited' : v.verb;
  if (verb === 'remove') {
    if (!storyId) return null;
    const removedId = await repo.deleteReviewByKey(ctx.db, page.id, storyId);
    return removedId !== null ? { pageId: page.id, reviewId: String(removedId), kind: 'review', verb: 'remove' } : null;
  }
  if (verb !== 'add' && verb !== 'edited') return null;
  const reviewerId = v.reviewer_id ?? v.from?.id;
  const graphLike = {
    created_time: feedTime(v.created_time, ctx.now()),
    ...(v.rating !== undefined ? { rating: v.rating, has_rating: true } : { has_rating: false }),
    ...(v.recommendation_type ? { recommendation_type: v.recommendation_type } : {}),
    review_text: v.review_text ?? '',
    ...(reviewerId ? { reviewer: { id: reviewerId, name: v.reviewer_name ?? v.from?.name ?? 'Facebook user' } } : {}),
    ...(storyId ? { open_graph_story: { id: storyId } } : {}),
  };
  const row = ratingRow(ctx, page, graphLike, ctx.now());
  if (!row) return null;
  await repo.upsertReviews(ctx.db, [row]);
  await queueDetection(ctx, page.clientId, page.outletId);
  await queueAutomation(ctx, page.clientId, page.outletId);
  const storedId = await repo.findReviewIdByKey(ctx.db, page.id, row.externalKey);
  return { pageId: page.id, reviewId: storedId !== null ? String(storedId) : null, kind: 'review', verb };
}

async function applyComment(ctx: AppContext, page: repo.PageRow, value: unknown): Promise<TReviewsChangedEvent | null> {
  const parsed = ZCommentValue.safeParse(value);
  if (!parsed.success) {
    reportBadItem(ctx, 'feed_comment', JSON.stringify(value).slice(0, 200), parsed.error.issues[0]!.message, { pageId: page.id });
    return null;
  }
  const v = parsed.data;
  // Only comments on a review's story, at the top level (what the comments call lists).
  if (v.parent_id && v.parent_id !== v.post_id) return null;
  const review = await repo.findReviewByStory(ctx.db, page.id, v.post_id);
  if (!review) return null;
  const event = (verb: TReviewsChangedEvent['verb']): TReviewsChangedEvent => ({ pageId: page.id, reviewId: String(review.id), kind: 'comment', verb });
  if (v.verb === 'remove' || v.verb === 'hide') {
    await ctx.db.transaction(async (tx) => {
      await repo.deleteComment(tx, review.id, v.comment_id);
      await repo.refreshReviewCounters(tx, review.id);
    });
    return event('remove');
  }
  if (v.verb !== 'add' && v.verb !== 'edited' && v.verb !== 'edit') return null;
  const fromId = v.from?.id ?? v.sender_id;
  const row = commentRow(
    ctx,
    {
      id: v.comment_id,
      message: v.message ?? '',
      ...(fromId ? { from: { id: fromId, name: v.from?.name ?? v.sender_name ?? '' } } : {}),
      created_time: feedTime(v.created_time, ctx.now()),
    },
    review,
    page.id,
  );
  if (!row) return null;
  await ctx.db.transaction(async (tx) => {
    await repo.upsertComment(tx, row);
    await repo.refreshReviewCounters(tx, review.id);
  });
  return event(v.verb === 'add' ? 'add' : 'edited');
}
