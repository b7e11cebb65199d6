import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DiskWatch, registerDiskGuard, type DiskState } from './disk-watch.ts';

/**
 * The free-space watch (docs/decisions/0016 "Free space while running") with an injected statfs:
 * the threshold, the wait that ends when space returns, a folder not created yet, and the guard
 * that refuses writes before any handler. The real file system: test/disk-full.drill.test.ts.
 */

const MIB = 1024 * 1024;

function fakeDisk(freeMib: Record<string, number>) {
  return async (path: string) => {
    if (!(path in freeMib)) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    return { bavail: BigInt(freeMib[path]! * 256), bsize: BigInt(4096) };
  };
}

describe('DiskWatch', () => {
  it('is low below the threshold on any watched folder, measures a missing folder at its parent, and says so once per change', async () => {
    const free = { '/data': 100 } as Record<string, number>;
    const changes: DiskState[] = [];
    const w = new DiskWatch({ paths: ['/data', '/data/uploads'], minFreeBytes: 64 * MIB, intervalMs: 60_000, statfs: fakeDisk(free), onChange: (s) => changes.push(s) });
    expect(await w.check()).toEqual({ low: false, freeBytes: 100 * MIB, minFreeBytes: 64 * MIB, path: '/data' });
    free['/data'] = 63;
    expect((await w.check()).low).toBe(true);
    await w.check();
    free['/data'] = 64;
    expect((await w.check()).low).toBe(false);
    expect(changes.map((c) => c.low)).toEqual([true, false]);
    expect(w.message()).toContain('at least 64 MiB');
  });

  it('holds work back while low and lets it go at the first look that finds space', async () => {
    const free = { '/d': 10 } as Record<string, number>;
    const w = new DiskWatch({ paths: ['/d'], minFreeBytes: 64 * MIB, intervalMs: 60_000, statfs: fakeDisk(free) });
    await w.check();
    let released = false;
    const waiting = w.whenSpace().then(() => (released = true));
    await w.check();
    await new Promise((r) => setImmediate(r));
    expect(released).toBe(false);
    free['/d'] = 500;
    await w.check();
    await waiting;
    expect(released).toBe(true);
    // With space, nothing waits.
    await w.whenSpace();
  });

  it('refuses API writes with 507 before the handler while low; reads, health and non-API paths pass', async () => {
    const free = { '/d': 10 } as Record<string, number>;
    const w = new DiskWatch({ paths: ['/d'], minFreeBytes: 64 * MIB, intervalMs: 60_000, statfs: fakeDisk(free) });
    await w.check();
    const app = Fastify();
    registerDiskGuard(app, w);
    let handled = 0;
    app.post('/api/things', async () => ({ handled: ++handled }));
    app.get('/api/things', async () => ({ handled: ++handled }));
    app.get('/api/health', async () => ({ status: 'ok' }));
    app.post('/elsewhere', async () => ({ ok: true }));
    const post = await app.inject({ method: 'POST', url: '/api/things', payload: { a: 1 } });
    expect(post.statusCode).toBe(507);
    expect(post.json()).toMatchObject({ code: 'disk_low', message: expect.stringContaining('low on disk space (10 MiB free, at least 64 MiB needed)') });
    expect(post.headers['retry-after']).toBe('30');
    expect((await app.inject({ method: 'DELETE', url: '/api/things' })).statusCode).toBe(507);
    expect(handled).toBe(0);
    expect((await app.inject({ method: 'GET', url: '/api/things' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/elsewhere' })).statusCode).toBe(200);
    free['/d'] = 100;
    await w.check();
    expect((await app.inject({ method: 'POST', url: '/api/things', payload: { a: 1 } })).json()).toEqual({ handled: 2 });
    await app.close();
  });
});
