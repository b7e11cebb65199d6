import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { relative, seedData, startSim, type TestSim } from '../testing.ts';
import { DEFAULT_METRIC_MATRIX, DISH_LEXICON, FEED_MEDIA_PER_ACCOUNT, INSIGHTS_LAG_HOURS, MIN_AUDIENCE, RETENTION_DAYS, type SimMedia } from './world.ts';

/**
 * Instagram media and media insights
 * (docs/requirements/platform-apis.md#instagram-media-and-insights, docs/decisions/0035): paging
 * and fields of `/media`, live `/stories`, the per-type metric matrix, code 100 for
 * deprecated/unknown/unsupported metrics, code 10 for a tiny audience, empty `data` for the lag and
 * past the retention, stories gone after 24 h, permissions, and determinism of the seed.
 */

const HOUR = 3_600_000;
let clock = Date.UTC(2026, 5, 1, 12);
let t: TestSim;
let pageId: string;
let igId: string;
let token: string;
let otherToken: string;
let feed: SimMedia[];

beforeAll(async () => {
  t = await startSim({ now: () => new Date(clock) });
  const tokens = await t.pageTokens(0);
  [pageId, token] = [...tokens.entries()][0]!;
  otherToken = [...(await t.pageTokens(1)).values()][0]!;
  const page = await t.get(`/v21.0/${pageId}?fields=instagram_business_account`, token);
  igId = (page.body.instagram_business_account as { id: string }).id;
  feed = t.sim.instagram.world.feedOf(igId);
}, 60_000);
afterAll(() => t?.sim.close());

const FIELDS = 'id,caption,media_type,media_product_type,media_url,thumbnail_url,permalink,shortcode,timestamp,like_count,comments_count,username';
const insights = (id: string, metrics: readonly string[] | string, tok = token) => t.get(`/v21.0/${id}/insights?metric=${typeof metrics === 'string' ? metrics : metrics.join(',')}`, tok);
const feedMatrix = (m: SimMedia) => DEFAULT_METRIC_MATRIX[m.productType];
/** A feed media with an audience, past the lag and inside the retention. */
const ordinary = (pred: (m: SimMedia) => boolean) => feed.find((m) => pred(m) && m.metrics.reach! >= MIN_AUDIENCE && clock - m.timestamp.getTime() > INSIGHTS_LAG_HOURS * HOUR && clock - m.timestamp.getTime() < RETENTION_DAYS * 24 * HOUR)!;

describe('GET /{ig-user-id}/media', () => {
  it('pages the feed and reels newest first with the requested fields only, as Graph does', async () => {
    const first = await t.get(`/v21.0/${igId}/media?fields=${FIELDS}&limit=10`, token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const data = first.body.data as Record<string, unknown>[];
    expect(data).toHaveLength(10);
    const paging = first.body.paging as { next: string; cursors: { after: string } };
    expect(paging.next).toContain('after=');
    const rest: Record<string, unknown>[] = [];
    let next: string | undefined = paging.next;
    while (next) {
      const page = await t.get(relative(next));
      rest.push(...(page.body.data as Record<string, unknown>[]));
      next = (page.body.paging as { next?: string } | undefined)?.next;
    }
    const all = [...data, ...rest];
    expect(all).toHaveLength(FEED_MEDIA_PER_ACCOUNT);
    const times = all.map((m) => String(m.timestamp));
    expect(times.every((s) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/.test(s))).toBe(true);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(all.map((m) => m.media_product_type))).toEqual(new Set(['FEED', 'REELS']));
    expect(new Set(all.map((m) => m.media_type))).toEqual(new Set(['IMAGE', 'VIDEO', 'CAROUSEL_ALBUM']));
    for (const m of all) {
      expect(m.username).toBe(t.sim.instagram.world.media.get(String(m.id))!.username);
      expect(m.thumbnail_url === undefined).toBe(m.media_type !== 'VIDEO');
      expect(m.like_count).toEqual(expect.any(Number));
      expect(String(m.permalink)).toMatch(m.media_product_type === 'REELS' ? /instagram\.com\/reel\// : /instagram\.com\/p\//);
    }
    const bare = await t.get(`/v21.0/${igId}/media?limit=2`, token);
    expect(bare.body.data).toEqual([{ id: data[0]!.id }, { id: data[1]!.id }]);
  });

  it('names images the simulator serves itself (PNG, on the origin it was reached at), so thumbnails load offline', async () => {
    const res = await t.get(`/v21.0/${igId}/media?fields=id,media_type,media_url,thumbnail_url&limit=24`, token);
    const all = res.body.data as { id: string; media_type: string; media_url: string; thumbnail_url?: string }[];
    const video = all.find((m) => m.media_type === 'VIDEO')!;
    const image = all.find((m) => m.media_type === 'IMAGE')!;
    for (const url of [image.media_url, video.thumbnail_url!]) {
      const u = new URL(url);
      expect(u.pathname).toMatch(/^\/sim-cdn\/instagram\/\d+_n\.png$/);
      const file = await t.sim.app.inject({ method: 'GET', url: u.pathname, headers: { host: u.host } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      expect(file.rawPayload.readUInt32BE(16)).toBe(320);
    }
    // The same media, the same picture; another media, another one.
    const a = await t.sim.app.inject({ method: 'GET', url: new URL(image.media_url).pathname });
    const b = await t.sim.app.inject({ method: 'GET', url: new URL(video.thumbnail_url!).pathname });
    expect(a.rawPayload.equals((await t.sim.app.inject({ method: 'GET', url: new URL(image.media_url).pathname })).rawPayload)).toBe(true);
    expect(a.rawPayload.equals(b.rawPayload)).toBe(false);
    // A video file is not served (DineDesk shows its cover), nor is media the simulator lacks.
    expect(video.media_url).toMatch(/_n\.mp4$/);
    expect((await t.sim.app.inject({ method: 'GET', url: new URL(video.media_url).pathname })).statusCode).toBe(404);
    expect((await t.sim.app.inject({ method: 'GET', url: '/sim-cdn/instagram/17900000000000000_n.png' })).statusCode).toBe(404);
    expect((await t.sim.app.inject({ method: 'GET', url: '/sim-cdn/instagram/..%2Fetc_n.png' })).statusCode).toBe(404);
  });

  it('writes captions about dishes the restaurant’s real reviews mention', async () => {
    const { data, clients } = seedData();
    const restaurantId = clients[0]!.brands.flatMap((b) => b.outlets).find((o) => o.facebookPageId === pageId)!.restaurantId;
    const texts = data.reviews.filter((r) => r.restaurantId === restaurantId).map((r) => r.text.toLowerCase());
    const dishes = new Set(feed.map((m) => m.dish));
    expect(dishes.size).toBeGreaterThan(1);
    for (const dish of dishes) {
      expect(DISH_LEXICON).toContain(dish);
      expect(texts.some((x) => new RegExp(`\\b${dish.replace(/ /g, '\\s+')}\\b`).test(x)), dish).toBe(true);
    }
    for (const m of feed) expect(m.caption.toLowerCase()).toContain(m.dish);
  });

  it('refuses a token of another client’s Page (100/33) and a token without instagram_basic (10)', async () => {
    const res = await t.get(`/v21.0/${igId}/media`, otherToken);
    expect(res.body.error).toMatchObject({ code: 100, error_subcode: 33 });
    const user = t.sim.testUsers()[0]!;
    t.sim.setPermissions(user.id, { declinedScopes: ['instagram_basic'] });
    try {
      const denied = await t.get(`/v21.0/${igId}/media`, (await t.pageTokens(0)).get(pageId));
      expect(denied.body.error).toMatchObject({ code: 10 });
      expect(denied.body.error!.message).toContain('instagram_basic');
    } finally {
      t.sim.setPermissions(user.id, { declinedScopes: [] });
    }
  });
});

describe('GET /{ig-media-id}/insights', () => {
  it('answers every metric of the media product type’s matrix, in request order, with Graph’s shape', async () => {
    for (const kind of ['REELS', 'FEED'] as const) {
      const m = ordinary((x) => x.productType === kind);
      const res = await insights(m.id, feedMatrix(m));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const data = res.body.data as { name: string; period: string; values: { value: number }[]; title: string; id: string }[];
      expect(data.map((d) => d.name)).toEqual(feedMatrix(m));
      for (const d of data) {
        expect(d).toMatchObject({ period: 'lifetime', id: `${m.id}/insights/${d.name}/lifetime`, values: [{ value: m.metrics[d.name] }] });
        expect(d.title).toEqual(expect.any(String));
      }
      const byName = Object.fromEntries(data.map((d) => [d.name, d.values[0]!.value]));
      expect(byName.views).toBeGreaterThanOrEqual(byName.reach!);
      expect(byName.total_interactions).toBe(byName.likes! + byName.comments! + byName.shares! + byName.saved!);
      if (kind === 'REELS') expect(byName.ig_reels_video_view_total_time).toBe(byName.ig_reels_avg_watch_time! * byName.views!);
    }
  });

  it.each([
    ['impressions', 'deprecated', /impressions metric is no longer supported/],
    ['plays', 'deprecated', /plays metric is no longer supported/],
    ['video_views', 'deprecated', /video_views/],
    ['engagement', 'deprecated', /engagement/],
    ['taps_forward', 'deprecated', /taps_forward/],
    ['reach,bogus_metric', 'unknown', /metric\[1\] must be one of/],
  ])('answers code 100 for %s (%s)', async (metric, _why, message) => {
    const m = ordinary((x) => x.productType === 'REELS');
    const res = await insights(m.id, metric);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    expect(res.body.error!.message).toMatch(message);
  });

  it('answers code 100 for a metric outside the media product type (reels metric on a post, follows on a reel)', async () => {
    const post = ordinary((x) => x.productType === 'FEED');
    const onPost = await insights(post.id, 'reach,ig_reels_avg_watch_time');
    expect(onPost.body.error).toMatchObject({ code: 100 });
    expect(onPost.body.error!.message).toBe('(#100) The Media Insights API does not support the ig_reels_avg_watch_time metric for this media product type');
    const reel = ordinary((x) => x.productType === 'REELS');
    expect((await insights(reel.id, 'follows')).body.error).toMatchObject({ code: 100 });
    expect((await t.get(`/v21.0/${reel.id}/insights`, token)).body.error).toMatchObject({ code: 100, message: '(#100) The parameter metric is required' });
  });

  it('answers code 10 "Not enough viewers" for a media with a tiny audience', async () => {
    const tiny = feed.find((m) => m.metrics.reach! < MIN_AUDIENCE)!;
    expect(tiny).toBeDefined();
    const res = await insights(tiny.id, 'reach,views');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 10, message: '(#10) Not enough viewers for the media to show insights' });
  });

  it('answers empty data, not zeros, inside the data lag and past the 2-year retention', async () => {
    const newest = feed[0]!;
    expect(clock - newest.timestamp.getTime()).toBeLessThan(INSIGHTS_LAG_HOURS * HOUR);
    expect((await insights(newest.id, feedMatrix(newest))).body).toEqual({ data: [] });
    const oldest = feed[feed.length - 1]!;
    expect(clock - oldest.timestamp.getTime()).toBeGreaterThan(RETENTION_DAYS * 24 * HOUR);
    expect((await insights(oldest.id, 'reach')).body).toEqual({ data: [] });
    // Once the lag has passed the newest post has its numbers.
    clock += INSIGHTS_LAG_HOURS * HOUR;
    try {
      const later = await insights(newest.id, 'reach');
      expect(later.body.data).toEqual([expect.objectContaining({ name: 'reach', values: [{ value: newest.metrics.reach }] })]);
    } finally {
      clock -= INSIGHTS_LAG_HOURS * HOUR;
    }
  });

  it('refuses insights without instagram_manage_insights (10) and to another client’s Page (100/33)', async () => {
    const m = ordinary(() => true);
    expect((await insights(m.id, 'reach', otherToken)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
    const user = t.sim.testUsers()[0]!;
    t.sim.setPermissions(user.id, { declinedScopes: ['instagram_manage_insights'] });
    try {
      const res = await insights(m.id, 'reach', (await t.pageTokens(0)).get(pageId));
      expect(res.body.error).toMatchObject({ code: 10 });
      expect(res.body.error!.message).toContain('instagram_manage_insights');
    } finally {
      t.sim.setPermissions(user.id, { declinedScopes: [] });
    }
  });
});

describe('stories', () => {
  it('lists live stories apart from /media, with the story matrix, and forgets them after 24 hours', async () => {
    const res = await t.get(`/v21.0/${igId}/stories?fields=id,media_type,media_product_type,timestamp,like_count`, token);
    const stories = res.body.data as { id: string; media_product_type: string; like_count?: number }[];
    expect(stories).toHaveLength(3);
    expect(stories.every((s) => s.media_product_type === 'STORY' && s.like_count === undefined)).toBe(true);
    const readable = stories.map((s) => t.sim.instagram.world.media.get(s.id)!).find((s) => s.metrics.reach! >= MIN_AUDIENCE && clock - s.timestamp.getTime() > INSIGHTS_LAG_HOURS * HOUR)!;
    const ok = await insights(readable.id, DEFAULT_METRIC_MATRIX.STORY);
    expect((ok.body.data as { name: string }[]).map((d) => d.name)).toEqual(DEFAULT_METRIC_MATRIX.STORY);
    expect((await insights(readable.id, 'likes')).body.error).toMatchObject({ code: 100 });
    clock += 25 * HOUR;
    try {
      expect((await t.get(`/v21.0/${igId}/stories`, token)).body.data).toEqual([]);
      expect((await insights(readable.id, 'reach')).body.error).toMatchObject({ code: 100, error_subcode: 33 });
    } finally {
      clock -= 25 * HOUR;
    }
  });
});

describe('seed and configuration', () => {
  it('draws the same media and metrics on every start', async () => {
    const again = await startSim({ now: () => new Date(clock) });
    try {
      const a = feed.map((m) => [m.id, m.caption, m.metrics]);
      const b = again.sim.instagram.world.feedOf(igId).map((m) => [m.id, m.caption, m.metrics]);
      expect(b).toEqual(a);
    } finally {
      await again.sim.close();
    }
  }, 60_000);

  it('takes another metric matrix (reports conflict on shares for images)', async () => {
    const noShares = { ...DEFAULT_METRIC_MATRIX, FEED: DEFAULT_METRIC_MATRIX.FEED.filter((x) => x !== 'shares') };
    const other = await startSim({ now: () => new Date(clock), instagramMetrics: noShares });
    try {
      const tok = (await other.pageTokens(0)).get(pageId)!;
      const m = other.sim.instagram.world.feedOf(igId).find((x) => x.productType === 'FEED' && x.metrics.reach! >= MIN_AUDIENCE && clock - x.timestamp.getTime() > INSIGHTS_LAG_HOURS * HOUR)!;
      const res = await other.get(`/v21.0/${m.id}/insights?metric=reach,shares`, tok);
      expect(res.body.error).toMatchObject({ code: 100 });
      expect(res.body.error!.message).toContain('shares');
    } finally {
      await other.sim.close();
    }
  }, 60_000);
});
