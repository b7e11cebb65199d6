import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TGetLocationsForUserResponse, TGoogleLocation, TReview, TReviewKpis } from '@dinedesk/contracts';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';

/**
 * Google Business Profile end to end against the simulator: the demo clients connect
 * through the consent flow at start (server.ts → connectDemoGoogle), so every Spice Route outlet
 * has its location linked and synced before these tests run.
 */

let h: Harness;
let owner: string;
let otherOwner: string;
let locations: TGoogleLocation[];

const FEED = '/api/review_testing/get_reviews/get-reviews';
const REPLY = '/api/review_testing/google/reply';
const DELETE = '/api/review_testing/google/delete-reply';

beforeAll(async () => {
  h = await startHarness();
  owner = await h.login('owner@spice-route.demo');
  otherOwner = await h.login('owner@deccan-table.demo');
  locations = (await post('/api/review_testing/get_locations/get-locations', {}, owner)).json().data;
});
afterAll(() => h?.close());

function post(url: string, payload: unknown, token?: string, headers: Record<string, string> = {}) {
  return h.post(url, token, payload, headers);
}
const googleUser = (clientKey: string) => h.sim.google.users().find((u) => u.email === `admin@${clientKey}.example.com`)!;
async function feed(token: string, body: Record<string, unknown>): Promise<TReview[]> {
  const res = await post(FEED, body, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** A Google review of the owner's first location without a reply, with text. */
async function unrepliedGoogleReview(exclude: Set<string> = new Set()): Promise<TReview> {
  const list = await feed(owner, { source: 'google', replied: false, outletId: locations[0]!.outletId, limit: 100 });
  const r = list.find((x) => x.text.length > 20 && !exclude.has(x.id));
  expect(r).toBeDefined();
  return r!;
}

describe('Google connect at start and the linked locations', () => {
  it('links one location per outlet through the consent flow and syncs its reviews', () => {
    expect(locations).toHaveLength(8);
    for (const l of locations) {
      expect(l.id).toMatch(/^locations\/\d+$/);
      expect(l.sync.status).toBe('ok');
      expect(l.health).toBe('valid');
      expect(l.reviewCount).toBe(l.totalReviewCount);
      expect(l.reviewCount).toBeGreaterThan(0);
    }
  });

  it('lists the Google account’s locations live, each with its outlet', async () => {
    const res = await post('/get-locations-for-user', {}, owner);
    expect(res.statusCode).toBe(200);
    const body = res.json() as TGetLocationsForUserResponse;
    expect(body.connections).toHaveLength(1);
    const [c] = body.connections;
    expect(c).toMatchObject({ email: 'admin@spice-route.example.com', health: 'valid', error: null });
    expect(c!.locations).toHaveLength(8);
    expect(c!.locations.every((l) => l.linkedOutletId !== null && l.storeCode !== null)).toBe(true);
    // The other client sees only its own connection.
    const other = (await post('/get-locations-for-user', {}, otherOwner)).json() as TGetLocationsForUserResponse;
    expect(other.connections.map((x) => x.email)).toEqual(['admin@deccan-table.example.com']);
    expect(other.connections[0]!.locations.some((l) => locations.some((m) => m.id === l.name))).toBe(false);
  });

  it('refuses bad bodies with 400 naming the field, and another client’s connection with 404', async () => {
    expect((await post('/get-locations-for-user', { connectionId: 'x' }, owner)).json().field).toBe('body.connectionId');
    expect((await post('/get-locations-for-user', { extra: 1 }, owner)).statusCode).toBe(400);
    const otherConn = ((await post('/get-locations-for-user', {}, otherOwner)).json() as TGetLocationsForUserResponse).connections[0]!.id;
    expect((await post('/get-locations-for-user', { connectionId: otherConn }, owner)).statusCode).toBe(404);
    expect((await post('/api/review_testing/get_locations/get-locations', { outletId: 'nope' }, owner)).json().field).toBe('body.outletId');
  });

  it('unlinks and links a location again (owners only; managers 403), keeping one location per outlet', async () => {
    const conn = ((await post('/get-locations-for-user', {}, owner)).json() as TGetLocationsForUserResponse).connections[0]!;
    const loc = conn.locations[1]!;
    const body = { connectionId: conn.id, accountName: loc.accountName, locationName: loc.name, outletId: null };
    const manager = await h.login('brand.manager@spice-route.demo');
    expect((await post('/api/review_testing/google/link-location', body, manager)).statusCode).toBe(403);
    const unlinked = await post('/api/review_testing/google/link-location', body, owner);
    expect(unlinked.statusCode, unlinked.body).toBe(200);
    const after = unlinked.json().locations.find((l: { name: string }) => l.name === loc.name);
    expect(after).toMatchObject({ linkedOutletId: null, suggestedOutletId: loc.linkedOutletId });
    expect((await feed(owner, { source: 'google', outletId: loc.linkedOutletId })).length).toBe(0);
    // Another outlet that has a location already: 409; the right one: linked and synced again.
    const wrong = await post('/api/review_testing/google/link-location', { ...body, outletId: conn.locations[2]!.linkedOutletId }, owner);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().field).toBe('body.outletId');
    const relinked = await post('/api/review_testing/google/link-location', { ...body, outletId: loc.linkedOutletId }, owner);
    expect(relinked.statusCode, relinked.body).toBe(200);
    await h.settle();
    expect((await feed(owner, { source: 'google', outletId: loc.linkedOutletId })).length).toBeGreaterThan(0);
    // A location the Google user does not manage, and another client's outlet: 404.
    expect((await post('/api/review_testing/google/link-location', { ...body, locationName: 'locations/1', outletId: loc.linkedOutletId }, owner)).statusCode).toBe(409);
    const otherOutlet = (await post('/api/review_testing/get_locations/get-locations', {}, otherOwner)).json().data[0].outletId;
    expect((await post('/api/review_testing/google/link-location', { ...body, outletId: otherOutlet }, owner)).statusCode).toBe(404);
  });
});

describe('the one feed (get_reviews/get-reviews)', () => {
  it('holds both sources, newest first, each review once', async () => {
    const all: TReview[] = [];
    let cursor: string | null = null;
    do {
      const res = await post(FEED, { outletId: locations[0]!.outletId, limit: 50, ...(cursor ? { cursor } : {}) }, owner);
      const body = res.json() as { data: TReview[]; paging: { nextCursor: string | null } };
      all.push(...body.data);
      cursor = body.paging.nextCursor;
    } while (cursor);
    expect(new Set(all.map((r) => r.source))).toEqual(new Set(['facebook', 'google']));
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);
    const times = all.map((r) => r.createdTime);
    expect([...times].sort().reverse()).toEqual(times);
    // No dataset review appears on both sources.
    const keys = all.map((r) => `${r.reviewer.name}|${r.createdTime}|${r.text}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('filters by source, ratings, sentiment, dates, replies and brand', async () => {
    const google = await feed(owner, { source: 'google', limit: 100 });
    expect(google.length).toBeGreaterThan(0);
    expect(google.every((r) => r.source === 'google' && r.locationId !== null && r.pageId === null && r.link !== null)).toBe(true);
    const low = await feed(owner, { ratings: [1, 2], limit: 100 });
    expect(low.every((r) => r.rating === 1 || r.rating === 2)).toBe(true);
    const negative = await feed(owner, { sentiment: 'negative', limit: 100 });
    expect(negative.length).toBeGreaterThan(0);
    expect(negative.every((r) => r.sentiment === 'negative')).toBe(true);
    const day = google[0]!.createdTime.slice(0, 10);
    const sameDay = await feed(owner, { from: day, to: day, limit: 100 });
    expect(sameDay.length).toBeGreaterThan(0);
    expect(sameDay.every((r) => r.createdTime.startsWith(day))).toBe(true);
    const needs = await feed(owner, { needsReply: true, limit: 100 });
    expect(needs.every((r) => r.needsReply && r.canReply && (r.text !== '' || (r.rating ?? 5) <= 3))).toBe(true);
    const brandId = google[0]!.brandId;
    const brand = await feed(owner, { brandId, limit: 100 });
    expect(brand.every((r) => r.brandId === brandId)).toBe(true);
    // Another client's brand or outlet is a 404 naming the field.
    expect((await post(FEED, { brandId, limit: 5 }, otherOwner)).json()).toMatchObject({ field: 'body.brandId' });
    expect((await post(FEED, { outletId: google[0]!.outletId }, otherOwner)).statusCode).toBe(404);
  });

  it('answers KPIs that agree with the reviews the same filters list', async () => {
    const outletId = locations[0]!.outletId;
    const all: TReview[] = [];
    let cursor: string | null = null;
    do {
      const body = (await post(FEED, { outletId, limit: 100, ...(cursor ? { cursor } : {}) }, owner)).json() as { data: TReview[]; paging: { nextCursor: string | null } };
      all.push(...body.data);
      cursor = body.paging.nextCursor;
    } while (cursor);
    const res = await post('/api/review_testing/get_reviews/kpis', { outletId }, owner);
    expect(res.statusCode, res.body).toBe(200);
    const k = res.json() as TReviewKpis;
    const rated = all.filter((r) => r.rating !== null);
    const replyable = all.filter((r) => r.canReply);
    expect(k.reviewCount).toBe(all.length);
    expect(k.averageRating).toBeCloseTo(rated.reduce((s, r) => s + r.rating!, 0) / rated.length, 2);
    expect(k.responseRate).toBeCloseTo(replyable.filter((r) => r.replied).length / replyable.length, 3);
    expect(k.needsReplyCount).toBe(all.filter((r) => r.needsReply).length);
    expect(k.trend.points.reduce((s, p) => s + p.reviewCount, 0)).toBe(all.length);
    expect(k.outlets).toHaveLength(1);
    expect(k.outlets[0]).toMatchObject({ outletId, reviewCount: all.length });
    // Periods sized to the span (days up to 62, weeks up to 731, months beyond), in order.
    const spanDays = (Date.parse(all[0]!.createdTime) - Date.parse(all.at(-1)!.createdTime)) / 86_400_000;
    expect(k.trend.bucket).toBe(spanDays <= 62 ? 'day' : spanDays <= 731 ? 'week' : 'month');
    expect([...k.trend.points.map((p) => p.start)].sort()).toEqual(k.trend.points.map((p) => p.start));
    // A short range is daily; per-outlet counts add up to the total; a sentiment narrows it.
    const day = all[0]!.createdTime.slice(0, 10);
    expect(((await post('/api/review_testing/get_reviews/kpis', { from: day, to: day }, owner)).json() as TReviewKpis).trend.bucket).toBe('day');
    const everything = (await post('/api/review_testing/get_reviews/kpis', {}, owner)).json() as TReviewKpis;
    expect(everything.outlets.reduce((s, o) => s + o.reviewCount, 0)).toBe(everything.reviewCount);
    const negative = (await post('/api/review_testing/get_reviews/kpis', { sentiment: 'negative' }, owner)).json() as TReviewKpis;
    expect(negative.reviewCount).toBeLessThan(everything.reviewCount);
    expect(negative.averageRating!).toBeLessThan(everything.averageRating!);
    // A median response time exists once replies do (replies were written above), and is positive.
    expect(everything.medianResponseSeconds === null || everything.medianResponseSeconds > 0).toBe(true);
    expect((await post('/api/review_testing/get_reviews/kpis', { limit: 5 }, owner)).statusCode).toBe(400);
    expect((await post('/api/review_testing/get_reviews/kpis', { outletId }, otherOwner)).statusCode).toBe(404);
  });

  it('scopes an outlet manager to their outlets', async () => {
    const manager = await h.login('outlet.manager@spice-route.demo');
    const mine = await feed(manager, { limit: 100 });
    const allowed = new Set((await post('/api/review_testing/get_locations/get-locations', {}, manager)).json().data.map((l: TGoogleLocation) => l.outletId));
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => allowed.has(r.outletId))).toBe(true);
  });

  it.each([
    [{ source: 'tripadvisor' }, 'body.source'],
    [{ ratings: [9] }, 'body.ratings.0'],
    [{ ratings: 'five' }, 'body.ratings'],
    [{ from: '2024-13-01' }, 'body.from'],
    [{ from: '2024-05-02', to: '2024-05-01' }, 'body.from'],
    [{ limit: 1000 }, 'body.limit'],
    [{ q: 'x'.repeat(201) }, 'body.q'],
    [{ cursor: 'bm9wZQ' }, 'body.cursor'],
    [{ needsReply: 'yes' }, 'body.needsReply'],
    [{ outletId: 'a\u0000b' }, 'body.outletId'],
  ])('answers 400 for %j naming %s', async (body, field) => {
    const res = await post(FEED, body, owner);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });
});

describe('replies to Google reviews', () => {
  it('replies, edits and deletes through Google, and the feed follows', async () => {
    const review = await unrepliedGoogleReview();
    const comment = `Thank you for telling us about your evening at ${review.outletName}; we have shared it with the kitchen team.`;
    const res = await post(REPLY, { reviewId: review.id, comment }, owner, { 'idempotency-key': `k-${review.id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().reply).toMatchObject({ comment, authorName: expect.any(String) });
    // A full sync reads the reply back from Google: it is there.
    expect((await post('/api/review_testing/google/sync', { locationId: review.locationId }, owner)).statusCode).toBe(200);
    let [now] = (await feed(owner, { source: 'google', outletId: review.outletId, replied: true, limit: 100 })).filter((r) => r.id === review.id);
    expect(now).toMatchObject({ replied: true, needsReply: false, reply: { comment } });
    // A retry with the same key answers the first reply; the key with another body is a 422.
    const retry = await post(REPLY, { reviewId: review.id, comment }, owner, { 'idempotency-key': `k-${review.id}` });
    expect(retry.json()).toEqual(res.json());
    const reused = await post(REPLY, { reviewId: review.id, comment: `${comment} More.` }, owner, { 'idempotency-key': `k-${review.id}` });
    expect(reused.statusCode).toBe(422);
    // Edit: PUT replaces the one reply.
    const edited = `We are sorry the biryani arrived lukewarm at ${review.outletName}; the next one is on us, ask for the manager.`;
    const edit = await post(REPLY, { reviewId: review.id, comment: edited }, await h.login('agent@spice-route.demo'));
    expect(edit.statusCode, edit.body).toBe(200);
    [now] = (await feed(owner, { source: 'google', outletId: review.outletId, limit: 100, replied: true })).filter((r) => r.id === review.id);
    expect(now!.reply!.comment).toBe(edited);
    expect(now!.commentCount).toBe(1);
    // Delete: agents may not (403), managers may; the review needs a reply again.
    expect((await post(DELETE, { reviewId: review.id }, await h.login('agent@spice-route.demo'))).statusCode).toBe(403);
    const del = await post(DELETE, { reviewId: review.id }, await h.login('brand.manager@spice-route.demo'));
    expect(del.statusCode, del.body).toBe(200);
    [now] = (await feed(owner, { source: 'google', outletId: review.outletId, limit: 100, replied: false })).filter((r) => r.id === review.id);
    expect(now).toMatchObject({ replied: false, reply: null, needsReply: true });
    // Deleting again is idempotent.
    expect((await post(DELETE, { reviewId: review.id }, owner)).json()).toEqual({ deleted: true });
    // The sync agrees with what DineDesk stored: no reply on Google either.
    const sync = await post('/api/review_testing/google/sync', { locationId: review.locationId }, owner);
    expect(sync.statusCode, sync.body).toBe(200);
    [now] = (await feed(owner, { source: 'google', outletId: review.outletId, limit: 100, replied: false })).filter((r) => r.id === review.id);
    expect(now?.reply).toBeNull();
  });

  it('runs the reply check first: a repeated reply is a 422 with warnings, and only an owner may send it anyway', async () => {
    const first = await unrepliedGoogleReview();
    const comment = `Thank you for visiting ${first.outletName}, we hope to welcome you again very soon for the grilled kebabs.`;
    expect((await post(REPLY, { reviewId: first.id, comment }, owner)).statusCode).toBe(200);
    const second = await unrepliedGoogleReview(new Set([first.id]));
    const again = await post(REPLY, { reviewId: second.id, comment }, await h.login('agent@spice-route.demo'));
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'reply_check', field: 'body.comment' });
    expect(again.json().warnings.map((w: { code: string }) => w.code)).toContain('repeats_recent');
    expect((await post(REPLY, { reviewId: second.id, comment, sendAnyway: true }, await h.login('agent@spice-route.demo'))).json().code).toBe('reply_check_owner_only');
    expect((await post(REPLY, { reviewId: second.id, comment, sendAnyway: true }, owner)).statusCode).toBe(200);
  });

  it('keeps other clients and viewers out, and refuses bad input', async () => {
    const review = await unrepliedGoogleReview();
    expect((await post(REPLY, { reviewId: review.id, comment: 'Thanks for the lovely words about our team!' }, otherOwner)).statusCode).toBe(404);
    expect((await post(REPLY, { reviewId: review.id, comment: 'Thanks for the lovely words about our team!' }, await h.login('viewer@spice-route.demo'))).statusCode).toBe(403);
    expect((await post(DELETE, { reviewId: review.id }, await h.login('viewer@spice-route.demo'))).statusCode).toBe(403);
    const fb = (await feed(owner, { source: 'facebook', limit: 1 }))[0]!;
    expect((await post(REPLY, { reviewId: fb.id, comment: 'Thanks for the lovely words about our team!' }, owner)).statusCode).toBe(404);
    for (const [body, field] of [
      [{ reviewId: review.id, comment: '   ' }, 'body.comment'],
      [{ reviewId: review.id, comment: 'é'.repeat(2049) }, 'body.comment'],
      [{ reviewId: review.id, comment: 42 }, 'body.comment'],
      [{ reviewId: '99999999999999999999', comment: 'x' }, 'body.reviewId'],
      [{ reviewId: review.id, comment: 'fine', sendAnyway: 'yes' }, 'body.sendAnyway'],
    ] as const) {
      const res = await post(REPLY, body, owner);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().field).toBe(field);
    }
  });
});

describe('faults: quota and a revoked grant', () => {
  it('shows a revoked grant as dead with its reason, refuses replies with 409, and a reconnect revives it', async () => {
    const review = await unrepliedGoogleReview();
    const user = googleUser('spice-route');
    h.sim.google.world.revokeUser(user.id);
    const listed = ((await post('/get-locations-for-user', {}, owner)).json() as TGetLocationsForUserResponse).connections[0]!;
    expect(listed).toMatchObject({ health: 'dead', reason: expect.stringMatching(/Reconnect Google/), locations: [] });
    const res = await post(REPLY, { reviewId: review.id, comment: 'Thank you for the lovely words about the team at our outlet.' }, owner);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('google_grant_dead');
    const locs = (await post('/api/review_testing/get_locations/get-locations', {}, owner)).json().data as TGoogleLocation[];
    expect(locs.every((l) => l.health === 'dead' && l.sync.status === 'token_invalid')).toBe(true);
    // Reconnect through the consent page: the same connection, alive, its locations syncing again.
    const landing = await h.connectGoogle('owner@spice-route.demo', user.id);
    expect(landing.pathname).toBe('/apps/reviews_and_reputation/facebook');
    expect(landing.searchParams.get('googleToken')).toBe('success');
    await h.settle();
    const revived = (await post('/api/review_testing/get_locations/get-locations', {}, owner)).json().data as TGoogleLocation[];
    expect(revived.every((l) => l.health === 'valid' && l.sync.status === 'ok')).toBe(true);
    expect(((await post('/get-locations-for-user', {}, owner)).json() as TGetLocationsForUserResponse).connections).toHaveLength(1);
  });

  it('turns Google’s 429 into a paused sync with a reason and a 429 for a reply, writing nothing', async () => {
    const review = await unrepliedGoogleReview();
    h.sim.google.setQuotaZero(true);
    try {
      const sync = await post('/api/review_testing/google/sync', { locationId: review.locationId }, owner);
      expect(sync.statusCode).toBe(200);
      expect(sync.json().location.sync).toMatchObject({ status: 'rate_limited', message: expect.stringMatching(/quota/i) });
      const res = await post(REPLY, { reviewId: review.id, comment: 'Thank you so much for the kind words about the haleem at our place.' }, owner);
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('google_429');
      const [still] = (await feed(owner, { source: 'google', outletId: review.outletId, limit: 100, replied: false })).filter((r) => r.id === review.id);
      expect(still?.replied).toBe(false);
    } finally {
      h.sim.google.setQuotaZero(false);
      h.sim.google.resetQuotas();
    }
    const ok = await post('/api/review_testing/google/sync', { locationId: review.locationId }, owner);
    expect(ok.json().location.sync.status).toBe('ok');
  });

  it('lands on failed with a reason for Cancel, a missing scope, and a forged state', async () => {
    const user = googleUser('spice-route');
    expect((await h.connectGoogle('owner@spice-route.demo', user.id, { decision: 'cancel' })).searchParams.get('reason')).toBe('cancelled');
    expect((await h.connectGoogle('owner@spice-route.demo', user.id, { scope: 'openid email profile' })).searchParams.get('reason')).toBe('permissions');
    const forged = await h.server.app.inject({ method: 'GET', url: '/api/review_testing/google-auth-callback?code=4/abc&state=forged' });
    expect(forged.statusCode).toBe(302);
    expect(String(forged.headers.location)).toBe('/apps/reviews_and_reputation/facebook?googleToken=failed&reason=state');
    // Only owners may connect.
    const manager = await h.login('brand.manager@spice-route.demo');
    expect((await h.server.app.inject({ method: 'GET', url: '/api/review_testing/construct-fb-auth-url?authType=google', headers: bearer(manager) })).statusCode).toBe(403);
  });
});

describe('incremental sync', () => {
  it('brings a new Google review into the feed at the next sync', async () => {
    const loc = locations[3]!;
    const before = (await post('/api/review_testing/get_locations/get-locations', { outletId: loc.outletId }, owner)).json().data[0].reviewCount;
    h.sim.google.addReview(loc.id, { reviewer: 'Anjali Rao', starRating: 'TWO', comment: 'Cold dosa and a long wait, disappointing evening.' });
    await h.server.syncOnce({ force: true });
    const [after] = (await post('/api/review_testing/get_locations/get-locations', { outletId: loc.outletId }, owner)).json().data;
    expect(after.reviewCount).toBe(before + 1);
    const [found] = await feed(owner, { outletId: loc.outletId, source: 'google', limit: 1 });
    expect(found).toMatchObject({ reviewer: { name: 'Anjali Rao' }, rating: 2, sentiment: 'negative', needsReply: true, replied: false });
  });
});
