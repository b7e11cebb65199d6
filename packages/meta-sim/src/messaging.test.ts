import { beforeEach, describe, expect, it } from 'vitest';
import { type Res, type TestSim, APP_TOKEN, relative, startSim } from './testing.ts';

const T0 = new Date('2024-05-01T12:00:00Z');
const HOUR = 3_600_000;

let t: TestSim;
let clock: Date;
/** Client 0's first Page with its page token and linked Instagram account. */
let page: { id: string; name: string; token: string; igId: string; igUsername: string };
/** A Page of client 0 other than `page`, with its token. */
let other: { id: string; token: string };

const at = (ms: number) => {
  clock = new Date(T0.getTime() + ms);
};

beforeEach(async () => {
  clock = T0;
  t = await startSim({ now: () => clock, messagingRateLimit: null });
  const tokens = await t.pageTokens(0);
  const [id, token] = [...tokens.entries()][0]!;
  const [otherId, otherToken] = [...tokens.entries()][1]!;
  const info = await t.get(`/v21.0/${id}?fields=name,instagram_business_account{id,username}`, token);
  const ig = info.body.instagram_business_account as { id: string; username: string };
  page = { id: id!, name: info.body.name as string, token: token!, igId: ig.id, igUsername: ig.username };
  other = { id: otherId!, token: otherToken! };
});

const data = (r: Res) => r.body.data as Record<string, unknown>[];
const sendJson = (pageId: string, body: object, token = page.token) => t.postJson(`/v21.0/${pageId}/messages`, body, token);
const text = (recipient: string, message: string, extra: object = {}) => ({ recipient: { id: recipient }, messaging_type: 'RESPONSE', message: { text: message }, ...extra });

/** Follows `paging.next` to the end; returns every item. */
async function all(url: string, token: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  let r = await t.get(url, token);
  for (;;) {
    expect(r.status).toBe(200);
    out.push(...data(r));
    const next = (r.body.paging as { next?: string } | undefined)?.next;
    if (!next) break;
    r = await t.get(relative(next));
  }
  return out;
}

describe('GET /{page-id}/conversations', () => {
  it('answers only id and updated_time without fields, newest first, with t_ ids', async () => {
    const r = await t.get(`/v21.0/${page.id}/conversations`, page.token);
    expect(r.status).toBe(200);
    const rows = data(r);
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(['id', 'updated_time']);
      expect(row.id).toMatch(/^t_\d{16}$/);
      expect(row.updated_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+0000$/);
    }
    const times = rows.map((row) => Date.parse(String(row.updated_time).replace('+0000', 'Z')));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Relative to the clock at start: the freshest thread is minutes old, none is in the future.
    expect(times[0]).toBeLessThanOrEqual(T0.getTime());
    expect(T0.getTime() - times[0]!).toBeLessThan(HOUR);
  });

  it('pages with cursors only until next is absent, and rejects foreign cursors', async () => {
    const summaries = t.sim.conversations(page.id, 'messenger');
    const ids = (await all(`/v21.0/${page.id}/conversations?limit=4`, page.token)).map((r) => r.id);
    expect(ids).toEqual(summaries.map((s) => s.conversationId));
    expect(new Set(ids).size).toBe(ids.length);
    const last = await t.get(`/v21.0/${page.id}/conversations?limit=${ids.length}`, page.token);
    expect(last.body.paging).toMatchObject({ cursors: expect.any(Object) });
    expect((last.body.paging as { next?: string }).next).toBeUndefined();
    const bad = await t.get(`/v21.0/${page.id}/conversations?after=bm9wZQ`, page.token);
    expect(bad.body.error).toMatchObject({ code: 100, message: '(#100) Invalid cursor' });
  });

  it('switches platform; participants are {name,email,id} on Messenger and {username,id} on Instagram', async () => {
    const fields = 'participants';
    const m = data(await t.get(`/v21.0/${page.id}/conversations?fields=${fields}`, page.token));
    const byDefault = data(await t.get(`/v21.0/${page.id}/conversations?platform=messenger&fields=${fields}`, page.token));
    expect(byDefault).toEqual(m);
    const ig = data(await t.get(`/v21.0/${page.id}/conversations?platform=instagram&fields=${fields}`, page.token));
    expect(ig.length).toBeGreaterThan(5);
    expect(new Set(ig.map((c) => c.id))).not.toEqual(new Set(m.map((c) => c.id)));
    for (const c of m) {
      const [guest, biz] = (c.participants as { data: Record<string, string>[] }).data;
      expect(Object.keys(guest!)).toEqual(['name', 'email', 'id']);
      expect(guest!.id).toMatch(/^[1-9]\d{15}$/);
      expect(guest!.email).toBe(`${guest!.id}@facebook.com`);
      expect(guest!.name).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
      expect(biz).toEqual({ name: page.name, email: `${page.id}@facebook.com`, id: page.id });
    }
    for (const c of ig) {
      const [guest, biz] = (c.participants as { data: Record<string, string>[] }).data;
      expect(Object.keys(guest!)).toEqual(['username', 'id']);
      expect(guest!.id).toMatch(/^[1-9]\d{16}$/);
      expect(guest!.username).toMatch(/^[a-z0-9._]+$/);
      expect(biz).toEqual({ username: page.igUsername, id: page.igId });
    }
    expect((await t.get(`/v21.0/${page.id}/conversations?platform=whatsapp`, page.token)).body.error).toMatchObject({ code: 100 });
  });

  it('filters by user_id and answers the thread fields', async () => {
    const s = t.sim.conversations(page.id, 'instagram').find((c) => c.messageCount > 3)!;
    const r = await t.get(
      `/v21.0/${page.id}/conversations?platform=instagram&user_id=${s.guestId}&fields=id,updated_time,unread_count,message_count,snippet,can_reply,messages.limit(2){id,created_time,from,to,message}`,
      page.token,
    );
    expect(data(r)).toHaveLength(1);
    const c = data(r)[0]!;
    expect(c).toMatchObject({ id: s.conversationId, message_count: s.messageCount, unread_count: s.unreadCount, can_reply: !s.blocked && s.insideHumanAgentWindow });
    const msgs = (c.messages as { data: Record<string, unknown>[]; paging: { next: string } }).data;
    expect(msgs).toHaveLength(2);
    expect(c.snippet).toBe(String(msgs[0]!.message).slice(0, 100) + (String(msgs[0]!.message).length > 100 ? '…' : ''));
    expect(Object.keys(msgs[0]!)).toEqual(['id', 'created_time', 'from', 'to', 'message']);
    expect((c.messages as { paging: { next: string } }).paging.next).toContain(`/v21.0/${s.conversationId}/messages?`);
    expect(data(await t.get(`/v21.0/${page.id}/conversations?user_id=1234`, page.token))).toEqual([]);
    const unknown = await t.get(`/v21.0/${page.id}/conversations?fields=nope`, page.token);
    expect(unknown.body.error).toMatchObject({ code: 100, message: '(#100) Tried accessing nonexisting field (nope) on node type (UnifiedThread)' });
  });

  it('seeds both channels on every Page, some threads inside 24 h, some in 7 days, some older, deterministically', async () => {
    const inbox = t.sim.inbox();
    for (const p of inbox.pages) {
      expect(p.conversations.messenger).toBeGreaterThanOrEqual(3);
      expect(p.conversations.instagram).toBeGreaterThanOrEqual(3);
    }
    const all = inbox.pages.flatMap((p) => [...t.sim.conversations(p.pageId, 'messenger'), ...t.sim.conversations(p.pageId, 'instagram')]);
    const in24 = all.filter((c) => c.insideStandardWindow).length;
    const in7d = all.filter((c) => c.insideHumanAgentWindow && !c.insideStandardWindow).length;
    const older = all.filter((c) => !c.insideHumanAgentWindow).length;
    expect([in24, in7d, older].every((n) => n > 10)).toBe(true);
    // Every Page has a thread inside the 24 h window on each channel.
    for (const p of inbox.pages) {
      for (const ch of ['messenger', 'instagram'] as const) expect(t.sim.conversations(p.pageId, ch).some((c) => c.insideStandardWindow)).toBe(true);
    }
    expect(inbox.seeded).toMatchObject({ conversations: all.length, within24h: in24, within7d: in24 + in7d });
    expect(all.filter((c) => c.blocked).length).toBeGreaterThanOrEqual(2);
    expect(all.filter((c) => c.unreadCount > 0).length).toBeGreaterThan(10);

    // Same data and clock: same ids and times. A later start: same ids, times moved along.
    const again = await startSim({ now: () => T0, messagingRateLimit: null });
    expect(again.sim.conversations(page.id, 'messenger')).toEqual(t.sim.conversations(page.id, 'messenger'));
    const later = await startSim({ now: () => new Date(T0.getTime() + 5 * HOUR), messagingRateLimit: null });
    const a = t.sim.conversations(page.id, 'instagram');
    const b = later.sim.conversations(page.id, 'instagram');
    expect(b.map((c) => c.conversationId)).toEqual(a.map((c) => c.conversationId));
    expect(Date.parse(b[0]!.updatedTime) - Date.parse(a[0]!.updatedTime)).toBe(5 * HOUR);
    await again.sim.close();
    await later.sim.close();
  });

  it('needs the page token of that Page, the MESSAGING task and the messaging permissions', async () => {
    const url = `/v21.0/${page.id}/conversations`;
    expect((await t.get(url, t.userToken(0))).body.error).toMatchObject({ code: 210 });
    expect((await t.get(url, other.token)).body.error).toMatchObject({ code: 210 });
    const userId = t.sim.testUsers()[0]!.id;

    t.sim.setPermissions(userId, { declinedScopes: ['instagram_manage_messages'] });
    expect((await t.get(url, page.token)).status).toBe(200);
    expect((await t.get(`${url}?platform=instagram`, page.token)).body.error).toMatchObject({ code: 10 });
    const dbg = await t.get(`/v21.0/debug_token?input_token=${page.token}`, APP_TOKEN);
    expect((dbg.body.data as { scopes: string[] }).scopes).not.toContain('instagram_manage_messages');

    t.sim.setPermissions(userId, { declinedScopes: ['pages_manage_metadata'] });
    expect((await t.get(url, page.token)).body.error).toMatchObject({ code: 200, message: '(#200) Requires pages_manage_metadata permission to manage the object' });
    t.sim.setPermissions(userId, { declinedScopes: ['pages_messaging'] });
    expect((await t.get(url, page.token)).body.error).toMatchObject({ code: 200 });

    // MODERATE may read, only MESSAGING may send.
    t.sim.setPermissions(userId, { declinedScopes: [], tasks: ['MODERATE'] });
    expect((await t.get(url, page.token)).status).toBe(200);
    const guest = t.sim.guestMessage({ pageId: page.id, text: 'Hi' });
    expect((await sendJson(page.id, text(guest.guestId, 'Hello'))).body.error).toMatchObject({ code: 10 });
    t.sim.setPermissions(userId, { tasks: ['ANALYZE'] });
    expect((await t.get(url, page.token)).body.error).toMatchObject({ code: 10 });
    const acc = await t.get('/v21.0/me/accounts?fields=tasks', t.userToken(0));
    expect(data(acc)[0]!.tasks).toEqual(['ANALYZE']);
    t.sim.setPermissions(userId, { tasks: null });
    expect((await sendJson(page.id, text(guest.guestId, 'Hello'))).status).toBe(200);
  });
});

describe('conversation messages', () => {
  it('lists messages newest first as {id, created_time} with paging, as an edge and as a field', async () => {
    const s = t.sim.conversations(page.id, 'messenger')[0]!;
    const edge = await t.get(`/v21.0/${s.conversationId}/messages?limit=3`, page.token);
    expect(data(edge)).toHaveLength(3);
    for (const m of data(edge)) expect(Object.keys(m)).toEqual(['id', 'created_time']);
    const ids = (await all(`/v21.0/${s.conversationId}/messages?fields=id,created_time&limit=3`, page.token)).map((m) => m.id);
    expect(ids).toHaveLength(s.messageCount);
    const field = await t.get(`/v21.0/${s.conversationId}?fields=messages`, page.token);
    const msgs = field.body.messages as { data: { id: string; created_time: string }[]; paging: object };
    expect(msgs.data.map((m) => m.id)).toEqual(ids.slice(0, msgs.data.length));
    const times = msgs.data.map((m) => m.created_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(field.body.id).toBe(s.conversationId);
    expect((await t.get(`/v21.0/${s.conversationId}`, page.token)).body).toEqual({ id: s.conversationId, updated_time: expect.any(String) });
  });

  it('gives details only for the 20 most recent messages of a thread', async () => {
    const s = t.sim.conversations(page.id, 'messenger').find((c) => c.messageCount > 21)!;
    expect(s).toBeDefined();
    const ids = (await all(`/v21.0/${s.conversationId}/messages?limit=100`, page.token)).map((m) => String(m.id));
    for (const id of ids) expect(id).toMatch(/^m_[A-Za-z0-9_-]{20,}$/);
    const fields = 'id,created_time,from,to{data},message,attachments,reactions,is_unsupported';
    const twentieth = await t.get(`/v21.0/${ids[19]}?fields=${fields}`, page.token);
    expect(twentieth.status).toBe(200);
    expect(twentieth.body).toMatchObject({ id: ids[19], message: expect.any(String), is_unsupported: false, reactions: { data: [] } });
    const from = twentieth.body.from as { id: string };
    const to = (twentieth.body.to as { data: { id: string }[] }).data[0]!;
    expect(new Set([from.id, to.id])).toEqual(new Set([s.guestId, page.id]));
    const older = await t.get(`/v21.0/${ids[20]}?fields=${fields}`, page.token);
    expect(older.status).toBe(400);
    expect(older.body.error).toMatchObject({ code: 100, type: 'OAuthException' });
    expect(older.body.error?.message).toMatch(/deleted/);
    // In lists the older ones keep only id and created_time.
    const listed = await t.get(`/v21.0/${s.conversationId}/messages?fields=id,created_time,message&limit=25`, page.token);
    expect(Object.keys(data(listed)[19]!)).toEqual(['id', 'created_time', 'message']);
    expect(Object.keys(data(listed)[20]!)).toEqual(['id', 'created_time']);
    // A new message pushes the 20th out of the window.
    t.sim.guestMessage({ conversationId: s.conversationId, text: 'One more thing' });
    expect((await t.get(`/v21.0/${ids[19]}?fields=message`, page.token)).body.error).toMatchObject({ code: 100 });
  });

  it('uses Instagram message ids (base64 of ig_item) and hides threads from other Pages', async () => {
    const s = t.sim.conversations(page.id, 'instagram')[0]!;
    const [m] = data(await t.get(`/v21.0/${s.conversationId}/messages?limit=1`, page.token));
    const id = String(m!.id);
    expect(id.startsWith('aWdf')).toBe(true);
    expect(Buffer.from(id, 'base64url').toString('utf8')).toMatch(new RegExp(`^ig_item:1:IGMessageID:${page.igId}:\\d+$`));
    const detail = await t.get(`/v21.0/${id}?fields=from,message`, page.token);
    expect(Object.keys(detail.body.from as object)).toEqual(['username', 'id']);
    expect((await t.get(`/v21.0/${s.conversationId}`, other.token)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
    expect((await t.get(`/v21.0/${id}`, other.token)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });
});

describe('Send API: POST /{page-id}/messages', () => {
  it('sends within 24 h of the guest message and the reply joins the thread', async () => {
    const g = t.sim.guestMessage({ pageId: page.id, channel: 'messenger', text: 'Do you have a table for two?' });
    at(23 * HOUR + 59 * 60_000);
    const r = await sendJson(page.id, text(g.guestId, 'Yes, see you at 8!'));
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(['recipient_id', 'message_id']);
    expect(r.body.recipient_id).toBe(g.guestId);
    expect(r.body.message_id).toMatch(/^m_/);
    const form = await t.post(
      `/v21.0/${page.id}/messages`,
      { recipient: JSON.stringify({ id: g.guestId }), messaging_type: 'UPDATE', message: JSON.stringify({ text: 'Form post' }) },
      page.token,
    );
    expect(form.status).toBe(200);
    const conv = await t.get(`/v21.0/${g.conversationId}?fields=updated_time,unread_count,message_count,snippet,messages.limit(3){message,from}`, page.token);
    expect(conv.body).toMatchObject({ updated_time: '2024-05-02T11:59:00+0000', unread_count: 0, message_count: 3, snippet: 'Form post' });
    const msgs = (conv.body.messages as { data: { id: string; message: string; from: { id: string } }[] }).data;
    expect(msgs.map((m) => m.message)).toEqual(['Form post', 'Yes, see you at 8!', 'Do you have a table for two?']);
    expect(msgs[1]!.id).toBe(r.body.message_id);
    expect(msgs[0]!.from.id).toBe(page.id);
  });

  it('needs MESSAGE_TAG + HUMAN_AGENT between 24 h and 7 days, and refuses everything after 7 days', async () => {
    const g = t.sim.guestMessage({ pageId: page.id, text: 'Can I change my booking?' });
    at(24 * HOUR + 1000);
    const late = await sendJson(page.id, text(g.guestId, 'Sorry for the delay'));
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({ code: 10, error_subcode: 2018278, message: '(#10) This message is sent outside of allowed window.', type: 'OAuthException' });
    expect((await sendJson(page.id, text(g.guestId, 'x', { messaging_type: 'UPDATE' }))).body.error).toMatchObject({ code: 10, error_subcode: 2018278 });
    expect((await sendJson(page.id, text(g.guestId, 'x', { messaging_type: 'MESSAGE_TAG' }))).body.error).toMatchObject({ code: 100 });
    const tagged = await sendJson(page.id, text(g.guestId, 'A human here: yes, done.', { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }));
    expect(tagged.status).toBe(200);
    at(7 * 24 * HOUR - 1000);
    expect((await sendJson(page.id, text(g.guestId, 'Still there?', { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }))).status).toBe(200);
    at(7 * 24 * HOUR + 1000);
    for (const extra of [{}, { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }]) {
      expect((await sendJson(page.id, text(g.guestId, 'Too late', extra))).body.error).toMatchObject({ code: 10, error_subcode: 2018278 });
    }
    // A new guest message reopens the window.
    t.sim.guestMessage({ guestId: g.guestId, text: 'Hello again' });
    expect((await sendJson(page.id, text(g.guestId, 'Welcome back'))).status).toBe(200);
  });

  it('applies the window to seeded threads by their last guest message', async () => {
    const all = [...t.sim.conversations(page.id, 'messenger'), ...t.sim.conversations(page.id, 'instagram')].filter((c) => !c.blocked);
    const fresh = all.find((c) => c.insideStandardWindow)!;
    const week = all.find((c) => c.insideHumanAgentWindow && !c.insideStandardWindow)!;
    const old = all.find((c) => !c.insideHumanAgentWindow)!;
    expect((await sendJson(page.id, text(fresh.guestId, 'Hi'))).status).toBe(200);
    expect((await sendJson(page.id, text(week.guestId, 'Hi'))).body.error).toMatchObject({ code: 10, error_subcode: 2018278 });
    expect((await sendJson(page.id, text(week.guestId, 'Hi', { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }))).status).toBe(200);
    expect((await sendJson(page.id, text(old.guestId, 'Hi', { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }))).body.error).toMatchObject({ code: 10, error_subcode: 2018278 });
  });

  it('answers 551 for a guest who blocked the Page, seeded or through the control API', async () => {
    const seededBlocked = t.sim
      .inbox()
      .pages.flatMap((p) => [...t.sim.conversations(p.pageId, 'messenger'), ...t.sim.conversations(p.pageId, 'instagram')])
      .find((c) => c.blocked)!;
    const ownerToken = (await t.pageTokens(0)).get(seededBlocked.pageId) ?? (await t.pageTokens(1)).get(seededBlocked.pageId)!;
    const r = await sendJson(seededBlocked.pageId, text(seededBlocked.guestId, 'Hi', { messaging_type: 'MESSAGE_TAG', tag: 'HUMAN_AGENT' }), ownerToken);
    expect(r.body.error).toMatchObject({ code: 551, error_subcode: 1545041, message: "This person isn't available right now." });

    const g = t.sim.guestMessage({ pageId: page.id, text: 'Hi' });
    t.sim.setBlocked(g.guestId, true);
    expect((await sendJson(page.id, text(g.guestId, 'Hello'))).body.error).toMatchObject({ code: 551, error_subcode: 1545041 });
    expect((await t.get(`/v21.0/${g.conversationId}?fields=can_reply`, page.token)).body.can_reply).toBe(false);
    t.sim.setBlocked(g.guestId, false);
    expect((await sendJson(page.id, text(g.guestId, 'Hello'))).status).toBe(200);
  });

  it('refuses empty and oversized text and malformed bodies with 100', async () => {
    const g = t.sim.guestMessage({ pageId: page.id, text: 'Hi' });
    for (const message of [{ text: '' }, { text: '   ' }, {}]) {
      const r = await sendJson(page.id, { recipient: { id: g.guestId }, messaging_type: 'RESPONSE', message });
      expect(r.body.error).toMatchObject({ code: 100, message: '(#100) Message cannot be empty, must provide valid attachment or text' });
    }
    expect((await sendJson(page.id, { recipient: { id: g.guestId }, messaging_type: 'RESPONSE' })).body.error).toMatchObject({ code: 100 });
    const long = await sendJson(page.id, text(g.guestId, 'x'.repeat(2001)));
    expect(long.body.error).toMatchObject({ code: 100, message: '(#100) Length of param message[text] must be less than or equal to 2000' });
    expect((await sendJson(page.id, text(g.guestId, 'x'.repeat(2000)))).status).toBe(200);
    expect((await sendJson(page.id, text(g.guestId, 'x', { messaging_type: 'PROMO' }))).body.error).toMatchObject({ code: 100 });
    expect((await sendJson(page.id, { recipient: {}, message: { text: 'x' } })).body.error).toMatchObject({ code: 100 });
    const bad = await sendJson(page.id, { recipient: { id: g.guestId }, message: { attachment: { type: 'sticker', payload: { url: 'https://x.test/a.png' } } } });
    expect(bad.body.error).toMatchObject({ code: 100 });
  });

  it('sends image attachments and shows them in message details', async () => {
    const g = t.sim.guestMessage({ pageId: page.id, text: 'Menu please' });
    const url = 'https://cdn.example.com/menus/lunch.png';
    const r = await sendJson(page.id, { recipient: { id: g.guestId }, messaging_type: 'RESPONSE', message: { attachment: { type: 'image', payload: { url, is_reusable: true } } } });
    expect(r.status).toBe(200);
    expect(r.body.attachment_id).toMatch(/^\d{16}$/);
    const m = await t.get(`/v21.0/${r.body.message_id}?fields=message,attachments{id,mime_type,name,image_data}`, page.token);
    expect(m.body.message).toBe('');
    expect((m.body.attachments as { data: object[] }).data).toEqual([
      { id: r.body.attachment_id, mime_type: 'image/png', name: 'lunch.png', image_data: expect.objectContaining({ url, preview_url: url }) },
    ]);
    expect((await t.get(`/v21.0/${g.conversationId}?fields=snippet`, page.token)).body.snippet).toBe('You sent a photo.');
  });

  it('routes PSIDs and IGSIDs to their channel and refuses strangers with 100/2018001', async () => {
    const ig = t.sim.guestMessage({ igUserId: page.igId, text: 'DM from Instagram' });
    const viaPage = await sendJson(page.id, text(ig.guestId, 'Hi from the Page-linked account'));
    expect(viaPage.status).toBe(200);
    expect(String(viaPage.body.message_id).startsWith('aWdf')).toBe(true);
    const viaIg = await t.postJson(`/v21.0/${page.igId}/messages`, text(ig.guestId, 'Hi via the IG id'), page.token);
    expect(viaIg.status).toBe(200);
    const msgs = data(await t.get(`/v21.0/${ig.conversationId}/messages?fields=message,from`, page.token));
    expect(msgs.slice(0, 2).map((m) => m.message)).toEqual(['Hi via the IG id', 'Hi from the Page-linked account']);
    expect(msgs[0]!.from).toEqual({ username: page.igUsername, id: page.igId });

    const fb = t.sim.guestMessage({ pageId: page.id, text: 'Messenger guest' });
    expect((await t.postJson(`/v21.0/${page.igId}/messages`, text(fb.guestId, 'x'), page.token)).body.error).toMatchObject({ code: 100, error_subcode: 2018001 });
    expect((await sendJson(page.id, text('1234567890123456', 'x'))).body.error).toMatchObject({ code: 100, error_subcode: 2018001 });
    expect((await sendJson(other.id, text(fb.guestId, 'x'), other.token)).body.error).toMatchObject({ code: 100, error_subcode: 2018001 });
    expect((await sendJson(page.id, text(fb.guestId, 'x'), t.userToken(0))).body.error).toMatchObject({ code: 210 });
    expect((await sendJson(page.id, text(fb.guestId, 'x'), other.token)).body.error).toMatchObject({ code: 210 });
  });
});

describe('sender actions', () => {
  it('reacts and unreacts; the reaction shows in message details and the answer is {recipient_id} only', async () => {
    const g = t.sim.guestMessage({ pageId: page.id, text: 'Loved the biryani!' });
    const react = await sendJson(page.id, { recipient: { id: g.guestId }, sender_action: 'react', payload: { message_id: g.messageId, reaction: 'love' } });
    expect(react.status).toBe(200);
    expect(react.body).toEqual({ recipient_id: g.guestId });
    const pageUser = { name: page.name, email: `${page.id}@facebook.com`, id: page.id };
    let m = await t.get(`/v21.0/${g.messageId}?fields=reactions`, page.token);
    expect(m.body.reactions).toEqual({ data: [{ reaction: '\u2764\uFE0F', users: [pageUser] }] });

    t.sim.guestReaction(g.messageId, '\u2764\uFE0F');
    m = await t.get(`/v21.0/${g.messageId}?fields=reactions`, page.token);
    const guestUser = (await t.get(`/v21.0/${g.messageId}?fields=from`, page.token)).body.from;
    expect(m.body.reactions).toEqual({ data: [{ reaction: '\u2764\uFE0F', users: [guestUser, pageUser] }] });

    const emoji = await sendJson(page.id, { recipient: { id: g.guestId }, sender_action: 'react', payload: { message_id: g.messageId, reaction: '😊' } });
    expect(emoji.status).toBe(200);
    const unreact = await t.post(
      `/v21.0/${page.id}/messages`,
      { recipient: JSON.stringify({ id: g.guestId }), sender_action: 'unreact', payload: JSON.stringify({ message_id: g.messageId }) },
      page.token,
    );
    expect(unreact.body).toEqual({ recipient_id: g.guestId });
    m = await t.get(`/v21.0/${g.messageId}?fields=reactions`, page.token);
    expect(m.body.reactions).toEqual({ data: [{ reaction: '\u2764\uFE0F', users: [guestUser] }] });
  });

  it('refuses reactions on other threads and non-love reactions on Instagram; mark_seen clears unread', async () => {
    const a = t.sim.guestMessage({ pageId: page.id, text: 'A' });
    const b = t.sim.guestMessage({ pageId: page.id, text: 'B' });
    const wrong = await sendJson(page.id, { recipient: { id: a.guestId }, sender_action: 'react', payload: { message_id: b.messageId, reaction: 'like' } });
    expect(wrong.body.error).toMatchObject({ code: 100 });
    const ig = t.sim.guestMessage({ igUserId: page.igId, text: 'Hi' });
    const like = await sendJson(page.id, { recipient: { id: ig.guestId }, sender_action: 'react', payload: { message_id: ig.messageId, reaction: 'like' } });
    expect(like.body.error).toMatchObject({ code: 100 });
    const love = await sendJson(page.id, { recipient: { id: ig.guestId }, sender_action: 'react', payload: { message_id: ig.messageId, reaction: 'love' } });
    expect(love.status).toBe(200);

    expect((await t.get(`/v21.0/${a.conversationId}?fields=unread_count`, page.token)).body.unread_count).toBe(1);
    expect((await sendJson(page.id, { recipient: { id: a.guestId }, sender_action: 'mark_seen' })).body).toEqual({ recipient_id: a.guestId });
    expect((await t.get(`/v21.0/${a.conversationId}?fields=unread_count`, page.token)).body.unread_count).toBe(0);
    expect((await sendJson(page.id, { recipient: { id: a.guestId }, sender_action: 'typing_on' })).status).toBe(200);
    expect((await sendJson(page.id, { recipient: { id: a.guestId }, sender_action: 'dance' })).body.error).toMatchObject({ code: 100 });
  });
});

describe('subscribed_apps', () => {
  it('subscribes, lists and unsubscribes with a page token carrying pages_manage_metadata', async () => {
    const url = `/v21.0/${page.id}/subscribed_apps`;
    expect((await t.get(url, page.token)).body).toEqual({ data: [] });
    const post = await t.post(`${url}?subscribed_fields=messages,message_echoes,message_reactions,message_reads,feed`, {}, page.token);
    expect(post.body).toEqual({ success: true });
    const list = await t.get(url, page.token);
    expect(data(list)).toEqual([
      expect.objectContaining({ id: '100000000000001', name: 'DineDesk', subscribed_fields: ['messages', 'message_echoes', 'message_reactions', 'message_reads', 'feed'] }),
    ]);
    // POST replaces the set; JSON arrays work too.
    await t.postJson(url, { subscribed_fields: ['messages'] }, page.token);
    expect(data(await t.get(url, page.token))[0]!.subscribed_fields).toEqual(['messages']);
    expect((await t.post(`${url}?subscribed_fields=messages,nope`, {}, page.token)).body.error).toMatchObject({ code: 100 });
    expect((await t.post(url, {}, page.token)).body.error).toMatchObject({ code: 100 });
    expect((await t.post(`${url}?subscribed_fields=messages`, {}, t.userToken(0))).body.error).toMatchObject({ code: 210 });
    t.sim.setPermissions(t.sim.testUsers()[0]!.id, { declinedScopes: ['pages_manage_metadata'] });
    expect((await t.post(`${url}?subscribed_fields=messages`, {}, page.token)).body.error).toMatchObject({ code: 200 });
    t.sim.setPermissions(t.sim.testUsers()[0]!.id, { declinedScopes: [] });
    const del = await t.sim.app.inject({ method: 'DELETE', url: `${url}?access_token=${page.token}` });
    expect(del.json()).toEqual({ success: true });
    expect((await t.get(url, page.token)).body).toEqual({ data: [] });
  });
});

describe('Instagram account of a Page', () => {
  it('is on the Page as instagram_business_account and readable by id', async () => {
    const acc = await t.get('/v21.0/me/accounts?fields=id,instagram_business_account{id,username}', t.userToken(0));
    for (const p of data(acc)) {
      const ig = p.instagram_business_account as { id: string; username: string };
      expect(ig.id).toMatch(/^178\d{14}$/);
      expect(ig.username).toMatch(/^[a-z0-9_]{1,26}\.hyd$/);
    }
    expect((await t.get(`/v21.0/${page.igId}?fields=id,username`, page.token)).body).toEqual({ id: page.igId, username: page.igUsername });
    expect((await t.get(`/v21.0/${page.igId}`, other.token)).body.error).toMatchObject({ code: 100, error_subcode: 33 });
    const dbg = await t.get(`/v21.0/debug_token?input_token=${page.token}`, APP_TOKEN);
    const granular = (dbg.body.data as { granular_scopes: { scope: string; target_ids?: string[] }[] }).granular_scopes;
    expect(granular.find((g) => g.scope === 'instagram_manage_messages')).toEqual({ scope: 'instagram_manage_messages', target_ids: [page.igId] });
  });
});

describe('Conversations API rate limit', () => {
  it('allows 2 calls per second per Page and channel, then answers 613 with the usage header; configurable', async () => {
    let now = new Date('2024-05-01T12:00:00.000Z');
    const s = await startSim({ now: () => now });
    const [pid, tok] = [...(await s.pageTokens(0)).entries()][0]!;
    const url = `/v21.0/${pid}/conversations?limit=1`;
    const first = await s.get(url, tok!);
    expect(first.status).toBe(200);
    expect(JSON.parse(String(first.headers['x-business-use-case-usage']))[pid!]).toEqual([
      expect.objectContaining({ type: 'pages' }),
      { type: 'messenger', call_count: 50, total_cputime: 50, total_time: 50, estimated_time_to_regain_access: 0 },
    ]);
    expect((await s.get(url, tok!)).status).toBe(200);
    const third = await s.get(url, tok!);
    expect(third.status).toBe(400);
    expect(third.body.error).toMatchObject({ code: 613, message: '(#613) Calls to this api have exceeded the rate limit.' });
    expect(JSON.parse(String(third.headers['x-business-use-case-usage']))[pid!][1]).toMatchObject({ type: 'messenger', call_count: 100, estimated_time_to_regain_access: 1 });
    // The Instagram account has its own bucket; the window slides.
    expect((await s.get(`${url}&platform=instagram`, tok!)).status).toBe(200);
    now = new Date('2024-05-01T12:00:00.999Z');
    expect((await s.get(url, tok!)).status).toBe(400);
    now = new Date('2024-05-01T12:00:01.001Z');
    expect((await s.get(url, tok!)).status).toBe(200);

    s.sim.setMessagingRateLimit(null);
    for (let i = 0; i < 5; i++) expect((await s.get(url, tok!)).status).toBe(200);
    const put = await s.sim.app.inject({ method: 'PUT', url: '/__sim/messaging', payload: { conversationsRps: 1 } });
    expect(put.json()).toEqual({ conversationsRps: 1 });
    now = new Date('2024-05-01T12:00:05Z');
    expect((await s.get(url, tok!)).status).toBe(200);
    expect((await s.get(url, tok!)).body.error).toMatchObject({ code: 613 });
    expect((await s.sim.app.inject({ method: 'PUT', url: '/__sim/messaging', payload: { conversationsRps: 'fast' } })).statusCode).toBe(400);
    await s.sim.close();
  });
});
