/**
 * An in-memory stand-in for the Business Overview calls for the screens' tests, through the
 * contract handlers (testing/contract-handlers.ts `contractHandler`), so every request and answer
 * is checked against `@dinedesk/contracts/orders`.
 */
import { ORDERS_API, ZDeliveryInsights, ZForecast, ZForecastRequest, ZInsightsRequest, ZOrderInsights, ZOrdersOutlets, type TDeliveryInsights, type TForecast, type TOrderInsights, type TOrdersOutlet } from '@dinedesk/contracts/orders';
import { z } from 'zod';
import { mockApi } from '../../../testing/api-server.ts';
import { contractHandler, reply } from '../../../testing/contract-handlers.ts';

export const LONDON_1 = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000a1';
export const EMPTY_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000a2';

export const OUTLETS: TOrdersOutlet[] = [
  { id: LONDON_1, name: 'Takeaway 1, London (real orders 2018–19)', city: 'London', brandName: 'London Takeaways (real orders, demo)', currency: 'GBP', orders: 5290, firstDay: '2018-06-01', lastDay: '2019-05-31', canImport: true },
  { id: EMPTY_OUTLET, name: 'Paradise, Gachibowli', city: 'Hyderabad', brandName: 'Paradise', currency: null, orders: 0, firstDay: null, lastDay: null, canImport: false },
];

const totals = (orders: number, sales: number) => ({ orders, sales, averageOrderValue: orders ? Math.round((sales / orders) * 100) / 100 : null, items: orders * 3 });

export function insightsFixture(outletId: string, from = '2019-05-04', to = '2019-05-31'): TOrderInsights {
  if (outletId === EMPTY_OUTLET) return { outletId, currency: null, dataFrom: null, dataTo: null, from: null, to: null, totals: totals(0, 0), previous: totals(0, 0), daily: [], itemMix: [], heatmap: [], fourWeeks: null, topItems: [], bottomItems: [], basketPairs: [], basketOrders: 0 };
  return {
    outletId,
    currency: 'GBP',
    dataFrom: '2018-06-01',
    dataTo: '2019-05-31',
    from,
    to,
    totals: totals(400, 10000),
    previous: totals(320, 8000),
    daily: [
      { day: '2019-05-30', orders: 12, sales: 301.5 },
      { day: '2019-05-31', orders: 20, sales: 512.25 },
    ],
    // In name order, as an older server answered: the screen charts it by sales.
    itemMix: [
      { item: 'other', quantity: 700, sales: 4115, share: 0.4115 },
      { item: 'Chicken Tikka Masala', quantity: 220, sales: 2000, share: 0.2 },
      { item: 'Pilau Rice', quantity: 300, sales: 885, share: 0.0885 },
      { item: 'Plain Naan', quantity: 500, sales: 3000, share: 0.3 },
    ],
    heatmap: [
      { weekday: 4, hour: 18, orders: 30 },
      { weekday: 5, hour: 19, orders: 42 },
    ],
    fourWeeks: { currentFrom: '2019-05-04', currentTo: '2019-05-31', previousFrom: '2019-04-06', previousTo: '2019-05-03', current: totals(400, 10000), previous: totals(320, 8000) },
    topItems: [{ item: 'Pilau Rice', quantity: 300, previousQuantity: 250, sales: 885, weekly: [30, 35, 40, 38, 36, 39, 41, 44] }],
    bottomItems: [{ item: 'Lamb Pathia', quantity: 1, previousQuantity: 3, sales: 8.95, weekly: [0, 0, 1, 0, 0, 0, 0, 0] }],
    basketPairs: [{ a: 'Pilau Rice', b: 'Plain Naan', orders: 90, support: 0.225, confidence: 0.3, lift: 1.42 }],
    basketOrders: 400,
  };
}

export function forecastFixture(outletId: string): TForecast {
  return {
    outletId,
    currency: 'GBP',
    method: 'mstl-ets',
    level: 0.95,
    minHistoryDays: 56,
    historyDays: 365,
    mape: 0.214,
    holdoutFrom: '2019-05-30',
    points: [
      { day: '2019-05-29', actual: 280, forecast: null, lower: null, upper: null },
      { day: '2019-05-30', actual: 300, forecast: 290, lower: 200, upper: 380 },
      { day: '2019-05-31', actual: 500, forecast: 420, lower: 320, upper: 520 },
      { day: '2019-06-01', actual: null, forecast: 610, lower: 500, upper: 720 },
    ],
  };
}

export function deliveryFixture(outletId: string): TDeliveryInsights {
  return {
    outletId,
    currency: 'GBP',
    from: '2019-05-04',
    to: '2019-05-31',
    byChannelHour: [
      { channel: 'unknown', hour: 18, orders: 40 },
      { channel: 'unknown', hour: 19, orders: 55 },
    ],
    peakHours: [
      { hour: 19, averageOrders: 2.2, maxOrders: 7 },
      { hour: 18, averageOrders: 1.6, maxOrders: 5 },
    ],
    orderSizes: [
      { items: '1', orders: 20 },
      { items: '10+', orders: 2 },
    ],
    orderValues: [{ band: '< 10', orders: 5 }],
    missing: ['delivery_times', 'cancellations', 'acceptance', 'prep_times', 'channel'],
  };
}

export function overviewBackend({ insightsError }: { insightsError?: number } = {}) {
  return mockApi(
    contractHandler('ordersOutlets', { method: 'POST', path: ORDERS_API.outlets, body: z.object({}).strict(), response: ZOrdersOutlets }, () => ({ data: OUTLETS })),
    contractHandler('orderInsights', { method: 'POST', path: ORDERS_API.insights, body: ZInsightsRequest, response: ZOrderInsights }, ({ body }) =>
      insightsError ? reply.error(insightsError, { message: 'The database is not answering' }) : insightsFixture(body.outletId, body.from, body.to),
    ),
    contractHandler('forecast', { method: 'POST', path: ORDERS_API.forecast, body: ZForecastRequest, response: ZForecast }, ({ body }) => forecastFixture(body.outletId)),
    contractHandler('delivery', { method: 'POST', path: ORDERS_API.delivery, body: ZInsightsRequest, response: ZDeliveryInsights }, ({ body }) => deliveryFixture(body.outletId)),
  );
}
