import { ORDERS_API } from '@dinedesk/contracts/orders';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OWNER_RULES, signInAs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { setViewportWidth } from '../../../testing/viewport.ts';
import { EMPTY_OUTLET, LONDON_1, overviewBackend } from '../testing/overview-backend.ts';
import { DeliveryInsightsPage } from './delivery-insights-page.tsx';
import { OrderInsightsPage } from './order-insights-page.tsx';
import { RevenueProjectionsPage } from './revenue-projections-page.tsx';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

function setup(ui: React.ReactElement, path: string, opts: Parameters<typeof overviewBackend>[0] = {}) {
  setViewportWidth(1440);
  signInAs({ ability: OWNER_RULES, role: 'client_owner' });
  const backend = overviewBackend(opts);
  const view = renderWithProviders(ui, { path, rules: OWNER_RULES });
  return { backend, ...view, user: userEvent.setup() };
}

describe('Order insights', () => {
  it('shows the first outlet with orders: KPIs against the previous period in GBP, tables beside the charts, pairs', async () => {
    const { backend } = setup(<OrderInsightsPage />, '/apps/business-overview/order-insights');
    expect(await screen.findByTestId('order-insights')).toBeInTheDocument();
    expect(backend.callsTo(ORDERS_API.insights, 'POST')[0]!.body).toEqual({ outletId: LONDON_1 });
    expect(screen.getByTestId('kpi-orders')).toHaveTextContent('400');
    expect(screen.getByTestId('kpi-orders')).toHaveTextContent('+25% against the period before');
    expect(screen.getByTestId('kpi-sales')).toHaveTextContent('£10,000.00');
    expect(screen.getByTestId('kpi-aov')).toHaveTextContent('£25.00');
    expect(rowsOf(screen.getByTestId('daily-table'))).toEqual([
      ['May 30, 2019', '12', '£301.50'],
      ['May 31, 2019', '20', '£512.25'],
    ]);
    // Top sellers by sales, biggest first, then the rest.
    expect(rowsOf(screen.getByTestId('item-mix-table'))).toEqual([
      ['Plain Naan', '500', '£3,000.00', '30%'],
      ['Chicken Tikka Masala', '220', '£2,000.00', '20%'],
      ['Pilau Rice', '300', '£885.00', '8.9%'],
      ['All other items', '700', '£4,115.00', '41.2%'],
    ]);
    expect(within(screen.getByTestId('order-heatmap')).getByRole('table')).toHaveTextContent('42');
    expect(rowsOf(screen.getByTestId('pairs-table'))).toEqual([['Pilau Rice + Plain Naan', '90', '22.5%', '30%', '1.42']]);
    expect(rowsOf(screen.getByTestId('four-weeks-table'))[0]).toEqual(['Orders', '400', '320', '+25%']);
    expect(screen.getByRole('img', { name: 'Quantity in the last 8 weeks: 30, 35, 40, 38, 36, 39, 41, 44' })).toBeInTheDocument();
  });

  it('puts the period in the URL and asks for it', async () => {
    const { backend, user, location } = setup(<OrderInsightsPage />, '/apps/business-overview/order-insights');
    await screen.findByTestId('order-insights');
    await user.type(screen.getByTestId('overview-from'), '2019-01-01');
    await user.type(screen.getByTestId('overview-to'), '2019-01-31');
    await user.click(screen.getByTestId('overview-apply'));
    await screen.findByText(/Jan 1, 2019 to Jan 31, 2019/);
    expect(location.current?.search).toContain('from=2019-01-01');
    expect(backend.callsTo(ORDERS_API.insights, 'POST').at(-1)!.body).toEqual({ outletId: LONDON_1, from: '2019-01-01', to: '2019-01-31' });
  });

  it('says when an outlet has no orders, and shows errors in plain words', async () => {
    setup(<OrderInsightsPage />, `/apps/business-overview/order-insights?outlet=${EMPTY_OUTLET}`);
    expect(await screen.findByTestId('overview-no-orders')).toHaveTextContent('Paradise, Gachibowli has no orders yet');
  });

  it('shows a failed call as its message with a retry', async () => {
    setup(<OrderInsightsPage />, '/apps/business-overview/order-insights', { insightsError: 500 });
    expect(await screen.findByText('The database is not answering')).toBeInTheDocument();
  });
});

describe('Revenue projections', () => {
  it('shows the MAPE of the held-back days and the forecast table with its band', async () => {
    const { backend } = setup(<RevenueProjectionsPage />, '/apps/business-overview/revenue-projections');
    expect(await screen.findByTestId('forecast-mape')).toHaveTextContent('21.4%');
    expect(backend.callsTo(ORDERS_API.forecast, 'POST')[0]!.body).toEqual({ outletId: LONDON_1, horizonDays: 28, holdoutDays: 28 });
    expect(rowsOf(screen.getByTestId('forecast-table'))).toEqual([
      ['May 30, 2019', '£300.00', '£290.00', '£200.00', '£380.00'],
      ['May 31, 2019', '£500.00', '£420.00', '£320.00', '£520.00'],
      ['Jun 1, 2019', '—', '£610.00', '£500.00', '£720.00'],
    ]);
  });
});

describe('Delivery insights', () => {
  it('says what the data cannot show, and shows peak hours busiest first', async () => {
    setup(<DeliveryInsightsPage />, '/apps/business-overview/delivery-insights');
    expect(await screen.findByTestId('delivery-missing')).toHaveTextContent('delivery times, cancellations, acceptance of orders, kitchen preparation times, the channel or platform of each order');
    expect(rowsOf(screen.getByTestId('peak-table'))).toEqual([
      ['19:00', '2.2', '7'],
      ['18:00', '1.6', '5'],
    ]);
    expect(rowsOf(screen.getByTestId('channel-hours-table'))[0]).toEqual(['18:00', '40']);
  });
});
