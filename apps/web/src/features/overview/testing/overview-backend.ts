/**
 * An in-memory Overview API for the screen's tests, through the contract handlers
 * (testing/contract-handlers.ts `contractHandler`), so requests and answers are checked against
 * `@dinedesk/contracts/overview`. `version` bumps the figures, as a live change would.
 */
import { OVERVIEW_API, ZOverview, ZOverviewRequest, type TOverview, type TOverviewOutlet } from '@dinedesk/contracts/overview';
import { mockApi } from '../../../testing/api-server.ts';
import { contractHandler, reply } from '../../../testing/contract-handlers.ts';

export const TAKEAWAY = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000c1';
export const BANJARA = '0b7e5d3c-1a2b-4c3d-8e4f-0000000000c2';
/** Now in the fixtures: 2026-11-27 12:00 UTC. */
export const NOW = Date.parse('2026-11-27T12:00:00.000Z');

const period = { days: 30, from: '2026-10-29', to: '2026-11-27', previousFrom: '2026-09-29', previousTo: '2026-10-28', asOf: '2026-11-27T12:00:00.000Z' };

function outlets(waiting: number): TOverviewOutlet[] {
  return [
    {
      outletId: TAKEAWAY,
      outletName: 'Takeaway 1, London',
      brandName: 'London Takeaways',
      reviews: { current: { reviewCount: 12, averageRating: 4.25 }, previous: { reviewCount: 9, averageRating: 4.5 }, waiting },
      conversations: { waiting: 2 },
      complaints: { open: 1, inProgress: 1 },
      tickets: { overdue: 1, dueSoon: 0 },
      orders: { current: { orders: 310, salesMinor: 652_050 }, previous: { orders: 280, salesMinor: 590_000 }, currency: 'GBP', lastOrderDay: '2026-11-26' },
    },
    {
      outletId: BANJARA,
      outletName: 'Banjara Hills',
      brandName: 'Spice Route',
      reviews: { current: { reviewCount: 3, averageRating: 2 }, previous: { reviewCount: 4, averageRating: 3 }, waiting: 1 },
      conversations: { waiting: 0 },
      complaints: { open: 2, inProgress: 0 },
      tickets: { overdue: 0, dueSoon: 1 },
      orders: null,
    },
  ];
}

/** The full Overview of an owner (`waiting` reviews at the first outlet); `orders: false` as for a role without Business Overview. */
export function overviewFixture({ waiting = 3, orders = true }: { waiting?: number; orders?: boolean } = {}): TOverview {
  const rows = outlets(waiting).map((o) => (orders ? o : { ...o, orders: null }));
  return {
    period,
    outlets: rows,
    choices: rows.map((o) => ({ id: o.outletId, name: o.outletName, brandName: o.brandName })),
    totals: {
      reviews: { current: { reviewCount: 15, averageRating: 3.8 }, previous: { reviewCount: 13, averageRating: 4.04 }, waiting: waiting + 1 },
      conversations: { waiting: 2 },
      complaints: { open: 3, inProgress: 1 },
      tickets: { overdue: 1, dueSoon: 1 },
      orders: orders ? { current: { orders: 310, salesMinor: 652_050 }, previous: { orders: 280, salesMinor: 590_000 }, currency: 'GBP', lastOrderDay: '2026-11-26' } : null,
    },
    ratingTrend: [
      { start: '2026-11-26', reviewCount: 2, averageRating: 4 },
      { start: '2026-11-27', reviewCount: 0, averageRating: null },
    ],
    oldestWaitingReviews: [
      { id: '41', source: 'google', outletId: BANJARA, outletName: 'Banjara Hills', reviewerName: 'Priya S.', rating: 2, excerpt: 'Cold biryani and a long wait.', createdTime: '2026-11-20T12:00:00.000Z' },
    ],
    waitingConversations: [
      {
        id: '7',
        channel: 'messenger',
        pageId: '1020304050',
        outletId: TAKEAWAY,
        outletName: 'Takeaway 1, London',
        guestName: 'Tom R.',
        snippet: 'Do you have a table for six tonight?',
        window: { state: 'standard', endsAt: '2026-11-27T13:30:00.000Z', lastGuestMessageAt: '2026-11-26T13:30:00.000Z' },
      },
    ],
    slaTickets: [{ id: '5', title: 'Refund not sent', priority: 'high', outletId: TAKEAWAY, outletName: 'Takeaway 1, London', dueAt: '2026-11-27T09:00:00.000Z', breachedAt: '2026-11-27T09:00:00.000Z' }],
    dueSoonHours: 4,
    facebookReviewsEnded: null,
  };
}

/** @param opts.reviewsEnded Facebook no longer offers reviews for that many Pages since 2027-01-21 (Graph API v22.0). */
export function overviewBackend(opts: { error?: number; orders?: boolean; reviewsEnded?: number } = {}) {
  const state = { waiting: 3 };
  const api = mockApi(
    contractHandler('overview', { method: 'POST', path: OVERVIEW_API.overview, body: ZOverviewRequest.nullish(), response: ZOverview }, ({ body }) => {
      if (opts.error) return reply.error(opts.error, { message: 'The database is not answering' });
      const fixture = overviewFixture({ waiting: state.waiting, orders: opts.orders ?? true });
      const all = opts.reviewsEnded ? { ...fixture, facebookReviewsEnded: { since: '2027-01-21T06:00:00.000Z', graphVersion: 'v22.0', pages: opts.reviewsEnded } } : fixture;
      if (!body?.outletId) return all;
      const one = all.outlets.filter((o) => o.outletId === body.outletId);
      return { ...all, outlets: one };
    }),
  );
  return { ...api, state };
}
