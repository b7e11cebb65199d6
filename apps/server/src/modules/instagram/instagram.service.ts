import { z } from 'zod';
import {
  INSTAGRAM_DEFAULT_PERIOD_DAYS,
  INSTAGRAM_METRICS,
  INSTAGRAM_PERIOD_MAX_DAYS,
  METRICS_BY_PRODUCT_TYPE,
  MEDIA_KINDS,
  productTypeOf,
  type TInsightStatus,
  type TInstagramAccount,
  type TInstagramInsightsRequest,
  type TInstagramInsightsResponse,
  type TInstagramMediaItem,
  type TInstagramMetric,
  type TInstagramTotals,
  type TInstagramTrendPoint,
  type TMediaKind,
  type TMetricValues,
  type ZInstagramInsightsRequest,
} from '@dinedesk/contracts/instagram';
import { imageAllowed } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { GraphError } from '../../lib/graph-client.ts';
import { defineJob } from '../../lib/jobs.ts';
import { cleanText } from '../../lib/text.ts';
import type { AuthContext } from '../access/index.ts';
import { decryptPageToken, recordTokenDeath, tokenIsDead } from '../meta/index.ts';
import * as repo from './instagram.repository.ts';
import type { InstagramMediaInsert, InstagramMediaRow, InstagramPageRow } from './instagram.repository.ts';

/**
 * Instagram media insights (docs/requirements/product.md and calls.md `POST
 * /api/instagram-media-insights`; docs/requirements/platform-apis.md#instagram-media-and-insights;
 * docs/decisions/0035).
 *
 * - **Reading Instagram** (`refreshAccount`): `/{ig-user-id}/media` (cursor pages) and
 *   `/{ig-user-id}/stories` with the page's token, then `/{ig-media-id}/insights` per media asking
 *   only for the metrics valid for its product type (`METRICS_BY_PRODUCT_TYPE`). A metric Graph
 *   still refuses (code 100 "does not support the X metric") is dropped for that media and the
 *   call repeated; code 10 "Not enough viewers", an empty `data` (the up-to-48-hour lag, or past
 *   the 2-year retention) and a story past its 24 hours become the item's status, in plain words,
 *   never a failed list. Media older than the retention are not asked at all.
 * - **Cache**: every media with its metrics and fetch time (`instagram_media`), and the account's
 *   last read (`instagram_account_reads`). A call answers from the cache; an account never read
 *   is read at once, one read longer ago than {@link STALE_AFTER_MS} (or `refresh: true`) queues
 *   `instagram.refresh-account` and answers the cache with `refreshing: true`.
 * - **Totals and trend** over the period (posting date, UTC days, both ends included), for the
 *   kinds and metric filter asked; weekly buckets, monthly beyond {@link WEEKLY_MAX_DAYS} days.
 * - Who: `read DigitalMarketing` on an outlet the caller sees (owners, and roles granted the
 *   digital marketing module); another client's or an unseen outlet's page is 404 naming `pageId`.
 */

/** A read of the account older than this is refreshed in the background. */
export const STALE_AFTER_MS = 60 * 60 * 1000;
/** Insights lag up to 48 h after posting
 * (docs/requirements/platform-apis.md#instagram-media-and-insights): empty data before that is "not
 * yet". */
export const LAG_MS = 48 * 60 * 60 * 1000;
/** Instagram keeps insights 2 years: older media are not asked. */
export const RETENTION_MS = 730 * 24 * 60 * 60 * 1000;
/** Periods up to this many days trend by week, longer ones by month. */
export const WEEKLY_MAX_DAYS = 120;
/** Media pages read per account (50 each): the newest 500 media. */
const MEDIA_PAGES_MAX = 10;
const DAY_MS = 86_400_000;
const MEDIA_FIELDS = 'id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,timestamp';

/** Each status in plain words (English; the web shows its own translation of the status). */
export const STATUS_MESSAGES: Record<Exclude<TInsightStatus, 'ok'>, string> = {
  pending: 'Insights are not ready yet: Instagram shows them up to 48 hours after posting.',
  not_enough_viewers: 'Not enough viewers yet: Instagram shows insights once more people have seen it.',
  no_data: 'Instagram has no insights for this media (it keeps them for 2 years).',
  expired: 'This story has ended, and Instagram no longer reports on it; the last numbers read are shown.',
  failed: 'Instagram could not be read this time; the last numbers read are shown.',
};

interface GraphMedia {
  id?: unknown;
  caption?: unknown;
  media_type?: unknown;
  media_product_type?: unknown;
  media_url?: unknown;
  thumbnail_url?: unknown;
  permalink?: unknown;
  timestamp?: unknown;
}
interface GraphInsights {
  data?: { name?: unknown; values?: { value?: unknown }[] }[];
}

/** A Graph time (`2026-01-02T03:04:05+0000`) as a Date; null when unreadable. */
function graphTime(s: unknown): Date | null {
  if (typeof s !== 'string') return null;
  const d = new Date(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(d.getTime()) ? null : d;
}

/** The grid's kind of a Graph media: REELS / STORY by product type, else the media type. */
export function kindOf(mediaType: unknown, productType: unknown): TMediaKind | null {
  if (productType === 'REELS') return 'REELS';
  if (productType === 'STORY') return 'STORY';
  return mediaType === 'IMAGE' || mediaType === 'VIDEO' || mediaType === 'CAROUSEL_ALBUM' ? mediaType : null;
}

/** An https URL, else null (a link the grid opens). */
function safeUrl(u: unknown): string | null {
  return typeof u === 'string' && /^https:\/\//.test(u) ? cleanText(u) : null;
}

/**
 * An image URL the browser may load under the app's CSP `img-src` (config.ts `imgSourcesOf`:
 * Meta's CDNs, the local simulator), else null: the grid then shows its placeholder rather than
 * a broken image.
 */
function imageUrl(ctx: AppContext, u: unknown): string | null {
  return typeof u === 'string' && imageAllowed(u, ctx.config.imgSources) ? cleanText(u) : null;
}

/** Why a whole account read failed, in plain words. */
function readFailure(e: unknown): string {
  if (e instanceof GraphError) {
    if (e.isTokenError) return 'Facebook no longer accepts this page’s connection: reconnect Facebook to read Instagram again.';
    if (e.code === 10) return 'DineDesk may not read this account’s insights: reconnect Facebook and allow Instagram insights.';
    if (e.isRateLimit) return 'Instagram asked DineDesk to slow down; the numbers will be read again shortly.';
    if (e.httpStatus === 0) return 'Instagram could not be reached; the numbers will be read again shortly.';
    return `Instagram refused the read: ${e.message}`;
  }
  return 'Instagram could not be read; the numbers will be read again shortly.';
}

/** One media's insights as stored: values, status, refused metrics. */
interface InsightsOutcome {
  metrics: Record<string, number>;
  status: TInsightStatus;
  unavailable: string[];
  /** False when Graph gave nothing new (keep the stored numbers and fetch time). */
  read: boolean;
}

/**
 * Reads one media's insights, asking only for its type's metrics and dropping any Graph refuses.
 * @throws GraphError for failures of the whole account (token 190, permission 10, rate limits)
 */
async function readInsights(ctx: AppContext, token: string, id: string, kind: TMediaKind, postedAt: Date, previous: InstagramMediaRow | undefined): Promise<InsightsOutcome> {
  const now = ctx.now().getTime();
  const kept = { metrics: previous?.metrics ?? {}, unavailable: previous?.unavailableMetrics ?? [] };
  if (now - postedAt.getTime() > RETENTION_MS) return { metrics: kept.metrics, status: Object.keys(kept.metrics).length ? 'ok' : 'no_data', unavailable: kept.unavailable, read: false };
  const metrics: string[] = [...METRICS_BY_PRODUCT_TYPE[productTypeOf(kind)]];
  const unavailable: string[] = [];
  while (metrics.length) {
    try {
      const res = await ctx.graph.get<GraphInsights>(`${id}/insights`, { metric: metrics.join(',') }, token);
      const values: Record<string, number> = {};
      for (const d of Array.isArray(res?.data) ? res.data : []) {
        const v = d?.values?.[0]?.value;
        if (typeof d?.name === 'string' && metrics.includes(d.name) && typeof v === 'number' && Number.isFinite(v)) values[d.name] = v;
      }
      if (!Object.keys(values).length) return { metrics: {}, status: now - postedAt.getTime() < LAG_MS ? 'pending' : 'no_data', unavailable, read: true };
      return { metrics: values, status: 'ok', unavailable, read: true };
    } catch (e) {
      if (!(e instanceof GraphError)) throw e;
      if (e.code === 10 && /viewers/i.test(e.message)) return { metrics: {}, status: 'not_enough_viewers', unavailable, read: true };
      if (e.code === 100 && e.subcode === 33) return { ...kept, status: kind === 'STORY' ? 'expired' : 'failed', read: false };
      const refused = e.code === 100 ? /does not support the (\w+) metric/.exec(e.message)?.[1] : undefined;
      if (refused && metrics.includes(refused)) {
        metrics.splice(metrics.indexOf(refused), 1);
        unavailable.push(refused);
        continue;
      }
      if (e.isTokenError || e.code === 10 || e.isRateLimit) throw e;
      return { ...kept, status: 'failed', read: false };
    }
  }
  return { metrics: {}, status: 'no_data', unavailable, read: true };
}

/**
 * Reads the account's media and their insights from Instagram into the cache, and records the
 * read (its time, or why it failed). Idempotent (upserts by media id).
 * @returns media read and how many had insights
 * @throws GraphError when the whole read failed (already recorded on the account); callers that
 *   answer a request catch it, the job retries on it
 */
export async function refreshAccount(ctx: AppContext, page: InstagramPageRow): Promise<{ media: number; withInsights: number }> {
  const token = decryptPageToken(ctx, page.pageAccessTokenEnc);
  if (!token || tokenIsDead(page)) {
    await repo.recordAccountRead(ctx.db, page, { error: 'This page is not connected to Facebook: connect it to read its Instagram account.' });
    return { media: 0, withInsights: 0 };
  }
  const rows: InstagramMediaInsert[] = [];
  try {
    const listed: GraphMedia[] = [];
    for await (const batch of ctx.graph.paginate<GraphMedia>(`${page.igUserId}/media`, { fields: MEDIA_FIELDS, limit: 50 }, token, MEDIA_PAGES_MAX)) listed.push(...(Array.isArray(batch) ? batch : []));
    const stories = await ctx.graph.get<{ data?: GraphMedia[] }>(`${page.igUserId}/stories`, { fields: MEDIA_FIELDS }, token);
    listed.push(...(Array.isArray(stories?.data) ? stories.data : []));
    const ids = listed.map((m) => m?.id).filter((id): id is string => typeof id === 'string' && /^\d{1,40}$/.test(id));
    const previous = new Map((await repo.mediaByIds(ctx.db, ids)).map((r) => [r.id, r]));
    for (const m of listed) {
      const id = typeof m?.id === 'string' && /^\d{1,40}$/.test(m.id) ? m.id : null;
      const kind = kindOf(m?.media_type, m?.media_product_type);
      const postedAt = graphTime(m?.timestamp);
      // Something Graph sent that DineDesk cannot place is skipped, never the whole list.
      if (!id || !kind || !postedAt) continue;
      const before = previous.get(id);
      const outcome = await readInsights(ctx, token, id, kind, postedAt, before);
      rows.push({
        id,
        clientId: page.clientId,
        outletId: page.outletId,
        pageId: page.pageId,
        igUserId: page.igUserId,
        kind,
        caption: cleanText(typeof m.caption === 'string' ? m.caption : '').slice(0, 2200),
        permalink: safeUrl(m.permalink),
        // A video's media_url is its video file: only its cover (thumbnail_url) is an image.
        thumbnailUrl: imageUrl(ctx, m.thumbnail_url) ?? (m.media_type === 'VIDEO' ? null : imageUrl(ctx, m.media_url)),
        postedAt,
        metrics: outcome.metrics,
        status: outcome.status,
        message: outcome.status === 'ok' ? null : STATUS_MESSAGES[outcome.status],
        unavailableMetrics: outcome.unavailable,
        fetchedAt: outcome.read ? ctx.now() : (before?.fetchedAt ?? null),
      });
    }
    // Stories no longer listed have ended: their last numbers stay, marked as such.
    for (const s of await repo.storiesNotLive(ctx.db, page.igUserId, ids)) {
      if (s.status !== 'expired') rows.push({ ...s, status: 'expired', message: STATUS_MESSAGES.expired });
    }
    await repo.upsertMedia(ctx.db, rows);
    await repo.recordAccountRead(ctx.db, page, { fetchedAt: ctx.now() });
    return { media: rows.length, withInsights: rows.filter((r) => r.status === 'ok').length };
  } catch (e) {
    // What was read before the failure is kept.
    await repo.upsertMedia(ctx.db, rows);
    if (e instanceof GraphError && e.isTokenError) await recordTokenDeath(ctx, { id: page.pageId, pageAccessTokenEnc: page.pageAccessTokenEnc }, e);
    await repo.recordAccountRead(ctx.db, page, { error: readFailure(e) });
    throw e;
  }
}

/**
 * `instagram.refresh-account`: one account's media and insights (stately per page, so one
 * queued read per account). Retries transient failures; a dead token or missing permission is
 * recorded and not retried.
 */
export const instagramRefreshJob = defineJob<{ clientId: string; outletId: string; pageId: string }, AppContext>({
  name: 'instagram.refresh-account',
  subject: 'DigitalMarketing',
  schema: z.object({ clientId: z.uuid(), outletId: z.uuid(), pageId: z.string().regex(/^\d{1,30}$/) }),
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  policy: 'stately',
  async handler(ctx, data) {
    const page = await repo.instagramPageById(ctx.db, data.pageId);
    if (!page) return { skipped: 'no Instagram account' };
    try {
      return await refreshAccount(ctx, page);
    } catch (e) {
      if (e instanceof GraphError && (e.isTransient || e.isRateLimit)) throw e;
      return { failed: readFailure(e) };
    }
  },
});

/** `YYYY-MM-DD` of a date (UTC). */
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The period asked, as UTC days and instants. @throws HttpError 400 naming `from` */
export function periodOf(now: Date, req: Pick<TInstagramInsightsRequest, 'from' | 'to'>): { from: string; to: string; start: Date; end: Date; days: number } {
  const to = req.to ?? dayOf(now);
  const from = req.from ?? dayOf(new Date(Date.parse(`${to}T00:00:00Z`) - (INSTAGRAM_DEFAULT_PERIOD_DAYS - 1) * DAY_MS));
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS - 1);
  if (start > end) throw new HttpError(400, 'from must be on or before to', { field: 'body.from' });
  const days = Math.round((end.getTime() + 1 - start.getTime()) / DAY_MS);
  if (days > INSTAGRAM_PERIOD_MAX_DAYS) throw new HttpError(400, `The period may span at most ${INSTAGRAM_PERIOD_MAX_DAYS} days`, { field: 'body.from' });
  return { from, to, start, end, days };
}

const emptyValues = (): TMetricValues => Object.fromEntries(INSTAGRAM_METRICS.map((m) => [m, null])) as TMetricValues;

/** A stored row as a grid item. */
function itemOf(r: InstagramMediaRow): TInstagramMediaItem {
  const metrics = emptyValues();
  for (const m of INSTAGRAM_METRICS) {
    const v = r.metrics[m];
    if (typeof v === 'number') metrics[m] = v;
  }
  return {
    id: r.id,
    kind: (MEDIA_KINDS as readonly string[]).includes(r.kind) ? (r.kind as TMediaKind) : 'IMAGE',
    caption: r.caption,
    permalink: r.permalink,
    thumbnailUrl: r.thumbnailUrl,
    postedAt: r.postedAt.toISOString(),
    metrics,
    status: r.status as TInsightStatus,
    message: r.message,
    unavailableMetrics: r.unavailableMetrics.filter((m): m is TInstagramMetric => (INSTAGRAM_METRICS as readonly string[]).includes(m)),
    fetchedAt: r.fetchedAt?.toISOString() ?? null,
  };
}

/** Sums of each metric over `items` (null where no item has a value) and their count. */
export function totalsOf(items: readonly TInstagramMediaItem[]): TInstagramTotals {
  const totals: TInstagramTotals = { ...emptyValues(), posts: items.length };
  for (const item of items) {
    for (const m of INSTAGRAM_METRICS) {
      const v = item.metrics[m];
      if (v !== null) totals[m] = (totals[m] ?? 0) + v;
    }
  }
  // An average does not add up: the period's is the mean of the reels' averages.
  const avgs = items.map((i) => i.metrics.ig_reels_avg_watch_time).filter((v): v is number => v !== null);
  totals.ig_reels_avg_watch_time = avgs.length ? Math.round(avgs.reduce((s, v) => s + v, 0) / avgs.length) : null;
  return totals;
}

/** Start (UTC day) of the week (Monday) or month holding `d`. */
export function bucketStart(d: Date, bucket: 'week' | 'month'): string {
  if (bucket === 'month') return `${d.toISOString().slice(0, 7)}-01`;
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return dayOf(day);
}

/** Every bucket of the period in order, each with the totals of its items (empty buckets count 0 posts). */
export function trendOf(items: readonly TInstagramMediaItem[], period: { start: Date; end: Date }, bucket: 'week' | 'month'): TInstagramTrendPoint[] {
  const groups = new Map<string, TInstagramMediaItem[]>();
  for (let d = new Date(period.start); d <= period.end; d = new Date(d.getTime() + DAY_MS)) {
    const key = bucketStart(d, bucket);
    if (!groups.has(key)) groups.set(key, []);
  }
  for (const item of items) groups.get(bucketStart(new Date(item.postedAt), bucket))?.push(item);
  return [...groups.entries()].map(([start, list]) => ({ start, ...totalsOf(list) }));
}

const accountOf = (p: InstagramPageRow): TInstagramAccount => ({ pageId: p.pageId, pageName: p.pageName, igUserId: p.igUserId, username: p.username, outletId: p.outletId });

/**
 * `POST /api/instagram-media-insights`: the grid, totals and trend of one account (module comment).
 * @throws HttpError 404 (`body.pageId`) for a page the caller does not see or without an
 *   Instagram account; 400 (`body.from`) for a period that is reversed or too long
 */
export async function mediaInsights(ctx: AppContext, auth: AuthContext, req: z.output<typeof ZInstagramInsightsRequest>): Promise<TInstagramInsightsResponse> {
  const period = periodOf(ctx.now(), req);
  const pages = await repo.instagramPages(ctx.db, auth);
  const page = req.pageId ? pages.find((p) => p.pageId === req.pageId) : pages[0];
  if (req.pageId && !page) throw new HttpError(404, `No Instagram account connected to page ${req.pageId} that you can see`, { field: 'body.pageId' });
  const bucket = period.days > WEEKLY_MAX_DAYS ? 'month' : 'week';
  const base = { accounts: pages.map(accountOf), period: { from: period.from, to: period.to }, bucket } as const;
  if (!page) return { ...base, account: null, fetchedAt: null, refreshing: false, refreshError: null, items: [], totals: totalsOf([]), trend: trendOf([], period, bucket) };

  let read = await repo.accountRead(ctx.db, page.igUserId);
  let refreshing = false;
  if (!read?.fetchedAt) {
    // Never read: read now, so the first visit shows the grid (a failure is recorded and shown).
    await refreshAccount(ctx, page).catch(() => undefined);
    read = await repo.accountRead(ctx.db, page.igUserId);
  } else if (req.refresh || ctx.now().getTime() - read.fetchedAt.getTime() > STALE_AFTER_MS) {
    await ctx.jobs.send(instagramRefreshJob, { clientId: page.clientId, outletId: page.outletId, pageId: page.pageId }, { singletonKey: page.pageId });
    ctx.jobs.wake(instagramRefreshJob);
    refreshing = true;
  }

  let items = (await repo.mediaOf(ctx.db, page.igUserId, period.start, period.end)).map(itemOf);
  if (req.types?.length) items = items.filter((i) => req.types!.includes(i.kind));
  const metric = req.metric;
  if (metric && req.min !== undefined) items = items.filter((i) => (i.metrics[metric] ?? -1) >= req.min!);
  const sign = req.order === 'asc' ? 1 : -1;
  const byDate = (a: TInstagramMediaItem, b: TInstagramMediaItem) => sign * a.postedAt.localeCompare(b.postedAt);
  const sort = req.sort;
  items.sort(
    sort === 'date'
      ? byDate
      : (a, b) => {
          const x = a.metrics[sort];
          const y = b.metrics[sort];
          // Items without the metric go last whichever the order.
          if (x === null || y === null) return x === y ? byDate(a, b) : x === null ? 1 : -1;
          return sign * (x - y) || byDate(a, b);
        },
  );
  return {
    ...base,
    account: accountOf(page),
    fetchedAt: read?.fetchedAt?.toISOString() ?? null,
    refreshing,
    refreshError: read?.error ?? null,
    items,
    totals: totalsOf(items),
    trend: trendOf(items, period, bucket),
  };
}
