/**
 * The two dashboards against the real card handlers (`msw/node`; docs/requirements/calls.md card
 * calls):
 * - eCommerce: every card renders its figures; the dashboard's period picker changes the
 *   statistics cards and lands in the URL; the revenue report switches year;
 * - Analytics: every card renders; a card's own period picker changes that card only;
 * - each card keeps its size while loading (a placeholder, no layout shift) and says so in
 *   plain words when its call fails, with a retry that recovers; `/dashboard` opens eCommerce.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { renderWithProviders, urlOf } from '../../testing/render.tsx';
import { setupDemoServer } from '../mock/node.ts';
import DashboardsApp from './dashboards-app.tsx';
import { createDashboardsDb } from './data.ts';
import { createDashboardHandlers } from './handlers.ts';
import { DASHBOARD_API } from './schema.ts';

const server = setupDemoServer(() => createDashboardHandlers());
beforeAll(() => i18n.loadNamespaces(['demo-dashboards']));

const DB = createDashboardsDb();
const count = (value: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 0 }).format(value);
const usd = (value: number) => new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(value);

/** The cards' test ids without `dashboard-card-`, in page order (statistics cards first). */
const ECOMMERCE_CARDS = ['statistics-orders-bar-chart', 'statistics-profit-line-chart', 'statistics-revenue', 'statistics-sales', 'revenue-report', 'goal-overview', 'revenue', 'product-orders'];
const ANALYTICS_CARDS = ['statistics-subscribers', 'statistics-orders', 'statistics-site-traffic', 'statistics-active-users', 'statistics-newsletter', 'avg-sessions', 'support-tracker', 'sessions-device', 'customers'];

const card = (name: string) => screen.getByTestId(`dashboard-card-${name}`);

/** Waits until every card of the screen shows its figures. */
async function allReady(expected: number): Promise<HTMLElement[]> {
  await waitFor(() => {
    const cards = screen.getAllByTestId(/^dashboard-card-/).filter((element) => element.hasAttribute('data-state'));
    expect(cards).toHaveLength(expected);
    expect(cards.map((element) => element.getAttribute('data-state'))).toEqual(Array(expected).fill('ready'));
  });
  return screen.getAllByTestId(/^dashboard-card-/).filter((element) => element.hasAttribute('data-state'));
}

/** Picks `option` in the select labelled `label` inside `scope`. */
async function choose(user: ReturnType<typeof userEvent.setup>, scope: HTMLElement, label: string, option: string): Promise<void> {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the eCommerce dashboard (/dashboard/ecommerce)', () => {
  it('renders every card with its figures', async () => {
    renderWithProviders(<DashboardsApp />, { path: '/dashboard/ecommerce' });
    expect(await screen.findByRole('heading', { level: 1, name: 'eCommerce Dashboard' })).toBeInTheDocument();
    const cards = await allReady(ECOMMERCE_CARDS.length);
    expect(cards.map((element) => element.dataset.testid?.replace('dashboard-card-', ''))).toEqual(ECOMMERCE_CARDS);
    // Every card is a section named by its title.
    for (const name of ['Orders', 'Profit', 'Revenue Generated', 'Sales', 'Revenue Report', 'Goal Overview', 'Revenue', 'Product Orders']) {
      expect(screen.getByRole('region', { name })).toBeInTheDocument();
    }
    const goal = DB.analytics['goal-overview']['last-28-days'];
    expect(within(card('goal-overview')).getByTestId('goal-overview-completed')).toHaveTextContent(count(goal.completed));
    expect(within(card('goal-overview')).getByTestId('goal-overview-in-progress')).toHaveTextContent(count(goal.inProgress));
    const orders = DB.analytics['product-orders']['last-28-days'];
    const legend = within(card('product-orders')).getByTestId('product-orders-legend');
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Finished${count(orders.finished)}`,
      `Pending${count(orders.pending)}`,
      `Rejected${count(orders.rejected)}`,
    ]);
    expect(within(card('revenue-report')).getByTestId('revenue-report-earning')).toHaveTextContent(usd(DB.revenueReport[2020].earning));
    expect(within(card('revenue-report')).getByTestId('revenue-report-budget')).toHaveTextContent(`Budget: ${usd(DB.revenueReport[2020].budget)}`);
    // The charts are named images carrying their figures.
    expect(within(card('goal-overview')).getByRole('img', { name: /of the goal completed$/ })).toBeInTheDocument();
  });

  it('switches the statistics to another period with the page picker, kept in the URL', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<DashboardsApp />, { path: '/dashboard/ecommerce' });
    await allReady(ECOMMERCE_CARDS.length);
    const profit = within(card('statistics-profit-line-chart'));
    const yearProfit = DB.statistics['profit-line-chart']['last-year'].value;
    expect(profit.getByTestId('statistic-value')).toHaveAttribute('title', usd(DB.statistics['profit-line-chart']['last-28-days'].value));

    await choose(user, screen.getByTestId('dashboard-ecommerce'), 'Period of the cards', 'Last Year');
    await waitFor(() => expect(profit.getByTestId('statistic-value')).toHaveAttribute('title', usd(yearProfit)));
    expect(profit.getByText('Last Year')).toBeInTheDocument();
    expect(urlOf(location)).toBe('/dashboard/ecommerce?period=last-year');
    const goal = DB.analytics['goal-overview']['last-year'];
    await waitFor(() => expect(within(card('goal-overview')).getByTestId('goal-overview-completed')).toHaveTextContent(count(goal.completed)));
  });

  it('shows the revenue report of 2019 and of 2018 from its year picker', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<DashboardsApp />, { path: '/dashboard/ecommerce' });
    await allReady(ECOMMERCE_CARDS.length);
    const report = card('revenue-report');
    for (const year of [2019, 2018] as const) {
      await choose(user, report, 'Year', String(year));
      await waitFor(() => expect(within(report).getByTestId('revenue-report-earning')).toHaveTextContent(usd(DB.revenueReport[year].earning)));
      expect(within(report).getByTestId('revenue-report-earning')).toHaveTextContent(`Earning in ${year}`);
      expect(urlOf(location)).toBe(`/dashboard/ecommerce?revenue-report=${year}`);
    }
  });
});

describe('the Analytics dashboard (/dashboard/analytics)', () => {
  it('renders every card with its figures', async () => {
    renderWithProviders(<DashboardsApp />, { path: '/dashboard/analytics' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Analytics Dashboard' })).toBeInTheDocument();
    const cards = await allReady(ANALYTICS_CARDS.length);
    expect(cards.map((element) => element.dataset.testid?.replace('dashboard-card-', ''))).toEqual(ANALYTICS_CARDS);
    const tracker = DB.analytics['support-tracker']['last-28-days'];
    expect(within(card('support-tracker')).getByTestId('support-total')).toHaveTextContent(count(tracker.totalTicket));
    expect(within(card('support-tracker')).getByTestId('support-new')).toHaveTextContent(count(tracker.newTicket));
    expect(within(card('support-tracker')).getByTestId('support-open')).toHaveTextContent(count(tracker.openTicket));
    expect(within(card('sessions-device')).getAllByRole('listitem').map((item) => item.dataset.key)).toEqual(['desktop', 'mobile', 'tablet']);
    expect(within(card('customers')).getAllByRole('listitem').map((item) => item.firstElementChild?.nextElementSibling?.textContent)).toEqual(['New', 'Returning', 'Referrals']);
    const sessions = DB.analytics['avg-sessions']['last-28-days'];
    expect(within(card('avg-sessions')).getByTestId('avg-sessions-goal')).toHaveTextContent(`${count(sessions.sessions)} of ${count(sessions.goal)}`);
    expect(within(card('statistics-newsletter')).getByTestId('statistic-value')).toHaveAttribute('title', count(DB.statistics.newsletter['last-28-days'].value));
  });

  it('changes one card with its own period picker and leaves the others', async () => {
    const user = userEvent.setup();
    const { location } = renderWithProviders(<DashboardsApp />, { path: '/dashboard/analytics' });
    await allReady(ANALYTICS_CARDS.length);
    const customersBefore = within(card('customers')).getByTestId('customers-legend').textContent;

    await choose(user, card('support-tracker'), 'Period', 'Last Month');
    const month = DB.analytics['support-tracker']['last-month'];
    await waitFor(() => expect(within(card('support-tracker')).getByTestId('support-total')).toHaveTextContent(count(month.totalTicket)));
    expect(within(card('support-tracker')).getByTestId('support-response')).toHaveTextContent(`${month.responseTime} hr`);
    expect(urlOf(location)).toBe('/dashboard/analytics?support-tracker=last-month');
    expect(within(card('customers')).getByTestId('customers-legend').textContent).toBe(customersBefore);

    await choose(user, card('customers'), 'Period', 'Last Year');
    const yearCustomers = DB.analytics.customers['last-year'].customers;
    await waitFor(() => expect(within(card('customers')).getByTestId('customers-legend')).toHaveTextContent(count(yearCustomers[0]?.count ?? -1)));
    expect(urlOf(location)).toBe('/dashboard/analytics?support-tracker=last-month&customers=last-year');
  });
});

describe('every card', () => {
  it('keeps its size while it loads, and says in plain words when it fails, with a retry', async () => {
    const user = userEvent.setup();
    let failCustomers = true;
    let releaseTracker: () => void = () => undefined;
    const trackerHeld = new Promise<void>((resolve) => {
      releaseTracker = resolve;
    });
    server.use(
      http.get(DASHBOARD_API.analytics('customers'), () => (failCustomers ? HttpResponse.json({ message: 'down' }, { status: 500 }) : undefined)),
      http.get(DASHBOARD_API.analytics('support-tracker'), async () => {
        await trackerHeld;
        return undefined;
      }),
    );
    renderWithProviders(<DashboardsApp />, { path: '/dashboard/analytics' });

    // Loading: a placeholder named for the card, at the card's final height.
    const tracker = await screen.findByTestId('dashboard-card-support-tracker');
    expect(tracker).toHaveAttribute('data-state', 'loading');
    expect(within(tracker).getByRole('status', { name: 'Loading Support Tracker…' })).toBeInTheDocument();
    const customers = card('customers');
    const loadingHeight = getComputedStyle(customers).height;
    expect(loadingHeight).toBe('420px');

    // Failed: plain words and a retry; the other cards are not affected.
    await waitFor(() => expect(customers).toHaveAttribute('data-state', 'error'));
    expect(within(customers).getByTestId('dashboard-card-customers-error')).toHaveTextContent('Customers could not be loaded.');
    expect(getComputedStyle(customers).height).toBe(loadingHeight);
    await waitFor(() => expect(card('sessions-device')).toHaveAttribute('data-state', 'ready'));
    expect(getComputedStyle(card('sessions-device')).height).toBe(loadingHeight);

    failCustomers = false;
    await user.click(within(customers).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(customers).toHaveAttribute('data-state', 'ready'));
    expect(getComputedStyle(customers).height).toBe(loadingHeight);

    releaseTracker();
    await waitFor(() => expect(tracker).toHaveAttribute('data-state', 'ready'));
  });

  it('opens the eCommerce dashboard from /dashboard', async () => {
    const { location } = renderWithProviders(<DashboardsApp />, { path: '/dashboard' });
    expect(await screen.findByRole('heading', { level: 1, name: 'eCommerce Dashboard' })).toBeInTheDocument();
    expect(urlOf(location)).toBe('/dashboard/ecommerce');
  });
});
