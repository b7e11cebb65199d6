import { and, count, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SEED_DIR, loadSeedDir, placeIdFor } from '@dinedesk/demo-data';
import type { TCompetitorAnalysis, TCompetitorSearchResponse } from '@dinedesk/contracts/competitors';
import { schema } from '../../db/client.ts';
import { startHarness, tableCounts, type Harness } from '../../test/harness.ts';
import { refreshPlace } from './competitors.service.ts';
import { themesOf } from './competitors.themes.ts';

/**
 * Competitor analysis (docs/decisions/0030): Places search, add (at most 5, unknown
 * and own places refused), the refresh job (daily snapshot, review history), the analysis (grid,
 * monthly trends, themes), remove, who may do what, bad input and isolation between clients.
 */

let h: Harness;
const tokens: Record<string, string> = {};
/** An outlet of spice-route the brand manager sees and the outlet manager does not. */
let outlet: { id: string; key: string; name: string };
/** Hyderabad restaurants with reviews in the seed, other than the outlet's own. */
let rivals: string[];
const souffle = placeIdFor('global', '6317637');
let clientId: string;

beforeAll(async () => {
  h = await startHarness({ listen: true });
  for (const who of ['owner', 'brand.manager', 'outlet.manager', 'agent', 'viewer']) tokens[who] = await h.login(`${who}@spice-route.demo`);
  tokens.other = await h.login('owner@deccan-table.demo');
  const [client] = await h.server.ctx.db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  const [first] = await h.server.ctx.db.select().from(schema.outlets).where(eq(schema.outlets.clientId, client!.id)).orderBy(schema.outlets.key).limit(1);
  outlet = { id: first!.id, key: first!.key, name: first!.name };
  clientId = client!.id;
  const data = loadSeedDir(DEFAULT_SEED_DIR);
  const reviewed = [...new Set(data.reviews.map((r) => r.restaurantId))].sort();
  rivals = reviewed.filter((id) => id !== outlet.key).map((id) => placeIdFor('hyd', id));
});
afterAll(() => h?.close());

const post = (url: string, token: string | undefined, payload: object) => h.post(url, token, payload);
const list = async (token = tokens.owner) => {
  const res = await post('/api/competitors/list', token, { outletId: outlet.id });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TCompetitorAnalysis;
};
const competitorRows = async () => (await h.server.ctx.db.select({ n: count() }).from(schema.outletCompetitors).where(eq(schema.outletCompetitors.outletId, outlet.id)))[0]!.n;

describe('search', () => {
  it('finds restaurants by name, city and cuisine through Places, leaving out the outlet itself', async () => {
    const res = await post('/api/competitors/search', tokens.owner, { outletId: outlet.id, query: 'Souffle', city: 'Makati', cuisine: 'French' });
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as TCompetitorSearchResponse).data;
    expect(data[0]).toMatchObject({ placeId: souffle, name: 'Le Petit Souffle', rating: 4.8, userRatingCount: 314, priceLevel: 'PRICE_LEVEL_EXPENSIVE', chosen: false });
    const own = await post('/api/competitors/search', tokens.owner, { outletId: outlet.id, query: outlet.name.split(',')[0]!, city: 'Hyderabad' });
    expect((own.json() as TCompetitorSearchResponse).data.map((p) => p.placeId)).not.toContain(placeIdFor('hyd', outlet.key));
  });

  it('biases the search to the outlet: a Hyderabad outlet searching "biryani" gets Hyderabad restaurants first', async () => {
    const res = await post('/api/competitors/search', tokens.owner, { outletId: outlet.id, query: 'biryani' });
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as TCompetitorSearchResponse).data;
    const local = data.filter((p) => p.address.includes('Hyderabad'));
    expect(local.length).toBeGreaterThan(3);
    expect(data.slice(0, local.length)).toEqual(local);
    // An outlet without a position searches without a bias: the more-reviewed Delhi places lead.
    const [other] = await h.server.ctx.db.select().from(schema.outlets).where(and(eq(schema.outlets.clientId, clientId), ne(schema.outlets.id, outlet.id))).limit(1);
    await h.server.ctx.db.update(schema.outlets).set({ latitude: null, longitude: null }).where(eq(schema.outlets.id, other!.id));
    const plain = (await post('/api/competitors/search', tokens.owner, { outletId: other!.id, query: 'biryani' })).json() as TCompetitorSearchResponse;
    expect(plain.data[0]!.address).not.toContain('Hyderabad');
  });

  it.each([
    ['a 1-letter query', { query: 'a' }, 'body.query'],
    ['a missing outlet', { outletId: undefined, query: 'biryani' }, 'body.outletId'],
    ['a 61-character city', { query: 'biryani', city: 'x'.repeat(61) }, 'body.city'],
    ['control characters', { query: 'bir\u0007yani' }, 'body.query'],
    ['an unknown field', { query: 'biryani', radius: 5 }, 'body'],
  ])('refuses %s with 400 naming the field', async (_label, body, field) => {
    const res = await post('/api/competitors/search', tokens.owner, { outletId: outlet.id, ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field ?? '').toContain(field);
  });
});

describe('add, refresh, analysis, remove', () => {
  it('adds a Hyderabad competitor: grid at once, then history, trends and themes after the refresh job', async () => {
    const before = await list();
    expect(before.competitors).toEqual([]);
    expect(before.grid).toHaveLength(1);
    expect(before.grid[0]).toMatchObject({ key: 'outlet', isOutlet: true, name: outlet.name });
    expect(before.grid[0]!.reviewCount).toBeGreaterThan(0);

    const res = await post('/api/competitors/add', tokens.owner, { outletId: outlet.id, placeId: rivals[0] });
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json() as TCompetitorAnalysis;
    expect(added.competitors).toHaveLength(1);
    expect(added.competitors[0]).toMatchObject({ placeId: rivals[0], history: 'pending' });
    expect(added.grid.map((g) => g.key)).toEqual(['outlet', rivals[0]]);
    expect(added.grid[1]!.rating).toEqual(expect.any(Number));

    await h.settle();
    const after = await list();
    expect(after.competitors[0]).toMatchObject({ history: 'available', refreshedAt: expect.any(String) });
    const trend = after.trends.find((t) => t.key === rivals[0])!;
    expect(trend.months.reduce((s, m) => s + m.reviews, 0)).toBe(after.grid[1]!.reviewCount);
    expect(after.trends.find((t) => t.isOutlet)!.months).toHaveLength(trend.months.length);
    const themes = after.themes.find((t) => t.key === rivals[0])!;
    expect(themes.themes.map((t) => t.theme)).toEqual(['food', 'service', 'ambience', 'price', 'delivery']);
    expect(themes.themes.find((t) => t.theme === 'food')!.mentions).toBeGreaterThan(0);
    // Audit: who chose it.
    const [audit] = await h.server.ctx.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'competitor.added'));
    expect(audit).toMatchObject({ target: `outlet:${outlet.id}`, details: { placeId: rivals[0] } });
  });

  it('keeps one snapshot per place and day, and stores the history once, however often it refreshes', async () => {
    await refreshPlace(h.server.ctx, rivals[0]!);
    await refreshPlace(h.server.ctx, rivals[0]!);
    const snaps = await h.server.ctx.db.select().from(schema.competitorSnapshots).where(eq(schema.competitorSnapshots.placeId, rivals[0]!));
    expect(snaps).toHaveLength(1);
    expect(snaps[0]!.day).toBe(new Date().toISOString().slice(0, 10));
    const [reviews] = await h.server.ctx.db.select({ n: count() }).from(schema.competitorReviews).where(eq(schema.competitorReviews.placeId, rivals[0]!));
    expect(reviews!.n).toBe((await list()).grid[1]!.reviewCount);
  });

  it('adds a global restaurant: rated from Zomato, and no invented history', async () => {
    const res = await post('/api/competitors/add', tokens['brand.manager'], { outletId: outlet.id, placeId: souffle });
    expect(res.statusCode, res.body).toBe(200);
    await h.settle();
    const a = await list(tokens.viewer);
    expect(a.competitors.find((c) => c.placeId === souffle)).toMatchObject({ rating: 4.8, userRatingCount: 314, history: 'none' });
    expect(a.trends.map((t) => t.key)).not.toContain(souffle);
    expect(a.themes.map((t) => t.key)).not.toContain(souffle);
  });

  it('adding a competitor the outlet has changes nothing', async () => {
    const n = await competitorRows();
    const res = await post('/api/competitors/add', tokens.owner, { outletId: outlet.id, placeId: souffle });
    expect(res.statusCode).toBe(200);
    expect(await competitorRows()).toBe(n);
  });

  it('refuses a sixth competitor (409), the outlet itself (400) and an unknown place (404), writing nothing', async () => {
    for (const placeId of rivals.slice(1, 4)) expect((await post('/api/competitors/add', tokens.owner, { outletId: outlet.id, placeId })).statusCode).toBe(200);
    expect(await competitorRows()).toBe(5);
    await h.settle();
    const before = await tableCounts(h);
    const sixth = await post('/api/competitors/add', tokens.owner, { outletId: outlet.id, placeId: rivals[4] });
    expect(sixth.statusCode, sixth.body).toBe(409);
    expect(sixth.json()).toMatchObject({ field: 'body.placeId', code: 'competitors_max' });
    const own = await post('/api/competitors/add', tokens.owner, { outletId: outlet.id, placeId: placeIdFor('hyd', outlet.key) });
    expect(own.statusCode).toBe(400);
    expect(own.json().field).toBe('body.placeId');
    const unknown = await post('/api/competitors/add', tokens.owner, { outletId: outlet.id, placeId: 'ChIJunknownunknownunknown' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().field).toBe('body.placeId');
    await h.settle();
    expect(await tableCounts(h)).toEqual(before);
  });

  it('removes a competitor (and removing it again changes nothing)', async () => {
    const res = await post('/api/competitors/remove', tokens.owner, { outletId: outlet.id, placeId: rivals[3] });
    expect(res.statusCode).toBe(200);
    expect((res.json() as TCompetitorAnalysis).competitors.map((c) => c.placeId)).not.toContain(rivals[3]);
    expect(await competitorRows()).toBe(4);
    expect((await post('/api/competitors/remove', tokens.owner, { outletId: outlet.id, placeId: rivals[3] })).statusCode).toBe(200);
    expect(await competitorRows()).toBe(4);
  });

  it.each([
    ['a malformed place id', { placeId: 'no spaces allowed' }, 'body.placeId'],
    ['an outlet id that is not one', { outletId: 'x' }, 'body.outletId'],
    ['an unknown field', { placeId: souffle, note: 'x' }, 'body'],
  ])('add with %s → 400 naming the field, nothing written', async (_label, body, field) => {
    const before = await tableCounts(h);
    const res = await post('/api/competitors/add', tokens.owner, { outletId: outlet.id, ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field ?? '').toContain(field);
    expect(await tableCounts(h)).toEqual(before);
  });
});

describe('who may do what', () => {
  it('every role of the module reads the outlets it sees; outlet managers, agents and viewers do not choose', async () => {
    for (const who of ['brand.manager', 'agent', 'viewer']) expect((await post('/api/competitors/list', tokens[who], { outletId: outlet.id })).statusCode, who).toBe(200);
    expect((await post('/api/competitors/list', tokens['outlet.manager'], { outletId: outlet.id })).statusCode).toBe(404);
    const before = await tableCounts(h);
    for (const who of ['outlet.manager', 'agent', 'viewer']) {
      expect((await post('/api/competitors/add', tokens[who], { outletId: outlet.id, placeId: rivals[5] })).statusCode, who).toBe(403);
      expect((await post('/api/competitors/remove', tokens[who], { outletId: outlet.id, placeId: souffle })).statusCode, who).toBe(403);
      expect((await post('/api/competitors/search', tokens[who], { outletId: outlet.id, query: 'biryani' })).statusCode, who).toBe(403);
    }
    expect((await post('/api/competitors/list', undefined, { outletId: outlet.id })).statusCode).toBe(401);
    expect(await tableCounts(h)).toEqual(before);
  });

  it('another client’s owner gets 404 for this outlet on every call, and nothing is written', async () => {
    const before = await tableCounts(h);
    for (const [url, body] of [
      ['/api/competitors/list', {}],
      ['/api/competitors/search', { query: 'biryani' }],
      ['/api/competitors/add', { placeId: rivals[5] }],
      ['/api/competitors/remove', { placeId: souffle }],
    ] as const) {
      const res = await post(url, tokens.other, { outletId: outlet.id, ...body });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().field).toBe('body.outletId');
    }
    expect(await tableCounts(h)).toEqual(before);
    const [row] = await h.server.ctx.db.select({ n: count() }).from(schema.outletCompetitors).where(and(eq(schema.outletCompetitors.outletId, outlet.id), eq(schema.outletCompetitors.placeId, rivals[5]!)));
    expect(row!.n).toBe(0);
  });
});

describe('themes', () => {
  it('scores sentences by theme with VADER and counts the phrases', () => {
    const themes = themesOf(['The food was delicious and the biryani was amazing. Very slow service, rude staff!', 'Slow service again. Great ambience.', 'Worth the money']);
    const by = Object.fromEntries(themes.map((t) => [t.theme, t]));
    expect(by.food).toMatchObject({ mentions: 1, positive: 1 });
    expect(by.service!.mentions).toBe(2);
    expect(by.service!.negative).toBeGreaterThanOrEqual(1);
    expect(by.service!.topPhrases[0]).toEqual({ phrase: 'slow service', count: 2 });
    expect(by.ambience).toMatchObject({ mentions: 1, positive: 1 });
    expect(by.delivery).toMatchObject({ mentions: 0, score: null, topPhrases: [] });
  });
});
