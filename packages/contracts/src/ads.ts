import { z } from 'zod';
import { ORDER_IMPORT_STATUSES, ZCurrency, ZDay } from './orders.ts';

/**
 * Digital Marketing → Ads pro ("Digital Marketing: Ads pro", docs/requirements/routes.md route
 * /apps/digital-marketing/ads-pro, docs/requirements/screen-contents.md#ads-pro;
 * docs/decisions/0043): an outlet's ad results imported from a CSV export (one row per campaign and
 * day) through the order import's machinery (upload, `order_imports` record, queued job, validation
 * report), and per period the spend, impressions, clicks, CTR, the orders attributed to the ads by
 * day and outlet, the cost per order and the return. The attribution is an estimate and every
 * answer says so ({@link ZAdsPerformance} `attribution`).
 *
 * Imported from `@dinedesk/contracts/ads` only (not the index barrel), like orders.
 */

export const ADS_API = {
  /** POST, body = the CSV file itself (`Content-Type: text/csv`), options in the query string ({@link ZAdsImportQuery}). 202 → {@link ZAdsImport}. */
  imports: '/api/ads/imports',
  /** POST {outletId} → the outlet's ads imports, newest first. */
  importList: '/api/ads/imports/list',
  /** GET: one ads import's status and progress. */
  importStatus: '/api/ads/imports/:importId',
  /** GET: the validation report as CSV (`row,column,problem`). */
  importReport: '/api/ads/imports/:importId/report',
  /** POST {} → the outlets the caller sees, with their ad data's range and currency (the outlet picker). */
  outlets: '/api/ads/outlets',
  /** POST {@link ZAdsPerformanceRequest} → {@link ZAdsPerformance}. */
  performance: '/api/ads/performance',
} as const;

/**
 * The ads CSV shape (docs/decisions/0043; the demo file `ads_demo_takeaway_1.csv`): a header row
 * holding these columns (in any order; other columns are ignored), then one row per campaign and
 * day: `campaign` (text, 1–120 characters), `date` (`YYYY-MM-DD`, the outlet's local day),
 * `spend` (decimal with a point, at most 2 decimals, 0–1,000,000), `impressions` and `clicks`
 * (whole numbers, 0–1,000,000,000, clicks at most impressions). A campaign appears at most once
 * per day in a file.
 */
export const ADS_COLUMNS = ['campaign', 'date', 'spend', 'impressions', 'clicks'] as const;
export const ADS_MAX_CAMPAIGN = 120;
/** Largest ads CSV accepted (bytes): 16 MiB, about 300,000 campaign-days. */
export const ADS_IMPORT_MAX_BYTES = 16 * 1024 * 1024;
/** Longest period one performance answer covers, days. */
export const ADS_MAX_PERIOD_DAYS = 366;

const uuid = (name: string) => z.uuid({ error: `${name} must be an id` });

/** Query string of the upload: the outlet, the currency of `spend`, the file's name (shown in the history). */
export const ZAdsImportQuery = z.object({
  outletId: uuid('outletId'),
  currency: ZCurrency,
  fileName: z.string().trim().min(1, 'fileName is required').max(200, 'fileName must be at most 200 characters').default('ads.csv'),
});
export type TAdsImportQuery = z.input<typeof ZAdsImportQuery>;

export const ZAdsImport = z.object({
  id: z.string(),
  outletId: z.string(),
  fileName: z.string(),
  bytes: z.number().int(),
  currency: z.string(),
  status: z.enum(ORDER_IMPORT_STATUSES),
  /** 0–1: validation is the first half, writing the second. */
  progress: z.number(),
  rowsRead: z.number().int(),
  /** Campaign-days the outlet did not have. */
  daysImported: z.number().int(),
  /** Campaign-days the outlet had: their figures replaced by the file's (an ads export revises recent days). */
  daysUpdated: z.number().int(),
  problemCount: z.number().int(),
  failure: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TAdsImport = z.infer<typeof ZAdsImport>;
export const ZAdsImportParams = z.object({ importId: uuid('importId') });
export const ZAdsImportList = z.object({ data: z.array(ZAdsImport) });
export const ZAdsOutletRequest = z.object({ outletId: uuid('outletId') }).strict();

export const ZAdsOutlet = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  brandName: z.string(),
  /** Currency of the outlet's ad spend; null before its first ads import. */
  currency: z.string().nullable(),
  /** Currency of most of its orders (the import's default currency), null without orders. */
  ordersCurrency: z.string().nullable(),
  /** Campaign-days of ad data, and its first and last day. */
  campaignDays: z.number().int(),
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  canImport: z.boolean(),
});
export type TAdsOutlet = z.infer<typeof ZAdsOutlet>;
export const ZAdsOutlets = z.object({ data: z.array(ZAdsOutlet) });

/** A period of local days, both ends included; omitted: the last 28 days with ad data. At most {@link ADS_MAX_PERIOD_DAYS} days. */
export const ZAdsPerformanceRequest = z
  .object({ outletId: uuid('outletId'), from: ZDay.optional(), to: ZDay.optional() })
  .strict()
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'from must not be after to', path: ['from'] });
export type TAdsPerformanceRequest = z.infer<typeof ZAdsPerformanceRequest>;

/** Figures of a campaign or of the period. Money in major units of the currency; ratios 0–1; null where the divisor is 0. */
const ZAdsFigures = z.object({
  spend: z.number(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** clicks / impressions. */
  ctr: z.number().nullable(),
  /** Orders attributed to the ads (an estimate, fractional: a day's orders are shared among its campaigns). */
  attributedOrders: z.number(),
  /** Sales of the attributed orders, in the orders' currency. */
  attributedSales: z.number(),
  /** spend / attributed orders. */
  costPerOrder: z.number().nullable(),
  /** attributed sales / spend; null when the orders' currency is not the ads' currency. */
  returnOnSpend: z.number().nullable(),
});
export type TAdsFigures = z.infer<typeof ZAdsFigures>;

export const ZAdsCampaign = ZAdsFigures.extend({ campaign: z.string(), firstDay: z.string(), lastDay: z.string(), days: z.number().int() });
export type TAdsCampaign = z.infer<typeof ZAdsCampaign>;

export const ZAdsDay = z.object({
  day: z.string(),
  spend: z.number(),
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** All orders of the outlet that day, null when the day is outside its order data. */
  orders: z.number().int().nullable(),
  attributedOrders: z.number(),
});

export const ZAdsPerformance = z.object({
  outletId: z.string(),
  /** Currency of the spend; null when the outlet has no ad data. */
  currency: z.string().nullable(),
  /** Currency of the outlet's orders (sales). */
  ordersCurrency: z.string().nullable(),
  /** Days the outlet has ad data, the whole history. */
  dataFrom: z.string().nullable(),
  dataTo: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  totals: ZAdsFigures,
  campaigns: z.array(ZAdsCampaign),
  daily: z.array(ZAdsDay),
  /**
   * How the orders were attributed, and how far to trust it. `method` is always `day_share`: each
   * day's orders of the outlet are shared among the campaigns with spend that day, by their
   * clicks (by spend on a day without clicks). `adDays` / `otherDays`: days of the period with
   * ad spend and without, both inside the order data; their orders per day compare the two (no
   * lift is claimed when either is 0). `ordersCovered` is false when some ad days have no order data.
   */
  attribution: z.object({
    method: z.literal('day_share'),
    estimate: z.literal(true),
    adDays: z.number().int(),
    /** Mean orders per day over `adDays` (null when 0). */
    adDayOrders: z.number().nullable(),
    otherDays: z.number().int(),
    /** Mean orders per day over `otherDays` (null when 0). */
    otherDayOrders: z.number().nullable(),
    ordersCovered: z.boolean(),
  }),
  /** The caller may import ads into this outlet. */
  canImport: z.boolean(),
});
export type TAdsPerformance = z.infer<typeof ZAdsPerformance>;
