/**
 * The Places API (New) simulator (docs/decisions/0030): API key, required field mask,
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

// Building the world reads 8,000 restaurants: seconds on a busy machine.
beforeAll(async () => {
  t = await startSim({ placesApiKey: KEY });
}, 60_000);
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
    expect(Object.keys(all.body).sort()).toEqual(['displayName', 'formattedAddress', 'id', 'location', 'priceLevel', 'rating', 'reviews', 'types', 'userRatingCount']);
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

  // https://developers.google.com/maps/documentation/places/web-service/text-search#maxresultcount:
  // "must be between 1 and 20, inclusive"; the older name of pageSize.
  it('takes maxResultCount from 1 to 20 and answers 400 INVALID_ARGUMENT otherwise', async () => {
    expect((((await search('Delhi', 'places.id', { maxResultCount: 5 })).body.places as unknown[]) ?? []).length).toBe(5);
    expect((((await search('Delhi', 'places.id', { maxResultCount: 20 })).body.places as unknown[]) ?? []).length).toBe(20);
    expect((((await search('Delhi', 'places.id', { maxResultCount: 1 })).body.places as unknown[]) ?? []).length).toBe(1);
    for (const bad of [0, 21, -1, 2.5, 'ten', true]) {
      const r = await search('Delhi', 'places.id', { maxResultCount: bad });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: expect.stringContaining('max_result_count') });
    }
    // pageSize wins when both are given.
    expect(((await search('Delhi', 'places.id', { maxResultCount: 3, pageSize: 7 })).body.places as unknown[]).length).toBe(7);
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

describe('searchText locationBias', () => {
  const mask = 'places.id,places.displayName,places.formattedAddress,places.location';
  type Hit = { id: string; formattedAddress: string; location?: { latitude: number; longitude: number } };
  const km = (a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) => {
    const r = Math.PI / 180;
    const h = Math.sin(((b.latitude - a.latitude) * r) / 2) ** 2 + Math.cos(a.latitude * r) * Math.cos(b.latitude * r) * Math.sin(((b.longitude - a.longitude) * r) / 2) ** 2;
    return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
  };

  it('puts the matches inside a circle first, nearest first, and the rest after', async () => {
    const plain = (await search('biryani', mask, { pageSize: 20 })).body.places as Hit[];
    // Without a bias the more-reviewed Delhi places lead.
    expect(plain[0]!.formattedAddress).not.toContain('Hyderabad');
    const hyderabad = { circle: { center: { latitude: 17.44, longitude: 78.35 }, radius: 20_000 } };
    const biased = (await search('biryani', mask, { pageSize: 20, locationBias: hyderabad })).body.places as Hit[];
    expect(biased[0]!.formattedAddress).toContain('Hyderabad');
    expect(biased[0]!.location).toEqual({ latitude: 17.4401, longitude: 78.3489 });
    // Around Connaught Place, New Delhi: the nearest biryani places first, by distance.
    const delhi = { latitude: 28.6315, longitude: 77.2167 };
    const near = (await search('biryani', mask, { pageSize: 20, locationBias: { circle: { center: delhi, radius: 5_000 } } })).body.places as Hit[];
    const inside = near.filter((p) => p.location && km(delhi, p.location) <= 5);
    expect(inside.length).toBeGreaterThan(2);
    expect(near.slice(0, inside.length)).toEqual(inside);
    const d = inside.map((p) => km(delhi, p.location!));
    expect([...d].sort((a, b) => a - b)).toEqual(d);
    // A bias prefers, it does not restrict: the places outside still follow.
    expect(near.length).toBe(20);
    // A rectangle around Gachibowli works too.
    const rect = (await search('biryani', mask, { locationBias: { rectangle: { low: { latitude: 17.3, longitude: 78.2 }, high: { latitude: 17.6, longitude: 78.5 } } } })).body.places as Hit[];
    expect(rect[0]!.formattedAddress).toContain('Hyderabad');
  });

  it('refuses a bias Google refuses, with 400 INVALID_ARGUMENT naming the field', async () => {
    const at = { latitude: 17.44, longitude: 78.35 };
    for (const [locationBias, field] of [
      [{ circle: { center: at, radius: 50_001 } }, 'locationBias.circle.radius'],
      [{ circle: { center: at, radius: -1 } }, 'locationBias.circle.radius'],
      [{ circle: { center: { latitude: 91, longitude: 0 }, radius: 10 } }, 'locationBias.circle.center.latitude'],
      [{ circle: { center: { latitude: 0, longitude: '78' }, radius: 10 } }, 'locationBias.circle.center.longitude'],
      [{ circle: { radius: 10 } }, 'locationBias.circle.center'],
      [{ circle: { center: at, radius: 10 }, rectangle: { low: at, high: at } }, 'locationBias'],
      [{ rectangle: { low: { latitude: 18, longitude: 78 }, high: { latitude: 17, longitude: 79 } } }, 'locationBias.rectangle'],
      ['Hyderabad', 'locationBias'],
    ] as const) {
      const r = await search('biryani', 'places.id', { locationBias });
      expect(r.status, JSON.stringify(locationBias)).toBe(400);
      expect(r.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect(r.body.error!.message).toContain(`Invalid ${field}`);
    }
  });

  it('binds a page token to its bias', async () => {
    const locationBias = { circle: { center: { latitude: 28.6315, longitude: 77.2167 }, radius: 5_000 } };
    const first = await search('Delhi', 'places.id,nextPageToken', { locationBias });
    expect(first.body.nextPageToken).toEqual(expect.any(String));
    expect((await search('Delhi', 'places.id', { locationBias, pageToken: first.body.nextPageToken })).status).toBe(200);
    expect((await search('Delhi', 'places.id', { pageToken: first.body.nextPageToken })).status).toBe(400);
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

// Text Search (New) (https://developers.google.com/maps/documentation/places/web-service/text-search):
// "locationRestriction: Specifies the rectangle to search" (a rectangular viewport, low = south-west,
// high = north-east; a circle is a Nearby Search restriction); results outside it are not returned;
// it cannot be set together with locationBias; a bad argument is 400 INVALID_ARGUMENT.
describe('searchText locationRestriction', () => {
  const mask = 'places.id,places.formattedAddress,places.location,nextPageToken';
  type Hit = { id: string; formattedAddress: string; location?: { latitude: number; longitude: number } };
  const hyderabad = { rectangle: { low: { latitude: 17.3, longitude: 78.2 }, high: { latitude: 17.6, longitude: 78.6 } } };
  const inRect = (p: Hit, r = hyderabad.rectangle) =>
    !!p.location && p.location.latitude >= r.low.latitude && p.location.latitude <= r.high.latitude && p.location.longitude >= r.low.longitude && p.location.longitude <= r.high.longitude;

  it('answers only the matches inside the rectangle, in relevance order, paged within it', async () => {
    const everywhere = [] as Hit[];
    let token: string | undefined;
    do {
      const r = await search('biryani', mask, { pageSize: 20, ...(token ? { pageToken: token } : {}) });
      everywhere.push(...((r.body.places as Hit[]) ?? []));
      token = r.body.nextPageToken as string | undefined;
    } while (token);
    const expected = everywhere.filter((p) => inRect(p));
    expect(expected.length).toBeGreaterThan(1);
    expect(expected.length).toBeLessThan(everywhere.length);
    const first = await search('biryani', mask, { pageSize: 1, locationRestriction: hyderabad });
    const restricted = [...((first.body.places as Hit[]) ?? [])];
    token = first.body.nextPageToken as string | undefined;
    while (token) {
      const r = await search('biryani', mask, { pageSize: 1, locationRestriction: hyderabad, pageToken: token });
      restricted.push(...(r.body.places as Hit[]));
      token = r.body.nextPageToken as string | undefined;
    }
    // Same places, same (relevance) order as the unrestricted search: a restriction filters only.
    expect(restricted.map((p) => p.id)).toEqual(expected.map((p) => p.id));
    expect(restricted.every((p) => inRect(p))).toBe(true);
    // A query that names another city finds nothing inside the rectangle: Google answers {}.
    expect(((await search('Connaught', 'places.id')).body.places as unknown[]).length).toBeGreaterThan(0);
    const delhiOnly = await search('Connaught', 'places.id', { locationRestriction: hyderabad });
    expect(delhiOnly.status).toBe(200);
    expect(delhiOnly.body).toEqual({});
    // A token of the restricted search does not continue the biased one.
    const page = await search('biryani', mask, { pageSize: 1, locationRestriction: hyderabad });
    expect(page.body.nextPageToken).toEqual(expect.any(String));
    expect((await search('biryani', mask, { pageSize: 1, locationBias: hyderabad, pageToken: page.body.nextPageToken })).status).toBe(400);
  });

  it('refuses a circle, other shapes, bad corners, and a bias alongside, with 400 INVALID_ARGUMENT naming the field', async () => {
    const at = { latitude: 17.44, longitude: 78.35 };
    for (const [extra, field] of [
      [{ locationRestriction: { circle: { center: at, radius: 1000 } } }, 'locationRestriction.circle'],
      [{ locationRestriction: { rectangle: hyderabad.rectangle, circle: { center: at, radius: 10 } } }, 'locationRestriction.circle'],
      [{ locationRestriction: { polygon: [] } }, 'locationRestriction.polygon'],
      [{ locationRestriction: {} }, 'locationRestriction'],
      [{ locationRestriction: 'Hyderabad' }, 'locationRestriction'],
      [{ locationRestriction: { rectangle: { low: { latitude: 18, longitude: 78 }, high: { latitude: 17, longitude: 79 } } } }, 'locationRestriction.rectangle'],
      [{ locationRestriction: { rectangle: { low: at, high: { latitude: 17.5, longitude: 181 } } } }, 'locationRestriction.rectangle.high.longitude'],
      [{ locationRestriction: { rectangle: { high: at } } }, 'locationRestriction.rectangle.low'],
      [{ locationRestriction: hyderabad, locationBias: { circle: { center: at, radius: 10 } } }, 'locationRestriction'],
    ] as const) {
      const r = await search('biryani', 'places.id', extra);
      expect(r.status, JSON.stringify(extra)).toBe(400);
      expect(r.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
      expect(r.body.error!.message, JSON.stringify(extra)).toContain(`Invalid ${field}`);
    }
  });
});
