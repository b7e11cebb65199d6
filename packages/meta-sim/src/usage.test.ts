import { describe, expect, it } from 'vitest';
import { APP_ID, APP_TOKEN, startSim } from './testing.ts';
import { UsageMeter } from './usage.ts';

interface Buc {
  type: string;
  call_count: number;
  total_cputime: number;
  total_time: number;
  estimated_time_to_regain_access: number;
}

describe('UsageMeter', () => {
  it('counts page-token calls per Page over a rolling day, apart from the hourly buckets', () => {
    let hour = 0;
    const m = new UsageMeter(1, () => new Date(hour * 3_600_000), 2);
    expect(m.hitPage('p').percent).toBe(50);
    hour = 23;
    expect(m.hitPage('p').percent).toBe(100);
    expect(m.hitPage('p')).toEqual({ percent: 100, throttled: true, regainMinutes: 60 });
    expect(m.hit('user:1').throttled).toBe(false);
    hour = 24;
    expect(m.hitPage('p').throttled).toBe(false);
  });

  it('reports whole percentages, refuses at the budget and frees calls as they leave the hour', () => {
    let minute = 0;
    const m = new UsageMeter(4, () => new Date(minute * 60_000));
    const percents: number[] = [];
    for (const at of [0, 10, 20, 30]) {
      minute = at;
      percents.push(m.hit('a').percent);
    }
    expect(percents).toEqual([25, 50, 75, 100]);
    minute = 45;
    expect(m.hit('a')).toEqual({ percent: 100, throttled: true, regainMinutes: 15 });
    expect(m.hit('b')).toMatchObject({ percent: 25, throttled: false });
    // The call of minute 0 has left the window; the other three are still in it.
    minute = 60;
    expect(m.hit('a')).toEqual({ percent: 100, throttled: false, regainMinutes: 0 });
    expect(m.hit('a').throttled).toBe(true);
  });
});

describe('usage headers and rate limits', () => {
  it('sends X-App-Usage for user tokens and X-Business-Use-Case-Usage for page tokens, rising per call', async () => {
    const t = await startSim({ callsPerHour: 10, pageCallsPer24h: 10 });
    const tokens = await t.pageTokens(0); // one user call already counted
    const user = t.userToken(0);
    const appUsage = [];
    for (let i = 0; i < 3; i++) {
      const r = await t.get('/v21.0/me', user);
      expect(r.headers['x-business-use-case-usage']).toBeUndefined();
      appUsage.push(JSON.parse(String(r.headers['x-app-usage'])));
    }
    expect(appUsage).toEqual([20, 30, 40].map((n) => ({ call_count: n, total_cputime: n, total_time: n })));

    const [pageId, pageToken] = [...tokens.entries()][0]!;
    const buc: Buc[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await t.get(`/v21.0/${pageId}/ratings?limit=1`, pageToken);
      expect(r.headers['x-app-usage']).toBeUndefined();
      const h = JSON.parse(String(r.headers['x-business-use-case-usage'])) as Record<string, Buc[]>;
      expect(Object.keys(h)).toEqual([pageId]);
      buc.push(h[pageId]![0]!);
    }
    expect(buc.map((b) => b.call_count)).toEqual([10, 20, 30]);
    expect(buc[0]).toEqual({ type: 'pages', call_count: 10, total_cputime: 10, total_time: 10, estimated_time_to_regain_access: 0 });

    // Errors after authentication still count and still carry the header.
    const err = await t.get(`/v21.0/${pageId}?fields=nope`, pageToken);
    expect(err.status).toBe(400);
    expect(JSON.parse(String(err.headers['x-business-use-case-usage']))[pageId][0].call_count).toBe(40);
    await t.sim.close();
  });

  // Graph API "Rate Limits" (https://developers.facebook.com/docs/graph-api/overview/rate-limiting):
  // page tokens are the Pages business use case, "Calls within 24 hours = 4800 * Number of Engaged
  // Users", reported per Page in X-Business-Use-Case-Usage; Pages answer 32 or 80001 when used up.
  it('answers 32 for a Page over its 24-hour budget with time to regain access, and recovers after the day', async () => {
    let now = new Date('2024-05-01T10:00:00Z');
    const t = await startSim({ callsPerHour: 3, pageCallsPer24h: 4, now: () => now });
    const [pageId, token] = [...(await t.pageTokens(0)).entries()][0]!;
    const callAt = async (iso: string) => {
      now = new Date(iso);
      return t.get(`/v21.0/${pageId}`, token);
    };
    // The hourly budget of user tokens does not apply: four calls inside one hour pass.
    for (const at of ['2024-05-01T10:00:00Z', '2024-05-01T10:10:00Z', '2024-05-01T16:00:00Z', '2024-05-01T22:00:00Z']) {
      expect((await callAt(at)).status).toBe(200);
    }
    const r = await callAt('2024-05-02T09:00:00Z');
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 32, type: 'OAuthException', message: '(#32) Page request limit reached' });
    const buc = JSON.parse(String(r.headers['x-business-use-case-usage']))[pageId][0] as Buc;
    expect(buc).toMatchObject({ type: 'pages', call_count: 100 });
    // The call of 10:00 leaves the rolling day at 10:00 the next day: one hour from 09:00.
    expect(buc.estimated_time_to_regain_access).toBe(60);
    // Another Page has its own budget.
    const [otherId, otherToken] = [...(await t.pageTokens(0)).entries()][1]!;
    expect((await t.get(`/v21.0/${otherId}`, otherToken)).status).toBe(200);
    expect((await callAt('2024-05-02T10:00:01Z')).status).toBe(200);
    await t.sim.close();
  });

  it('answers 80001 in Meta\'s words when the Page throttle code is switched, and rejects other codes', async () => {
    const t = await startSim({ pageCallsPer24h: 1 });
    const put = await t.sim.app.inject({ method: 'PUT', url: '/__sim/switches', payload: { pageThrottleCode: 80001 } });
    expect(put.json()).toMatchObject({ pageCallsPer24h: 1, pageThrottleCode: 80001 });
    const [pageId, token] = [...(await t.pageTokens(0)).entries()][0]!;
    expect((await t.get(`/v21.0/${pageId}`, token)).status).toBe(200);
    const r = await t.get(`/v21.0/${pageId}/ratings`, token);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 80001, type: 'OAuthException' });
    expect(r.body.error!.message).toMatch(/^\(#80001\) There have been too many calls to this Page account\. Wait a bit and try again\./);
    expect(JSON.parse(String(r.headers['x-business-use-case-usage']))[pageId][0]).toMatchObject({ type: 'pages', call_count: 100, estimated_time_to_regain_access: 1440 });
    for (const bad of [{ pageThrottleCode: 4 }, { pageThrottleCode: '80001' }, { pageCallsPer24h: 0 }, { pageCallsPer24h: 1.5 }]) {
      const res = await t.sim.app.inject({ method: 'PUT', url: '/__sim/switches', payload: bad });
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(Object.keys(bad)[0]!);
    }
    await t.sim.close();
  });

  it('gives each Page 4800 × 100 engaged users a day by default, so suites never meet it', async () => {
    const t = await startSim();
    expect((await t.sim.app.inject({ url: '/__sim/switches' })).json()).toMatchObject({ pageCallsPer24h: 480_000, pageThrottleCode: 32 });
    await t.sim.close();
  });

  it('answers 4 for the app token and 17 for a user token over budget', async () => {
    const t = await startSim({ callsPerHour: 2 });
    const url = `/v21.0/${APP_ID}/accounts/test-users`;
    await t.get(url, APP_TOKEN);
    expect(JSON.parse(String((await t.get(url, APP_TOKEN)).headers['x-app-usage']))).toMatchObject({ call_count: 100 });
    const app = await t.get(url, APP_TOKEN);
    expect(app.body.error).toMatchObject({ code: 4, message: '(#4) Application request limit reached' });

    const user = t.userToken(1);
    await t.get('/v21.0/me', user);
    await t.get('/v21.0/me', user);
    const r = await t.get('/v21.0/me', user);
    expect(r.body.error).toMatchObject({ code: 17, message: '(#17) User request limit reached' });
    // The other test user is unaffected.
    expect((await t.get('/v21.0/me', t.userToken(0))).status).toBe(200);
    await t.sim.close();
  });

  it('reads the budget from the control API', async () => {
    const t = await startSim();
    const put = await t.sim.app.inject({ method: 'PUT', url: '/__sim/switches', payload: { callsPerHour: 1 } });
    expect(put.json()).toEqual({ ratingsDeprecatedFrom: 22, callsPerHour: 1, requireAppsecretProof: false, pageCallsPer24h: 480_000, pageThrottleCode: 32 });
    const user = t.userToken(0);
    expect((await t.get('/v21.0/me', user)).status).toBe(200);
    expect((await t.get('/v21.0/me', user)).body.error).toMatchObject({ code: 17 });
    await t.sim.close();
  });
});
