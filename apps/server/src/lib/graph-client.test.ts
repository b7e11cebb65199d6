import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GraphClient, GraphError, GraphTimeoutError, GraphUsageHold, readUsage, writeOutcomeUnknown } from './graph-client.ts';
import { graphCodeLabel, rateLimitWaitSeconds } from './graph-errors.ts';

function fakeFetch(responses: (() => Response | Promise<Response>)[]) {
  const calls: { url: string; init: RequestInit }[] = [];
  const impl = (async (url: string, init: RequestInit) => {
    calls.push({ url: String(url), init });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    return next();
  }) as unknown as typeof fetch;
  return { impl, calls };
}
const json = (body: unknown, status = 200) => () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const client = (f: typeof fetch) => new GraphClient({ baseUrl: 'http://graph.test', version: 'v21.0', appId: '1', appSecret: 's', fetch: f, backoffMs: 1 });

describe('GraphClient', () => {
  it('sends versioned paths with the token in the Authorization header, never in the URL, and its appsecret_proof', async () => {
    const f = fakeFetch([json({ id: '1' })]);
    await client(f.impl).get('123', { fields: 'id,name' }, 'PAGE_TOKEN');
    const proof = createHmac('sha256', 's').update('PAGE_TOKEN').digest('hex');
    expect(f.calls[0]!.url).toBe(`http://graph.test/v21.0/123?fields=id%2Cname&appsecret_proof=${proof}`);
    expect(f.calls[0]!.url).not.toContain('PAGE_TOKEN');
    expect((f.calls[0]!.init.headers as Record<string, string>).authorization).toBe('Bearer PAGE_TOKEN');
  });

  it('signs every call with the proof of its own token: POST, JSON POST, DELETE and paging', async () => {
    const f = fakeFetch([json({ id: 'c' }), json({ message_id: 'm' }), json({ success: true }), json({ data: [1], paging: { next: 'http://graph.test/v21.0/p/feed?after=X' } }), json({ data: [2] })]);
    const c = client(f.impl);
    await c.post('s_1/comments', { message: 'hi' }, 'A');
    await c.postJson('p/messages', { recipient: { id: '1' } }, 'B');
    await c.delete('c_1', {}, 'C');
    for await (const page of c.paginate('p/feed', {}, 'D')) void page;
    const proofOf = (t: string) => createHmac('sha256', 's').update(t).digest('hex');
    expect(f.calls.map((call) => new URL(call.url).searchParams.get('appsecret_proof'))).toEqual([proofOf('A'), proofOf('B'), proofOf('C'), proofOf('D'), proofOf('D')]);
  });

  it('turns the Graph error envelope into a GraphError branching on code, not status', async () => {
    const f = fakeFetch([json({ error: { message: '(#12) deprecated', type: 'OAuthException', code: 12, fbtrace_id: 'T' } }, 400)]);
    const err = (await client(f.impl).get('1/ratings', {}, 't').catch((e) => e)) as GraphError;
    expect(err).toBeInstanceOf(GraphError);
    expect(err.code).toBe(12);
    expect(err.isDeprecated).toBe(true);
    expect(err.isTransient).toBe(false);
    expect(f.calls).toHaveLength(1);
  });

  it('retries transient errors on GET and gives up after maxRetries', async () => {
    const busy = json({ error: { message: 'An unexpected error has occurred. Please retry your request later.', type: 'OAuthException', code: 2, is_transient: true } }, 500);
    const ok = fakeFetch([busy, busy, json({ ok: true })]);
    expect(await client(ok.impl).get('x', {}, 't')).toEqual({ ok: true });
    const fail = fakeFetch([busy, busy, busy, busy]);
    const err = (await client(fail.impl).get('x', {}, 't').catch((e) => e)) as GraphError;
    expect(err.code).toBe(2);
    expect(fail.calls).toHaveLength(3);
  });

  it('does not call again inside a rate-limit window, and reads the window from the usage headers', async () => {
    const throttled = (code: number, headers: Record<string, string>) => () =>
      new Response(JSON.stringify({ error: { message: `(#${code}) limit`, type: 'OAuthException', code, is_transient: true } }), { status: 400, headers: { 'content-type': 'application/json', ...headers } });
    const buc = { 'x-business-use-case-usage': JSON.stringify({ '1': [{ type: 'pages', call_count: 100, total_cputime: 40, total_time: 60, estimated_time_to_regain_access: 7 }] }) };
    const page = fakeFetch([throttled(32, buc), json({ ok: true })]);
    const err = (await client(page.impl).get('1/ratings', {}, 't').catch((e) => e)) as GraphError;
    expect(page.calls).toHaveLength(1);
    expect(err).toMatchObject({ code: 32, isRateLimit: true, retriesSoon: false, usage: { percent: 100, regainSeconds: 420 } });
    const app = fakeFetch([throttled(4, { 'x-app-usage': '{"call_count":100,"total_cputime":12,"total_time":30}' })]);
    const appErr = (await client(app.impl).get('x', {}, 't').catch((e) => e)) as GraphError;
    expect(app.calls).toHaveLength(1);
    expect(appErr.usage).toEqual({ percent: 100, regainSeconds: null, bucket: 'app' });
    // A per-second throttle (613) with no window is retried at once; a bad header is no header.
    const perSecond = fakeFetch([throttled(613, { 'x-business-use-case-usage': 'not json' }), json({ ok: true })]);
    expect(await client(perSecond.impl).get('1/conversations', {}, 't')).toEqual({ ok: true });
    expect(perSecond.calls).toHaveLength(2);
  });

  // Graph API "Rate Limits" (https://developers.facebook.com/docs/graph-api/overview/rate-limiting):
  // usage is reported as percentages in X-App-Usage, X-Page-Usage and X-Business-Use-Case-Usage
  // (with estimated_time_to_regain_access in minutes); apps should slow down before 100 %.
  it('holds calls with a token whose usage reached the backoff percentage, for Graph\'s estimate or the pause', async () => {
    let now = new Date('2026-12-04T10:00:00Z');
    const ok = (headers: Record<string, string>) => () => new Response('{"ok":true}', { status: 200, headers: { 'content-type': 'application/json', ...headers } });
    const messenger = { 'x-business-use-case-usage': JSON.stringify({ '1': [{ type: 'messenger', call_count: 100, total_cputime: 100, total_time: 100, estimated_time_to_regain_access: 0 }] }) };
    const buc = (percent: number, regain: number) => ({ 'x-business-use-case-usage': JSON.stringify({ '1': [{ type: 'pages', call_count: percent, total_cputime: 3, total_time: 5, estimated_time_to_regain_access: regain }] }) });
    const f = fakeFetch([ok(buc(89, 0)), ok(buc(91, 0)), ok({ 'x-app-usage': '{"call_count":10,"total_cputime":95,"total_time":20}' }), ok(buc(40, 0)), ok(messenger), ok(messenger), ok(buc(50, 3)), ok(buc(10, 0))]);
    const c = new GraphClient({ baseUrl: 'http://graph.test', version: 'v21.0', appId: '1', appSecret: 's', fetch: f.impl, backoffMs: 1, usageBackoffPercent: 90, usagePauseSeconds: 60, now: () => now });
    await c.get('1/ratings', {}, 'PAGE');
    await c.get('1/ratings', {}, 'PAGE'); // 91 %: from here the Page's token is held
    const held = (await c.get('1/ratings', {}, 'PAGE').catch((e) => e)) as GraphUsageHold;
    expect(held).toBeInstanceOf(GraphUsageHold);
    expect(held).toMatchObject({ code: 32, heldPercent: 91, isRateLimit: true, retriesSoon: false, usage: { percent: 91, regainSeconds: 60, bucket: 'page' } });
    expect(f.calls).toHaveLength(2);
    expect(graphCodeLabel(held)).toBe('rate limit 91 % used');
    expect(rateLimitWaitSeconds(held, { minSeconds: 30, maxSeconds: 3600 })).toBe(60);
    // Other tokens are not held; the held one is sent again once the pause has passed.
    now = new Date('2026-12-04T10:00:30Z');
    await c.get('me', {}, 'USER');
    expect(((await c.get('1', {}, 'PAGE').catch((e) => e)) as GraphUsageHold).usage.regainSeconds).toBe(30);
    now = new Date('2026-12-04T10:01:00Z');
    await c.get('1/ratings', {}, 'PAGE');
    // The user's answer had X-App-Usage at 95 % (total_cputime counts too): its token is held as 17.
    const user = (await c.get('me', {}, 'USER').catch((e) => e)) as GraphUsageHold;
    expect(user).toMatchObject({ code: 17, heldPercent: 95, usage: { bucket: 'app' } });
    // A per-second Conversations bucket at 100 % holds nothing: its own 613 is retried.
    await c.get('1/conversations', {}, 'PAGE3');
    expect(await c.get('1/conversations', {}, 'PAGE3')).toEqual({ ok: true });
    // estimated_time_to_regain_access (minutes) sets the hold even below the percentage.
    await c.get('1', {}, 'PAGE2');
    expect(((await c.get('1', {}, 'PAGE2').catch((e) => e)) as GraphUsageHold).usage.regainSeconds).toBe(180);
    now = new Date('2026-12-04T10:04:00Z');
    expect(await c.get('1', {}, 'PAGE2')).toEqual({ ok: true });
    expect(f.calls).toHaveLength(8);
  });

  it('does not start a hold from a throttling refusal (the caller pauses on it) and reads X-Page-Usage', async () => {
    const refused = () => new Response(JSON.stringify({ error: { message: '(#32) Page request limit reached', code: 32 } }), { status: 400, headers: { 'x-page-usage': '{"call_count":100,"total_cputime":1,"total_time":1}' } });
    const f = fakeFetch([refused, json({ ok: true })]);
    const c = client(f.impl);
    expect(((await c.get('1', {}, 'P').catch((e) => e)) as GraphError).usage).toEqual({ percent: 100, regainSeconds: null, bucket: 'page' });
    expect(await c.get('1', {}, 'P')).toEqual({ ok: true });
    expect(readUsage(new Headers({ 'x-page-usage': 'nope', 'x-app-usage': '[1]' }))).toEqual({ percent: null, regainSeconds: null });
  });

  it('does not retry a POST that reached Graph, so a comment is never posted twice', async () => {
    const f = fakeFetch([json({ error: { message: 'transient', code: 2 } }, 500), json({ id: 'x' })]);
    const err = (await client(f.impl).post('s/comments', { message: 'hi' }, 't').catch((e) => e)) as GraphError;
    expect(err.code).toBe(2);
    expect(f.calls).toHaveLength(1);
    expect(String(f.calls[0]!.init.body)).toBe('message=hi');
  });

  it('follows paging.next until it is absent, and refuses a next on another host', async () => {
    const f = fakeFetch([
      json({ data: [1, 2], paging: { next: 'http://graph.test/v21.0/p/ratings?after=a' } }),
      json({ data: [3], paging: { next: 'http://graph.test/v21.0/p/ratings?after=b' } }),
      json({ data: [], paging: {} }),
    ]);
    const seen: number[] = [];
    for await (const batch of client(f.impl).paginate<number>('p/ratings', { limit: 2 }, 't')) seen.push(...batch);
    expect(seen).toEqual([1, 2, 3]);
    const evil = fakeFetch([json({ data: [1], paging: { next: 'http://evil.test/v21.0/x' } })]);
    const it = client(evil.impl).paginate('p', {}, 't');
    await it.next();
    await expect(it.next()).rejects.toThrow(/another host/);
  });

  it('reports an unreachable host and a non-JSON answer as code -1', async () => {
    const down = fakeFetch([() => Promise.reject(new Error('ECONNREFUSED')), () => Promise.reject(new Error('ECONNREFUSED')), () => Promise.reject(new Error('ECONNREFUSED'))]);
    const e1 = (await client(down.impl).get('x', {}, 't').catch((e) => e)) as GraphError;
    expect(e1.code).toBe(-1);
    expect(e1.message).toMatch(/could not be reached/);
    const html = fakeFetch([() => new Response('<html>', { status: 200 })]);
    const e2 = (await client(html.impl).get('x', {}, 't').catch((e) => e)) as GraphError;
    expect(e2.message).toMatch(/not JSON/);
  });

  it('tells a timed-out write (may have landed) from a refused connection (nothing sent)', async () => {
    // The fake honours the abort signal the client passes, as fetch does: it never answers.
    const hang = (async (_url: string, init: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(init.signal!.reason)))) as unknown as typeof fetch;
    const slow = new GraphClient({ baseUrl: 'http://graph.test', version: 'v21.0', appId: '1', appSecret: 's', fetch: hang, timeoutMs: 20 });
    const timedOut = await slow.post('s/comments', { message: 'hi' }, 't').catch((e) => e);
    expect(timedOut).toBeInstanceOf(GraphTimeoutError);
    expect(timedOut).toBeInstanceOf(GraphError);
    expect(writeOutcomeUnknown(timedOut)).toBe(true);
    expect((timedOut as GraphTimeoutError).message).toMatch(/did not answer within 20 ms/);

    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    const down = fakeFetch([() => Promise.reject(refused)]);
    const notSent = await client(down.impl).post('s/comments', { message: 'hi' }, 't').catch((e) => e);
    expect(notSent).not.toBeInstanceOf(GraphTimeoutError);
    expect(writeOutcomeUnknown(notSent)).toBe(false);

    const reset = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    const broke = fakeFetch([() => Promise.reject(reset)]);
    expect(writeOutcomeUnknown(await client(broke.impl).post('s/comments', { message: 'hi' }, 't').catch((e) => e))).toBe(true);

    const refusal = fakeFetch([json({ error: { message: 'no', type: 'OAuthException', code: 200 } }, 403)]);
    expect(writeOutcomeUnknown(await client(refusal.impl).post('s/comments', { message: 'hi' }, 't').catch((e) => e))).toBe(false);
  });
});
