/**
 * The Places API (New) simulator (issue #12, docs/decisions/0030): API key, required field mask,
 * masked answers, text search over both CSVs, place details, ratings computed from the real
 * reviews, and the simulator-only review history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeIdFor } from '@dinedesk/demo-data';
import { seedData, startSim, type TestSim } from '../testing.ts';

let t: TestSim;
const KEY = 'test-places-key';
const BASE = '/google/places/v1';

interface Reply {
  status: number;
  body: Record<string, unknown> & { error?: { code: number; message: string; status: string } };
}
async function call(method: 'GET' | 'POST', url: string, opts: { key?: string | null; mask?: string | null; json?: unknown } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (opts.key !== null) headers['x-goog-api-key'] = opts.key ?? KEY;
  if (opts.mask !== null && opts.mask !== undefined) headers['x-goog-fieldmask'] = opts.mask;
  const res = await t.sim.app.inject({ method, url, headers, ...(opts.json !== undefined ? { payload: opts.json as object } : {}) });
  return { status: res.statusCode, body: JSON.parse(res.body) as Reply['body'] };
}
const search = (textQuery: unknown, mask = 'places.id,places.displayName,places.rating,places.userRatingCount', extra: object = {}) => call('POST', `${BASE}/places:searchText`, { mask, json: { textQuery, ...extra } });

beforeAll(async () => {
  t = await startSim({ placesApiKey: KEY });
});
afterAll(() => t.sim.close());

const paradise = placeIdFor('hyd', 'paradise-gachibowli');
const dhaba = placeIdFor('hyd', '13-dhaba-gachibowli');
const souffle = placeIdFor('global', '6317637');

describe('Places API key', () => {
  it('refuses a call without a key (403) and with a wrong one (400), in Google’s envelope', async () => {
    const none = await call('GET', `${BASE}/places/${dhaba}`, { key: null, mask: 'id' });
    expect(none.status).toBe(403);
    expect(none.body.error).toEqual({ code: 403, message: 'The request is missing a valid API key.', status: 'PERMISSION_DENIED' });
    const wrong = await call('POST', `${BASE}/places:searchText`, { key: 'nope', mask: 'places.id', json: { textQuery: 'biryani' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('API key not valid') });
  });
});

describe('field mask', () => {
  it('is required on searchText and places.get', async () => {
    for (const r of [await call('GET', `${BASE}/places/${dhaba}`), await call('POST', `${BASE}/places:searchText`, { json: { textQuery: 'biryani' } })]) {
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('FieldMask is a required parameter') });
    }
  });

  it('refuses unknown fields, and searchText wants the `places.` prefix', async () => {
    expect((await call('GET', `${BASE}/places/${dhaba}`, { mask: 'id,phoneNumber' })).status).toBe(400);
    expect((await search('biryani', 'id,displayName')).status).toBe(400);
  });

  it('answers only the masked fields', async () => {
    const r = await call('GET', `${BASE}/places/${dhaba}`, { mask: 'id,rating' });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['id', 'rating']);
    const all = await call('GET', `${BASE}/places/${dhaba}`, { mask: '*' });
    expect(Object.keys(all.body).sort()).toEqual(['displayName', 'formattedAddress', 'id', 'priceLevel', 'rating', 'reviews', 'types', 'userRatingCount']);
    expect(all.body.displayName).toEqual({ text: '13 Dhaba', languageCode: 'en' });
  });
});

describe('place details', () => {
  it('computes a Hyderabad rating and count from the real reviews in the seed', async () => {
    const { data } = seedData();
    const rated = data.reviews.filter((r) => r.restaurantId === '13-dhaba-gachibowli' && r.rating !== null);
    const mean = Math.round((rated.reduce((s, r) => s + r.rating!, 0) / rated.length) * 10) / 10;
    const r = await call('GET', `${BASE}/places/${dhaba}`, { mask: 'rating,userRatingCount,reviews' });
    expect(r.body).toMatchObject({ rating: mean, userRatingCount: rated.length });
    const reviews = r.body.reviews as { rating: number; text: { text: string }; publishTime: string; authorAttribution: { displayName: string } }[];
    expect(reviews).toHaveLength(5);
    const times = reviews.map((x) => x.publishTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(reviews[0]).toMatchObject({ rating: expect.any(Number), text: { text: expect.any(String) }, authorAttribution: { displayName: expect.any(String) } });
  });

  it('serves a global restaurant from its aggregate rating and votes, without reviews', async () => {
    const r = await call('GET', `${BASE}/places/${souffle}`, { mask: '*' });
    expect(r.body).toMatchObject({ id: souffle, displayName: { text: 'Le Petit Souffle' }, rating: 4.8, userRatingCount: 314, priceLevel: 'PRICE_LEVEL_EXPENSIVE' });
    expect(r.body.formattedAddress).toContain('Makati City');
    expect(r.body.reviews).toBeUndefined();
  });

  it('omits the rating of a restaurant without reviews in the seed', async () => {
    const { data } = seedData();
    const reviewed = new Set(data.reviews.map((r) => r.restaurantId));
    const unrated = data.restaurants.find((r) => !reviewed.has(r.restaurantId))!;
    const r = await call('GET', `${BASE}/places/${placeIdFor('hyd', unrated.restaurantId)}`, { mask: 'id,rating,userRatingCount' });
    expect(r.body).toEqual({ id: placeIdFor('hyd', unrated.restaurantId) });
  });

  it('answers 404 for an unknown place and 400 for a malformed id', async () => {
    expect((await call('GET', `${BASE}/places/ChIJunknownunknownunknown`, { mask: 'id' })).body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
    expect((await call('GET', `${BASE}/places/x!`, { mask: 'id' })).status).toBe(400);
  });
});

describe('searchText', () => {
  it('finds restaurants by name, city and cuisine across both CSVs', async () => {
    const byName = await search('Paradise Hyderabad');
    expect((byName.body.places as { id: string }[]).map((p) => p.id)).toContain(paradise);
    const byCity = await search('french Makati City');
    expect((byCity.body.places as { id: string; displayName: { text: string } }[]).map((p) => p.displayName.text)).toContain('Le Petit Souffle');
    const byCuisine = await search('biryani restaurants in Hyderabad');
    expect((byCuisine.body.places as unknown[]).length).toBeGreaterThan(0);
  });

  it('pages at most 20 with a nextPageToken when the mask asks for it', async () => {
    const first = await search('Delhi', 'places.id,nextPageToken', { pageSize: 50 });
    expect((first.body.places as unknown[]).length).toBe(20);
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    const next = await search('Delhi', 'places.id,nextPageToken', { pageSize: 50, pageToken: first.body.nextPageToken });
    expect((next.body.places as { id: string }[])[0]!.id).not.toBe((first.body.places as { id: string }[])[0]!.id);
    expect((await search('Noida', 'places.id', { pageToken: first.body.nextPageToken })).status).toBe(400);
    expect((await search('Delhi', 'places.id')).body.nextPageToken).toBeUndefined();
  });

  it('answers {} for no match and 400 without a textQuery', async () => {
    expect((await search('zzqqxx')).body).toEqual({});
    expect((await search('')).status).toBe(400);
  });
});

describe('simReviewHistory (simulator only)', () => {
  it('pages every review of a Hyderabad restaurant, newest first; none for a global one', async () => {
    const { data } = seedData();
    const total = data.reviews.filter((r) => r.restaurantId === '13-dhaba-gachibowli' && r.rating !== null).length;
    const seen: string[] = [];
    let token: string | undefined;
    do {
      const r = await call('GET', `${BASE}/places/${dhaba}/simReviewHistory?pageSize=40${token ? `&pageToken=${token}` : ''}`);
      expect(r.status).toBe(200);
      seen.push(...(r.body.reviews as { publishTime: string }[]).map((x) => x.publishTime));
      token = r.body.nextPageToken as string | undefined;
    } while (token);
    expect(seen).toHaveLength(total);
    expect([...seen].sort().reverse()).toEqual(seen);
    const global = await call('GET', `${BASE}/places/${souffle}/simReviewHistory`);
    expect(global.body).toMatchObject({ reviews: [], totalSize: 0, hasHistory: false });
    expect((await call('GET', `${BASE}/places/${dhaba}/simReviewHistory`, { key: null })).status).toBe(403);
  });
});
