/**
 * The dashboard cards' data (docs/requirements/data.md#dashboard-cards): every card's answer for
 * every period (and the revenue report's for every year), each from a faker seeded with the card
 * and the period, so a card shows the same figures on every load, in every test and for every
 * visitor, and a period shows other figures than the next one. Nothing depends on today's date.
 *
 * Sizes follow the period: a month is about 30/28 of the 28 days, a year about 13 times them.
 * The data never changes (the cards are read-only), so the handlers need no session state.
 */
import { Faker, en } from '@faker-js/faker';
import {
  CUSTOMER_KINDS,
  DASHBOARD_PERIODS,
  DEVICES,
  REVENUE_REPORT_YEARS,
  SERIES_SHAPE,
  STATISTICS_CARDS,
  type TAnalyticsAnswer,
  type TAnalyticsCard,
  type TPeriod,
  type TRevenueReport,
  type TRevenueReportYear,
  type TStatisticsCard,
  type TStatisticsCardAnswer,
} from './schema.ts';

/** The analytics cards answered per period (the revenue report goes by year). */
type PeriodAnalyticsCard = Exclude<TAnalyticsCard, 'revenue-report'>;

/** Every card's answer, by card and period (the revenue report by year). */
export interface DashboardsDb {
  analytics: { [C in PeriodAnalyticsCard]: Record<TPeriod, TAnalyticsAnswer<C>> };
  revenueReport: Record<TRevenueReportYear, TRevenueReport>;
  statistics: Record<TStatisticsCard, Record<TPeriod, TStatisticsCardAnswer>>;
}

/** How much bigger a period's totals are than the 28 days'. */
const PERIOD_SCALE: Readonly<Record<TPeriod, number>> = { 'last-28-days': 1, 'last-month': 30 / 28, 'last-year': 365 / 28 };

/** FNV-1a of `text`: a stable 32-bit seed per card and period. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** A faker seeded with `key` (e.g. `analytics/customers/last-month`). */
function seeded(key: string): Faker {
  return new Faker({ locale: [en], seed: seedOf(key) });
}

/** `base` scaled to `period`, give or take 15 %, as a whole number. */
function sized(faker: Faker, base: number, period: TPeriod): number {
  return Math.round(base * PERIOD_SCALE[period] * faker.number.float({ min: 0.85, max: 1.15 }));
}

/** A signed percentage between `min` and `max`, one decimal. */
function change(faker: Faker, min = -12, max = 18): number {
  return faker.number.float({ min, max, fractionDigits: 1 });
}

/**
 * `count` values around `mean` with a gentle wave and noise (never below 0): a series that looks
 * like traffic rather than white noise.
 */
function wave(faker: Faker, count: number, mean: number, spread = 0.35): number[] {
  const phase = faker.number.float({ min: 0, max: Math.PI * 2 });
  return Array.from({ length: count }, (_, index) => {
    const swing = Math.sin(phase + (index / Math.max(1, count - 1)) * Math.PI * 2) * spread * 0.6;
    const noise = faker.number.float({ min: -spread * 0.4, max: spread * 0.4 });
    return Math.max(0, Math.round(mean * (1 + swing + noise)));
  });
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function supportTracker(period: TPeriod): TAnalyticsAnswer<'support-tracker'> {
  const faker = seeded(`analytics/support-tracker/${period}`);
  const totalTicket = sized(faker, 163, period);
  const newTicket = Math.round(totalTicket * faker.number.float({ min: 0.12, max: 0.25 }));
  const openTicket = Math.round(totalTicket * faker.number.float({ min: 0.1, max: 0.35 }));
  return { period, totalTicket, newTicket, openTicket, responseTime: faker.number.float({ min: 0.8, max: 9.5, fractionDigits: 1 }) };
}

function avgSessions(period: TPeriod): TAnalyticsAnswer<'avg-sessions'> {
  const faker = seeded(`analytics/avg-sessions/${period}`);
  const sessions = faker.number.int({ min: 2_200, max: 3_200 });
  // Weekdays busier than the weekend, averaging `sessions`.
  const weights = [1.05, 1.1, 1.08, 1.12, 1.15, 0.78, 0.72].map((weight) => weight * faker.number.float({ min: 0.9, max: 1.1 }));
  const norm = sum(weights) / weights.length;
  return {
    period,
    sessions,
    growth: change(faker, -8, 14),
    series: weights.map((weight) => Math.round((sessions * weight) / norm)),
    goal: Math.round((sessions * faker.number.float({ min: 1.1, max: 1.6 })) / 100) * 100,
    users: sized(faker, 18_400, period),
    retention: faker.number.float({ min: 52, max: 91, fractionDigits: 1 }),
    duration: faker.number.int({ min: 95, max: 420 }),
  };
}

function revenueReport(year: TRevenueReportYear): TRevenueReport {
  const faker = seeded(`analytics/revenue-report/${year}`);
  // Older years earned less: the business grows about 15 % a year.
  const growth = Math.pow(1.15, year - Math.min(...REVENUE_REPORT_YEARS));
  const earnings = wave(faker, 12, 18_000 * growth, 0.4);
  const months = earnings.map((earning, index) => ({ month: index + 1, earning, expense: Math.round(earning * faker.number.float({ min: 0.35, max: 0.7 })) }));
  const earning = sum(months.map((month) => month.earning));
  return {
    years: [...REVENUE_REPORT_YEARS],
    year,
    earning,
    expense: sum(months.map((month) => month.expense)),
    budget: Math.round((earning * faker.number.float({ min: 1.02, max: 1.25 })) / 100) * 100,
    months,
  };
}

function goalOverview(period: TPeriod): TAnalyticsAnswer<'goal-overview'> {
  const faker = seeded(`analytics/goal-overview/${period}`);
  const completed = sized(faker, 60_500, period);
  return { period, completed, inProgress: Math.round(completed * faker.number.float({ min: 0.08, max: 0.45 })) };
}

function revenue(period: TPeriod): TAnalyticsAnswer<'revenue'> {
  const faker = seeded(`analytics/revenue/${period}`);
  const { bucket, points } = SERIES_SHAPE[period];
  const perBucket = sized(faker, 86_000, period) / points;
  const current = wave(faker, points, perBucket);
  const previous = wave(faker, points, perBucket * faker.number.float({ min: 0.75, max: 1.05 }));
  return {
    period,
    bucket,
    current: sum(current),
    previous: sum(previous),
    series: current.map((value, index) => ({ current: value, previous: previous[index] ?? 0 })),
  };
}

function productOrders(period: TPeriod): TAnalyticsAnswer<'product-orders'> {
  const faker = seeded(`analytics/product-orders/${period}`);
  const total = sized(faker, 3_100, period);
  const finished = Math.round(total * faker.number.float({ min: 0.5, max: 0.62 }));
  const pending = Math.round(total * faker.number.float({ min: 0.22, max: 0.32 }));
  return { period, finished, pending, rejected: Math.max(0, total - finished - pending) };
}

function sessionsDevice(period: TPeriod): TAnalyticsAnswer<'sessions-device'> {
  const faker = seeded(`analytics/sessions-device/${period}`);
  // In tenths of a percent, so the three add up to exactly 100.
  const desktop = faker.number.int({ min: 480, max: 620 });
  const mobile = faker.number.int({ min: 280, max: 1000 - desktop - 40 });
  const tenths = { desktop, mobile, tablet: 1000 - desktop - mobile };
  return { period, devices: DEVICES.map((device) => ({ device, usage: tenths[device] / 10, change: change(faker, -9, 9) })) };
}

function customers(period: TPeriod): TAnalyticsAnswer<'customers'> {
  const faker = seeded(`analytics/customers/${period}`);
  const base = { New: 690, Returning: 258, Referrals: 149 } as const;
  return { period, customers: CUSTOMER_KINDS.map((kind) => ({ kind, count: sized(faker, base[kind], period) })) };
}

/** Each statistics card's unit, its daily mean over the 28 days, and how its figure adds up. */
const STATISTICS: Readonly<Record<TStatisticsCard, { unit: TStatisticsCardAnswer['unit']; daily: number; total: 'sum' | 'mean' }>> = {
  'orders-bar-chart': { unit: 'count', daily: 98, total: 'sum' },
  'profit-line-chart': { unit: 'usd', daily: 223, total: 'sum' },
  subscribers: { unit: 'count', daily: 3_300, total: 'sum' },
  revenue: { unit: 'usd', daily: 3_480, total: 'sum' },
  sales: { unit: 'count', daily: 410, total: 'sum' },
  orders: { unit: 'count', daily: 3_480, total: 'sum' },
  'site-traffic': { unit: 'count', daily: 2_820, total: 'sum' },
  // Active users are not added up over days: the figure is the mean per bucket.
  'active-users': { unit: 'count', daily: 23_560, total: 'mean' },
  newsletter: { unit: 'count', daily: 1_025, total: 'sum' },
};

/** Statistics card `card` over `period`. */
function statisticsCard(card: TStatisticsCard, period: TPeriod): TStatisticsCardAnswer {
  const faker = seeded(`statistics/${card}/${period}`);
  const { unit, daily, total } = STATISTICS[card];
  const { bucket, points } = SERIES_SHAPE[period];
  const perBucket = total === 'mean' ? daily : sized(faker, daily * 28, period) / points;
  const series = wave(faker, points, perBucket);
  const value = total === 'mean' ? Math.round(sum(series) / series.length) : sum(series);
  return { period, unit, value, change: change(faker), bucket, series };
}

/** Every card's answer for every period and year (see the module comment). */
export function createDashboardsDb(): DashboardsDb {
  const perPeriod = <T,>(build: (period: TPeriod) => T): Record<TPeriod, T> =>
    Object.fromEntries(DASHBOARD_PERIODS.map((period) => [period, build(period)])) as Record<TPeriod, T>;
  return {
    analytics: {
      'support-tracker': perPeriod(supportTracker),
      'avg-sessions': perPeriod(avgSessions),
      'goal-overview': perPeriod(goalOverview),
      revenue: perPeriod(revenue),
      'product-orders': perPeriod(productOrders),
      'sessions-device': perPeriod(sessionsDevice),
      customers: perPeriod(customers),
    },
    revenueReport: Object.fromEntries(REVENUE_REPORT_YEARS.map((year) => [year, revenueReport(year)])) as Record<TRevenueReportYear, TRevenueReport>,
    statistics: Object.fromEntries(STATISTICS_CARDS.map((card) => [card, perPeriod((period) => statisticsCard(card, period))])) as DashboardsDb['statistics'],
  };
}
