import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fbStoryIdFor, reviewSource } from '@dinedesk/demo-data';
import { describe, expect, it } from 'vitest';
import { APP_ID, APP_TOKEN, seedData, startSim } from './testing.ts';

describe('control API', () => {
  it('answers health, test users, guest comments and switches', async () => {
    const t = await startSim();
    const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.sim.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect((await inject('GET', '/__sim/health')).json()).toEqual({ ok: true });
    expect((await inject('GET', '/__sim/test-users')).json()).toEqual(t.sim.testUsers());

    const { data, clients } = seedData();
    const outlet = clients[1]!.brands[0]!.outlets[0]!;
    const review = data.reviews.find((r) => r.restaurantId === outlet.restaurantId && reviewSource(r.reviewId) === 'facebook' && r.reviewedAt.getTime() >= Date.UTC(2018, 7, 1))!;
    const storyId = fbStoryIdFor(outlet.facebookPageId, review.reviewId);
    const ok = await inject('POST', '/__sim/guest-comment', { storyId, name: 'Ann', message: 'Hi' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().id).toMatch(/^\d+_\d+$/);
    expect((await inject('POST', '/__sim/guest-comment', { storyId: `${outlet.facebookPageId}_1`, name: 'Ann', message: 'Hi' })).statusCode).toBe(404);
    expect((await inject('POST', '/__sim/guest-comment', { storyId, name: 'Ann', message: ' ' })).statusCode).toBe(400);
    expect((await inject('POST', '/__sim/guest-comment', { storyId, name: 'Ann' })).statusCode).toBe(400);
    expect(() => t.sim.addGuestComment('nope', 'Ann', 'Hi')).toThrow(/no review story/);

    expect((await inject('PUT', '/__sim/switches', { ratingsDeprecatedFrom: 22 })).json()).toEqual({ ratingsDeprecatedFrom: 22, callsPerHour: 4800, requireAppsecretProof: false, pageCallsPer24h: 480_000, pageThrottleCode: 32 });
    expect((await inject('GET', '/__sim/switches')).json()).toEqual({ ratingsDeprecatedFrom: 22, callsPerHour: 4800, requireAppsecretProof: false, pageCallsPer24h: 480_000, pageThrottleCode: 32 });
    expect((await inject('PUT', '/__sim/switches', { ratingsDeprecatedFrom: 'v22' })).statusCode).toBe(400);
    expect((await inject('PUT', '/__sim/switches', { ratingsDeprecatedFrom: -1 })).statusCode).toBe(400);
    expect((await inject('GET', '/__sim/nothing')).statusCode).toBe(404);
    await t.sim.close();
  });
});

describe('HTTP server', () => {
  it('listens on a random port and serves Graph calls with absolute paging URLs to itself', async () => {
    const t = await startSim();
    const base = await t.sim.listen(0);
    try {
      expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const res = await fetch(`${base}/v21.0/me/accounts?limit=2&fields=name`, { headers: { authorization: `Bearer ${t.userToken(0)}` } });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('x-app-usage')).not.toBeNull();
      const body = (await res.json()) as { paging: { next: string } };
      expect(body.paging.next.startsWith(`${base}/v21.0/`)).toBe(true);
      const next = await fetch(body.paging.next);
      expect(next.status).toBe(200);
      const err = await fetch(`${base}/v21.0/${APP_ID}/accounts/test-users?access_token=bad`);
      expect(err.status).toBe(400);
      expect(((await err.json()) as { error: { code: number } }).error.code).toBe(190);
      const put = await fetch(`${base}/v21.0/me?access_token=${encodeURIComponent(APP_TOKEN)}`, { method: 'PUT' });
      expect(((await put.json()) as { error: { code: number; error_subcode: number } }).error).toMatchObject({ code: 100, error_subcode: 33 });
      const badJson = await fetch(`${base}/v21.0/me/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{bad' });
      expect(((await badJson.json()) as { error: { code: number } }).error.code).toBe(100);
    } finally {
      await t.sim.close();
    }
  });
});

describe('cli', () => {
  it('starts on META_SIM_PORT, prints its URL, persists to DATA_DIR and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'meta-sim-cli-'));
    const pkg = dirname(dirname(fileURLToPath(import.meta.url)));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts'], {
      cwd: pkg,
      env: { ...process.env, META_SIM_PORT: '0', META_SIM_HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start line; stderr: ${err}`)), 15_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) {
          clearTimeout(timer);
          resolve(out.split('\n')[0]!);
        }
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${err}`)));
    });
    const m = /^meta-sim listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(line);
    expect(m).not.toBeNull();
    const health = await fetch(`${m![1]}/__sim/health`);
    expect(await health.json()).toEqual({ ok: true });
    expect(existsSync(join(dataDir, 'meta-sim', 'state.json'))).toBe(true);
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', resolve);
      child.kill('SIGTERM');
    });
    expect(code).toBe(0);
  });
});
