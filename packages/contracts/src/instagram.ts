import { z } from 'zod';

/**
 * Instagram media insights (docs/requirements/product.md#product-features and calls.md `POST
 * /api/instagram-media-insights`; docs/requirements/screen-contents.md#instagram-media-insights;
 * docs/requirements/platform-apis.md#instagram-media-and-insights; docs/decisions/0035): the media
 * grid of a connected Instagram professional account with each item's current metrics, totals and
 * trends over a period, sort and filter by type, date and metric, and per-item problems in plain
 * words.
 *
 * Imported by the web app from `@dinedesk/contracts/instagram` only (not the index barrel), so
 * these schemas stay out of the first paint of the other screens; imports nothing but zod.
 */

/** The call's path (docs/requirements/calls.md). */
export const INSTAGRAM_API = { mediaInsights: '/api/instagram-media-insights' } as const;

/**
 * What the grid calls a media's type: Graph's `media_type` for feed posts (IMAGE, VIDEO,
 * CAROUSEL_ALBUM), and REELS / STORY from `media_product_type`.
 */
export const MEDIA_KINDS = ['IMAGE', 'CAROUSEL_ALBUM', 'VIDEO', 'REELS', 'STORY'] as const;
export const ZMediaKind = z.enum(MEDIA_KINDS);
export type TMediaKind = z.infer<typeof ZMediaKind>;

/**
 * The metrics DineDesk shows (current Graph names,
 * docs/requirements/platform-apis.md#instagram-media-and-insights). Watch time is reels'
 * `ig_reels_video_view_total_time` and `ig_reels_avg_watch_time`, both in milliseconds.
 */
export const INSTAGRAM_METRICS = ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions', 'replies', 'ig_reels_avg_watch_time', 'ig_reels_video_view_total_time'] as const;
export const ZInstagramMetric = z.enum(INSTAGRAM_METRICS);
export type TInstagramMetric = z.infer<typeof ZInstagramMetric>;

/**
 * The metrics the server asks Graph for, per media product type: only those the per-type matrix
 * in docs/requirements/platform-apis.md#instagram-media-and-insights lists as valid (FEED covers
 * IMAGE, VIDEO and CAROUSEL_ALBUM). A metric Graph still refuses (reports conflict on `shares` for
 * images and albums) is dropped for that item and listed in its `unavailableMetrics`.
 */
export const METRICS_BY_PRODUCT_TYPE = {
  FEED: ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions'],
  REELS: ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions', 'ig_reels_avg_watch_time', 'ig_reels_video_view_total_time'],
  STORY: ['views', 'reach', 'replies', 'shares', 'total_interactions'],
} as const satisfies Record<'FEED' | 'REELS' | 'STORY', readonly TInstagramMetric[]>;

/** Media product type of a kind (the key of {@link METRICS_BY_PRODUCT_TYPE}). */
export function productTypeOf(kind: TMediaKind): keyof typeof METRICS_BY_PRODUCT_TYPE {
  return kind === 'REELS' ? 'REELS' : kind === 'STORY' ? 'STORY' : 'FEED';
}

/**
 * How an item's insights stand:
 * - `ok`: the metrics are there;
 * - `pending`: Instagram has no numbers yet (insights lag up to 48 h after posting);
 * - `not_enough_viewers`: Graph's code 10, too small an audience to show insights yet;
 * - `no_data`: Graph answered no data (older than the 2-year retention, or none kept);
 * - `expired`: a story past its 24 hours, whose insights can no longer be read (the last numbers read stay);
 * - `failed`: Instagram could not be read this time (the last numbers read stay).
 */
export const INSIGHT_STATUSES = ['ok', 'pending', 'not_enough_viewers', 'no_data', 'expired', 'failed'] as const;
export const ZInsightStatus = z.enum(INSIGHT_STATUSES);
export type TInsightStatus = z.infer<typeof ZInsightStatus>;

/** Sort keys: the posting date or a metric. */
export const MEDIA_SORTS = ['date', ...INSTAGRAM_METRICS] as const;
/** Longest period one call covers, days (Instagram keeps insights 2 years; a little more for the oldest posts). */
export const INSTAGRAM_PERIOD_MAX_DAYS = 800;
/** Default period when `from` is absent: the last 365 days up to `to`. */
export const INSTAGRAM_DEFAULT_PERIOD_DAYS = 365;

const ZDay = z
  .string({ error: 'must be a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'must be a real date');

/** A Facebook Page id: digits (Graph ids are decimal strings). */
const ZPageId = z.string({ error: 'pageId must be text' }).regex(/^\d{1,30}$/, 'pageId must be a Facebook Page id (digits)');

/**
 * `POST /api/instagram-media-insights`. Every field is optional: without `pageId` the first
 * connected Instagram account the caller sees; the period defaults to the last
 * {@link INSTAGRAM_DEFAULT_PERIOD_DAYS} days up to today (UTC), both ends included.
 */
export const ZInstagramInsightsRequest = z
  .object({
    /** The Facebook Page the Instagram professional account is linked to. */
    pageId: ZPageId.optional(),
    from: ZDay.optional(),
    to: ZDay.optional(),
    /** Kinds to show (none or all: every kind). */
    types: z.array(ZMediaKind).max(MEDIA_KINDS.length, `types must list at most ${MEDIA_KINDS.length} kinds`).optional(),
    sort: z.enum(MEDIA_SORTS).default('date'),
    order: z.enum(['asc', 'desc']).default('desc'),
    /** With `metric`: only items whose value of that metric is at least `min`. */
    metric: ZInstagramMetric.optional(),
    min: z.number({ error: 'min must be a number' }).int('min must be a whole number').min(0, 'min must be 0 or more').max(1_000_000_000_000, 'min is too large').optional(),
    /** Ask Instagram again now (queued; the answer says `refreshing`). */
    refresh: z.boolean().optional(),
  })
  .strict();
export type TInstagramInsightsRequest = z.input<typeof ZInstagramInsightsRequest>;

/** A connected Instagram professional account the caller sees. */
export const ZInstagramAccount = z.object({
  pageId: z.string(),
  pageName: z.string(),
  igUserId: z.string(),
  username: z.string().nullable(),
  outletId: z.string(),
});
export type TInstagramAccount = z.infer<typeof ZInstagramAccount>;

/** Metric values of an item or a total; null: not available for that media (or not read). */
export const ZMetricValues = z.object(Object.fromEntries(INSTAGRAM_METRICS.map((m) => [m, z.number().nullable()])) as Record<TInstagramMetric, z.ZodNullable<z.ZodNumber>>);
export type TMetricValues = z.infer<typeof ZMetricValues>;

/** One media of the grid. */
export const ZInstagramMediaItem = z.object({
  id: z.string(),
  kind: ZMediaKind,
  caption: z.string(),
  permalink: z.string().nullable(),
  /** The image (or a video's cover); null when Graph gave none. */
  thumbnailUrl: z.string().nullable(),
  postedAt: z.string(),
  metrics: ZMetricValues,
  status: ZInsightStatus,
  /** The status in plain English words (the web shows its own translation of `status`). */
  message: z.string().nullable(),
  /** Metrics Instagram refused for this media although the matrix lists them. */
  unavailableMetrics: z.array(ZInstagramMetric),
  /** When the insights were last read from Instagram; null: never. */
  fetchedAt: z.string().nullable(),
});
export type TInstagramMediaItem = z.infer<typeof ZInstagramMediaItem>;

/** Sums over the period's items with numbers (`posts` counts every item shown). */
export const ZInstagramTotals = ZMetricValues.extend({ posts: z.number().int() });
export type TInstagramTotals = z.infer<typeof ZInstagramTotals>;

/** One bucket of the trend: a week (Monday) or, for periods over 120 days, a month (its first day). */
export const ZInstagramTrendPoint = ZInstagramTotals.extend({ start: z.string() });
export type TInstagramTrendPoint = z.infer<typeof ZInstagramTrendPoint>;

export const ZInstagramInsightsResponse = z.object({
  accounts: z.array(ZInstagramAccount),
  /** The account shown; null when the caller sees no connected Instagram account. */
  account: ZInstagramAccount.nullable(),
  period: z.object({ from: z.string(), to: z.string() }),
  bucket: z.enum(['week', 'month']),
  /** When the account was last read from Instagram; null: never. */
  fetchedAt: z.string().nullable(),
  /** A refresh is queued or running: the numbers may change shortly. */
  refreshing: z.boolean(),
  /** Why the last refresh failed, in plain words; null when it did not. */
  refreshError: z.string().nullable(),
  items: z.array(ZInstagramMediaItem),
  totals: ZInstagramTotals,
  trend: z.array(ZInstagramTrendPoint),
});
export type TInstagramInsightsResponse = z.infer<typeof ZInstagramInsightsResponse>;
