import { z } from 'zod';
import type { TGoogleLocation } from '@dinedesk/contracts';
import { HttpError } from '../../lib/errors.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import type { AppContext } from '../../context.ts';
import { GoogleApiError } from '../../lib/google-client.ts';
import { defineJob } from '../../lib/jobs.ts';
import { SingleFlight } from '../../lib/single-flight.ts';
import { reviewSentiment } from '../../lib/sentiment.ts';
import { cleanText } from '../../lib/text.ts';
import { reportBadItem } from '../reviews/index.ts';
import { googleErrorInWords, withGoogleAccess } from './google-access.ts';
import * as repo from './google.repository.ts';
import { queueAutomation } from '../automation/index.ts';
import { queueDetection } from '../complaints/index.ts';

/**
 * Google review sync (docs/requirements/platform-apis.md#google-business-profile,
 * docs/decisions/0024): v4 `accounts/{a}/locations/{l}/reviews?orderBy=updateTime desc` into
 * `reviews` (source google), each review's reply into `review_comments`. Incremental: pages are
 * read newest change first and the read stops at the first review not changed since the last sync
 * (`synced_through`, less an overlap for reviews sharing a second). A first sync, and a sync asked
 * for by a person, read everything: replies written on Google itself do not move a review's
 * `updateTime`.
 */

/** Reviews per page (Google's maximum,
 * docs/requirements/platform-apis.md#google-business-profile). */
const PAGE_SIZE = 50;
/** Pages per sync at most (10,000 reviews): a runaway listing ends instead of looping. */
const MAX_PAGES = 200;
/** Re-read this far before the newest stored change, ms: reviews changed within the same instant. */
const OVERLAP_MS = 5 * 60_000;

const STARS = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as const;

/** A v4 review as Google lists it; checked item by item (one bad review never stops a sync). */
const ZGoogleReview = z.object({
  name: z.string().regex(/^accounts\/\d+\/locations\/\d+\/reviews\/[\w-]{1,200}$/),
  reviewId: z.string().min(1).max(200),
  reviewer: z.object({ displayName: z.string().max(1000).optional(), isAnonymous: z.boolean().optional() }).optional(),
  starRating: z.enum(['STAR_RATING_UNSPECIFIED', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE']),
  comment: z.string().optional(),
  createTime: z.iso.datetime({ offset: true }),
  updateTime: z.iso.datetime({ offset: true }),
  reviewReply: z.object({ comment: z.string(), updateTime: z.iso.datetime({ offset: true }) }).optional(),
});
const ZReviewsPage = z.object({
  reviews: z.array(z.unknown()).optional(),
  averageRating: z.number().optional(),
  totalReviewCount: z.number().int().optional(),
  nextPageToken: z.string().optional(),
});

export interface GoogleSyncResult {
  locationId: string;
  status: 'ok' | 'failed' | 'token_invalid' | 'rate_limited' | 'never';
  fetched: number;
  /** Reviews that were not stored before this sync. */
  added: number;
  resumesInSeconds?: number;
}

/** Seconds to wait after a 429 before the next sync of the location (Google gives no estimate). */
function quotaWaitSeconds(ctx: AppContext): number {
  return Math.max(60, ctx.config.graph.rateLimitWait.minSeconds);
}

/**
 * Syncs one location's reviews from Google.
 * @param full read every review (first sync, or a person asked); else only what changed
 */
export async function syncLocation(ctx: AppContext, locationId: string, opts: { full?: boolean } = {}): Promise<GoogleSyncResult> {
  const loc = await repo.getLocation(ctx.db, locationId);
  if (!loc) throw new Error(`unknown Google location ${locationId}`);
  const conn = loc.connectionId ? await repo.getConnection(ctx.db, loc.connectionId) : undefined;
  if (!conn || conn.status === 'dead') {
    const message = conn?.statusMessage ?? 'No connected Google account manages this location any more. Reconnect Google.';
    await repo.setLocationSync(ctx.db, locationId, { status: 'token_invalid', message });
    return { locationId, status: 'token_invalid', fetched: 0, added: 0 };
  }
  const full = opts.full === true || loc.syncedThrough === null;
  const stopAt = full ? null : loc.syncedThrough!.getTime() - OVERLAP_MS;
  const v4 = `v4/${loc.accountName}/${loc.id}/reviews`;
  try {
    const raw: unknown[] = [];
    let summary: { averageRating?: number; totalReviewCount?: number } = {};
    await withGoogleAccess(ctx, conn, async (token) => {
      raw.length = 0;
      let pageToken: string | undefined;
      for (let i = 0; i < MAX_PAGES; i++) {
        const page = ZReviewsPage.parse(await ctx.google.call('GET', 'mybusiness', v4, token, { query: { pageSize: PAGE_SIZE, pageToken, orderBy: 'updateTime desc' } }));
        if (i === 0) summary = { averageRating: page.averageRating, totalReviewCount: page.totalReviewCount };
        const items = page.reviews ?? [];
        raw.push(...items);
        const oldest = items.length ? Date.parse(String((items[items.length - 1] as { updateTime?: unknown })?.updateTime ?? '')) : NaN;
        pageToken = page.nextPageToken;
        if (!pageToken || (stopAt !== null && Number.isFinite(oldest) && oldest < stopAt)) break;
      }
    });
    const now = ctx.now();
    const parsed = raw.flatMap((item) => {
      const r = ZGoogleReview.safeParse(item);
      if (r.success) return [r.data];
      const name = typeof (item as { name?: unknown })?.name === 'string' ? (item as { name: string }).name : JSON.stringify(item ?? null).slice(0, 120);
      reportBadItem(ctx, 'google_review', name, `${r.error.issues[0]!.path.join('.')}: ${r.error.issues[0]!.message}`, { locationId });
      return [];
    });
    const rows: repo.GoogleReviewInsert[] = parsed.map((r) => {
      const text = cleanText(r.comment ?? '');
      const rating = r.starRating === 'STAR_RATING_UNSPECIFIED' ? null : STARS[r.starRating];
      // Google has stars only: no recommendation to read when they are missing.
      const s = reviewSentiment(text, { rating, recommendation: null });
      const anonymous = r.reviewer?.isAnonymous === true;
      return {
        clientId: loc.clientId,
        outletId: loc.outletId,
        source: 'google',
        googleLocationId: loc.id,
        externalKey: r.name,
        storyId: null,
        reviewerId: `google:${r.reviewId}`,
        reviewerName: anonymous ? 'A Google user' : cleanText(r.reviewer?.displayName ?? '').slice(0, 200) || 'A Google user',
        rating,
        recommendationType: rating === null || rating >= 3 ? 'positive' : 'negative',
        reviewText: text,
        createdTime: new Date(r.createTime),
        updateTime: new Date(r.updateTime),
        sentimentScore: s.score,
        sentiment: s.label,
        syncedAt: now,
      };
    });
    const before = await repo.countLocationReviews(ctx.db, loc.id);
    const newest = parsed.reduce<number | null>((m, r) => Math.max(m ?? 0, Date.parse(r.updateTime)), null);
    await ctx.db.transaction(async (tx) => {
      const ids = await repo.upsertGoogleReviews(tx, rows);
      for (const r of parsed) {
        const id = ids.get(r.name);
        if (id === undefined) continue;
        await repo.setStoredReply(
          tx,
          { id, clientId: loc.clientId, externalKey: r.name },
          loc,
          r.reviewReply ? { comment: cleanText(r.reviewReply.comment), updateTime: new Date(r.reviewReply.updateTime) } : null,
        );
      }
      await repo.setLocationSync(tx, loc.id, {
        status: 'ok',
        message: null,
        syncedAt: now,
        syncedThrough: newest !== null && (loc.syncedThrough === null || newest > loc.syncedThrough.getTime()) ? new Date(newest) : loc.syncedThrough,
        averageRating: summary.averageRating ?? null,
        totalReviewCount: summary.totalReviewCount ?? 0,
      });
    });
    const after = await repo.countLocationReviews(ctx.db, loc.id);
    const added = Math.max(0, after - before);
    if (added > 0 || rows.length > 0) ctx.realtime.reviewsChanged({ pageId: loc.id, reviewId: null, kind: 'review', verb: added > 0 ? 'add' : 'edited' });
    // Bad new reviews become complaints.
    if (rows.length > 0) {
      await queueDetection(ctx, loc.clientId, loc.outletId);
      await queueAutomation(ctx, loc.clientId, loc.outletId);
    }
    return { locationId, status: 'ok', fetched: rows.length, added };
  } catch (e) {
    if (!(e instanceof GoogleApiError) && !(e instanceof z.ZodError)) {
      await repo.setLocationSync(ctx.db, locationId, { status: 'failed', message: `The last Google sync failed inside DineDesk (${(e as Error).message.slice(0, 200)}). The reviews synced earlier stay visible; DineDesk retries automatically.` }).catch(() => undefined);
      throw e;
    }
    if (e instanceof z.ZodError) {
      await repo.setLocationSync(ctx.db, locationId, { status: 'failed', message: 'Google answered the reviews list in a shape DineDesk does not know. The reviews synced earlier stay visible.' });
      return { locationId, status: 'failed', fetched: 0, added: 0 };
    }
    if (e.isGrantDead) return { locationId, status: 'token_invalid', fetched: 0, added: 0 };
    if (e.isQuota) {
      const wait = quotaWaitSeconds(ctx);
      await ctx.jobs.sendAt(googleSyncLocationJob, { clientId: loc.clientId, outletId: loc.outletId, locationId }, { singletonKey: locationId, startAfterSeconds: wait });
      const resume = new Date(ctx.now().getTime() + wait * 1000);
      await repo.setLocationSync(ctx.db, locationId, { status: 'rate_limited', message: `${googleErrorInWords(e, 'reading reviews')} The next sync runs at ${resume.toISOString().slice(0, 16).replace('T', ' ')} UTC.` });
      return { locationId, status: 'rate_limited', fetched: 0, added: 0, resumesInSeconds: wait };
    }
    await repo.setLocationSync(ctx.db, locationId, { status: 'failed', message: `${googleErrorInWords(e, 'reading reviews')} The reviews synced earlier stay visible.` });
    if (e.isTransient) throw e;
    return { locationId, status: 'failed', fetched: 0, added: 0 };
  }
}

/** Syncs of one location asked for by people, running in this process (by location name). */
const locationSyncs = new SingleFlight<{ fetched: number }>();

/**
 * A sync asked for by a person (`google/sync`): every review, replies included, now. Presses
 * while that location syncs start nothing new: they get the running sync's answer (this
 * process), or, when its sync job is running (any process), `alreadyRunning` with `fetched: 0`.
 * @throws HttpError 404 naming `body.locationId` unless the location is linked to an outlet the caller sees
 */
export async function syncLocationNow(ctx: AppContext, auth: AuthContext, locationId: string): Promise<{ location: TGoogleLocation; fetched: number; alreadyRunning?: true }> {
  const loc = await repo.getLocation(ctx.db, locationId);
  if (!loc || !inTenantScope(auth, loc)) throw new HttpError(404, `Google location ${locationId} not found`, { field: 'body.locationId' });
  let alreadyRunning = false;
  const result = await locationSyncs.run(loc.id, async () => {
    if (await ctx.jobs.inFlight(googleSyncLocationJob, [loc.id], undefined, ['active'])) {
      alreadyRunning = true;
      return { fetched: 0 };
    }
    return syncLocation(ctx, loc.id, { full: true });
  });
  const [location] = await repo.listLocations(ctx.db, { clientId: auth.clientId!, outletIds: auth.outletIds }, loc.outletId);
  return { location: location!, fetched: result.fetched, ...(alreadyRunning ? { alreadyRunning: true as const } : {}) };
}

/**
 * `google.sync-location`: one linked location's reviews, queued for every syncable location by
 * the sync tick (jobs.ts) and after a connect or link. A 429 re-queues the location after the
 * wait (nothing calls Google inside it); Google down or slow is thrown so pg-boss retries with
 * backoff; a dead grant is recorded and not retried (the owner must reconnect).
 */
export const googleSyncLocationJob = defineJob<{ clientId: string; outletId: string; locationId: string; full?: boolean }, AppContext>({
  name: 'google.sync-location',
  subject: 'Review',
  schema: z.object({ clientId: z.uuid(), outletId: z.uuid(), locationId: z.string().regex(/^locations\/\d{1,32}$/), full: z.boolean().optional() }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
  policy: 'stately',
  concurrency: 2,
  async handler(ctx, data) {
    const loc = await repo.getLocation(ctx.db, data.locationId);
    if (!loc) return { skipped: 'location unlinked' };
    if (loc.syncStatus === repo.GRANT_DEAD_STATUS) return { skipped: 'Google grant dead; reconnect Google' };
    const result = await syncLocation(ctx, data.locationId, { full: data.full });
    return { ...result };
  },
});
