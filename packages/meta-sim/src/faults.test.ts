/**
 * Graph misbehaving on demand (faults.ts, call-log.ts, tokens.ts `revoke`): the
 * fault schedule of `/__sim/faults`, token death of `/__sim/revoke-token`, and the call log of
 * `/__sim/calls`, each as a client sees it over HTTP.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fbStoryIdFor, reviewSource } from '@dinedesk/demo-data';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_ID, APP_TOKEN, type TestSim, seedData, startSim, waitFor } from './testing.ts';

let t: TestSim;
/** Client 0's first two Pages with their page tokens, and a review story of the first. */
let pageA: { id: string; token: string };
let pageB: { id: string; token: string };
let storyA: string;

const control = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) => t.sim.app.inject({ method, url, ...(payload ? { payload } : {}) });
const arm = (rules: object[]) => control('PUT', '/__sim/faults', { rules });
type ErrorBody = { code: number; error_subcode?: number; type: string; message: string; is_transient?: boolean };

beforeEach(async () => {
  t = await startSim();
  const tokens = [...(await t.pageTokens(0)).entries()];
  pageA = { id: tokens[0]![0], token: tokens[0]![1] };
  pageB = { id: tokens[1]![0], token: tokens[1]![1] };
  const { data, clients } = seedData();
  const outlet = clients[0]!.brands.flatMap((b) => b.outlets).find((o) => o.facebookPageId === pageA.id)!;
  const review = data.reviews.find((r) => r.restaurantId === outlet.restaurantId && reviewSource(r.reviewId) === 'facebook' && r.reviewedAt.getTime() >= Date.UTC(2018, 7, 1))!;
  storyA = fbStoryIdFor(pageA.id, review.reviewId);
});
afterEach(async () => {
  await t.sim.close();
});

describe('PUT /__sim/faults: the schedule', () => {
  it('refuses a bad rule with 400 naming the field, and keeps the schedule it had', async () => {
    expect((await arm([{ kind: 'http500', times: 1 }])).statusCode).toBe(200);
    const cases: [object, RegExp][] = [
      [{ kind: 'boom' }, /rules\[0\]\.kind must be one of http500, slow, graph_error/],
      [{ kind: 'graph_error' }, /rules\[0\]\.code is required/],
      [{ kind: 'graph_error', code: 99 }, /rules\[0\]\.code must be one of/],
      [{ kind: 'graph_error', code: 32, subcode: 460 }, /subcode applies to code 190 only/],
      [{ kind: 'graph_error', code: 190, subcode: 1 }, /subcode must be one of 458, 459, 460, 463, 464, 467/],
      [{ kind: 'slow' }, /delayMs must be an integer from 1 to 120000/],
      [{ kind: 'http500', code: 32 }, /code of http500 must be 1 or 2/],
      [{ kind: 'graph_error', code: 4, regainMinutes: 5 }, /regainMinutes applies to codes 32, 80001 and 613/],
      [{ kind: 'http500', times: 0 }, /times must be a positive integer/],
      [{ kind: 'http500', method: 'PATCH' }, /method must be GET, POST or DELETE/],
      [{ kind: 'http500', color: 'red' }, /rules\[0\]\.color is not a fault setting/],
    ];
    for (const [rule, message] of cases) {
      const r = await arm([rule]);
      expect(r.statusCode, JSON.stringify(rule)).toBe(400);
      expect(r.json().error).toMatch(message);
    }
    expect((await control('PUT', '/__sim/faults', { rules: 'all' })).json().error).toBe('rules must be a list');
    expect((await control('GET', '/__sim/faults')).json()).toEqual({ rules: [{ kind: 'http500', times: 1, hits: 0 }] });
  });

  it('http500: answers 500 with the transient envelope `times` times, carries nothing out, then disarms itself', async () => {
    await arm([{ kind: 'http500', path: 'comments', method: 'POST', times: 2 }, { kind: 'http500', code: 2, path: 'nothing-matches' }]);
    for (let i = 0; i < 2; i++) {
      const r = await t.post(`/v21.0/${storyA}/comments`, { message: `attempt ${i}` }, pageA.token);
      expect(r.status).toBe(500);
      expect(r.body.error as ErrorBody).toMatchObject({ code: 1, type: 'OAuthException', message: 'An unknown error has occurred.', is_transient: true });
    }
    // A GET of the same edge is not a POST: untouched.
    expect((await t.get(`/v21.0/${storyA}/comments`, pageA.token)).body.data).toEqual([]);
    const third = await t.post(`/v21.0/${storyA}/comments`, { message: 'attempt 2' }, pageA.token);
    expect(third.status).toBe(200);
    const listed = (await t.get(`/v21.0/${storyA}/comments`, pageA.token)).body.data as { message: string }[];
    expect(listed.map((c) => c.message)).toEqual(['attempt 2']);
    expect((await control('GET', '/__sim/faults')).json().rules).toEqual([{ kind: 'http500', code: 2, path: 'nothing-matches', hits: 0 }]);
  });

  it('graph_error 1 and 2 answer 500 in Graph’s words', async () => {
    await arm([{ kind: 'graph_error', code: 2, times: 1 }]);
    const r = await t.get(`/v21.0/${pageA.id}`, pageA.token);
    expect(r.status).toBe(500);
    expect(r.body.error as ErrorBody).toMatchObject({ code: 2, message: 'An unexpected error has occurred. Please retry your request later.', is_transient: true });
  });

  it('32 on a Page: every call with its page token is refused with the usage header at 100 and the regain estimate; other Pages answer', async () => {
    await arm([{ kind: 'graph_error', code: 32, path: pageA.id, regainMinutes: 7 }]);
    for (const url of [`/v21.0/${pageA.id}/ratings?limit=1`, `/v21.0/${storyA}/comments`, '/v21.0/me']) {
      const r = await t.get(url, pageA.token);
      expect(r.status, url).toBe(400);
      expect(r.body.error as ErrorBody).toMatchObject({ code: 32, type: 'OAuthException', message: '(#32) Page request limit reached', is_transient: true });
      expect(JSON.parse(String(r.headers['x-business-use-case-usage']))).toEqual({
        [pageA.id]: [{ type: 'pages', call_count: 100, total_cputime: 100, total_time: 100, estimated_time_to_regain_access: 7 }],
      });
    }
    const other = await t.get(`/v21.0/${pageB.id}/ratings?limit=1`, pageB.token);
    expect(other.status).toBe(200);
    expect(JSON.parse(String(other.headers['x-business-use-case-usage']))[pageB.id][0].call_count).toBeLessThan(100);
    expect((await control('GET', '/__sim/faults')).json().rules[0].hits).toBe(3);
    expect((await control('DELETE', '/__sim/faults')).json()).toEqual({ cleared: 1, answered: 0 });
    expect((await t.get(`/v21.0/${pageA.id}/ratings?limit=1`, pageA.token)).status).toBe(200);
  });

  // Graph API "Rate Limits" (https://developers.facebook.com/docs/graph-api/overview/rate-limiting):
  // 80001 is the Pages business use case's code, reported in X-Business-Use-Case-Usage type pages.
  it('80001 on a Page: Meta\'s words, the pages bucket at 100 and the regain estimate', async () => {
    await arm([{ kind: 'graph_error', code: 80001, path: pageA.id, regainMinutes: 12, times: 1 }]);
    const r = await t.get(`/v21.0/${pageA.id}/ratings?limit=1`, pageA.token);
    expect(r.status).toBe(400);
    expect(r.body.error as ErrorBody).toMatchObject({ code: 80001, type: 'OAuthException', is_transient: true });
    expect((r.body.error as ErrorBody).message).toMatch(/^\(#80001\) There have been too many calls to this Page account/);
    expect(JSON.parse(String(r.headers['x-business-use-case-usage']))).toEqual({
      [pageA.id]: [{ type: 'pages', call_count: 100, total_cputime: 100, total_time: 100, estimated_time_to_regain_access: 12 }],
    });
    expect((await t.get(`/v21.0/${pageA.id}/ratings?limit=1`, pageA.token)).status).toBe(200);
  });

  it('613 on the Conversations API reports the messenger bucket; 4 and 17 report X-App-Usage at 100', async () => {
    await arm([
      { kind: 'graph_error', code: 613, path: 'conversations', times: 1 },
      { kind: 'graph_error', code: 4, path: 'test-users', times: 1 },
      { kind: 'graph_error', code: 17, path: 'me', times: 1 },
    ]);
    const conv = await t.get(`/v21.0/${pageA.id}/conversations?platform=messenger`, pageA.token);
    expect(conv.body.error as ErrorBody).toMatchObject({ code: 613, message: '(#613) Calls to this api have exceeded the rate limit.', is_transient: true });
    expect(JSON.parse(String(conv.headers['x-business-use-case-usage']))[pageA.id][0]).toMatchObject({ type: 'messenger', call_count: 100, estimated_time_to_regain_access: 1 });
    const app = await t.get(`/v21.0/${APP_ID}/accounts/test-users`, APP_TOKEN);
    expect(app.body.error as ErrorBody).toMatchObject({ code: 4, message: '(#4) Application request limit reached' });
    expect(JSON.parse(String(app.headers['x-app-usage']))).toEqual({ call_count: 100, total_cputime: 100, total_time: 100 });
    const user = await t.get('/v21.0/me', t.userToken(0));
    expect(user.body.error as ErrorBody).toMatchObject({ code: 17, message: '(#17) User request limit reached' });
    expect(JSON.parse(String(user.headers['x-app-usage'])).call_count).toBe(100);
  });

  it('190 with a subcode answers Meta’s message for it', async () => {
    await arm([{ kind: 'graph_error', code: 190, subcode: 460, path: pageA.id, times: 1 }, { kind: 'graph_error', code: 190, subcode: 458, times: 1 }]);
    const a = await t.get(`/v21.0/${pageA.id}`, pageA.token);
    expect(a.body.error as ErrorBody).toMatchObject({
      code: 190,
      error_subcode: 460,
      type: 'OAuthException',
      message: 'Error validating access token: The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
    });
    expect((a.body.error as ErrorBody).is_transient).toBeUndefined();
    const b = await t.get(`/v21.0/${pageB.id}`, pageB.token);
    expect(b.body.error as ErrorBody).toMatchObject({ code: 190, error_subcode: 458, message: 'Error validating access token: The user has not authorized application 100000000000001.' });
  });

  it('slow: carries a write out at once and answers only later (DELETE answers it now)', async () => {
    await arm([{ kind: 'slow', delayMs: 60_000, path: 'comments', method: 'POST' }]);
    let answered = false;
    const pending = t.post(`/v21.0/${storyA}/comments`, { message: 'Late but landed' }, pageA.token).then((r) => {
      answered = true;
      return r;
    });
    await waitFor(() => t.sim.graphCalls().calls.some((c) => c.method === 'POST' && c.path.endsWith('/comments')), 5000, 'the POST to arrive');
    const read = await t.get(`/v21.0/${storyA}/comments`, pageA.token);
    expect((read.body.data as { message: string }[]).map((c) => c.message)).toEqual(['Late but landed']);
    expect(answered).toBe(false);
    expect(t.sim.clearFaults()).toEqual({ cleared: 1, answered: 1 });
    const r = await pending;
    expect(r.status).toBe(200);
    expect(typeof r.body.id).toBe('string');
  });
});

describe('POST /__sim/revoke-token: token death on demand', () => {
  it('a user’s password change kills the user token and every page token with 190/460; listing test users logs them in again', async () => {
    const user = t.sim.testUsers()[0]!;
    const old = t.userToken(0);
    const r = await control('POST', '/__sim/revoke-token', { userId: user.id, subcode: 460 });
    expect(r.statusCode).toBe(200);
    expect(r.json().revoked).toBeGreaterThan(1);
    for (const token of [old, pageA.token, pageB.token]) {
      const e = await t.get('/v21.0/me', token);
      expect(e.status).toBe(400);
      expect(e.body.error).toMatchObject({ code: 190, error_subcode: 460 });
    }
    const debug = await t.get(`/v21.0/debug_token?input_token=${encodeURIComponent(pageA.token)}`, APP_TOKEN);
    expect(debug.body.data).toMatchObject({ is_valid: false, error: { code: 190, subcode: 460 } });
    // The other client's test user is untouched.
    expect((await t.get('/v21.0/me', t.userToken(1))).status).toBe(200);
    // Logging in again: new tokens that work; the dead ones stay dead.
    const fresh = t.userToken(0);
    expect(fresh).not.toBe(old);
    expect((await t.get('/v21.0/me', fresh)).status).toBe(200);
    const again = await t.pageTokens(0);
    expect(again.get(pageA.id)).not.toBe(pageA.token);
    expect((await t.get(`/v21.0/${pageA.id}`, again.get(pageA.id))).status).toBe(200);
    expect((await t.get('/v21.0/me', pageA.token)).body.error).toMatchObject({ code: 190, error_subcode: 460 });
  });

  it('one Page’s token (458, app removed from the Page) dies alone; /me/accounts hands out a new one', async () => {
    const r = await control('POST', '/__sim/revoke-token', { pageId: pageA.id, subcode: 458 });
    expect(r.json()).toEqual({ revoked: 1 });
    expect((await t.get(`/v21.0/${pageA.id}`, pageA.token)).body.error).toMatchObject({ code: 190, error_subcode: 458 });
    expect((await t.get(`/v21.0/${pageB.id}`, pageB.token)).status).toBe(200);
    const next = (await t.pageTokens(0)).get(pageA.id)!;
    expect(next).not.toBe(pageA.token);
    expect((await t.get(`/v21.0/${pageA.id}`, next)).status).toBe(200);
  });

  it('refuses a bad request with 400 or 404 naming what is wrong', async () => {
    expect((await control('POST', '/__sim/revoke-token', { pageId: pageA.id })).json().error).toBe('subcode must be a number');
    expect((await control('POST', '/__sim/revoke-token', { subcode: 460 })).json().error).toBe('userId or pageId is required');
    const bad = await control('POST', '/__sim/revoke-token', { pageId: pageA.id, subcode: 100 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/subcode must be one of/);
    const unknown = await control('POST', '/__sim/revoke-token', { pageId: '999', subcode: 460 });
    expect(unknown.statusCode).toBe(404);
  });

  it('a dead token stays dead across a restart of the simulator', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'meta-sim-revoke-')), 'state.json');
    const a = await startSim({ stateFile });
    const [id, token] = [...(await a.pageTokens(0)).entries()][0]!;
    a.sim.revokeTokens({ pageId: id }, 467);
    await a.sim.close();
    const b = await startSim({ stateFile });
    expect((await b.get(`/v21.0/${id}`, token)).body.error).toMatchObject({ code: 190, error_subcode: 467, message: 'Error validating access token: The session is invalid because the user logged out.' });
    await b.sim.close();
  });
});

describe('GET /__sim/calls: what a client asked of Graph', () => {
  it('counts Graph calls by Page (page token or path), with status and code, since a time; control calls are not counted', async () => {
    t.sim.clearGraphCalls();
    await arm([{ kind: 'graph_error', code: 32, path: pageB.id, times: 1 }]);
    await t.get(`/v21.0/${pageA.id}/ratings?limit=1`, pageA.token);
    await t.get(`/v21.0/${storyA}/comments`, pageA.token);
    await t.get(`/v21.0/${pageB.id}`, pageB.token);
    await control('GET', '/__sim/health');
    const all = (await control('GET', '/__sim/calls')).json();
    expect(all.total).toBe(3);
    expect(all.byPage).toEqual({ [pageA.id]: 2, [pageB.id]: 1 });
    const b = (await control('GET', `/__sim/calls?pageId=${pageB.id}`)).json();
    expect(b.calls).toEqual([{ at: expect.any(String), method: 'GET', path: pageB.id, pageId: pageB.id, status: 400, code: 32 }]);
    const later = (await control('GET', `/__sim/calls?since=${Date.now() + 60_000}`)).json();
    expect(later.count).toBe(0);
    expect((await control('GET', '/__sim/calls?since=yesterday')).statusCode).toBe(400);
    expect((await control('DELETE', '/__sim/calls')).json()).toEqual({ cleared: 3 });
    expect((await control('GET', '/__sim/calls')).json().total).toBe(0);
  });
});
