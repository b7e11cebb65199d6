import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../db/client.ts';
import { startHarness, tableCounts, type Harness } from '../test/harness.ts';
import { ADS_IMPORT_MAX_BYTES } from '@dinedesk/contracts/ads';
import { ORDER_IMPORT_MAX_BYTES } from '@dinedesk/contracts/orders';

/**
 * Uploads over their limit, sent the way a script or a proxy may send them: chunked, with no
 * `Content-Length`, so only counting the bytes can refuse them (docs/decisions/0036). Over a real
 * socket: the answer must be a 413 naming `file`, the process must survive (an unhandled stream
 * error would fail this file), and nothing of the upload may stay on disk.
 */

let h: Harness;
let dataDir: string;
let token: string;
let outletId: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dinedesk-upload-'));
  h = await startHarness({ sync: false, listen: true, env: { DATA_DIR: dataDir } });
  token = await h.login('owner@spice-route.demo');
  const [client] = await h.server.ctx.db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  const outs = await h.server.ctx.db.select().from(schema.outlets).where(eq(schema.outlets.clientId, client!.id)).orderBy(schema.outlets.key);
  outletId = outs[0]!.id;
}, 180_000);
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/**
 * POSTs text in 1 MiB chunks (chunked framing, no length) until the server answers or `total`
 * bytes are sent. @returns the status and JSON body of the answer
 */
function sendChunked(path: string, total: number): Promise<{ status: number; body: { message?: string; field?: string } }> {
  const chunk = Buffer.from('order_id,item\n'.repeat(Math.ceil((1024 * 1024) / 14)).slice(0, 1024 * 1024));
  return new Promise((resolve, reject) => {
    const req = request(`${h.baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv', 'transfer-encoding': 'chunked' } });
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { message?: string; field?: string } }));
    });
    // The server may close the connection while we still write: that is its right after a 413.
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    let sent = 0;
    const pump = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

const uploadsOf = (kind: string) => (existsSync(join(dataDir, 'uploads', kind)) ? readdirSync(join(dataDir, 'uploads', kind)) : []);

describe('an upload over its limit without a Content-Length', () => {
  it.each([
    ['an order import', `/api/orders/imports?shape=london`, 'orders', ORDER_IMPORT_MAX_BYTES],
    ['an ads import', `/api/ads/imports?currency=GBP`, 'ads', ADS_IMPORT_MAX_BYTES],
  ])('%s answers 413 naming the file, four times in a row, leaving nothing on disk', async (_what, path, kind, limit) => {
    const before = await tableCounts(h);
    for (let i = 0; i < 4; i++) {
      const res = await sendChunked(`${path}&outletId=${outletId}`, limit + 8 * 1024 * 1024);
      expect(res.status).toBe(413);
      expect(res.body.field).toBe('file');
      expect(res.body.message).toMatch(/MiB limit/);
    }
    expect(uploadsOf(kind)).toEqual([]);
    expect(await tableCounts(h)).toEqual(before);
    const health = await fetch(`${h.baseUrl}/api/health`);
    expect(health.status).toBe(200);
  });
});
