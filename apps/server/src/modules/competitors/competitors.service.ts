import { z } from 'zod';
import { placeIdFor } from '@dinedesk/demo-data';
import { COMPETITORS_MAX, PRICE_LEVELS, type TCompetitorAnalysis, type TCompetitorSearchRequest, type TCompetitorSearchResponse, type TPlaceSummary, type TThemeSeries, type TTrendSeries } from '@dinedesk/contracts/competitors';
import type { AppContext } from '../../context.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/errors.ts';
import { GoogleApiError } from '../../lib/google-client.ts';
import { defineJob } from '../../lib/jobs.ts';
import type { PlacesPlace } from '../../lib/places-client.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import * as repo from './competitors.repository.ts';
import { cachedThemesOf, THEME_REVIEWS_MAX } from './competitors.themes.ts';

/**
 * Competitor analysis (docs/requirements/screen-contents.md#competitor-analysis,
 * docs/decisions/0030).
 *
 * - Every role of the reviews module reads the analysis of the outlets it sees (`read
 *   CompetitorAnalysis`); owners and brand managers choose competitors (`update
 *   CompetitorAnalysis`, lib/ability.ts), on the outlets they see.
 * - Candidates come from Google Places (New) text search (the simulator serves the Zomato CSVs).
 *   Adding reads the Place (`places.get`) so an unknown id is refused before anything is stored,
 *   then queues `competitors.refresh-place` in the same transaction: the day's rating snapshot and
 *   the review history behind trends and themes.
 * - At most {@link COMPETITORS_MAX} per outlet, checked under the outlet's row lock.
 * - The outlet's own point, trend and themes come from DineDesk's stored reviews (every source).
 */

/** Months a trend shows at most, ending at the newest month with a review. */
export const TREND_MONTHS = 36;
const DAY_MS = 86_400_000;

const notFound = (what: string, field: string) => new HttpError(404, `${what} not found`, { field });

/** The outlet, if the caller sees it (404 naming `outletId` otherwise: another client's ids are not confirmed). */
async function visibleOutlet(ctx: AppContext, auth: AuthContext, outletId: string) {
  const outlet = await repo.outletById(ctx.db, outletId);
  if (!outlet || !inTenantScope(auth, { clientId: outlet.clientId, outletId: outlet.id })) throw notFound(`Outlet ${outletId}`, 'body.outletId');
  return outlet;
}

/** Places' answer as DineDesk's summary (unknown price levels dropped rather than trusted). */
function summaryOf(p: PlacesPlace): TPlaceSummary {
  const price = (PRICE_LEVELS as readonly string[]).includes(p.priceLevel ?? '') ? (p.priceLevel as TPlaceSummary['priceLevel']) : null;
  return {
    placeId: p.id,
    name: p.displayName?.text ?? p.id,
    address: p.formattedAddress ?? '',
    rating: typeof p.rating === 'number' ? Math.round(p.rating * 10) / 10 : null,
    userRatingCount: typeof p.userRatingCount === 'number' ? p.userRatingCount : null,
    priceLevel: price,
  };
}

/** A Places failure in plain words, as 502 (Places refused or is down) or 404 (no such place). */
function placesError(e: unknown, doing: string, field?: string): never {
  if (e instanceof GoogleApiError) {
    if (e.httpStatus === 404 || (e.httpStatus === 400 && field)) throw new HttpError(404, `Google Places has no such place (${e.status})`, { ...(field ? { field } : {}), code: `places_${e.httpStatus}` });
    if (e.httpStatus === 0) throw new HttpError(502, `Google Places could not be reached while ${doing}; try again in a moment.`, { code: 'places_unreachable' });
    throw new HttpError(502, `Google Places answered ${e.httpStatus} ${e.status} while ${doing}: ${e.message}`, { code: `places_${e.httpStatus}` });
  }
  throw e;
}

/**
 * Radius in metres of the circle around the outlet that biases a competitor search: a city's
 * reach, where its guests would otherwise eat (Places allows up to 50,000; docs/decisions/0030).
 */
export const SEARCH_BIAS_RADIUS_M = 20_000;

/**
 * `search`: Places text search of `query` with the optional cuisine and city ("biryani Paradise
 * Hyderabad"), biased to a circle of {@link SEARCH_BIAS_RADIUS_M} around the outlet when it has
 * a position (Places `locationBias`), one page of at most 20, each marked when already chosen
 * for the outlet.
 * @throws HttpError 404 outlet not visible, 502 Places failed
 */
export async function searchPlaces(ctx: AppContext, auth: AuthContext, req: TCompetitorSearchRequest): Promise<TCompetitorSearchResponse> {
  const outlet = await visibleOutlet(ctx, auth, req.outletId);
  const textQuery = [req.query, req.cuisine, req.city].filter((s) => s && s.trim()).join(' ');
  let places: PlacesPlace[];
  try {
    const bias = outlet.latitude !== null && outlet.longitude !== null ? { circle: { center: { latitude: outlet.latitude, longitude: outlet.longitude }, radius: SEARCH_BIAS_RADIUS_M } } : undefined;
    places = await ctx.places.searchText(textQuery, 20, bias);
  } catch (e) {
    placesError(e, 'searching');
  }
  const chosen = new Set(await repo.chosenPlaceIds(ctx.db, outlet.id));
  const own = placeIdFor('hyd', outlet.key);
  return { data: places.filter((p) => p.id !== own).map((p) => ({ ...summaryOf(p), chosen: chosen.has(p.id) })) };
}

/** The outlet's analysis: competitors, grid, monthly trends and themes. @throws HttpError 404 */
export async function analysis(ctx: AppContext, auth: AuthContext, outletId: string): Promise<TCompetitorAnalysis> {
  const outlet = await visibleOutlet(ctx, auth, outletId);
  return buildAnalysis(ctx, outlet);
}

async function buildAnalysis(ctx: AppContext, outlet: { id: string; clientId: string; name: string }): Promise<TCompetitorAnalysis> {
  const rows = await repo.competitorsOf(ctx.db, outlet.clientId, outlet.id);
  const placeIds = rows.map((r) => r.p.placeId);
  const own = await repo.outletRating(ctx.db, outlet.clientId, outlet.id);
  const competitors = rows.map(({ c, p }) => ({
    placeId: p.placeId,
    name: p.name,
    address: p.address,
    rating: p.rating === null ? null : Math.round(p.rating * 10) / 10,
    userRatingCount: p.userRatingCount,
    priceLevel: (PRICE_LEVELS as readonly string[]).includes(p.priceLevel ?? '') ? (p.priceLevel as TPlaceSummary['priceLevel']) : null,
    addedAt: c.createdAt.toISOString(),
    refreshedAt: p.refreshedAt?.toISOString() ?? null,
    history: p.history,
  }));
  const grid = [
    { key: 'outlet', name: outlet.name, isOutlet: true, rating: own.average === null ? null : Math.round(own.average * 10) / 10, reviewCount: own.rated },
    ...competitors.map((c) => ({ key: c.placeId, name: c.name, isOutlet: false, rating: c.rating, reviewCount: c.userRatingCount ?? 0 })),
  ];

  // Trends: the outlet's months and each competitor's with history, on one month axis.
  const series: { key: string; name: string; isOutlet: boolean; months: Map<string, { average: number | null; n: number }> }[] = [];
  series.push({ key: 'outlet', name: outlet.name, isOutlet: true, months: new Map((await repo.outletMonths(ctx.db, outlet.clientId, outlet.id)).map((m) => [m.month, { average: m.average, n: m.n }])) });
  const placeMonths = await repo.placeMonths(ctx.db, placeIds);
  for (const c of competitors.filter((x) => x.history === 'available')) {
    series.push({ key: c.placeId, name: c.name, isOutlet: false, months: new Map(placeMonths.filter((m) => m.placeId === c.placeId).map((m) => [m.month, { average: m.average, n: m.n }])) });
  }
  const trends = trendSeries(series);

  // Themes: the outlet's texts and each competitor's with history, remembered per version.
  const versions = new Map((await repo.placeReviewVersions(ctx.db, placeIds)).map((v) => [v.placeId, `${v.n}:${v.newest}`]));
  const ownTexts = await repo.outletReviewTexts(ctx.db, outlet.clientId, outlet.id, THEME_REVIEWS_MAX);
  const themes: TThemeSeries[] = [{ key: 'outlet', name: outlet.name, isOutlet: true, themes: cachedThemesOf(`outlet:${outlet.id}`, `${own.total}:${own.newest}`, () => ownTexts) }];
  for (const c of competitors.filter((x) => x.history === 'available')) {
    const texts = await repo.placeReviewTexts(ctx.db, c.placeId, THEME_REVIEWS_MAX);
    themes.push({ key: c.placeId, name: c.name, isOutlet: false, themes: cachedThemesOf(`place:${c.placeId}`, versions.get(c.placeId) ?? '0', () => texts) });
  }
  return { outlet: { id: outlet.id, name: outlet.name }, competitors, grid, trends, themes, max: COMPETITORS_MAX };
}

/** `YYYY-MM` of the month `offset` months after `month`. */
export function addMonths(month: string, offset: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + offset, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/**
 * Series on one axis: every month from the first to the last with a review in any series (at
 * most {@link TREND_MONTHS}, the newest), months without reviews as `reviews: 0, averageRating: null`.
 */
export function trendSeries(series: { key: string; name: string; isOutlet: boolean; months: Map<string, { average: number | null; n: number }> }[]): TTrendSeries[] {
  const all = series.flatMap((s) => [...s.months.keys()]).sort();
  if (!all.length) return [];
  const last = all[all.length - 1]!;
  let first = all[0]!;
  if (first < addMonths(last, -(TREND_MONTHS - 1))) first = addMonths(last, -(TREND_MONTHS - 1));
  const axis: string[] = [];
  for (let m = first; m <= last; m = addMonths(m, 1)) axis.push(m);
  return series.map((s) => ({
    key: s.key,
    name: s.name,
    isOutlet: s.isOutlet,
    months: axis.map((month) => {
      const v = s.months.get(month);
      return { month, averageRating: v?.average === null || v?.average === undefined ? null : Math.round(v.average * 100) / 100, reviews: v?.n ?? 0 };
    }),
  }));
}

function requireChooser(auth: AuthContext): void {
  if (!auth.ability.can('update', 'CompetitorAnalysis')) throw new HttpError(403, 'Only owners and brand managers choose competitors');
}

/**
 * `add`: reads the Place (an unknown id is refused before anything is stored), then, under the
 * outlet's lock, stores it and queues its refresh. Adding a competitor the outlet has changes
 * nothing. The outlet itself is not its own competitor.
 * @throws HttpError 400 (the outlet's own place; `placeId`), 404 outlet or place, 409 already 5, 502 Places failed
 */
export async function addCompetitor(ctx: AppContext, auth: AuthContext, outletId: string, placeId: string): Promise<TCompetitorAnalysis> {
  requireChooser(auth);
  const outlet = await visibleOutlet(ctx, auth, outletId);
  if (placeId === placeIdFor('hyd', outlet.key)) throw new HttpError(400, 'placeId is this outlet’s own place: choose another restaurant', { field: 'body.placeId' });
  if ((await repo.chosenPlaceIds(ctx.db, outlet.id)).includes(placeId)) return buildAnalysis(ctx, outlet);
  let place: PlacesPlace;
  try {
    place = await ctx.places.getPlace(placeId);
  } catch (e) {
    placesError(e, 'reading the place', 'body.placeId');
  }
  const summary = summaryOf(place);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.lockOutlet(tx, outlet.id);
    if ((await repo.competitorCount(tx, outlet.id)) >= COMPETITORS_MAX) throw new HttpError(409, `An outlet follows at most ${COMPETITORS_MAX} competitors: remove one first`, { field: 'body.placeId', code: 'competitors_max' });
    const existing = await repo.placeById(tx, placeId);
    await repo.upsertPlace(tx, { placeId, name: summary.name, address: summary.address, rating: summary.rating, userRatingCount: summary.userRatingCount, priceLevel: summary.priceLevel, refreshedAt: existing?.refreshedAt ?? null });
    const saved = await repo.insertCompetitor(tx, { clientId: outlet.clientId, outletId: outlet.id, placeId, addedByUserId: auth.userId, createdAt: now });
    if (!saved) return;
    await audit(tx, { clientId: outlet.clientId, actorUserId: auth.userId, action: 'competitor.added', target: `outlet:${outlet.id}`, details: { placeId, name: summary.name }, at: now });
    await ctx.jobs.send(competitorsRefreshJob, { clientId: outlet.clientId, outletId: outlet.id, placeId }, { tx, singletonKey: placeId });
  });
  ctx.jobs.wake(competitorsRefreshJob);
  return buildAnalysis(ctx, outlet);
}

/** `remove`: the outlet stops following the place (removing one it does not follow changes nothing). @throws HttpError 404 outlet */
export async function removeCompetitor(ctx: AppContext, auth: AuthContext, outletId: string, placeId: string): Promise<TCompetitorAnalysis> {
  requireChooser(auth);
  const outlet = await visibleOutlet(ctx, auth, outletId);
  await ctx.db.transaction(async (tx) => {
    if (await repo.deleteCompetitor(tx, outlet.clientId, outlet.id, placeId)) {
      await audit(tx, { clientId: outlet.clientId, actorUserId: auth.userId, action: 'competitor.removed', target: `outlet:${outlet.id}`, details: { placeId }, at: ctx.now() });
    }
  });
  return buildAnalysis(ctx, outlet);
}

/** UTC day `YYYY-MM-DD`. */
const dayOf = (d: Date) => new Date(Math.floor(d.getTime() / DAY_MS) * DAY_MS).toISOString().slice(0, 10);

/**
 * Refreshes one place: its details and the day's snapshot (one per UTC day, the day's last read
 * wins), then its review history where the simulator serves one (decision 0030). Safe to run
 * twice: upserts and insert-or-ignore only.
 * @throws GoogleApiError when Places fails (the job retries)
 */
export async function refreshPlace(ctx: AppContext, placeId: string): Promise<{ rating: number | null; count: number | null; reviews: number }> {
  let place: PlacesPlace;
  try {
    place = await ctx.places.getPlace(placeId);
  } catch (e) {
    // A place Google no longer has: nothing to refresh (it stays as last read).
    if (e instanceof GoogleApiError && e.httpStatus === 404) return { rating: null, count: null, reviews: 0 };
    throw e;
  }
  const s = summaryOf(place);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await repo.upsertPlace(tx, { placeId, name: s.name, address: s.address, rating: s.rating, userRatingCount: s.userRatingCount, priceLevel: s.priceLevel, refreshedAt: now });
    await repo.upsertSnapshot(tx, { placeId, day: dayOf(now), rating: s.rating, userRatingCount: s.userRatingCount, takenAt: now });
  });
  if (!ctx.places.hasHistory) {
    await repo.setHistory(ctx.db, placeId, 'none');
    return { rating: s.rating, count: s.userRatingCount, reviews: 0 };
  }
  let token: string | undefined;
  let stored = 0;
  let hasHistory: boolean;
  do {
    const page = await ctx.places.reviewHistory(placeId, token);
    hasHistory = page.hasHistory;
    await repo.insertPlaceReviews(
      ctx.db,
      page.reviews.map((r) => ({ placeId, reviewName: r.name, rating: r.rating, reviewText: r.text?.text ?? '', publishTime: new Date(r.publishTime) })),
    );
    stored += page.reviews.length;
    token = page.nextPageToken;
  } while (token);
  await repo.setHistory(ctx.db, placeId, hasHistory ? 'available' : 'none');
  return { rating: s.rating, count: s.userRatingCount, reviews: stored };
}

/**
 * `competitors.refresh-place`: one place's rating snapshot and review history. Queued when a
 * competitor is added and, for every followed place, by `sync.tick`. One queued per place
 * (stately, keyed by place id). Places down or rate-limited: retried with backoff.
 */
export const competitorsRefreshJob = defineJob<{ clientId: string; outletId: string; placeId: string }, AppContext>({
  name: 'competitors.refresh-place',
  subject: 'CompetitorAnalysis',
  schema: z.object({ clientId: z.uuid(), outletId: z.uuid(), placeId: z.string().min(1).max(200) }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  policy: 'stately',
  async handler(ctx, data) {
    return refreshPlace(ctx, data.placeId);
  },
});

/** Queues a refresh of every followed place (callers: `sync.tick`). @returns how many */
export async function queueRefreshes(ctx: AppContext): Promise<number> {
  const places = await repo.followedPlaces(ctx.db);
  for (const p of places) await ctx.jobs.send(competitorsRefreshJob, p, { singletonKey: p.placeId });
  if (places.length) ctx.jobs.wake(competitorsRefreshJob);
  return places.length;
}
