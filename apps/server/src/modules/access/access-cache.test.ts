import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API } from '@dinedesk/contracts';
import { decodeJwt } from 'jose';
import { schema } from '../../db/client.ts';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';
import { forgetCachedAccess } from './session.service.ts';

/**
 * The per-process cache of a session's access (session.service.ts `AccessCache`):
 * reused while fresh, dropped at once by logout and by access changes made through the
 * service. A long TTL here makes "dropped" visible: only an invalidation can end an entry.
 */
const REVIEWS = '/api/review_testing/get-fb-reviews?limit=1';

describe.each([
  ['with the cache (ACCESS_CACHE_SECONDS=60)', '60'],
  ['without the cache (ACCESS_CACHE_SECONDS=0)', '0'],
])('access of a session %s', (_label, seconds) => {
  let h: Harness;
  const get = (token: string) => h.server.app.inject({ method: 'GET', url: REVIEWS, headers: bearer(token) });
  const revokeInDatabase = (token: string) => h.server.ctx.db.update(schema.sessions).set({ revokedAt: new Date() }).where(eq(schema.sessions.id, decodeJwt(token).jti!));

  beforeAll(async () => {
    h = await startHarness({ sync: false, env: { ACCESS_CACHE_SECONDS: seconds } });
  });
  afterAll(() => h?.close());

  it(seconds === '0' ? 'reads the session on every call: a revocation written to the database counts at once' : 'reuses the access it read: a revocation written behind its back counts only once the entry is dropped', async () => {
    const token = await h.login('viewer@spice-route.demo');
    expect((await get(token)).statusCode).toBe(200);
    await revokeInDatabase(token);
    if (seconds === '0') {
      expect((await get(token)).statusCode).toBe(401);
      return;
    }
    expect((await get(token)).statusCode).toBe(200);
    forgetCachedAccess(h.server.ctx, { sessionIds: [decodeJwt(token).jti!] });
    expect((await get(token)).statusCode).toBe(401);
  });

  it('forgets every session at once when told to (after a Redis outage, announcements may be lost)', async () => {
    const tokens = [await h.login('viewer@spice-route.demo'), await h.login('agent@spice-route.demo')];
    for (const t of tokens) expect((await get(t)).statusCode).toBe(200);
    for (const t of tokens) await revokeInDatabase(t);
    forgetCachedAccess(h.server.ctx, { all: true });
    for (const t of tokens) expect((await get(t)).statusCode).toBe(401);
  });

  it('ends a session at logout, on the next call', async () => {
    const token = await h.login('viewer@spice-route.demo');
    expect((await get(token)).statusCode).toBe(200);
    expect((await h.server.app.inject({ method: 'GET', url: API.logout, headers: bearer(token) })).statusCode).toBeLessThan(300);
    const res = await get(token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Invalid token' });
  });

  it('applies a role change and a removal made through the access service on the next call', async () => {
    const owner = await h.login('owner@spice-route.demo');
    const agentLogin = await h.server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'agent@spice-route.demo', password: 'DineDesk-demo-2026' } });
    const { accessToken: agent, userData } = agentLogin.json() as { accessToken: string; userData: { id: string } };
    const ability = async () => (await h.server.app.inject({ method: 'GET', url: '/api/get-client-details', headers: bearer(agent) })).json().userData.ability as { action: string; subject: string }[];
    expect(await ability()).toContainEqual(expect.objectContaining({ action: 'create', subject: 'ReviewReply' }));
    const change = (body: object) => h.server.app.inject({ method: 'POST', url: '/api/access-control-of-user', headers: bearer(owner), payload: { request: 'update', userId: userData.id, ...body } });
    expect((await change({ role: 'viewer' })).statusCode).toBe(200);
    expect(await ability()).not.toContainEqual(expect.objectContaining({ action: 'create', subject: 'ReviewReply' }));
    expect((await get(agent)).statusCode).toBe(200);
    expect((await change({ remove: true })).statusCode).toBe(200);
    expect((await get(agent)).statusCode).toBe(401);
  });

  it('hands out access that no caller can change for the next request', async () => {
    const token = await h.login('outlet.manager@spice-route.demo');
    const { resolveAuth } = await import('./session.service.ts');
    const auth = await resolveAuth(h.server.ctx, token);
    expect(Object.isFrozen(auth)).toBe(true);
    expect(() => (auth.outletIds as string[]).push('00000000-0000-0000-0000-000000000000')).toThrow(TypeError);
    expect((await resolveAuth(h.server.ctx, token)).outletIds).toEqual(auth.outletIds);
  });
});
