import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { InjectOptions } from 'fastify';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ sync: false });
});
afterAll(() => h?.close());

const inject = (opts: InjectOptions) => h.server.app.inject(opts);

describe('POST /api/auth/login', () => {
  it('signs in a demo owner and answers userData with an ability list', async () => {
    const res = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@spice-route.demo', password: 'DineDesk-demo-2026' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.accessToken).toMatch(/^ey/);
    expect(body.userData).toMatchObject({ email: 'owner@spice-route.demo', role: 'client_owner', client: { name: 'Spice Route Hospitality' } });
    // Owners get an explicit list (every module, users and access), never `manage all`,
    // which would let them onboard clients (docs/decisions/0003).
    expect(body.userData.ability).toContainEqual({ action: 'manage', subject: 'Review' });
    expect(body.userData.ability).toContainEqual({ action: 'manage', subject: 'Access' });
    expect(body.userData.ability).not.toContainEqual({ action: 'manage', subject: 'all' });
  });

  it('is case-insensitive on email', async () => {
    const res = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'Viewer@Deccan-Table.demo', password: 'DineDesk-demo-2026' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().userData.ability).toContainEqual({ action: 'read', subject: 'Review' });
  });

  it('refuses a wrong password with 401 and a message', async () => {
    const res = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@spice-route.demo', password: 'nope-nope' }, remoteAddress: '10.0.0.1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Email or password is incorrect' });
  });

  it('names the bad field', async () => {
    const res = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body.email');
    expect(res.json().message).toMatch(/email/);
    const res2 = await inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.co' } });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().field).toBe('body.password');
  });

  it('rejects malformed JSON with 400, not 500', async () => {
    const res = await inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Request body is not valid JSON');
  });
});

describe('sign-in throttling (docs/decisions/0012)', () => {
  const attempt = (email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
    inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip, headers });

  it('never locks an account: wrong passwords from other addresses do not stop the right one', async () => {
    // 15 failures on the super admin from three addresses: more than any per-account limit.
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      for (let i = 0; i < 4; i++) expect((await attempt('admin@dinedesk.demo', `guess-${i}`, ip)).statusCode).toBe(401);
    }
    const owner = await attempt('admin@dinedesk.demo', 'DineDesk-demo-2026', '198.51.100.7');
    expect(owner.statusCode).toBe(200);
  });

  it('answers 429 with Retry-After to the address that exhausted an account, and only to it', async () => {
    const attacker = '203.0.113.20';
    for (let i = 0; i < 5; i++) expect((await attempt('owner@deccan-table.demo', `guess-${i}`, attacker)).statusCode).toBe(401);
    const refused = await attempt('owner@deccan-table.demo', 'DineDesk-demo-2026', attacker);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    expect(refused.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
    // The owner, from their own address, is not affected.
    expect((await attempt('owner@deccan-table.demo', 'DineDesk-demo-2026', '198.51.100.8')).statusCode).toBe(200);
  });

  it('throttles one address spraying many accounts (20 failures)', async () => {
    const sprayer = '203.0.113.30';
    for (let i = 0; i < 20; i++) expect((await attempt(`nobody${i}@x.io`, 'wrong-pass', sprayer)).statusCode).toBe(401);
    const res = await attempt('viewer@deccan-table.demo', 'DineDesk-demo-2026', sprayer);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect((await attempt('viewer@deccan-table.demo', 'DineDesk-demo-2026', '198.51.100.9')).statusCode).toBe(200);
  });

  it('a successful sign-in starts the (address, account) count over', async () => {
    const ip = '198.51.100.40';
    for (let i = 0; i < 4; i++) expect((await attempt('agent@deccan-table.demo', 'typo-typo', ip)).statusCode).toBe(401);
    expect((await attempt('agent@deccan-table.demo', 'DineDesk-demo-2026', ip)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await attempt('agent@deccan-table.demo', 'typo-typo', ip)).statusCode).toBe(401);
    expect((await attempt('agent@deccan-table.demo', 'DineDesk-demo-2026', ip)).statusCode).toBe(200);
  });

  it('says so in the caller\'s language', async () => {
    const ip = '203.0.113.50';
    for (let i = 0; i < 5; i++) await attempt('brand.manager@deccan-table.demo', 'nope-nope', ip);
    const res = await attempt('brand.manager@deccan-table.demo', 'nope-nope', ip, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Zu viele fehlgeschlagene Anmeldeversuche/);
  });
});

describe('POST /api/auth/set-password judges the password', () => {
  async function invitationToken(email: string): Promise<string> {
    const owner = await h.login('owner@deccan-table.demo');
    const res = await inject({ method: 'POST', url: '/api/client-users/invite', headers: bearer(owner), payload: { email, fullName: 'Ravi Kumar', role: 'viewer' } });
    expect(res.statusCode).toBe(201);
    return new URL(res.json().invitation.url as string, 'http://x').searchParams.get('token')!;
  }
  const setPassword = (token: string, password: string, language?: string) =>
    inject({ method: 'POST', url: '/api/auth/set-password', payload: { token, password }, headers: language ? { 'accept-language': language } : {} });

  it.each(['password', '12345678', '        ', 'qwertyuiop', 'Ravi Kumar', 'deccan-table'])('refuses %j with 400 naming body.password, and keeps the invitation', async (weak) => {
    const token = await invitationToken(`ravi.${Buffer.from(weak).toString('hex')}@deccan-table.demo`);
    const res = await setPassword(token, weak);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'body.password', code: 'weak_password' });
    expect(res.json().message).toMatch(/^The password is too (short: use at least 10 characters|easy to guess)\./);
    // Refused before anything was stored: the same link still works with a good password.
    expect((await setPassword(token, 'violet-harbour-lantern')).statusCode).toBe(200);
  });

  it.each(['DineDesk-demo-2026', 'DeccanTableGroup'])('refuses %j (the public demo password, the client’s name) for an invitee with an unrelated email', async (weak) => {
    const owner = await h.login('owner@deccan-table.demo');
    const res = await inject({ method: 'POST', url: '/api/client-users/invite', headers: bearer(owner), payload: { email: `mira.${Buffer.from(weak).toString('hex')}@example.com`, fullName: 'Mira Jones', role: 'viewer' } });
    expect(res.statusCode).toBe(201);
    const token = new URL(res.json().invitation.url as string, 'http://x').searchParams.get('token')!;
    const set = await setPassword(token, weak);
    expect(set.statusCode).toBe(400);
    expect(set.json()).toMatchObject({ field: 'body.password', code: 'weak_password' });
  });

  it('explains the refusal in German', async () => {
    const token = await invitationToken('ravi.de@deccan-table.demo');
    const res = await setPassword(token, 'password', 'de-CH, de;q=0.9');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Das Passwort ist zu kurz: Verwenden Sie mindestens 10 Zeichen. Dies ist ein sehr häufig verwendetes Passwort.');
  });
});

describe('GET /api/get-client-details and /api/logout', () => {
  it('answers the client with its brands and outlets', async () => {
    const token = await h.login('owner@deccan-table.demo');
    const res = await inject({ method: 'GET', url: '/api/get-client-details', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('OK');
    expect(body.client.name).toBe('Deccan Table Group');
    expect(body.client.brands).toHaveLength(8);
  });

  it('limits an outlet manager to the granted outlet', async () => {
    const token = await h.login('outlet.manager@deccan-table.demo');
    const body = (await inject({ method: 'GET', url: '/api/get-client-details', headers: bearer(token) })).json();
    expect(body.client.brands).toHaveLength(1);
    expect(body.client.brands[0].outlets).toHaveLength(1);
  });

  it('fails with "Invalid token" without or with a forged token', async () => {
    const none = await inject({ method: 'GET', url: '/api/get-client-details' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ message: 'Invalid token' });
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('x').setJti('y').setIssuer('dinedesk').setAudience('dinedesk-web').setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const res = await inject({ method: 'GET', url: '/api/get-client-details', headers: bearer(forged) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid token' });
  });

  it('refuses an unsigned (alg none) token', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: 'x', jti: 'y', iss: 'dinedesk', aud: 'dinedesk-web', exp: 9999999999 })).toString('base64url');
    const res = await inject({ method: 'GET', url: '/api/get-client-details', headers: bearer(`${header}.${payload}.`) });
    expect(res.json()).toEqual({ message: 'Invalid token' });
  });

  it('fails with "Token has expired" once the token is past its expiry', async () => {
    const token = await h.login('agent@spice-route.demo');
    h.clock.offsetMs = (h.config.accessTokenTtlSeconds + 5) * 1000;
    try {
      const res = await inject({ method: 'GET', url: '/api/get-client-details', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Token has expired' });
    } finally {
      h.clock.offsetMs = 0;
    }
  });

  it('logout revokes the token', async () => {
    const token = await h.login('viewer@spice-route.demo');
    expect((await inject({ method: 'GET', url: '/api/logout', headers: bearer(token) })).json()).toEqual({ message: 'Logged out' });
    const res = await inject({ method: 'GET', url: '/api/get-client-details', headers: bearer(token) });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid token' });
  });
});

describe('health, docs and unknown routes', () => {
  it('GET /api/health', async () => {
    const res = await inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ status: 'ok', database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite', redis: 'off' });
  });
  it('serves the OpenAPI document with the review calls', async () => {
    const res = await inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/review_testing/get-fb-reviews', '/reply-fb-review', '/api/auth/login']));
  });
  it('answers 404 with a message for unknown API routes', async () => {
    const res = await inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No route/);
  });
});
