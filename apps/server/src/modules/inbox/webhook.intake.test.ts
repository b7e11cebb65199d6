import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { serializeMetaJson, signMetaPayload } from '@dinedesk/meta-sim';
import type { TInboxPage } from '@dinedesk/contracts';
import { schema } from '../../db/client.ts';
import { createJobQueue } from '../../jobs.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import type { AppContext } from '../../context.ts';
import { bearer, deliveryOutcome, startHarness, type Harness } from '../../test/harness.ts';
import { getDelivery } from './webhook.repository.ts';

/**
 * Webhook intake: a verified delivery is stored and answered before any event is
 * applied; the `inbox.process-webhook` job applies it, exactly once per message id, however
 * often Meta repeats it. The server here runs no workers (`JOB_WORKERS=0`), so what the answer
 * alone did is visible; a second queue then plays the worker process.
 */

let h: Harness;
let worker: JobQueue<AppContext> | null = null;
let page: TInboxPage;

const post = (body: string) =>
  h.server.app.inject({ method: 'POST', url: '/api/webhooks/meta', payload: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaPayload(h.config.graph.appSecret, body) } });

const messagesWithMid = async (mid: string) => (await h.server.ctx.db.select({ n: count() }).from(schema.messages).where(eq(schema.messages.mid, mid)))[0]!.n;

beforeAll(async () => {
  h = await startHarness({ env: { JOB_WORKERS: '0' }, sync: false });
  // Pages need their tokens for the webhook to find them; connect without the full sync.
  const { connectDemoPages } = await import('../meta/index.ts');
  await connectDemoPages(h.server.ctx, h.server.app.log);
  const token = await h.login('owner@spice-route.demo');
  page = ((await h.server.app.inject({ method: 'GET', url: '/api/messenger/pages', headers: bearer(token) })).json() as { data: TInboxPage[] }).data[0]!;
}, 120_000);
afterAll(async () => {
  await worker?.stop(2_000);
  await h?.close();
});

describe('webhook intake', () => {
  const mid = `m_intake_${Date.now()}`;

  it('stores the delivery and answers 200 before applying it; a repeat lands on the same row', async () => {
    const t = Date.now();
    const delivery = serializeMetaJson({ object: 'page', entry: [{ id: page.id, time: t, messaging: [{ sender: { id: '7755001' }, recipient: { id: page.id }, timestamp: t, message: { mid, text: 'table for two?' } }] }] });
    const first = await post(delivery);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ received: true, duplicate: false, deliveryId: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // Answered, stored raw, not applied: no worker runs in this process.
    const row = await getDelivery(h.server.ctx.db, first.json().deliveryId);
    expect(row).toMatchObject({ object: 'page', payload: delivery, processedAt: null });
    expect(await messagesWithMid(mid)).toBe(0);

    const again = await post(delivery);
    expect(again.json()).toMatchObject({ received: true, duplicate: true, deliveryId: first.json().deliveryId });
    const rows = await h.server.ctx.db.select({ n: count() }).from(schema.webhookDeliveries).where(eq(schema.webhookDeliveries.id, first.json().deliveryId));
    expect(rows[0]!.n).toBe(1);

    // A worker process starts: the delivery is applied once, whatever was repeated.
    worker = createJobQueue(h.server.ctx.database, () => h.server.ctx, () => h.server.app.log, { work: true, pollingIntervalSeconds: 0.5 });
    await worker.start();
    await worker.whenIdle(['inbox.process-webhook']);
    expect(await messagesWithMid(mid)).toBe(1);
    expect(await deliveryOutcome(h, first)).toEqual({ events: expect.any(Number), skipped: 0, processed: true });

    // Meta repeats it after processing (our 200 was lost): stored once, applied once.
    const late = await post(delivery);
    expect(late.json()).toMatchObject({ duplicate: true });
    await worker.whenIdle(['inbox.process-webhook']);
    expect(await messagesWithMid(mid)).toBe(1);
  });

  it('refuses what is not a verified Meta delivery without storing it', async () => {
    const before = (await h.server.ctx.db.select({ n: count() }).from(schema.webhookDeliveries))[0]!.n;
    const body = serializeMetaJson({ object: 'page', entry: [{ id: page.id, time: Date.now(), messaging: [] }] });
    const unsigned = await h.server.app.inject({ method: 'POST', url: '/api/webhooks/meta', payload: body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(403);
    const notMeta = await post('{"hello":"world"}');
    expect(notMeta.statusCode).toBe(400);
    expect(notMeta.json().message).toMatch(/object/);
    expect((await h.server.ctx.db.select({ n: count() }).from(schema.webhookDeliveries))[0]!.n).toBe(before);
  });

  it('re-queues a delivery whose job is gone, and deletes processed ones after the retention', async () => {
    const { requeueStrandedDeliveries, pruneDeliveries } = await import('./webhook.service.ts');
    const t = Date.now();
    const strandedMid = `m_stranded_${t}`;
    const delivery = serializeMetaJson({ object: 'page', entry: [{ id: page.id, time: t, messaging: [{ sender: { id: '7755002' }, recipient: { id: page.id }, timestamp: t, message: { mid: strandedMid, text: 'anyone there?' } }] }] });
    await worker!.stop(2_000);
    const res = await post(delivery);
    const id = res.json().deliveryId as string;
    // The job is lost (deleted by hand, or failed for good): only the stored delivery remains.
    await h.server.ctx.database.executeSql(`DELETE FROM pgboss.job WHERE name = 'inbox.process-webhook' AND data->>'deliveryId' = $1`, [id]);
    h.clock.offsetMs = 11 * 60 * 1000;
    try {
      expect(await requeueStrandedDeliveries(h.server.ctx, 10 * 60)).toBe(1);
    } finally {
      h.clock.offsetMs = 0;
    }
    worker = createJobQueue(h.server.ctx.database, () => h.server.ctx, () => h.server.app.log, { work: true, pollingIntervalSeconds: 0.5 });
    await worker.start();
    await worker.whenIdle(['inbox.process-webhook']);
    expect(await messagesWithMid(strandedMid)).toBe(1);

    h.clock.offsetMs = 8 * 86_400_000;
    try {
      expect(await pruneDeliveries(h.server.ctx, 7)).toBeGreaterThanOrEqual(2);
    } finally {
      h.clock.offsetMs = 0;
    }
    expect(await getDelivery(h.server.ctx.db, id)).toBeUndefined();
  });
});
