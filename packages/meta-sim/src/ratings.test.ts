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

describe('ratings deprecation gate (code 12)', () => {
  it('answers 12 on v22.0+ when switched on, works on v21.0 and unversioned, and switches off', async () => {
    const url = (v: string) => `${v}/${mixed.pageId}/ratings?limit=1`;
    expect((await t.get(url('/v22.0'), mixed.token)).status).toBe(200);
    t.sim.setRatingsDeprecatedFrom(22);
    try {
      for (const v of ['/v22.0', '/v23.0']) {
        const r = await t.get(url(v), mixed.token);
        expect(r.status).toBe(400);
        expect(r.body.error).toMatchObject({ code: 12, message: '(#12) Recommendation is deprecated for versions v22.0 and higher' });
      }
      expect((await t.get(url('/v21.0'), mixed.token)).status).toBe(200);
      expect((await t.get(url(''), mixed.token)).status).toBe(200);
      const field = await t.get(`/v22.0/${mixed.pageId}?fields=ratings`, mixed.token);
      expect(field.body.error).toMatchObject({ code: 12 });
    } finally {
      t.sim.setRatingsDeprecatedFrom(null);
    }
    expect((await t.get(url('/v22.0'), mixed.token)).status).toBe(200);
  });

  it('takes its default from SIM_RATINGS_DEPRECATED and is switchable over the control API', async () => {
    const prev = process.env.SIM_RATINGS_DEPRECATED;
    process.env.SIM_RATINGS_DEPRECATED = '1';
    let s: TestSim;
    try {
      s = await startSim({ ratingsDeprecatedFrom: undefined });
    } finally {
      if (prev === undefined) delete process.env.SIM_RATINGS_DEPRECATED;
      else process.env.SIM_RATINGS_DEPRECATED = prev;
    }
    const tokens = await s.pageTokens(0);
    const [pageId, token] = [...tokens.entries()][0]!;
    expect((await s.get(`/v22.0/${pageId}/ratings`, token)).body.error).toMatchObject({ code: 12 });
    const off = await s.sim.app.inject({ method: 'PUT', url: '/__sim/switches', payload: { ratingsDeprecatedFrom: null } });
    expect(off.json()).toMatchObject({ ratingsDeprecatedFrom: null });
    expect((await s.get(`/v22.0/${pageId}/ratings`, token)).status).toBe(200);
    await s.sim.app.inject({ method: 'PUT', url: '/__sim/switches', payload: { ratingsDeprecatedFrom: 25 } });
    expect((await s.get(`/v24.0/${pageId}/ratings`, token)).status).toBe(200);
    expect((await s.get(`/v25.0/${pageId}/ratings`, token)).body.error).toMatchObject({
      code: 12,
      message: '(#12) Recommendation is deprecated for versions v25.0 and higher',
    });
    await s.sim.close();
  });
});

describe('rating values from a custom seed', () => {
  it('rounds half stars, marks missing ratings and empty texts, and splits positive/negative at 3', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meta-sim-seed-'));
    writeFileSync(
      join(dir, 'restaurants.csv'),
      'restaurant_id,name,zomato_url,cuisines,timings\nr1,Tiny Diner,https://example.test/r1,Cafe,9 to 5\n',
    );
    // India time; the loader converts to UTC (05:30 earlier).
    writeFileSync(
      join(dir, 'reviews.csv'),
      [
        'review_id,restaurant_id,restaurant_name,reviewer_name,rating,rating_raw,review_text,reviewed_at',
        'a,r1,Tiny Diner,Ann,2.5,2.5,okay,2019-01-05T10:00:00',
        'b,r1,Tiny Diner,Bob,Like,Like,liked it,2019-01-04T10:00:00',
        'c,r1,Tiny Diner,Cy,1.4,1.4,,2019-01-03T10:00:00',
        'd,r1,Tiny Diner,Dee,1,1,google only,2019-01-02T10:00:00',
        'e,r1,Tiny Diner,Di,4.6,4.6,old,2018-07-31T10:00:00',
      ].join('\n'),
    );
    // a, b, c and e are the Page's; d is in the Google half, so neither listed nor counted.
    expect(['a', 'b', 'c', 'd', 'e'].map((id) => reviewSource(id))).toEqual(['facebook', 'facebook', 'facebook', 'google', 'facebook']);
    const s = await startSim({ seedDir: dir });
    const pageId = fbPageIdFor('r1');
    const token = (await s.pageTokens(0)).get(pageId)!;
    const fields = 'created_time,has_rating,has_review,rating,recommendation_type,review_text,open_graph_story{id}';
    const r = await s.get(`/v21.0/${pageId}/ratings?fields=${fields}`, token);
    expect(r.body.data).toEqual([
      {
        created_time: '2019-01-05T04:30:00+0000',
        has_rating: true,
        has_review: true,
        rating: 3,
        recommendation_type: 'positive',
        review_text: 'okay',
        open_graph_story: { id: fbStoryIdFor(pageId, 'a') },
      },
      {
        created_time: '2019-01-04T04:30:00+0000',
        has_rating: false,
        has_review: true,
        recommendation_type: 'positive',
        review_text: 'liked it',
        open_graph_story: { id: fbStoryIdFor(pageId, 'b') },
      },
      {
        created_time: '2019-01-03T04:30:00+0000',
        has_rating: true,
        has_review: false,
        rating: 1,
        recommendation_type: 'negative',
        review_text: '',
        open_graph_story: { id: fbStoryIdFor(pageId, 'c') },
      },
      {
        created_time: '2018-07-31T04:30:00+0000',
        has_rating: true,
        has_review: true,
        rating: 5,
        recommendation_type: 'positive',
        review_text: 'old',
      },
    ]);
    const summary = await s.get(`/v21.0/${pageId}?fields=overall_star_rating,rating_count`, token);
    // (3 + 1 + 5) / 3 = 3.0; the unrated review is not counted.
    expect(summary.body).toEqual({ overall_star_rating: 3, rating_count: 3, id: pageId });
    await s.sim.close();
  });
});
