import { z } from 'zod';

/**
 * Competitor analysis (docs/requirements/screen-contents.md#competitor-analysis,
 * docs/requirements/routes.md route /apps/reviews_and_complaints/competitor-analysis;
 * docs/decisions/0030): up to 5 competitor Places per outlet, picked through Google Places (New)
 * text search; a rating vs review-volume grid with the outlet among them, monthly rating and
 * review-velocity trends, and sentiment by theme with the top phrases.
 *
 * Imported by the web app from `@dinedesk/contracts/competitors` only (not the index barrel), so
 * these schemas stay out of the first paint of the other screens.
 */

/**
 * The paths of competitor analysis (POST, JSON bodies, like DineDesk's other calls). Here rather
 * than in paths.ts's `API`, which every screen's first paint carries (decision 0030).
 */
export const COMPETITORS_API = {
  search: '/api/competitors/search',
  list: '/api/competitors/list',
  add: '/api/competitors/add',
  remove: '/api/competitors/remove',
} as const;

/** Competitors per outlet. */
export const COMPETITORS_MAX = 5;
/** Themes of the sentiment breakdown; keyword lists in the server's `competitors.themes.ts`. */
export const COMPETITOR_THEMES = ['food', 'service', 'ambience', 'price', 'delivery'] as const;
export type TCompetitorTheme = (typeof COMPETITOR_THEMES)[number];
/** Places API (New) `priceLevel`, as Google names it. */
export const PRICE_LEVELS = ['PRICE_LEVEL_FREE', 'PRICE_LEVEL_INEXPENSIVE', 'PRICE_LEVEL_MODERATE', 'PRICE_LEVEL_EXPENSIVE', 'PRICE_LEVEL_VERY_EXPENSIVE'] as const;

/**
 * RFC 3339 time with offset, as common.ts's `ZIsoTime`; written here so this module imports
 * nothing of the barrel's (importing common.ts split it into a chunk of its own, in every
 * screen's first paint).
 */
const ZIsoTime = z.iso.datetime({ offset: true });
const uuid = (name: string) => z.uuid({ error: `${name} must be an id` });
const noControl = /^[^\p{Cc}]*$/u;
const ZSearchText = (name: string, max: number) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .regex(noControl, `${name} must not hold control characters`);
/** A Google place id (`ChIJ…`): letters, digits, `_` and `-`. */
export const ZPlaceId = z
  .string({ error: 'placeId must be text' })
  .regex(/^[A-Za-z0-9_-]{10,200}$/, 'placeId must be a Google place id');

/** A Place as search and the competitor list show it. `rating`/`userRatingCount` null: unrated. */
export const ZPlaceSummary = z.object({
  placeId: z.string(),
  name: z.string(),
  address: z.string(),
  /** 1–5, one decimal. */
  rating: z.number().nullable(),
  userRatingCount: z.number().int().nullable(),
  priceLevel: z.enum(PRICE_LEVELS).nullable(),
});
export type TPlaceSummary = z.infer<typeof ZPlaceSummary>;

/** `POST /api/competitors/search`: Places text search of name, with optional city and cuisine. */
export const ZCompetitorSearchRequest = z
  .object({
    outletId: uuid('outletId'),
    query: ZSearchText('query', 100).min(2, 'query must be 2 to 100 characters'),
    city: ZSearchText('city', 60).optional(),
    cuisine: ZSearchText('cuisine', 60).optional(),
  })
  .strict();
export type TCompetitorSearchRequest = z.infer<typeof ZCompetitorSearchRequest>;
/** At most 20 Places (one Places page), each marked when already a competitor of the outlet. */
export const ZCompetitorSearchResponse = z.object({ data: z.array(ZPlaceSummary.extend({ chosen: z.boolean() })) });
export type TCompetitorSearchResponse = z.infer<typeof ZCompetitorSearchResponse>;

export const ZCompetitorListRequest = z.object({ outletId: uuid('outletId') }).strict();
export const ZCompetitorAddRequest = z.object({ outletId: uuid('outletId'), placeId: ZPlaceId }).strict();
export const ZCompetitorRemoveRequest = z.object({ outletId: uuid('outletId'), placeId: ZPlaceId }).strict();
export type TCompetitorAddRequest = z.infer<typeof ZCompetitorAddRequest>;

/**
 * Whether the review history behind trends and themes is there: `available`; `pending` until the
 * refresh job has read it; `none` where the source has none (the global Zomato restaurants carry
 * aggregates only; and Google's own Places API gives 5 reviews, not a history).
 */
export const HISTORY_STATES = ['available', 'pending', 'none'] as const;

export const ZCompetitor = ZPlaceSummary.extend({
  addedAt: ZIsoTime,
  /** When the refresh job last read the Place (null: not yet). */
  refreshedAt: ZIsoTime.nullable(),
  history: z.enum(HISTORY_STATES),
});
export type TCompetitor = z.infer<typeof ZCompetitor>;

/** One dot of the grid: the outlet (`key` 'outlet', from DineDesk's own reviews) or a competitor (`key` its place id). */
export const ZGridPoint = z.object({ key: z.string(), name: z.string(), isOutlet: z.boolean(), rating: z.number().nullable(), reviewCount: z.number().int() });
export type TGridPoint = z.infer<typeof ZGridPoint>;

/** One month of a series: mean rating of the month's reviews (null: none) and how many were written. */
export const ZTrendMonth = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), averageRating: z.number().nullable(), reviews: z.number().int() });
export const ZTrendSeries = z.object({ key: z.string(), name: z.string(), isOutlet: z.boolean(), months: z.array(ZTrendMonth) });
export type TTrendSeries = z.infer<typeof ZTrendSeries>;

/** A theme of one subject: sentences mentioning it, their mean VADER compound (−1..1), and the top phrases. */
export const ZThemeSentiment = z.object({
  theme: z.enum(COMPETITOR_THEMES),
  mentions: z.number().int(),
  score: z.number().nullable(),
  positive: z.number().int(),
  negative: z.number().int(),
  topPhrases: z.array(z.object({ phrase: z.string(), count: z.number().int() })),
});
export const ZThemeSeries = z.object({ key: z.string(), name: z.string(), isOutlet: z.boolean(), themes: z.array(ZThemeSentiment) });
export type TThemeSeries = z.infer<typeof ZThemeSeries>;

/** `POST /api/competitors/list` (and the answer of add and remove): the outlet's competitors and the analysis. */
export const ZCompetitorAnalysis = z.object({
  outlet: z.object({ id: z.string(), name: z.string() }),
  competitors: z.array(ZCompetitor),
  grid: z.array(ZGridPoint),
  /** Months from the first to the last review of any subject with history; empty when none has. */
  trends: z.array(ZTrendSeries),
  themes: z.array(ZThemeSeries),
  max: z.number().int(),
});
export type TCompetitorAnalysis = z.infer<typeof ZCompetitorAnalysis>;
