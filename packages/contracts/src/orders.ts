import { z } from 'zod';

/**
 * Orders and Business Overview (docs/requirements/routes.md routes /apps/business-overview/*,
 * docs/requirements/screen-contents.md#business-overview-and-reporting; docs/decisions/0036):
 * orders imported per outlet from CSV (two shapes), the import jobs and their validation reports,
 * and the insights over the stored orders: order insights, revenue projections, delivery (timing)
 * insights and dining insights.
 *
 * Imported from `@dinedesk/contracts/orders` only (not the index barrel), so these schemas stay
 * out of the first paint of the other screens.
 */

/** The paths of the orders calls. Here rather than in paths.ts's `API` (first paint), like competitors. */
export const ORDERS_API = {
  /** POST, body = the CSV file itself (`Content-Type: text/csv`), options in the query string ({@link ZOrderImportQuery}). 202 → {@link ZOrderImport}. */
  imports: '/api/orders/imports',
  /** POST {outletId} → the outlet's imports, newest first. */
  importList: '/api/orders/imports/list',
  /** GET: one import's status and progress. */
  importStatus: '/api/orders/imports/:importId',
  /** GET: the validation report as CSV (`row,column,problem`). */
  importReport: '/api/orders/imports/:importId/report',
  /** POST {} → outlets the caller sees, with their order range and currency. */
  outlets: '/api/orders/outlets',
  insights: '/api/orders/insights',
  forecast: '/api/orders/forecast',
  delivery: '/api/orders/delivery-insights',
  dining: '/api/orders/dining-insights',
} as const;

/** Largest CSV accepted by the import (bytes): 64 MiB, about 1,000,000 order lines of the London shape. */
export const ORDER_IMPORT_MAX_BYTES = 64 * 1024 * 1024;
/** Problems kept per import; the report says how many more there were. */
export const ORDER_IMPORT_MAX_PROBLEMS = 1000;

/** The two CSV shapes: the real London export, and the documented generic shape with a column mapping. */
export const ORDER_IMPORT_SHAPES = ['london', 'generic'] as const;
export type TOrderImportShape = (typeof ORDER_IMPORT_SHAPES)[number];

/** Columns of `orders_takeaway_london.csv` (the shared data folder's README), in file order. */
export const LONDON_COLUMNS = ['outlet_id', 'order_id', 'ordered_at', 'item_name', 'quantity', 'unit_price_gbp', 'order_total_products', 'order_lines_complete'] as const;

/**
 * Fields of the generic shape: one row per order line. Required: order id, local order time
 * (`YYYY-MM-DDTHH:MM[:SS]` or with a space), item name, quantity (whole number ≥ 1), unit price
 * (decimal with a point, ≥ 0). Optional: channel (`delivery`, `collection`, `dine_in`, or a
 * platform name, at most 40 characters).
 */
export const GENERIC_FIELDS = ['order_id', 'ordered_at', 'item_name', 'quantity', 'unit_price', 'channel'] as const;
export type TGenericField = (typeof GENERIC_FIELDS)[number];
export const REQUIRED_GENERIC_FIELDS: readonly TGenericField[] = ['order_id', 'ordered_at', 'item_name', 'quantity', 'unit_price'];

/** ISO 4217 code. */
export const ZCurrency = z.string({ error: 'currency must be text' }).regex(/^[A-Z]{3}$/, 'currency must be a three-letter ISO 4217 code such as GBP');

const header = z.string().trim().min(1, 'a mapped column name must not be empty').max(200, 'a mapped column name must be at most 200 characters');
/** Generic field → the file's column header that holds it. */
export const ZColumnMapping = z
  .object({ order_id: header, ordered_at: header, item_name: header, quantity: header, unit_price: header, channel: header.optional() })
  .strict();
export type TColumnMapping = z.infer<typeof ZColumnMapping>;

const uuid = (name: string) => z.uuid({ error: `${name} must be an id` });

/**
 * Query string of the upload. `mapping` is JSON of {@link ZColumnMapping} (generic shape only);
 * `sourceOutlet` picks one outlet's rows of a London file holding several (`takeaway-1`).
 */
export const ZOrderImportQuery = z.object({
  outletId: uuid('outletId'),
  shape: z.enum(ORDER_IMPORT_SHAPES, { error: 'shape must be london or generic' }),
  fileName: z.string().trim().min(1, 'fileName is required').max(200, 'fileName must be at most 200 characters').default('orders.csv'),
  currency: ZCurrency.optional(),
  sourceOutlet: z.string().trim().min(1).max(64, 'sourceOutlet must be at most 64 characters').optional(),
  mapping: z.string().max(4000, 'mapping must be at most 4000 characters').optional(),
});
export type TOrderImportQuery = z.input<typeof ZOrderImportQuery>;

export const ORDER_IMPORT_STATUSES = ['queued', 'validating', 'importing', 'imported', 'rejected', 'failed'] as const;
export type TOrderImportStatus = (typeof ORDER_IMPORT_STATUSES)[number];

export const ZOrderImport = z.object({
  id: z.string(),
  outletId: z.string(),
  fileName: z.string(),
  bytes: z.number().int(),
  shape: z.enum(ORDER_IMPORT_SHAPES),
  currency: z.string(),
  status: z.enum(ORDER_IMPORT_STATUSES),
  /** 0–1: validation is the first half, writing the second. */
  progress: z.number(),
  rowsRead: z.number().int(),
  ordersImported: z.number().int(),
  linesImported: z.number().int(),
  /** Orders of the file the outlet had already (same order id): left as they were. */
  ordersAlreadyThere: z.number().int(),
  rowsSkipped: z.number().int(),
  problemCount: z.number().int(),
  /** A failure that is not about the file's rows (the database was down), in plain words. */
  failure: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type TOrderImport = z.infer<typeof ZOrderImport>;
export const ZOrderImportParams = z.object({ importId: uuid('importId') });
export const ZOrderImportList = z.object({ data: z.array(ZOrderImport) });
export const ZOutletRequest = z.object({ outletId: uuid('outletId') }).strict();

export const ZOrdersOutlet = z.object({
  id: z.string(),
  name: z.string(),
  city: z.string(),
  brandName: z.string(),
  currency: z.string().nullable(),
  orders: z.number().int(),
  firstDay: z.string().nullable(),
  lastDay: z.string().nullable(),
  /** The outlet may be imported into by the caller. */
  canImport: z.boolean(),
});
export type TOrdersOutlet = z.infer<typeof ZOrdersOutlet>;
export const ZOrdersOutlets = z.object({ data: z.array(ZOrdersOutlet) });

/**
 * A local day `YYYY-MM-DD` that exists in the calendar (2019-02-30 does not: a regex alone let it
 * through to SQL's `::date`, which refuses it), 2000–2099 as the order import.
 */
export const ZDay = z
  .string({ error: 'must be a date' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((d) => {
    const t = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === d && d >= '2000-01-01' && d <= '2099-12-31';
  }, 'must be a real date from 2000 to 2099');
/** A period of local days, both ends included; omitted: the last 28 days with orders. */
export const ZInsightsRequest = z
  .object({ outletId: uuid('outletId'), from: ZDay.optional(), to: ZDay.optional() })
  .strict()
  .refine((r) => !r.from || !r.to || r.from <= r.to, { message: 'from must not be after to', path: ['from'] });
export type TInsightsRequest = z.infer<typeof ZInsightsRequest>;

const ZTotals = z.object({ orders: z.number().int(), sales: z.number(), averageOrderValue: z.number().nullable(), items: z.number().int() });
export const ZOrderInsights = z.object({
  outletId: z.string(),
  currency: z.string().nullable(),
  /** Days the outlet has orders, the whole history. */
  dataFrom: z.string().nullable(),
  dataTo: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  totals: ZTotals,
  /** The same-length period just before. */
  previous: ZTotals,
  daily: z.array(z.object({ day: z.string(), orders: z.number().int(), sales: z.number() })),
  /** Top items by sales in the period, the rest as one `other` row (item mix). */
  itemMix: z.array(z.object({ item: z.string(), quantity: z.number().int(), sales: z.number(), share: z.number() })),
  /** weekday 0 = Monday … 6 = Sunday, hour 0–23 (local time of the order). */
  heatmap: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), orders: z.number().int() })),
  /** The last 4 weeks up to the period's end against the 4 before. */
  fourWeeks: z.object({
    currentFrom: z.string(),
    currentTo: z.string(),
    previousFrom: z.string(),
    previousTo: z.string(),
    current: ZTotals,
    previous: ZTotals,
  }).nullable(),
  /** Items by quantity in the period, with the previous period's quantity and weekly quantities (trend). */
  topItems: z.array(z.object({ item: z.string(), quantity: z.number().int(), previousQuantity: z.number().int(), sales: z.number(), weekly: z.array(z.number().int()) })),
  bottomItems: z.array(z.object({ item: z.string(), quantity: z.number().int(), previousQuantity: z.number().int(), sales: z.number(), weekly: z.array(z.number().int()) })),
  /** Item pairs in the same basket: support = share of orders with both, confidence A→B, lift. */
  basketPairs: z.array(z.object({ a: z.string(), b: z.string(), orders: z.number().int(), support: z.number(), confidence: z.number(), lift: z.number() })),
  /** Orders whose lines are all in the file (London: `order_lines_complete`). */
  basketOrders: z.number().int(),
});
export type TOrderInsights = z.infer<typeof ZOrderInsights>;

/** Forecast request: `horizonDays` ahead of the last day, and `holdoutDays` held back to measure the error. */
export const ZForecastRequest = z
  .object({
    outletId: uuid('outletId'),
    horizonDays: z.number({ error: 'horizonDays must be a number' }).int('horizonDays must be a whole number').min(1, 'horizonDays must be at least 1').max(90, 'horizonDays must be at most 90').default(28),
    holdoutDays: z.number({ error: 'holdoutDays must be a number' }).int('holdoutDays must be a whole number').min(7, 'holdoutDays must be at least 7').max(56, 'holdoutDays must be at most 56').default(28),
  })
  .strict();
export type TForecastRequest = z.input<typeof ZForecastRequest>;
export const ZForecastPoint = z.object({ day: z.string(), actual: z.number().nullable(), forecast: z.number().nullable(), lower: z.number().nullable(), upper: z.number().nullable() });
export const ZForecast = z.object({
  outletId: z.string(),
  currency: z.string().nullable(),
  /** `mstl-ets`: augurs MSTL (period 7) with an AutoETS trend; null when there is too little history. */
  method: z.string().nullable(),
  /** Interval level of the band (0.95). */
  level: z.number(),
  /** Days of history the model needs at least. */
  minHistoryDays: z.number().int(),
  historyDays: z.number().int(),
  /** Mean absolute percentage error of the held-back days (days with sales only), as a fraction. */
  mape: z.number().nullable(),
  holdoutFrom: z.string().nullable(),
  /** History (actuals), the held-back days (actual and forecast), then the future (forecast). */
  points: z.array(ZForecastPoint),
});
export type TForecast = z.infer<typeof ZForecast>;

export const ZDeliveryInsights = z.object({
  outletId: z.string(),
  currency: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  /** Channels the orders carry ("unknown" when the file had none: the London source has no channel). */
  byChannelHour: z.array(z.object({ channel: z.string(), hour: z.number().int(), orders: z.number().int() })),
  /** Busiest hours: average orders per open day in that hour, and the busiest single day-hour. */
  peakHours: z.array(z.object({ hour: z.number().int(), averageOrders: z.number(), maxOrders: z.number().int() })),
  /** Orders by number of items (1, 2, … 10+) and by value band. */
  orderSizes: z.array(z.object({ items: z.string(), orders: z.number().int() })),
  orderValues: z.array(z.object({ band: z.string(), orders: z.number().int() })),
  /** What the data cannot show (stated on screen): no delivery times, cancellations, acceptance or prep times in the source. */
  missing: z.array(z.enum(['delivery_times', 'cancellations', 'acceptance', 'prep_times', 'channel'])),
});
export type TDeliveryInsights = z.infer<typeof ZDeliveryInsights>;

export const ZDiningInsights = z.object({
  outletId: z.string(),
  outletName: z.string(),
  city: z.string(),
  /** The outlet's restaurant in the real Zomato data, or null when there is none (the London takeaways). */
  restaurant: z
    .object({
      name: z.string(),
      costForTwo: z.number().nullable(),
      currency: z.string(),
      cuisines: z.array(z.string()),
      rating: z.number().nullable(),
      ratedReviews: z.number().int(),
    })
    .nullable(),
  /** The outlet's city in the same data: restaurants, median cost for two and rank by rating (1 = best). */
  cityStats: z
    .object({
      restaurants: z.number().int(),
      medianCostForTwo: z.number().nullable(),
      ratingRank: z.number().int().nullable(),
      ratedRestaurants: z.number().int(),
      cuisines: z.array(z.object({ cuisine: z.string(), restaurants: z.number().int() })),
      costBands: z.array(z.object({ band: z.string(), restaurants: z.number().int(), outletHere: z.boolean() })),
    })
    .nullable(),
  /** Dine-in figures need covers (party sizes) that no imported source carries. */
  coversKnown: z.boolean(),
});
export type TDiningInsights = z.infer<typeof ZDiningInsights>;

/** One row of the validation report. Row 1 is the header; column is the file's header name (or the field). */
export const ZImportProblem = z.object({ row: z.number().int(), column: z.string(), problem: z.string() });
export type TImportProblem = z.infer<typeof ZImportProblem>;
