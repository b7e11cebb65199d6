import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializeMetaJson, signMetaPayload } from '@dinedesk/meta-sim';
import { SOCKET_EVENTS, type TConversation, type TInboxEvent, type TInboxMessage, type TInboxPage, type TReplayAck } from '@dinedesk/contracts';
import { connectSocket, startHarness, type Harness } from '../../test/harness.ts';

let h: Harness;
let agent: string;
let otherOwner: string;
let pages: TInboxPage[];
let igPages: TInboxPage[];

const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: object, headers: Record<string, string> = {}) =>
  h.request(method, url, { token, payload, headers });

async function conversationsOf(token: string, channel: string, pageId: string): Promise<TConversation[]> {
  const out: TConversation[] = [];
  let cursor: string | null = null;
  do {
    const res = await api('GET', `/api/${channel}/pages/${pageId}/conversations?limit=7${cursor ? `&cursor=${cursor}` : ''}`, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    out.push(...body.data);
    cursor = body.paging.nextCursor;
  } while (cursor);
  return out;
}

async function until<T>(fn: () => Promise<T | undefined | false>, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const socketFor = (token: string, extra: Record<string, unknown> = {}) => connectSocket(h.baseUrl, token, extra);

beforeAll(async () => {
  h = await startHarness({ listen: true });
  agent = await h.login('agent@spice-route.demo');
  otherOwner = await h.login('owner@deccan-table.demo');
  pages = (await api('GET', '/api/messenger/pages', agent)).json().data;
  igPages = (await api('GET', '/api/messenger/instagram-pages', agent)).json().data;
});
afterAll(() => h?.close());

describe('pages and conversations', () => {
  it('lists the client’s Messenger pages and Instagram accounts, backfilled from the Conversations API', () => {
    expect(pages).toHaveLength(8);
    expect(igPages).toHaveLength(8);
    expect(igPages[0]!.username).toBeTruthy();
    expect(pages.reduce((n, p) => n + p.conversationCount, 0)).toBeGreaterThan(0);
    expect(igPages.reduce((n, p) => n + p.conversationCount, 0)).toBeGreaterThan(0);
  });

  it('pages through conversations most recent first, each once', async () => {
    const page = pages.find((p) => p.conversationCount > 7) ?? pages[0]!;
    const all = await conversationsOf(agent, 'messenger', page.id);
    expect(all).toHaveLength(page.conversationCount);
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length);
    const times = all.map((c) => c.updatedTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.every((c) => c.guest.name.length > 0)).toBe(true);
  });

  it('answers messages newest first with the conversation and its window', async () => {
    const page = pages.find((p) => p.conversationCount > 0)!;
    const [conv] = await conversationsOf(agent, 'messenger', page.id);
    const res = await api('GET', `/api/messenger/pages/${page.id}/conversations/${conv!.id}/messages?limit=100`, agent);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.conversation.id).toBe(conv!.id);
    const times = body.data.map((m: TInboxMessage) => m.createdTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(body.data.some((m: TInboxMessage) => m.direction === 'guest')).toBe(true);
    const one = await api('GET', `/api/messenger/pages/${page.id}/messages/${body.data[0].id}`, agent);
    expect(one.json().message.mid).toBe(body.data[0].mid);
  });

  it('refuses an unknown channel, another client’s page and a bad cursor', async () => {
    const bad = await api('GET', `/api/whatsapp/pages/${pages[0]!.id}/conversations`, agent);
    expect(bad.statusCode).toBe(404);
    expect(bad.json().message).toMatch(/Unknown channel 'whatsapp'/);
    const foreign = await api('GET', `/api/messenger/pages/${pages[0]!.id}/conversations`, otherOwner);
    expect(foreign.statusCode).toBe(404);
    const cursor = await api('GET', `/api/messenger/pages/${pages[0]!.id}/conversations?cursor=Zm9v`, agent);
    expect(cursor.statusCode).toBe(400);
    expect(cursor.json().field).toBe('query.cursor');
  });
});

describe('webhooks', () => {
  /** Posts a delivery and waits for its job (if any) to apply it. */
  const post = async (body: string, signature?: string) => {
    const res = await h.server.app.inject({ method: 'POST', url: '/api/webhooks/meta', payload: body, headers: { 'content-type': 'application/json', ...(signature ? { 'x-hub-signature-256': signature } : {}) } });
    await h.settle();
    return res;
  };

  it('answers the verification handshake', async () => {
    const ok = await api('GET', '/api/webhooks/meta?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=dinedesk-verify');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const bad = await api('GET', '/api/webhooks/meta?hub.mode=subscribe&hub.challenge=1&hub.verify_token=nope');
    expect(bad.statusCode).toBe(403);
    // The simulator ran the same handshake against the listening server when its URL was set.
    const handshake = await h.sim.verifyWebhook();
    expect(handshake.echoed).toBe(true);
  });

  it('stores a guest message from the simulator once, live on a socket of an allowed user', async () => {
    const page = pages[0]!;
    const socket = await socketFor(agent);
    const seen: TInboxEvent[] = [];
    socket.on(SOCKET_EVENTS.inboxEvent, (e: TInboxEvent) => seen.push(e));
    const sent = h.sim.guestMessage({ pageId: page.id, channel: 'messenger', text: 'Do you have a table for four tonight? 🙂' });
    await h.flushWebhooks();
    const event = await until(async () => seen.find((e) => e.type === 'message' && e.message.mid === sent.messageId), 'socket event');
    expect(event.type === 'message' && event.message.text).toBe('Do you have a table for four tonight? 🙂');
    const conv = (await conversationsOf(agent, 'messenger', page.id)).find((c) => c.guest.id === sent.guestId)!;
    expect(conv.unreadCount).toBe(1);
    expect(conv.window.state).toBe('standard');
    // The webhook carries only the PSID; the name is looked up from the Conversations API after.
    const simName = h.sim.conversations(page.id, 'messenger').find((c) => c.guestId === sent.guestId)!.guestName;
    const named = await until(async () => seen.find((e) => e.type === 'conversation' && e.conversation.guest.id === sent.guestId && e.conversation.guest.name === simName), 'guest name event');
    expect(named).toBeDefined();
    socket.close();
  });

  it('rejects a bad or missing signature with 403 and stores nothing', async () => {
    const page = pages[1]!;
    const body = serializeMetaJson({ object: 'page', entry: [{ id: page.id, time: Date.now(), messaging: [{ sender: { id: '999000111' }, recipient: { id: page.id }, timestamp: Date.now(), message: { mid: 'm_forged', text: 'forged' } }] }] });
    expect((await post(body)).statusCode).toBe(403);
    expect((await post(body, 'sha256=' + '0'.repeat(64))).statusCode).toBe(403);
    expect((await post(body, signMetaPayload('another-secret', body))).statusCode).toBe(403);
    const convs = await conversationsOf(agent, 'messenger', page.id);
    expect(convs.some((c) => c.guest.id === '999000111')).toBe(false);
  });

  it('stores a replayed, duplicated or reordered delivery exactly once', async () => {
    const page = pages[2]!;
    const guest = '7100' + Date.now();
    const t = Date.now();
    const entry = (mid: string, text: string, ts: number) => ({ sender: { id: guest }, recipient: { id: page.id }, timestamp: ts, message: { mid, text } });
    const later = serializeMetaJson({ object: 'page', entry: [{ id: page.id, time: t, messaging: [entry('m_b', 'second', t + 1000)] }] });
    const earlier = serializeMetaJson({ object: 'page', entry: [{ id: page.id, time: t, messaging: [entry('m_a', 'first', t), entry('m_a', 'first', t)] }] });
    for (const body of [later, earlier, later]) {
      const res = await post(body, signMetaPayload(h.config.graph.appSecret, body));
      expect(res.statusCode).toBe(200);
    }
    const conv = (await conversationsOf(agent, 'messenger', page.id)).find((c) => c.guest.id === guest)!;
    expect(conv.messageCount).toBe(2);
    expect(conv.unreadCount).toBe(2);
    expect(conv.snippet).toBe('second');
  });

  it('answers 400 for a signed body that is not a Meta payload', async () => {
    const body = '{"hello":"world"}';
    const res = await post(body, signMetaPayload(h.config.graph.appSecret, body));
    expect(res.statusCode).toBe(400);
  });
});

describe('sending, reacting and reading', () => {
  async function openConversation(state: 'standard' | 'human_agent' | 'closed') {
    for (const p of pages) {
      const c = (await conversationsOf(agent, 'messenger', p.id)).find((x) => x.window.state === state);
      if (c) return { page: p, conv: c };
    }
    throw new Error(`no ${state} conversation seeded`);
  }

  it('sends a reply as the page; a retried send with the same Idempotency-Key posts once', async () => {
    const { page, conv } = await openConversation('standard');
    const key = randomUUID();
    const path = `/api/messenger/pages/${page.id}/conversations/${conv.id}/messages`;
    const first = await api('POST', path, agent, { text: 'We have a table at 8 pm.' }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    const again = await api('POST', path, agent, { text: 'We have a table at 8 pm.' }, { 'idempotency-key': key });
    expect(again.statusCode).toBe(200);
    expect(again.json().message.id).toBe(first.json().message.id);
    expect(first.json().message).toMatchObject({ direction: 'page', sentBy: 'Spice Route Hospitality Agent', humanAgentTag: false });
    const simConv = h.sim.conversations(page.id, 'messenger').find((c) => c.guestId === conv.guest.id)!;
    expect(simConv.messageCount).toBe(conv.messageCount + 1);
    await h.flushWebhooks();
    const list = (await api('GET', `${path}?limit=100`, agent)).json();
    expect(list.data.filter((m: TInboxMessage) => m.text === 'We have a table at 8 pm.')).toHaveLength(1);
  });

  it('sends with the HUMAN_AGENT tag between 24 h and 7 days, and refuses after 7 days without calling Facebook', async () => {
    const human = await openConversation('human_agent');
    const res = await api('POST', `/api/messenger/pages/${human.page.id}/conversations/${human.conv.id}/messages`, agent, { text: 'Sorry for the late answer!' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.humanAgentTag).toBe(true);
    const closed = await openConversation('closed');
    const before = h.sim.conversations(closed.page.id, 'messenger').find((c) => c.guestId === closed.conv.guest.id)!.messageCount;
    const refused = await api('POST', `/api/messenger/pages/${closed.page.id}/conversations/${closed.conv.id}/messages`, agent, { text: 'Hello?' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/reply window/);
    expect(h.sim.conversations(closed.page.id, 'messenger').find((c) => c.guestId === closed.conv.guest.id)!.messageCount).toBe(before);
  });

  it('explains a guest who blocked the page (551) and keeps no message', async () => {
    const { page, conv } = await openConversation('standard');
    h.sim.setBlocked(conv.guest.id, true);
    try {
      const res = await api('POST', `/api/messenger/pages/${page.id}/conversations/${conv.id}/messages`, agent, { text: 'Hi' });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/isn’t available/);
    } finally {
      h.sim.setBlocked(conv.guest.id, false);
    }
  });

  it('rejects empty and oversized text naming the field, and a viewer', async () => {
    const { page, conv } = await openConversation('standard');
    const path = `/api/messenger/pages/${page.id}/conversations/${conv.id}/messages`;
    for (const body of [{}, { text: '   ' }, { text: 'x'.repeat(2001) }, { imageUrl: 'ftp://x/y.png' }]) {
      const res = await api('POST', path, agent, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/text|imageUrl/);
    }
    const viewer = await h.login('viewer@spice-route.demo');
    expect((await api('POST', path, viewer, { text: 'hi' })).statusCode).toBe(403);
    expect((await api('POST', path, otherOwner, { text: 'hi' })).statusCode).toBe(404);
  });

  it('reacts to a guest message and removes the reaction', async () => {
    const { page, conv } = await openConversation('standard');
    const msgs = (await api('GET', `/api/messenger/pages/${page.id}/conversations/${conv.id}/messages`, agent)).json().data as TInboxMessage[];
    const guestMsg = msgs.find((m) => m.direction === 'guest')!;
    const path = `/api/messenger/pages/${page.id}/conversations/${conv.id}/messages/${guestMsg.id}/react`;
    const on = await api('POST', path, agent, { reaction: '❤️' });
    expect(on.statusCode).toBe(200);
    expect(on.json().message.reactions.page).toBe('❤️');
    const off = await api('POST', path, agent, { reaction: null });
    expect(off.json().message.reactions.page).toBeNull();
  });

  it('marks a conversation read and replays missed events after a reconnect', async () => {
    const page = pages[3]!;
    const socket = await socketFor(agent);
    const lastSeen = await new Promise<number>((resolve) => {
      socket.once(SOCKET_EVENTS.inboxEvent, (e: TInboxEvent) => resolve(e.eventId));
      h.sim.guestMessage({ pageId: page.id, channel: 'messenger', text: 'first' });
    });
    socket.close();
    const missed = h.sim.guestMessage({ pageId: page.id, channel: 'messenger', text: 'sent while offline' });
    await h.flushWebhooks();
    const again = await socketFor(agent);
    const ack = await again.emitWithAck(SOCKET_EVENTS.inboxReplay, { afterEventId: lastSeen }) as TReplayAck;
    expect(ack.complete).toBe(true);
    expect(ack.events.some((e) => e.type === 'message' && e.message.mid === missed.messageId)).toBe(true);
    expect(ack.events.every((e) => e.eventId > lastSeen)).toBe(true);
    const conv = (await conversationsOf(agent, 'messenger', page.id)).find((c) => c.guest.id === missed.guestId)!;
    const read = await api('POST', `/api/messenger/pages/${page.id}/conversations/${conv.id}/read`, agent);
    expect(read.json().conversation.unreadCount).toBe(0);
    again.close();
  });

  it('refuses sockets without a valid token or from another origin, and keeps other clients’ events out', async () => {
    await expect(socketFor('not-a-token')).rejects.toThrow(/Invalid token/);
    await expect(socketFor(agent, { extraHeaders: { origin: 'https://evil.example' }, transports: ['polling'] })).rejects.toThrow();
    const other = await socketFor(otherOwner);
    const leaked: TInboxEvent[] = [];
    other.on(SOCKET_EVENTS.inboxEvent, (e: TInboxEvent) => leaked.push(e));
    h.sim.guestMessage({ pageId: pages[4]!.id, channel: 'messenger', text: 'for Spice Route only' });
    await h.flushWebhooks();
    await new Promise((r) => setTimeout(r, 200));
    expect(leaked).toHaveLength(0);
    other.close();
  });
});
