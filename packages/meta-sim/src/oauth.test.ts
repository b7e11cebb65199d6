/**
 * Facebook Login in the simulator (docs/requirements/platform-apis.md#facebook-login-and-tokens):
 * the consent dialog, the code exchange and its failures, fb_exchange_token, debug_token of the
 * resulting user and page tokens, and the app's "Require App Secret" (appsecret_proof).
 */
import { createHash, createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { APP_ID, APP_SECRET, APP_TOKEN, type TestSim, startSim } from './testing.ts';
import { USER_SCOPES } from './tokens.ts';

const REDIRECT = 'https://dinedesk.example/api/facebook/callback?client=7';
const SCOPES = 'pages_show_list,pages_read_engagement,pages_manage_metadata,pages_messaging';

let t: TestSim;
/** The simulator clock, epoch ms; tests move it to expire codes and tokens. */
let nowMs: number;
beforeEach(async () => {
  nowMs = Date.parse('2026-03-01T10:00:00Z');
  t = await startSim({ now: () => new Date(nowMs) });
  return () => t.sim.close();
});

function dialogUrl(query: Record<string, string>, version = '/v21.0'): string {
  return `${version}/dialog/oauth?${new URLSearchParams({ client_id: APP_ID, redirect_uri: REDIRECT, state: 'st-1', scope: SCOPES, response_type: 'code', ...query }).toString()}`;
}

/** Submits the consent form as a browser would; answers the raw response. */
function decide(form: Record<string, string>, version = '/v21.0') {
  return t.sim.app.inject({
    method: 'POST',
    url: `${version}/dialog/oauth`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ client_id: APP_ID, redirect_uri: REDIRECT, state: 'st-1', scope: SCOPES, response_type: 'code', ...form }).toString(),
  });
}

/** Approves as test user `userIndex`, granting `granted` (default: every requested scope); returns the code. */
async function approve(userIndex = 0, granted = SCOPES.split(','), extra: Record<string, string> = {}): Promise<string> {
  const user = t.sim.testUsers()[userIndex]!;
  const grants = Object.fromEntries(granted.map((s) => [`grant_${s}`, '1']));
  const r = await decide({ decision: 'approve', user_id: user.id, ...grants, ...extra });
  expect(r.statusCode).toBe(302);
  const code = new URL(String(r.headers.location)).searchParams.get('code');
  expect(code).toBeTruthy();
  return code!;
}

function exchange(query: Record<string, string>) {
  return t.get(`/v21.0/oauth/access_token?${new URLSearchParams({ client_id: APP_ID, client_secret: APP_SECRET, redirect_uri: REDIRECT, ...query }).toString()}`);
}

async function debug(token: string) {
  const r = await t.get(`/v21.0/debug_token?input_token=${encodeURIComponent(token)}`, APP_TOKEN);
  expect(r.status).toBe(200);
  return r.body.data as { type: string; is_valid: boolean; issued_at: number; expires_at: number; scopes: string[]; user_id: string; profile_id?: string; error?: { code: number; subcode?: number } };
}

describe('PKCE on the code exchange', () => {
  const verifier = 'pkce-verifier-'.padEnd(60, 'x');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const pkce = { code_challenge: challenge, code_challenge_method: 'S256' };

  it('carries the challenge through the consent page', async () => {
    const r = await t.sim.app.inject({ url: dialogUrl(pkce) });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain(`name="code_challenge" value="${challenge}"`);
    expect(r.body).toContain('name="code_challenge_method" value="S256"');
  });

  it('refuses a code issued with a challenge without its verifier or with another one, and accepts the right one once', async () => {
    const missing = await exchange({ code: await approve(0, undefined, pkce) });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ code: 100, message: expect.stringMatching(/Missing code_verifier/) });
    const wrong = await exchange({ code: await approve(0, undefined, pkce), code_verifier: 'y'.repeat(60) });
    expect(wrong.body.error).toMatchObject({ code: 100, message: expect.stringMatching(/does not match/) });
    const code = await approve(0, undefined, pkce);
    const ok = await exchange({ code, code_verifier: verifier });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
  });

  it('refuses a verifier for a code issued without a challenge, and a malformed challenge at the dialog', async () => {
    const r = await exchange({ code: await approve(), code_verifier: verifier });
    expect(r.body.error).toMatchObject({ code: 100 });
    const bad = await t.sim.app.inject({ url: dialogUrl({ code_challenge: 'short', code_challenge_method: 'S256' }) });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Invalid PKCE parameters');
  });
});

describe('the OAuth dialog', () => {
  it('is a self-contained page naming the app, the scopes, the test users and both buttons', async () => {
    const r = await t.sim.app.inject({ url: dialogUrl({}) });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['content-security-policy']).toContain("default-src 'none'");
    const html = r.body;
    expect(html).toContain('DineDesk');
    for (const s of SCOPES.split(',')) expect(html).toContain(`name="grant_${s}" value="1" checked`);
    for (const u of t.sim.testUsers()) expect(html).toContain(`name="user_id" value="${u.id}"`);
    expect(html).toContain('<button type="submit" name="decision" value="approve">Approve</button>');
    expect(html).toContain('<button type="submit" name="decision" value="cancel">Cancel</button>');
    expect(html).toContain('action="/v21.0/dialog/oauth"');
    expect(html).not.toMatch(/<(script|link|img)\b/i);
    // The unversioned path works too and posts back to itself.
    const plain = await t.sim.app.inject({ url: dialogUrl({}, '') });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('action="/dialog/oauth"');
  });

  it('escapes a hostile state, scope and redirect_uri', async () => {
    const hostile = '"><script>alert(1)</script>';
    const r = await t.sim.app.inject({ url: dialogUrl({ state: hostile, scope: `pages_show_list,<img/src=x/onerror=alert(1)>`, redirect_uri: `${REDIRECT}&x="><b>` }) });
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain('<script>');
    expect(r.body).not.toContain('<img');
    expect(r.body).not.toContain('"><b>');
    expect(r.body).toContain('value="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;"');
    // Unknown scopes are ignored with Meta's developer notice.
    expect(r.body).toContain('Invalid Scopes: <code>&#60;img/src=x/onerror=alert(1)&#62;</code>');
  });

  it('answers an error page, not a redirect, for a wrong client_id or a non-http redirect_uri', async () => {
    for (const [query, text] of [
      [{ client_id: '999' }, 'Invalid App ID'],
      [{ client_id: '' }, 'client_id is required'],
      [{ redirect_uri: 'javascript:alert(1)' }, 'redirect_uri must be an absolute http or https URL'],
      [{ redirect_uri: '/relative/callback' }, 'redirect_uri must be an absolute http or https URL'],
      [{ response_type: 'token' }, 'response_type token is not simulated'],
    ] as const) {
      const r = await t.sim.app.inject({ url: dialogUrl(query) });
      expect(r.statusCode, JSON.stringify(query)).toBe(400);
      expect(r.headers.location).toBeUndefined();
      expect(r.headers['content-type']).toMatch(/^text\/html/);
      expect(r.body).toContain(text);
      const posted = await decide({ ...query, decision: 'approve', user_id: t.sim.testUsers()[0]!.id });
      expect(posted.statusCode).toBe(400);
      expect(posted.headers.location).toBeUndefined();
    }
  });

  it('redirects Approve with code, state and #_=_, and Cancel with Meta’s access_denied parameters', async () => {
    const user = t.sim.testUsers()[0]!;
    const ok = await decide({ decision: 'approve', user_id: user.id, grant_pages_show_list: '1' });
    expect(ok.statusCode).toBe(302);
    const location = String(ok.headers.location);
    expect(location).toMatch(/^https:\/\/dinedesk\.example\/api\/facebook\/callback\?client=7&code=AQ[A-Za-z0-9_-]{40,}&state=st-1#_=_$/);

    const no = await decide({ decision: 'cancel' });
    expect(no.statusCode).toBe(302);
    expect(no.headers.location).toBe(
      'https://dinedesk.example/api/facebook/callback?client=7&error=access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied&state=st-1',
    );
  });

  it('refuses an unknown test user or decision with an error page', async () => {
    expect((await decide({ decision: 'approve', user_id: '42' })).statusCode).toBe(400);
    expect((await decide({ decision: 'maybe', user_id: t.sim.testUsers()[0]!.id })).statusCode).toBe(400);
  });
});

describe('code → token', () => {
  it('gives a short-lived token of the approving user with the granted scopes', async () => {
    const user = t.sim.testUsers()[1]!;
    const code = await approve(1);
    const r = await exchange({ code });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ access_token: expect.stringMatching(/^EAA/), token_type: 'bearer', expires_in: 7200 });
    const token = r.body.access_token as string;
    expect(token).not.toBe(user.accessToken);
    const me = await t.get('/v21.0/me', token);
    expect(me.body).toEqual({ id: user.id, name: user.name });
    const d = await debug(token);
    expect(d).toMatchObject({ type: 'USER', is_valid: true, user_id: user.id, issued_at: nowMs / 1000, expires_at: nowMs / 1000 + 7200 });
    expect(d.scopes).toEqual([...USER_SCOPES]);
    // The test user's own token still works: sessions live side by side.
    expect((await t.get('/v21.0/me', user.accessToken)).status).toBe(200);
  });

  it('carries only the scopes ticked on the page; a declined scope is not asked again without rerequest', async () => {
    const user = t.sim.testUsers()[0]!;
    const code = await approve(0, ['pages_show_list', 'pages_read_engagement', 'pages_messaging']);
    const token = (await exchange({ code })).body.access_token as string;
    const scopes = (await debug(token)).scopes;
    expect(scopes).not.toContain('pages_manage_metadata');
    expect(scopes).toContain('pages_messaging');
    // Grants are per user and app: the user's other token follows.
    expect((await debug(user.accessToken)).scopes).not.toContain('pages_manage_metadata');

    const again = await t.sim.app.inject({ url: dialogUrl({}) });
    expect(again.body).toContain(`${user.name} declined before and is not asked again (use auth_type=rerequest): <code>pages_manage_metadata</code>`);
    expect(again.body).not.toContain(`${t.sim.testUsers()[1]!.name} declined before`);
    // Ticking it on a page that did not offer it changes nothing.
    const ignored = await approve(0, SCOPES.split(','));
    expect((await debug((await exchange({ code: ignored })).body.access_token as string)).scopes).not.toContain('pages_manage_metadata');

    const re = await t.sim.app.inject({ url: dialogUrl({ auth_type: 'rerequest' }) });
    expect(re.body).not.toContain('declined before');
    expect(re.body).toContain('<input type="hidden" name="auth_type" value="rerequest">');
    const regranted = await approve(0, SCOPES.split(','), { auth_type: 'rerequest' });
    expect((await debug((await exchange({ code: regranted })).body.access_token as string)).scopes).toContain('pages_manage_metadata');
  });

  it('requires the dialog’s redirect_uri byte for byte (100/36008), without using up the code', async () => {
    const code = await approve();
    for (const redirect_uri of [REDIRECT.replace('?', '/?'), REDIRECT.toUpperCase(), `${REDIRECT}&`]) {
      const r = await exchange({ code, redirect_uri });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatchObject({
        type: 'OAuthException',
        code: 100,
        error_subcode: 36008,
        message: 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
      });
    }
    const missing = await t.get(`/v21.0/oauth/access_token?client_id=${APP_ID}&client_secret=${APP_SECRET}&code=${code}`);
    expect(missing.body.error).toMatchObject({ code: 191, message: 'Missing redirect_uri parameter.' });
    expect((await exchange({ code })).status).toBe(200);
  });

  it('takes a code once (100/36009)', async () => {
    const code = await approve();
    expect((await exchange({ code })).status).toBe(200);
    const again = await exchange({ code });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ type: 'OAuthException', code: 100, error_subcode: 36009, message: 'This authorization code has been used.' });
  });

  it('lets a code expire after 10 minutes (100/36007)', async () => {
    const fresh = await approve();
    const stale = await approve();
    nowMs += 600_000;
    expect((await exchange({ code: fresh })).status).toBe(200);
    nowMs += 1000;
    const r = await exchange({ code: stale });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 100, error_subcode: 36007, message: 'This authorization code has expired.' });
  });

  it('checks the app’s credentials and the code like Graph', async () => {
    const code = await approve();
    expect((await exchange({ code, client_id: '1234' })).body.error).toMatchObject({ code: 101, message: 'Error validating application. Invalid application ID.' });
    expect((await exchange({ code, client_id: '' })).body.error).toMatchObject({ code: 101, message: 'Missing client_id parameter.' });
    expect((await exchange({ code, client_secret: 'nope' })).body.error).toMatchObject({ code: 1, message: 'Error validating client secret.' });
    expect((await exchange({ code: 'AQnot-a-code' })).body.error).toMatchObject({ code: 100, message: 'Invalid verification code format.' });
    const app = await exchange({ grant_type: 'client_credentials' });
    expect(app.body).toEqual({ access_token: APP_TOKEN, token_type: 'bearer' });
    // None of the failures used the code up.
    expect((await exchange({ code })).status).toBe(200);
  });
});

describe('short → long-lived, and page tokens', () => {
  async function shortToken(): Promise<string> {
    return (await exchange({ code: await approve() })).body.access_token as string;
  }
  function extend(token: string, query: Record<string, string> = {}) {
    return t.get(
      `/v21.0/oauth/access_token?${new URLSearchParams({ grant_type: 'fb_exchange_token', client_id: APP_ID, client_secret: APP_SECRET, fb_exchange_token: token, ...query }).toString()}`,
    );
  }
  async function pageTokens(userToken: string): Promise<{ id: string; access_token: string }[]> {
    const r = await t.get('/v21.0/me/accounts?fields=id,access_token&limit=100', userToken);
    expect(r.status).toBe(200);
    return r.body.data as { id: string; access_token: string }[];
  }

  it('exchanges a short-lived token for a ~60-day one whose page tokens never expire', async () => {
    const short = await shortToken();
    const r = await extend(short);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ access_token: expect.stringMatching(/^EAA/), token_type: 'bearer', expires_in: 5183944 });
    const long = r.body.access_token as string;
    expect(long).not.toBe(short);
    const d = await debug(long);
    expect(d).toMatchObject({ type: 'USER', is_valid: true, expires_at: nowMs / 1000 + 5183944 });

    const pages = await pageTokens(long);
    expect(pages.length).toBeGreaterThan(0);
    const page = pages[0]!;
    const pd = await debug(page.access_token);
    expect(pd).toMatchObject({ type: 'PAGE', is_valid: true, expires_at: 0, profile_id: page.id });
    // Listed again, the same page token comes back.
    expect((await pageTokens(long))[0]!.access_token).toBe(page.access_token);
    expect((await t.get(`/v21.0/${page.id}?fields=id,name`, page.access_token)).status).toBe(200);

    // Page tokens of the short-lived token die with it.
    const shortPage = (await pageTokens(short))[0]!.access_token;
    expect((await debug(shortPage)).expires_at).toBe(nowMs / 1000 + 7200);
    nowMs += 7201_000;
    expect((await debug(shortPage)).is_valid).toBe(false);
    expect((await debug(page.access_token)).is_valid).toBe(true);
    expect((await t.get('/v21.0/me', long)).status).toBe(200);
  });

  it('refuses to exchange an expired (190/463) or revoked (190/460) token, or bad credentials', async () => {
    const short = await shortToken();
    nowMs += 7201_000;
    const expired = await extend(short);
    expect(expired.status).toBe(400);
    expect(expired.body.error).toMatchObject({ code: 190, error_subcode: 463 });

    const user = t.sim.testUsers()[0]!;
    const live = await shortToken();
    const long = (await extend(live)).body.access_token as string;
    const page = (await pageTokens(long))[0]!.access_token;
    expect((await extend(live, { client_secret: 'x' })).body.error).toMatchObject({ code: 1 });
    expect((await extend(live, { client_id: '5' })).body.error).toMatchObject({ code: 101 });
    t.sim.revokeTokens({ userId: user.id }, 460);
    for (const dead of [live, long, page]) {
      expect((await t.get('/v21.0/me', dead)).body.error).toMatchObject({ code: 190, error_subcode: 460 });
      expect((await debug(dead)).is_valid).toBe(false);
    }
    expect((await extend(long)).body.error).toMatchObject({ code: 190, error_subcode: 460 });
    expect((await extend('EAAunknown')).body.error).toMatchObject({ code: 190 });
  });
});

describe('persistence', () => {
  it('keeps Facebook Login tokens and their page tokens across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'meta-sim-oauth-'));
    // `t` (which the helpers use) points at the restarted simulators for the test, then back.
    const first = t;
    try {
      const stateFile = join(dir, 'state.json');
      const clock = () => new Date(nowMs);
      const a = await startSim({ stateFile, now: clock });
      t = a;
      const long = (
        await t.get(
          `/v21.0/oauth/access_token?grant_type=fb_exchange_token&client_id=${APP_ID}&client_secret=${APP_SECRET}&fb_exchange_token=${encodeURIComponent((await exchange({ code: await approve() })).body.access_token as string)}`,
        )
      ).body.access_token as string;
      const pages = (await t.get('/v21.0/me/accounts?fields=id,access_token', long)).body.data as { id: string; access_token: string }[];
      await a.sim.close();
      const b = await startSim({ stateFile, now: clock });
      t = b;
      expect(await debug(long)).toMatchObject({ is_valid: true, type: 'USER' });
      expect((await t.get('/v21.0/me/accounts?fields=id,access_token', long)).body.data).toEqual(pages);
      expect(await debug(pages[0]!.access_token)).toMatchObject({ is_valid: true, type: 'PAGE', expires_at: 0 });
      await b.sim.close();
    } finally {
      t = first;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('appsecret_proof', () => {
  const proof = (token: string) => createHmac('sha256', APP_SECRET).update(token).digest('hex');

  it('is required for user and page tokens once the switch is on, and checked', async () => {
    const user = t.sim.testUsers()[0]!.accessToken;
    const pageToken = [...(await t.pageTokens(0)).values()][0]!;
    expect((await t.get('/v21.0/me', user)).status).toBe(200);

    const sw = await t.sim.app.inject({ method: 'PUT', url: '/__sim/switches', payload: { requireAppsecretProof: true } });
    expect(sw.json()).toMatchObject({ requireAppsecretProof: true });
    for (const token of [user, pageToken]) {
      const missing = await t.get('/v21.0/me', token);
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatchObject({ type: 'GraphMethodException', code: 100, message: 'API calls from the server require an appsecret_proof argument' });
      const wrong = await t.get(`/v21.0/me?appsecret_proof=${proof(`${token}x`)}`, token);
      expect(wrong.body.error).toMatchObject({ type: 'GraphMethodException', code: 100, message: 'Invalid appsecret_proof provided in the API argument' });
      expect((await t.get(`/v21.0/me?appsecret_proof=${proof(token)}`, token)).status).toBe(200);
      // In a form body, as SDKs send it with POSTs: the proof passes, and the call fails on its own merits.
      expect((await t.post('/v21.0/me', { appsecret_proof: proof(token) }, token)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
    }
    // The app token carries the secret itself.
    expect((await t.get(`/v21.0/${APP_ID}/accounts/test-users`, APP_TOKEN)).status).toBe(200);
    // Facebook Login needs no proof (it sends client_secret).
    expect((await exchange({ code: await approve() })).status).toBe(200);

    await t.sim.app.inject({ method: 'PUT', url: '/__sim/switches', payload: { requireAppsecretProof: false } });
    expect((await t.get('/v21.0/me', user)).status).toBe(200);
    const bad = await t.sim.app.inject({ method: 'PUT', url: '/__sim/switches', payload: { requireAppsecretProof: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'requireAppsecretProof must be a boolean' });
  });

  // Graph API "Securing Requests" (https://developers.facebook.com/docs/graph-api/securing-requests):
  // a proof that is sent must match, whether or not the app requires one.
  it('refuses a wrong proof even when the app does not require one', async () => {
    const user = t.sim.testUsers()[0]!.accessToken;
    const pageToken = [...(await t.pageTokens(0)).values()][0]!;
    expect((await t.sim.app.inject({ url: '/__sim/switches' })).json()).toMatchObject({ requireAppsecretProof: false });
    for (const token of [user, pageToken, APP_TOKEN]) {
      const wrong = await t.get(`/v21.0/me?appsecret_proof=${proof(`${token}x`)}`, token);
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toMatchObject({ type: 'GraphMethodException', code: 100, message: 'Invalid appsecret_proof provided in the API argument' });
      // An empty one is not a proof either.
      expect((await t.get('/v21.0/me?appsecret_proof=', token)).body.error).toMatchObject({ code: 100 });
    }
    expect((await t.get(`/v21.0/me?appsecret_proof=${proof(user)}`, user)).status).toBe(200);
    expect((await t.get('/v21.0/me', user)).status).toBe(200);
  });

  it('can be required from the start through createMetaSim', async () => {
    const strict = await startSim({ requireAppsecretProof: true });
    try {
      const token = strict.userToken(0);
      expect((await strict.get('/v21.0/me', token)).body.error).toMatchObject({ code: 100 });
      expect((await strict.get(`/v21.0/me?appsecret_proof=${proof(token)}`, token)).status).toBe(200);
    } finally {
      await strict.sim.close();
    }
  });
});
