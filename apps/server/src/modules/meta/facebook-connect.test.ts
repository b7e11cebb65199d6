/**
 * Facebook connect: construct-fb-auth-url, the Login callback and get-accounts,
 * against the simulator's real Login dialog (Approve / Cancel) and token endpoints. Each refusal
 * is checked to write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { FACEBOOK_LOGIN_SCOPES, type TGetAccountsResponse } from '@dinedesk/contracts';
import { schema } from '../../db/client.ts';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';
import { recordTokenDeath } from './meta.service.ts';

let h: Harness;
let owner: string;
/** Test users of the simulator by the client whose pages they manage. */
const testUser = {} as Record<'spice' | 'deccan', string>;
let spicePages: string[];

const get = (url: string, token: string) => h.get(url, token);
const accounts = async (token: string) => {
  const res = await get('/api/review_testing/get-accounts', token);
  expect(res.statusCode).toBe(200);
  return res.json() as TGetAccountsResponse;
};
/** What a refused connect must leave as it was: connections, page tokens, their links, the audit log. */
const stored = async () => {
  const db = h.server.ctx.db;
  const [acc] = await db.select({ n: count() }).from(schema.facebookAccounts);
  const pages = await db.select({ id: schema.facebookPages.id, t: schema.facebookPages.pageAccessTokenEnc, a: schema.facebookPages.facebookAccountId }).from(schema.facebookPages).orderBy(schema.facebookPages.id);
  const [log] = await db.select({ n: count() }).from(schema.auditLog);
  return JSON.stringify({ acc: acc!.n, pages, log: log!.n });
};

beforeAll(async () => {
  h = await startHarness();
  owner = await h.login('owner@spice-route.demo');
  const db = h.server.ctx.db;
  const [spice] = await db.select({ id: schema.clients.id }).from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  spicePages = (await db.select({ id: schema.facebookPages.id }).from(schema.facebookPages).where(eq(schema.facebookPages.clientId, spice!.id))).map((p) => p.id);
  for (const u of h.sim.testUsers()) {
    const mine = await h.graph<{ data: { id: string }[] }>('me/accounts?fields=id&limit=100', u.accessToken);
    testUser[mine.data.some((p) => spicePages.includes(p.id)) ? 'spice' : 'deccan'] = u.id;
  }
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('the demo pages', () => {
  it('are connected through Facebook Login at start, one connection per client, webhooks subscribed', async () => {
    const rows = await h.server.ctx.db.select().from(schema.facebookAccounts);
    expect(rows).toHaveLength(2);
    const pages = await h.server.ctx.db.select().from(schema.facebookPages);
    expect(pages.every((p) => p.pageAccessTokenEnc && p.facebookAccountId && p.webhooksSubscribed)).toBe(true);
    // The audit log says who connected them.
    const log = await h.server.ctx.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'facebook.connected'));
    expect(log).toHaveLength(2);
    // Facebook holds the subscription (docs/requirements/platform-apis.md#webhooks).
    const subs = await h.graph<{ data: { id: string }[] }>(`${spicePages[0]}/subscribed_apps`, await h.pageAccessToken(spicePages[0]!));
    expect(subs.data.map((a) => a.id)).toContain(h.config.graph.appId);
  });

  it('store page and user tokens sealed, never in plain text', async () => {
    const [acc] = await h.server.ctx.db.select().from(schema.facebookAccounts);
    const plain = h.server.ctx.cipher.decrypt(acc!.userTokenEnc);
    expect(acc!.userTokenEnc).not.toContain(plain);
    const debug = await h.server.ctx.graph.debugToken(plain);
    expect(debug).toMatchObject({ is_valid: true, type: 'USER' });
    // Long-lived: about 60 days (docs/requirements/platform-apis.md#facebook-login-and-tokens).
    expect(acc!.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * 86_400_000);
  });
});

describe('GET /api/review_testing/construct-fb-auth-url', () => {
  it('answers the Login dialog URL with every scope, a signed state and a state cookie', async () => {
    const res = await get('/api/review_testing/construct-fb-auth-url?authType=facebook', owner);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.origin).toBe(h.simUrl);
    expect(url.pathname).toBe(`/${h.config.graph.version}/dialog/oauth`);
    expect(url.searchParams.get('client_id')).toBe(h.config.graph.appId);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:80/api/review_testing/fb-auth-callback');
    expect(url.searchParams.get('scope')!.split(',')).toEqual([...FACEBOOK_LOGIN_SCOPES]);
    expect(url.searchParams.get('scope')).toContain('pages_manage_metadata');
    expect(url.searchParams.get('auth_type')).toBeNull();
    expect(url.searchParams.get('state')!.split('.')).toHaveLength(3);
    // PKCE: the challenge of a verifier only the server can derive (the simulator checks it at the exchange).
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    const [pair, ...attributes] = String(res.headers['set-cookie']).split('; ');
    expect(pair).toMatch(/^dinedesk_fb_state=[\w-]+$/);
    expect(attributes.sort()).toEqual(['HttpOnly', 'Max-Age=600', 'Path=/api/review_testing/', 'SameSite=Lax']);
    expect(Date.parse(res.json().expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    const again = await get('/api/review_testing/construct-fb-auth-url?authType=facebook&rerequest=true', owner);
    expect(new URL(again.json().url).searchParams.get('auth_type')).toBe('rerequest');
  });

  it('takes redirect_uri from PUBLIC_URL, never from a non-loopback Host header; without PUBLIC_URL such a request is refused', async () => {
    for (const authType of ['facebook', 'google']) {
      const spoofed = await h.server.app.inject({ method: 'GET', url: `/api/review_testing/construct-fb-auth-url?authType=${authType}`, headers: { ...bearer(owner), host: 'evil.example' } });
      expect(spoofed.statusCode).toBe(503);
      expect(spoofed.json()).toMatchObject({ code: 'public_url_missing', message: expect.stringMatching(/PUBLIC_URL/) });
      expect(spoofed.headers['set-cookie']).toBeUndefined();
      const local = await h.server.app.inject({ method: 'GET', url: `/api/review_testing/construct-fb-auth-url?authType=${authType}`, headers: { ...bearer(owner), host: '127.0.0.1:3000' } });
      expect(new URL(local.json().url).searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:3000\/api\/review_testing\/(fb|google)-auth-callback$/);
    }
    const configured = h.server.ctx.config as { publicUrl: string | null };
    const before = configured.publicUrl;
    configured.publicUrl = 'https://dinedesk.example.com';
    try {
      const res = await h.server.app.inject({ method: 'GET', url: '/api/review_testing/construct-fb-auth-url?authType=facebook', headers: { ...bearer(owner), host: 'evil.example' } });
      expect(res.statusCode).toBe(200);
      expect(new URL(res.json().url).searchParams.get('redirect_uri')).toBe('https://dinedesk.example.com/api/review_testing/fb-auth-callback');
    } finally {
      configured.publicUrl = before;
    }
  });

  it('PKCE: a code exchanged without the verifier is refused by the simulator, so a stolen code connects nothing', async () => {
    const res = await get('/api/review_testing/construct-fb-auth-url?authType=facebook', owner);
    const dialog = new URL(res.json().url);
    const form = new URLSearchParams(dialog.searchParams);
    form.set('decision', 'approve');
    form.set('user_id', testUser.spice);
    for (const s of (dialog.searchParams.get('scope') ?? '').split(',')) form.set(`grant_${s}`, '1');
    const approved = await fetch(`${dialog.origin}${dialog.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
    const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
    // What someone who intercepted the redirect could do: exchange the code with the app's other values.
    const stolen = await fetch(`${h.simUrl}/${h.config.graph.version}/oauth/access_token?${new URLSearchParams({ client_id: h.config.graph.appId, client_secret: h.config.graph.appSecret, redirect_uri: dialog.searchParams.get('redirect_uri')!, code })}`);
    expect(stolen.status).toBe(400);
    expect(((await stolen.json()) as { error: { message: string } }).error.message).toMatch(/code_verifier/);
  });

  it('refuses a missing or other authType with 400 naming it', async () => {
    for (const q of ['', '?authType=instagram', '?authType=facebook%00', `?authType=${'f'.repeat(5000)}`, '?authType=facebook&rerequest=yes']) {
      const res = await get(`/api/review_testing/construct-fb-auth-url${q}`, owner);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().field, q).toMatch(/^query\.(authType|rerequest)$/);
    }
  });

  it('is for owners: managers, agents and viewers get 403', async () => {
    for (const email of ['brand.manager@spice-route.demo', 'outlet.manager@spice-route.demo', 'agent@spice-route.demo', 'viewer@spice-route.demo']) {
      const res = await get('/api/review_testing/construct-fb-auth-url?authType=facebook', await h.login(email));
      expect(res.statusCode, email).toBe(403);
    }
    expect((await h.server.app.inject({ method: 'GET', url: '/api/review_testing/construct-fb-auth-url?authType=facebook' })).statusCode).toBe(401);
  });
});

describe('the callback', () => {
  it('reconnects: a new long-lived token, the same connection, pages stored again and a sync queued', async () => {
    const [before] = await h.server.ctx.db.select().from(schema.facebookAccounts).where(eq(schema.facebookAccounts.facebookUserId, testUser.spice));
    const landing = await h.connectFacebook('owner@spice-route.demo', testUser.spice);
    expect(landing.pathname).toBe('/apps/reviews_and_reputation/facebook');
    expect(Object.fromEntries(landing.searchParams)).toEqual({ longToken: 'success', pages: String(spicePages.length) });
    const [after] = await h.server.ctx.db.select().from(schema.facebookAccounts).where(eq(schema.facebookAccounts.facebookUserId, testUser.spice));
    expect(after!.id).toBe(before!.id);
    expect(h.server.ctx.cipher.decrypt(after!.userTokenEnc)).not.toBe(h.server.ctx.cipher.decrypt(before!.userTokenEnc));
    await h.settle();
    const pages = (await get('/api/review_testing/get-fb-pages', owner)).json().data as { sync: { status: string } }[];
    expect(pages.every((p) => p.sync.status === 'ok')).toBe(true);
  });

  it('Cancel lands on longToken=failed&reason=cancelled and writes nothing', async () => {
    const before = await stored();
    const landing = await h.connectFacebook('owner@spice-route.demo', testUser.spice, { decision: 'cancel' });
    expect(Object.fromEntries(landing.searchParams)).toEqual({ longToken: 'failed', reason: 'cancelled' });
    expect(await stored()).toBe(before);
  });

  it('refuses an altered, foreign or replayed state, and a browser without the state cookie', async () => {
    const before = await stored();
    const res = await get('/api/review_testing/construct-fb-auth-url?authType=facebook', owner);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const state = new URL(res.json().url).searchParams.get('state')!;
    const cb = (q: string, c?: string) => h.server.app.inject({ method: 'GET', url: `/api/review_testing/fb-auth-callback?${q}`, headers: c ? { cookie: c } : {} });
    const reason = (r: Awaited<ReturnType<typeof cb>>) => {
      expect(r.statusCode).toBe(302);
      return new URL(String(r.headers.location), 'http://x').searchParams.get('reason');
    };
    // Tampered signature, no state, another browser (no cookie, another nonce).
    expect(reason(await cb(`code=AQ1&state=${state.slice(0, -2)}xx`, cookie))).toBe('state');
    expect(reason(await cb('code=AQ1', cookie))).toBe('state');
    expect(reason(await cb(`code=AQ1&state=${state}`))).toBe('state');
    expect(reason(await cb(`code=AQ1&state=${state}`, 'dinedesk_fb_state=someone-else'))).toBe('state');
    // A cookie whose escapes do not decode is another browser's, not a server error.
    expect(reason(await cb(`code=AQ1&state=${state}`, 'dinedesk_fb_state=%E0%A4%A'))).toBe('state');
    // An access token is not a state (its own audience).
    expect(reason(await cb(`code=AQ1&state=${owner}`, cookie))).toBe('state');
    // The right state with a code Facebook never issued.
    expect(reason(await cb(`code=AQnot-a-code&state=${state}`, cookie))).toBe('exchange');
    // Every attempt cleared the cookie.
    expect(String((await cb('state=x')).headers['set-cookie'])).toMatch(/^dinedesk_fb_state=; .*Max-Age=0/);
    expect(await stored()).toBe(before);
  });

  it('a code works once: replaying the redirect fails and changes nothing', async () => {
    const token = await h.login('owner@spice-route.demo');
    const res = await get('/api/review_testing/construct-fb-auth-url?authType=facebook', token);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const dialog = new URL(res.json().url);
    const form = new URLSearchParams(dialog.searchParams);
    form.set('decision', 'approve');
    form.set('user_id', testUser.spice);
    for (const s of FACEBOOK_LOGIN_SCOPES) form.set(`grant_${s}`, '1');
    const approved = await fetch(`${dialog.origin}${dialog.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    const first = await h.server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
    expect(String(first.headers.location)).toContain('longToken=success');
    const before = await stored();
    const replay = await h.server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
    expect(String(replay.headers.location)).toBe('/apps/reviews_and_reputation/facebook?longToken=failed&reason=exchange');
    expect(await stored()).toBe(before);
  });

  it('a session that logged out or switched away since asking cannot finish', async () => {
    const before = await stored();
    const token = await h.login('owner@spice-route.demo');
    const res = await get('/api/review_testing/construct-fb-auth-url?authType=facebook', token);
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const dialog = new URL(res.json().url);
    expect((await h.server.app.inject({ method: 'GET', url: '/api/logout', headers: bearer(token) })).statusCode).toBeLessThan(300);
    const form = new URLSearchParams(dialog.searchParams);
    form.set('decision', 'approve');
    form.set('user_id', testUser.spice);
    const approved = await fetch(`${dialog.origin}${dialog.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
    const back = new URL(approved.headers.get('location')!);
    const landing = await h.server.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
    expect(String(landing.headers.location)).toContain('reason=state');
    expect(await stored()).toBe(before);
  });

  it('never takes another client’s pages: a Facebook account managing only them lands on no_pages', async () => {
    const before = await stored();
    const landing = await h.connectFacebook('owner@spice-route.demo', testUser.deccan);
    expect(Object.fromEntries(landing.searchParams)).toEqual({ longToken: 'failed', reason: 'no_pages' });
    expect(await stored()).toBe(before);
  });

  it('a declined required permission lands on reason=permissions; Reconnect with rerequest asks again', async () => {
    const before = await stored();
    const landing = await h.connectFacebook('owner@spice-route.demo', testUser.spice, { grant: (s) => s !== 'pages_read_user_content' });
    expect(Object.fromEntries(landing.searchParams)).toEqual({ longToken: 'failed', reason: 'permissions' });
    expect(await stored()).toBe(before);
    // Without rerequest Facebook does not ask for a declined permission again.
    expect(Object.fromEntries((await h.connectFacebook('owner@spice-route.demo', testUser.spice)).searchParams)).toMatchObject({ longToken: 'failed', reason: 'permissions' });
    expect(Object.fromEntries((await h.connectFacebook('owner@spice-route.demo', testUser.spice, { rerequest: true })).searchParams)).toMatchObject({ longToken: 'success' });
  });

  it('lands on reason=graph, writing nothing, when Graph answers an unexpected shape', async () => {
    const before = await stored();
    const graph = h.server.ctx.graph;
    const original = graph.get.bind(graph);
    graph.get = (<T,>(path: string, params: Record<string, string | number | boolean | undefined>, token: string) =>
      path === 'me' ? Promise.resolve({ id: 42, name: ['x'] } as T) : original<T>(path, params, token)) as typeof graph.get;
    try {
      const landing = await h.connectFacebook('owner@spice-route.demo', testUser.spice);
      expect(Object.fromEntries(landing.searchParams)).toEqual({ longToken: 'failed', reason: 'graph' });
    } finally {
      graph.get = original;
    }
    expect(await stored()).toBe(before);
  });

  it('keeps the popup’s opener: COOP unsafe-none on the callback, same-origin-allow-popups elsewhere', async () => {
    const callback = await h.server.app.inject({ method: 'GET', url: '/api/review_testing/fb-auth-callback?state=x' });
    expect(callback.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const google = await h.server.app.inject({ method: 'GET', url: '/api/review_testing/google-auth-callback?state=x' });
    expect(google.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const other = await h.server.app.inject({ method: 'GET', url: '/api/health' });
    expect(other.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('refuses oversized callback parameters with 400 and writes nothing', async () => {
    const before = await stored();
    const res = await h.server.app.inject({ method: 'GET', url: `/api/review_testing/fb-auth-callback?code=${'A'.repeat(3000)}&state=x` });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('query.code');
    expect(await stored()).toBe(before);
  });
});

describe('GET /api/review_testing/get-accounts', () => {
  it('lists the connection with its pages, healthy, expiring in about 60 days', async () => {
    const body = await accounts(owner);
    expect(body.live).toBe(true);
    expect(body.accounts).toHaveLength(1);
    const [a] = body.accounts;
    expect(a).toMatchObject({ facebookUserId: testUser.spice, health: 'valid', reason: null, missingScopes: [], connectedByName: 'Spice Route Hospitality Owner' });
    expect(Date.parse(a!.expiresAt!) - Date.now()).toBeGreaterThan(59 * 86_400_000);
    expect(a!.pages.map((p) => p.id).sort()).toEqual([...spicePages].sort());
    expect(a!.pages.every((p) => p.health === 'valid' && p.connected && p.webhooksSubscribed && p.expiresAt === null)).toBe(true);
    expect(body.notConnected).toEqual([]);
  });

  it('shows a scoped role only its outlets’ pages, and lets a viewer read', async () => {
    const manager = await accounts(await h.login('outlet.manager@spice-route.demo'));
    expect(manager.accounts).toHaveLength(1);
    expect(manager.accounts[0]!.pages).toHaveLength(1);
    const viewer = await accounts(await h.login('viewer@spice-route.demo'));
    expect(viewer.accounts[0]!.pages).toHaveLength(spicePages.length);
    // Another client's owner sees their own connection only.
    const deccan = await accounts(await h.login('owner@deccan-table.demo'));
    expect(deccan.accounts.map((a) => a.facebookUserId)).toEqual([testUser.deccan]);
  });

  it('says expiring, with the date, in the last 7 days of the user token', async () => {
    h.clock.offsetMs = 55 * 86_400_000;
    try {
      const token = await h.login('owner@spice-route.demo');
      const [a] = (await accounts(token)).accounts;
      expect(a!.health).toBe('expiring');
      expect(a!.expiresAt).not.toBeNull();
    } finally {
      h.clock.offsetMs = 0;
    }
  });

  it('says dead with the reason when Facebook refuses the token (190/460), until a reconnect', async () => {
    h.sim.revokeTokens({ userId: testUser.spice }, 460);
    const [a] = (await accounts(owner)).accounts;
    expect(a!.health).toBe('dead');
    expect(a!.reason).toMatch(/password .* was changed \(error 190\/460\)/);
    expect(a!.pages.every((p) => p.health === 'dead')).toBe(true);
    expect(Object.fromEntries((await h.connectFacebook('owner@spice-route.demo', testUser.spice)).searchParams)).toMatchObject({ longToken: 'success' });
    const [b] = (await accounts(owner)).accounts;
    expect(b).toMatchObject({ health: 'valid', reason: null });
    expect(b!.pages.every((p) => p.health === 'valid')).toBe(true);
  });

  it('a call refused with the token a reconnect replaced does not kill the new one', async () => {
    const [before] = await h.server.ctx.db.select().from(schema.facebookPages).where(eq(schema.facebookPages.id, spicePages[0]!));
    expect(Object.fromEntries((await h.connectFacebook('owner@spice-route.demo', testUser.spice)).searchParams)).toMatchObject({ longToken: 'success' });
    // A sync that started before the reconnect meets 190 with the old token afterwards.
    await recordTokenDeath(h.server.ctx, before!, { code: 190, subcode: 460 });
    const [after] = await h.server.ctx.db.select().from(schema.facebookPages).where(eq(schema.facebookPages.id, spicePages[0]!));
    expect(after!.syncStatus).not.toBe('token_invalid');
    // The same refusal with the stored token does.
    await recordTokenDeath(h.server.ctx, after!, { code: 190, subcode: 460 });
    const [dead] = await h.server.ctx.db.select().from(schema.facebookPages).where(eq(schema.facebookPages.id, spicePages[0]!));
    expect(dead!.syncStatus).toBe('token_invalid');
    expect(Object.fromEntries((await h.connectFacebook('owner@spice-route.demo', testUser.spice)).searchParams)).toMatchObject({ longToken: 'success' });
  });

  it('shows the last known state, live: false, when Facebook cannot be reached', async () => {
    const graph = h.server.ctx.graph;
    const original = graph.debugToken.bind(graph);
    graph.debugToken = () => Promise.reject(new Error('ECONNREFUSED'));
    try {
      const body = await accounts(owner);
      expect(body.live).toBe(false);
      expect(body.accounts[0]!.health).toBe('valid');
    } finally {
      graph.debugToken = original;
    }
  });
});
