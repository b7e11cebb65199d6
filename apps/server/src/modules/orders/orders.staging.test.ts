import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TOrderImport } from '@dinedesk/contracts/orders';
import { schema } from '../../db/client.ts';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';
import { generatedLondonOrderFile } from '../../test/order-files.ts';
import * as repo from './orders.repository.ts';
import { ORDER_FILES, runImport, type ImportKind } from './orders.service.ts';

/**
 * The staged import (docs/decisions/0036 "Staging"): the rows go to `import_staging` in short
 * transactions and move into place in one short transaction at the end, so
 * - other requests are answered while a large import is being written (on PGlite, the embedded
 *   default, one transaction for the whole write kept every other request waiting for it);
 * - a failure mid-write leaves no order visible, and no staged row behind;
 * - a file with an unquoted `"` inside a field is a problem of the file (row and column in the
 *   report), not a database error retried three times.
 * None of this is timed: the order of events is what is checked.
 */

let h: Harness;
let dataDir: string;
let owner: string;
let outlets: string[];
const ROWS = 40_000;
const big = generatedLondonOrderFile(ROWS);
/** Enough for five staged batches of 500 orders (an order has 1–4 lines). */
const SMALL_ROWS = 6_000;
const small = generatedLondonOrderFile(SMALL_ROWS);

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dinedesk-staging-'));
  h = await startHarness({ sync: false, env: { DATA_DIR: dataDir } });
  owner = await h.login('owner@spice-route.demo');
  const db = h.server.ctx.db;
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  outlets = (await db.select().from(schema.outlets).where(eq(schema.outlets.clientId, client!.id)).orderBy(schema.outlets.key)).filter((o) => o.city === 'Hyderabad').map((o) => o.id);
}, 180_000);
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(dirname(big), { recursive: true, force: true });
  rmSync(dirname(small), { recursive: true, force: true });
});

const get = (url: string) => h.server.app.inject({ method: 'GET', url, headers: bearer(owner) });
const status = async (id: string) => (await get(`/api/orders/imports/${id}`)).json() as TOrderImport;

describe('a staged import', () => {
  it('lets a simple GET through while a large file is being written', async () => {
    const outletId = outlets[0]!;
    const res = await h.server.app.inject({ method: 'POST', url: `/api/orders/imports?${new URLSearchParams({ outletId, shape: 'london', fileName: 'big.csv' })}`, payload: readFileSync(big), headers: { ...bearer(owner), 'content-type': 'text/csv' } });
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as TOrderImport).id;
    // Wait until the write pass has stored progress: a reader sees it while the import writes.
    let seen: TOrderImport;
    for (;;) {
      seen = await status(id);
      expect(seen.status, 'the import finished before any request got through while it was written').not.toBe('imported');
      expect(['queued', 'validating', 'importing']).toContain(seen.status);
      if (seen.status === 'importing' && seen.progress > 0.5) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    // A simple authenticated GET answers, and the import is still being written after it.
    const outletsRes = await get('/api/jobs?limit=5');
    expect(outletsRes.statusCode, outletsRes.body).toBe(200);
    expect((outletsRes.json() as { data: { id: string }[] }).data.length).toBeGreaterThan(0);
    const after = await status(id);
    expect(after.status).toBe('importing');
    // Staged rows are not orders yet.
    expect((await repo.countsOf(h.server.ctx.db, outletId)).orders).toBe(0);
    await h.server.ctx.jobs.whenIdle(['orders.import'], 300_000);
    const done = await status(id);
    expect(done).toMatchObject({ status: 'imported', progress: 1, linesImported: ROWS });
    expect(await repo.countsOf(h.server.ctx.db, outletId)).toEqual({ orders: done.ordersImported, lines: ROWS });
    expect(await repo.stagedCount(h.server.ctx.db, id)).toBe(0);
  }, 600_000);

  it('leaves nothing visible when the write fails midway, and a re-run imports the file', async () => {
    const outletId = outlets[1]!;
    const dir = mkdtempSync(join(tmpdir(), 'dinedesk-staging-file-'));
    const path = join(dir, 'upload.csv');
    copyFileSync(small, path);
    const row = await repo.insertImport(h.server.ctx.db, { clientId: (await repo.outletById(h.server.ctx.db, outletId))!.clientId, outletId, fileName: 'fails.csv', filePath: path, bytes: statSync(path).size, shape: 'london', currency: 'GBP' });
    let batches = 0;
    let midway: { staged: number; orders: number } | null = null;
    const failing: ImportKind = {
      ...ORDER_FILES,
      stage: (db, src, hooks) =>
        ORDER_FILES.stage(db, src, {
          ...hooks,
          async beforeBatch() {
            if (++batches === 4) {
              midway = { staged: await repo.stagedCount(h.server.ctx.db, row.id), orders: (await repo.countsOf(h.server.ctx.db, outletId)).orders };
              throw new Error('the database went away');
            }
          },
        }),
    };
    await expect(runImport(h.server.ctx, row.id, failing)).rejects.toThrow('the database went away');
    // Three batches were staged and none of them was an order anyone could read.
    expect(midway).toEqual({ staged: 1500, orders: 0 });
    expect(await repo.countsOf(h.server.ctx.db, outletId)).toEqual({ orders: 0, lines: 0 });
    expect(await repo.stagedCount(h.server.ctx.db, row.id)).toBe(0);
    // What a killed run leaves behind (staged rows) is cleared by the next run, which imports all.
    await repo.stageRows(h.server.ctx.db, row.id, 1, [{ external_id: 'left-over', ordered_at: '2020-01-01 00:00:00', currency: 'GBP', total_minor: 1, item_count: 1, line_count: 1, channel: null, lines_complete: true, lines: [] }]);
    const out = await runImport(h.server.ctx, row.id);
    expect(out).toMatchObject({ status: 'imported', lines: SMALL_ROWS });
    const counts = await repo.countsOf(h.server.ctx.db, outletId);
    expect(counts.lines).toBe(SMALL_ROWS);
    expect((await h.server.ctx.db.select().from(schema.orders).where(eq(schema.orders.externalId, 'left-over'))).length).toBe(0);
    expect(await repo.stagedCount(h.server.ctx.db, row.id)).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  }, 300_000);

  it('fails with the reason, writing nothing, when the disk has no room for the swap (one statement that cannot pause)', async () => {
    const outletId = outlets[2] ?? outlets[0]!;
    const before = await repo.countsOf(h.server.ctx.db, outletId);
    const dir = mkdtempSync(join(tmpdir(), 'dinedesk-staging-file-'));
    const path = join(dir, 'upload.csv');
    copyFileSync(small, path);
    const row = await repo.insertImport(h.server.ctx.db, { clientId: (await repo.outletById(h.server.ctx.db, outletId))!.clientId, outletId, fileName: 'no-room.csv', filePath: path, bytes: statSync(path).size, shape: 'london', currency: 'GBP' });
    const room = vi.spyOn(h.server.ctx.disk, 'roomFor').mockResolvedValue(false);
    try {
      expect(await runImport(h.server.ctx, row.id)).toMatchObject({ status: 'failed' });
      expect(room).toHaveBeenCalledWith(statSync(small).size * 8);
    } finally {
      room.mockRestore();
    }
    const after = (await repo.importById(h.server.ctx.db, row.id))!;
    expect(after).toMatchObject({ status: 'failed', filePath: null });
    expect(after.failure).toMatch(/too little free disk space to write this file \(about \d+ MiB needed\); nothing was imported/);
    expect(await repo.countsOf(h.server.ctx.db, outletId)).toEqual(before);
    expect(await repo.stagedCount(h.server.ctx.db, row.id)).toBe(0);
    rmSync(dir, { recursive: true, force: true });
  }, 300_000);

  it('reports an unquoted quote inside a field as a problem of the file with its row and column, without retries', async () => {
    const csv = [
      'outlet_id,order_id,ordered_at,item_name,quantity,unit_price_gbp,order_total_products,order_lines_complete',
      'takeaway-9,1,2019-03-01T18:00:00,Plain Naan,1,2.60,1,yes',
      'takeaway-9,2,2019-03-01T19:00:00,Fish "and" chips,1,4.95,1,yes',
    ].join('\n');
    const res = await h.server.app.inject({ method: 'POST', url: `/api/orders/imports?${new URLSearchParams({ outletId: outlets[0]!, shape: 'london', fileName: 'quote.csv' })}`, payload: csv, headers: { ...bearer(owner), 'content-type': 'text/csv' } });
    expect(res.statusCode, res.body).toBe(202);
    const id = (res.json() as TOrderImport).id;
    await h.server.ctx.jobs.whenIdle(['orders.import'], 60_000);
    const done = await status(id);
    const report = await get(`/api/orders/imports/${id}/report`);
    const lines = report.body.trim().split('\n');
    expect(done, report.body).toMatchObject({ status: 'rejected', problemCount: 1, failure: null });
    expect(lines[1]).toMatch(/^3,item_name,"the file is not valid CSV here: a quote/);
    // The job ran once: a file problem is not retried.
    const job = await h.server.ctx.database.executeSql(`SELECT retry_count, state FROM pgboss.job WHERE id = (SELECT job_id::uuid FROM order_imports WHERE id = $1)`, [id]);
    expect(job.rows[0]).toMatchObject({ retry_count: 0, state: 'completed' });
  });
});
