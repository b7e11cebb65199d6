import { createHmac } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MetaSimOptions } from './index.ts';
import { APP_ID, APP_SECRET, type Receiver, type TestSim, startReceiver, startSim, waitFor } from './testing.ts';
import { serializeMetaJson, signMetaPayload, signMetaPayloadSha1 } from './webhooks.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A simulator delivering to a fresh receiver, with fast retries; returns client 0's first Page. */
async function setup(opts: { webhooks?: MetaSimOptions['webhooks']; verifyToken?: string | null; simToken?: string } = {}) {
  const receiver = await startReceiver(opts.verifyToken === undefined ? 'dinedesk-verify' : opts.verifyToken);
  const t = await startSim({
    webhookUrl: receiver.url,
    ...(opts.simToken ? { webhookVerifyToken: opts.simToken } : {}),
    webhooks: { retryBaseMs: 10, retryMaxMs: 40, holdMs: 30, ...opts.webhooks },
    messagingRateLimit: null,
  });
  cleanups.push(() => receiver.close(), () => t.sim.close());
  const entries = [...(await t.pageTokens(0)).entries()];
  const [pageId, token] = entries[0]!;
  const [otherId, otherToken] = entries[1]!;
  const ig = (await t.get(`/v21.0/${pageId}?fields=instagram_business_account`, token!)).body.instagram_business_account as { id: string };
  await t.sim.flushWebhooks();
  return { t, receiver, pageId: pageId!, token: token!, igId: ig.id, otherId: otherId!, otherToken: otherToken! };
}

async function subscribe(t: TestSim, pageId: string, token: string, fields: string): Promise<void> {
  const r = await t.post(`/v21.0/${pageId}/subscribed_apps?subscribed_fields=${fields}`, {}, token);
  expect(r.body).toEqual({ success: true });
}

const ALL = 'messages,message_echoes,message_reactions,message_reads';

type Item = Record<string, unknown> & { sender: { id: string }; recipient: { id: string }; timestamp: number };
const items = (r: Receiver): Item[] => r.bodies().flatMap((b) => b.entry.flatMap((e) => e.messaging as Item[]));

describe('Meta JSON serialisation and signature', () => {
  it('escapes non-ASCII as lower-case \\uXXXX, / as \\/, and <, %, @', () => {
    const value = { text: 'Café 😀 <b>50%</b> @home https://x.test/a', n: 1 };
    const s = serializeMetaJson(value);
    expect(s).toBe('{"text":"Caf\\u00e9 \\ud83d\\ude00 \\u003Cb>50\\u0025\\u003C\\/b> \\u0040home https:\\/\\/x.test\\/a","n":1}');
    expect(/^[\x20-\x7e]*$/.test(s)).toBe(true);
    expect(JSON.parse(s)).toEqual(value);
  });

  it('signs with HMAC-SHA256 (and legacy SHA-1) of the app secret over the raw bytes, lower-case hex', () => {
    const body = '{"object":"page","entry":[]}';
    expect(signMetaPayload('secret', body)).toBe(`sha256=${createHmac('sha256', 'secret').update(body).digest('hex')}`);
    expect(signMetaPayload('secret', Buffer.from(body))).toBe(signMetaPayload('secret', body));
    expect(signMetaPayload('secret', body)).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(signMetaPayloadSha1('secret', body)).toBe(`sha1=${createHmac('sha1', 'secret').update(body).digest('hex')}`);
    expect(signMetaPayload('other', body)).not.toBe(signMetaPayload('secret', body));
  });
});

describe('webhook handshake', () => {
  it('verifies the callback on start with hub.mode, a numeric hub.challenge and the verify token', async () => {
    const { t, receiver } = await setup();
    const get = receiver.requests.find((r) => r.method === 'GET')!;
    const q = new URL(get.url, 'http://x').searchParams;
    expect(q.get('hub.mode')).toBe('subscribe');
    expect(q.get('hub.verify_token')).toBe('dinedesk-verify');
    expect(q.get('hub.challenge')).toMatch(/^\d+$/);
    const log = t.sim.webhookLog();
    expect(log.verified).toBe(true);
    expect(log.handshake).toMatchObject({ url: receiver.url, challenge: q.get('hub.challenge'), status: 200, echoed: true, error: null });
    const http = await t.sim.app.inject({ method: 'GET', url: '/__sim/webhooks' });
    expect(http.json()).toMatchObject({ verified: true, config: { url: receiver.url, verifyToken: 'dinedesk-verify' } });
  });

  it('records a callback that does not echo the challenge and delivers nothing to it', async () => {
    const { t, receiver, pageId, token } = await setup({ simToken: 'wrong-token' });
    expect(t.sim.webhookLog()).toMatchObject({ verified: false, handshake: { status: 403, echoed: false } });
    await subscribe(t, pageId, token, ALL);
    t.sim.guestMessage({ pageId, text: 'Anyone there?' });
    await t.sim.flushWebhooks();
    expect(receiver.posts()).toHaveLength(0);
    const log = t.sim.webhookLog();
    expect(log.deliveries.at(-1)).toMatchObject({ state: 'skipped', lastError: expect.stringMatching(/not verified/) });
    expect(log.stats.skipped).toBe(1);
  });

  it('verifies again when a Page first subscribes and the earlier handshake failed', async () => {
    const { t, receiver, pageId, token } = await setup({ verifyToken: null });
    expect(t.sim.webhookLog()).toMatchObject({ verified: false, handshake: { status: 503 } });
    receiver.setVerifyToken('dinedesk-verify');
    await subscribe(t, pageId, token, 'messages');
    await t.sim.flushWebhooks();
    expect(t.sim.webhookLog()).toMatchObject({ verified: true, handshake: { status: 200, echoed: true } });
    expect(receiver.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
    t.sim.guestMessage({ pageId, text: 'Now it works' });
    await t.sim.flushWebhooks();
    expect(receiver.posts()).toHaveLength(1);
  });
});

describe('webhook delivery', () => {
  it('delivers a guest message signed over the exact Meta-escaped bytes (emoji and URL)', async () => {
    const { t, receiver, pageId, token } = await setup();
    await subscribe(t, pageId, token, ALL);
    const textSent = 'Table for 2 @ 8pm? 😀 Menu: https://example.com/menu <b>100%</b> café';
    const g = t.sim.guestMessage({ pageId, text: textSent });
    await t.sim.flushWebhooks();
    const [post] = receiver.posts();
    expect(post).toBeDefined();
    const raw = post!.raw;
    const rawText = raw.toString('utf8');
    // Meta's escaping, byte for byte.
    expect(/^[\x20-\x7e]*$/.test(rawText)).toBe(true);
    for (const piece of ['\\ud83d\\ude00', 'https:\\/\\/example.com\\/menu', '\\u003Cb>', '100\\u0025', '\\u0040 8pm', 'caf\\u00e9']) expect(rawText).toContain(piece);
    expect(post!.headers['content-type']).toBe('application/json');
    const sig = String(post!.headers['x-hub-signature-256']);
    expect(sig).toBe(`sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`);
    expect(signMetaPayload(APP_SECRET, raw)).toBe(sig);
    expect(String(post!.headers['x-hub-signature'])).toBe(`sha1=${createHmac('sha1', APP_SECRET).update(raw).digest('hex')}`);
    // Re-serialising the parsed body gives other bytes and a signature that does not match.
    const parsed = JSON.parse(rawText);
    const reserialised = JSON.stringify(parsed);
    expect(reserialised).not.toBe(rawText);
    expect(signMetaPayload(APP_SECRET, reserialised)).not.toBe(sig);

    expect(parsed).toEqual({
      object: 'page',
      entry: [
        {
          id: pageId,
          time: expect.any(Number),
          messaging: [{ sender: { id: g.guestId }, recipient: { id: pageId }, timestamp: expect.any(Number), message: { mid: g.messageId, text: textSent } }],
        },
      ],
    });
    const ts = parsed.entry[0].messaging[0].timestamp as number;
    expect(Math.abs(ts - Date.now())).toBeLessThan(60_000);
  });

  it('delivers only for subscribed Pages and only the subscribed fields', async () => {
    const { t, receiver, pageId, token, otherId } = await setup();
    t.sim.guestMessage({ pageId: otherId, text: 'Unsubscribed page' });
    await subscribe(t, pageId, token, 'messages');
    const g = t.sim.guestMessage({ pageId, text: 'Subscribed page' });
    // messages only: no echo of the reply, no reaction, no read.
    expect((await t.postJson(`/v21.0/${pageId}/messages`, { recipient: { id: g.guestId }, messaging_type: 'RESPONSE', message: { text: 'Reply' } }, token)).status).toBe(200);
    t.sim.guestReaction(g.messageId, 'like');
    t.sim.guestRead(g.conversationId);
    await t.sim.flushWebhooks();
    expect(items(receiver).map((i) => (i.message as { text: string }).text)).toEqual(['Subscribed page']);
    expect(receiver.bodies().every((b) => b.entry.every((e) => e.id === pageId))).toBe(true);

    // Unsubscribing stops everything.
    await t.sim.app.inject({ method: 'DELETE', url: `/v21.0/${pageId}/subscribed_apps?access_token=${token}` });
    t.sim.guestMessage({ conversationId: g.conversationId, text: 'After unsubscribe' });
    await t.sim.flushWebhooks();
    expect(receiver.posts()).toHaveLength(1);
  });

  it('echoes Page sends (Messenger message_echoes with app_id; Instagram on messages), reactions and reads', async () => {
    const { t, receiver, pageId, token, igId } = await setup();
    await subscribe(t, pageId, token, ALL);
    const fb = t.sim.guestMessage({ pageId, text: 'Hi' });
    const ig = t.sim.guestMessage({ igUserId: igId, text: 'Hi on IG', imageUrl: undefined });
    const img = t.sim.guestMessage({ igUserId: igId, imageUrl: 'https://cdn.example.com/p/dish.jpg' });
    await t.sim.flushWebhooks();
    const sent = await t.postJson(`/v21.0/${pageId}/messages`, { recipient: { id: fb.guestId }, messaging_type: 'RESPONSE', message: { text: 'Hello from the Page' } }, token);
    const sentIg = await t.postJson(`/v21.0/${igId}/messages`, { recipient: { id: ig.guestId }, messaging_type: 'RESPONSE', message: { text: 'Hello on IG' } }, token);
    await t.postJson(`/v21.0/${pageId}/messages`, { recipient: { id: fb.guestId }, sender_action: 'react', payload: { message_id: fb.messageId, reaction: 'love' } }, token);
    t.sim.guestReaction(String(sent.body.message_id), '👍');
    t.sim.guestReaction(String(sent.body.message_id), null);
    const read = t.sim.guestRead(fb.conversationId);
    t.sim.guestRead(ig.conversationId);
    await t.sim.flushWebhooks();
    const bodies = receiver.bodies();
    const all = bodies.flatMap((b) => b.entry.flatMap((e) => (e.messaging as Item[]).map((m): Item & { object: string; entry: string } => ({ object: b.object, entry: e.id, ...m }))));

    expect(all.find((i) => (i.message as { mid?: string } | undefined)?.mid === img.messageId)).toMatchObject({
      object: 'instagram',
      entry: igId,
      message: { mid: img.messageId, attachments: [{ type: 'image', payload: { url: 'https://cdn.example.com/p/dish.jpg' } }] },
    });
    expect(all.find((i) => (i.message as { mid?: string } | undefined)?.mid === sent.body.message_id)).toEqual({
      object: 'page',
      entry: pageId,
      sender: { id: pageId },
      recipient: { id: fb.guestId },
      timestamp: expect.any(Number),
      message: { is_echo: true, app_id: Number(APP_ID), mid: sent.body.message_id, text: 'Hello from the Page' },
    });
    expect(all.find((i) => (i.message as { mid?: string } | undefined)?.mid === sentIg.body.message_id)).toEqual({
      object: 'instagram',
      entry: igId,
      sender: { id: igId },
      recipient: { id: ig.guestId },
      timestamp: expect.any(Number),
      message: { is_echo: true, mid: sentIg.body.message_id, text: 'Hello on IG' },
    });
    const reactions = all.filter((i) => i.reaction);
    expect(reactions.map((i) => ({ from: i.sender.id, ...(i.reaction as object) }))).toEqual([
      { from: pageId, mid: fb.messageId, action: 'react', reaction: 'love', emoji: '\u2764\uFE0F' },
      { from: fb.guestId, mid: sent.body.message_id, action: 'react', reaction: 'like', emoji: '\u{1F44D}' },
      { from: fb.guestId, mid: sent.body.message_id, action: 'unreact', reaction: 'like', emoji: '\u{1F44D}' },
    ]);
    const reads = all.filter((i) => i.read);
    expect(reads).toEqual([
      { object: 'page', entry: pageId, sender: { id: fb.guestId }, recipient: { id: pageId }, timestamp: read.watermark, read: { watermark: read.watermark } },
      { object: 'instagram', entry: igId, sender: { id: ig.guestId }, recipient: { id: igId }, timestamp: expect.any(Number), read: { mid: sentIg.body.message_id } },
    ]);
    // One object per POST: Messenger and Instagram never share a body.
    for (const b of bodies) expect(['page', 'instagram']).toContain(b.object);
  });

  it('honours the app-level Instagram fields for Instagram events', async () => {
    const { t, receiver, pageId, token, igId } = await setup({ webhooks: { instagramFields: ['messages'] } });
    await subscribe(t, pageId, token, 'messages');
    const ig = t.sim.guestMessage({ igUserId: igId, text: 'IG hello' });
    t.sim.guestRead(ig.conversationId);
    await t.sim.flushWebhooks();
    expect(items(receiver).map((i) => Object.keys(i).at(-1))).toEqual(['message']);
  });

  it('retries a POST answered 500 with backoff until it succeeds, with the same signed bytes', async () => {
    const { t, receiver, pageId, token } = await setup();
    await subscribe(t, pageId, token, 'messages');
    receiver.failNext(500, 502);
    const g = t.sim.guestMessage({ pageId, text: 'Retry me' });
    await t.sim.flushWebhooks();
    const posts = receiver.posts();
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => p.raw.toString('utf8'))).size).toBe(1);
    expect(new Set(posts.map((p) => String(p.headers['x-hub-signature-256']))).size).toBe(1);
    const d = t.sim.webhookLog().deliveries.at(-1)!;
    expect(d).toMatchObject({ state: 'delivered', mids: [g.messageId], lastError: null, kinds: ['message'] });
    expect(d.attempts.map((a) => a.status)).toEqual([500, 502, 200]);
  });

  it('gives up after maxAttempts and records the failure; network errors count as failures', async () => {
    const { t, receiver, pageId, token } = await setup({ webhooks: { maxAttempts: 3 } });
    await subscribe(t, pageId, token, 'messages');
    receiver.failNext(500, 500, 500, 500);
    t.sim.guestMessage({ pageId, text: 'Doomed' });
    await t.sim.flushWebhooks();
    expect(receiver.posts()).toHaveLength(3);
    const log = t.sim.webhookLog();
    expect(log.deliveries.at(-1)).toMatchObject({ state: 'failed', lastError: 'callback answered 500' });
    expect(log.stats).toMatchObject({ failed: 1, delivered: 0 });

    // Callback goes away after verification: connection refused is retried then failed.
    await receiver.close();
    t.sim.guestMessage({ pageId, text: 'Nobody home' });
    await t.sim.flushWebhooks();
    const last = t.sim.webhookLog().deliveries.at(-1)!;
    expect(last.state).toBe('failed');
    expect(last.attempts).toHaveLength(3);
    expect(last.attempts.every((a) => a.status === null && a.error)).toBe(true);
  });

  it('settles a POST waiting for a retry when the simulator closes', async () => {
    const { t, receiver, pageId, token } = await setup({ webhooks: { retryBaseMs: 60_000, retryMaxMs: 60_000 } });
    await subscribe(t, pageId, token, 'messages');
    receiver.failNext(500);
    t.sim.guestMessage({ pageId, text: 'Closing soon' });
    await waitFor(() => t.sim.webhookLog().deliveries.at(-1)?.state === 'retrying', 5000, 'first failed attempt');
    await t.sim.close();
    await t.sim.flushWebhooks();
    expect(t.sim.webhookLog().deliveries.at(-1)).toMatchObject({ state: 'failed', lastError: 'callback answered 500' });
    expect(receiver.posts()).toHaveLength(1);
  });

  it('duplicates events at duplicateRate 1 as separate later POSTs with the same mid', async () => {
    const { t, receiver, pageId, token } = await setup({ webhooks: { duplicateRate: 1 } });
    await subscribe(t, pageId, token, 'messages');
    const a = t.sim.guestMessage({ pageId, text: 'one' });
    const b = t.sim.guestMessage({ conversationId: a.conversationId, text: 'two' });
    await t.sim.flushWebhooks();
    const mids = items(receiver).map((i) => (i.message as { mid: string }).mid);
    expect(mids).toEqual([a.messageId, b.messageId, a.messageId, b.messageId]);
    expect(receiver.posts()).toHaveLength(4);
    const log = t.sim.webhookLog();
    expect(log.deliveries.map((d) => d.duplicate)).toEqual([false, false, true, true]);
    expect(log.stats.duplicates).toBe(2);
  });

  it('holds and delivers out of order with reorder, and batches up to batchSize events per POST', async () => {
    const { t, receiver, pageId, token, otherId, otherToken } = await setup({ webhooks: { reorder: true, holdMs: 50 } });
    await subscribe(t, pageId, token, 'messages');
    await subscribe(t, otherId, otherToken, 'messages');
    const sent = ['first', 'second', 'third'].map((text) => t.sim.guestMessage({ pageId, text }).messageId);
    await t.sim.flushWebhooks();
    expect(items(receiver).map((i) => (i.message as { mid: string }).mid)).toEqual([...sent].reverse());

    // Batched: one POST with an entry per Page.
    t.sim.configureWebhooks({ reorder: false, batchSize: 10 });
    const before = receiver.posts().length;
    const x = t.sim.guestMessage({ pageId, text: 'x' });
    const y = t.sim.guestMessage({ pageId: otherId, text: 'y' });
    const z = t.sim.guestMessage({ pageId, text: 'z' });
    await t.sim.flushWebhooks();
    const batch = receiver.bodies().slice(before);
    expect(batch).toHaveLength(1);
    expect(batch[0]!.entry.map((e) => [e.id, e.messaging.map((m) => (m.message as { mid: string }).mid)])).toEqual([
      [pageId, [x.messageId, z.messageId]],
      [otherId, [y.messageId]],
    ]);
  });

  it('changes knobs over PUT /__sim/webhooks and validates them', async () => {
    const { t } = await setup();
    const put = (payload: object) => t.sim.app.inject({ method: 'PUT', url: '/__sim/webhooks', payload });
    const ok = await put({ duplicateRate: 0.5, reorder: true, batchSize: 1000, maxAttempts: 2 });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ duplicateRate: 0.5, reorder: true, batchSize: 1000, maxAttempts: 2 });
    for (const bad of [{ duplicateRate: 2 }, { duplicateRate: '0.5' }, { batchSize: 1001 }, { reorder: 'yes' }, { url: 'ftp://x' }, { nope: 1 }]) {
      expect((await put(bad)).statusCode).toBe(400);
    }
    const flushed = await t.sim.app.inject({ method: 'POST', url: '/__sim/webhooks/flush' });
    expect(flushed.json()).toMatchObject({ verified: true, deliveries: [] });
    const verify = await t.sim.app.inject({ method: 'POST', url: '/__sim/webhooks/verify' });
    expect(verify.json()).toMatchObject({ echoed: true, status: 200 });
  });

  it('stays silent without a webhook URL', async () => {
    const t = await startSim({ messagingRateLimit: null });
    cleanups.push(() => t.sim.close());
    const [pageId, token] = [...(await t.pageTokens(0)).entries()][0]!;
    await subscribe(t, pageId!, token!, 'messages');
    t.sim.guestMessage({ pageId: pageId!, text: 'hello?' });
    await t.sim.flushWebhooks();
    expect(t.sim.webhookLog()).toMatchObject({ verified: false, handshake: null, deliveries: [], config: { url: null } });
  });
});

describe('every messaging payload the guest driver can send', () => {
  it('sends attachments with their per-type payloads, postbacks, unsends, deliveries and template echoes, each gated by its field', async () => {
    const { t, receiver, pageId, token, igId } = await setup();
    await subscribe(t, pageId, token, 'messages,message_echoes,messaging_postbacks,message_deliveries');
    const fb = t.sim.guestMessage({ pageId, channel: 'messenger', attachment: { type: 'fallback', url: 'https://example.com/menu', title: 'Menu' } });
    const loc = t.sim.guestMessage({ conversationId: fb.conversationId, attachment: { type: 'location', lat: 17.4, long: 78.4 } });
    const odd = t.sim.guestMessage({ conversationId: fb.conversationId, attachment: { type: 'unsupported_type' } });
    const pb = t.sim.guestMessage({ conversationId: fb.conversationId, postback: { title: 'Book a table', payload: 'BOOK' } });
    const tpl = t.sim.pageTemplate(fb.conversationId, { text: 'Pick a time', buttons: ['7 pm'] });
    t.sim.guestDelivery(fb.conversationId);
    const ig = t.sim.guestMessage({ igUserId: igId, text: 'oops' });
    t.sim.guestUnsend(ig.messageId);
    await t.sim.flushWebhooks();
    const byMid = (mid: string) => items(receiver).find((i) => (i.message as { mid?: string } | undefined)?.mid === mid || (i.postback as { mid?: string } | undefined)?.mid === mid);
    expect(byMid(fb.messageId)!.message).toMatchObject({ attachments: [{ type: 'fallback', payload: { url: 'https://example.com/menu', title: 'Menu' } }] });
    expect(byMid(loc.messageId)!.message).toMatchObject({ attachments: [{ type: 'location', payload: { coordinates: { lat: 17.4, long: 78.4 } } }] });
    expect(byMid(odd.messageId)!.message).toMatchObject({ attachments: [{ type: 'unsupported_type', payload: null }] });
    expect(byMid(pb.messageId)!.postback).toEqual({ mid: pb.messageId, title: 'Book a table', payload: 'BOOK' });
    expect(byMid(tpl.messageId)!.message).toMatchObject({ is_echo: true, attachments: [{ type: 'template', payload: { template_type: 'button', text: 'Pick a time' } }] });
    const delivery = items(receiver).find((i) => 'delivery' in i)!;
    expect(delivery.delivery).toMatchObject({ mids: [tpl.messageId], watermark: expect.any(Number) });
    const unsend = items(receiver).filter((i) => (i.message as { mid?: string } | undefined)?.mid === ig.messageId);
    expect(unsend.map((i) => i.message)).toEqual([expect.objectContaining({ text: 'oops' }), { mid: ig.messageId, is_deleted: true }]);
  });

  it('sends no delivery without message_deliveries, and none on Instagram', async () => {
    const { t, receiver, pageId, token, igId } = await setup();
    await subscribe(t, pageId, token, 'messages');
    const m = t.sim.guestMessage({ pageId, channel: 'messenger', text: 'hi' });
    t.sim.guestDelivery(m.conversationId);
    const ig = t.sim.guestMessage({ igUserId: igId, text: 'hi' });
    t.sim.guestDelivery(ig.conversationId);
    await t.sim.flushWebhooks();
    expect(items(receiver).some((i) => 'delivery' in i)).toBe(false);
  });
});
