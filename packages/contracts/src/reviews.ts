import { z } from 'zod';
import { ZCursor, ZIsoTime, ZPaging } from './common.ts';

/**
 * Facebook reviews (docs/requirements/calls.md review_testing calls). Reviews are Page ratings
 * synced from Graph API `/{page-id}/ratings`; replies are comments on the review's
 * `open_graph_story`.
 */

/**
 * Why a page's reviews may be stale: `deprecated` is Graph error 12 on v22+
 * (docs/requirements/platform-apis.md#page-ratings-reviews-and-comments); `token_invalid` Facebook
 * refused the page's token (190: reconnect the page); `rate_limited` Facebook is throttling the
 * page (4/17/32/613) and the sync resumes by itself.
 */
export const ZSyncState = z.object({
  status: z.enum(['never', 'ok', 'failed', 'deprecated', 'token_invalid', 'rate_limited']),
  lastSyncedAt: ZIsoTime.nullable(),
  /** Plain-words explanation for the owner when status is not ok. */
  message: z.string().nullable(),
});
export type TSyncState = z.infer<typeof ZSyncState>;

/**
 * Facebook no longer offers this Page's reviews to apps: Meta's reference of Recommendation
 * answers error 12 for ratings on Graph API v22.0 and later, and v21.0, the last version with
 * them, is retired on 2027-01-21 (its calls then run on v22.0). `since` is when DineDesk learned it (the
 * first error 12, or the sync's first run on a v22.0+ `META_GRAPH_VERSION`); `graphVersion` the
 * version Facebook answered on. The stored reviews stay readable and searchable
 * (docs/decisions/0047-graph-version-and-reviews-sunset.md).
 */
export const ZReviewsEnded = z.object({ since: ZIsoTime, graphVersion: z.string() });
export type TReviewsEnded = z.infer<typeof ZReviewsEnded>;

export const ZFbPage = z.object({
  /** Facebook Page id. */
  id: z.string(),
  name: z.string(),
  outletId: z.string(),
  outletName: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  overallStarRating: z.number().nullable(),
  ratingCount: z.number().int(),
  /** Reviews stored for this page, and how many have no reply from the page yet. */
  reviewCount: z.number().int(),
  unrepliedCount: z.number().int(),
  connected: z.boolean(),
  sync: ZSyncState,
  /** Set once Facebook no longer offers this Page's reviews (see {@link ZReviewsEnded}); null while it does. */
  reviewsEnded: ZReviewsEnded.nullable(),
});
export type TFbPage = z.infer<typeof ZFbPage>;
export const ZGetFbPagesResponse = z.object({ data: z.array(ZFbPage) });
export type TGetFbPagesResponse = z.infer<typeof ZGetFbPagesResponse>;

const ZPageId = z.string().regex(/^\d{1,32}$/, 'pageId must be a Facebook Page id (digits)');
/**
 * Review ids are PostgreSQL bigints read as JS numbers: more digits than a safe integer holds
 * (19 or more, or past 2^53 - 1) would lose precision or overflow, so they are a 400.
 */
export const ZReviewId = z
  .string()
  .regex(/^\d{1,16}$/, 'reviewId must be a review id (at most 16 digits)')
  .refine((v) => Number.isSafeInteger(Number(v)), 'reviewId is out of range');

export const ZGetFbReviewsQuery = z.object({
  pageId: ZPageId.optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  recommendation: z.enum(['positive', 'negative']).optional(),
  replied: z.enum(['true', 'false']).optional(),
  q: z.string().trim().max(200).optional(),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type TGetFbReviewsQuery = z.input<typeof ZGetFbReviewsQuery>;

export const ZFbReview = z.object({
  id: z.string(),
  pageId: z.string(),
  outletId: z.string(),
  outletName: z.string(),
  /** `open_graph_story.id`; null for reviews made before Aug 2018 (they cannot be replied to). */
  storyId: z.string().nullable(),
  reviewer: z.object({ id: z.string(), name: z.string() }),
  rating: z.number().int().min(1).max(5).nullable(),
  recommendationType: z.enum(['positive', 'negative']),
  text: z.string(),
  createdTime: ZIsoTime,
  commentCount: z.number().int(),
  replied: z.boolean(),
  lastReplyAt: ZIsoTime.nullable(),
  canReply: z.boolean(),
});
export type TFbReview = z.infer<typeof ZFbReview>;
export const ZGetFbReviewsResponse = z.object({ data: z.array(ZFbReview), paging: ZPaging });
export type TGetFbReviewsResponse = z.infer<typeof ZGetFbReviewsResponse>;

/** Where a review was written. */
export const REVIEW_SOURCES = ['facebook', 'google'] as const;
export const ZReviewSource = z.enum(REVIEW_SOURCES);
export type TReviewSource = z.infer<typeof ZReviewSource>;

/**
 * Sentiment of a review's text, computed at ingest with VADER (`vader-sentiment`): compound
 * score ≥ 0.05 positive, ≤ −0.05 negative, else neutral (VADER's own thresholds). A review
 * without text has none.
 */
export const SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export const ZSentiment = z.enum(SENTIMENTS);
export type TSentiment = z.infer<typeof ZSentiment>;

const ZDay = (field: string) => z.iso.date({ error: `${field} must be a date (YYYY-MM-DD)` });
const ZUuidField = (field: string) => z.uuid({ error: `${field} must be an id` });

/**
 * `POST /api/review_testing/get_reviews/get-reviews` (docs/requirements/calls.md): the one feed of
 * reviews from every source of the outlets the caller may see, newest first, keyset paged. Every
 * filter is optional; `from`/`to` are days (UTC, both included).
 */
/** The one feed's filters, shared by the list, its KPIs and its export. */
export const ZReviewFilterFields = z.object({
  brandId: ZUuidField('brandId').optional(),
  outletId: ZUuidField('outletId').optional(),
  source: ZReviewSource.optional(),
  /** Star ratings to include (1–5). */
  ratings: z.array(z.number({ error: 'ratings must be numbers 1 to 5' }).int().min(1).max(5)).max(5).optional(),
  replied: z.boolean({ error: 'replied must be true or false' }).optional(),
  /**
   * Only reviews that need a reply: no reply yet (or, on Google, edited after the reply),
   * can be replied to, and either carry text or 3 stars or fewer.
   */
  needsReply: z.boolean({ error: 'needsReply must be true or false' }).optional(),
  from: ZDay('from').optional(),
  to: ZDay('to').optional(),
  sentiment: ZSentiment.optional(),
  q: z.string({ error: 'q must be text' }).trim().max(200, 'q must be at most 200 characters').optional(),
});
const fromNotAfterTo = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;
const FROM_AFTER_TO = { message: 'from must not be after to', path: ['from'] };

export const ZGetReviewsRequest = ZReviewFilterFields.extend({
  /**
   * Just this review, if the caller may see it and it matches the other filters: how a link to
   * one review (a mention notification) opens it whatever the list shows.
   */
  reviewId: ZReviewId.optional(),
  cursor: ZCursor.optional(),
  limit: z.number({ error: 'limit must be a number' }).int().min(1).max(100).default(20),
})
  .strict()
  .refine(fromNotAfterTo, FROM_AFTER_TO);
export type TGetReviewsRequest = z.input<typeof ZGetReviewsRequest>;

/** A review of the one feed, whatever its source. */
export const ZReview = z.object({
  id: z.string(),
  source: ZReviewSource,
  outletId: z.string(),
  outletName: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  /** Facebook Page id (facebook) or Google location name `locations/{n}` (google). */
  pageId: z.string().nullable(),
  locationId: z.string().nullable(),
  /** Facebook `open_graph_story.id`; null on Google and on Facebook reviews before Aug 2018. */
  storyId: z.string().nullable(),
  reviewer: z.object({ id: z.string(), name: z.string() }),
  rating: z.number().int().min(1).max(5).nullable(),
  /** Facebook only: recommends or not. */
  recommendationType: z.enum(['positive', 'negative']).nullable(),
  text: z.string(),
  createdTime: ZIsoTime,
  /** Google's `updateTime` (the guest edited the review); null on Facebook. */
  updateTime: ZIsoTime.nullable(),
  commentCount: z.number().int(),
  replied: z.boolean(),
  lastReplyAt: ZIsoTime.nullable(),
  needsReply: z.boolean(),
  canReply: z.boolean(),
  /** Google: the review's one reply (v4 ReviewReply); null on Facebook (its replies are comments). */
  reply: z.object({ comment: z.string(), updateTime: ZIsoTime, authorName: z.string().nullable() }).nullable(),
  sentiment: ZSentiment.nullable(),
  /** Where the review is on its platform (Google Maps), when known. */
  link: z.string().nullable(),
});
export type TReview = z.infer<typeof ZReview>;
export const ZGetReviewsResponse = z.object({ data: z.array(ZReview), paging: ZPaging });
export type TGetReviewsResponse = z.infer<typeof ZGetReviewsResponse>;

/** `POST /api/review_testing/get_reviews/kpis`: the KPIs of the reviews the filters select. */
export const ZReviewKpisRequest = ZReviewFilterFields.strict().refine(fromNotAfterTo, FROM_AFTER_TO);
export type TReviewKpisRequest = z.input<typeof ZReviewKpisRequest>;

/** Figures of a set of reviews (all of them, or one outlet's). */
const ZKpiFigures = z.object({
  reviewCount: z.number().int(),
  /** Mean of the reviews with stars; null when none has. */
  averageRating: z.number().nullable(),
  /** Share (0–1) of the reviews that can be replied to which have a reply; null when none can. */
  responseRate: z.number().nullable(),
  /** Median time from a review to its first reply, seconds; null without replies. */
  medianResponseSeconds: z.number().nullable(),
  needsReplyCount: z.number().int(),
});
export const ZReviewKpis = ZKpiFigures.extend({
  /** Reviews per period and their average rating, oldest first; `bucket` sized to the span. */
  trend: z.object({
    bucket: z.enum(['day', 'week', 'month']),
    points: z.array(z.object({ start: z.iso.date(), reviewCount: z.number().int(), averageRating: z.number().nullable() })),
  }),
  /** The same figures per outlet, by review count. */
  outlets: z.array(ZKpiFigures.extend({ outletId: z.string(), outletName: z.string(), brandName: z.string() })),
});
export type TReviewKpis = z.infer<typeof ZReviewKpis>;


export const ZGetFbCommentsQuery = z.object({ pageId: ZPageId, reviewId: ZReviewId });
export const ZFbComment = z.object({
  id: z.string(),
  message: z.string(),
  from: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdTime: ZIsoTime,
  /** Written by the page (a public reply), as opposed to a guest's comment. */
  isPageReply: z.boolean(),
  /** The DineDesk user who wrote a page reply through DineDesk, when known. */
  authorName: z.string().nullable(),
});
export type TFbComment = z.infer<typeof ZFbComment>;
export const ZGetFbCommentsResponse = z.object({
  data: z.array(ZFbComment),
  /** `graph`: read live from Facebook; `cache`: Facebook could not be reached, stored copy shown. */
  source: z.enum(['graph', 'cache']),
  notice: z.string().nullable(),
});
export type TGetFbCommentsResponse = z.infer<typeof ZGetFbCommentsResponse>;

/** Graph API `POST /{object-id}/comments` accepts up to 8000 characters. */
export const REPLY_MAX_LENGTH = 8000;
export const ZReplyFbReviewRequest = z.object({
  pageId: ZPageId,
  reviewId: ZReviewId,
  message: z
    .string({ error: 'message is required' })
    .trim()
    .min(1, 'message must not be empty')
    .max(REPLY_MAX_LENGTH, `message must be at most ${REPLY_MAX_LENGTH} characters`),
  /**
   * Send although the reply check warned (owners only; the choice is recorded in the audit
   * log). Without it a reply the check warns about is a 422 `reply_check` with `warnings`.
   */
  sendAnyway: z.boolean({ error: 'sendAnyway must be true or false' }).optional(),
});

/**
 * What the reply check warns about (docs/decisions/0023): `repeats_recent` the
 * wording repeats one of the outlet's last 20 replies; `contact_details` a phone number, email
 * or URL; `no_substance` nothing beyond greetings and thanks.
 */
export const REPLY_WARNING_CODES = ['repeats_recent', 'contact_details', 'no_substance'] as const;
export const ZReplyWarning = z.object({ code: z.enum(REPLY_WARNING_CODES), message: z.string() });
export type TReplyWarning = z.infer<typeof ZReplyWarning>;
export type TReplyFbReviewRequest = z.infer<typeof ZReplyFbReviewRequest>;

/**
 * `Idempotency-Key` of `POST /reply-fb-review` (optional; the web app sends one per composer
 * submission and reuses it for retries of that submission). The same key with the same body
 * answers the first result and never posts twice; with another body it is a 422.
 */
export const ZIdempotencyKey = z
  .string()
  .min(1, 'Idempotency-Key must not be empty')
  .max(255, 'Idempotency-Key must be at most 255 characters')
  .regex(/^[\x21-\x7e]+$/, 'Idempotency-Key must be printable ASCII');
export const ZReplyFbReviewHeaders = z.looseObject({ 'idempotency-key': ZIdempotencyKey.optional() });
export const ZReplyFbReviewResponse = z.object({ comment: ZFbComment });
export type TReplyFbReviewResponse = z.infer<typeof ZReplyFbReviewResponse>;

/** A comment id of Graph (`{object}_{comment}`), bounded. */
const ZCommentId = z.string({ error: 'commentId is required' }).regex(/^\d{1,32}_\d{1,32}$/, 'commentId must be a Facebook comment id');
/** Edit one of the page's own replies (Graph `POST /{comment-id}`); the reply check runs as on a new reply. */
export const ZEditFbReplyRequest = ZReplyFbReviewRequest.extend({ commentId: ZCommentId }).strict();
export type TEditFbReplyRequest = z.infer<typeof ZEditFbReplyRequest>;
/** Delete one of the page's own replies (Graph `DELETE /{comment-id}`). */
export const ZDeleteFbReplyRequest = z.object({ pageId: ZPageId, reviewId: ZReviewId, commentId: ZCommentId }).strict();
export type TDeleteFbReplyRequest = z.infer<typeof ZDeleteFbReplyRequest>;

export const ZSyncFbReviewsRequest = z.object({ pageId: ZPageId });
export const ZSyncFbReviewsResponse = z.object({
  page: ZFbPage,
  fetched: z.number().int(),
  /** The page's sync was already running (a job, or another press): nothing new was started, `fetched` is 0. */
  alreadyRunning: z.literal(true).optional(),
});
export type TSyncFbReviewsResponse = z.infer<typeof ZSyncFbReviewsResponse>;

/**
 * Socket event (server → client, in the page's room) sent when a review or a comment of a page
 * changed outside DineDesk and was stored from a Meta `feed` webhook: the reviews screen
 * refreshes that page's lists without waiting for the periodic sync.
 */
export const REVIEW_SOCKET_EVENTS = { changed: 'reviews:changed' } as const;
export const ZReviewsChangedEvent = z.object({
  pageId: z.string(),
  /** DineDesk review id, when the change concerns one review (a comment, an edited rating). */
  reviewId: z.string().nullable(),
  /** `internal`: the team's internal thread of the review (never published). */
  kind: z.enum(['review', 'comment', 'internal']),
  verb: z.enum(['add', 'edited', 'remove']),
});
export type TReviewsChangedEvent = z.infer<typeof ZReviewsChangedEvent>;
