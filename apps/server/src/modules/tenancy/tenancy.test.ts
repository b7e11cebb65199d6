import { randomUUID } from 'node:crypto';
import type { TAuditEntry } from '@dinedesk/contracts/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { io as connect } from 'socket.io-client';
import { SOCKET_CLIENT_OPTIONS, SOCKET_EVENTS, type TClientOnboardingRequest, type TClientOnboardingResponse, type TInboxEvent, type TInboxPage } from '@dinedesk/contracts';
import { eq } from 'drizzle-orm';
import { schema } from '../../db/client.ts';
import { connectSocket, startHarness, tableCounts, type Harness } from '../../test/harness.ts';

let h: Harness;
let admin: string;
const RESERVGO_SECRET = 'reservgo-test-secret-0123456789abcdef';

const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
  h.request(method, url, { token, payload });

beforeAll(async () => {
  h = await startHarness({ sync: false, listen: true, env: { RESERVGO_SHARED_SECRET: RESERVGO_SECRET } });
  admin = await h.login('admin@dinedesk.demo');
});
afterAll(() => h?.close());

const onboarding = (key: string, pageId?: string): TClientOnboardingRequest => ({
  clientKey: key,
  name: `Client ${key}`,
  brands: [
    { key: 'tandoor', name: 'Tandoor House', cuisines: ['North Indian'], outlets: [{ key: 'tandoor-indiranagar', name: 'Tandoor Indiranagar', city: 'Bangalore', facebookPageId: pageId }] },
    { key: 'dosa', name: 'Dosa Point', outlets: [{ key: 'dosa-hsr', name: 'Dosa HSR', city: 'Bangalore' }, { key: 'dosa-jayanagar', name: 'Dosa Jayanagar' }] },
  ],
  owner: { email: `owner@${key}.example`, fullName: 'New Owner' },
});

describe('POST /api/client-onboarding', () => {
  it('refuses a caller without `create Client` before reading the input: 403, not a 400 describing it (declared need)', async () => {
    const owner = await h.login('owner@spice-route.demo');
    const counts = await tableCounts(h);
    const res = await api('POST', '/api/client-onboarding', owner, { ...onboarding('refused-co'), name: ' ', clientKey: 'x'.repeat(65) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Your role (client_owner) may not create Client' });
    expect(await tableCounts(h)).toEqual(counts);
  });

  it('onboards a client in one call; the owner sets a password from the invitation and sees only that client', async () => {
    const res = await api('POST', '/api/client-onboarding', admin, onboarding('masala-co', '990000000000001'));
    expect(res.statusCode).toBe(201);
    const body: TClientOnboardingResponse = res.json();
    expect(body.created).toBe(true);
    expect(body.client.brands.map((b) => b.outlets.length)).toEqual([1, 2]);
    expect(body.client.brands[0]!.outlets[0]!.facebookPageId).toBe('990000000000001');
    expect(body.invitation!.url).toMatch(/^\/set-password\?token=[A-Za-z0-9_-]{40,}$/);

    // The owner cannot sign in before setting a password.
    const early = await api('POST', '/api/auth/login', undefined, { email: 'owner@masala-co.example', password: 'whatever-pass' });
    expect(early.statusCode).toBe(401);

    const token = new URL(body.invitation!.url, 'http://x').searchParams.get('token')!;
    const set = await api('POST', '/api/auth/set-password', undefined, { token, password: 'Masala-Lantern-Orbit-42' });
    expect(set.statusCode).toBe(200);
    expect(set.json().userData).toMatchObject({ role: 'client_owner', client: { id: body.client.id } });
    // One-time: the same link again is refused.
    expect((await api('POST', '/api/auth/set-password', undefined, { token, password: 'Another-Lantern-Orbit-43' })).statusCode).toBe(400);

    const owner = await h.login('owner@masala-co.example', 'Masala-Lantern-Orbit-42');
    const details = (await api('GET', '/api/get-client-details', owner)).json();
    expect(details.client.name).toBe('Client masala-co');
    expect(details.client.brands.map((b: { name: string }) => b.name).sort()).toEqual(['Dosa Point', 'Tandoor House']);
    const brands = (await api('POST', '/api/get-all-brands', owner, {})).json();
    expect(brands.data.map((b: { key: string }) => b.key).sort()).toEqual(['dosa', 'tandoor']);
    // Owners cannot onboard clients.
    const before = await tableCounts(h);
    const refused = await api('POST', '/api/client-onboarding', owner, onboarding('sneaky-co'));
    expect(refused.statusCode).toBe(403);
    expect(await tableCounts(h)).toEqual(before);
    // The audit log records the onboarding.
    const log = (await api('GET', '/api/audit-log', owner)).json();
    expect(log.data.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['client.onboarded', 'password.set']));
  });

  it('is idempotent on the client key: the same request answers the first result and writes nothing', async () => {
    const first = await api('POST', '/api/client-onboarding', admin, onboarding('curry-leaf'));
    expect(first.statusCode).toBe(201);
    const before = await tableCounts(h);
    const again = await api('POST', '/api/client-onboarding', admin, onboarding('curry-leaf'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), created: false, invitation: null });
    expect(await tableCounts(h)).toEqual(before);
    // Same key, different request: a conflict naming the key, nothing written.
    const other = await api('POST', '/api/client-onboarding', admin, { ...onboarding('curry-leaf'), name: 'Someone Else' });
    expect(other.statusCode).toBe(409);
    expect(other.json().field).toBe('body.clientKey');
    expect(await tableCounts(h)).toEqual(before);
  });

  it('answers concurrent retries with one client', async () => {
    const results = await Promise.all([1, 2, 3].map(() => api('POST', '/api/client-onboarding', admin, onboarding('race-kitchen'))));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    expect(new Set(results.map((r) => r.json().client.id)).size).toBe(1);
  });

  it('names each bad field and writes nothing', async () => {
    const before = await tableCounts(h);
    const res = await api('POST', '/api/client-onboarding', admin, {
      clientKey: 'Bad Key',
      name: '',
      brands: [{ key: 'x1', name: 'X', outlets: [{ key: 'o1', name: 'O' }, { key: 'o1', name: 'P', facebookPageId: 'abc' }] }],
      owner: { email: 'nope', fullName: 'N' },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().issues.map((i: { field: string }) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['body.clientKey', 'body.name', 'body.brands.0.outlets.1.facebookPageId', 'body.owner.email']));
    expect(await tableCounts(h)).toEqual(before);
    // A page already linked elsewhere is a conflict, and nothing of the client is written.
    const taken = await api('POST', '/api/client-onboarding', admin, onboarding('page-thief', '990000000000001'));
    expect(taken.statusCode).toBe(409);
    expect(await tableCounts(h)).toEqual(before);
  });
});

describe('roles and access ids', () => {
  it('answers the caller’s role and access ids; a member’s only with read Access', async () => {
    const viewer = await h.login('viewer@spice-route.demo');
    const role = (await api('POST', '/api/get-user-role', viewer, {})).json();
    expect(role.role).toBe('viewer');
    const mine = (await api('POST', '/api/access-control-of-user', viewer, { request: 'get' })).json();
    expect(mine).toMatchObject({ role: 'viewer', allOutlets: true });
    expect(mine.access.modules).toContain('reviews_and_complaints');
    const owner = await h.login('owner@spice-route.demo');
    const users = (await api('GET', '/api/client-users', owner)).json().data as { id: string; email: string }[];
    const manager = users.find((u) => u.email === 'outlet.manager@spice-route.demo')!;
    expect((await api('POST', '/api/access-control-of-user', viewer, { request: 'get', userId: manager.id })).statusCode).toBe(403);
    const theirs = (await api('POST', '/api/access-control-of-user', owner, { request: 'get', userId: manager.id })).json();
    expect(theirs.access.outletIds).toHaveLength(1);
  });

  it('updates access with immediate effect: the next call of an open session is refused', async () => {
    const owner = await h.login('owner@spice-route.demo');
    const manager = await h.login('outlet.manager@spice-route.demo');
    const users = (await api('GET', '/api/client-users', owner)).json().data as { id: string; email: string; fullName: string; access: { outletIds: string[] } }[];
    const m = users.find((u) => u.email === 'outlet.manager@spice-route.demo')!;
    const pages = (await api('GET', '/api/review_testing/get-fb-pages', manager)).json().data as { id: string }[];
    expect(pages).toHaveLength(1);
    const pageId = pages[0]!.id;
    expect((await api('GET', `/api/review_testing/get-fb-reviews?pageId=${pageId}`, manager)).statusCode).toBe(200);

    const update = await api('POST', '/api/access-control-of-user', owner, { request: 'update', userId: m.id, outletIds: [] });
    expect(update.statusCode).toBe(200);
    expect(update.json().access.outletIds).toEqual([]);
    // Same token, next call: the outlet is gone.
    expect((await api('GET', `/api/review_testing/get-fb-reviews?pageId=${pageId}`, manager)).statusCode).toBe(404);
    expect((await api('GET', '/api/review_testing/get-fb-pages', manager)).json().data).toEqual([]);

    // Revoking the module removes the ability itself (403 rather than 404).
    await api('POST', '/api/access-control-of-user', owner, { request: 'update', userId: m.id, outletIds: m.access.outletIds, modules: ['reporting'] });
    expect((await api('GET', `/api/review_testing/get-fb-reviews?pageId=${pageId}`, manager)).statusCode).toBe(403);
    const ability = (await api('GET', '/api/get-client-details', manager)).json().userData.ability;
    expect(ability).toContainEqual({ action: 'read', subject: 'Reporting' });
    expect(ability).not.toContainEqual({ action: 'read', subject: 'Review' });

    // Restored; the audit log has both changes with who and when.
    await api('POST', '/api/access-control-of-user', owner, { request: 'update', userId: m.id, outletIds: m.access.outletIds, modules: ['reviews_and_complaints'] });
    expect((await api('GET', `/api/review_testing/get-fb-reviews?pageId=${pageId}`, manager)).statusCode).toBe(200);
    const log = (await api('GET', '/api/audit-log', owner)).json().data as TAuditEntry[];
    const changes = log.filter((e) => e.action === 'access.updated' && e.target.kind === 'user' && e.target.id === m.id);
    expect(changes.length).toBeGreaterThanOrEqual(3);
    // Names, not ids: who did it, to whom, and the outlets the change names (this client's own).
    expect(log[0]!.actor).toEqual({ id: expect.any(String), name: 'Spice Route Hospitality Owner' });
    expect(changes[0]!.target.name).toBe(m.fullName);
    for (const id of m.access.outletIds) {
      const [o] = await h.server.ctx.db.select().from(schema.outlets).where(eq(schema.outlets.id, id));
      expect(changes[0]!.names[`outlet:${id}`]).toBe(o!.name);
    }
    // Another client's log holds none of this client's rows or names.
    const theirs = (await api('GET', '/api/audit-log', await h.login('owner@deccan-table.demo'))).json().data as TAuditEntry[];
    expect(theirs.some((e) => e.target.id === m.id || Object.keys(e.names).some((k) => m.access.outletIds.some((id) => k.endsWith(id))))).toBe(false);
  });

  it('refuses ids of another client with 404 and writes nothing', async () => {
    const owner = await h.login('owner@spice-route.demo');
    const other = await h.login('owner@deccan-table.demo');
    const theirUsers = (await api('GET', '/api/client-users', other)).json().data as { id: string; email: string }[];
    const theirBrands = (await api('POST', '/api/get-all-brands', other, {})).json().data as { id: string }[];
    const myUsers = (await api('GET', '/api/client-users', owner)).json().data as { id: string; email: string }[];
    const viewer = myUsers.find((u) => u.email === 'viewer@spice-route.demo')!;
    const before = await tableCounts(h);
    expect((await api('POST', '/api/access-control-of-user', owner, { request: 'update', userId: theirUsers[0]!.id, modules: [] })).statusCode).toBe(404);
    expect((await api('POST', '/api/access-control-of-user', owner, { request: 'update', userId: viewer.id, brandIds: [theirBrands[0]!.id] })).statusCode).toBe(404);
    expect((await api('POST', '/api/get-user-role', owner, { userId: theirUsers[0]!.id })).statusCode).toBe(404);
    expect(await tableCounts(h)).toEqual(before);
  });

  it('changes a role at once and audits it; nobody changes their own access', async () => {
    const owner = await h.login('owner@deccan-table.demo');
    const viewer = await h.login('viewer@deccan-table.demo');
    const users = (await api('GET', '/api/client-users', owner)).json().data as { id: string; email: string }[];
    const v = users.find((u) => u.email === 'viewer@deccan-table.demo')!;
    const me = users.find((u) => u.email === 'owner@deccan-table.demo')!;
    const pages = (await api('GET', '/api/review_testing/get-fb-pages', viewer)).json().data as { id: string }[];
    const before = await tableCounts(h);
    expect((await api('POST', '/reply-fb-review', viewer, { pageId: pages[0]!.id, reviewId: '1', message: 'hi' })).statusCode).toBe(403);
    expect(await tableCounts(h)).toEqual(before);
    const self = await api('POST', '/api/access-control-of-user', owner, { request: 'update', userId: me.id, role: 'viewer' });
    expect(self.statusCode).toBe(403);
    expect(await tableCounts(h)).toEqual(before);

    const res = await api('POST', '/api/access-control-of-user', owner, { request: 'update', userId: v.id, role: 'agent' });
    expect(res.json()).toMatchObject({ role: 'agent', allOutlets: true });
    // The viewer's open session is an agent's on its next call.
    const ability = (await api('GET', '/api/get-client-details', viewer)).json().userData.ability;
    expect(ability).toContainEqual({ action: 'create', subject: 'ReviewReply' });
    expect((await api('POST', '/api/get-user-role', viewer, {})).json().role).toBe('agent');
    const log = (await api('GET', '/api/audit-log', owner)).json().data as { action: string; details: Record<string, unknown> }[];
    expect(log.find((e) => e.action === 'role.changed')?.details).toEqual({ from: 'viewer', to: 'agent' });
    await api('POST', '/api/access-control-of-user', owner, { request: 'update', userId: v.id, role: 'viewer' });
  });

  it('invites a user with a role and access ids', async () => {
    const owner = await h.login('owner@deccan-table.demo');
    const brands = (await api('POST', '/api/get-all-brands', owner, {})).json().data as { id: string }[];
    const res = await api('POST', '/api/client-users/invite', owner, { email: 'new.manager@deccan-table.demo', fullName: 'New Manager', role: 'brand_manager', brandIds: [brands[0]!.id], modules: ['reviews_and_complaints'] });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ role: 'brand_manager', active: false, access: { brandIds: [brands[0]!.id], modules: ['reviews_and_complaints'] } });
    const token = new URL(res.json().invitation.url, 'http://x').searchParams.get('token')!;
    const signedIn = (await api('POST', '/api/auth/set-password', undefined, { token, password: 'Manager-Staple-Orbit-42' })).json();
    const visible = (await api('POST', '/api/get-all-brands', signedIn.accessToken, {})).json().data as { id: string }[];
    expect(visible.map((b) => b.id)).toEqual([brands[0]!.id]);
    expect((await api('POST', '/api/client-users/invite', owner, { email: 'new.manager@deccan-table.demo', fullName: 'Again', role: 'viewer' })).statusCode).toBe(409);
  });

  it('grants every module but Digital Marketing when the invitation names none (off by default, decision 0043)', async () => {
    const owner = await h.login('owner@deccan-table.demo');
    const res = await api('POST', '/api/client-users/invite', owner, { email: 'default.modules@deccan-table.demo', fullName: 'Default Modules', role: 'agent' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.access.modules).toEqual(['reviews_and_complaints', 'menu_management', 'business_overview', 'reporting']);
    const token = new URL(res.json().invitation.url, 'http://x').searchParams.get('token')!;
    const signedIn = (await api('POST', '/api/auth/set-password', undefined, { token, password: 'Default-Modules-Lantern-42' })).json();
    expect((await api('POST', '/api/ads/outlets', signedIn.accessToken, {})).statusCode).toBe(403);
    expect((await api('POST', '/api/orders/outlets', signedIn.accessToken, {})).statusCode).toBe(200);
  });
});

describe('removing a user from a client', () => {
  it('ends their sessions of that client at once and disconnects their sockets', async () => {
    const owner = await h.login('owner@spice-route.demo');
    const invite = (await api('POST', '/api/client-users/invite', owner, { email: 'temp.agent@spice-route.demo', fullName: 'Temp Agent', role: 'agent' })).json();
    const token = new URL(invite.invitation.url, 'http://x').searchParams.get('token')!;
    const signedIn = (await api('POST', '/api/auth/set-password', undefined, { token, password: 'Temp-Agent-Battery-42' })).json();
    const session = signedIn.accessToken as string;
    expect((await api('GET', '/api/review_testing/get-fb-pages', session)).statusCode).toBe(200);
    const socket = connect(h.baseUrl, { ...SOCKET_CLIENT_OPTIONS, transports: ['websocket'], reconnection: false, auth: { token: session } });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const gone = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const res = await api('POST', '/api/access-control-of-user', owner, { request: 'update', userId: signedIn.userData.id, remove: true });
    expect(res.statusCode).toBe(200);
    await gone;
    expect((await api('GET', '/api/review_testing/get-fb-pages', session)).statusCode).toBe(401);
    const users = (await api('GET', '/api/client-users', owner)).json().data as { email: string }[];
    expect(users.map((u) => u.email)).not.toContain('temp.agent@spice-route.demo');
    const log = (await api('GET', '/api/audit-log', owner)).json().data as { action: string }[];
    expect(log[0]!.action).toBe('user.removed');
    socket.close();
  });
});

describe('switching clients', () => {
  it('gives a user of several clients a token for each; a token for A cannot use ids of B', async () => {
    const group = await h.login('group.owner@dinedesk.demo');
    const clients = (await api('GET', '/api/my-clients', group)).json().data as { id: string; name: string; current: boolean }[];
    expect(clients).toHaveLength(2);
    const current = clients.find((c) => c.current)!;
    const other = clients.find((c) => !c.current)!;
    const switched = await api('GET', `/api/get-access-token-by-client-id?clientId=${other.id}`, group);
    expect(switched.statusCode).toBe(200);
    const tokenB = switched.json().accessToken as string;
    expect(switched.json().userData.client).toEqual({ id: other.id, name: other.name });
    const pagesB = (await api('GET', '/api/review_testing/get-fb-pages', tokenB)).json().data as { id: string }[];
    const pagesA = (await api('GET', '/api/review_testing/get-fb-pages', group)).json().data as { id: string }[];
    expect(pagesA.map((p) => p.id)).not.toContain(pagesB[0]!.id);
    // The A token with a page of B: 404, as for an id that does not exist.
    expect((await api('GET', `/api/review_testing/get-fb-reviews?pageId=${pagesB[0]!.id}`, group)).statusCode).toBe(404);
    expect((await api('POST', '/api/get-all-brands', group, { clientId: other.id })).statusCode).toBe(404);
    expect(current.id).not.toBe(other.id);
  });

  it('refuses a client the user does not belong to with 404, and any client to nobody', async () => {
    const owner = await h.login('owner@spice-route.demo');
    const all = (await api('GET', '/api/my-clients', admin)).json().data as { id: string; name: string }[];
    const deccan = all.find((c) => c.name === 'Deccan Table Group')!;
    const before = await tableCounts(h);
    expect((await api('GET', `/api/get-access-token-by-client-id?clientId=${deccan.id}`, owner)).statusCode).toBe(404);
    expect((await api('GET', `/api/get-access-token-by-client-id?clientId=${randomUUID()}`, admin)).statusCode).toBe(404);
    expect((await api('GET', `/api/get-access-token-by-client-id?clientId=${deccan.id}`)).statusCode).toBe(401);
    expect(await tableCounts(h)).toEqual(before);
    // The super admin switches into any client.
    const res = await api('GET', `/api/get-access-token-by-client-id?clientId=${deccan.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().userData).toMatchObject({ role: 'super_admin', client: { id: deccan.id } });
  });
});

describe('GET /api/reservgo/secure-endpoint', () => {
  const sign = (claims: Record<string, unknown>, opts: { secret?: string; iat?: number; exp?: number; aud?: string } = {}) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('reservgo')
      .setAudience(opts.aud ?? 'dinedesk')
      .setSubject('agent@spice-route.demo')
      .setJti(randomUUID())
      .setIssuedAt(opts.iat ?? now)
      .setExpirationTime(opts.exp ?? now + 120)
      .sign(new TextEncoder().encode(opts.secret ?? RESERVGO_SECRET));
  };

  it('signs in with a partner-signed token once; a replay is refused', async () => {
    const token = await sign({});
    const res = await api('GET', `/api/reservgo/secure-endpoint?token=${token}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().userData).toMatchObject({ email: 'agent@spice-route.demo', role: 'agent' });
    expect((await api('GET', '/api/get-client-details', res.json().accessToken)).statusCode).toBe(200);
    const replay = await api('GET', `/api/reservgo/secure-endpoint?token=${token}`);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('Token has already been used');
  });

  it('refuses expired, long-lived, foreign-signed and wrong-audience tokens, writing nothing', async () => {
    const now = Math.floor(Date.now() / 1000);
    const before = await tableCounts(h);
    const expired = await api('GET', `/api/reservgo/secure-endpoint?token=${await sign({}, { iat: now - 400, exp: now - 100 })}`);
    expect(expired.json().message).toBe('Token has expired');
    const long = await api('GET', `/api/reservgo/secure-endpoint?token=${await sign({}, { exp: now + 3600 })}`);
    expect(long.statusCode).toBe(401);
    const foreign = await api('GET', `/api/reservgo/secure-endpoint?token=${await sign({}, { secret: 'another-secret-another-secret-0123' })}`);
    expect(foreign.statusCode).toBe(401);
    const audience = await api('GET', `/api/reservgo/secure-endpoint?token=${await sign({}, { aud: 'someone-else' })}`);
    expect(audience.statusCode).toBe(401);
    expect((await api('GET', '/api/reservgo/secure-endpoint?token=garbage')).statusCode).toBe(401);
    expect(await tableCounts(h)).toEqual(before);
  });

  it('answers 503 when no shared secret is configured', async () => {
    const saved = h.server.ctx.config.reservgo.sharedSecret;
    h.server.ctx.config.reservgo.sharedSecret = null;
    try {
      const res = await api('GET', `/api/reservgo/secure-endpoint?token=${await sign({})}`);
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe('ReservGo sign-on is not configured');
    } finally {
      h.server.ctx.config.reservgo.sharedSecret = saved;
    }
  });
});

describe('sockets follow access changes', () => {
  const socketFor = (token: string, extra: Record<string, unknown> = {}) => connectSocket(h.baseUrl, token, extra);

  it('moves an open socket out of rooms it may no longer see and tells it', async () => {
    const owner = await h.login('owner@spice-route.demo');
    const managerToken = await h.login('brand.manager@spice-route.demo');
    const users = (await api('GET', '/api/client-users', owner)).json().data as { id: string; email: string; access: { brandIds: string[] } }[];
    const m = users.find((u) => u.email === 'brand.manager@spice-route.demo')!;
    const pages = (await api('GET', '/api/messenger/pages', managerToken)).json().data as TInboxPage[];
    expect(pages.length).toBeGreaterThan(0);
    const socket = await socketFor(managerToken);
    try {
      const changed = new Promise<unknown>((resolve) => socket.once(SOCKET_EVENTS.accessChanged, resolve));
      await api('POST', '/api/access-control-of-user', owner, { request: 'update', userId: m.id, brandIds: [] });
      expect(await changed).toEqual({ reason: 'access' });
      // An event of a former page reaches the owner's socket (still allowed), not the manager's.
      const ownerSocket = await socketFor(owner);
      try {
        const seenByManager: unknown[] = [];
        socket.on(SOCKET_EVENTS.inboxEvent, (e) => seenByManager.push(e));
        const ownerGot = new Promise<unknown>((resolve) => ownerSocket.once(SOCKET_EVENTS.inboxEvent, resolve));
        const event = { type: 'conversation', eventId: 1 } as unknown as TInboxEvent;
        h.server.ctx.realtime.emit([{ clientId: 'x', outletId: 'x', accountId: pages[0]!.id, event }]);
        expect(await ownerGot).toEqual(event);
        await new Promise((r) => setTimeout(r, 200));
        expect(seenByManager).toEqual([]);
      } finally {
        ownerSocket.close();
      }
    } finally {
      socket.close();
      await api('POST', '/api/access-control-of-user', owner, { request: 'update', userId: m.id, brandIds: m.access.brandIds });
    }
  });
});

describe('invitations across clients (docs/decisions/0009)', () => {
  const STRONG = 'Correct-Horse-Battery-42';
  const tokenOf = (url: string) => new URL(url, 'http://x').searchParams.get('token')!;

  it('an owner of one client cannot take over a not-yet-activated owner of another client', async () => {
    // Client B is onboarded; its owner has not used the invitation yet.
    const b = (await api('POST', '/api/client-onboarding', admin, onboarding('victim-co'))).json() as TClientOnboardingResponse;
    const ownerA = await h.login('owner@spice-route.demo');
    // The owner of client A invites B's owner and uses the link A received.
    const invite = await api('POST', '/api/client-users/invite', ownerA, { email: 'OWNER@victim-co.example', fullName: 'Anyone', role: 'viewer' });
    expect(invite.statusCode).toBe(201);
    const set = await api('POST', '/api/auth/set-password', undefined, { token: tokenOf(invite.json().invitation.url), password: STRONG });
    // The reported attack: sign in with the password A chose and switch into B as its owner.
    const login = await api('POST', '/api/auth/login', undefined, { email: 'owner@victim-co.example', password: STRONG });
    if (login.statusCode === 200) {
      const switched = await api('GET', `/api/get-access-token-by-client-id?clientId=${b.client.id}`, login.json().accessToken);
      expect(switched.statusCode, 'switched into B as its owner').not.toBe(200);
    }
    expect(login.statusCode).toBe(401);
    // The link of A does not set a password for an account another client invited first.
    expect(set.statusCode).toBe(409);
    expect(set.json()).toMatchObject({ field: 'body.token', code: 'invitation_sign_in' });
    expect(set.body).not.toMatch(/victim|New Owner/);
    // B's own link still works, and gives B's owner B only (A's invitation is not accepted).
    const own = await api('POST', '/api/auth/set-password', undefined, { token: tokenOf(b.invitation!.url), password: STRONG });
    expect(own.statusCode).toBe(200);
    expect(own.json().userData).toMatchObject({ role: 'client_owner', client: { id: b.client.id } });
    const clients = (await api('GET', '/api/my-clients', own.json().accessToken)).json().data as { id: string }[];
    expect(clients.map((c) => c.id)).toEqual([b.client.id]);
  });

  /** The structure of a JSON value: keys and value types, not values. */
  const shape = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(shape) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, shape(x)])) : typeof v;
  const userRow = async (email: string) => (await h.server.ctx.db.select().from(schema.users).where(eq(schema.users.email, email)))[0]!;

  it('answers an invite the same for a new email and for accounts of another client, revealing nothing of them', async () => {
    const ownerA = await h.login('owner@spice-route.demo');
    // An active account of client B, and one B invited that has not signed in yet.
    const ownerB = await h.login('owner@deccan-table.demo');
    const pendingB = await api('POST', '/api/client-users/invite', ownerB, { email: 'pending.cook@deccan-table.demo', fullName: 'Secret Cook Of B', role: 'agent' });
    expect(pendingB.statusCode).toBe(201);
    const agentB = await userRow('agent@deccan-table.demo');
    const ask = (email: string) => api('POST', '/api/client-users/invite', ownerA, { email, fullName: 'Typed By A', role: 'viewer' });
    const fresh = await ask('brand.new.person@example.com');
    const active = await ask('agent@deccan-table.demo');
    const pending = await ask('pending.cook@deccan-table.demo');
    for (const res of [fresh, active, pending]) {
      expect(res.statusCode).toBe(201);
      expect(shape(res.json())).toEqual(shape(fresh.json()));
      expect(res.json().user).toMatchObject({ fullName: 'Typed By A', active: false, role: 'viewer' });
      expect(res.json().invitation.url).toMatch(/^\/set-password\?token=/);
      expect(res.body).not.toContain(agentB.id);
      expect(res.body).not.toContain(agentB.fullName);
      expect(res.body).not.toContain('Secret Cook Of B');
      expect(res.body).not.toContain(pendingB.json().user.id);
    }
    // The inviting client's user list shows what A typed, not B's data.
    const list = (await api('GET', '/api/client-users', ownerA)).json().data as { id: string; email: string; fullName: string; active: boolean }[];
    const listed = list.filter((u) => u.email === 'agent@deccan-table.demo' || u.email === 'pending.cook@deccan-table.demo');
    expect(listed.map((u) => ({ fullName: u.fullName, active: u.active }))).toEqual([
      { fullName: 'Typed By A', active: false },
      { fullName: 'Typed By A', active: false },
    ]);
    expect(JSON.stringify(list)).not.toContain(agentB.id);
    expect(JSON.stringify(list)).not.toContain(agentB.fullName);
    // And B's account is untouched: no membership of A until it accepts.
    expect((await api('GET', '/api/my-clients', await h.login('agent@deccan-table.demo'))).json().data).toHaveLength(1);
  });

  it('answers onboarding the same for a new owner email and for an account of another client', async () => {
    const agentB = await userRow('agent@deccan-table.demo');
    const fresh = await api('POST', '/api/client-onboarding', admin, onboarding('uniform-new'));
    const taken = await api('POST', '/api/client-onboarding', admin, { ...onboarding('uniform-taken'), owner: { email: 'agent@deccan-table.demo', fullName: 'Typed By Admin' } });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(taken.json().owner).toEqual({ email: 'agent@deccan-table.demo' });
    expect(taken.body).not.toContain(agentB.id);
    expect(taken.body).not.toContain(agentB.fullName);
  });

  it('lets an existing account accept only by signing in, never by a new password', async () => {
    const ownerA = await h.login('owner@spice-route.demo');
    const brands = (await api('POST', '/api/get-all-brands', ownerA, {})).json().data as { id: string }[];
    const invite = await api('POST', '/api/client-users/invite', ownerA, { email: 'viewer@deccan-table.demo', fullName: 'Typed', role: 'brand_manager', brandIds: [brands[0]!.id], modules: ['reviews_and_complaints'] });
    const token = tokenOf(invite.json().invitation.url);
    const before = await userRow('viewer@deccan-table.demo');
    // The link does not change the password of an account that has one.
    const set = await api('POST', '/api/auth/set-password', undefined, { token, password: STRONG });
    expect(set.statusCode).toBe(409);
    expect(set.json()).toMatchObject({ field: 'body.token', code: 'invitation_sign_in' });
    expect((await userRow('viewer@deccan-table.demo')).passwordHash).toBe(before.passwordHash);
    const viewerB = await h.login('viewer@deccan-table.demo');
    // Not visible to the invitee before accepting.
    expect((await api('GET', '/api/my-clients', viewerB)).json().data).toHaveLength(1);
    // Another signed-in account cannot take it, and nothing is written.
    const agentB = await h.login('agent@deccan-table.demo');
    const counts = await tableCounts(h);
    const wrong = await api('POST', '/api/auth/accept-invitation', agentB, { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().field).toBe('body.token');
    expect(await tableCounts(h)).toEqual(counts);
    // The invited account signs in and accepts: a session of client A with the invited role.
    const accepted = await api('POST', '/api/auth/accept-invitation', viewerB, { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().userData).toMatchObject({ id: before.id, role: 'brand_manager', client: { name: 'Spice Route Hospitality' } });
    const visible = (await api('POST', '/api/get-all-brands', accepted.json().accessToken, {})).json().data as { id: string }[];
    expect(visible.map((b) => b.id)).toEqual([brands[0]!.id]);
    expect((await api('GET', '/api/my-clients', viewerB)).json().data).toHaveLength(2);
    // Single use.
    expect((await api('POST', '/api/auth/accept-invitation', viewerB, { token })).statusCode).toBe(400);
    // Once a member, the list shows the account as it is.
    const list = (await api('GET', '/api/client-users', ownerA)).json().data as { id: string; email: string; active: boolean }[];
    expect(list.filter((u) => u.email === 'viewer@deccan-table.demo')).toEqual([expect.objectContaining({ id: before.id, active: true })]);
    await api('POST', '/api/access-control-of-user', ownerA, { request: 'update', userId: before.id, remove: true });
  });

  it('lets only the first inviting client’s link choose the password of a new email', async () => {
    const ownerA = await h.login('owner@spice-route.demo');
    const ownerB = await h.login('owner@deccan-table.demo');
    const first = await api('POST', '/api/client-users/invite', ownerB, { email: 'first.come@example.com', fullName: 'B typed', role: 'agent' });
    const later = await api('POST', '/api/client-users/invite', ownerA, { email: 'first.come@example.com', fullName: 'A typed', role: 'viewer' });
    const counts = await tableCounts(h);
    const refused = await api('POST', '/api/auth/set-password', undefined, { token: tokenOf(later.json().invitation.url), password: STRONG });
    expect(refused.statusCode).toBe(409);
    expect(await tableCounts(h)).toEqual(counts);
    const own = await api('POST', '/api/auth/set-password', undefined, { token: tokenOf(first.json().invitation.url), password: STRONG });
    expect(own.json().userData).toMatchObject({ fullName: 'B typed', role: 'agent', client: { name: 'Deccan Table Group' } });
    // The person then joins A by signing in with A's link.
    const joined = await api('POST', '/api/auth/accept-invitation', own.json().accessToken, { token: tokenOf(later.json().invitation.url) });
    expect(joined.json().userData).toMatchObject({ role: 'viewer', client: { name: 'Spice Route Hospitality' } });
  });

  it('never sets the password of a super admin from an invitation', async () => {
    const ownerA = await h.login('owner@spice-route.demo');
    const invite = await api('POST', '/api/client-users/invite', ownerA, { email: 'admin@dinedesk.demo', fullName: 'Admin?', role: 'client_owner' });
    expect(invite.statusCode).toBe(201);
    const set = await api('POST', '/api/auth/set-password', undefined, { token: tokenOf(invite.json().invitation.url), password: STRONG });
    expect(set.statusCode).toBe(409);
    expect((await api('POST', '/api/auth/login', undefined, { email: 'admin@dinedesk.demo', password: STRONG })).statusCode).toBe(401);
  });

  it('lets the inviter change or withdraw a pending invitation; a withdrawn link stops working', async () => {
    const ownerA = await h.login('owner@spice-route.demo');
    const invite = (await api('POST', '/api/client-users/invite', ownerA, { email: 'maybe.later@example.com', fullName: 'Maybe Later', role: 'viewer' })).json();
    const changed = await api('POST', '/api/access-control-of-user', ownerA, { request: 'update', userId: invite.user.id, role: 'agent', modules: ['reporting'] });
    expect(changed.json()).toMatchObject({ role: 'agent', access: { modules: ['reporting'] } });
    const got = await api('POST', '/api/access-control-of-user', ownerA, { request: 'get', userId: invite.user.id });
    expect(got.json()).toMatchObject({ role: 'agent', access: { modules: ['reporting'] } });
    // Inviting again replaces the link: the first one stops working.
    const again = (await api('POST', '/api/client-users/invite', ownerA, { email: 'maybe.later@example.com', fullName: 'Maybe Later', role: 'viewer' })).json();
    expect((await api('POST', '/api/auth/set-password', undefined, { token: tokenOf(invite.invitation.url), password: STRONG })).statusCode).toBe(400);
    const removed = await api('POST', '/api/access-control-of-user', ownerA, { request: 'update', userId: again.user.id, remove: true });
    expect(removed.statusCode).toBe(200);
    expect((await api('POST', '/api/auth/set-password', undefined, { token: tokenOf(again.invitation.url), password: STRONG })).statusCode).toBe(400);
    const list = (await api('GET', '/api/client-users', ownerA)).json().data as { email: string }[];
    expect(list.map((u) => u.email)).not.toContain('maybe.later@example.com');
    const log = (await api('GET', '/api/audit-log', ownerA)).json().data as { action: string }[];
    expect(log.map((e) => e.action)).toEqual(expect.arrayContaining(['invitation.updated', 'invitation.revoked']));
  });
});
