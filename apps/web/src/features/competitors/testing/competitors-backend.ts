/**
 * An in-memory stand-in for the competitor analysis API (and the client details the outlet
 * picker reads) for the screen's tests. Requests and answers go through the contract handlers
 * (testing/contract-handlers.ts `contractHandler`), checked against `@dinedesk/contracts/competitors`.
 * Add and remove behave like the server: idempotent, at most 5, each answering the new analysis.
 */
import {
  COMPETITORS_API,
  COMPETITOR_THEMES,
  ZCompetitorAddRequest,
  ZCompetitorAnalysis,
  ZCompetitorListRequest,
  ZCompetitorRemoveRequest,
  ZCompetitorSearchRequest,
  ZCompetitorSearchResponse,
  type TCompetitor,
  type TCompetitorAnalysis,
  type TPlaceSummary,
} from '@dinedesk/contracts/competitors';
import { mockApi } from '../../../testing/api-server.ts';
import { contractHandler, handle, reply } from '../../../testing/contract-handlers.ts';
import { userDataFixture } from '../../../testing/fixtures.ts';

export const PARADISE_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-000000000001';
export const BAWARCHI_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-000000000002';

/** Places the search knows: a Hyderabad restaurant with history and a global one without. */
export const PLACES: TPlaceSummary[] = [
  { placeId: 'ChIJ13dhaba00000000000000', name: '13 Dhaba', address: 'Gachibowli, Hyderabad, Telangana, India', rating: 3.5, userRatingCount: 98, priceLevel: 'PRICE_LEVEL_INEXPENSIVE' },
  { placeId: 'ChIJsouffle0000000000000', name: 'Le Petit Souffle', address: 'Century City Mall, Makati City, Phillipines', rating: 4.8, userRatingCount: 314, priceLevel: 'PRICE_LEVEL_EXPENSIVE' },
  { placeId: 'ChIJsoufflebis000000000', name: 'Souffle Studio', address: 'Connaught Place, New Delhi, India', rating: null, userRatingCount: null, priceLevel: null },
];

const ENDPOINTS = {
  competitorsList: { method: 'POST', path: COMPETITORS_API.list, body: ZCompetitorListRequest, response: ZCompetitorAnalysis },
  competitorsSearch: { method: 'POST', path: COMPETITORS_API.search, body: ZCompetitorSearchRequest, response: ZCompetitorSearchResponse },
  competitorsAdd: { method: 'POST', path: COMPETITORS_API.add, body: ZCompetitorAddRequest, response: ZCompetitorAnalysis },
  competitorsRemove: { method: 'POST', path: COMPETITORS_API.remove, body: ZCompetitorRemoveRequest, response: ZCompetitorAnalysis },
} as const;

export interface CompetitorsBackendData {
  /** Competitors per outlet id. */
  competitors: Record<string, TCompetitor[]>;
  /** Answer the list with this error instead. */
  listError?: number;
}

const themes = () => COMPETITOR_THEMES.map((theme) => ({ theme, mentions: theme === 'food' ? 12 : 0, score: theme === 'food' ? 0.42 : null, positive: theme === 'food' ? 9 : 0, negative: theme === 'food' ? 2 : 0, topPhrases: theme === 'food' ? [{ phrase: 'tasty biryani', count: 4 }] : [] }));

/** The analysis the server would answer for an outlet with these competitors. */
export function analysisOf(outletId: string, competitors: TCompetitor[]): TCompetitorAnalysis {
  const name = outletId === PARADISE_OUTLET ? 'Paradise, Gachibowli' : 'Bawarchi, RTC X Roads';
  const withHistory = competitors.filter((c) => c.history === 'available');
  const months = ['2019-03', '2019-04', '2019-05'];
  return {
    outlet: { id: outletId, name },
    competitors,
    grid: [{ key: 'outlet', name, isOutlet: true, rating: 4.1, reviewCount: 87 }, ...competitors.map((c) => ({ key: c.placeId, name: c.name, isOutlet: false, rating: c.rating, reviewCount: c.userRatingCount ?? 0 }))],
    trends: [
      { key: 'outlet', name, isOutlet: true, months: months.map((month, i) => ({ month, averageRating: 4 + i * 0.1, reviews: 10 + i })) },
      ...withHistory.map((c) => ({ key: c.placeId, name: c.name, isOutlet: false, months: months.map((month) => ({ month, averageRating: 3.5, reviews: 5 })) })),
    ],
    themes: [{ key: 'outlet', name, isOutlet: true, themes: themes() }, ...withHistory.map((c) => ({ key: c.placeId, name: c.name, isOutlet: false, themes: themes() }))],
    max: 5,
  };
}

export function competitorsBackend(data: CompetitorsBackendData = { competitors: {} }) {
  const of = (outletId: string) => data.competitors[outletId] ?? [];
  return mockApi(
    handle.clientDetails(() => ({
      message: 'OK',
      client: {
        id: 'c-1',
        key: 'spice-route',
        name: 'Spice Route Hospitality',
        brands: [
          { id: 'b-1', name: 'Paradise', outlets: [{ id: PARADISE_OUTLET, name: 'Paradise, Gachibowli', city: 'Hyderabad' }] },
          { id: 'b-2', name: 'Bawarchi', outlets: [{ id: BAWARCHI_OUTLET, name: 'Bawarchi, RTC X Roads', city: 'Hyderabad' }] },
        ],
      },
      userData: userDataFixture(),
    })),
    contractHandler('competitorsList', ENDPOINTS.competitorsList, ({ body }) => (data.listError ? reply.error(data.listError, { message: 'The database is not answering' }) : analysisOf(body.outletId, of(body.outletId)))),
    contractHandler('competitorsSearch', ENDPOINTS.competitorsSearch, ({ body }) => ({
      data: PLACES.filter((p) => p.name.toLowerCase().includes(body.query.toLowerCase())).map((p) => ({ ...p, chosen: of(body.outletId).some((c) => c.placeId === p.placeId) })),
    })),
    contractHandler('competitorsAdd', ENDPOINTS.competitorsAdd, ({ body }) => {
      const list = of(body.outletId);
      const place = PLACES.find((p) => p.placeId === body.placeId);
      if (!place) return reply.error(404, { message: 'Google Places has no such place (NOT_FOUND)', field: 'body.placeId' });
      if (!list.some((c) => c.placeId === place.placeId)) {
        if (list.length >= 5) return reply.error(409, { message: 'An outlet follows at most 5 competitors: remove one first', field: 'body.placeId', code: 'competitors_max' });
        data.competitors[body.outletId] = [...list, { ...place, addedAt: '2026-11-27T09:00:00.000Z', refreshedAt: null, history: place.placeId.startsWith('ChIJ13') ? 'available' : 'none' }];
      }
      return analysisOf(body.outletId, of(body.outletId));
    }),
    contractHandler('competitorsRemove', ENDPOINTS.competitorsRemove, ({ body }) => {
      data.competitors[body.outletId] = of(body.outletId).filter((c) => c.placeId !== body.placeId);
      return analysisOf(body.outletId, of(body.outletId));
    }),
  );
}

/** A competitor as the list answers it. */
export function competitorFixture(place: TPlaceSummary, history: TCompetitor['history'] = 'available'): TCompetitor {
  return { ...place, addedAt: '2026-11-20T09:00:00.000Z', refreshedAt: '2026-11-27T06:00:00.000Z', history };
}
