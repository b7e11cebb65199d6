import { fbPageIdFor, reviewSource } from '@dinedesk/demo-data';
import { beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, APP_TOKEN, type TestSim, relative, seedData, startSim } from './testing.ts';

let t: TestSim;
beforeAll(async () => {
  t = await startSim();
});

const TASKS = ['MANAGE', 'CREATE_CONTENT', 'MODERATE', 'MESSAGING', 'ADVERTISE', 'ANALYZE'];

describe('test users API', () => {
  it('lists the demo clients’ admins with the app token, in the Test Users API shape', async () => {
    const { clients } = seedData();
    const r = await t.get(`/v21.0/${APP_ID}/accounts/test-users`, APP_TOKEN);
    expect(r.status).toBe(200);
    const data = r.body.data as { id: string; access_token: string; login_url: string }[];
    expect(data.map((u) => u.id)).toEqual(clients.map((c) => c.facebookAdmin.id));
    expect(data.map((u) => u.access_token)).toEqual(t.sim.testUsers().map((u) => u.accessToken));
    for (const u of data) {
      expect(Object.keys(u).sort()).toEqual(['access_token', 'id', 'login_url']);
      expect(u.access_token).toMatch(/^EAA[A-Za-z0-9_-]{40,}$/);
      expect(u.login_url).toContain(u.id);
    }
    expect(t.sim.testUsers().map((u) => u.name)).toEqual(clients.map((c) => c.facebookAdmin.name));
    expect(r.body.paging).toMatchObject({ cursors: { before: expect.any(String), after: expect.any(String) } });
    expect((r.body.paging as { next?: string }).next).toBeUndefined();
  });

  it('refuses a bad app secret with 190 in the Graph envelope', async () => {
    const r = await t.get(`/v21.0/${APP_ID}/accounts/test-users`, `${APP_ID}|wrong-secret`);
    expect(r.status).toBe(400);
    expect(r.body.error).toEqual({
      message: 'Invalid OAuth access token - Cannot parse access token',
      type: 'OAuthException',
      code: 190,
      fbtrace_id: expect.stringMatching(/^[A-Za-z0-9]{10,}$/),
    });
    expect(r.headers['x-fb-trace-id']).toBe(r.body.error?.fbtrace_id);
    // No usage is reported for calls that never authenticated.
    expect(r.headers['x-app-usage']).toBeUndefined();
  });

  it('answers 104 without a token and 15 with a user token', async () => {
    const missing = await t.get(`/v21.0/${APP_ID}/accounts/test-users`);
    expect(missing.body.error).toMatchObject({ code: 104, type: 'OAuthException' });
    const user = await t.get(`/v21.0/${APP_ID}/accounts/test-users`, t.userToken(0));
    expect(user.body.error).toMatchObject({ code: 15, message: '(#15) This method must be called with an app access_token.' });
  });
});

describe('/me', () => {
  it('is the test user for a user token, with field selection', async () => {
    const u = t.sim.testUsers()[0]!;
    expect((await t.get('/v21.0/me', u.accessToken)).body).toEqual({ id: u.id, name: u.name });
    expect((await t.get('/v21.0/me?fields=id', u.accessToken)).body).toEqual({ id: u.id });
    expect((await t.get('/v21.0/me?fields=name', u.accessToken)).body).toEqual({ name: u.name, id: u.id });
  });

  it('is the Page for a page token', async () => {
    const { clients } = seedData();
    const brand = clients[0]!.brands[0]!;
    const token = (await t.pageTokens(0)).get(brand.outlets[0]!.facebookPageId)!;
    expect((await t.get('/v21.0/me', token)).body).toEqual({ id: brand.outlets[0]!.facebookPageId, name: brand.name });
  });

  it('needs a user or page token (2500 for the app token)', async () => {
    const r = await t.get('/v21.0/me', APP_TOKEN);
    expect(r.body.error).toMatchObject({ code: 2500 });
  });

  it('accepts the token from Authorization: Bearer / OAuth and from a form body', async () => {
    const u = t.sim.testUsers()[1]!;
    for (const scheme of ['Bearer', 'OAuth']) {
      const r = await t.sim.app.inject({ url: '/v21.0/me', headers: { authorization: `${scheme} ${u.accessToken}` } });
      expect(r.json()).toEqual({ id: u.id, name: u.name });
    }
    const form = await t.sim.app.inject({
      method: 'POST',
      url: '/v21.0/me/accounts',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `access_token=${encodeURIComponent(u.accessToken)}`,
    });
    // POST on a read-only edge: the token was read (no 104/190) and the method refused.
    expect(form.json().error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('serves unversioned paths on the default version and says which version answered', async () => {
    const token = t.userToken(0);
    const r = await t.sim.app.inject({ url: `/me?access_token=${token}` });
    expect(r.statusCode).toBe(200);
    expect(r.headers['facebook-api-version']).toBe('v21.0');
    const v23 = await t.sim.app.inject({ url: `/v23.0/me?access_token=${token}` });
    expect(v23.headers['facebook-api-version']).toBe('v23.0');
    // v19.0 expired 2026-05-21: its calls run on the oldest version still served (graph/versions.ts).
    const v19 = await t.sim.app.inject({ url: `/v19.0/me?access_token=${token}` });
    expect(v19.headers['facebook-api-version']).toBe('v21.0');
  });
});

describe('/me/accounts', () => {
  it('pages through every Page of the client with cursors until next is absent', async () => {
    const { clients } = seedData();
    const expected = clients[0]!.brands.flatMap((b) => b.outlets.map((o) => ({ id: o.facebookPageId, name: b.name })));
    expect(expected.length).toBeGreaterThan(3);
    const token = t.userToken(0);
    let url: string | undefined = '/v21.0/me/accounts?limit=3';
    const seen: Record<string, unknown>[] = [];
    let pages = 0;
    let first = true;
    while (url) {
      const r = await t.get(url, first ? token : undefined);
      first = false;
      expect(r.status).toBe(200);
      const data = r.body.data as Record<string, unknown>[];
      const paging = r.body.paging as { cursors: { before: string; after: string }; next?: string; previous?: string };
      expect(data.length).toBeLessThanOrEqual(3);
      if (pages > 0) expect(paging.previous).toContain('before=');
      seen.push(...data);
      pages++;
      if (paging.next) {
        const next = new URL(paging.next);
        expect(next.pathname).toBe(`/v21.0/${t.sim.testUsers()[0]!.id}/accounts`);
        expect(next.searchParams.get('limit')).toBe('3');
        expect(next.searchParams.get('after')).toBe(paging.cursors.after);
        expect(next.searchParams.get('access_token')).toBe(token);
      }
      url = paging.next ? relative(paging.next) : undefined;
    }
    expect(pages).toBe(Math.ceil(expected.length / 3));
    expect(seen.map((p) => ({ id: p.id, name: p.name }))).toEqual(expected);
    for (const p of seen) {
      expect(Object.keys(p).sort()).toEqual(['access_token', 'category', 'category_list', 'id', 'name', 'tasks']);
      expect(p).toMatchObject({ category: 'Restaurant', tasks: TASKS, category_list: [{ id: expect.any(String), name: 'Restaurant' }] });
    }
    const tokens = seen.map((p) => p.access_token as string);
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens).not.toContain(token);
  });

  it('answers only the requested fields', async () => {
    const r = await t.get('/v21.0/me/accounts?fields=name&limit=2', t.userToken(1));
    for (const p of r.body.data as object[]) expect(Object.keys(p)).toEqual(['name', 'id']);
  });

  it('issues page tokens that never expire, as debug_token reports', async () => {
    const [pageId, token] = [...(await t.pageTokens(1)).entries()][0]!;
    const r = await t.get(`/v21.0/debug_token?input_token=${token}`, APP_TOKEN);
    expect(r.body.data).toMatchObject({
      app_id: APP_ID,
      type: 'PAGE',
      is_valid: true,
      expires_at: 0,
      profile_id: pageId,
      user_id: t.sim.testUsers()[1]!.id,
      scopes: expect.arrayContaining(['pages_read_user_content', 'pages_manage_engagement', 'pages_manage_metadata']),
    });
  });
});

describe('debug_token', () => {
  it('describes a long-lived user token (~60 days)', async () => {
    const r = await t.get(`/v21.0/debug_token?input_token=${t.userToken(0)}`, APP_TOKEN);
    const d = r.body.data as { type: string; is_valid: boolean; issued_at: number; expires_at: number; scopes: string[]; user_id: string };
    expect(d).toMatchObject({ type: 'USER', is_valid: true, user_id: t.sim.testUsers()[0]!.id });
    expect(d.expires_at - d.issued_at).toBe(60 * 24 * 3600);
    expect(d.scopes).toEqual([
      'pages_show_list',
      'pages_read_engagement',
      'pages_manage_engagement',
      'pages_read_user_content',
      'pages_manage_metadata',
      'pages_messaging',
      // Page-linked Instagram messaging
      // (docs/requirements/platform-apis.md#facebook-login-and-tokens scopes,
      // docs/requirements/platform-apis.md#messenger-and-instagram-messaging permissions).
      'instagram_basic',
      'instagram_manage_messages',
      'instagram_manage_insights',
    ]);
  });

  // https://developers.facebook.com/docs/graph-api/reference/debug_token: "access_token: The app
  // access token or a user access token of an app developer/administrator".
  it('answers only the app token or a developer’s user token as access_token', async () => {
    const input = t.userToken(1);
    const [, pageToken] = [...(await t.pageTokens(0)).entries()][0]!;
    for (const caller of [t.userToken(0), pageToken]) {
      const r = await t.get(`/v21.0/debug_token?input_token=${input}`, caller);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({ code: 100, message: '(#100) You must provide an app access token, or a user access token that is an owner or developer of the app' });
    }
    const dev = await startSim({ appDevelopers: [t.sim.testUsers()[0]!.id] });
    try {
      const ok = await dev.get(`/v21.0/debug_token?input_token=${dev.userToken(1)}`, dev.userToken(0));
      expect(ok.body.data).toMatchObject({ type: 'USER', is_valid: true });
      expect((await dev.get(`/v21.0/debug_token?input_token=${dev.userToken(0)}`, dev.userToken(1))).body.error).toMatchObject({ code: 100 });
    } finally {
      await dev.sim.close();
    }
  });

  it('reports an invalid token inside data, not as a call error', async () => {
    const r = await t.get('/v21.0/debug_token?input_token=EAAnot-a-token', APP_TOKEN);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      data: { error: { code: 190, message: 'Invalid OAuth access token - Cannot parse access token' }, is_valid: false, scopes: [] },
    });
  });
});

describe('Pages', () => {
  it('answers id,name by default and the rating summary on request', async () => {
    const { data, clients } = seedData();
    const brand = clients[1]!.brands[2]!;
    const outlet = brand.outlets[0]!;
    const ratings = data.reviews
      .filter((r) => r.restaurantId === outlet.restaurantId && reviewSource(r.reviewId) === 'facebook' && r.rating !== null)
      .map((r) => Math.min(5, Math.max(1, Math.round(r.rating!))));
    const mean = Math.round((ratings.reduce((a, b) => a + b, 0) / ratings.length) * 10) / 10;
    const token = t.userToken(1);
    expect((await t.get(`/v21.0/${outlet.facebookPageId}`, token)).body).toEqual({ id: outlet.facebookPageId, name: brand.name });
    const r = await t.get(`/v21.0/${outlet.facebookPageId}?fields=overall_star_rating,rating_count,category`, token);
    expect(r.body).toEqual({ overall_star_rating: mean, rating_count: ratings.length, category: 'Restaurant', id: outlet.facebookPageId });
  });

  it('answers 100 for an unknown field and 2500 for an unknown edge', async () => {
    const pageId = seedData().clients[0]!.brands[0]!.outlets[0]!.facebookPageId;
    const field = await t.get(`/v21.0/${pageId}?fields=name,foo`, t.userToken(0));
    expect(field.status).toBe(400);
    expect(field.body.error).toMatchObject({ code: 100, type: 'OAuthException', message: '(#100) Tried accessing nonexisting field (foo) on node type (Page)' });
    const edge = await t.get(`/v21.0/${pageId}/photoz`, t.userToken(0));
    expect(edge.body.error).toMatchObject({ code: 2500, message: 'Unknown path components: /photoz' });
  });

  it('answers 100/33 GraphMethodException for an id nobody has', async () => {
    const r = await t.get(`/v21.0/${fbPageIdFor('no-such-restaurant')}`, t.userToken(0));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 100, error_subcode: 33, type: 'GraphMethodException' });
    expect(r.body.error?.message).toMatch(/^Unsupported get request\. Object with ID '\d+' does not exist, cannot be loaded due to missing permissions, or does not support this operation/);
  });

  it('hides the page token and tasks from another client’s admin', async () => {
    const pageId = seedData().clients[0]!.brands[0]!.outlets[0]!.facebookPageId;
    const r = await t.get(`/v21.0/${pageId}?fields=name,access_token,tasks`, t.userToken(1));
    expect(Object.keys(r.body).sort()).toEqual(['id', 'name']);
  });
});
