import { REPORT_ITEM_MIX_TOP, type TReportComparison, type TReportMetric, type TReportPeriod } from '@dinedesk/contracts/reports';
import type { Db } from '../../db/client.ts';
import { feedKpis } from '../reviews/index.ts';
import { dataRange, itemTotals, totals } from '../orders/index.ts';
import { complaintCounts } from './reports.repository.ts';

/**
 * The figures of a report (docs/decisions/0042), counted by the
 * repositories of the screens that show them, so a report and the screen agree: ratings and
 * response from the reviews feed's KPIs (`feedKpis`, the Reviews screen's), orders, sales and
 * item mix from the orders module (Order insights' `totals` and `itemTotals`), complaints opened
 * and resolved in the period from the complaints table.
 */

export interface DaySpan {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (d: string) => Date.parse(`${d}T00:00:00Z`);

/**
 * The days of a period at `now`: the last N days end yesterday (UTC), so a Monday run of a weekly
 * report covers the week just ended, whole days only.
 */
export function resolvePeriod(p: TReportPeriod, now: Date): DaySpan {
  if (p.kind === 'range') return { from: p.from, to: p.to };
  const to = dayMs(dayOf(now.getTime())) - DAY_MS;
  return { from: dayOf(to - (p.days - 1) * DAY_MS), to: dayOf(to) };
}

/** The comparison days: as many days just before, or the same days a year earlier (29 February → 1 March). */
export function comparePeriod(span: DaySpan, c: TReportComparison): DaySpan | null {
  if (c === 'none') return null;
  if (c === 'previous_period') {
    const days = (dayMs(span.to) - dayMs(span.from)) / DAY_MS + 1;
    const to = dayMs(span.from) - DAY_MS;
    return { from: dayOf(to - (days - 1) * DAY_MS), to: dayOf(to) };
  }
  const yearBack = (d: string) => {
    const [y, m, dd] = d.split('-').map(Number) as [number, number, number];
    return dayOf(Date.UTC(y - 1, m - 1, dd));
  };
  return { from: yearBack(span.from), to: yearBack(span.to) };
}

/** One period's values of an outlet (or of all); null where the period has nothing to measure. */
export interface Values {
  reviews: number;
  averageRating: number | null;
  /** Replied / repliable reviews, 0..1. */
  responseRate: number | null;
  medianResponseHours: number | null;
  complaintsOpened: number;
  complaintsResolved: number;
  orders: number;
  items: number;
  /** Minor units of `currency`; null in the total when outlets sell in different currencies. */
  salesMinor: number | null;
  averageOrderMinor: number | null;
}

export interface ItemShare {
  item: string;
  quantity: number;
  /** Of the outlet's items sold in the period, 0..1. */
  share: number;
  salesMinor: number;
}

export interface OutletFigures {
  outletId: string | null;
  outletName: string;
  brandName: string;
  currency: string | null;
  current: Values;
  previous: Values | null;
  /** Top {@link REPORT_ITEM_MIX_TOP} items by quantity (empty without `item_mix`). */
  items: ItemShare[];
}

export interface ReportFigures {
  metrics: TReportMetric[];
  period: DaySpan;
  comparePeriod: DaySpan | null;
  outlets: OutletFigures[];
  /** Every outlet together (null with a single outlet). */
  total: OutletFigures | null;
}

const emptyValues = (): Values => ({ reviews: 0, averageRating: null, responseRate: null, medianResponseHours: null, complaintsOpened: 0, complaintsResolved: 0, orders: 0, items: 0, salesMinor: 0, averageOrderMinor: null });

type Kpis = Awaited<ReturnType<typeof feedKpis>>;
type KpiRow = Kpis['totals'];

function reviewValues(v: Values, k: KpiRow | undefined): void {
  if (!k) return;
  v.reviews = k.reviewCount;
  v.averageRating = k.averageRating;
  v.responseRate = k.replyable > 0 ? k.replied / k.replyable : null;
  v.medianResponseHours = k.medianResponseSeconds === null ? null : k.medianResponseSeconds / 3600;
}

export interface OutletRef {
  id: string;
  name: string;
  brandName: string;
}

/**
 * Counts a report's figures.
 * @param onOutlet called after each outlet's order figures (the job records its progress)
 */
export async function reportFigures(
  db: Db,
  q: { clientId: string; outlets: OutletRef[]; metrics: TReportMetric[]; period: DaySpan; comparePeriod: DaySpan | null },
  onOutlet: (done: number, of: number) => Promise<void> = async () => {},
): Promise<ReportFigures> {
  const ids = q.outlets.map((o) => o.id);
  const wants = (m: TReportMetric) => q.metrics.includes(m);
  const wantsReviews = wants('ratings') || wants('response');
  const wantsOrders = wants('orders') || wants('sales') || wants('item_mix');
  const spans = q.comparePeriod ? [q.period, q.comparePeriod] : [q.period];
  const kpis: (Kpis | null)[] = await Promise.all(spans.map((s) => (wantsReviews && ids.length ? feedKpis(db, { clientId: q.clientId, outletIds: ids, from: s.from, to: s.to }, 'month') : null)));
  const complaints = await Promise.all(spans.map((s) => (wants('complaints') ? complaintCounts(db, q.clientId, ids, s.from, s.to) : null)));

  const outlets: OutletFigures[] = [];
  for (const [n, o] of q.outlets.entries()) {
    const values = spans.map(emptyValues);
    let currency: string | null = null;
    let items: ItemShare[] = [];
    for (const [i, s] of spans.entries()) {
      const v = values[i]!;
      reviewValues(v, kpis[i]?.perOutlet.find((r) => r.outletId === o.id));
      const c = complaints[i]?.get(o.id);
      if (c) Object.assign(v, { complaintsOpened: c.opened, complaintsResolved: c.resolved });
      if (wantsOrders) {
        const t = await totals(db, o.id, s.from, s.to);
        Object.assign(v, { orders: t.orders, items: t.items, salesMinor: t.salesMinor, averageOrderMinor: t.orders ? Math.round(t.salesMinor / t.orders) : null });
      }
    }
    if (wantsOrders) currency = (await dataRange(db, o.id)).currency;
    if (wants('item_mix')) {
      const all = await itemTotals(db, o.id, q.period.from, q.period.to);
      const quantity = all.reduce((a, x) => a + x.quantity, 0);
      items = [...all]
        .sort((a, b) => b.quantity - a.quantity || a.item.localeCompare(b.item))
        .slice(0, REPORT_ITEM_MIX_TOP)
        .map((x) => ({ item: x.item, quantity: x.quantity, share: quantity ? x.quantity / quantity : 0, salesMinor: x.salesMinor }));
    }
    outlets.push({ outletId: o.id, outletName: o.name, brandName: o.brandName, currency, current: values[0]!, previous: values[1] ?? null, items });
    await onOutlet(n + 1, q.outlets.length);
  }

  let total: OutletFigures | null = null;
  if (outlets.length > 1) {
    const currencies = new Set(outlets.filter((o) => o.current.orders > 0 || (o.previous?.orders ?? 0) > 0).map((o) => o.currency));
    const oneCurrency = currencies.size <= 1;
    const sumOf = (i: number): Values => {
      const v = emptyValues();
      reviewValues(v, kpis[i]?.totals);
      for (const o of outlets) {
        const x = i === 0 ? o.current : o.previous!;
        v.complaintsOpened += x.complaintsOpened;
        v.complaintsResolved += x.complaintsResolved;
        v.orders += x.orders;
        v.items += x.items;
        v.salesMinor = oneCurrency ? (v.salesMinor ?? 0) + (x.salesMinor ?? 0) : null;
      }
      v.averageOrderMinor = v.salesMinor !== null && v.orders ? Math.round(v.salesMinor / v.orders) : null;
      return v;
    };
    total = {
      outletId: null,
      outletName: 'All outlets',
      brandName: '',
      currency: oneCurrency ? ([...currencies][0] ?? null) : null,
      current: sumOf(0),
      previous: q.comparePeriod ? sumOf(1) : null,
      items: [],
    };
  }
  return { metrics: q.metrics, period: q.period, comparePeriod: q.comparePeriod, outlets, total };
}
