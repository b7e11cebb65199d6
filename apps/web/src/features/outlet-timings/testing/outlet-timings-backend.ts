/**
 * An in-memory stand-in for `POST /api/reporting/outlet-timings` for the screen's tests, through
 * the contract handlers (testing/contract-handlers.ts `contractHandler`), so every request and
 * answer is checked against `@dinedesk/contracts/reporting`.
 */
import { REPORTING_API, ZOutletTimingsList, ZOutletTimingsRequest, type TOutletTimings, type TTimingsInterval } from '@dinedesk/contracts/reporting';
import { mockApi } from '../../../testing/api-server.ts';
import { contractHandler, reply } from '../../../testing/contract-handlers.ts';

export const BEYOND = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b1';
export const DHABA = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b2';
export const LONDON = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b3';
export const AMUL = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000b4';

const i = (opens: string, closes: string, overnight = false): TTimingsInterval => ({ opens, closes, overnight });

/** Real timings texts of the seeded outlets; Beyond Flavours with a downtime log from orders. */
export const OUTLETS: TOutletTimings[] = [
  {
    outletId: BEYOND,
    outletName: 'Beyond Flavours, Gachibowli',
    brandName: 'Beyond Flavours',
    city: 'Hyderabad',
    timings: '12noon to 3:30pm, 6:30pm to 11:30pm (Mon-Sun)',
    schedule: { unparsed: false, week: Array.from({ length: 7 }, () => [i('12:00', '15:30'), i('18:30', '23:30')]) },
    orders: 8,
    recordedStatus: {
      from: '2019-03-04',
      to: '2019-03-31',
      daysWithOrders: 3,
      openDaysWithoutOrders: 25,
      ordersOutsideSchedule: 1,
      ordersInPeriod: 7,
      scheduledMinutes: 1530,
      downtimeMinutes: 450,
      downtime: [
        { day: '2019-03-30', weekday: 5, from: '18:30', to: '23:30', fromNextDay: false, toNextDay: false, minutes: 300 },
        { day: '2019-03-31', weekday: 6, from: '12:40', to: '15:10', fromNextDay: false, toNextDay: false, minutes: 150 },
      ],
    },
  },
  {
    outletId: DHABA,
    outletName: '13 Dhaba, Gachibowli',
    brandName: '13 Dhaba',
    city: 'Hyderabad',
    timings: '12:30 PM to 10 PM (Tue-Sat), Mon Closed',
    schedule: { unparsed: true, reason: 'does not say whether Sun is open' },
    orders: 0,
    recordedStatus: null,
  },
  {
    outletId: AMUL,
    outletName: 'Amul, Gachibowli',
    brandName: 'Amul',
    city: 'Hyderabad',
    timings: '1 PM to 2 AM (Mon, Wed-Sun), Tue Closed',
    schedule: { unparsed: false, week: [[i('13:00', '02:00', true)], [], ...Array.from({ length: 5 }, () => [i('13:00', '02:00', true)])] },
    orders: 0,
    recordedStatus: null,
  },
  { outletId: LONDON, outletName: 'Takeaway 1, London (real orders 2018–19)', brandName: 'London Takeaways (real orders, demo)', city: 'London', timings: null, schedule: null, orders: 5290, recordedStatus: null },
];

export function outletTimingsBackend({ error, outlets = OUTLETS }: { error?: number; outlets?: TOutletTimings[] } = {}) {
  return mockApi(
    contractHandler('outletTimings', { method: 'POST', path: REPORTING_API.outletTimings, body: ZOutletTimingsRequest, response: ZOutletTimingsList }, () =>
      error ? reply.error(error, { message: 'The database is not answering' }) : { data: outlets },
    ),
  );
}
