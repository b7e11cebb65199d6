/**
 * Input that must never break anything (docs/decisions/0015-input-hygiene.md): what a
 * careless user or an attacker can type into any route. Control characters and unpaired
 * surrogates in any text field (body, query, params, object keys) are refused with a 400 naming
 * the field before anything is written or sent to Facebook; out-of-range ids, limits and
 * cursors are refused with a 400 naming the field instead of reaching PostgreSQL. The route
 * tables come from the app's own route table, so a new route is covered without an entry here.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { type TConversation, type TFbPage, type TFbReview, type TInboxMessage, type TInboxPage } from '@dinedesk/contracts';
import { bearer, startHarness, tableCounts, type Harness } from './harness.ts';

let h: Harness;
let owner: string;
/** A super admin: the one caller whose need (`create Client`) lets onboarding reach validation. */
let admin: string;
/** The token a route's input is tried with: onboarding refuses an owner with 403 before reading the
 * input. */
const callerOf = (req: InjectOptions) => (String(req.url).startsWith('/api/client-onboarding') ? admin : owner);
let fetchSpy: MockInstance<typeof fetch>;
/** Ids of the Spice Route owner's data that every route can be pointed at. */
const ids = { pageId: '', reviewId: '', storyId: '', conversationId: '', messageId: '', brandId: '', clientId: '', agentUserId: '' };

/** Routes that take text from Meta: cleaned on the way in, never refused (route config `textFromMeta`). */
const META_ROUTES = new Set(['GET /api/webhooks/meta', 'POST /api/webhooks/meta']);
const isDocsRoute = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');
const isStaticFile = (url: string) => !url.startsWith('/api/') && !url.includes(':') && existsSync(join(h.server.ctx.config.webDistDir, url));

const PARAM_VALUES: Record<string, () => string> = {
  channel: () => 'messenger',
  pageId: () => ids.pageId,
  conversationId: () => ids.conversationId,
  messageId: () => ids.messageId,
  // A job id nobody has: the route answers 404 after validation, so the bad values reach it.
  id: () => '00000000-0000-4000-8000-000000000000',
};

function inject(opts: InjectOptions, token: string | null = owner): Promise<LightMyRequestResponse> {
  return h.server.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), ...(token ? bearer(token) : {}) } });
}

/** Calls the server made to the Graph API (the simulator) so far. */
function graphCalls(): number {
  return fetchSpy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).startsWith(h.simUrl)).length;
}

/** Comments of the review's story, read straight from the simulator with the page token. */
function graphComments(): Promise<{ id: string; message: string }[]> {
  return h.storyComments(ids.pageId, ids.storyId);
}

/**
 * Runs `fn` and asserts it wrote nothing (row count of every table) and called Facebook never.
 */
async function writesNothing(fn: () => Promise<void>): Promise<void> {
  const counts = await tableCounts(h);
  const calls = graphCalls();
  await fn();
  expect(graphCalls(), 'calls to the Graph API').toBe(calls);
  expect(await tableCounts(h)).toEqual(counts);
}

/** Every route of the app that takes user input: method, registered url, and its param names. */
function userRoutes(): { method: string; url: string; params: string[] }[] {
  return h.server.app.routeTable
    .filter((r) => !['HEAD', 'OPTIONS'].includes(r.method) && !isDocsRoute(r.url) && !META_ROUTES.has(`${r.method} ${r.url}`) && !(r.method === 'GET' && isStaticFile(r.url)))
    .map((r) => ({ method: r.method, url: r.url, params: [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]!) }));
}
const fillParams = (url: string, override: Record<string, string> = {}) => url.replace(/:(\w+)/g, (_m, name: string) => override[name] ?? PARAM_VALUES[name]?.() ?? '1');
const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

beforeAll(async () => {
  // Installed before the server is built: its Graph client keeps the fetch it finds.
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  h = await startHarness();
  owner = await h.login('owner@spice-route.demo');
  admin = await h.login('admin@dinedesk.demo');
  const pages = (await inject({ method: 'GET', url: '/api/review_testing/get-fb-pages' })).json().data as TFbPage[];
  const page = pages.find((p) => p.name === '13 Dhaba') ?? pages[0]!;
  const reviews = (await inject({ method: 'GET', url: `/api/review_testing/get-fb-reviews?pageId=${page.id}&limit=100` })).json().data as TFbReview[];
  const review = reviews.find((r) => r.canReply)!;
  Object.assign(ids, { pageId: page.id, reviewId: review.id, storyId: review.storyId!, brandId: page.brandId });
  const inboxPages = (await inject({ method: 'GET', url: '/api/messenger/pages' })).json().data as TInboxPage[];
  for (const p of inboxPages) {
    const listed = await inject({ method: 'GET', url: `/api/messenger/pages/${p.id}/conversations?limit=100` });
    expect(listed.statusCode, listed.body).toBe(200);
    const convs = listed.json().data as TConversation[];
    const conv = convs.find((c) => c.window.state === 'standard');
    if (!conv) continue;
    const msgs = (await inject({ method: 'GET', url: `/api/messenger/pages/${p.id}/conversations/${conv.id}/messages?limit=100` })).json().data as TInboxMessage[];
    const guest = msgs.find((m) => m.direction === 'guest');
    if (!guest) continue;
    Object.assign(ids, { conversationId: conv.id, messageId: guest.id });
    PARAM_VALUES.pageId = () => p.id;
    break;
  }
  expect(ids.conversationId).not.toBe('');
  const users = (await inject({ method: 'GET', url: '/api/client-users' })).json().data as { id: string; email: string }[];
  ids.agentUserId = users.find((u) => u.email === 'agent@spice-route.demo')!.id;
  const me = (await inject({ method: 'GET', url: '/api/get-client-details' })).json() as { client: { id: string } };
  ids.clientId = me.client.id;
}, 180_000);
afterAll(async () => {
  await h?.close();
  fetchSpy?.mockRestore();
});

const inboxPath = () => `/api/messenger/pages/${PARAM_VALUES.pageId!()}/conversations/${ids.conversationId}`;

describe('control characters in what users send', () => {
  it('refuses a review reply with a NUL before Facebook sees it, and the review’s comments still load', async () => {
    const before = await graphComments();
    await writesNothing(async () => {
      const res = await inject({ method: 'POST', url: '/reply-fb-review', payload: { pageId: ids.pageId, reviewId: ids.reviewId, message: 'Thank you\u0000 for visiting' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'body.message', message: 'message contains a control character (U+0000), which is not allowed' });
    });
    expect(await graphComments()).toEqual(before);
    expect((await inject({ method: 'GET', url: `/api/review_testing/get-fb-comments?pageId=${ids.pageId}&reviewId=${ids.reviewId}` })).statusCode).toBe(200);
  });

  it('refuses an inbox send with a NUL, sending nothing to the guest', async () => {
    const sim = () => h.sim.conversations(PARAM_VALUES.pageId!(), 'messenger').map((c) => c.messageCount);
    const before = sim();
    await writesNothing(async () => {
      const res = await inject({ method: 'POST', url: `${inboxPath()}/messages`, payload: { text: 'Table for 4\u0000' }, headers: { 'idempotency-key': 'nul-send-1' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field: 'body.text', message: expect.stringMatching(/^text contains a control character \(U\+0000\)/) });
    });
    expect(sim()).toEqual(before);
  });

  it('refuses every C0 control character and DEL, and lets tab, line feed and carriage return through', async () => {
    const refused = [...Array.from({ length: 0x20 }, (_, i) => i).filter((c) => ![0x09, 0x0a, 0x0d].includes(c)), 0x7f];
    await writesNothing(async () => {
      for (const code of refused) {
        const res = await inject({ method: 'POST', url: '/reply-fb-review', payload: { pageId: ids.pageId, reviewId: ids.reviewId, message: `Thanks ${String.fromCharCode(code)}!` } });
        const hex = code.toString(16).toUpperCase().padStart(4, '0');
        expect([res.statusCode, res.json().field, res.json().message], `U+${hex}`).toEqual([400, 'body.message', `message contains a control character (U+${hex}), which is not allowed`]);
      }
    });
    const res = await inject({ method: 'GET', url: `/api/review_testing/get-fb-reviews?q=${encodeURIComponent('good\tfood\r\nnice')}` });
    expect(res.statusCode).toBe(200);
  });

  it('names the field of each text input of each route (body, query, nested, keys)', async () => {
    const msgs = `${inboxPath()}/messages`;
    const cases: { req: InjectOptions; field: string; token?: string | null }[] = [
      { req: { method: 'POST', url: '/api/auth/login', payload: { email: 'owner@spice-route.demo\u0000', password: 'DineDesk-demo-2026' } }, field: 'body.email', token: null },
      { req: { method: 'POST', url: '/api/auth/login', payload: { email: 'owner@spice-route.demo', password: 'DineDesk-demo-2026\u0000' } }, field: 'body.password', token: null },
      { req: { method: 'POST', url: '/api/auth/set-password', payload: { token: 'x'.repeat(43), password: 'a long \u0008 password' } }, field: 'body.password', token: null },
      { req: { method: 'GET', url: `/api/reservgo/secure-endpoint?token=${encodeURIComponent('a.b\u0000.c')}` }, field: 'query.token', token: null },
      { req: { method: 'GET', url: `/api/review_testing/get-fb-reviews?q=${encodeURIComponent('dal\u0000')}` }, field: 'query.q' },
      { req: { method: 'GET', url: `/api/review_testing/get-fb-comments?pageId=${ids.pageId}&reviewId=${encodeURIComponent(`${ids.reviewId}\u0000`)}` }, field: 'query.reviewId' },
      { req: { method: 'POST', url: '/api/review_testing/sync-fb-reviews', payload: { pageId: `${ids.pageId}\u001b` } }, field: 'body.pageId' },
      { req: { method: 'POST', url: msgs, payload: { imageUrl: 'https://example.com/a\u0000.png' } }, field: 'body.imageUrl' },
      { req: { method: 'POST', url: `${msgs}/${ids.messageId}/react`, payload: { reaction: 'love\u0000' } }, field: 'body.reaction' },
      { req: { method: 'POST', url: '/api/client-users/invite', payload: { email: 'new@example.com', fullName: 'New\u0000 User', role: 'viewer' } }, field: 'body.fullName' },
      { req: { method: 'POST', url: '/api/client-users/invite', payload: { email: 'new@example.com', fullName: 'New User', role: 'viewer', brandIds: [ids.brandId, `${ids.brandId}\u0000`] } }, field: 'body.brandIds.1' },
      { req: { method: 'POST', url: '/api/get-user-role', payload: { userId: `${ids.agentUserId}\u0000` } }, field: 'body.userId' },
      { req: { method: 'POST', url: '/api/access-control-of-user', payload: { request: 'get\u0000', userId: ids.agentUserId } }, field: 'body.request' },
      { req: { method: 'POST', url: '/api/get-all-brands', payload: { clientId: `${ids.clientId}\u0007` } }, field: 'body.clientId' },
      { req: { method: 'GET', url: `/api/get-access-token-by-client-id?clientId=${ids.clientId}%00` }, field: 'query.clientId' },
      {
        req: { method: 'POST', url: '/api/client-onboarding', payload: { clientKey: 'nul-co', name: 'Nul Co', brands: [{ key: 'b', name: 'Brand', outlets: [{ key: 'o', name: 'Outlet', city: 'Pu\u0000ne' }] }], owner: { email: 'o@nul.example', fullName: 'O' } } },
        field: 'body.brands.0.outlets.0.city',
      },
      // A control character in an object key names the object that holds the key.
      { req: { method: 'POST', url: '/api/client-users/invite', payload: { email: 'new@example.com', fullName: 'New User', role: 'viewer', 'role\u0000': 'client_owner' } }, field: 'body' },
      { req: { method: 'GET', url: '/api/review_testing/get-fb-reviews?q%00=dal' }, field: 'query' },
    ];
    await writesNothing(async () => {
      for (const c of cases) {
        const res = await inject(c.req, c.token === undefined ? callerOf(c.req) : c.token);
        const name = c.field.split('.').slice(1).join('.') || c.field;
        expect([res.statusCode, res.json().field], `${c.req.method} ${c.req.url} ${c.field}`).toEqual([400, c.field]);
        expect(res.json().message).toMatch(new RegExp(`^${name.replace(/\./g, '\\.')} (contains|has a key with) a control character \\(U\\+00[01][0-9A-F]\\), which is not allowed$`));
      }
    });
  });

  it('refuses a NUL in the query, the body and every param of every route in the route table', async () => {
    const routes = userRoutes();
    expect(routes.length).toBeGreaterThan(20);
    const failures: string[] = [];
    // Logout gets a token of its own, so that a logout the guard failed to stop ends only that one.
    const logoutToken = await h.login('owner@spice-route.demo');
    const check = async (what: string, req: InjectOptions, field: string) => {
      const res = await inject(req, String(req.url).startsWith('/api/logout') ? logoutToken : callerOf(req));
      if (res.statusCode !== 400 || res.json().field !== field) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    };
    await writesNothing(async () => {
      for (const r of routes) {
        const url = fillParams(r.url);
        await check(`${r.method} ${r.url} query`, { method: r.method as 'GET', url: `${url}?probe=a%00b`, ...(hasBody(r.method) ? { payload: {} } : {}) }, 'query.probe');
        if (hasBody(r.method)) await check(`${r.method} ${r.url} body`, { method: r.method as 'POST', url, payload: { probe: 'a\u0000b' } }, 'body.probe');
        for (const p of r.params) await check(`${r.method} ${r.url} :${p}`, { method: r.method as 'GET', url: fillParams(r.url, { [p]: '1%00' }), ...(hasBody(r.method) ? { payload: {} } : {}) }, `params.${p}`);
      }
    });
    expect(failures).toEqual([]);
    // The refused logouts did not run: their token still works.
    expect((await inject({ method: 'GET', url: '/api/get-client-details' }, logoutToken)).statusCode).toBe(200);
  });

  it('refuses unpaired UTF-16 surrogates (not Unicode text) naming the field', async () => {
    await writesNothing(async () => {
      for (const message of ['Thanks \ud800!', 'Thanks \udfff', '\udc00\ud800']) {
        const res = await inject({ method: 'POST', url: '/reply-fb-review', payload: { pageId: ids.pageId, reviewId: ids.reviewId, message } });
        expect([res.statusCode, res.json().field]).toEqual([400, 'body.message']);
        expect(res.json().message).toMatch(/^message contains an unpaired surrogate \(U\+D[89A-F][0-9A-F]{2}\), which is not valid Unicode text$/);
      }
      const q = await inject({ method: 'GET', url: '/api/review_testing/get-fb-reviews?q=%ED%A0%80' });
      // Invalid UTF-8 in the URL decodes to U+FFFD, which is ordinary text.
      expect(q.statusCode).toBe(200);
    });
    // A well-formed pair (an emoji) is text like any other.
    const ok = await inject({ method: 'GET', url: `/api/review_testing/get-fb-reviews?q=${encodeURIComponent('👍')}` });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a body nested deeper than 32 levels (no contract needs more) without a 500', async () => {
    // 100 000 levels fit in the body limit: a recursive walk would overflow the stack.
    const nested = (depth: number) => `{"probe":${'['.repeat(depth)}"a"${']'.repeat(depth)}}`;
    await writesNothing(async () => {
      for (const depth of [100_000, 32]) {
        const res = await inject({ method: 'POST', url: '/api/get-user-role', payload: nested(depth), headers: { 'content-type': 'application/json' } });
        expect(res.statusCode, String(depth)).toBe(400);
        expect(res.json().field).toBe(`body.probe${'.0'.repeat(31)}`);
        expect(res.json().message).toMatch(/is nested more than 32 levels deep$/);
      }
    });
    const shallow = await inject({ method: 'POST', url: '/api/get-user-role', payload: nested(30), headers: { 'content-type': 'application/json' } });
    expect(shallow.statusCode).toBe(200);
  });

  it('lets the Meta webhook handshake through with Meta’s text as sent (text from Meta is cleaned, never refused)', async () => {
    const res = await inject({ method: 'GET', url: `/api/webhooks/meta?hub.mode=subscribe&hub.verify_token=${h.config.meta.webhookVerifyToken}&hub.challenge=12%0134` }, null);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('12\u000134');
  });
});

describe('out-of-range values', () => {
  const badIds = ['9'.repeat(19), '9'.repeat(40), '9007199254740993', '-1', '1e5', ' 1', '1.0', '0x10', ''];

  it('refuses review ids that are not a stored id (19+ digits, beyond 2^53, signs, exponents) with 400', async () => {
    await writesNothing(async () => {
      for (const bad of badIds) {
        const get = await inject({ method: 'GET', url: `/api/review_testing/get-fb-comments?pageId=${ids.pageId}&reviewId=${encodeURIComponent(bad)}` });
        expect([get.statusCode, get.json().field], `get ${JSON.stringify(bad)}`).toEqual([400, 'query.reviewId']);
        expect(get.json().message).toMatch(/reviewId/);
        const post = await inject({ method: 'POST', url: '/reply-fb-review', payload: { pageId: ids.pageId, reviewId: bad, message: 'Thank you' } });
        expect([post.statusCode, post.json().field], `post ${JSON.stringify(bad)}`).toEqual([400, 'body.reviewId']);
      }
    });
  });

  it('refuses conversation and message ids out of range in every inbox route', async () => {
    const routes = userRoutes().filter((r) => r.params.includes('conversationId') || r.params.includes('messageId'));
    expect(routes.length).toBeGreaterThanOrEqual(5);
    const failures: string[] = [];
    await writesNothing(async () => {
      for (const r of routes) {
        for (const p of r.params.filter((x) => x === 'conversationId' || x === 'messageId')) {
          for (const bad of badIds.filter(Boolean)) {
            const res = await inject({ method: r.method as 'GET', url: fillParams(r.url, { [p]: encodeURIComponent(bad) }), ...(hasBody(r.method) ? { payload: r.url.endsWith('/react') ? { reaction: 'love' } : { text: 'hi' } } : {}) });
            if (res.statusCode !== 400 || res.json().field !== `params.${p}`) failures.push(`${r.method} ${r.url} ${p}=${JSON.stringify(bad)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    });
    expect(failures).toEqual([]);
  });

  it('refuses page ids that are not Facebook ids, and answers 404 for well-formed unknown ones', async () => {
    for (const bad of ['-1', '1e5', ' 1', 'abc', '9'.repeat(33)]) {
      const res = await inject({ method: 'GET', url: `/api/review_testing/get-fb-reviews?pageId=${encodeURIComponent(bad)}` });
      expect([res.statusCode, res.json().field], bad).toEqual([400, 'query.pageId']);
      const inbox = await inject({ method: 'GET', url: `/api/messenger/pages/${encodeURIComponent(bad)}/conversations` });
      expect([inbox.statusCode, inbox.json().field], bad).toEqual([400, 'params.pageId']);
    }
    expect((await inject({ method: 'GET', url: `/api/messenger/pages/${'9'.repeat(32)}/conversations` })).statusCode).toBe(404);
  });

  /** Cursors a client could craft: base64url of `time|id` with impossible dates or ids. */
  const enc = (s: string) => Buffer.from(s).toString('base64url');
  const badCursors: [string, string][] = [
    ['year 275760', enc('+275760-09-13T00:00:00.000Z|1')],
    ['year 0 (no such year)', enc('0000-01-01T00:00:00.000Z|1')],
    ['before the epoch by millennia', enc('-271821-04-20T00:00:00.000Z|1')],
    ['30 February', enc('2024-02-30T00:00:00.000Z|1')],
    ['hour 24', enc('2024-01-01T24:00:00.000Z|1')],
    ['month 13', enc('2024-13-01T00:00:00.000Z|1')],
    ['NaN', enc('NaN|1')],
    ['id beyond 2^53', enc('2024-01-01T00:00:00.000Z|9007199254740993')],
    ['id of 19 digits', enc(`2024-01-01T00:00:00.000Z|${'9'.repeat(19)}`)],
    ['negative id', enc('2024-01-01T00:00:00.000Z|-1')],
    ['id with exponent', enc('2024-01-01T00:00:00.000Z|1e5')],
    ['no id', enc('2024-01-01T00:00:00.000Z')],
    ['not base64url', 'abc$def'],
    ['too long', 'A'.repeat(513)],
    ['empty', ''],
  ];

  it('refuses impossible cursors on the reviews, conversations and messages lists', async () => {
    const lists = [
      '/api/review_testing/get-fb-reviews?',
      `/api/messenger/pages/${PARAM_VALUES.pageId!()}/conversations?`,
      `${inboxPath()}/messages?`,
    ];
    const failures: string[] = [];
    for (const list of lists) {
      for (const [what, cursor] of badCursors) {
        const res = await inject({ method: 'GET', url: `${list}cursor=${encodeURIComponent(cursor)}` });
        if (res.statusCode !== 400 || res.json().field !== 'query.cursor') failures.push(`${list} ${what}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      // A real cursor still pages.
      const first = (await inject({ method: 'GET', url: `${list}limit=1` })).json();
      expect(first.paging.nextCursor, list).toBeTruthy();
      expect((await inject({ method: 'GET', url: `${list}limit=1&cursor=${first.paging.nextCursor}` })).statusCode, list).toBe(200);
    }
    expect(failures).toEqual([]);
  });

  it('refuses huge, fractional, negative, non-numeric and repeated limits and ratings', async () => {
    const lists = ['/api/review_testing/get-fb-reviews?', `/api/messenger/pages/${PARAM_VALUES.pageId!()}/conversations?`, `${inboxPath()}/messages?`];
    const failures: string[] = [];
    for (const list of lists) {
      for (const bad of ['1e309', '99999999999999999999', '-1', '0', '1.5', 'abc', '', 'Infinity', '101', '1&limit=2']) {
        const res = await inject({ method: 'GET', url: `${list}limit=${bad}` });
        if (res.statusCode !== 400 || res.json().field !== 'query.limit') failures.push(`${list} limit=${bad}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    for (const bad of ['1e309', '6', '0', '2.5', 'five', '1&rating=2']) {
      const res = await inject({ method: 'GET', url: `/api/review_testing/get-fb-reviews?rating=${bad}` });
      if (res.statusCode !== 400 || res.json().field !== 'query.rating') failures.push(`rating=${bad}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses wrong types and non-UUIDs naming the field, never reaching PostgreSQL', async () => {
    const cases: [InjectOptions, string][] = [
      [{ method: 'POST', url: '/reply-fb-review', payload: { pageId: Number(ids.pageId), reviewId: ids.reviewId, message: 'hi' } }, 'body.pageId'],
      [{ method: 'POST', url: '/reply-fb-review', payload: { pageId: ids.pageId, reviewId: [ids.reviewId], message: 'hi' } }, 'body.reviewId'],
      [{ method: 'POST', url: '/reply-fb-review', payload: { pageId: ids.pageId, reviewId: ids.reviewId, message: { text: 'hi' } } }, 'body.message'],
      [{ method: 'GET', url: `/api/review_testing/get-fb-comments?pageId=${ids.pageId}&reviewId=${ids.reviewId}&reviewId=1` }, 'query.reviewId'],
      [{ method: 'GET', url: `/api/review_testing/get-fb-reviews?pageId=${ids.pageId}&pageId=${ids.pageId}` }, 'query.pageId'],
      [{ method: 'GET', url: '/api/review_testing/get-fb-reviews?q=a&q=b' }, 'query.q'],
      [{ method: 'POST', url: `${inboxPath()}/messages`, payload: { text: ['hi'] } }, 'body.text'],
      [{ method: 'POST', url: '/api/get-user-role', payload: { userId: 'not-a-uuid' } }, 'body.userId'],
      [{ method: 'POST', url: '/api/get-user-role', payload: { userId: `${ids.agentUserId}0` } }, 'body.userId'],
      [{ method: 'POST', url: '/api/access-control-of-user', payload: { request: 'get', userId: "1' or '1'='1" } }, 'body.userId'],
      [{ method: 'POST', url: '/api/access-control-of-user', payload: { request: 'update', userId: ids.agentUserId, outletIds: ['x'] } }, 'body.outletIds.0'],
      [{ method: 'POST', url: '/api/get-all-brands', payload: { clientId: 42 } }, 'body.clientId'],
      [{ method: 'GET', url: '/api/get-access-token-by-client-id?clientId=zzz' }, 'query.clientId'],
      [{ method: 'POST', url: '/api/client-users/invite', payload: { email: 'n@example.com', fullName: 'N', role: 'viewer', brandIds: ['x'] } }, 'body.brandIds.0'],
      [{ method: 'POST', url: '/api/client-users/invite', payload: { email: 'n@example.com', fullName: 'N', role: 'owner' } }, 'body.role'],
    ];
    const failures: string[] = [];
    await writesNothing(async () => {
      for (const [req, field] of cases) {
        const res = await inject(req);
        if (res.statusCode !== 400 || res.json().field !== field) failures.push(`${req.method} ${req.url} ${JSON.stringify(req.payload)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    });
    expect(failures).toEqual([]);
  });
});

describe('careless input: empty, blank and oversized text', () => {
  it('refuses each with 400 naming the field', async () => {
    const msgs = `${inboxPath()}/messages`;
    const onboarding = (patch: Record<string, unknown>) => ({ clientKey: 'careless-co', name: 'Careless Co', brands: [{ key: 'bb', name: 'Brand', outlets: [{ key: 'oo', name: 'Outlet' }] }], owner: { email: 'o@careless.example', fullName: 'O' }, ...patch });
    const invite = (patch: Record<string, unknown>) => ({ email: 'careless@example.com', fullName: 'Careless', role: 'viewer', ...patch });
    const cases: [InjectOptions, string, (string | null)?][] = [
      [{ method: 'POST', url: '/api/auth/login', payload: { email: `${'a'.repeat(250)}@example.com`, password: 'x' } }, 'body.email', null],
      [{ method: 'POST', url: '/api/auth/login', payload: { email: 'owner@spice-route.demo', password: 'x'.repeat(129) } }, 'body.password', null],
      [{ method: 'POST', url: '/api/auth/login', payload: { email: '   ', password: 'x' } }, 'body.email', null],
      [{ method: 'POST', url: '/api/auth/set-password', payload: { token: 'x'.repeat(201), password: 'a-long-password-2026' } }, 'body.token', null],
      [{ method: 'GET', url: `/api/reservgo/secure-endpoint?token=${'x'.repeat(4097)}` }, 'query.token', null],
      [{ method: 'POST', url: '/reply-fb-review', payload: { pageId: ids.pageId, reviewId: ids.reviewId, message: ' \n\t ' } }, 'body.message'],
      [{ method: 'POST', url: '/reply-fb-review', payload: { pageId: ids.pageId, reviewId: ids.reviewId, message: 'x'.repeat(8001) } }, 'body.message'],
      [{ method: 'POST', url: msgs, payload: { text: 'x'.repeat(2001) } }, 'body.text'],
      [{ method: 'POST', url: msgs, payload: { text: '\n\n' } }, 'body.text'],
      [{ method: 'POST', url: msgs, payload: { imageUrl: `https://example.com/${'a'.repeat(2048)}` } }, 'body.imageUrl'],
      [{ method: 'POST', url: `${msgs}/${ids.messageId}/react`, payload: { reaction: '  ' } }, 'body.reaction'],
      [{ method: 'POST', url: `${msgs}/${ids.messageId}/react`, payload: { reaction: 'x'.repeat(33) } }, 'body.reaction'],
      [{ method: 'GET', url: `/api/review_testing/get-fb-reviews?q=${'x'.repeat(201)}` }, 'query.q'],
      [{ method: 'POST', url: '/api/client-users/invite', payload: invite({ fullName: '   ' }) }, 'body.fullName'],
      [{ method: 'POST', url: '/api/client-users/invite', payload: invite({ fullName: 'x'.repeat(121) }) }, 'body.fullName'],
      [{ method: 'POST', url: '/api/client-users/invite', payload: invite({ email: '' }) }, 'body.email'],
      [{ method: 'POST', url: '/api/client-users/invite', payload: invite({ email: `${'a'.repeat(250)}@example.com` }) }, 'body.email'],
      [{ method: 'POST', url: '/api/client-onboarding', payload: onboarding({ name: ' ' }) }, 'body.name'],
      [{ method: 'POST', url: '/api/client-onboarding', payload: onboarding({ clientKey: 'x'.repeat(65) }) }, 'body.clientKey'],
      [{ method: 'POST', url: '/api/client-onboarding', payload: onboarding({ brands: [{ key: 'bb', name: 'Brand', cuisines: ['  '], outlets: [{ key: 'oo', name: 'Outlet' }] }] }) }, 'body.brands.0.cuisines.0'],
      [{ method: 'POST', url: '/api/client-onboarding', payload: onboarding({ brands: [{ key: 'bb', name: 'Brand', outlets: [{ key: 'oo', name: 'Outlet', city: 'x'.repeat(81) }] }] }) }, 'body.brands.0.outlets.0.city'],
      [{ method: 'POST', url: '/api/client-onboarding', payload: onboarding({ owner: { email: 'o@careless.example', fullName: '\t' } }) }, 'body.owner.fullName'],
    ];
    const failures: string[] = [];
    await writesNothing(async () => {
      for (const [req, field, token] of cases) {
        const res = await inject(req, token === undefined ? callerOf(req) : token);
        const body = res.json() as { field?: string; message: string; issues?: { field: string }[] };
        const fields = [body.field, ...(body.issues ?? []).map((i) => i.field)];
        const last = field.split('.').pop()!;
        if (res.statusCode !== 400 || !fields.includes(field) || !body.message.includes(last === 'body' ? '' : last.replace(/^\d+$/, ''))) {
          failures.push(`${req.method} ${String(req.url).slice(0, 60)} ${field}: ${res.statusCode} ${res.body.slice(0, 160)}`);
        }
      }
    });
    expect(failures).toEqual([]);
  });
});
