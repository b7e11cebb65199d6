import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './test/harness.ts';

let h: Harness;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>DineDesk</title><div id="root"></div>');
  writeFileSync(join(dist, 'app.js'), 'console.log(1)');
  h = await startHarness({ sync: false, env: { WEB_DIST_DIR: dist } });
});
afterAll(() => h?.close());

describe('serving the web app', () => {
  it('answers client-side routes with index.html and files as themselves', async () => {
    const route = await h.server.app.inject({ method: 'GET', url: '/apps/reviews_and_complaints/reviews?review=1' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toMatch(/text\/html/);
    expect(route.body).toContain('<div id="root">');
    const file = await h.server.app.inject({ method: 'GET', url: '/app.js' });
    expect(file.body).toBe('console.log(1)');
  });
  it('keeps JSON 404s for unknown API paths and missing files', async () => {
    const api = await h.server.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: 'No route GET /api/unknown' });
    expect((await h.server.app.inject({ method: 'GET', url: '/missing.js' })).statusCode).toBe(404);
  });
  it('sends security headers', async () => {
    const res = await h.server.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toMatch(/object-src 'none'/);
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    // Images: exactly the hosts the app shows images from, never any https origin.
    const imgSrc = /img-src ([^;]+)/.exec(String(res.headers['content-security-policy']))![1]!.split(' ');
    expect(imgSrc).toEqual(["'self'", 'data:', 'https://*.cdninstagram.com', 'https://*.fbcdn.net', 'https://lookaside.fbsbx.com', new URL(h.simUrl).origin, 'https://tile.openstreetmap.org']);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeDefined();
  });
});
