import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startHarness, type Harness } from '../test/harness.ts';
import { API_COMPRESSION_THRESHOLD_BYTES, IMMUTABLE_ASSET_CACHE, REVALIDATE_CACHE } from './web-static.ts';

/**
 * Web delivery (docs/decisions/0018-web-delivery.md): precompressed web files with
 * their caching, and compressed API answers from 1 KiB. The web build is a fixture folder laid
 * out as Vite writes it; its `.br`/`.gz` copies hold marker bytes, so a test can tell which file
 * was sent.
 */
const OWNER = 'owner@spice-route.demo';
const ASSET = '/assets/index-Dx3f9a1b.js';
const ASSET_SOURCE = `export const app = ${JSON.stringify('DineDesk '.repeat(300))};\n`;
const SMALL_ASSET = '/assets/iso-Ab12Cd34.js';
const INDEX = `<!doctype html><title>DineDesk</title><div id="root"></div><script type="module" src="${ASSET}"></script>`;

let h: Harness;
let token: string;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'web-static-'));
  mkdirSync(join(dist, 'assets'));
  const write = (path: string, content: string | Buffer) => writeFileSync(join(dist, path), content);
  write('index.html', INDEX);
  write('index.html.br', brotliCompressSync(INDEX));
  write(ASSET, ASSET_SOURCE);
  write(`${ASSET}.br`, brotliCompressSync(ASSET_SOURCE));
  write(`${ASSET}.gz`, gzipSync(ASSET_SOURCE));
  // Below the build's 1 KiB threshold: no compressed copies.
  write(SMALL_ASSET, 'export const iso = 1;\n');
  write('mockServiceWorker.js', 'self.addEventListener("fetch", () => {});\n');
  h = await startHarness({ env: { WEB_DIST_DIR: dist } });
  token = await h.login(OWNER);
});
afterAll(() => h?.close());

const get = (url: string, headers: Record<string, string> = {}) => h.get(url, null, headers);

describe('web files (precompressed, cached by kind)', () => {
  it('sends the .br copy of a hashed asset to a browser that accepts br, cached for a year', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE_ASSET_CACHE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(brotliCompressSync(ASSET_SOURCE))).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ASSET_SOURCE);
  });

  it('sends the .gz copy to a gzip-only client and the file itself to one that accepts neither', async () => {
    const gz = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzipSync(ASSET_SOURCE))).toBe(true);
    const plain = await get(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET_SOURCE);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_ASSET_CACHE);
  });

  it('sends a file without copies as it is: nothing is compressed on the fly', async () => {
    const res = await get(SMALL_ASSET, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('export const iso = 1;\n');
  });

  it('never caches index.html as is, at / and as the SPA fallback of a client route', async () => {
    for (const url of ['/', '/index.html', '/apps/reviews_and_complaints/reviews?review=1']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe(REVALIDATE_CACHE);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
    const plain = await get('/apps/inbox');
    expect(plain.headers['cache-control']).toBe(REVALIDATE_CACHE);
    expect(plain.body).toBe(INDEX);
  });

  it('revalidates files outside /assets/ (no hash in their name), such as the MSW worker', async () => {
    const res = await get('/mockServiceWorker.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(REVALIDATE_CACHE);
  });

  it('does not serve the compressed copies as files of their own', async () => {
    expect((await get(`${ASSET}.br`)).statusCode).toBe(404);
  });
});

describe('API answers (compressed from 1 KiB)', () => {
  it('compresses a large JSON answer with br when accepted, gzip otherwise', async () => {
    const pages = (await get('/api/review_testing/get-fb-pages', bearer(token))).json() as { data: { id: string }[] };
    const url = `/api/review_testing/get-fb-reviews?pageId=${pages.data[0]!.id}`;
    const plain = await get(url, bearer(token));
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(API_COMPRESSION_THRESHOLD_BYTES);

    const br = await get(url, { ...bearer(token), 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get(url, { ...bearer(token), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('leaves a small JSON answer as it is', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(API_COMPRESSION_THRESHOLD_BYTES);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });
});
