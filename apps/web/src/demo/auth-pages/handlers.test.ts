/**
 * The demo sign-in mock's rules (docs/requirements/validation.md, roles.md, calls.md, errors.md and
 * constants.md) through `msw/node`, each over fresh data: login success (shape, no password, role
 * abilities) and failure (400, the error object's `email`, "Something went wrong" when signing
 * fails or the body is unreadable); register (a new admin with manage all under the last id plus
 * one, duplicates of the email, of the username and of both with status 200, bad fields 400);
 * refresh (new tokens; 401 "Invalid refresh token" for a forged, access, expired or unknown-user
 * token); tokens that live 10 minutes.
 */
import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setupDemoServer } from '../mock/node.ts';
import { memoryState } from '../mock/session-state.ts';
import { login } from './api/login.ts';
import { refreshToken } from './api/refresh-token.ts';
import { register } from './api/register.ts';
import { createAuthDb, DEMO_ACCOUNTS } from './data.ts';
import { createAuthHandlers } from './handlers.ts';
import { DEMO_AUTH_API, DEMO_AUTH_MESSAGES, DEMO_TOKEN_LIFETIME_S, ZLoginResponse } from './schema.ts';
import { demoTokens, type DemoTokenService } from './tokens.ts';

const server = setupDemoServer(() => createAuthHandlers(memoryState(createAuthDb)));
afterEach(() => vi.useRealTimers());

const [ADMIN, CLIENT] = DEMO_ACCOUNTS;

const post = (path: string, body: unknown) =>
  fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** A token service that signs nothing (the template's "unexpected failure"). */
const BROKEN_TOKENS: DemoTokenService = {
  sign: () => Promise.reject(new Error('no crypto')),
  verify: (token, kind) => demoTokens.verify(token, kind),
};

describe('POST /jwt/login ( demo roles)', () => {
  it('signs the admin in: userData without the password, manage all, an access and a refresh token', async () => {
    const response = await post(DEMO_AUTH_API.login, { email: ADMIN.email, password: ADMIN.password });
    expect(response.status).toBe(200);
    const body = ZLoginResponse.parse(await response.json());
    expect(body.userData).toMatchObject({ id: 1, email: 'admin@demo.com', role: 'admin', ability: [{ action: 'manage', subject: 'all' }] });
    expect(body.userData).not.toHaveProperty('password');
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'refreshToken', 'userData']);
    expect(await demoTokens.verify(body.accessToken, 'access')).toBe(1);
    expect(await demoTokens.verify(body.refreshToken, 'refresh')).toBe(1);
  });

  it('signs the client in with read on ACL and Auth, the email in any case', async () => {
    const result = await login({ email: CLIENT.email.toUpperCase(), password: CLIENT.password });
    if (!result.ok) throw new Error(result.message);
    expect(result.session.userData.role).toBe('client');
    expect(result.session.userData.ability).toEqual([
      { action: 'read', subject: 'ACL' },
      { action: 'read', subject: 'Auth' },
    ]);
  });

  it.each([
    ['a wrong password', ADMIN.email, 'client'],
    ['an unknown email', 'nobody@demo.com', 'admin'],
    ['a password in another case', ADMIN.email, 'ADMIN'],
  ])('answers 400 with the error object for %s', async (_case, email, password) => {
    const response = await post(DEMO_AUTH_API.login, { email, password });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { email: 'Email or Password is Invalid' } });
    expect(await login({ email, password })).toEqual({ ok: false, message: DEMO_AUTH_MESSAGES.invalidLogin });
  });

  it('answers "Something went wrong" when the tokens cannot be signed', async () => {
    server.use(...createAuthHandlers(memoryState(createAuthDb), BROKEN_TOKENS));
    const response = await post(DEMO_AUTH_API.login, { email: ADMIN.email, password: ADMIN.password });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { email: 'Something went wrong' } });
  });

  it('answers "Something went wrong" and names the field for an unreadable body', async () => {
    const missing = await post(DEMO_AUTH_API.login, { email: ADMIN.email });
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { error: { email: string }; message: string };
    expect(body.error.email).toBe('Something went wrong');
    expect(body.message).toMatch(/^password:/);
    const garbage = await post(DEMO_AUTH_API.login, 'not json');
    expect(garbage.status).toBe(400);
  });
});

describe('POST /jwt/register', () => {
  const NEW = { email: 'asha@spice-route.demo', password: 'tandoor1', username: 'asha.k' };

  it('registers an admin with manage all under the last id plus one, who can then sign in', async () => {
    const response = await post(DEMO_AUTH_API.register, NEW);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'user']);
    const result = await register({ ...NEW, email: 'second@spice-route.demo', username: 'second' });
    if (!result.ok) throw new Error('duplicate');
    expect(body['user']).toMatchObject({ id: 3, email: NEW.email, username: NEW.username, role: 'admin', ability: [{ action: 'manage', subject: 'all' }] });
    expect(body['user']).not.toHaveProperty('password');
    expect(result.session.user.id).toBe(4);
    expect(await demoTokens.verify(result.session.accessToken, 'access')).toBe(4);

    const signedIn = await login({ email: NEW.email, password: NEW.password });
    expect(signedIn.ok && signedIn.session.userData.id).toBe(3);
  });

  it('answers 200 with the email message for a taken email (any case)', async () => {
    const response = await post(DEMO_AUTH_API.register, { ...NEW, email: 'ADMIN@demo.com' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ error: { email: 'This email is already in use.', username: null } });
  });

  it('answers 200 with the username message for a taken username', async () => {
    const response = await post(DEMO_AUTH_API.register, { ...NEW, username: 'janedoe' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ error: { email: null, username: 'This username is already in use.' } });
  });

  it('answers both messages when both are taken, and adds no one', async () => {
    expect(await register({ ...NEW, email: CLIENT.email, username: 'johndoe' })).toEqual({
      ok: false,
      errors: { email: DEMO_AUTH_MESSAGES.emailInUse, username: DEMO_AUTH_MESSAGES.usernameInUse },
    });
    const next = await register(NEW);
    expect(next.ok && next.session.user.id).toBe(3);
  });

  it.each([
    ['email', { ...NEW, email: 'not-an-email' }],
    ['password', { ...NEW, password: '123' }],
    ['username', { ...NEW, username: 'a b' }],
  ])('rejects a bad %s with 400 naming it', async (field, body) => {
    const response = await post(DEMO_AUTH_API.register, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(new RegExp(`^${field}:`));
  });
});

describe('POST /jwt/refresh-token', () => {
  async function signInAdmin() {
    const result = await login({ email: ADMIN.email, password: ADMIN.password });
    if (!result.ok) throw new Error(result.message);
    return result.session;
  }

  it('trades a refresh token for new tokens and the user', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    const first = await signInAdmin();
    vi.setSystemTime(new Date('2026-11-27T12:05:00Z'));
    const result = await refreshToken(first.refreshToken);
    if (!result.ok) throw new Error(result.message);
    expect(result.session.userData).toEqual(first.userData);
    expect(result.session.accessToken).not.toBe(first.accessToken);
    expect(decodeJwt(result.session.refreshToken).exp).toBe(Date.parse('2026-11-27T12:15:00Z') / 1000);
  });

  it.each([
    ['a forged token', () => 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
    ['no token', () => undefined],
  ])('answers 401 "Invalid refresh token" for %s', async (_case, token) => {
    const response = await post(DEMO_AUTH_API.refresh, { refreshToken: token() });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Invalid refresh token' });
  });

  it('answers 401 for an access token used as a refresh token', async () => {
    const { accessToken } = await signInAdmin();
    expect(await refreshToken(accessToken)).toEqual({ ok: false, status: 401, message: DEMO_AUTH_MESSAGES.invalidRefresh });
  });

  it('answers 401 for a token of a user the mock does not know', async () => {
    const stranger = await demoTokens.sign(99, 'refresh');
    expect(await refreshToken(stranger)).toMatchObject({ ok: false, status: 401 });
  });
});

describe('demo tokens (10 minutes)', () => {
  it('live 10 minutes, access and refresh alike, and are refused after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
    const result = await login({ email: ADMIN.email, password: ADMIN.password });
    if (!result.ok) throw new Error(result.message);
    for (const token of [result.session.accessToken, result.session.refreshToken]) {
      const { iat, exp } = decodeJwt(token);
      expect(DEMO_TOKEN_LIFETIME_S).toBe(600);
      expect(iat).toBe(Date.parse('2026-11-27T12:00:00Z') / 1000);
      expect((exp ?? 0) - (iat ?? 0)).toBe(600);
    }
    vi.setSystemTime(new Date('2026-11-27T12:09:59Z'));
    expect(await demoTokens.verify(result.session.accessToken, 'access')).toBe(1);
    vi.setSystemTime(new Date('2026-11-27T12:10:01Z'));
    await expect(demoTokens.verify(result.session.accessToken, 'access')).rejects.toThrow();
    expect(await refreshToken(result.session.refreshToken)).toEqual({ ok: false, status: 401, message: 'Invalid refresh token' });
  });
});

describe('tokenExpiry (the demo session panel)', () => {
  it('reads the exp claim of a demo token, and null for anything else', async () => {
    const { tokenExpiry } = await import('./demo-session.ts');
    const token = await demoTokens.sign(1, 'access');
    expect(tokenExpiry(token)?.getTime()).toBe((decodeJwt(token).exp ?? 0) * 1000);
    expect(tokenExpiry('not-a-token')).toBeNull();
    expect(tokenExpiry('a.b.c')).toBeNull();
  });
});
