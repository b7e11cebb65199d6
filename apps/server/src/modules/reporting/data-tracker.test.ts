import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DATA_SOURCES, DATA_TRACKER_API, ZDataTracker, ZDataTrackerSyncResponse, type TDataTrackerRow } from '@dinedesk/contracts/data-tracker';
import { schema } from '../../db/client.ts';
import { syncTickJob } from '../../jobs.ts';
import { startHarness, tableCounts, type Harness } from '../../test/harness.ts';

/**
 * Reporting → Data tracker (docs/decisions/0041) through the API: four rows per outlet
 * the caller sees, each read from what the syncs recorded, the tokens, the last 7 days' new rows
 * and the job queue; "sync now" queues the sync tick's own jobs; a token Facebook killed shows
 * as a failing row in plain words and refuses another sync; access and bad input.
 */

let h: Harness;
const tokens = {} as Record<'owner' | 'brandManager' | 'outletManager' | 'agent' | 'viewer' | 'otherOwner', string>;
let clientId: string;
let otherOutletId: string;
/** An outlet of Spice Route with a connected Page and an Instagram account. */
let outlet: { id: string; pageId: string; name: string };
/** A Spice Route outlet the outlet manager sees. */
let managedOutletId: string;

const api = (url: string, token: string, payload?: unknown) => h.post(url, token, payload);
async function tracker(token: string, payload: unknown = {}) {
  const res = await api(DATA_TRACKER_API.dataTracker, token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return ZDataTracker.parse(res.json());
}
const rowOf = (rows: TDataTrackerRow[], outletId: string, source: TDataTrackerRow['source']) => rows.find((r) => r.outletId === outletId && r.source === source)!;

beforeAll(async () => {
  h = await startHarness({ listen: true });
  tokens.owner = await h.login('owner@spice-route.demo');
  tokens.brandManager = await h.login('brand.manager@spice-route.demo');
  tokens.outletManager = await h.login('outlet.manager@spice-route.demo');
  tokens.agent = await h.login('agent@spice-route.demo');
  tokens.viewer = await h.login('viewer@spice-route.demo');
  tokens.otherOwner = await h.login('owner@deccan-table.demo');
  const db = h.server.ctx.db;
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  clientId = client!.id;
  const [other] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'deccan-table'));
  otherOutletId = (await db.select().from(schema.outlets).where(eq(schema.outlets.clientId, other!.id)))[0]!.id;
  const [page] = await db
    .select({ id: schema.facebookPages.id, outletId: schema.facebookPages.outletId, name: schema.outlets.name })
    .from(schema.facebookPages)
    .innerJoin(schema.outlets, eq(schema.outlets.id, schema.facebookPages.outletId))
    .where(and(eq(schema.facebookPages.clientId, clientId), isNotNull(schema.facebookPages.instagramUserId), isNotNull(schema.facebookPages.pageAccessTokenEnc)));
  outlet = { id: page!.outletId, pageId: page!.id, name: page!.name };
  const managerView = await tracker(tokens.outletManager);
  managedOutletId = managerView.rows[0]!.outletId;
}, 180_000);
afterAll(() => h?.close());

describe('POST /api/reporting/data-tracker', () => {
  it('has four rows per outlet the owner sees, in source order, over the last 7 UTC days', async () => {
    const t = await tracker(tokens.owner);
    const outlets = await h.server.ctx.db.select().from(schema.outlets).where(eq(schema.outlets.clientId, clientId));
    expect(t.rows).toHaveLength(outlets.length * DATA_SOURCES.length);
    expect(t.rows.slice(0, 4).map((r) => r.source)).toEqual([...DATA_SOURCES]);
    expect(t.days).toHaveLength(7);
    expect(t.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    expect(new Set(t.rows.map((r) => r.outletId))).toEqual(new Set(outlets.map((o) => o.id)));
  });

  it('shows a synced Page as ok with its last sync, a valid token and the next sync tick', async () => {
    expect(rowOf((await tracker(tokens.owner)).rows, outlet.id, 'facebook').nextSyncAt).toBeNull();
    // The periodic tick (off in tests: REVIEW_SYNC_INTERVAL_SECONDS=0), queued an hour ahead.
    await h.server.ctx.jobs.send(syncTickJob, { clientId: null, reschedule: false }, { singletonKey: 'periodic', startAfterSeconds: 3600 });
    const fb = rowOf((await tracker(tokens.owner)).rows, outlet.id, 'facebook');
    expect(fb).toMatchObject({ state: 'ok', error: null, token: { health: 'valid' }, schedule: 'periodic', canSync: true });
    expect(fb.account).toBeTruthy();
    expect(Date.parse(fb.lastSuccessAt!)).toBeGreaterThan(Date.now() - 10 * 60_000);
    expect(Date.parse(fb.nextSyncAt!) - Date.now()).toBeGreaterThan(3500_000);
  });

  it('counts today’s new rating and guest message on the Facebook row', async () => {
    const before = rowOf((await tracker(tokens.owner)).rows, outlet.id, 'facebook').counts.at(-1)!;
    h.sim.addGuestRating({ pageId: outlet.pageId, name: 'Tracker Guest', rating: 4, text: 'Lovely haleem, quick service.' });
    h.sim.guestMessage({ pageId: outlet.pageId, channel: 'messenger', text: 'Are you open on Sunday?' });
    await h.flushWebhooks();
    await h.settle();
    const after = rowOf((await tracker(tokens.owner)).rows, outlet.id, 'facebook').counts.at(-1)!;
    expect(after).toBe(before + 2);
  });

  it('shows orders by import: never, then ok with the rows ingested today, then the rejection in words', async () => {
    const db = h.server.ctx.db;
    expect(rowOf((await tracker(tokens.owner)).rows, outlet.id, 'orders')).toMatchObject({ state: 'never', account: null, canSync: false, schedule: 'import', token: { health: 'none' } });
    const base = { clientId, outletId: outlet.id, bytes: 100, shape: 'generic' as const, currency: 'INR' };
    const now = new Date();
    await db.insert(schema.orderImports).values({ ...base, fileName: 'march.csv', status: 'imported', ordersImported: 12, createdAt: new Date(now.getTime() - 60_000), finishedAt: now });
    const ok = rowOf((await tracker(tokens.owner)).rows, outlet.id, 'orders');
    expect(ok).toMatchObject({ state: 'ok', account: 'march.csv', error: null, lastSuccessAt: now.toISOString() });
    expect(ok.counts.at(-1)).toBe(12);
    await db.insert(schema.orderImports).values({ ...base, fileName: 'april.csv', status: 'rejected', problemCount: 3, createdAt: new Date(now.getTime() + 1000), finishedAt: new Date(now.getTime() + 2000) });
    const rejected = rowOf((await tracker(tokens.owner)).rows, outlet.id, 'orders');
    expect(rejected).toMatchObject({ state: 'failing', account: 'april.csv', lastSuccessAt: now.toISOString() });
    expect(rejected.error).toMatch(/april\.csv was rejected: 3 problems/);
  });

  it('reads a Google location’s failure and a dead Google grant (no sync offered)', async () => {
    const db = h.server.ctx.db;
    const [loc] = await db.select().from(schema.googleLocations).where(eq(schema.googleLocations.outletId, outlet.id));
    expect(loc?.connectionId).toBeTruthy();
    const [conn] = await db.select().from(schema.googleConnections).where(eq(schema.googleConnections.id, loc!.connectionId!));
    try {
      await db.update(schema.googleLocations).set({ syncStatus: 'failed', syncMessage: 'Google did not answer (503). DineDesk tries again.' }).where(eq(schema.googleLocations.id, loc!.id));
      const failing = rowOf((await tracker(tokens.owner)).rows, outlet.id, 'google');
      expect(failing).toMatchObject({ state: 'failing', account: loc!.title, error: 'Google did not answer (503). DineDesk tries again.', token: { health: 'valid' }, canSync: true });
      await db.update(schema.googleConnections).set({ status: 'dead', statusMessage: 'Google no longer accepts the connection: reconnect Google.' }).where(eq(schema.googleConnections.id, conn!.id));
      const dead = rowOf((await tracker(tokens.owner)).rows, outlet.id, 'google');
      expect(dead).toMatchObject({ state: 'failing', token: { health: 'dead' }, nextSyncAt: null, canSync: false });
      const res = await api(DATA_TRACKER_API.sync, tokens.owner, { outletId: outlet.id, source: 'google' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ field: 'body.source', code: 'token_dead' });
    } finally {
      await db.update(schema.googleLocations).set({ syncStatus: loc!.syncStatus, syncMessage: loc!.syncMessage }).where(eq(schema.googleLocations.id, loc!.id));
      await db.update(schema.googleConnections).set({ status: conn!.status, statusMessage: conn!.statusMessage }).where(eq(schema.googleConnections.id, conn!.id));
    }
  });

  it('shows a location whose Google connection was removed as not connected, and refuses its sync (409 naming source)', async () => {
    const db = h.server.ctx.db;
    const [loc] = await db.select().from(schema.googleLocations).where(eq(schema.googleLocations.outletId, outlet.id));
    try {
      await db.update(schema.googleLocations).set({ connectionId: null }).where(eq(schema.googleLocations.id, loc!.id));
      const row = rowOf((await tracker(tokens.owner)).rows, outlet.id, 'google');
      expect(row).toMatchObject({ state: 'not_connected', account: loc!.title, canSync: false, token: { health: 'none' }, nextSyncAt: null });
      const res = await api(DATA_TRACKER_API.sync, tokens.owner, { outletId: outlet.id, source: 'google' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ field: 'body.source', code: 'not_connected' });
    } finally {
      await db.update(schema.googleLocations).set({ connectionId: loc!.connectionId }).where(eq(schema.googleLocations.id, loc!.id));
    }
  });
});

describe('POST /api/reporting/data-tracker/sync', () => {
  it('queues the Instagram read, which the row then shows as ok with the job', async () => {
    const res = await api(DATA_TRACKER_API.sync, tokens.owner, { outletId: outlet.id, source: 'instagram' });
    expect(res.statusCode, res.body).toBe(200);
    const body = ZDataTrackerSyncResponse.parse(res.json());
    expect(body.queued).toBe(true);
    expect(body.row.job).toMatchObject({ name: 'instagram.refresh-account' });
    await h.settle();
    const ig = rowOf((await tracker(tokens.owner)).rows, outlet.id, 'instagram');
    expect(ig).toMatchObject({ state: 'ok', error: null, schedule: 'on_view', job: { name: 'instagram.refresh-account', state: 'completed' } });
    expect(ig.account).toMatch(/^@/);
    expect(Date.parse(ig.nextSyncAt!) - Date.parse(ig.lastSuccessAt!)).toBe(60 * 60_000);
  });

  it('after Facebook kills the Page token: the sync fails, the row says why in plain words, and no other sync is offered', async () => {
    h.sim.revokeTokens({ pageId: outlet.pageId }, 460);
    const res = await api(DATA_TRACKER_API.sync, tokens.owner, { outletId: outlet.id, source: 'facebook' });
    expect(res.statusCode, res.body).toBe(200);
    expect(ZDataTrackerSyncResponse.parse(res.json()).row.job?.name).toMatch(/^(reviews|inbox)\.sync-page$/);
    await h.settle();
    const rows = (await tracker(tokens.owner)).rows;
    const fb = rowOf(rows, outlet.id, 'facebook');
    expect(fb).toMatchObject({ state: 'failing', token: { health: 'dead' }, nextSyncAt: null, canSync: false });
    expect(fb.error).toMatch(/password/i);
    // Instagram reads with the same Page token.
    expect(rowOf(rows, outlet.id, 'instagram')).toMatchObject({ token: { health: 'dead' }, canSync: false });
    const again = await api(DATA_TRACKER_API.sync, tokens.owner, { outletId: outlet.id, source: 'facebook' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'body.source', code: 'token_dead' });
    expect(again.json().message).toMatch(/password/i);
  });
});

describe('Sync now is not queued twice (presses while a sync waits or runs)', () => {
  /** A connected Facebook page of Spice Route other than `outlet`'s (whose token a test kills), with its Google location. */
  async function otherPage(skip: string[] = []) {
    const db = h.server.ctx.db;
    const pages = await db
      .select({ id: schema.facebookPages.id, outletId: schema.facebookPages.outletId })
      .from(schema.facebookPages)
      .where(and(eq(schema.facebookPages.clientId, clientId), isNotNull(schema.facebookPages.pageAccessTokenEnc)));
    return pages.find((p) => p.id !== outlet.pageId && !skip.includes(p.id))!;
  }
  const jobsOf = async (name: string, key: string, since: Date) => {
    const { rows } = await h.server.ctx.database.executeSql(`SELECT id, state FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND created_on >= $3`, [name, key, since.toISOString()]);
    return rows as { id: string; state: string }[];
  };
  const waitFor = async (check: () => Promise<boolean>, what: string) => {
    for (let i = 0; i < 200; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  };
  /** Syncs of `pageId` started (each reads the page's ratings once, through `paginate`). */
  const ratingReads = (spy: { mock: { calls: unknown[][] } }, pageId: string) => spy.mock.calls.filter(([path]) => path === `${pageId}/ratings`).length;

  it('50 presses while the page’s sync runs queue one sync: each answer shows that job', async () => {
    const page = await otherPage();
    await h.settle();
    const since = new Date(Date.now() - 1000);
    // The sync's Graph reads answer slowly, so it is still running while the presses arrive.
    h.sim.setFaults([{ path: 'ratings', kind: 'slow', delayMs: 1_500, times: 1 }]);
    try {
      const first = await api(DATA_TRACKER_API.sync, tokens.owner, { outletId: page.outletId, source: 'facebook' });
      expect(ZDataTrackerSyncResponse.parse(first.json()).queued).toBe(true);
      await waitFor(async () => (await jobsOf('reviews.sync-page', page.id, since)).some((j) => j.state === 'active'), 'the sync to run');
      const presses = await Promise.all(Array.from({ length: 49 }, () => api(DATA_TRACKER_API.sync, tokens.owner, { outletId: page.outletId, source: 'facebook' })));
      const jobs = await jobsOf('reviews.sync-page', page.id, since);
      expect(jobs).toHaveLength(1);
      for (const res of presses) {
        const body = ZDataTrackerSyncResponse.parse(res.json());
        expect(body.queued).toBe(false);
        expect(body.row.job?.name).toMatch(/^(reviews|inbox)\.sync-page$/);
      }
    } finally {
      h.sim.clearFaults();
    }
    await h.settle();
    expect(await jobsOf('reviews.sync-page', page.id, since)).toHaveLength(1);
    expect(await jobsOf('inbox.sync-page', page.id, since)).toHaveLength(1);
  });

  it('50 presses of the Reviews screen’s sync of one page make one sync’s Graph calls', async () => {
    const page = await otherPage();
    await h.settle();
    const spy = vi.spyOn(h.server.ctx.graph, 'paginate');
    try {
      const presses = await Promise.all(Array.from({ length: 50 }, () => api('/api/review_testing/sync-fb-reviews', tokens.owner, { pageId: page.id })));
      for (const res of presses) expect(res.statusCode, res.body).toBe(200);
      expect(ratingReads(spy, page.id)).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('a press while the page’s sync job runs starts no second sync', async () => {
    const page = await otherPage();
    await h.settle();
    const since = new Date(Date.now() - 1000);
    h.sim.setFaults([{ path: 'ratings', kind: 'slow', delayMs: 1_500, times: 1 }]);
    const spy = vi.spyOn(h.server.ctx.graph, 'paginate');
    try {
      await api(DATA_TRACKER_API.sync, tokens.owner, { outletId: page.outletId, source: 'facebook' });
      await waitFor(async () => (await jobsOf('reviews.sync-page', page.id, since)).some((j) => j.state === 'active'), 'the sync to run');
      const res = await api('/api/review_testing/sync-fb-reviews', tokens.owner, { pageId: page.id });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ fetched: 0, alreadyRunning: true });
      await h.settle();
      expect(ratingReads(spy, page.id)).toBe(1);
    } finally {
      h.sim.clearFaults();
      spy.mockRestore();
    }
  });

  it('50 presses of one Google location’s sync make one sync’s Google calls', async () => {
    await h.settle();
    const [loc] = await h.server.ctx.db.select({ id: schema.googleLocations.id }).from(schema.googleLocations).where(eq(schema.googleLocations.clientId, clientId)).limit(1);
    const spy = vi.spyOn(h.server.ctx.google, 'call');
    try {
      const presses = await Promise.all(Array.from({ length: 50 }, () => api('/api/review_testing/google/sync', tokens.owner, { locationId: loc!.id })));
      for (const res of presses) expect(res.statusCode, res.body).toBe(200);
      // One sync reads the location's first page of reviews once (no pageToken).
      const firstPages = spy.mock.calls.filter(([, api, path, , opts]) => api === 'mybusiness' && String(path).endsWith(`${loc!.id}/reviews`) && !(opts as { query?: { pageToken?: string } } | undefined)?.query?.pageToken);
      expect(firstPages).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });
});

describe('access and bad input', () => {
  it('an outlet manager sees only their outlet; another client’s outlet is a 404 naming outletId', async () => {
    const t = await tracker(tokens.outletManager);
    expect(new Set(t.rows.map((r) => r.outletId)).size).toBe(1);
    expect(t.rows.every((r) => r.outletId === managedOutletId)).toBe(true);
    for (const [token, id] of [[tokens.outletManager, outlet.id === managedOutletId ? otherOutletId : outlet.id], [tokens.otherOwner, outlet.id]] as const) {
      const res = await api(DATA_TRACKER_API.dataTracker, token, { outletId: id });
      expect(res.statusCode).toBe(404);
      expect(res.json().field).toBe('body.outletId');
    }
    const other = await api(DATA_TRACKER_API.sync, tokens.otherOwner, { outletId: outlet.id, source: 'instagram' });
    expect(other.statusCode).toBe(404);
  });

  it('brand managers may sync their brands’ rows; agents and viewers read the tracker without a sync (403, nothing queued)', async () => {
    expect((await tracker(tokens.brandManager)).rows.some((r) => r.canSync)).toBe(true);
    for (const token of [tokens.agent, tokens.viewer]) {
      const rows = (await tracker(token)).rows;
      expect(rows.some((r) => r.canSync)).toBe(false);
      const counts = await tableCounts(h);
      const res = await api(DATA_TRACKER_API.sync, token, { outletId: managedOutletId, source: 'facebook' });
      expect(res.statusCode).toBe(403);
      expect(await tableCounts(h)).toEqual(counts);
    }
  });

  it.each([
    ['not an id', { outletId: 'x' }, 'outletId'],
    ['a number', { outletId: 42 }, 'outletId'],
    ['a control character', { outletId: '\u0000' }, 'outletId'],
    ['100,000 characters', { outletId: 'a'.repeat(100_000) }, 'outletId'],
    ['an unknown field', { extra: 1 }, ''],
  ])('the tracker refuses %s with a 400 naming the field', async (_what, payload, field) => {
    const res = await api(DATA_TRACKER_API.dataTracker, tokens.owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().field ?? '').toContain(field);
  });

  it.each([
    [{ source: 'facebook' }, 'outletId'],
    [{ outletId: '00000000-0000-4000-8000-000000000000', source: 'orders' }, 'source'],
    [{ outletId: '00000000-0000-4000-8000-000000000000', source: 'face\u0007book' }, 'source'],
    [{ outletId: '00000000-0000-4000-8000-000000000000', source: ['facebook'] }, 'source'],
  ])('the sync refuses %j with a 400 naming the field, queuing nothing', async (payload, field) => {
    const res = await api(DATA_TRACKER_API.sync, tokens.owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toContain(field);
  });
});
