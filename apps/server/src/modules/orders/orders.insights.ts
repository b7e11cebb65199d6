import { loadSeedDir, type SeedData } from '@dinedesk/demo-data';
import type { TDeliveryInsights, TDiningInsights, TForecast, TInsightsRequest, TOrderInsights } from '@dinedesk/contracts/orders';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../access/index.ts';
import { addDays, backtestAndForecast, daysBetween, FORECAST_LEVEL, MIN_HISTORY_DAYS } from './orders.forecast.ts';
import * as repo from './orders.repository.ts';
import { visibleOutlet } from './orders.service.ts';

/**
 * Business Overview figures (docs/requirements/routes.md, docs/decisions/0036): SQL aggregates of
 * one outlet's orders (orders.repository.ts) shaped for the four screens. Money leaves here in
 * major units of the outlet's currency (pence → pounds), rounded to 2 decimals.
 */

const major = (minor: number) => Math.round(minor) / 100;
const round = (x: number, d = 4) => Math.round(x * 10 ** d) / 10 ** d;
/** Items shown by name in the item mix; the rest are one `other` row. */
const MIX_ITEMS = 8;
/** Items in the top and bottom lists. */
const RANKED_ITEMS = 10;
/** Weeks of an item's trend. */
const TREND_WEEKS = 8;
/** A pair must be in at least this many baskets to be listed. */
const PAIR_MIN_ORDERS = 3;
const PAIR_LIMIT = 20;

/** The period asked for, or the last 28 days with orders; and the same-length period before it. */
async function periodOf(ctx: AppContext, outletId: string, req: Pick<TInsightsRequest, 'from' | 'to'>) {
  const range = await repo.dataRange(ctx.db, outletId);
  const to = req.to ?? range.last;
  const from = req.from ?? (to ? addDays(to, -27) : null);
  if (!from || !to) return { range, from: null, to: null, prevFrom: null, prevTo: null };
  const length = daysBetween(from, to).length;
  return { range, from, to, prevFrom: addDays(from, -length), prevTo: addDays(from, -1) };
}

function totalsOf(t: { orders: number; salesMinor: number; items: number }) {
  return { orders: t.orders, sales: major(t.salesMinor), averageOrderValue: t.orders ? major(t.salesMinor / t.orders) : null, items: t.items };
}
const EMPTY = { orders: 0, sales: 0, averageOrderValue: null, items: 0 };

/** Order insights of one outlet and period. @throws HttpError 404 outlet not visible */
export async function orderInsights(ctx: AppContext, auth: AuthContext, req: TInsightsRequest): Promise<TOrderInsights> {
  const outlet = await visibleOutlet(ctx, auth, req.outletId);
  const p = await periodOf(ctx, outlet.id, req);
  const base = { outletId: outlet.id, currency: p.range.currency, dataFrom: p.range.first, dataTo: p.range.last, from: p.from, to: p.to };
  if (!p.from || !p.to) return { ...base, totals: EMPTY, previous: EMPTY, daily: [], itemMix: [], heatmap: [], fourWeeks: null, topItems: [], bottomItems: [], basketPairs: [], basketOrders: 0 };
  const db = ctx.db;
  const [cur, prev, days, items, prevItems, heat, basket] = await Promise.all([
    repo.totals(db, outlet.id, p.from, p.to),
    repo.totals(db, outlet.id, p.prevFrom!, p.prevTo!),
    repo.daily(db, outlet.id, p.from, p.to),
    repo.itemTotals(db, outlet.id, p.from, p.to),
    repo.itemTotals(db, outlet.id, p.prevFrom!, p.prevTo!),
    repo.heatmap(db, outlet.id, p.from, p.to),
    repo.basket(db, outlet.id, p.from, p.to, PAIR_MIN_ORDERS, PAIR_LIMIT),
  ]);
  // Item mix: the biggest sellers by sales (ties by name), the rest together.
  const salesTotal = items.reduce((s, i) => s + i.salesMinor, 0);
  const bySales = [...items].sort((a, b) => b.salesMinor - a.salesMinor || a.item.localeCompare(b.item));
  const mix = bySales.slice(0, MIX_ITEMS).map((i) => ({ item: i.item, quantity: i.quantity, sales: major(i.salesMinor), share: salesTotal ? round(i.salesMinor / salesTotal) : 0 }));
  const rest = bySales.slice(MIX_ITEMS);
  if (rest.length) {
    const s = rest.reduce((a, i) => a + i.salesMinor, 0);
    mix.push({ item: 'other', quantity: rest.reduce((a, i) => a + i.quantity, 0), sales: major(s), share: salesTotal ? round(s / salesTotal) : 0 });
  }
  // Top and bottom by quantity (ties by name), each with its previous quantity and weekly trend.
  const byQty = [...items].sort((a, b) => b.quantity - a.quantity || a.item.localeCompare(b.item));
  const top = byQty.slice(0, RANKED_ITEMS);
  const bottom = byQty.slice(Math.max(RANKED_ITEMS, byQty.length - RANKED_ITEMS)).reverse();
  const prevQty = new Map(prevItems.map((i) => [i.item, i.quantity]));
  const weekly = await repo.weeklyItemQuantities(db, outlet.id, p.to, TREND_WEEKS, [...top, ...bottom].map((i) => i.item));
  const trendOf = (item: string) => {
    const w = new Array<number>(TREND_WEEKS).fill(0);
    for (const r of weekly) if (r.item === item && r.week < TREND_WEEKS) w[TREND_WEEKS - 1 - r.week] = r.quantity;
    return w;
  };
  const ranked = (list: typeof items) => list.map((i) => ({ item: i.item, quantity: i.quantity, previousQuantity: prevQty.get(i.item) ?? 0, sales: major(i.salesMinor), weekly: trendOf(i.item) }));
  // This 4 weeks (ending at the period's end) against the 4 before.
  const fwTo = p.to;
  const fwFrom = addDays(fwTo, -27);
  const [fwCur, fwPrev] = await Promise.all([repo.totals(db, outlet.id, fwFrom, fwTo), repo.totals(db, outlet.id, addDays(fwFrom, -28), addDays(fwFrom, -1))]);
  // Basket pairs: support = P(A and B), confidence = P(B | A), lift = P(A and B) / (P(A) P(B)).
  const n = basket.orders;
  const itemOrders = new Map(basket.items.map((i) => [i.item, i.orders]));
  const pairs = basket.pairs
    .map((x) => {
      const a = itemOrders.get(x.a) ?? 0;
      const b = itemOrders.get(x.b) ?? 0;
      return { a: x.a, b: x.b, orders: x.orders, support: n ? round(x.orders / n) : 0, confidence: a ? round(x.orders / a) : 0, lift: a && b ? round((x.orders * n) / (a * b), 3) : 0 };
    })
    .sort((x, y) => y.support - x.support || y.lift - x.lift);
  return {
    ...base,
    totals: totalsOf(cur),
    previous: totalsOf(prev),
    daily: days.map((d) => ({ day: d.day, orders: d.orders, sales: major(d.salesMinor) })),
    itemMix: mix,
    heatmap: heat,
    fourWeeks: { currentFrom: fwFrom, currentTo: fwTo, previousFrom: addDays(fwFrom, -28), previousTo: addDays(fwFrom, -1), current: totalsOf(fwCur), previous: totalsOf(fwPrev) },
    topItems: ranked(top),
    bottomItems: ranked(bottom),
    basketPairs: pairs,
    basketOrders: n,
  };
}

/**
 * Revenue projection: daily sales over the whole history (days without orders count 0), the last
 * `holdoutDays` forecast from the days before them (MAPE), and `horizonDays` ahead.
 */
export async function revenueForecast(ctx: AppContext, auth: AuthContext, req: { outletId: string; horizonDays: number; holdoutDays: number }): Promise<TForecast> {
  const outlet = await visibleOutlet(ctx, auth, req.outletId);
  const range = await repo.dataRange(ctx.db, outlet.id);
  const base = { outletId: outlet.id, currency: range.currency, level: FORECAST_LEVEL, minHistoryDays: MIN_HISTORY_DAYS + req.holdoutDays };
  if (!range.first || !range.last) return { ...base, method: null, historyDays: 0, mape: null, holdoutFrom: null, points: [] };
  const sales = new Map((await repo.dailySales(ctx.db, outlet.id)).map((d) => [d.day, d.salesMinor]));
  const days = daysBetween(range.first, range.last);
  const series = days.map((d) => major(sales.get(d) ?? 0));
  const result = backtestAndForecast(series, req.holdoutDays, req.horizonDays);
  if (!result) {
    return { ...base, method: null, historyDays: days.length, mape: null, holdoutFrom: null, points: days.map((day, i) => ({ day, actual: series[i]!, forecast: null, lower: null, upper: null })) };
  }
  const holdStart = days.length - req.holdoutDays;
  const r2 = (x: number) => Math.round(x * 100) / 100;
  const points: TForecast['points'] = days.map((day, i) => {
    const h = i - holdStart;
    return h >= 0 ? { day, actual: series[i]!, forecast: r2(result.held.point[h]!), lower: r2(result.held.lower[h]!), upper: r2(result.held.upper[h]!) } : { day, actual: series[i]!, forecast: null, lower: null, upper: null };
  });
  for (let k = 0; k < req.horizonDays; k++) points.push({ day: addDays(range.last, k + 1), actual: null, forecast: r2(result.future.point[k]!), lower: r2(result.future.lower[k]!), upper: r2(result.future.upper[k]!) });
  return { ...base, method: 'mstl-ets', historyDays: days.length, mape: result.mape === null ? null : round(result.mape), holdoutFrom: days[holdStart]!, points };
}

/** Value bands of the order-size chart, in major units. */
const VALUE_EDGES = [10, 20, 30, 50, 100];

/** Delivery (timing) insights: channel × hour, peak-hour load, order sizes and values. What the source lacks is listed, not invented. */
export async function deliveryInsights(ctx: AppContext, auth: AuthContext, req: TInsightsRequest): Promise<TDeliveryInsights> {
  const outlet = await visibleOutlet(ctx, auth, req.outletId);
  const p = await periodOf(ctx, outlet.id, req);
  const missing: TDeliveryInsights['missing'] = ['delivery_times', 'cancellations', 'acceptance', 'prep_times'];
  if (!p.from || !p.to) return { outletId: outlet.id, currency: p.range.currency, from: null, to: null, byChannelHour: [], peakHours: [], orderSizes: [], orderValues: [], missing: [...missing, 'channel'] };
  const [channels, load, sizes] = await Promise.all([
    repo.channelHours(ctx.db, outlet.id, p.from, p.to),
    repo.hourLoad(ctx.db, outlet.id, p.from, p.to),
    repo.orderSizes(ctx.db, outlet.id, p.from, p.to, VALUE_EDGES.map((e) => e * 100)),
  ]);
  if (channels.every((c) => c.channel === 'unknown')) missing.push('channel');
  const label = (band: number) => (band === 0 ? `< ${VALUE_EDGES[0]}` : band >= VALUE_EDGES.length ? `≥ ${VALUE_EDGES[VALUE_EDGES.length - 1]}` : `${VALUE_EDGES[band - 1]}–${VALUE_EDGES[band]}`);
  return {
    outletId: outlet.id,
    currency: p.range.currency,
    from: p.from,
    to: p.to,
    byChannelHour: channels,
    peakHours: load.hours.map((h) => ({ hour: h.hour, averageOrders: load.openDays ? round(h.orders / load.openDays, 2) : 0, maxOrders: h.maxOrders })).sort((a, b) => b.averageOrders - a.averageOrders || a.hour - b.hour),
    orderSizes: sizes.sizes.map((s) => ({ items: s.items >= 10 ? '10+' : String(s.items), orders: s.orders })),
    orderValues: Array.from({ length: VALUE_EDGES.length + 1 }, (_, band) => ({ band: label(band), orders: sizes.bands.find((b) => b.band === band)?.orders ?? 0 })),
    missing,
  };
}

let seed: { dir: string; data: SeedData } | null = null;
/**
 * The real restaurant data (demo-data's seed directory, `SEED_DIR`), read once per directory and
 * shared by Dining insights and Reporting → Outlet timings (one copy in memory).
 */
export function seedData(dir: string): SeedData {
  if (!seed || seed.dir !== dir) seed = { dir, data: loadSeedDir(dir) };
  return seed.data;
}

const median = (xs: number[]) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
/** Cost-for-two bands (INR) of the city chart. */
const COST_EDGES = [300, 600, 1000, 1500];

/**
 * Dining insights: the outlet's restaurant in the real Zomato Hyderabad data (cost for two,
 * cuisines, average review rating) against its city's restaurants. Outlets without such a
 * restaurant (the London takeaways) get nulls: the data has no UK restaurants.
 */
export async function diningInsights(ctx: AppContext, auth: AuthContext, outletId: string): Promise<TDiningInsights> {
  const outlet = await visibleOutlet(ctx, auth, outletId);
  const base = { outletId: outlet.id, outletName: outlet.name, city: outlet.city, coversKnown: false };
  const data = seedData(ctx.config.seedDir);
  const own = data.restaurants.find((r) => r.restaurantId === outlet.key);
  if (!own || outlet.city !== 'Hyderabad') return { ...base, restaurant: null, cityStats: null };
  const ratings = new Map<string, { sum: number; n: number }>();
  for (const r of data.reviews) {
    if (r.rating === null) continue;
    const x = ratings.get(r.restaurantId) ?? { sum: 0, n: 0 };
    x.sum += r.rating;
    x.n++;
    ratings.set(r.restaurantId, x);
  }
  const avg = (id: string) => {
    const x = ratings.get(id);
    return x && x.n ? x.sum / x.n : null;
  };
  const rated = data.restaurants.map((r) => ({ id: r.restaurantId, rating: avg(r.restaurantId) })).filter((r): r is { id: string; rating: number } => r.rating !== null);
  const ownRating = avg(own.restaurantId);
  const rank = ownRating === null ? null : 1 + rated.filter((r) => r.rating > ownRating).length;
  const cuisineCount = new Map<string, number>();
  for (const r of data.restaurants) for (const c of r.cuisines) cuisineCount.set(c, (cuisineCount.get(c) ?? 0) + 1);
  const bandOf = (cost: number) => COST_EDGES.filter((e) => cost >= e).length;
  const bandLabel = (b: number) => (b === 0 ? `< ${COST_EDGES[0]}` : b >= COST_EDGES.length ? `≥ ${COST_EDGES[COST_EDGES.length - 1]}` : `${COST_EDGES[b - 1]}–${COST_EDGES[b]}`);
  const costs = data.restaurants.map((r) => r.costForTwoInr).filter((c): c is number => c !== null);
  return {
    ...base,
    restaurant: { name: own.name, costForTwo: own.costForTwoInr, currency: 'INR', cuisines: own.cuisines, rating: ownRating === null ? null : round(ownRating, 2), ratedReviews: ratings.get(own.restaurantId)?.n ?? 0 },
    cityStats: {
      restaurants: data.restaurants.length,
      medianCostForTwo: median(costs),
      ratingRank: rank,
      ratedRestaurants: rated.length,
      cuisines: [...cuisineCount].map(([cuisine, restaurants]) => ({ cuisine, restaurants })).sort((a, b) => b.restaurants - a.restaurants || a.cuisine.localeCompare(b.cuisine)).slice(0, 12),
      costBands: Array.from({ length: COST_EDGES.length + 1 }, (_, b) => ({ band: bandLabel(b), restaurants: costs.filter((c) => bandOf(c) === b).length, outletHere: own.costForTwoInr !== null && bandOf(own.costForTwoInr) === b })),
    },
  };
}
