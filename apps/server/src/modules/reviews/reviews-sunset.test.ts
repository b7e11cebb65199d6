import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFbPage, TFbReview } from '@dinedesk/contracts';
import { DATA_TRACKER_API, type TDataTracker } from '@dinedesk/contracts/data-tracker';
import { OVERVIEW_API, type TOverview } from '@dinedesk/contracts/overview';
import { startHarness, type Harness } from '../../test/harness.ts';

/**
 * Both sides of Facebook's reviews sunset (docs/decisions/0047-graph-version-and-reviews-sunset.md):
 * Meta's reference of Recommendation answers error 12 on Graph API v22.0+, and v21.0 is served
 * until 2027-01-21, after which its calls run on v22.0 and say so in `facebook-api-version`.
 * The simulator judges versions by a clock these tests move across that day.
 */

const SERVED_V21 = new Date('2026-12-04T12:00:00Z');
const RETIRED_V21 = new Date('2027-01-21T00:00:00Z');

describe('Graph v21.0 served, then retired on 2027-01-21', () => {
  let h: Harness;
  let owner: string;
  let versionDay = SERVED_V21;
  const pages = async (): Promise<TFbPage[]> => (await h.get('/api/review_testing/get-fb-pages', owner)).json().data;
  const reviewsOf = async (pageId: string, q = ''): Promise<TFbReview[]> =>
    (await h.get(`/api/review_testing/get-fb-reviews?pageId=${pageId}&limit=100${q ? `&q=${encodeURIComponent(q)}` : ''}`, owner)).json().data;
  const tracker = async (): Promise<TDataTracker> => (await h.post(DATA_TRACKER_API.dataTracker, owner, {})).json();

  beforeAll(async () => {
    h = await startHarness({ listen: true, sim: { versionClock: () => versionDay } });
    owner = await h.login('owner@spice-route.demo');
  });
  afterAll(() => h?.close());

  it('before: syncs reviews, records the version Meta answered on, subscribes Pages to ratings and feed', async () => {
    const list = await pages();
    expect(list.length).toBeGreaterThan(1);
    for (const p of list) {
      expect(p.sync.status).toBe('ok');
      expect(p.reviewsEnded).toBeNull();
    }
    const fb = (await tracker()).rows.filter((r) => r.source === 'facebook' && r.account !== null);
    expect(fb.length).toBeGreaterThan(0);
    for (const r of fb) {
      expect(r.graphVersion).toBe('v21.0');
      expect(r.reviewsEnded).toBeNull();
    }
    const subs = await h.graph<{ data: { subscribed_fields: string[] }[] }>(`${list[0]!.id}/subscribed_apps`, await h.pageAccessToken(list[0]!.id));
    expect(subs.data[0]!.subscribed_fields).toEqual(expect.arrayContaining(['feed', 'ratings']));
    expect((await h.post(OVERVIEW_API.overview, owner, {})).json<TOverview>().facebookReviewsEnded).toBeNull();
  });

  it('before: a rating added, edited and removed on Facebook arrives through the ratings webhook', async () => {
    const page = (await pages())[0]!;
    const { storyId } = h.sim.addGuestRating({ pageId: page.id, name: 'Leela M', rating: 5, text: 'Best appam in town' });
    await h.flushWebhooks();
    expect((await reviewsOf(page.id)).find((r) => r.storyId === storyId)).toMatchObject({ rating: 5, text: 'Best appam in town', reviewer: { name: 'Leela M' } });
    const edit = await fetch(`${h.simUrl}/__sim/guest-rating/edit`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ storyId, rating: 2, text: 'Appam was cold this time' }) });
    expect(edit.status).toBe(200);
    await h.flushWebhooks();
    expect((await reviewsOf(page.id)).find((r) => r.storyId === storyId)).toMatchObject({ rating: 2, text: 'Appam was cold this time' });
    await fetch(`${h.simUrl}/__sim/guest-rating/remove`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ storyId }) });
    await h.flushWebhooks();
    expect((await reviewsOf(page.id)).some((r) => r.storyId === storyId)).toBe(false);
  });

  it('after: error 12 keeps the stored reviews searchable, says since when, and no sync asks for reviews again', async () => {
    const page = (await pages())[1]!;
    const stored = await reviewsOf(page.id);
    expect(stored.length).toBeGreaterThan(0);
    const word = stored[0]!.text.split(/\s+/).find((w) => w.length > 4)!;
    versionDay = RETIRED_V21;
    h.sim.clearGraphCalls();
    const res = await h.post('/api/review_testing/sync-fb-reviews', owner, { pageId: page.id });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.fetched).toBe(0);
    expect(body.page.sync.status).toBe('deprecated');
    expect(body.page.sync.message).toMatch(/no longer offers Page reviews/);
    expect(body.page.reviewsEnded).toEqual({ since: expect.any(String), graphVersion: 'v22.0' });
    expect(body.page.reviewCount).toBe(page.reviewCount);
    // Readable and searchable as before.
    expect((await reviewsOf(page.id)).length).toBe(stored.length);
    expect((await reviewsOf(page.id, word)).length).toBeGreaterThan(0);

    // Neither a second sync nor the periodic one asks Facebook for the reviews again.
    h.sim.clearGraphCalls();
    const again = (await h.post('/api/review_testing/sync-fb-reviews', owner, { pageId: page.id })).json();
    expect(again.page.sync.status).toBe('deprecated');
    expect(again.page.reviewsEnded.since).toBe(body.page.reviewsEnded.since);
    await h.server.syncOnce({ force: true });
    const asked = h.sim.graphCalls({ pageId: page.id }).calls.filter((c) => c.path.endsWith('/ratings') || c.path === page.id);
    expect(asked).toEqual([]);

    // The data tracker and the Overview say it; the row is not failing (messages still sync), and no job failed or retries.
    const row = (await tracker()).rows.find((r) => r.source === 'facebook' && r.account === page.name)!;
    expect(row).toMatchObject({ state: 'ok', error: null, graphVersion: 'v22.0', reviewsEnded: { since: body.page.reviewsEnded.since, graphVersion: 'v22.0' } });
    expect(row.job?.state === 'failed' || row.job?.state === 'retry').toBe(false);
    const overview = (await h.post(OVERVIEW_API.overview, owner, {})).json<TOverview>();
    expect(overview.facebookReviewsEnded).toMatchObject({ graphVersion: 'v22.0', pages: expect.any(Number) });
  });
});

describe('META_GRAPH_VERSION v22.0 or later', () => {
  let h: Harness;
  let owner: string;
  beforeAll(async () => {
    h = await startHarness({ env: { META_GRAPH_VERSION: 'v23.0' } });
    owner = await h.login('owner@spice-route.demo');
  });
  afterAll(() => h?.close());

  it('never asks for ratings and tells the owner that Facebook no longer offers reviews', async () => {
    const list: TFbPage[] = (await h.get('/api/review_testing/get-fb-pages', owner)).json().data;
    expect(list.length).toBeGreaterThan(0);
    for (const p of list) {
      expect(p.sync.status).toBe('deprecated');
      expect(p.reviewsEnded).toEqual({ since: expect.any(String), graphVersion: 'v23.0' });
      expect(p.reviewCount).toBe(0);
    }
    expect(h.sim.graphCalls().calls.filter((c) => c.path.endsWith('/ratings'))).toEqual([]);
  });
});
