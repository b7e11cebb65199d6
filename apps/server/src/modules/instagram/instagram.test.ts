import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_METRIC_MATRIX, INSIGHTS_LAG_HOURS, MIN_AUDIENCE, type SimMedia } from '@dinedesk/meta-sim';
import { INSTAGRAM_METRICS, METRICS_BY_PRODUCT_TYPE, type TInstagramInsightsResponse, type TMediaKind } from '@dinedesk/contracts/instagram';
import { schema } from '../../db/client.ts';
import { startHarness, tableCounts, type Harness } from '../../test/harness.ts';
import { bucketStart, refreshAccount, STALE_AFTER_MS } from './instagram.service.ts';
import { instagramPageById } from './instagram.repository.ts';
import { connectDemoPages } from '../meta/index.ts';
// eslint-disable-next-line no-restricted-imports -- prepares an inbox page the way the Facebook connect does
import { prepareInboxPage } from '../inbox/inbox-sync.service.ts';
// eslint-disable-next-line no-restricted-imports -- reads the stored page the inbox sync wrote
import { getPage } from '../inbox/inbox.repository.ts';

/**
 * Instagram media insights (docs/decisions/0035) against the simulator: the first read
 * (only the metrics valid per type are asked, so Graph refuses none), each per-item status in
 * plain words (not enough viewers, the lag, past the retention, a story that ended), values and
 * totals checked against the simulator's own numbers, sort and filters, the cache and its
 * background refresh, a metric Graph refuses anyway, who may call it, and bad input.
 */

let h: Harness;
const tokens: Record<string, string> = {};
/** A spice-route page with a linked Instagram account, on the outlet the outlet manager does not see. */
let page: { pageId: string; igUserId: string; outletId: string };
let simMedia: SimMedia[];

const HOUR = 3_600_000;
const call = (token: string | undefined, payload: object) =>
  h.post('/api/instagram-media-insights', token, payload);
const insights = async (payload: object = {}, token = tokens.owner) => {
  const res = await call(token, { pageId: page.pageId, ...payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TInstagramInsightsResponse;
};
const kindOf = (m: SimMedia): TMediaKind => (m.productType === 'FEED' ? m.mediaType : m.productType);
/** The longest period (800 days): every media of the account, the oldest past the 2-year retention. */
const WIDE = { from: new Date(Date.now() - 799 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) };

beforeAll(async () => {
  // No full sync: only what the insights need (pages connected through Facebook Login, and each
  // page's linked Instagram account as the inbox finds it), so the suite does not wait for every
  // review and conversation backfill.
  h = await startHarness({ sync: false });
  await connectDemoPages(h.server.ctx, { warn: () => undefined });
  for (const p of await h.server.ctx.db.select({ id: schema.facebookPages.id }).from(schema.facebookPages)) {
    const row = await getPage(h.server.ctx.db, p.id);
    if (row?.pageAccessTokenEnc) await prepareInboxPage(h.server.ctx, row);
  }
  for (const who of ['owner', 'brand.manager', 'outlet.manager', 'viewer']) tokens[who] = await h.login(`${who}@spice-route.demo`);
  tokens.other = await h.login('owner@deccan-table.demo');
  const [client] = await h.server.ctx.db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  const managerOutlets = (
    await h.server.ctx.db
      .select({ ref: schema.accessGrants.refId })
      .from(schema.accessGrants)
      .innerJoin(schema.users, eq(schema.users.id, schema.accessGrants.userId))
      .where(eq(schema.users.email, 'outlet.manager@spice-route.demo'))
  ).map((r) => r.ref);
  const rows = await h.server.ctx.db
    .select({ pageId: schema.facebookPages.id, igUserId: schema.facebookPages.instagramUserId, outletId: schema.facebookPages.outletId })
    .from(schema.facebookPages)
    .where(and(eq(schema.facebookPages.clientId, client!.id), isNotNull(schema.facebookPages.instagramUserId)));
  // The same account on every run and database (rows come in no set order), and one whose whole
  // feed lies inside WIDE: each account's oldest post is 2 + 36·(n−2) + up to 10 days old, and on
  // PostgreSQL an account past 799 days was once picked, its oldest post outside the period.
  const inWide = (igUserId: string) => {
    const feed = h.sim.instagram.world.feedOf(igUserId);
    return Date.now() - feed[feed.length - 1]!.timestamp.getTime() < 798 * 86_400_000;
  };
  const row = rows.sort((a, b) => a.pageId.localeCompare(b.pageId)).find((r) => !managerOutlets.includes(r.outletId) && inWide(r.igUserId!))!;
  page = { pageId: row.pageId, igUserId: row.igUserId!, outletId: row.outletId };
  simMedia = [...h.sim.instagram.world.feedOf(page.igUserId), ...h.sim.instagram.world.liveStoriesOf(page.igUserId, new Date())];
}, 400_000);
afterAll(() => h?.close());

/**
 * The Graph calls of Instagram media and insights since the last clear. The start's review syncs
 * and inbox backfill keep calling Graph meanwhile (on PostgreSQL they are still running when
 * these tests start), so the tests look at Instagram's calls and rows only.
 */
const instagramCalls = () => h.sim.graphCalls().calls.filter((c) => c.path.includes('/insights') || c.path.includes('/media') || c.path.includes(page.igUserId)).map((c) => c.path);
const instagramRows = async () => {
  const counts = await tableCounts(h);
  return { media: counts.instagram_media, reads: counts.instagram_account_reads };
};

describe('reading Instagram', () => {
  it('reads the account on first view asking only valid metrics per type, and shows every media with its numbers', async () => {
    h.sim.clearGraphCalls();
    const res = await insights(WIDE);
    // Only metrics valid for each type were asked: Graph refused none with code 100.
    const calls = h.sim.graphCalls().calls.filter((c) => c.path.endsWith('/insights'));
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.code === 100)).toEqual([]);
    expect(res.account).toMatchObject({ pageId: page.pageId, igUserId: page.igUserId });
    expect(res.fetchedAt).toEqual(expect.any(String));
    expect(res.refreshing).toBe(false);
    expect(new Set(res.items.map((i) => i.kind))).toEqual(new Set(['IMAGE', 'CAROUSEL_ALBUM', 'VIDEO', 'REELS', 'STORY']));
    expect(res.items).toHaveLength(simMedia.length);
    for (const item of res.items) {
      const m = simMedia.find((x) => x.id === item.id)!;
      expect(item.kind).toBe(kindOf(m));
      // The simulator names images it serves itself, on its own origin (offline).
      expect(item.thumbnailUrl!.startsWith(`${h.simUrl}/sim-cdn/instagram/`), item.thumbnailUrl!).toBe(true);
      if (item.status !== 'ok') continue;
      // Each value is Graph's own; metrics outside the type's matrix stay null.
      const asked = METRICS_BY_PRODUCT_TYPE[m.productType] as readonly string[];
      for (const metric of INSTAGRAM_METRICS) expect(item.metrics[metric], `${item.kind} ${metric}`).toBe(asked.includes(metric) ? m.metrics[metric] : null);
    }
    // Each thumbnail loads, from a host the app's CSP allows for images.
    const csp = String((await h.server.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy']);
    const imgSrc = /img-src ([^;]+)/.exec(csp)![1]!.split(' ');
    expect(imgSrc).toContain(new URL(h.simUrl).origin);
    for (const url of new Set(res.items.slice(0, 6).map((i) => i.thumbnailUrl!))) {
      const file = await fetch(url);
      expect(file.status, url).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/png');
    }
    const reel = res.items.find((i) => i.kind === 'REELS' && i.status === 'ok')!;
    expect(reel.metrics.ig_reels_video_view_total_time).toBeGreaterThan(0);
    expect(reel.metrics.ig_reels_avg_watch_time).toBeGreaterThan(0);
  });

  it('gives each problem as the item’s status in plain words, never failing the list', async () => {
    const res = await insights(WIDE);
    const status = (m: SimMedia | undefined) => res.items.find((i) => i.id === m?.id);
    const tiny = simMedia.find((m) => m.productType !== 'STORY' && m.metrics.reach! < MIN_AUDIENCE);
    expect(status(tiny)).toMatchObject({ status: 'not_enough_viewers', message: expect.stringMatching(/^Not enough viewers yet/) });
    const now = Date.now();
    const young = simMedia.find((m) => m.productType !== 'STORY' && now - m.timestamp.getTime() < INSIGHTS_LAG_HOURS * HOUR);
    expect(status(young)).toMatchObject({ status: 'pending', message: expect.stringContaining('48 hours') });
    expect(Object.values(status(young)!.metrics).every((v) => v === null)).toBe(true);
    const feed = h.sim.instagram.world.feedOf(page.igUserId);
    expect(status(feed[feed.length - 1])).toMatchObject({ status: 'no_data', message: expect.stringContaining('2 years') });
    expect(res.items.filter((i) => i.status === 'ok').length).toBeGreaterThan(15);
  });

  it('totals the period and trends it by month, from the items’ own numbers', async () => {
    const res = await insights(WIDE);
    expect(res.bucket).toBe('month');
    for (const metric of ['views', 'reach', 'likes', 'ig_reels_video_view_total_time'] as const) {
      const expected = simMedia.filter((m) => res.items.some((i) => i.id === m.id && i.status === 'ok') && (METRICS_BY_PRODUCT_TYPE[m.productType] as readonly string[]).includes(metric)).reduce((s, m) => s + m.metrics[metric]!, 0);
      expect(res.totals[metric], metric).toBe(expected);
      expect(res.trend.reduce((s, p) => s + (p[metric] ?? 0), 0)).toBe(expected);
    }
    expect(res.totals.posts).toBe(res.items.length);
    expect(res.trend[0]!.start).toBe(`${WIDE.from.slice(0, 7)}-01`);
    const short = await insights({ from: '2026-01-05', to: '2026-03-01' });
    expect(short.bucket).toBe('week');
    expect(short.trend.every((p) => bucketStart(new Date(`${p.start}T00:00:00Z`), 'week') === p.start)).toBe(true);
  });

  it('sorts by a metric (items without it last) and filters by type, date and metric', async () => {
    const byReach = await insights({ ...WIDE, sort: 'reach', order: 'desc' });
    const values = byReach.items.map((i) => i.metrics.reach);
    const firstNull = values.indexOf(null);
    const numbers = values.slice(0, firstNull < 0 ? undefined : firstNull) as number[];
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(values.slice(numbers.length).every((v) => v === null)).toBe(true);
    const asc = await insights({ ...WIDE, sort: 'reach', order: 'asc' });
    expect(asc.items[0]!.metrics.reach).toBe(Math.min(...numbers));

    const reels = await insights({ ...WIDE, types: ['REELS'] });
    expect(reels.items.length).toBeGreaterThan(0);
    expect(reels.items.every((i) => i.kind === 'REELS')).toBe(true);
    expect(reels.totals.posts).toBe(reels.items.length);

    const min = numbers[2]!;
    const big = await insights({ ...WIDE, metric: 'reach', min });
    expect(big.items.map((i) => i.id).sort()).toEqual(byReach.items.filter((i) => (i.metrics.reach ?? -1) >= min).map((i) => i.id).sort());

    const byDate = await insights({ from: '2026-01-01', to: '2026-06-30', sort: 'date', order: 'asc' });
    expect(byDate.items.every((i) => i.postedAt >= '2026-01-01' && i.postedAt < '2026-07-01')).toBe(true);
    expect(byDate.items.map((i) => i.postedAt)).toEqual(byDate.items.map((i) => i.postedAt).sort());
  });
});

describe('cache', () => {
  it('answers from the cache while fresh, and refreshes in the job queue once stale', async () => {
    const first = await insights(WIDE);
    h.sim.clearGraphCalls();
    const again = await insights(WIDE);
    expect(instagramCalls()).toEqual([]);
    expect(again.fetchedAt).toBe(first.fetchedAt);
    expect(again.refreshing).toBe(false);

    h.clock.offsetMs = STALE_AFTER_MS + 60_000;
    try {
      const stale = await insights(WIDE);
      expect(stale.refreshing).toBe(true);
      expect(stale.fetchedAt).toBe(first.fetchedAt);
      await h.server.ctx.jobs.whenIdle(['instagram.refresh-account'], 120_000);
      const fresh = await insights(WIDE);
      expect(fresh.refreshing).toBe(false);
      expect(Date.parse(fresh.fetchedAt!)).toBeGreaterThan(Date.parse(first.fetchedAt!));
      expect(h.sim.graphCalls().calls.some((c) => c.path.endsWith('/media'))).toBe(true);
    } finally {
      h.clock.offsetMs = 0;
    }
  });

  it('keeps a story’s last numbers once it has ended', async () => {
    const story = (await insights(WIDE)).items.find((i) => i.kind === 'STORY' && i.status === 'ok')!;
    h.clock.offsetMs = 0;
    // The story is no longer listed: the simulator's stories end 24 h after posting.
    const world = h.sim.instagram.world;
    const stories = world.liveStoriesOf.bind(world);
    world.liveStoriesOf = () => [];
    try {
      await refreshAccount(h.server.ctx, (await instagramPageById(h.server.ctx.db, page.pageId))!);
    } finally {
      world.liveStoriesOf = stories;
    }
    const after = (await insights(WIDE)).items.find((i) => i.id === story.id)!;
    expect(after).toMatchObject({ status: 'expired', metrics: story.metrics, message: expect.stringContaining('story has ended') });
  });

  it('drops a metric Graph refuses anyway for that item, and says so', async () => {
    const world = h.sim.instagram.world;
    const matrix = world.matrix;
    world.matrix = { ...DEFAULT_METRIC_MATRIX, FEED: DEFAULT_METRIC_MATRIX.FEED.filter((m) => m !== 'shares') };
    try {
      await refreshAccount(h.server.ctx, (await instagramPageById(h.server.ctx.db, page.pageId))!);
    } finally {
      world.matrix = matrix;
    }
    const res = await insights(WIDE);
    const image = res.items.find((i) => i.kind === 'IMAGE' && i.status === 'ok')!;
    expect(image.unavailableMetrics).toEqual(['shares']);
    expect(image.metrics.shares).toBeNull();
    expect(image.metrics.reach).toEqual(expect.any(Number));
    expect(res.items.find((i) => i.kind === 'REELS' && i.status === 'ok')!.unavailableMetrics).toEqual([]);
  });
});

describe('who may read it', () => {
  it('lets every role of the module read the outlets it sees, and hides the others', async () => {
    expect((await insights({}, tokens.viewer)).items.length).toBeGreaterThan(0);
    const accounts = async (token: string) => ((await call(token, {})).json() as TInstagramInsightsResponse).accounts;
    const all = await accounts(tokens.owner!);
    const brand = await accounts(tokens['brand.manager']!);
    expect(brand.length).toBeGreaterThan(0);
    expect(brand.length).toBeLessThan(all.length);
    const manager = await call(tokens['outlet.manager'], { pageId: page.pageId });
    expect(manager.statusCode).toBe(404);
    expect(manager.json()).toMatchObject({ field: 'body.pageId' });
    const own = (await call(tokens['outlet.manager'], {})).json() as TInstagramInsightsResponse;
    expect(own.accounts.map((a) => a.pageId)).not.toContain(page.pageId);
    const other = await call(tokens.other, { pageId: page.pageId });
    expect(other.statusCode).toBe(404);
    expect((await call(undefined, { pageId: page.pageId })).statusCode).toBe(401);
  });

  it('shows nothing to a role without the digital marketing module', async () => {
    const [viewer] = await h.server.ctx.db.select().from(schema.users).where(eq(schema.users.email, 'viewer@spice-route.demo'));
    const grants = await h.server.ctx.db.select().from(schema.accessGrants).where(and(eq(schema.accessGrants.userId, viewer!.id), eq(schema.accessGrants.kind, 'module'), eq(schema.accessGrants.refId, 'digital_marketing')));
    await h.server.ctx.db.delete(schema.accessGrants).where(and(eq(schema.accessGrants.userId, viewer!.id), eq(schema.accessGrants.kind, 'module'), eq(schema.accessGrants.refId, 'digital_marketing')));
    try {
      const res = await call(await h.login('viewer@spice-route.demo'), { pageId: page.pageId });
      expect(res.statusCode).toBe(403);
    } finally {
      if (grants.length) await h.server.ctx.db.insert(schema.accessGrants).values(grants);
    }
  });
});

describe('bad input', () => {
  it.each([
    ['a page id that is not digits', { pageId: 'abc' }, 'body.pageId'],
    ['a page id of the wrong type', { pageId: 12345 }, 'body.pageId'],
    ['a huge page id', { pageId: '9'.repeat(5000) }, 'body.pageId'],
    ['an impossible date', { from: '2026-02-30' }, 'body.from'],
    ['a date with control characters', { to: '2026-01-01\u0000' }, 'body'],
    ['a reversed period', { from: '2026-03-01', to: '2026-02-01' }, 'body.from'],
    ['a period over 800 days', { from: '2020-01-01', to: '2026-01-01' }, 'body.from'],
    ['an unknown type', { types: ['TWEET'] }, 'body.types'],
    ['too many types', { types: ['IMAGE', 'IMAGE', 'IMAGE', 'IMAGE', 'IMAGE', 'IMAGE'] }, 'body.types'],
    ['a deprecated metric to sort by', { sort: 'impressions' }, 'body.sort'],
    ['a negative minimum', { metric: 'reach', min: -1 }, 'body.min'],
    ['a huge minimum', { metric: 'reach', min: 1e20 }, 'body.min'],
    ['a minimum as text', { metric: 'reach', min: '5' }, 'body.min'],
    ['an unknown field', { limit: 5 }, 'body'],
  ])('refuses %s with 400 naming the field, reading nothing', async (_label, body, field) => {
    const before = await instagramRows();
    h.sim.clearGraphCalls();
    const res = await call(tokens.owner, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field ?? '').toContain(field);
    expect(instagramCalls()).toEqual([]);
    expect(await instagramRows()).toEqual(before);
  });
});
