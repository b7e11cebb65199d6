/**
 * Where each Overview figure leads: the screen behind it with the filters that select exactly
 * what the figure counts ("every figure links to the filtered screen behind it";
 * docs/decisions/0040). The server counts each figure with the same filters.
 */
import type { TOverview } from '@dinedesk/contracts/overview';
import { PATHS } from '../../lib/paths.ts';

/** The order insights screen (Business Overview). */
const ORDER_INSIGHTS = '/apps/business-overview/order-insights';

const withQuery = (path: string, params: Record<string, string | null | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
};

type Period = TOverview['period'];

export const overviewLinks = {
  /** Reviews of the current period (new reviews and their rating). */
  newReviews: (period: Period, outletId: string | null) => withQuery(PATHS.reviews, { outletId, from: period.from, to: period.to }),
  /** Reviews waiting for a reply, whenever they came. */
  waitingReviews: (outletId: string | null) => withQuery(PATHS.reviews, { outletId, needsReply: 'true' }),
  /** One waiting review, open, in the waiting list. */
  review: (reviewId: string, outletId: string) => withQuery(PATHS.reviews, { outletId, needsReply: 'true', review: reviewId }),
  /** The inbox (it has no outlet or "waiting" filter; each conversation links to itself). */
  inbox: () => PATHS.inbox,
  conversation: (c: { channel: string; pageId: string; id: string }) => withQuery(PATHS.inbox, { channel: c.channel, page: c.pageId, conversation: c.id }),
  complaints: (status: 'open' | 'in_progress', outletId: string | null) => withQuery(PATHS.complaints, { status, outletId }),
  overdueTickets: (outletId: string | null) => withQuery(PATHS.tickets, { view: 'open', breached: 'true', outletId }),
  dueSoonTickets: (outletId: string | null) => withQuery(PATHS.tickets, { view: 'open', dueSoon: 'true', outletId }),
  ticket: (ticketId: string) => withQuery(PATHS.tickets, { ticket: ticketId }),
  orders: (period: Period, outletId: string | null) => withQuery(ORDER_INSIGHTS, { outlet: outletId, from: period.from, to: period.to }),
};
