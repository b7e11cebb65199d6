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
    const t = await startSim({ callsPerHour: 10 });
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

  it('answers 32 for a Page over budget with time to regain access, and recovers after the window', async () => {
    let now = new Date('2024-05-01T10:00:00Z');
    const t = await startSim({ callsPerHour: 3, now: () => now });
    const [pageId, token] = [...(await t.pageTokens(0)).entries()][0]!;
    for (let i = 0; i < 3; i++) expect((await t.get(`/v21.0/${pageId}`, token)).status).toBe(200);
    now = new Date('2024-05-01T10:20:00Z');
    const r = await t.get(`/v21.0/${pageId}`, token);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({ code: 32, type: 'OAuthException' });
    const buc = JSON.parse(String(r.headers['x-business-use-case-usage']))[pageId][0] as Buc;
    expect(buc.call_count).toBe(100);
    expect(buc.estimated_time_to_regain_access).toBe(40);
    // Another Page has its own budget.
    const [otherId, otherToken] = [...(await t.pageTokens(0)).entries()][1]!;
    expect((await t.get(`/v21.0/${otherId}`, otherToken)).status).toBe(200);
    now = new Date('2024-05-01T11:00:01Z');
    expect((await t.get(`/v21.0/${pageId}`, token)).status).toBe(200);
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
    expect(put.json()).toEqual({ ratingsDeprecatedFrom: 22, callsPerHour: 1, requireAppsecretProof: false });
    const user = t.userToken(0);
    expect((await t.get('/v21.0/me', user)).status).toBe(200);
    expect((await t.get('/v21.0/me', user)).body.error).toMatchObject({ code: 17 });
    await t.sim.close();
  });
});
