/**
 * Shapes of the dashboard card calls (docs/requirements/data.md#dashboard-cards and
 * calls.md#dashboard-cards). Every call is a GET of one card:
 * - `GET /card/card-analytics/{card}?period=` for the eight analytics cards
 *   ({@link ANALYTICS_CARDS}); `revenue-report` takes `?year=` (2020, 2019, 2018) instead;
 * - `GET /card/card-statistics/{card}?period=` for the nine statistics cards
 *   ({@link STATISTICS_CARDS}), all one shape ({@link ZStatisticsCard});
 * - `period` is one of {@link DASHBOARD_PERIODS} (the pickers' Last 28 Days, Last Month, Last
 *   Year; default `last-28-days`); an unknown period or year → 400 naming the parameter, an
 *   unknown card → 404.
 *
 * Amounts are US dollars as numbers (the template sent display strings such as '25,852'), so
 * they show in the reader's language. Percentages are numbers from 0 to 100 (`change` and
 * `growth` signed). Time series are plain numbers, one per `bucket`: a day over the 28 days or
 * the (30-day) month, a month over the year ({@link SERIES_SHAPE}).
 */
import { z } from 'zod';

/** The period pickers' choices, in the pickers' order. */
export const DASHBOARD_PERIODS = ['last-28-days', 'last-month', 'last-year'] as const;
export const DEFAULT_PERIOD = 'last-28-days';

/** The revenue report's years, newest first ("revenue-report (years 2020, 2019, 2018)"). */
export const REVENUE_REPORT_YEARS = [2020, 2019, 2018] as const;

/** The analytics cards (docs/requirements/calls.md), by their path segment. */
export const ANALYTICS_CARDS = ['support-tracker', 'avg-sessions', 'revenue-report', 'goal-overview', 'revenue', 'product-orders', 'sessions-device', 'customers'] as const;

/** The statistics cards (docs/requirements/calls.md), by their path segment. */
export const STATISTICS_CARDS = ['orders-bar-chart', 'profit-line-chart', 'subscribers', 'revenue', 'sales', 'orders', 'site-traffic', 'active-users', 'newsletter'] as const;

/** Product order states (docs/requirements/data.md), devices (docs/requirements/data.md) and
 * customer kinds (docs/requirements/data.md), in display order. */
export const ORDER_STATES = ['finished', 'pending', 'rejected'] as const;
export const DEVICES = ['desktop', 'mobile', 'tablet'] as const;
export const CUSTOMER_KINDS = ['New', 'Returning', 'Referrals'] as const;

/** How a period's time series is cut: `points` buckets of one `bucket` each. */
export const SERIES_SHAPE = {
  'last-28-days': { bucket: 'day', points: 28 },
  'last-month': { bucket: 'day', points: 30 },
  'last-year': { bucket: 'month', points: 12 },
} as const;

export const ZPeriod = z.enum(DASHBOARD_PERIODS);
export const ZBucket = z.enum(['day', 'month']);
const ZCount = z.number().int().nonnegative();
const ZPercent = z.number().min(0).max(100);
/** A signed change against the period before, in percent (e.g. -4.2). */
const ZChange = z.number();

/** Support tracker (docs/requirements/data.md): tickets in the period; `responseTime` the mean
 * first response, hours. */
export const ZSupportTracker = z.object({
  period: ZPeriod,
  totalTicket: ZCount,
  newTicket: ZCount,
  openTicket: ZCount,
  responseTime: z.number().positive(),
});

/**
 * Average sessions: `sessions` a day on average, `growth` against the period before, `series`
 * the average per weekday (Monday first); `goal` the daily sessions aimed at, `users` distinct
 * users, `retention` the share of them who came back, `duration` the mean session, seconds.
 */
export const ZAvgSessions = z.object({
  period: ZPeriod,
  sessions: ZCount,
  growth: ZChange,
  series: z.array(ZCount).length(7),
  goal: ZCount,
  users: ZCount,
  retention: ZPercent,
  duration: ZCount,
});

/** One month of the revenue report, US dollars; `month` 1 (January) to 12. */
export const ZRevenueReportMonth = z.object({ month: z.number().int().min(1).max(12), earning: ZCount, expense: ZCount });

/** Revenue report of `year`: the twelve months, their totals and the year's budget (US dollars). */
export const ZRevenueReport = z.object({
  years: z.array(z.number().int()),
  year: z.number().int(),
  earning: ZCount,
  expense: ZCount,
  budget: ZCount,
  months: z.array(ZRevenueReportMonth).length(12),
});

/** Goal overview: orders completed and still in progress in the period. */
export const ZGoalOverview = z.object({ period: ZPeriod, completed: ZCount, inProgress: ZCount });

/** Revenue of the period against the period before (US dollars), in total and per bucket. */
export const ZRevenue = z.object({
  period: ZPeriod,
  bucket: ZBucket,
  current: ZCount,
  previous: ZCount,
  series: z.array(z.object({ current: ZCount, previous: ZCount })).min(1),
});

/** Product orders (docs/requirements/data.md finished, pending, rejected) in the period. */
export const ZProductOrders = z.object({ period: ZPeriod, finished: ZCount, pending: ZCount, rejected: ZCount });

/** Sessions by device (docs/requirements/data.md): share of sessions (the three add up to 100) and
 * its change. */
export const ZSessionsDevice = z.object({
  period: ZPeriod,
  devices: z.array(z.object({ device: z.enum(DEVICES), usage: ZPercent, change: ZChange })).length(DEVICES.length),
});

/** Customers (docs/requirements/data.md New, Returning, Referrals) in the period. */
export const ZCustomers = z.object({
  period: ZPeriod,
  customers: z.array(z.object({ kind: z.enum(CUSTOMER_KINDS), count: ZCount })).length(CUSTOMER_KINDS.length),
});

/**
 * A statistics card: its figure over the period (`value`, in `unit`: a count, US dollars or a
 * percent), its change against the period before, and its series per `bucket`.
 */
export const ZStatisticsCard = z.object({
  period: ZPeriod,
  unit: z.enum(['count', 'usd']),
  value: ZCount,
  change: ZChange,
  bucket: ZBucket,
  series: z.array(ZCount).min(1),
});

/** Each analytics card's answer schema. */
export const ANALYTICS_SCHEMAS = {
  'support-tracker': ZSupportTracker,
  'avg-sessions': ZAvgSessions,
  'revenue-report': ZRevenueReport,
  'goal-overview': ZGoalOverview,
  revenue: ZRevenue,
  'product-orders': ZProductOrders,
  'sessions-device': ZSessionsDevice,
  customers: ZCustomers,
} as const satisfies Record<(typeof ANALYTICS_CARDS)[number], z.ZodType>;

export const ZDemoError = z.object({ message: z.string() });

export type TPeriod = z.infer<typeof ZPeriod>;
export type TAnalyticsCard = (typeof ANALYTICS_CARDS)[number];
export type TStatisticsCard = (typeof STATISTICS_CARDS)[number];
export type TRevenueReportYear = (typeof REVENUE_REPORT_YEARS)[number];
export type TDevice = (typeof DEVICES)[number];
export type TCustomerKind = (typeof CUSTOMER_KINDS)[number];
export type TOrderState = (typeof ORDER_STATES)[number];
export type TSupportTracker = z.infer<typeof ZSupportTracker>;
export type TRevenueReport = z.infer<typeof ZRevenueReport>;
export type TStatisticsCardAnswer = z.infer<typeof ZStatisticsCard>;
export type TDemoError = z.infer<typeof ZDemoError>;

/** The answer of analytics card `C`. */
export type TAnalyticsAnswer<C extends TAnalyticsCard> = z.infer<(typeof ANALYTICS_SCHEMAS)[C]>;

/** A card call's query: `period` for every card but the revenue report, which takes `year`. */
export interface CardQuery {
  period?: TPeriod;
  year?: TRevenueReportYear;
}

/** Paths of the card calls (docs/requirements/calls.md). */
export const DASHBOARD_API = {
  analytics: (card: string) => `/card/card-analytics/${card}`,
  analyticsPattern: '/card/card-analytics/:card',
  statistics: (card: string) => `/card/card-statistics/${card}`,
  statisticsPattern: '/card/card-statistics/:card',
} as const;
