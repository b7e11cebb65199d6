import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fbPageIdFor, fbStoryIdFor, fbUserIdFor, reviewSource } from '@dinedesk/demo-data';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from './paging.ts';
import { type TestSim, relative, seedData, startSim } from './testing.ts';

const CUTOFF = Date.UTC(2018, 7, 1);
/** `2024-05-01T10:00:00+0000` */
const graphTime = (d: Date) => `${d.toISOString().slice(0, 19)}+0000`;

let t: TestSim;
/** A Page whose Facebook reviews straddle Aug 2018, its client index and page token. */
let mixed: { pageId: string; restaurantId: string; token: string; clientIndex: number };
/** Another Page of the same client. */
let sibling: { pageId: string; token: string };

beforeAll(async () => {
  t = await startSim();
  const { data, clients } = seedData();
  const early = new Set(data.reviews.filter((r) => isFacebook(r) && r.reviewedAt.getTime() < CUTOFF).map((r) => r.restaurantId));
  for (const [ci, c] of clients.entries()) {
    const outlets = c.brands.flatMap((b) => b.outlets);
    const o = outlets.find((x) => early.has(x.restaurantId));
    if (!o) continue;
    const tokens = await t.pageTokens(ci);
    const other = outlets.find((x) => x !== o)!;
    mixed = { pageId: o.facebookPageId, restaurantId: o.restaurantId, token: tokens.get(o.facebookPageId)!, clientIndex: ci };
    sibling = { pageId: other.facebookPageId, token: tokens.get(other.facebookPageId)! };
    break;
  }
  expect(mixed).toBeDefined();
});

/** Each restaurant's reviews are split between Facebook and Google; a Page serves only its half. */
function isFacebook(r: { reviewId: string }): boolean {
  return reviewSource(r.reviewId) === 'facebook';
}

/** The Facebook half of a restaurant's dataset reviews, in the order the ratings edge answers. */
function datasetReviews(restaurantId: string) {
  return seedData()
    .data.reviews.filter((r) => r.restaurantId === restaurantId && isFacebook(r))
    .sort((a, b) => b.reviewedAt.getTime() - a.reviewedAt.getTime() || a.reviewId.localeCompare(b.reviewId));
}

type Rating = Record<string, unknown> & { created_time: string };

describe('GET /{page-id}/ratings', () => {
  it('answers exactly the requested fields and nothing else', async () => {
    const r = await t.get(`/v21.0/${mixed.pageId}/ratings?fields=rating,reviewer{name}&limit=10`, mixed.token);
    expect(r.status).toBe(200);
    const data = r.body.data as Rating[];
    expect(data).toHaveLength(10);
    for (const item of data) {
      expect(Object.keys(item)).toEqual(['rating', 'reviewer']);
      expect(Object.keys(item.reviewer as object)).toEqual(['name', 'id']);
    }
  });

  it('maps every review field as Graph does', async () => {
    const fields = 'created_time,has_rating,has_review,rating,recommendation_type,review_text,reviewer{id,name},open_graph_story{id}';
    const r = await t.get(`/v21.0/${mixed.pageId}/ratings?fields=${encodeURIComponent(fields)}&limit=5`, mixed.token);
    const expected = datasetReviews(mixed.restaurantId).slice(0, 5);
    expect(r.body.data).toEqual(
      expected.map((rv) => {
        const rating = Math.min(5, Math.max(1, Math.round(rv.rating!)));
        return {
          created_time: graphTime(rv.reviewedAt),
          has_rating: true,
          has_review: rv.text.trim() !== '',
          rating,
          recommendation_type: rating >= 3 ? 'positive' : 'negative',
          review_text: rv.text,
          reviewer: { id: fbUserIdFor(rv.reviewerName), name: rv.reviewerName },
          open_graph_story: { id: fbStoryIdFor(mixed.pageId, rv.reviewId) },
        };
      }),
    );
  });

  it('defaults to the review fields without reviewer or story', async () => {
    const r = await t.get(`/v21.0/${mixed.pageId}/ratings?limit=3`, mixed.token);
    for (const item of r.body.data as object[]) {
      expect(Object.keys(item).sort()).toEqual(['created_time', 'has_rating', 'has_review', 'rating', 'recommendation_type', 'review_text']);
    }
  });

  it('pages newest first through all reviews until next is absent; no story before Aug 2018', async () => {
    const expected = datasetReviews(mixed.restaurantId);
    const all: Rating[] = [];
    let url: string | undefined = `/v21.0/${mixed.pageId}/ratings?fields=created_time,open_graph_story&limit=30&access_token=${mixed.token}`;
    let calls = 0;
    while (url) {
      const r = await t.get(url);
      expect(r.status).toBe(200);
      const page = r.body.data as Rating[];
      expect(page.length).toBeGreaterThan(0);
      all.push(...page);
      calls++;
      const next = (r.body.paging as { next?: string }).next;
      if (next) expect(new URL(next).searchParams.get('fields')).toBe('created_time,open_graph_story');
      url = next ? relative(next) : undefined;
    }
    expect(calls).toBe(Math.ceil(expected.length / 30));
    expect(all.map((x) => x.created_time)).toEqual(expected.map((rv) => graphTime(rv.reviewedAt)));
    const times = all.map((x) => Date.parse(x.created_time.replace('+0000', 'Z')));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const early = expected.filter((rv) => rv.reviewedAt.getTime() < CUTOFF).length;
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(expected.length);
    all.forEach((item, i) => {
      const rv = expected[i]!;
      if (rv.reviewedAt.getTime() < CUTOFF) expect(item).not.toHaveProperty('open_graph_story');
      else expect(item.open_graph_story).toEqual({ id: fbStoryIdFor(mixed.pageId, rv.reviewId), created_time: graphTime(rv.reviewedAt), ...(rv.text ? { message: rv.text } : {}) });
    });
  });

  it('caps limit at 100 and rejects a negative one', async () => {
    const r = await t.get(`/v21.0/${mixed.pageId}/ratings?fields=rating&limit=500`, mixed.token);
    const total = datasetReviews(mixed.restaurantId).length;
    expect((r.body.data as unknown[]).length).toBe(Math.min(100, total));
    const bad = await t.get(`/v21.0/${mixed.pageId}/ratings?limit=-1`, mixed.token);
    expect(bad.body.error).toMatchObject({ code: 100 });

    // No shipped Page has more than 100 Facebook reviews (each restaurant's are split with
    // Google), so the cap itself is checked on a custom seed with 130 of them.
    const ids: string[] = [];
    for (let i = 0; ids.length < 130; i++) if (isFacebook({ reviewId: `cap${i}` })) ids.push(`cap${i}`);
    const dir = mkdtempSync(join(tmpdir(), 'meta-sim-cap-'));
    writeFileSync(join(dir, 'restaurants.csv'), 'restaurant_id,name,zomato_url,cuisines,timings\nr1,Tiny Diner,https://example.test/r1,Cafe,9 to 5\n');
    writeFileSync(
      join(dir, 'reviews.csv'),
      [
        'review_id,restaurant_id,restaurant_name,reviewer_name,rating,rating_raw,review_text,reviewed_at',
        ...ids.map((id, i) => `${id},r1,Tiny Diner,Guest ${i},4,4,fine,2019-01-01T${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00`),
      ].join('\n'),
    );
    const s = await startSim({ seedDir: dir });
    try {
      const pageId = fbPageIdFor('r1');
      const token = (await s.pageTokens(0)).get(pageId)!;
      const capped = await s.get(`/v21.0/${pageId}/ratings?fields=rating&limit=500`, token);
      expect((capped.body.data as unknown[]).length).toBe(100);
      const next = (capped.body.paging as { next?: string }).next;
      expect(next).toBeDefined();
      const rest = await s.get(relative(next!));
      expect((rest.body.data as unknown[]).length).toBe(30);
      expect((rest.body.paging as { next?: string }).next).toBeUndefined();
    } finally {
      await s.sim.close();
    }
  });

  it('rejects cursors it did not issue for this list with 100 "Invalid cursor"', async () => {
    for (const cursor of ['garbage!!', encodeCursor('zh-not-a-review'), encodeCursor(sibling.pageId)]) {
      const r = await t.get(`/v21.0/${mixed.pageId}/ratings?after=${encodeURIComponent(cursor)}`, mixed.token);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 100, message: '(#100) Invalid cursor' });
    }
  });

  it('pages backwards with before', async () => {
    const first = await t.get(`/v21.0/${mixed.pageId}/ratings?fields=created_time&limit=4`, mixed.token);
    const second = await t.get(relative((first.body.paging as { next: string }).next));
    const back = await t.get(relative((second.body.paging as { previous: string }).previous));
    expect(back.body.data).toEqual(first.body.data);
  });

  it('needs a page token of that Page: 210 for user tokens and other Pages’ tokens', async () => {
    const own = t.userToken(mixed.clientIndex);
    const other = t.userToken(1 - mixed.clientIndex);
    for (const token of [own, other, sibling.token]) {
      const r = await t.get(`/v21.0/${mixed.pageId}/ratings`, token);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 210, type: 'OAuthException', message: '(#210) A page access token is required to request this resource.' });
    }
  });

  it('is reachable as a Page field with .limit()', async () => {
    const r = await t.get(`/v21.0/${mixed.pageId}?fields=name,ratings.limit(2){rating}`, mixed.token);
    const ratings = r.body.ratings as { data: object[]; paging: { next: string } };
    expect(ratings.data).toHaveLength(2);
    for (const x of ratings.data) expect(Object.keys(x)).toEqual(['rating']);
    const next = new URL(ratings.paging.next);
    expect(next.pathname).toBe(`/v21.0/${mixed.pageId}/ratings`);
    expect(next.searchParams.get('fields')).toBe('rating');
    const page2 = await t.get(relative(ratings.paging.next));
    expect((page2.body.data as object[]).length).toBe(2);
  });
});

/*
 * Meta's reference of Recommendation: "deprecated for v22.0 and future versions. Attempting to
 * query an edge or field that returns a recommendation using v22.0 or later will return error
 * code 12" (https://developers.facebook.com/docs/graph-api/reference/recommendation/). v21.0 is
 * served until 2027-01-21 (https://developers.facebook.com/docs/graph-api/changelog/versions/);
 * afterwards its calls run as v22.0 (https://developers.facebook.com/docs/graph-api/guides/versioning).
 */
describe('ratings deprecation gate (code 12)', () => {
  it('answers 12 on v22.0+ by default, works on v21.0 and unversioned (v21.0 default), and the switch turns it off', async () => {
    const url = (v: string) => `${v}/${mixed.pageId}/ratings?limit=1`;
    for (const v of ['/v22.0', '/v23.0', '/v26.0']) {
      const r = await t.get(url(v), mixed.token);
      expect(r.status).toBe(400);
      expect(r.headers['facebook-api-version']).toBe(v.slice(1));
      expect(r.body.error).toMatchObject({ code: 12, message: '(#12) Recommendation is deprecated for versions v22.0 and higher' });
    }
    const v21 = await t.get(url('/v21.0'), mixed.token);
    expect(v21.status).toBe(200);
    expect(v21.headers['facebook-api-version']).toBe('v21.0');
    expect((await t.get(url(''), mixed.token)).status).toBe(200);
    const field = await t.get(`/v22.0/${mixed.pageId}?fields=ratings`, mixed.token);
    expect(field.body.error).toMatchObject({ code: 12 });
    // The Page's own fields that are not recommendations still answer on v22.0+.
    expect((await t.get(`/v22.0/${mixed.pageId}?fields=name,rating_count`, mixed.token)).status).toBe(200);
    t.sim.setRatingsDeprecatedFrom(null);
    try {
      expect((await t.get(url('/v22.0'), mixed.token)).status).toBe(200);
    } finally {
      t.sim.setRatingsDeprecatedFrom(22);
    }
  });

  it('on 2027-01-21 v21.0 calls run as v22.0 (header says so) and ratings answer 12; the day before they answer', async () => {
    let clock = new Date('2027-01-20T23:59:59Z');
    const s = await startSim({ now: () => clock });
    try {
      const [pageId, token] = [...(await s.pageTokens(0)).entries()][0]!;
      const before = await s.get(`/v21.0/${pageId}/ratings?limit=1`, token);
      expect(before.status).toBe(200);
      expect(before.headers['facebook-api-version']).toBe('v21.0');
      clock = new Date('2027-01-21T00:00:00Z');
      const after = await s.get(`/v21.0/${pageId}/ratings?limit=1`, token);
      expect(after.headers['facebook-api-version']).toBe('v22.0');
      expect(after.body.error).toMatchObject({ code: 12 });
      // Unversioned calls follow the default version onto v22.0 as well.
      expect((await s.get(`/${pageId}/ratings?limit=1`, token)).body.error).toMatchObject({ code: 12 });
    } finally {
      await s.sim.close();
    }
  });

  it('takes its default from SIM_RATINGS_DEPRECATED (0 = off) and is switchable over the control API', async () => {
    const prev = process.env.SIM_RATINGS_DEPRECATED;
    process.env.SIM_RATINGS_DEPRECATED = '0';
    let s: TestSim;
    try {
      s = await startSim({ ratingsDeprecatedFrom: undefined });
    } finally {
      if (prev === undefined) delete process.env.SIM_RATINGS_DEPRECATED;
      else process.env.SIM_RATINGS_DEPRECATED = prev;
    }
    const tokens = await s.pageTokens(0);
    const [pageId, token] = [...tokens.entries()][0]!;
    expect((await s.get(`/v22.0/${pageId}/ratings`, token)).status).toBe(200);
    const on = await s.sim.app.inject({ method: 'PUT', url: '/__sim/switches', payload: { ratingsDeprecatedFrom: 22 } });
    expect(on.json()).toMatchObject({ ratingsDeprecatedFrom: 22 });
    expect((await s.get(`/v22.0/${pageId}/ratings`, token)).body.error).toMatchObject({ code: 12 });
    await s.sim.app.inject({ method: 'PUT', url: '/__sim/switches', payload: { ratingsDeprecatedFrom: 25 } });
    expect((await s.get(`/v24.0/${pageId}/ratings`, token)).status).toBe(200);
    expect((await s.get(`/v25.0/${pageId}/ratings`, token)).body.error).toMatchObject({
      code: 12,
      message: '(#12) Recommendation is deprecated for versions v25.0 and higher',
    });
    await s.sim.close();
  });
});

/* Versions per Meta's changelog (https://developers.facebook.com/docs/graph-api/changelog/versions/). */
describe('Graph versions', () => {
  it('runs a retired version on the oldest served one and refuses a version Meta never released with 2500', async () => {
    const s = await startSim({ now: () => new Date('2026-12-04T12:00:00Z') });
    try {
      const token = s.userToken(0);
      // v20.0 expired 2026-09-24: "defaulted to the next oldest usable version".
      const old = await s.get('/v20.0/me', token);
      expect(old.status).toBe(200);
      expect(old.headers['facebook-api-version']).toBe('v21.0');
      expect((await s.get('/v2.8/me', token)).headers['facebook-api-version']).toBe('v21.0');
      for (const v of ['v26.0', 'v25.0', 'v22.0']) expect((await s.get(`/${v}/me`, token)).headers['facebook-api-version']).toBe(v);
      for (const v of ['v99.0', 'v21.5', 'v27.0']) {
        const r = await s.get(`/${v}/me`, token);
        expect(r.status).toBe(400);
        expect(r.body.error).toMatchObject({ code: 2500, message: 'Unknown path components: /me' });
      }
    } finally {
      await s.sim.close();
    }
  });
});
