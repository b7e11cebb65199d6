/**
 * The dashboard cards' mock rules (docs/requirements/data.md#dashboard-cards and calls.md card
 * calls) through `msw/node` and the app's own fetchers: every analytics and statistics card answers
 * its shape for every period, the revenue report its three years, product orders their three
 * states, sessions by device its three devices (usage adding up to 100), customers their three
 * kinds; the period is honoured (other figures, the period echoed, the series cut per period); the
 * data is seeded (the same on every load); an unknown card → 404, a bad period or year → 400.
 */
import { describe, expect, it } from 'vitest';
import { getAnalyticsCard } from './api/get-analytics-card.ts';
import { getStatisticsCard } from './api/get-statistics-card.ts';
import { createDashboardsDb } from './data.ts';
import { createDashboardHandlers } from './handlers.ts';
import { DemoRequestError } from '../mock/demo-fetch.ts';
import { setupDemoServer } from '../mock/node.ts';
import {
  ANALYTICS_CARDS,
  ANALYTICS_SCHEMAS,
  CUSTOMER_KINDS,
  DASHBOARD_API,
  DASHBOARD_PERIODS,
  DEVICES,
  REVENUE_REPORT_YEARS,
  SERIES_SHAPE,
  STATISTICS_CARDS,
  ZStatisticsCard,
} from './schema.ts';

setupDemoServer(() => createDashboardHandlers());

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: unknown) => (error instanceof DemoRequestError ? error.status : -1),
  );

const PERIOD_CARDS = ANALYTICS_CARDS.filter((card) => card !== 'revenue-report');

describe('GET /card/card-analytics/{card}', () => {
  it.each(PERIOD_CARDS.flatMap((card) => DASHBOARD_PERIODS.map((period) => [card, period] as const)))('%s answers its shape for %s', async (card, period) => {
    const response = await fetch(`${DASHBOARD_API.analytics(card)}?period=${period}`);
    expect(response.status).toBe(200);
    const body: unknown = await response.json();
    expect(ANALYTICS_SCHEMAS[card].safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ period });
  });

  it('answers the 28 days when no period is given', async () => {
    for (const card of PERIOD_CARDS) {
      expect(await getAnalyticsCard(card), card).toEqual(await getAnalyticsCard(card, { period: 'last-28-days' }));
    }
  });

  it('support tracker: total, new and open tickets and the response time', async () => {
    const tracker = await getAnalyticsCard('support-tracker', { period: 'last-month' });
    expect(Object.keys(tracker).sort()).toEqual(['newTicket', 'openTicket', 'period', 'responseTime', 'totalTicket']);
    expect(tracker.totalTicket).toBeGreaterThan(0);
    expect(tracker.newTicket).toBeLessThanOrEqual(tracker.totalTicket);
    expect(tracker.openTicket).toBeLessThanOrEqual(tracker.totalTicket);
    expect(tracker.responseTime).toBeGreaterThan(0);
  });

  it('average sessions: seven weekdays around the daily average, the goal above it', async () => {
    const sessions = await getAnalyticsCard('avg-sessions', { period: 'last-year' });
    expect(sessions.series).toHaveLength(7);
    const mean = sessions.series.reduce((total, value) => total + value, 0) / 7;
    expect(Math.abs(mean - sessions.sessions) / sessions.sessions).toBeLessThan(0.01);
    expect(sessions.goal).toBeGreaterThan(sessions.sessions);
  });

  it('revenue report: the years 2020, 2019 and 2018, twelve months each, 2020 by default', async () => {
    const byDefault = await getAnalyticsCard('revenue-report');
    expect(byDefault.year).toBe(2020);
    expect(byDefault.years).toEqual([2020, 2019, 2018]);
    const reports = await Promise.all(REVENUE_REPORT_YEARS.map((year) => getAnalyticsCard('revenue-report', { year })));
    expect(reports.map((report) => report.year)).toEqual([2020, 2019, 2018]);
    expect(reports[0]).toEqual(byDefault);
    for (const report of reports) {
      expect(report.months.map((month) => month.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
      expect(report.earning).toBe(report.months.reduce((total, month) => total + month.earning, 0));
      expect(report.expense).toBe(report.months.reduce((total, month) => total + month.expense, 0));
      expect(report.budget).toBeGreaterThan(0);
    }
    // Each year has its own figures.
    expect(new Set(reports.map((report) => report.earning)).size).toBe(3);
  });

  it('revenue report: another year is 400 naming `year`', async () => {
    const response = await fetch(`${DASHBOARD_API.analytics('revenue-report')}?year=2017`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: expect.stringMatching(/^year: /) as unknown });
  });

  it('goal overview and revenue: totals that match their series', async () => {
    const goal = await getAnalyticsCard('goal-overview');
    expect(goal.completed).toBeGreaterThan(goal.inProgress);
    for (const period of DASHBOARD_PERIODS) {
      const revenue = await getAnalyticsCard('revenue', { period });
      expect(revenue.bucket).toBe(SERIES_SHAPE[period].bucket);
      expect(revenue.series).toHaveLength(SERIES_SHAPE[period].points);
      expect(revenue.current).toBe(revenue.series.reduce((total, point) => total + point.current, 0));
      expect(revenue.previous).toBe(revenue.series.reduce((total, point) => total + point.previous, 0));
    }
  });

  it('product orders: finished, pending and rejected', async () => {
    for (const period of DASHBOARD_PERIODS) {
      const orders = await getAnalyticsCard('product-orders', { period });
      expect(Object.keys(orders).sort()).toEqual(['finished', 'pending', 'period', 'rejected']);
      expect(orders.finished).toBeGreaterThan(orders.pending);
      expect(orders.pending).toBeGreaterThan(0);
      expect(orders.rejected).toBeGreaterThan(0);
    }
  });

  it('sessions by device: desktop, mobile and tablet with usage (adding up to 100) and change', async () => {
    for (const period of DASHBOARD_PERIODS) {
      const { devices } = await getAnalyticsCard('sessions-device', { period });
      expect(devices.map((device) => device.device)).toEqual([...DEVICES]);
      expect(devices.reduce((total, device) => total + device.usage, 0)).toBeCloseTo(100, 6);
      for (const device of devices) {
        expect(device.usage).toBeGreaterThan(0);
        expect(Math.abs(device.change)).toBeLessThanOrEqual(9);
      }
    }
  });

  it('customers: New, Returning and Referrals', async () => {
    for (const period of DASHBOARD_PERIODS) {
      const { customers } = await getAnalyticsCard('customers', { period });
      expect(customers.map((customer) => customer.kind)).toEqual([...CUSTOMER_KINDS]);
      expect(customers.every((customer) => customer.count > 0)).toBe(true);
    }
  });
});

describe('GET /card/card-statistics/{card}', () => {
  it.each(STATISTICS_CARDS.flatMap((card) => DASHBOARD_PERIODS.map((period) => [card, period] as const)))('%s answers its shape for %s', async (card, period) => {
    const response = await fetch(`${DASHBOARD_API.statistics(card)}?period=${period}`);
    expect(response.status).toBe(200);
    const body = ZStatisticsCard.parse(await response.json());
    expect(body.period).toBe(period);
    expect(body.bucket).toBe(SERIES_SHAPE[period].bucket);
    expect(body.series).toHaveLength(SERIES_SHAPE[period].points);
    const total = body.series.reduce((sum, value) => sum + value, 0);
    // Active users are a mean per bucket; every other figure is the period's total.
    expect(body.value).toBe(card === 'active-users' ? Math.round(total / body.series.length) : total);
  });

  it('answers dollars for revenue and profit, counts for the rest', async () => {
    const units = await Promise.all(STATISTICS_CARDS.map(async (card) => [card, (await getStatisticsCard(card)).unit] as const));
    expect(Object.fromEntries(units)).toEqual({
      'orders-bar-chart': 'count',
      'profit-line-chart': 'usd',
      subscribers: 'count',
      revenue: 'usd',
      sales: 'count',
      orders: 'count',
      'site-traffic': 'count',
      'active-users': 'count',
      newsletter: 'count',
    });
  });
});

describe('the period', () => {
  it('gives every card other figures per period, larger over the year', async () => {
    for (const card of STATISTICS_CARDS.filter((candidate) => candidate !== 'active-users')) {
      const [days, month, year] = await Promise.all(DASHBOARD_PERIODS.map((period) => getStatisticsCard(card, { period })));
      expect(new Set([days?.value, month?.value, year?.value]).size, card).toBe(3);
      expect(year?.value, card).toBeGreaterThan(Math.max(days?.value ?? 0, month?.value ?? 0));
    }
    for (const card of PERIOD_CARDS) {
      const answers = await Promise.all(DASHBOARD_PERIODS.map((period) => getAnalyticsCard(card, { period })));
      const withoutPeriod = answers.map((answer) => JSON.stringify({ ...answer, period: undefined }));
      expect(new Set(withoutPeriod).size, card).toBe(3);
    }
    const [daysTickets, , yearTickets] = await Promise.all(DASHBOARD_PERIODS.map((period) => getAnalyticsCard('support-tracker', { period })));
    expect(yearTickets?.totalTicket).toBeGreaterThan((daysTickets?.totalTicket ?? 0) * 5);
  });

  it('is seeded: the same card and period answer the same figures on every load', () => {
    expect(createDashboardsDb()).toEqual(createDashboardsDb());
  });

  it('rejects an unknown period with 400 naming `period`, on both kinds of card', async () => {
    for (const path of [DASHBOARD_API.analytics('customers'), DASHBOARD_API.statistics('sales')]) {
      const response = await fetch(`${path}?period=last-week`);
      expect(response.status, path).toBe(400);
      expect(await response.json()).toEqual({ message: expect.stringMatching(/^period: must be one of last-28-days, last-month, last-year$/) as unknown });
    }
  });
});

describe('an unknown card', () => {
  it('is 404 in both groups, naming the card', async () => {
    for (const path of [DASHBOARD_API.analytics('weather'), DASHBOARD_API.statistics('weather'), DASHBOARD_API.statistics('support-tracker'), DASHBOARD_API.analytics('newsletter')]) {
      const response = await fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({ message: expect.stringContaining('"') as unknown });
    }
    expect(await statusOf(getStatisticsCard('weather' as never))).toBe(404);
  });
});
