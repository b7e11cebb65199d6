import type { AppContext } from '../../context.ts';
import { z } from 'zod';
import { type GraphAnswer, GraphError, graphMajor } from '../../lib/graph-client.ts';
import { graphCodeLabel, rateLimitWaitSeconds } from '../../lib/graph-errors.ts';
import { defineJob } from '../../lib/jobs.ts';
import { cleanText } from '../../lib/text.ts';
import { reviewSentiment } from '../../lib/sentiment.ts';
import { decryptPageToken, recordTokenDeath, tokenIsDead } from '../meta/index.ts';
import { reportBadItem } from './bad-items.ts';
import * as repo from './reviews.repository.ts';
import type { PageRow, ReviewInsert } from './reviews.repository.ts';
import { queueAutomation } from '../automation/index.ts';
import { queueDetection } from '../complaints/index.ts';

/**
 * Review sync (docs/decisions/0002-review-sync.md): Graph `/{page-id}/ratings` into the
 * `reviews` table, one page on demand (`sync-fb-reviews`) or every connected page periodically.
 */

/**
 * A rating as Graph API `/{page-id}/ratings` returns it
 * (docs/requirements/platform-apis.md#page-ratings-reviews-and-comments). Checked item by item: one
 * rating DineDesk cannot use is skipped and logged, the others are synced.
 */
export const ZGraphRating = z.looseObject({
  created_time: z.string(),
  has_rating: z.boolean().optional(),
  has_review: z.boolean().optional(),
  rating: z.number().finite().optional(),
  recommendation_type: z.enum(['positive', 'negative']).optional(),
  review_text: z.string().optional(),
  reviewer: z.object({ id: z.string().min(1), name: z.string() }).optional(),
  open_graph_story: z.object({ id: z.string().min(1) }).optional(),
});


const RATING_FIELDS = 'created_time,has_rating,has_review,rating,recommendation_type,review_text,reviewer{id,name},open_graph_story{id}';

export interface SyncResult {
  pageId: string;
  status: 'ok' | 'failed' | 'deprecated' | 'token_invalid' | 'rate_limited' | 'never';
  fetched: number;
  /** `rate_limited`: seconds until the page's next sync, already queued. */
  resumesInSeconds?: number;
}

/**
 * A Graph time (`2024-05-01T10:00:00+0000`, ratings and comments alike).
 * @returns the time, or null when it is not one ISO 8601 can carry (four-digit years)
 */
export function graphTime(s: string): Date | null {
  // Graph writes `2024-05-01T10:00:00+0000`; Date needs the colon in the offset.
  const d = new Date(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1000 || d.getUTCFullYear() > 9999 ? null : d;
}

/**
 * One Graph rating as a `reviews` row: texts from Meta are cleaned (control characters dropped,
 * lone surrogates replaced; "text that arrives from Meta is cleaned, never refused").
 * @returns null (logged once) when the rating cannot be used: wrong shape or an impossible time
 */
export function ratingRow(ctx: AppContext, page: PageRow, raw: unknown, now: Date): ReviewInsert | null {
  const parsed = ZGraphRating.safeParse(raw);
  const where = { pageId: page.id };
  const story = (raw as { open_graph_story?: { id?: unknown } } | null)?.open_graph_story?.id;
  const itemId = typeof story === 'string' ? story : JSON.stringify(raw ?? null).slice(0, 120);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    reportBadItem(ctx, 'graph_rating', itemId, `${issue.path.join('.')}: ${issue.message}`, where);
    return null;
  }
  const r = parsed.data;
  const createdTime = graphTime(r.created_time);
  if (!createdTime) {
    reportBadItem(ctx, 'graph_rating', itemId, `created_time is not a usable time: ${r.created_time.slice(0, 40)}`, where);
    return null;
  }
  const reviewer = r.reviewer ? { id: cleanText(r.reviewer.id), name: cleanText(r.reviewer.name) } : { id: 'unknown', name: 'Facebook user' };
  const storyId = r.open_graph_story ? cleanText(r.open_graph_story.id) : null;
  const reviewText = cleanText(r.review_text ?? '');
  const rating = r.has_rating === false || r.rating === undefined ? null : Math.max(1, Math.min(5, Math.round(r.rating)));
  const recommendationType = r.recommendation_type ?? ((r.rating ?? 5) >= 3 ? 'positive' : 'negative');
  const sentiment = reviewSentiment(reviewText, { rating, recommendation: recommendationType });
  return {
    clientId: page.clientId,
    outletId: page.outletId,
    pageId: page.id,
    externalKey: storyId ?? `r:${reviewer.id}:${r.created_time}`,
    storyId,
    reviewerId: reviewer.id,
    reviewerName: reviewer.name,
    rating,
    recommendationType,
    reviewText,
    createdTime,
    sentimentScore: sentiment.score,
    sentiment: sentiment.label,
    syncedAt: now,
  };
}

/** `2026-01-02 03:04 UTC`. */
const utcMinute = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The owner's explanation once Facebook no longer offers the page's reviews (English; the
 * screens word it in the owner's language from `reviewsEnded`).
 * @param version the Graph version Facebook answered on
 */
export function reviewsEndedMessage(version: string, storedCount: number, lastSyncedAt: Date | null): string {
  const since = lastSyncedAt ? ` (last successful sync ${utcMinute(lastSyncedAt)})` : '';
  return `Facebook no longer offers Page reviews to apps: Graph API ${version} has none (Meta removed them from v22.0; v21.0, the last version with them, is retired on 2027-01-21). DineDesk keeps the ${storedCount} reviews it already synced${since}, readable and searchable, and no longer asks Facebook for new ones.`;
}

/**
 * Plain-words reason shown to the owner when a sync could not complete ("keeps what it
 * synced and tells the user why"). A dead token (190) is worded by the meta module
 * (`recordTokenDeath`); a rate limit names when syncing resumes.
 * @param resumeAt rate limits: when the page's next sync is queued to run
 */
export function syncMessage(ctx: AppContext, err: GraphError, storedCount: number, lastSyncedAt: Date | null, resumeAt?: Date): { status: SyncResult['status']; message: string } {
  const since = lastSyncedAt ? ` (last successful sync ${utcMinute(lastSyncedAt)})` : '';
  if (err.isRateLimit) {
    return {
      status: 'rate_limited',
      message: `Facebook is rate-limiting this page (${graphCodeLabel(err)}: ${err.message.replace(/^\(#\d+\)\s*/, '')}). DineDesk pauses its calls for this page and resumes by itself${resumeAt ? ` at ${utcMinute(resumeAt)}` : ''}; the ${storedCount} reviews synced earlier stay visible${since}.`,
    };
  }
  if (err.isDeprecated) return { status: 'deprecated', message: reviewsEndedMessage(err.servedVersion ?? ctx.config.graph.version, storedCount, lastSyncedAt) };
  return {
    status: 'failed',
    message: `The last sync with Facebook failed (${err.message}). Showing the ${storedCount} reviews synced earlier${since}; DineDesk retries automatically.`,
  };
}

/**
 * Syncs one page's ratings from the Graph API into the database, all or nothing: the page's
 * rows are upserted in one transaction only after every Graph page was read. On a Graph error
 * the stored reviews are kept and the page records why (status + message). A rating that
 * cannot be used is skipped (logged once) and the others are synced; any other failure marks
 * the page `failed` with the reason instead of leaving it claiming `ok`.
 */
export async function syncPage(ctx: AppContext, pageId: string): Promise<SyncResult> {
  const page = await repo.getPage(ctx.db, pageId);
  if (!page) throw new Error(`unknown page ${pageId}`);
  const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
  if (!token) {
    await repo.setPageSync(ctx.db, pageId, { status: 'token_invalid', message: 'This Facebook Page is not connected yet. Connect it to sync its reviews.' });
    return { pageId, status: 'token_invalid', fetched: 0 };
  }
  // Facebook no longer offers the reviews (an error 12 seen before, or a v22.0+ version set):
  // nothing is asked any more, the stored reviews stay (docs/decisions/0047).
  const configuredMajor = graphMajor(ctx.config.graph.version);
  if (page.reviewsEndedAt || configuredMajor >= 22) {
    // A dead token stays the page's state: reconnecting is still needed for its messages.
    if (tokenIsDead(page)) return { pageId, status: 'token_invalid', fetched: 0 };
    const n = await repo.countPageReviews(ctx.db, pageId);
    const version = page.graphVersion && graphMajor(page.graphVersion) >= 22 ? page.graphVersion : configuredMajor >= 22 ? ctx.config.graph.version : (page.graphVersion ?? 'v22.0');
    await repo.setPageSync(ctx.db, pageId, { status: 'deprecated', message: reviewsEndedMessage(version, n, page.lastSyncedAt), graphVersion: version, reviewsEndedAt: ctx.now() });
    return { pageId, status: 'deprecated', fetched: 0 };
  }
  const answer: GraphAnswer = { servedVersion: null };
  try {
    const summary = await ctx.graph.get<{ overall_star_rating?: number; rating_count?: number }>(pageId, { fields: 'overall_star_rating,rating_count' }, token, answer);
    const ratings: unknown[] = [];
    for await (const batch of ctx.graph.paginate<unknown>(`${pageId}/ratings`, { fields: RATING_FIELDS, limit: 100 }, token, 100, answer)) {
      if (Array.isArray(batch)) ratings.push(...batch);
    }
    const now = ctx.now();
    const rows = ratings.map((r) => ratingRow(ctx, page, r, now)).filter((r) => r !== null);
    await ctx.db.transaction(async (tx) => {
      await repo.upsertReviews(tx, rows);
      await repo.setPageSync(tx, pageId, {
        status: 'ok',
        message: null,
        syncedAt: now,
        overallStarRating: summary.overall_star_rating ?? null,
        ratingCount: summary.rating_count ?? 0,
        graphVersion: answer.servedVersion,
      });
    });
    // Bad new reviews become complaints; the job is queued once per outlet at a time.
    if (rows.length) {
      await queueDetection(ctx, page.clientId, page.outletId);
      await queueAutomation(ctx, page.clientId, page.outletId);
    }
    return { pageId, status: 'ok', fetched: rows.length };
  } catch (e) {
    if (!(e instanceof GraphError)) {
      // Not Facebook's doing (a bug, the database): say so on the page and let the caller log it.
      await repo
        .setPageSync(ctx.db, pageId, { status: 'failed', message: `The last sync failed inside DineDesk (${(e as Error).message.slice(0, 200)}). The reviews synced earlier stay visible; DineDesk retries automatically.` })
        .catch(() => undefined);
      throw e;
    }
    if (e.isTokenError) {
      // The token is dead: recorded page-wide, and the page is left out of syncs until reconnected.
      await recordTokenDeath(ctx, page, e);
      return { pageId, status: 'token_invalid', fetched: 0 };
    }
    const n = await repo.countPageReviews(ctx.db, pageId);
    if (e.isRateLimit) {
      // Not again inside the window: the page's next sync waits in the queue.
      const wait = rateLimitWaitSeconds(e, ctx.config.graph.rateLimitWait);
      await ctx.jobs.sendAt(reviewSyncPageJob, { clientId: page.clientId, outletId: page.outletId, pageId }, { singletonKey: pageId, startAfterSeconds: wait });
      const { status, message } = syncMessage(ctx, e, n, page.lastSyncedAt, new Date(ctx.now().getTime() + wait * 1000));
      await repo.setPageSync(ctx.db, pageId, { status, message });
      return { pageId, status, fetched: 0, resumesInSeconds: wait };
    }
    const { status, message } = syncMessage(ctx, e, n, page.lastSyncedAt);
    // Error 12 is final: recorded once with the version that answered it, never retried.
    await repo.setPageSync(ctx.db, pageId, { status, message, graphVersion: e.servedVersion, ...(e.isDeprecated ? { reviewsEndedAt: ctx.now() } : {}) });
    return { pageId, status, fetched: 0 };
  }
}

/**
 * `reviews.sync-page`: one page's ratings (syncPage), queued for every connected page by the
 * sync tick (jobs.ts). Graph down or slow (codes 1/2, 5xx, timeouts, after the client's own
 * retries) or the database failing is recorded on the page and thrown, so pg-boss retries with
 * backoff. A rate limit (4/17/32/613) is recorded and the page's next sync queued after the
 * window (`rateLimitWaitSeconds`: Graph's regain estimate, bounded), so nothing calls Graph
 * inside it. A dead token (190) or a deprecated API (12) is recorded and not retried (the owner
 * must act, or nothing can be done); a page whose token is dead is skipped without calling Graph
 * until it is reconnected, and one whose reviews ended is not asked for them again.
 */
export const reviewSyncPageJob = defineJob<{ clientId: string; outletId: string; pageId: string }, AppContext>({
  name: 'reviews.sync-page',
  subject: 'Review',
  schema: z.object({ clientId: z.uuid(), outletId: z.uuid(), pageId: z.string().min(1).max(256) }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  policy: 'stately',
  concurrency: 2,
  async handler(ctx, data) {
    const page = await repo.getPage(ctx.db, data.pageId);
    if (!page) return { skipped: 'page removed' };
    if (tokenIsDead(page)) return { skipped: 'token dead; reconnect the page' };
    const result = await syncPage(ctx, data.pageId);
    if (result.status === 'failed') throw new Error(`review sync of page ${data.pageId} failed; the page shows why`);
    return { ...result };
  },
});
