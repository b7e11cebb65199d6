import { existsSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * How the server delivers the built web app and compresses API answers
 * (docs/decisions/0018-web-delivery.md).
 *
 * Web files: `@fastify/static` over `config.webDistDir`, one route per file (`wildcard: false`).
 * - Compressed copies: the web build writes `x.br` and `x.gz` next to every text file of 1 KiB
 *   or more (apps/web/vite.config.ts); with `preCompressed` a request that accepts `br` (or
 *   `gzip`) gets those bytes with `Content-Encoding`, and nothing is compressed per request.
 *   The copies are not routes of their own.
 * - Caching: files under `/assets/` carry a content hash in their name, so they never change:
 *   {@link IMMUTABLE_ASSET_CACHE}. Everything else (index.html, the SPA fallback, the MSW
 *   worker, the demo images) is {@link REVALIDATE_CACHE}: the browser keeps it but asks each
 *   time (a 304 when unchanged), so a new release is picked up on the next load.
 *
 * API answers: `@fastify/compress` in the API scope only, br or gzip from 1 KiB
 * ({@link API_COMPRESSION_THRESHOLD_BYTES}). Web files are outside that scope, so they are never
 * compressed twice or on the fly; socket.io (`/api/socket.io`) is served by engine.io before
 * Fastify's router and compresses its own polling answers; request bodies are not decompressed,
 * so the webhook's raw-body signature check sees the bytes Meta sent.
 */

/** `Cache-Control` of content-hashed files (`/assets/*`): one year, never revalidated. */
export const IMMUTABLE_ASSET_CACHE = 'public, max-age=31536000, immutable';

/** `Cache-Control` of every other web file, index.html first: stored, revalidated on each use. */
export const REVALIDATE_CACHE = 'no-cache';

/** API answers from this size (bytes of the uncompressed body) are compressed. */
export const API_COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * API answers up to this size are compressed in one synchronous call, larger ones through a zlib
 * stream. The plugin's default on 2 cores is 8 KiB, below a 20-review page (≈ 13 KiB); the
 * stream path (thread pool, stream objects, extra ticks) halved list throughput in
 * `npm run bench:lists` (≈ 960 instead of ≈ 1,850 req/s), while brotli quality 4 of 13 KiB
 * takes ≈ 40 µs in one call (docs/decisions/0020).
 */
export const API_SYNC_COMPRESSION_MAX_BYTES = 64 * 1024;

/** Text files the web build may have `.br`/`.gz` copies of (apps/web/vite.config.ts). */
const PRECOMPRESSED_EXTENSION = /\.(js|mjs|css|html|svg|json)(\.br|\.gz)?$/;

/** Whether a web build exists in `webDistDir` (the server runs API-only without one). */
export function webBuildPresent(webDistDir: string): boolean {
  return existsSync(webDistDir);
}

/**
 * `Cache-Control` of the web file at `filePath` (absolute, possibly its `.br`/`.gz` copy)
 * under `root`: immutable for `assets/`, revalidate for the rest.
 */
export function webCacheControl(root: string, filePath: string): string {
  const inRoot = relative(root, filePath).split(sep);
  return inRoot.length > 1 && inRoot[0] === 'assets' ? IMMUTABLE_ASSET_CACHE : REVALIDATE_CACHE;
}

/**
 * Serves the built SPA from `root` (module doc). Register after the API: the SPA fallback of
 * unknown paths lives in the not-found handler (plugins/error-handler.ts), which uses the
 * `sendFile` this decorates, so index.html there goes through the same headers.
 */
export async function registerWebStatic(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    // `send` would add `public, max-age=0`; ours come from setHeaders.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', webCacheControl(root, filePath));
      // The answer depends on Accept-Encoding wherever a compressed copy may exist.
      if (PRECOMPRESSED_EXTENSION.test(filePath)) res.setHeader('vary', 'accept-encoding');
    },
  });
}

/**
 * Compresses the answers of the routes registered after it in `api` (the API scope of app.ts)
 * from {@link API_COMPRESSION_THRESHOLD_BYTES}, brotli preferred (quality 2), gzip otherwise,
 * synchronously up to {@link API_SYNC_COMPRESSION_MAX_BYTES}. Request bodies are left as sent.
 */
export async function registerApiCompression(api: FastifyInstance): Promise<void> {
  await api.register(fastifyCompress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: API_COMPRESSION_THRESHOLD_BYTES,
    syncThreshold: API_SYNC_COMPRESSION_MAX_BYTES,
    // Quality 2, not the plugin's 4: on a real 20-review page (12.7 KiB) 52 µs instead of 92 µs
    // for 2 % more bytes (3.9 KiB either way), measured with zlib.brotliCompressSync.
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 2 } },
    encodings: ['br', 'gzip'],
  });
}
