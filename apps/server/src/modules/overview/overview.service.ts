import { DUE_SOON_HOURS } from '@dinedesk/contracts';
import { OVERVIEW_LIST_SIZE, type TOverview, type TOverviewOutlet, type TOverviewPeriod } from '@dinedesk/contracts/overview';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import type { AuthContext } from '../access/index.ts';
import * as complaintsRepo from '../complaints/index.ts';
import * as inboxRepo from '../inbox/index.ts';
import { HUMAN_AGENT_WINDOW_MS, replyWindow, STANDARD_WINDOW_MS } from '../inbox/index.ts';
import * as ordersRepo from '../orders/index.ts';
import * as reviewsRepo from '../reviews/index.ts';
import { dueSoonLimit } from '../tickets/index.ts';
import * as ticketsRepo from '../tickets/index.ts';
import * as repo from './overview.repository.ts';

/**
 * The Overview ("Overview: the owner's day at a glance";
 * docs/requirements/screen-contents.md#overview; docs/decisions/0040): per outlet and in total,
 * over the last N days against the N days before.
 *
 * Every figure is counted with the WHERE clause of the screen it links to, so they agree:
 * - reviews: the feed's filters (`outletId`, `from`/`to` for new reviews and the rating;
 *   `needsReply=true`, all time, for the waiting ones);
 * - conversations: the guest spoke last within the 7-day window and the page has not answered;
 * - complaints: by status (`status=open`, `status=in_progress`);
 * - tickets: the queue's `view=open&breached=true` and `view=open&dueSoon=true`;
 * - orders: Order insights' totals of the same days (the outlet's local days).
 *
 * A part is computed only when the caller may read it (else null); with none readable, 403.
 */

const DAY_MS = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
const round2 = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);

/** The current and previous periods of `days` days ending today (UTC), both ends included. */
export function overviewPeriod(now: Date, days: number) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    days,
    from: dayOf(today - (days - 1) * DAY_MS),
    to: dayOf(today),
    previousFrom: dayOf(today - (2 * days - 1) * DAY_MS),
    previousTo: dayOf(today - days * DAY_MS),
    asOf: now.toISOString(),
  };
}

/** What the caller may read of the Overview's parts (each part's subject,
 * docs/requirements/roles.md abilities). */
function readable(auth: AuthContext) {
  return {
    reviews: auth.ability.can('read', 'Review'),
    conversations: auth.ability.can('read', 'Conversation'),
    complaints: auth.ability.can('read', 'Complaint'),
    tickets: auth.ability.can('read', 'Ticket'),
    orders: auth.ability.can('read', 'BusinessOverview'),
  };
}

const sum = <T>(rows: readonly T[], pick: (row: T) => number) => rows.reduce((s, r) => s + pick(r), 0);
const byOutlet = <T extends { outletId: string }>(rows: readonly T[]) => new Map(rows.map((r) => [r.outletId, r]));

/**
 * The Overview of the caller's outlets (or of `outletId`) over the last `period` days.
 * @throws HttpError 403 when the caller may read none of its parts; 404 naming `body.outletId`
 *   for an outlet the caller does not see (another client's, or outside a scoped role's outlets)
 */
export async function overview(ctx: AppContext, auth: AuthContext, req: { period: TOverviewPeriod; outletId?: string }): Promise<TOverview> {
  const may = readable(auth);
  // `read Overview` (the route's need) comes with one of the parts; this holds if rules drift apart.
  if (!Object.values(may).some(Boolean)) throw new HttpError(403, 'You may not read the Overview');
  const clientId = auth.clientId!;
  const now = ctx.now();
  const period = overviewPeriod(now, Number(req.period));
  const choices = await repo.outletsInScope(ctx.db, clientId, auth.outletIds);
  const shown = req.outletId ? choices.filter((o) => o.id === req.outletId) : choices;
  if (req.outletId && shown.length === 0) throw new HttpError(404, `Outlet ${req.outletId} not found`, { field: 'body.outletId' });
  // The scope of every query: the caller's, narrowed to the one outlet asked for.
  const scope = { clientId, outletIds: auth.outletIds };
  const outletId = req.outletId;
  const dueBefore = dueSoonLimit(ctx, true)!;
  const windowSince = new Date(now.getTime() - HUMAN_AGENT_WINDOW_MS);
  const standardSince = new Date(now.getTime() - STANDARD_WINDOW_MS);
  const ticketFilter = { ...scope, userId: auth.userId, outletId };
  const inboxScope = { clientId, outletIds: outletId ? [outletId] : auth.outletIds };

  const [reviewParts, waitingConversations, conversationList, complaintCounts, ticketCounts, ticketList, orderParts] = await Promise.all([
    may.reviews
      ? Promise.all([
          reviewsRepo.feedKpis(ctx.db, { ...scope, outletId, from: period.from, to: period.to }, period.days > 31 ? 'week' : 'day'),
          reviewsRepo.feedKpis(ctx.db, { ...scope, outletId, from: period.previousFrom, to: period.previousTo }, 'month'),
          reviewsRepo.needsReplyByOutlet(ctx.db, { ...scope, outletId }),
          reviewsRepo.oldestNeedingReply(ctx.db, { ...scope, outletId }, OVERVIEW_LIST_SIZE),
        ])
      : null,
    may.conversations ? inboxRepo.waitingByOutlet(ctx.db, inboxScope, windowSince) : null,
    may.conversations ? inboxRepo.waitingConversations(ctx.db, inboxScope, windowSince, standardSince, OVERVIEW_LIST_SIZE) : null,
    may.complaints ? complaintsRepo.countByOutletAndStatus(ctx.db, { ...scope, outletId }) : null,
    may.tickets ? ticketsRepo.slaCountsByOutlet(ctx.db, ticketFilter, dueBefore) : null,
    may.tickets ? ticketsRepo.slaTickets(ctx.db, ticketFilter, dueBefore, OVERVIEW_LIST_SIZE) : null,
    may.orders ? orderFigures(ctx, clientId, shown.map((o) => o.id), period) : null,
  ]);
  const reviewsEnded = may.reviews ? await repo.facebookReviewsEnded(ctx.db, clientId, shown.map((o) => o.id)) : null;

  const [current, previous, waitingReviews, oldest] = reviewParts ?? [null, null, null, null];
  const cur = byOutlet(current?.perOutlet ?? []);
  const prev = byOutlet(previous?.perOutlet ?? []);
  const waitingR = byOutlet(waitingReviews ?? []);
  const waitingC = byOutlet(waitingConversations ?? []);
  const tickets = byOutlet(ticketCounts ?? []);
  const reviewFigures = (r: { reviewCount: number; averageRating: number | null } | undefined) => ({ reviewCount: r?.reviewCount ?? 0, averageRating: round2(r?.averageRating ?? null) });

  const outlets: TOverviewOutlet[] = shown.map((o) => {
    const complaints = (complaintCounts ?? []).filter((c) => c.outletId === o.id);
    return {
      outletId: o.id,
      outletName: o.name,
      brandName: o.brandName,
      reviews: may.reviews ? { current: reviewFigures(cur.get(o.id)), previous: reviewFigures(prev.get(o.id)), waiting: waitingR.get(o.id)?.waiting ?? 0 } : null,
      conversations: may.conversations ? { waiting: waitingC.get(o.id)?.waiting ?? 0 } : null,
      complaints: may.complaints
        ? { open: sum(complaints.filter((c) => c.status === 'open'), (c) => c.n), inProgress: sum(complaints.filter((c) => c.status === 'in_progress'), (c) => c.n) }
        : null,
      tickets: may.tickets ? { overdue: tickets.get(o.id)?.overdue ?? 0, dueSoon: tickets.get(o.id)?.dueSoon ?? 0 } : null,
      orders: orderParts?.get(o.id) ?? null,
    };
  });

  return {
    period,
    outlets,
    choices: choices.map((o) => ({ id: o.id, name: o.name, brandName: o.brandName })),
    totals: totalsOf(outlets, may, current?.totals ?? null, previous?.totals ?? null),
    ratingTrend: current ? filledTrend(period, current.trend) : null,
    oldestWaitingReviews: oldest
      ? oldest.map((r) => ({
          id: String(r.id),
          source: r.source,
          outletId: r.outletId,
          outletName: r.outletName,
          reviewerName: r.reviewerName,
          rating: r.rating,
          excerpt: r.text.length > 160 ? `${r.text.slice(0, 159)}…` : r.text,
          createdTime: r.createdTime.toISOString(),
        }))
      : null,
    waitingConversations: conversationList
      ? conversationList.map(({ c, outletName }) => ({
          id: String(c.id),
          channel: c.channel === 'instagram' ? 'instagram' : 'messenger',
          pageId: c.accountId,
          outletId: c.outletId,
          outletName,
          guestName: c.guestName || `Guest ${c.guestId.slice(-4)}`,
          snippet: c.snippet,
          window: replyWindow(c.lastGuestMessageAt, now),
        }))
      : null,
    slaTickets: ticketList
      ? ticketList.map(({ t, outletName }) => ({
          id: String(t.id),
          title: t.title,
          priority: t.priority,
          outletId: t.outletId,
          outletName,
          dueAt: t.dueAt.toISOString(),
          breachedAt: t.breachedAt?.toISOString() ?? null,
        }))
      : null,
    dueSoonHours: DUE_SOON_HOURS,
    facebookReviewsEnded: reviewsEnded ? { since: reviewsEnded.since.toISOString(), graphVersion: reviewsEnded.graphVersion, pages: reviewsEnded.pages } : null,
  };
}

/**
 * The trend with a point for every day (periods up to 31 days) or ISO week (Monday, longer
 * periods) of the current period, days without reviews at zero: a chart must show the quiet days.
 */
function filledTrend(period: ReturnType<typeof overviewPeriod>, points: { start: string; reviewCount: number; averageRating: number | null }[]): NonNullable<TOverview['ratingTrend']> {
  const weekly = period.days > 31;
  const seen = new Map(points.map((p) => [p.start, p]));
  const out: NonNullable<TOverview['ratingTrend']> = [];
  let t = Date.parse(period.from);
  // date_trunc('week') starts weeks on Monday.
  if (weekly) t -= ((new Date(t).getUTCDay() + 6) % 7) * DAY_MS;
  for (const end = Date.parse(period.to); t <= end; t += (weekly ? 7 : 1) * DAY_MS) {
    const start = dayOf(t);
    const p = seen.get(start);
    out.push({ start, reviewCount: p?.reviewCount ?? 0, averageRating: round2(p?.averageRating ?? null) });
  }
  return out;
}

type OutletOrders = NonNullable<TOverviewOutlet['orders']>;

/**
 * Orders and sales of each outlet with order data, in both periods, with Order insights' totals
 * (orders/orders.repository.ts `totals`: the outlet's local days).
 */
async function orderFigures(ctx: AppContext, clientId: string, outletIds: string[], period: ReturnType<typeof overviewPeriod>): Promise<Map<string, OutletOrders>> {
  const stats = byOutlet(await ordersRepo.orderStatsOf(ctx.db, clientId));
  const withData = outletIds.flatMap((id) => {
    const s = stats.get(id);
    return s && s.orders > 0 && s.lastDay && s.currency ? [{ id, lastDay: s.lastDay, currency: s.currency }] : [];
  });
  const figures = await Promise.all(
    withData.map(async (o) => {
      const [current, previous] = await Promise.all([
        ordersRepo.totals(ctx.db, o.id, period.from, period.to),
        ordersRepo.totals(ctx.db, o.id, period.previousFrom, period.previousTo),
      ]);
      const figure: OutletOrders = {
        current: { orders: current.orders, salesMinor: current.salesMinor },
        previous: { orders: previous.orders, salesMinor: previous.salesMinor },
        currency: o.currency,
        lastOrderDay: o.lastDay,
      };
      return [o.id, figure] as const;
    }),
  );
  return new Map(figures);
}

/** The totals row: sums of the outlets' counts; the rating is the mean over all their reviews. */
function totalsOf(
  outlets: TOverviewOutlet[],
  may: ReturnType<typeof readable>,
  current: { reviewCount: number; averageRating: number | null } | null,
  previous: { reviewCount: number; averageRating: number | null } | null,
): TOverview['totals'] {
  const withOrders = outlets.flatMap((o) => (o.orders ? [o.orders] : []));
  const currencies = new Set(withOrders.map((o) => o.currency));
  const oneCurrency = currencies.size === 1 ? [...currencies][0]! : null;
  const sales = (pick: (o: OutletOrders) => number) => (oneCurrency ? sum(withOrders, pick) : null);
  const total = (pick: (o: TOverviewOutlet) => number) => sum(outlets, pick);
  return {
    reviews:
      may.reviews && current && previous
        ? {
            current: { reviewCount: current.reviewCount, averageRating: round2(current.averageRating) },
            previous: { reviewCount: previous.reviewCount, averageRating: round2(previous.averageRating) },
            waiting: total((o) => o.reviews?.waiting ?? 0),
          }
        : null,
    conversations: may.conversations ? { waiting: total((o) => o.conversations?.waiting ?? 0) } : null,
    complaints: may.complaints ? { open: total((o) => o.complaints?.open ?? 0), inProgress: total((o) => o.complaints?.inProgress ?? 0) } : null,
    tickets: may.tickets ? { overdue: total((o) => o.tickets?.overdue ?? 0), dueSoon: total((o) => o.tickets?.dueSoon ?? 0) } : null,
    orders: withOrders.length
      ? {
          current: { orders: sum(withOrders, (o) => o.current.orders), salesMinor: sales((o) => o.current.salesMinor) },
          previous: { orders: sum(withOrders, (o) => o.previous.orders), salesMinor: sales((o) => o.previous.salesMinor) },
          currency: oneCurrency,
          lastOrderDay: withOrders.map((o) => o.lastOrderDay).sort().at(-1)!,
        }
      : null,
  };
}
