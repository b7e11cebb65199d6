/**
 * MSW handlers of the dashboard cards (docs/requirements/calls.md#dashboard-cards), typed with the
 * schema's types:
 * - `GET /card/card-analytics/{card}?period=` → that card's answer for the period (default
 *   `last-28-days`); `revenue-report` takes `?year=` (2020, 2019, 2018; default 2020) and
 *   ignores `period`;
 * - `GET /card/card-statistics/{card}?period=` → `{ period, unit, value, change, bucket, series }`.
 * An unknown card → 404 naming it; an unknown `period` or `year` → 400 naming the parameter.
 * The cards are read-only: the answers come from the seeded {@link DashboardsDb}.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { createDashboardsDb, type DashboardsDb } from './data.ts';
import {
  ANALYTICS_CARDS,
  DASHBOARD_API,
  DASHBOARD_PERIODS,
  DEFAULT_PERIOD,
  REVENUE_REPORT_YEARS,
  STATISTICS_CARDS,
  type TAnalyticsAnswer,
  type TAnalyticsCard,
  type TDemoError,
  type TPeriod,
  type TRevenueReportYear,
  type TStatisticsCard,
  type TStatisticsCardAnswer,
} from './schema.ts';

const badRequest = (message: string) => HttpResponse.json<TDemoError>({ message }, { status: 400 });
const notFound = (message: string) => HttpResponse.json<TDemoError>({ message }, { status: 404 });

/** `?period=` (default {@link DEFAULT_PERIOD}), or a 400 message naming it. */
export function parsePeriod(params: URLSearchParams): TPeriod | { error: string } {
  const raw = params.get('period');
  if (raw === null || raw === '') return DEFAULT_PERIOD;
  const period = DASHBOARD_PERIODS.find((candidate) => candidate === raw);
  return period ?? { error: `period: must be one of ${DASHBOARD_PERIODS.join(', ')}` };
}

/** `?year=` of the revenue report (default the newest), or a 400 message naming it. */
export function parseYear(params: URLSearchParams): TRevenueReportYear | { error: string } {
  const raw = params.get('year');
  if (raw === null || raw === '') return REVENUE_REPORT_YEARS[0];
  const year = REVENUE_REPORT_YEARS.find((candidate) => String(candidate) === raw.trim());
  return year ?? { error: `year: must be one of ${REVENUE_REPORT_YEARS.join(', ')}` };
}

const isAnalyticsCard = (card: string): card is TAnalyticsCard => (ANALYTICS_CARDS as readonly string[]).includes(card);
const isStatisticsCard = (card: string): card is TStatisticsCard => (STATISTICS_CARDS as readonly string[]).includes(card);

/** The two card handlers over `db` (default: the seeded cards). */
export function createDashboardHandlers(db: DashboardsDb = createDashboardsDb()): RequestHandler[] {
  return [
    http.get<{ card: string }, never, TAnalyticsAnswer<TAnalyticsCard> | TDemoError>(DASHBOARD_API.analyticsPattern, ({ params, request }) => {
      const { card } = params;
      if (!isAnalyticsCard(card)) return notFound(`No analytics card "${card}" (one of ${ANALYTICS_CARDS.join(', ')})`);
      const search = new URL(request.url).searchParams;
      if (card === 'revenue-report') {
        const year = parseYear(search);
        return typeof year === 'object' ? badRequest(year.error) : HttpResponse.json(db.revenueReport[year]);
      }
      const period = parsePeriod(search);
      return typeof period === 'object' ? badRequest(period.error) : HttpResponse.json(db.analytics[card][period]);
    }),

    http.get<{ card: string }, never, TStatisticsCardAnswer | TDemoError>(DASHBOARD_API.statisticsPattern, ({ params, request }) => {
      const { card } = params;
      if (!isStatisticsCard(card)) return notFound(`No statistics card "${card}" (one of ${STATISTICS_CARDS.join(', ')})`);
      const period = parsePeriod(new URL(request.url).searchParams);
      return typeof period === 'object' ? badRequest(period.error) : HttpResponse.json(db.statistics[card][period]);
    }),
  ];
}
