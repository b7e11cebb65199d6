import { createHash, createPublicKey, createVerify, type JsonWebKey } from 'node:crypto';
/**
 * The Google Business Profile simulator
 * (docs/requirements/platform-apis.md#google-business-profile): OAuth with business.manage,
 * accounts, v1 locations with a required readMask, v4 reviews with starRating, orderBy and page
 * tokens, updateReply/deleteReply, the error envelope, and quotas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewSource } from '@dinedesk/demo-data';
import { seedData, startSim, type TestSim } from '../testing.ts';
import { BUSINESS_MANAGE_SCOPE, GOOGLE_EDITS_PER_MINUTE, GOOGLE_REQUESTS_PER_MINUTE } from './world.ts';

let t: TestSim;
const CLIENT_ID = '581406273964-dinedesk.apps.googleusercontent.com';
const SECRET = 'test-google-secret';
const REDIRECT = 'https://dinedesk.test/api/google/callback';

interface Reply {
  status: number;
  body: Record<string, unknown> & { error?: { code: number; message: string; status: string } };
  headers: Record<string, unknown>;
}
async function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, opts: { token?: string; form?: Record<string, string>; json?: unknown } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let payload: string | undefined;
  if (opts.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(opts.form).toString();
  } else if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(opts.json);
  }
  const res = await t.sim.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  let body: Reply['body'];
  try {
    body = JSON.parse(res.body) as Reply['body'];
  } catch {
    body = { text: res.body };
  }
  return { status: res.statusCode, body, headers: res.headers };
}

/** Runs the consent page as a person would: Allow (or Cancel) as `userId`; returns the redirect. */
async function consent(userId: string, opts: { decision?: string; scope?: string; offline?: boolean; redirect?: string; pkce?: Record<string, string> } = {}): Promise<URL> {
  const form = {
    ...opts.pkce,
    client_id: CLIENT_ID,
    redirect_uri: opts.redirect ?? REDIRECT,
    response_type: 'code',
    scope: opts.scope ?? BUSINESS_MANAGE_SCOPE,
    state: 'st-1',
    ...(opts.offline === false ? {} : { access_type: 'offline' }),
    decision: opts.decision ?? 'approve',
    user_id: userId,
  };
  const res = await t.sim.app.inject({ method: 'POST', url: '/google/o/oauth2/v2/auth', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(form).toString() });
  expect(res.statusCode).toBe(302);
  return new URL(String(res.headers.location));
}

async function tokensFor(userId: string, scope?: string): Promise<{ access_token: string; refresh_token?: string }> {
  const back = await consent(userId, scope ? { scope } : {});
  const res = await call('POST', '/google/oauth2/token', { form: { grant_type: 'authorization_code', code: back.searchParams.get('code')!, client_id: CLIENT_ID, client_secret: SECRET, redirect_uri: REDIRECT } });
  expect(res.status).toBe(200);
  return res.body as unknown as { access_token: string; refresh_token?: string };
}

let owner: { id: string; accountName: string; email: string; name: string };
let token: string;
const accountId = () => owner.accountName.split('/')[1]!;

beforeAll(async () => {
  t = await startSim({ googleClientSecret: SECRET });
  owner = t.sim.google.users()[0]!;
  token = (await tokensFor(owner.id)).access_token;
});
afterAll(async () => {
  await t.sim.close();
});

describe('Google OAuth (business.manage)', () => {
  it('shows a consent page with the users and the scope, and escapes what it echoes', async () => {
    const res = await t.sim.app.inject({ method: 'GET', url: `/google/o/oauth2/v2/auth?${new URLSearchParams({ client_id: CLIENT_ID, redirect_uri: REDIRECT, response_type: 'code', scope: BUSINESS_MANAGE_SCOPE, state: '"><script>x</script>' })}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(BUSINESS_MANAGE_SCOPE);
    expect(res.body).toContain('Allow');
    expect(res.body).not.toContain('<script>x</script>');
    const bad = await t.sim.app.inject({ method: 'GET', url: `/google/o/oauth2/v2/auth?client_id=other&redirect_uri=${encodeURIComponent(REDIRECT)}&scope=x` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('invalid_client');
  });

  it('Allow redirects with code, scope and state; Cancel with error=access_denied', async () => {
    const ok = await consent(owner.id);
    expect(ok.searchParams.get('code')).toMatch(/^4\/0Ab/);
    expect(ok.searchParams.get('state')).toBe('st-1');
    expect(ok.searchParams.get('scope')).toBe(BUSINESS_MANAGE_SCOPE);
    const cancel = await consent(owner.id, { decision: 'cancel' });
    expect(Object.fromEntries(cancel.searchParams)).toEqual({ state: 'st-1', error: 'access_denied' });
  });

  it('exchanges a code once, for an hour-long access token and a refresh token that renews it', async () => {
    const back = await consent(owner.id);
    const form = { grant_type: 'authorization_code', code: back.searchParams.get('code')!, client_id: CLIENT_ID, client_secret: SECRET, redirect_uri: REDIRECT };
    const first = await call('POST', '/google/oauth2/token', { form });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ expires_in: 3599, token_type: 'Bearer', scope: BUSINESS_MANAGE_SCOPE });
    expect(first.body.refresh_token).toEqual(expect.any(String));
    expect((await call('POST', '/google/oauth2/token', { form })).body).toEqual({ error: 'invalid_grant', error_description: 'Bad Request' });
    const renewed = await call('POST', '/google/oauth2/token', { form: { grant_type: 'refresh_token', refresh_token: String(first.body.refresh_token), client_id: CLIENT_ID, client_secret: SECRET } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.access_token).not.toBe(first.body.access_token);
    expect(renewed.body.refresh_token).toBeUndefined();
  });

  // Client authentication by HTTP Basic or in the body, one of the two (RFC 6749 §2.3.1; Google:
  // https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code).
  it('takes the client credentials by HTTP Basic as well as in the body, not both', async () => {
    const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;
    const exchange = async (authorization: string | null, form: Record<string, string>) => {
      const code = (await consent(owner.id)).searchParams.get('code')!;
      const res = await t.sim.app.inject({
        method: 'POST',
        url: '/google/oauth2/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...(authorization ? { authorization } : {}) },
        payload: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, ...form }).toString(),
      });
      return { status: res.statusCode, body: res.json() as Record<string, unknown> };
    };
    const ok = await exchange(basic(CLIENT_ID, SECRET), {});
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ access_token: expect.any(String), token_type: 'Bearer' });
    // client_id may be repeated in the body when it is the same.
    expect((await exchange(basic(CLIENT_ID, SECRET), { client_id: CLIENT_ID })).status).toBe(200);
    expect(await exchange(basic(CLIENT_ID, 'wrong'), {})).toEqual({ status: 401, body: { error: 'invalid_client', error_description: 'Unauthorized' } });
    expect((await exchange(basic('someone-else', SECRET), { client_id: CLIENT_ID })).status).toBe(401);
    expect((await exchange('Basic !!!not-base64', {})).status).toBe(401);
    const both = await exchange(basic(CLIENT_ID, SECRET), { client_id: CLIENT_ID, client_secret: SECRET });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ error: 'invalid_request' });
  });

  // OpenID Connect: https://developers.google.com/identity/openid-connect/openid-connect#exchangecode
  // (id_token in the token answer) and #validatinganidtoken (RS256, keys at the jwks_uri).
  it('answers an id_token signed with the keys of its JWKS when openid is asked, with the claims Google sets', async () => {
    const scope = `openid email profile ${BUSINESS_MANAGE_SCOPE}`;
    const code = (await consent(owner.id, { scope, pkce: { nonce: 'n-0S6_WzA2Mj' } })).searchParams.get('code')!;
    const res = await call('POST', '/google/oauth2/token', { form: { grant_type: 'authorization_code', code, client_id: CLIENT_ID, client_secret: SECRET, redirect_uri: REDIRECT } });
    expect(res.status).toBe(200);
    const idToken = String(res.body.id_token);
    const [h, p, s] = idToken.split('.') as [string, string, string];
    const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg: string; kid: string };
    expect(header.alg).toBe('RS256');
    const jwks = (await call('GET', '/google/oauth2/v3/certs')).body as unknown as { keys: (JsonWebKey & { kid: string })[] };
    const jwk = jwks.keys.find((k) => k.kid === header.kid)!;
    expect(createVerify('RSA-SHA256').update(`${h}.${p}`).verify(createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(s, 'base64url'))).toBe(true);
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const atHash = createHash('sha256').update(String(res.body.access_token)).digest().subarray(0, 16).toString('base64url');
    expect(claims).toMatchObject({ iss: 'https://accounts.google.com', aud: CLIENT_ID, azp: CLIENT_ID, sub: owner.id, email: owner.email, email_verified: true, name: owner.name, nonce: 'n-0S6_WzA2Mj', at_hash: atHash });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);
    // Without openid, no id_token; without email, no email claim.
    expect((await tokensFor(owner.id)) as Record<string, unknown>).not.toHaveProperty('id_token');
    const bare = (await tokensFor(owner.id, `openid ${BUSINESS_MANAGE_SCOPE}`)) as Record<string, unknown>;
    const bareClaims = JSON.parse(Buffer.from(String(bare.id_token).split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(bareClaims.sub).toBe(owner.id);
    expect(bareClaims).not.toHaveProperty('email');
    expect(bareClaims).not.toHaveProperty('nonce');
  });

  it('checks PKCE: a code issued with a code_challenge needs its code_verifier (invalid_grant otherwise)', async () => {
    const verifier = 'v'.repeat(20) + createHash('sha1').update('google-pkce').digest('hex').slice(0, 30);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const exchange = (code: string, extra: Record<string, string>) =>
      call('POST', '/google/oauth2/token', { form: { grant_type: 'authorization_code', code, client_id: CLIENT_ID, client_secret: SECRET, redirect_uri: REDIRECT, ...extra } });
    const codeWithPkce = async () => (await consent(owner.id, { pkce: { code_challenge: challenge, code_challenge_method: 'S256' } })).searchParams.get('code')!;
    const missing = await exchange(await codeWithPkce(), {});
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/Missing code_verifier/) });
    expect((await exchange(await codeWithPkce(), { code_verifier: 'w'.repeat(50) })).body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(/does not match/) });
    expect((await exchange(await codeWithPkce(), { code_verifier: verifier })).status).toBe(200);
    // A verifier for a code issued without a challenge is refused too.
    const plainCode = (await consent(owner.id)).searchParams.get('code')!;
    expect((await exchange(plainCode, { code_verifier: verifier })).body).toMatchObject({ error: 'invalid_grant' });
    // A bad challenge is refused on the consent page.
    const bad = await t.sim.app.inject({ url: `/google/o/oauth2/v2/auth?${new URLSearchParams({ client_id: CLIENT_ID, redirect_uri: REDIRECT, response_type: 'code', scope: BUSINESS_MANAGE_SCOPE, code_challenge: challenge, code_challenge_method: 'S512' })}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('code_challenge_method must be S256 or plain');
  });

  it('refuses a wrong secret (401 invalid_client), another redirect_uri, and an unknown grant', async () => {
    const back = await consent(owner.id);
    const code = back.searchParams.get('code')!;
    expect((await call('POST', '/google/oauth2/token', { form: { grant_type: 'authorization_code', code, client_id: CLIENT_ID, client_secret: 'nope', redirect_uri: REDIRECT } })).status).toBe(401);
    expect((await call('POST', '/google/oauth2/token', { form: { grant_type: 'authorization_code', code, client_id: CLIENT_ID, client_secret: SECRET, redirect_uri: `${REDIRECT}x` } })).body.error).toBe('redirect_uri_mismatch');
    expect((await call('POST', '/google/oauth2/token', { form: { grant_type: 'password', client_id: CLIENT_ID, client_secret: SECRET } })).body.error).toBe('unsupported_grant_type');
    expect((await call('POST', '/google/oauth2/token', { form: { grant_type: 'refresh_token', refresh_token: 'x', client_id: CLIENT_ID, client_secret: SECRET } })).body).toEqual({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
  });

  it('answers userinfo with the claims of the scopes granted (openid; email, profile)', async () => {
    const full = await tokensFor(owner.id, 'openid email profile https://www.googleapis.com/auth/business.manage');
    expect((await call('GET', '/google/openidconnect/v1/userinfo', { token: full.access_token })).body).toEqual({ sub: owner.id, email: owner.email, email_verified: true, name: owner.name });
    const bare = await tokensFor(owner.id, 'openid');
    expect((await call('GET', '/google/openidconnect/v1/userinfo', { token: bare.access_token })).body).toEqual({ sub: owner.id });
    const noOpenid = await tokensFor(owner.id, 'https://www.googleapis.com/auth/business.manage');
    const refused = await call('GET', '/google/openidconnect/v1/userinfo', { token: noOpenid.access_token });
    expect(refused.status).toBe(403);
    expect((await call('GET', '/google/openidconnect/v1/userinfo')).status).toBe(401);
  });

  it('answers 401 UNAUTHENTICATED without a token and 403 PERMISSION_DENIED without business.manage', async () => {
    const none = await call('GET', '/google/mybusinessaccountmanagement/v1/accounts');
    expect(none.status).toBe(401);
    expect(none.body.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
    const narrow = await tokensFor(owner.id, 'openid email');
    const res = await call('GET', '/google/mybusinessaccountmanagement/v1/accounts', { token: narrow.access_token });
    expect(res.body.error).toEqual({ code: 403, message: 'Request had insufficient authentication scopes.', status: 'PERMISSION_DENIED' });
  });
});

describe('accounts and locations', () => {
  it('lists the caller’s own business account only', async () => {
    const res = await call('GET', '/google/mybusinessaccountmanagement/v1/accounts', { token });
    expect(res.status).toBe(200);
    expect(res.body.accounts).toEqual([expect.objectContaining({ name: owner.accountName, type: 'LOCATION_GROUP', verificationState: 'VERIFIED' })]);
    expect(res.body.nextPageToken).toBeUndefined();
  });

  it('needs readMask (400 INVALID_ARGUMENT naming read_mask) and answers only the masked fields', async () => {
    const base = `/google/mybusinessbusinessinformation/v1/accounts/${accountId()}/locations`;
    const missing = await call('GET', base, { token });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' });
    expect(JSON.stringify(missing.body.error)).toContain('read_mask');
    expect((await call('GET', `${base}?readMask=name,secretSauce`, { token })).status).toBe(400);
    const res = await call('GET', `${base}?readMask=name,title,storeCode`, { token });
    const locations = res.body.locations as Record<string, unknown>[];
    expect(Object.keys(locations[0]!).sort()).toEqual(['name', 'storeCode', 'title']);
    expect(String(locations[0]!.name)).toMatch(/^locations\/\d+$/);
  });

  it('pages locations with pageSize and pageToken, nextPageToken absent at the end, tokens bound to their query', async () => {
    const base = `/google/mybusinessbusinessinformation/v1/accounts/${accountId()}/locations?readMask=name,title&orderBy=title`;
    const names: string[] = [];
    let pageToken: string | undefined;
    let pages = 0;
    do {
      const res = await call('GET', `${base}&pageSize=3${pageToken ? `&pageToken=${pageToken}` : ''}`, { token });
      expect(res.status).toBe(200);
      names.push(...(res.body.locations as { name: string }[]).map((l) => l.name));
      pageToken = res.body.nextPageToken as string | undefined;
      pages++;
    } while (pageToken && pages < 20);
    const { clients } = seedData();
    const outlets = clients[0]!.brands.flatMap((b) => b.outlets);
    expect(names).toHaveLength(outlets.length);
    expect(new Set(names).size).toBe(names.length);
    const first = await call('GET', `${base}&pageSize=3`, { token });
    const other = await call('GET', `/google/mybusinessbusinessinformation/v1/accounts/${accountId()}/locations?readMask=name&pageSize=3&pageToken=${String(first.body.nextPageToken)}`, { token });
    expect(other.status).toBe(400);
    expect((await call('GET', `${base}&pageSize=101`, { token })).status).toBe(400);
    expect((await call('GET', `${base}&pageSize=-1`, { token })).status).toBe(400);
  });

  it('refuses another client’s account (403) and an unknown one (404)', async () => {
    const other = t.sim.google.users()[1]!;
    const res = await call('GET', `/google/mybusinessbusinessinformation/v1/accounts/${other.accountName.split('/')[1]}/locations?readMask=name`, { token });
    expect(res.body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    expect((await call('GET', '/google/mybusinessbusinessinformation/v1/accounts/1/locations?readMask=name', { token })).body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
  });
});

describe('reviews (v4)', () => {
  let path: string;
  let locationName: string;
  beforeAll(async () => {
    const res = await call('GET', `/google/mybusinessbusinessinformation/v1/accounts/${accountId()}/locations?readMask=name,title&pageSize=100`, { token });
    const locs = res.body.locations as { name: string }[];
    // The location with the most Google reviews, so paging has pages.
    let best = { name: locs[0]!.name, n: -1 };
    for (const l of locs) {
      const n = t.sim.google.world.locations.get(l.name)!.reviews.length;
      if (n > best.n) best = { name: l.name, n };
    }
    locationName = best.name;
    path = `/google/mybusiness/v4/accounts/${accountId()}/${locationName}/reviews`;
  });

  it('holds the Google half of the dataset: no review both on Google and Facebook, both with history', () => {
    const { data } = seedData();
    const google = data.reviews.filter((r) => reviewSource(r.reviewId) === 'google');
    const facebook = data.reviews.filter((r) => reviewSource(r.reviewId) === 'facebook');
    expect(google.length + facebook.length).toBe(data.reviews.length);
    expect(google.length / data.reviews.length).toBeGreaterThan(0.3);
    expect(google.length / data.reviews.length).toBeLessThan(0.7);
    const simKeys = [...t.sim.google.world.locations.values()].flatMap((l) => l.reviews.map((r) => r.key));
    expect(simKeys.sort()).toEqual(google.map((r) => r.reviewId).sort());
    const years = (list: typeof google) => new Set(list.map((r) => r.reviewedAt.getUTCFullYear()));
    expect(years(google).size).toBeGreaterThan(1);
    expect(years(facebook).size).toBeGreaterThan(1);
  });

  it('pages every review once, newest update first, with averageRating and totalReviewCount', async () => {
    const seen: { name: string; updateTime: string; starRating: string; comment?: string }[] = [];
    let pageToken: string | undefined;
    let total: number;
    do {
      const res = await call('GET', `${path}?pageSize=7${pageToken ? `&pageToken=${pageToken}` : ''}`, { token });
      expect(res.status).toBe(200);
      seen.push(...(res.body.reviews as typeof seen));
      total = res.body.totalReviewCount as number;
      expect(res.body.averageRating).toEqual(expect.any(Number));
      pageToken = res.body.nextPageToken as string | undefined;
    } while (pageToken);
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((r) => r.name)).size).toBe(total);
    for (let i = 1; i < seen.length; i++) expect(seen[i - 1]!.updateTime >= seen[i]!.updateTime).toBe(true);
    expect(seen.every((r) => /^accounts\/\d+\/locations\/\d+\/reviews\/[\w-]+$/.test(r.name))).toBe(true);
    expect(seen.every((r) => ['STAR_RATING_UNSPECIFIED', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'].includes(r.starRating))).toBe(true);
    expect(seen.every((r) => /Z$/.test(r.updateTime))).toBe(true);
    expect((await call('GET', `${path}?pageSize=51`, { token })).status).toBe(400);
  });

  it('orders by rating, both ways, and refuses another orderBy', async () => {
    const stars = ['STAR_RATING_UNSPECIFIED', 'ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'];
    const up = ((await call('GET', `${path}?orderBy=${encodeURIComponent('rating')}`, { token })).body.reviews as { starRating: string }[]).map((r) => stars.indexOf(r.starRating));
    const down = ((await call('GET', `${path}?orderBy=${encodeURIComponent('rating desc')}`, { token })).body.reviews as { starRating: string }[]).map((r) => stars.indexOf(r.starRating));
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(down).toEqual([...down].sort((a, b) => b - a));
    expect((await call('GET', `${path}?orderBy=createTime`, { token })).body.error).toMatchObject({ code: 400, status: 'INVALID_ARGUMENT' });
  });

  it('leaves comment out of a rating-only review', async () => {
    const loc = t.sim.google.world.locations.get(locationName)!;
    const added = t.sim.google.addReview(locationName, { reviewer: 'Asha R', starRating: 'FOUR' });
    const res = await call('GET', `${path}/${added.reviewId}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reviewId: added.reviewId, starRating: 'FOUR', reviewer: { displayName: 'Asha R', isAnonymous: false } });
    expect('comment' in res.body).toBe(false);
    expect(loc.reviews[0]!.reviewId).toBe(added.reviewId);
  });

  it('creates, replaces and deletes a reply; the reply shows on the review; bad comments are 400', async () => {
    const list = await call('GET', `${path}?pageSize=1`, { token });
    const review = (list.body.reviews as { reviewId: string }[])[0]!;
    const replyPath = `${path}/${review.reviewId}/reply`;
    const put = await call('PUT', replyPath, { token, json: { comment: 'Thank you for visiting!' } });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ comment: 'Thank you for visiting!', updateTime: expect.stringMatching(/Z$/) });
    await call('PUT', replyPath, { token, json: { comment: 'Thank you, see you soon!' } });
    expect((await call('GET', `${path}/${review.reviewId}`, { token })).body.reviewReply).toMatchObject({ comment: 'Thank you, see you soon!' });
    expect((await call('PUT', replyPath, { token, json: { comment: '' } })).status).toBe(400);
    expect((await call('PUT', replyPath, { token, json: { comment: 'é'.repeat(2049) } })).status).toBe(400);
    expect((await call('PUT', replyPath, { token, json: { text: 'wrong field' } })).status).toBe(400);
    const del = await call('DELETE', replyPath, { token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({});
    expect('reviewReply' in (await call('GET', `${path}/${review.reviewId}`, { token })).body).toBe(false);
    expect((await call('DELETE', replyPath, { token })).body.error).toMatchObject({ code: 404, status: 'NOT_FOUND' });
    expect((await call('PUT', `${path}/nope/reply`, { token, json: { comment: 'x' } })).status).toBe(404);
    t.sim.google.resetQuotas();
  });
});

describe('quotas', () => {
  it('allows 10 reply edits per minute per location, then 429 RESOURCE_EXHAUSTED', async () => {
    t.sim.google.resetQuotas();
    const loc = [...t.sim.google.world.locations.values()].find((l) => l.accountName === owner.accountName && l.reviews.length > 0)!;
    const replyPath = `/google/mybusiness/v4/accounts/${accountId()}/${loc.name}/reviews/${loc.reviews[0]!.reviewId}/reply`;
    for (let i = 0; i < GOOGLE_EDITS_PER_MINUTE; i++) expect((await call('PUT', replyPath, { token, json: { comment: `Reply ${i}` } })).status).toBe(200);
    const over = await call('PUT', replyPath, { token, json: { comment: 'one too many' } });
    expect(over.status).toBe(429);
    expect(over.body.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    t.sim.google.resetQuotas();
  });

  it(`allows ${GOOGLE_REQUESTS_PER_MINUTE} requests per minute per API`, async () => {
    t.sim.google.resetQuotas();
    for (let i = 0; i < GOOGLE_REQUESTS_PER_MINUTE; i++) expect((await call('GET', '/google/mybusinessaccountmanagement/v1/accounts', { token })).status).toBe(200);
    expect((await call('GET', '/google/mybusinessaccountmanagement/v1/accounts', { token })).status).toBe(429);
    // Another API has its own budget.
    expect((await call('GET', `/google/mybusinessbusinessinformation/v1/accounts/${accountId()}/locations?readMask=name`, { token })).status).toBe(200);
    t.sim.google.resetQuotas();
  });

  it('answers 429 on every call while the project quota is 0 (access not approved), through the control API too', async () => {
    const on = await t.sim.app.inject({ method: 'PUT', url: '/__sim/google/switches', payload: { quotaZero: true } });
    expect(on.json()).toEqual({ quotaZero: true });
    const res = await call('GET', '/google/mybusinessaccountmanagement/v1/accounts', { token });
    expect(res.status).toBe(429);
    expect(res.body.error!.message).toContain('Quota exceeded');
    await t.sim.app.inject({ method: 'PUT', url: '/__sim/google/switches', payload: { quotaZero: false } });
    expect((await call('GET', '/google/mybusinessaccountmanagement/v1/accounts', { token })).status).toBe(200);
    expect((await t.sim.app.inject({ method: 'PUT', url: '/__sim/google/switches', payload: { quotaZero: 'yes' } })).statusCode).toBe(400);
  });
});

describe('control API', () => {
  it('lists the Google users with their locations, adds a review, and revokes a user’s tokens', async () => {
    const users = (await t.sim.app.inject({ method: 'GET', url: '/__sim/google/users' })).json() as { id: string; locations: { name: string }[] }[];
    expect(users).toHaveLength(2);
    const added = await t.sim.app.inject({ method: 'POST', url: '/__sim/google/review', payload: { location: users[0]!.locations[0]!.name, reviewer: 'Kiran', starRating: 'TWO', comment: 'Cold food' } });
    expect(added.statusCode).toBe(201);
    expect((await t.sim.app.inject({ method: 'POST', url: '/__sim/google/review', payload: { location: 'locations/1', reviewer: 'x', starRating: 'TWO' } })).statusCode).toBe(404);
    expect((await t.sim.app.inject({ method: 'POST', url: '/__sim/google/review', payload: { location: users[0]!.locations[0]!.name, reviewer: 'x', starRating: 6 } })).statusCode).toBe(400);
    const mine = await tokensFor(users[1]!.id);
    const revoked = await t.sim.app.inject({ method: 'POST', url: '/__sim/google/revoke', payload: { userId: users[1]!.id } });
    expect(revoked.json().revoked).toBeGreaterThan(0);
    expect((await call('GET', '/google/mybusinessaccountmanagement/v1/accounts', { token: mine.access_token })).status).toBe(401);
  });

  it('keeps replies and refresh tokens across a restart of the simulator', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'sim-google-'));
    try {
      const stateFile = join(dir, 'state.json');
      const first = await startSim({ stateFile, googleClientSecret: SECRET });
      const u = first.sim.google.users()[0]!;
      const loc = first.sim.google.world.accounts.get(u.accountName)!.locations.find((l) => l.reviews.length)!;
      const review = loc.reviews[0]!;
      const back = await first.sim.app.inject({ method: 'POST', url: '/google/o/oauth2/v2/auth', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ client_id: CLIENT_ID, redirect_uri: REDIRECT, scope: BUSINESS_MANAGE_SCOPE, access_type: 'offline', decision: 'approve', user_id: u.id }).toString() });
      const code = new URL(String(back.headers.location)).searchParams.get('code')!;
      const tok = (await first.sim.app.inject({ method: 'POST', url: '/google/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: CLIENT_ID, client_secret: SECRET, redirect_uri: REDIRECT }).toString() })).json() as { refresh_token: string };
      first.sim.google.world.putReply(`${u.accountName}/${loc.name}/reviews/${review.reviewId}`, 'Kept');
      await first.sim.close();
      const second = await startSim({ stateFile, googleClientSecret: SECRET });
      expect(second.sim.google.world.reply(`${u.accountName}/${loc.name}/reviews/${review.reviewId}`)?.comment).toBe('Kept');
      const renewed = await second.sim.app.inject({ method: 'POST', url: '/google/oauth2/token', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tok.refresh_token, client_id: CLIENT_ID, client_secret: SECRET }).toString() });
      expect(renewed.statusCode).toBe(200);
      await second.sim.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
