import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { serializeMetaJson, signMetaPayload } from '@dinedesk/meta-sim';
import type { TConversation, TInboxMessage, TInboxPage } from '@dinedesk/contracts';
import { schema } from '../../db/client.ts';
import { bearer, deliveryOutcome, startHarness, type Harness } from '../../test/harness.ts';
import { inboxSyncPageJob } from './inbox-sync.service.ts';
import { toMessageChecked } from './inbox.mappers.ts';

/**
 * Every payload Meta sends, and input that must never break anything, inbox side:
 * every documented Messenger/Instagram webhook event is stored and shown or deliberately
 * ignored with a 200; text from Meta is cleaned, never refused; one bad row, event or
 * conversation never poisons a list, a delivery or the catch-up loop.
 */

let h: Harness;
let agent: string;
let pages: TInboxPage[];
let igPages: TInboxPage[];

const api = (url: string) => h.get(url, agent);

/** Posts a signed delivery and waits for its job to apply it. */
async function deliver(object: 'page' | 'instagram', entryId: string, messaging: unknown[]) {
  const body = serializeMetaJson({ object, entry: [{ id: entryId, time: Date.now(), messaging }] });
  const res = await h.server.app.inject({
    method: 'POST',
    url: '/api/webhooks/meta',
    payload: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaPayload(h.config.graph.appSecret, body) },
  });
  await h.settle();
  return res;
}

async function conversationOf(channel: string, pageId: string, guestId: string): Promise<TConversation | undefined> {
  let cursor: string | null = null;
  do {
    const res = await api(`/api/${channel}/pages/${pageId}/conversations?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: TConversation[]; paging: { nextCursor: string | null } };
    const hit = body.data.find((c) => c.guest.id === guestId);
    if (hit) return hit;
    cursor = body.paging.nextCursor;
  } while (cursor);
  return undefined;
}

async function messagesOf(channel: string, pageId: string, guestId: string): Promise<{ status: number; data: TInboxMessage[]; conversation?: TConversation }> {
  const conv = await conversationOf(channel, pageId, guestId);
  if (!conv) throw new Error(`no conversation with guest ${guestId}`);
  const res = await api(`/api/${channel}/pages/${pageId}/conversations/${conv.id}/messages?limit=100`);
  if (res.statusCode !== 200) return { status: res.statusCode, data: [] };
  const body = res.json() as { data: TInboxMessage[]; conversation: TConversation };
  return { status: 200, data: body.data, conversation: body.conversation };
}

let seq = 0;
const newGuest = () => `77${Date.now()}${seq++}`.slice(0, 16);

beforeAll(async () => {
  h = await startHarness({ listen: true });
  agent = await h.login('agent@spice-route.demo');
  pages = (await api('/api/messenger/pages')).json().data;
  igPages = (await api('/api/messenger/instagram-pages')).json().data;
});
afterAll(() => h?.close());

describe('webhook payloads a thread must survive', () => {
  it('stores a fallback attachment (a shared link) with its title and url, and the thread loads', async () => {
    const page = pages[0]!;
    const guest = newGuest();
    const t = Date.now();
    const res = await deliver('page', page.id, [
      {
        sender: { id: guest },
        recipient: { id: page.id },
        timestamp: t,
        message: { mid: `m_fb_${guest}`, attachments: [{ type: 'fallback', payload: { url: 'https://example.com/menu', title: 'Our menu' } }] },
      },
      // The older shape: title and url on the attachment, no payload.
      { sender: { id: guest }, recipient: { id: page.id }, timestamp: t + 1, message: { mid: `m_fb2_${guest}`, attachments: [{ type: 'fallback', title: 'Old shape', url: 'https://example.com/old', payload: null }] } },
    ]);
    expect(res.statusCode).toBe(200);
    const thread = await messagesOf('messenger', page.id, guest);
    expect(thread.status).toBe(200);
    expect(thread.data.find((m) => m.mid === `m_fb_${guest}`)!.attachments).toEqual([{ type: 'fallback', url: 'https://example.com/menu', title: 'Our menu' }]);
    expect(thread.data.find((m) => m.mid === `m_fb2_${guest}`)!.attachments).toEqual([{ type: 'fallback', url: 'https://example.com/old', title: 'Old shape' }]);
  });

  it('stores an attachment type it does not know as unsupported and shows it', async () => {
    const page = pages[0]!;
    const guest = newGuest();
    const res = await deliver('page', page.id, [
      { sender: { id: guest }, recipient: { id: page.id }, timestamp: Date.now(), message: { mid: `m_new_${guest}`, attachments: [{ type: 'hologram', payload: { url: 'https://example.com/h' } }, { type: 'unsupported_type', payload: null }] } },
    ]);
    expect(res.statusCode).toBe(200);
    const thread = await messagesOf('messenger', page.id, guest);
    expect(thread.data[0]!.attachments).toEqual([
      { type: 'unsupported', originalType: 'hologram', url: 'https://example.com/h' },
      { type: 'unsupported', originalType: 'unsupported_type', url: null },
    ]);
  });

  it('cleans NUL and other control characters from text Meta sends, and the thread loads', async () => {
    const page = pages[1]!;
    const guest = newGuest();
    const res = await deliver('page', page.id, [{ sender: { id: guest }, recipient: { id: page.id }, timestamp: Date.now(), message: { mid: `m_nul_${guest}`, text: 'table\u0000 for\u0007 two\ttonight\n?' } }]);
    expect(res.statusCode).toBe(200);
    const thread = await messagesOf('messenger', page.id, guest);
    expect(thread.status).toBe(200);
    expect(thread.data[0]!.text).toBe('table for two\ttonight\n?');
    expect(thread.conversation!.snippet).toBe('table for two\ttonight\n?');
  });

  it.each([
    ['1e20', 1e20],
    ['negative', -5],
    ['a NaN string', 'NaN'],
    ['seconds instead of ms', 1_700_000_000],
  ])('stores a message whose webhook timestamp is out of range (%s) at its receipt time', async (_what, timestamp) => {
    const page = pages[2]!;
    const guest = newGuest();
    const before = Date.now();
    const res = await deliver('page', page.id, [{ sender: { id: guest }, recipient: { id: page.id }, timestamp, message: { mid: `m_ts_${guest}`, text: 'when?' } }]);
    expect(res.statusCode).toBe(200);
    const thread = await messagesOf('messenger', page.id, guest);
    expect(thread.status).toBe(200);
    const at = Date.parse(thread.data[0]!.createdTime);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('stores the good events of a batch when storing one of them fails, and answers 200', async () => {
    const page = pages[3]!;
    const guest = newGuest();
    const db = h.server.ctx.db;
    // A database that refuses one row: what a storage fault looks like from the webhook.
    await db.execute(sql.raw(`create or replace function dd_poison() returns trigger language plpgsql as $$ begin if new.mid like 'm_poison%' then raise exception 'poisoned row'; end if; return new; end $$`));
    await db.execute(sql.raw(`create trigger dd_poison before insert on messages for each row execute function dd_poison()`));
    try {
      const t = Date.now();
      const res = await deliver('page', page.id, [
        { sender: { id: guest }, recipient: { id: page.id }, timestamp: t, message: { mid: `m_ok1_${guest}`, text: 'first' } },
        { sender: { id: guest }, recipient: { id: page.id }, timestamp: t + 1, message: { mid: `m_poison_${guest}`, text: 'breaks' } },
        { sender: { id: guest }, recipient: { id: page.id }, timestamp: t + 2, message: { mid: `m_ok2_${guest}`, text: 'third' } },
        { not: 'a messaging event' },
      ]);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ received: true });
      expect(await deliveryOutcome(h, res)).toMatchObject({ processed: true, skipped: 2 });
    } finally {
      await db.execute(sql.raw('drop trigger dd_poison on messages'));
    }
    const thread = await messagesOf('messenger', page.id, guest);
    expect(thread.data.map((m) => m.text).sort()).toEqual(['first', 'third']);
  });
});

describe('rows that must not poison a list', () => {
  it('repairs an attachment of unknown or garbled shape to unsupported, and skips a row that cannot be shown', async () => {
    const page = pages[4]!;
    const guest = newGuest();
    await deliver('page', page.id, [{ sender: { id: guest }, recipient: { id: page.id }, timestamp: Date.now() - 5000, message: { mid: `m_good_${guest}`, text: 'good row' } }]);
    const conv = (await conversationOf('messenger', page.id, guest))!;
    const [row] = await h.server.ctx.db.select().from(schema.conversations).where(eq(schema.conversations.id, Number(conv.id)));
    const base = { conversationId: row!.id, clientId: row!.clientId, createdTime: new Date() };
    await h.server.ctx.db.insert(schema.messages).values([
      { ...base, mid: `m_garbled_${guest}`, direction: 'guest', text: null, attachments: [42, { type: 'image' }, 'x', { type: 'location', payload: 'nowhere' }] as never },
      { ...base, mid: `m_notarray_${guest}`, direction: 'guest', text: 'attachments is an object', attachments: { type: 'image', url: 'https://x' } as never },
      { ...base, mid: `m_sideways_${guest}`, direction: 'sideways', text: 'who sent this?' },
    ]);
    const first = await messagesOf('messenger', page.id, guest);
    expect(first.status).toBe(200);
    const byMid = new Map(first.data.map((m) => [m.mid, m]));
    expect(byMid.get(`m_good_${guest}`)!.text).toBe('good row');
    expect(byMid.get(`m_garbled_${guest}`)!.attachments).toEqual([
      { type: 'unsupported', originalType: 'unknown', url: null },
      { type: 'unsupported', originalType: 'image', url: null },
      { type: 'unsupported', originalType: 'unknown', url: null },
      { type: 'unsupported', originalType: 'location', url: null },
    ]);
    expect(byMid.get(`m_notarray_${guest}`)!.attachments).toEqual([{ type: 'unsupported', originalType: 'unknown', url: null }]);
    expect(byMid.has(`m_sideways_${guest}`)).toBe(false);
    // Each bad row is logged once, not on every load of its thread.
    const log = { warn: vi.fn() };
    const [sideways] = await h.server.ctx.db.insert(schema.messages).values({ ...base, mid: `m_sideways2_${guest}`, direction: 'upwards', text: 'x' }).returning();
    expect(toMessageChecked(sideways!, row!, null, log)).toBeNull();
    expect(toMessageChecked(sideways!, row!, null, log)).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('skips a conversation row whose time cannot be shown, and lists the others', async () => {
    const page = pages[5]!;
    const guest = newGuest();
    await deliver('page', page.id, [{ sender: { id: guest }, recipient: { id: page.id }, timestamp: Date.now(), message: { mid: `m_far_${guest}`, text: 'from the far future' } }]);
    const conv = (await conversationOf('messenger', page.id, guest))!;
    // Beyond the last date JavaScript can represent (year 275760), still valid in PostgreSQL.
    await h.server.ctx.db.execute(sql`update conversations set updated_time = '290000-01-01T00:00:00Z', last_guest_message_at = '290000-01-01T00:00:00Z' where id = ${Number(conv.id)}`);
    const res = await api(`/api/messenger/pages/${page.id}/conversations?limit=100`);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as TConversation[];
    expect(list.some((c) => c.id === conv.id)).toBe(false);
    expect(list.length).toBe(page.conversationCount);
  });
});

describe('inbox catch-up', () => {
  it('goes on with the next conversation and page when storing one conversation fails', async () => {
    const db = h.server.ctx.db;
    const [p0, p1] = [pages[6]!, pages[7]!];
    // Webhooks off, so only the catch-up can bring these messages in.
    h.sim.configureWebhooks({ url: null });
    const good0 = h.sim.guestMessage({ pageId: p0.id, channel: 'messenger', text: 'older, fine' });
    const bad = h.sim.guestMessage({ pageId: p0.id, channel: 'messenger', text: 'dd-poison-sync' });
    const good1 = h.sim.guestMessage({ pageId: p1.id, channel: 'messenger', text: 'other page, fine' });
    const nul = h.sim.guestMessage({ pageId: p1.id, channel: 'messenger', text: 'nul\u0000 from graph' });
    await db.execute(sql.raw(`create or replace function dd_poison_sync() returns trigger language plpgsql as $$ begin if new.text = 'dd-poison-sync' then raise exception 'poisoned row'; end if; return new; end $$`));
    await db.execute(sql.raw(`create trigger dd_poison_sync before insert on messages for each row execute function dd_poison_sync()`));
    const log = { warn: vi.fn(), error: vi.fn(), info: vi.fn(), debug: vi.fn() };
    try {
      // The job each page gets from the sync tick, run for both pages the way its worker does.
      for (const p of [p0, p1]) {
        await inboxSyncPageJob.handler(h.server.ctx, { clientId: 'not read by the handler', outletId: p.outletId, pageId: p.id }, { id: 'test', retryCount: 0, log: log as unknown as FastifyBaseLogger });
      }
    } finally {
      await db.execute(sql.raw('drop trigger dd_poison_sync on messages'));
      h.sim.configureWebhooks({ url: `${h.baseUrl}/api/webhooks/meta` });
    }
    expect((await messagesOf('messenger', p0.id, good0.guestId)).data.map((m) => m.text)).toContain('older, fine');
    expect((await messagesOf('messenger', p1.id, good1.guestId)).data.map((m) => m.text)).toContain('other page, fine');
    expect((await messagesOf('messenger', p1.id, nul.guestId)).data.map((m) => m.text)).toContain('nul from graph');
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ conversationId: expect.any(String) }), expect.stringMatching(/conversation/));
    expect(await conversationOf('messenger', p0.id, bad.guestId)).toBeUndefined();
  });
});

describe('every payload the simulator sends, end to end (guest event → signed webhook → stored → listed)', () => {
  const cases: [string, 'messenger' | 'instagram', { type: string; url?: string; title?: string; lat?: number; long?: number }, Record<string, unknown>][] = [
    ['image', 'messenger', { type: 'image', url: 'https://cdn.example/p.jpg' }, { type: 'image', url: 'https://cdn.example/p.jpg' }],
    ['video', 'messenger', { type: 'video', url: 'https://cdn.example/v.mp4' }, { type: 'video', url: 'https://cdn.example/v.mp4' }],
    ['audio', 'instagram', { type: 'audio', url: 'https://cdn.example/a.mp4' }, { type: 'audio', url: 'https://cdn.example/a.mp4' }],
    ['file', 'messenger', { type: 'file', url: 'https://cdn.example/menu.pdf' }, { type: 'file', url: 'https://cdn.example/menu.pdf' }],
    ['fallback', 'messenger', { type: 'fallback', url: 'https://zomato.example/r/1', title: 'Spice Route on Zomato' }, { type: 'fallback', url: 'https://zomato.example/r/1', title: 'Spice Route on Zomato' }],
    ['share', 'instagram', { type: 'share', url: 'https://cdn.example/post' }, { type: 'share', url: 'https://cdn.example/post' }],
    ['story_mention', 'instagram', { type: 'story_mention', url: 'https://cdn.example/story' }, { type: 'story_mention', url: 'https://cdn.example/story' }],
    ['reel', 'instagram', { type: 'reel', url: 'https://cdn.example/reel', title: 'Biryani night' }, { type: 'reel', url: 'https://cdn.example/reel', title: 'Biryani night' }],
    ['ig_reel', 'instagram', { type: 'ig_reel', url: 'https://cdn.example/igreel', title: 'Chef special' }, { type: 'ig_reel', url: 'https://cdn.example/igreel', title: 'Chef special' }],
    ['location', 'messenger', { type: 'location', lat: 17.4126, long: 78.4482, title: 'Banjara Hills' }, { type: 'location', lat: 17.4126, long: 78.4482, title: 'Banjara Hills' }],
    ['template', 'messenger', { type: 'template', title: 'Weekend brunch' }, { type: 'template', title: 'Weekend brunch', templateType: 'generic', buttons: [] }],
    ['unsupported_type', 'instagram', { type: 'unsupported_type' }, { type: 'unsupported', originalType: 'unsupported_type', url: null }],
    ['a future type', 'messenger', { type: 'ig_post_v9', url: 'https://cdn.example/x' }, { type: 'unsupported', originalType: 'ig_post_v9', url: 'https://cdn.example/x' }],
  ];
  it.each(cases)('%s attachment on %s', async (_what, channel, attachment, expected) => {
    const account = channel === 'messenger' ? pages[0]! : igPages[0]!;
    const sent = h.sim.guestMessage({ pageId: account.facebookPageId, channel, attachment });
    await h.flushWebhooks();
    const thread = await messagesOf(channel, account.id, sent.guestId);
    expect(thread.status).toBe(200);
    const m = thread.data.find((x) => x.mid === sent.messageId)!;
    expect(m.attachments).toHaveLength(1);
    expect(m.attachments[0]).toMatchObject(expected);
  });

  it('stores a postback as the guest’s tap on the button', async () => {
    const page = pages[1]!;
    const sent = h.sim.guestMessage({ pageId: page.id, channel: 'messenger', postback: { title: 'Book a table', payload: 'BOOK' } });
    await h.flushWebhooks();
    const thread = await messagesOf('messenger', page.id, sent.guestId);
    const m = thread.data.find((x) => x.mid === sent.messageId)!;
    expect(m).toMatchObject({ direction: 'guest', text: 'Book a table', postback: { title: 'Book a table' }, deleted: false });
    expect(thread.conversation!.window.state).toBe('standard');
  });

  it('shows an Instagram message the guest unsent as removed, without its text', async () => {
    const ig = igPages[1]!;
    const sent = h.sim.guestMessage({ pageId: ig.facebookPageId, channel: 'instagram', text: 'oops, wrong chat' });
    await h.flushWebhooks();
    h.sim.guestUnsend(sent.messageId);
    await h.flushWebhooks();
    const thread = await messagesOf('instagram', ig.id, sent.guestId);
    const m = thread.data.find((x) => x.mid === sent.messageId)!;
    expect(m).toMatchObject({ deleted: true, text: null, attachments: [] });
    expect(thread.conversation!.snippet).toBe('[unsent]');
  });

  it('keeps an unsend that overtakes its message: the late message is not stored', async () => {
    const ig = igPages[2]!;
    const guest = newGuest();
    const t = Date.now();
    await deliver('instagram', ig.id, [{ sender: { id: guest }, recipient: { id: ig.id }, timestamp: t, message: { mid: `aWdf_first_${guest}`, text: 'hello' } }]);
    await deliver('instagram', ig.id, [{ sender: { id: guest }, recipient: { id: ig.id }, timestamp: t + 2, message: { mid: `aWdf_${guest}`, is_deleted: true } }]);
    await deliver('instagram', ig.id, [{ sender: { id: guest }, recipient: { id: ig.id }, timestamp: t + 1, message: { mid: `aWdf_${guest}`, text: 'taken back' } }]);
    const thread = await messagesOf('instagram', ig.id, guest);
    expect(thread.data.some((m) => m.text === 'taken back')).toBe(false);
  });

  it('shows the echo of a template the page sent elsewhere with its text, never as an empty bubble', async () => {
    const page = pages[2]!;
    const sent = h.sim.guestMessage({ pageId: page.id, channel: 'messenger', text: 'menu please' });
    const echo = h.sim.pageTemplate(sent.conversationId, { text: 'Here is our menu', buttons: ['Order now', 'Call us'] });
    await h.flushWebhooks();
    const thread = await messagesOf('messenger', page.id, sent.guestId);
    const m = thread.data.find((x) => x.mid === echo.messageId)!;
    expect(m.direction).toBe('page');
    expect(m.attachments).toEqual([{ type: 'template', templateType: 'button', title: 'Here is our menu', buttons: ['Order now', 'Call us'] }]);
    expect(thread.conversation!.snippet).toBe('Here is our menu');
  });

  it('stores deliveries and reads of the page’s messages as watermarks, live on a socket', async () => {
    const page = pages[3]!;
    const sent = h.sim.guestMessage({ pageId: page.id, channel: 'messenger', text: 'is the terrace open?' });
    await h.flushWebhooks();
    const conv = (await conversationOf('messenger', page.id, sent.guestId))!;
    const reply = await h.server.app.inject({ method: 'POST', url: `/api/messenger/pages/${page.id}/conversations/${conv.id}/messages`, headers: bearer(agent), payload: { text: 'Yes, until 11 pm.' } });
    expect(reply.statusCode).toBe(200);
    const { io } = await import('socket.io-client');
    const { SOCKET_CLIENT_OPTIONS, SOCKET_EVENTS } = await import('@dinedesk/contracts');
    const socket = io(h.baseUrl, { ...SOCKET_CLIENT_OPTIONS, transports: ['websocket'], reconnection: false, auth: { token: agent } });
    const seen: { type: string; conversationId: string }[] = [];
    socket.on(SOCKET_EVENTS.inboxEvent, (e: { type: string; conversationId: string }) => seen.push(e));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    try {
      const delivered = h.sim.guestDelivery(sent.conversationId);
      const read = h.sim.guestRead(sent.conversationId);
      await h.flushWebhooks();
      const end = Date.now() + 5000;
      while (!(seen.some((e) => e.type === 'delivery' && e.conversationId === conv.id) && seen.some((e) => e.type === 'read' && e.conversationId === conv.id)) && Date.now() < end) {
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(seen.filter((e) => e.conversationId === conv.id).map((e) => e.type)).toEqual(expect.arrayContaining(['delivery', 'read']));
      const after = (await conversationOf('messenger', page.id, sent.guestId))!;
      expect(after.guestDeliveredAt).toBe(new Date(delivered.watermark).toISOString());
      expect(after.guestReadAt).toBe(new Date(read.watermark).toISOString());
    } finally {
      socket.close();
    }
  });
});

/**
 * The webhook's SQL moved into inbox.repository.ts; these are the bugs the move
 * showed, each proved by its own test.
 */
describe('webhook events stay in their own account and use the app clock', () => {
  it('a reaction event of one page never changes a message of another page', async () => {
    const [a, b] = [pages[4]!, pages[5]!];
    const guestB = newGuest();
    const mid = `m_other_${guestB}`;
    expect((await deliver('page', b.id, [{ sender: { id: guestB }, recipient: { id: b.id }, timestamp: Date.now(), message: { mid, text: 'on page B' } }])).statusCode).toBe(200);
    // A delivery for page A naming page B's message.
    const res = await deliver('page', a.id, [{ sender: { id: newGuest() }, recipient: { id: a.id }, timestamp: Date.now(), reaction: { mid, action: 'react', emoji: '😡' } }]);
    expect(res.statusCode).toBe(200);
    expect(await deliveryOutcome(h, res)).toMatchObject({ events: 0, skipped: 1 });
    const thread = await messagesOf('messenger', b.id, guestB);
    expect(thread.data.find((m) => m.mid === mid)!.reactions).toEqual({ page: null, guest: null });
  });

  it('a delivery event names only messages of its own conversation as its watermark', async () => {
    const [a, b] = [pages[4]!, pages[5]!];
    const guestA = newGuest();
    const guestB = newGuest();
    const t = Date.now();
    await deliver('page', a.id, [{ sender: { id: guestA }, recipient: { id: a.id }, timestamp: t, message: { mid: `m_a_${guestA}`, text: 'on page A' } }]);
    await deliver('page', b.id, [{ sender: { id: guestB }, recipient: { id: b.id }, timestamp: t, message: { mid: `m_b_${guestB}`, text: 'on page B' } }]);
    // Guest A's delivery without a watermark, naming page B's message: nothing to apply.
    const res = await deliver('page', a.id, [{ sender: { id: guestA }, recipient: { id: a.id }, timestamp: t + 1, delivery: { mids: [`m_b_${guestB}`] } }]);
    expect(res.statusCode).toBe(200);
    expect((await conversationOf('messenger', a.id, guestA))!.guestDeliveredAt).toBeNull();
  });

  it('computes the reply window of a recorded conversation event at the app clock, not the wall clock', async () => {
    const page = pages[6]!;
    const guest = newGuest();
    const threeDays = 3 * 24 * 3_600_000;
    h.clock.offsetMs = -threeDays;
    try {
      const res = await deliver('page', page.id, [{ sender: { id: guest }, recipient: { id: page.id }, timestamp: Date.now() - threeDays, message: { mid: `m_clock_${guest}`, text: 'hello' } }]);
      expect(res.statusCode).toBe(200);
    } finally {
      h.clock.offsetMs = 0;
    }
    const rows = await h.server.ctx.db
      .select({ payload: schema.inboxEvents.payload })
      .from(schema.inboxEvents)
      .where(sql`${schema.inboxEvents.accountId} = ${page.id} and ${schema.inboxEvents.payload}->>'type' = 'conversation'`)
      .orderBy(sql`${schema.inboxEvents.id} desc`)
      .limit(1);
    const event = rows[0]!.payload as unknown as { conversation: TConversation };
    expect(event.conversation.guest.id).toBe(guest);
    // The guest wrote "just now" by the app's clock: the standard 24 h window, not HUMAN_AGENT.
    expect(event.conversation.window.state).toBe('standard');
  });
});
