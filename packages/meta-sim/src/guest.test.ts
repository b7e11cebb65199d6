import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestSim, seedData, startReceiver, startSim, waitFor } from './testing.ts';

const PKG = dirname(dirname(fileURLToPath(import.meta.url)));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function sim(opts: Parameters<typeof startSim>[0] = {}): Promise<{ t: TestSim; pageId: string; token: string; igId: string }> {
  const t = await startSim({ messagingRateLimit: null, ...opts });
  cleanups.push(() => t.sim.close());
  const [pageId, token] = [...(await t.pageTokens(0)).entries()][0]!;
  const ig = (await t.get(`/v21.0/${pageId}?fields=instagram_business_account`, token!)).body.instagram_business_account as { id: string };
  return { t, pageId: pageId!, token: token!, igId: ig.id };
}

/** The first customer line of the dataset: what the driver uses first when given no text. */
function firstCustomerLine(): string {
  const { data } = seedData();
  const first = data.dialogues[0]!.conversationId;
  return data.dialogues.filter((d) => d.conversationId === first && d.speaker === 'customer').sort((a, b) => a.turnIndex - b.turnIndex)[0]!.text;
}

describe('guest driver control API', () => {
  it('creates a new guest thread, continues it by conversation or guest id, and shows it in Graph', async () => {
    const { t, pageId, token } = await sim();
    const post = (url: string, payload: object) => t.sim.app.inject({ method: 'POST', url, payload });
    const r = await post('/__sim/guest-message', { pageId, channel: 'messenger', text: 'Are you open on Sunday?' });
    expect(r.statusCode).toBe(200);
    const g = r.json() as { conversationId: string; messageId: string; guestId: string };
    expect(g).toMatchObject({ conversationId: expect.stringMatching(/^t_\d{16}$/), messageId: expect.stringMatching(/^m_/), guestId: expect.stringMatching(/^\d{16}$/) });

    const list = await t.get(`/v21.0/${pageId}/conversations?fields=id,participants,unread_count,snippet&limit=1`, token);
    const top = (list.body.data as Record<string, unknown>[])[0]!;
    expect(top).toMatchObject({ id: g.conversationId, unread_count: 1, snippet: 'Are you open on Sunday?' });
    expect((top.participants as { data: { id: string }[] }).data[0]!.id).toBe(g.guestId);

    const byConv = (await post('/__sim/guest-message', { pageId, conversationId: g.conversationId, text: 'For 4 people' })).json();
    const byGuest = (await post('/__sim/guest-message', { guestId: g.guestId, text: 'At 1pm' })).json();
    expect(byConv).toMatchObject({ conversationId: g.conversationId, guestId: g.guestId });
    expect(byGuest).toMatchObject({ conversationId: g.conversationId, guestId: g.guestId });
    const conv = await t.get(`/v21.0/${g.conversationId}?fields=message_count,unread_count`, token);
    expect(conv.body).toMatchObject({ message_count: 3, unread_count: 3 });
  });

  it('writes on Instagram through igUserId, uses the next dataset line without text, and sends images', async () => {
    const { t, pageId, igId, token } = await sim();
    const ig = t.sim.guestMessage({ igUserId: igId });
    expect(ig.channel).toBe('instagram');
    expect(ig.guestId).toMatch(/^\d{17}$/);
    expect(ig.messageId.startsWith('aWdf')).toBe(true);
    expect(ig.text).toBe(firstCustomerLine());
    const next = t.sim.guestMessage({ pageId, channel: 'instagram' });
    expect(next.text).not.toBe(ig.text);
    expect(next.guestId).not.toBe(ig.guestId);
    const img = t.sim.guestMessage({ conversationId: ig.conversationId, imageUrl: 'https://cdn.example.com/me.jpg' });
    const m = await t.get(`/v21.0/${img.messageId}?fields=message,attachments{image_data}`, token);
    expect(m.body).toMatchObject({ message: '', attachments: { data: [{ image_data: { url: 'https://cdn.example.com/me.jpg' } }] } });
  });

  it('answers 400/404/409 for bad requests, unknown ids and blocked guests', async () => {
    const { t, pageId, igId } = await sim();
    const post = async (url: string, payload: object) => {
      const r = await t.sim.app.inject({ method: 'POST', url, payload });
      return { status: r.statusCode, body: r.json() as { error?: string } };
    };
    expect(await post('/__sim/guest-message', { text: 'no page' })).toMatchObject({ status: 400, body: { error: expect.stringMatching(/pageId or igUserId/) } });
    expect((await post('/__sim/guest-message', { pageId: '1', text: 'x' })).status).toBe(404);
    expect((await post('/__sim/guest-message', { igUserId: '1', text: 'x' })).status).toBe(404);
    expect((await post('/__sim/guest-message', { pageId, channel: 'sms', text: 'x' })).status).toBe(400);
    expect((await post('/__sim/guest-message', { igUserId: igId, channel: 'messenger', text: 'x' })).status).toBe(400);
    expect((await post('/__sim/guest-message', { pageId, conversationId: 't_1', text: 'x' })).status).toBe(404);
    expect((await post('/__sim/guest-message', { guestId: '1', text: 'x' })).status).toBe(404);
    expect((await post('/__sim/guest-message', { pageId, text: 'x', imageUrl: 'file:///etc/passwd' })).status).toBe(400);
    expect((await post('/__sim/guest-message', { pageId, text: 42 })).status).toBe(400);
    const g = t.sim.guestMessage({ pageId, text: 'hi' });
    const otherPage = [...(await t.pageTokens(0)).keys()][1]!;
    expect((await post('/__sim/guest-message', { pageId: otherPage, conversationId: g.conversationId, text: 'x' })).status).toBe(400);
    expect((await post('/__sim/guest-message', { pageId, channel: 'instagram', conversationId: g.conversationId, text: 'x' })).status).toBe(400);

    expect(await post('/__sim/guest-block', { guestId: g.guestId, blocked: true })).toEqual({ status: 200, body: { guestId: g.guestId, blocked: true } });
    expect((await post('/__sim/guest-message', { conversationId: g.conversationId, text: 'x' })).status).toBe(409);
    expect((await post('/__sim/guest-block', { guestId: g.guestId, blocked: 'no' })).status).toBe(400);
    expect((await post('/__sim/guest-block', { guestId: '1', blocked: false })).status).toBe(404);
    expect((await post('/__sim/guest-block', { guestId: g.guestId, blocked: false })).status).toBe(200);
    expect((await post('/__sim/guest-message', { conversationId: g.conversationId, text: 'x' })).status).toBe(200);
  });

  it('reacts and reads as the guest over HTTP', async () => {
    const { t, pageId, token } = await sim();
    const g = t.sim.guestMessage({ pageId, text: 'hi' });
    const reply = await t.postJson(`/v21.0/${pageId}/messages`, { recipient: { id: g.guestId }, messaging_type: 'RESPONSE', message: { text: 'Hello!' } }, token);
    const post = (url: string, payload: object) => t.sim.app.inject({ method: 'POST', url, payload });
    const react = await post('/__sim/guest-reaction', { messageId: reply.body.message_id, reaction: 'wow' });
    expect(react.json()).toEqual({ messageId: reply.body.message_id, conversationId: g.conversationId, action: 'react' });
    const m = await t.get(`/v21.0/${reply.body.message_id}?fields=reactions`, token);
    expect(m.body.reactions).toEqual({ data: [{ reaction: '\u{1F62E}', users: [expect.objectContaining({ id: g.guestId })] }] });
    expect((await post('/__sim/guest-reaction', { messageId: reply.body.message_id, action: 'unreact' })).json()).toMatchObject({ action: 'unreact' });
    expect((await t.get(`/v21.0/${reply.body.message_id}?fields=reactions`, token)).body.reactions).toEqual({ data: [] });
    expect((await post('/__sim/guest-reaction', { messageId: 'm_nope', reaction: 'wow' })).statusCode).toBe(404);
    const read = await post('/__sim/guest-read', { conversationId: g.conversationId });
    expect(read.json()).toEqual({ conversationId: g.conversationId, watermark: expect.any(Number) });
    expect((await post('/__sim/guest-read', { conversationId: 't_0' })).statusCode).toBe(404);
  });

  it('lists the inbox and threads, and resets added messages', async () => {
    const { t, pageId } = await sim();
    const inbox = (await t.sim.app.inject({ method: 'GET', url: '/__sim/inbox' })).json();
    expect(inbox.pages[0]).toMatchObject({ pageId, subscribedFields: null, conversations: { messenger: expect.any(Number), instagram: expect.any(Number) } });
    const before = t.sim.conversations(pageId, 'messenger').length;
    const g = t.sim.guestMessage({ pageId, text: 'new' });
    const list = (await t.sim.app.inject({ method: 'GET', url: `/__sim/conversations?pageId=${pageId}&channel=messenger` })).json();
    expect(list).toHaveLength(before + 1);
    expect(list[0]).toMatchObject({ conversationId: g.conversationId, guestId: g.guestId, unreadCount: 1, insideStandardWindow: true, blocked: false });
    expect((await t.sim.app.inject({ method: 'GET', url: '/__sim/conversations' })).statusCode).toBe(400);
    await t.sim.app.inject({ method: 'POST', url: '/__sim/inbox/reset' });
    expect(t.sim.conversations(pageId, 'messenger')).toHaveLength(before);
  });
});

describe('guest CLI (npm run guest)', () => {
  function runCli(args: string[], url: string): Promise<{ code: number | null; out: string; err: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/guest-cli.ts', ...args], {
        cwd: PKG,
        env: { ...process.env, META_SIM_URL: url },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`guest CLI timed out; stderr: ${err}`));
      }, 15_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, out, err });
      });
    });
  }

  it('is the package script and posts a guest message to a running simulator', async () => {
    const pkg = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.guest).toBe('tsx src/guest-cli.ts');
    const { t, pageId, igId } = await sim();
    const base = await t.sim.listen(0);

    const ig = await runCli(['--page', pageId, '--channel', 'instagram', '--text', 'Hi from the CLI 👋', '--json'], base);
    expect(ig.err).toBe('');
    expect(ig.code).toBe(0);
    const r = JSON.parse(ig.out) as { conversationId: string; messageId: string; guestId: string; channel: string };
    expect(r.channel).toBe('instagram');
    const thread = t.sim.conversations(pageId, 'instagram').find((c) => c.conversationId === r.conversationId)!;
    expect(thread).toMatchObject({ guestId: r.guestId, messageCount: 1, unreadCount: 1 });

    // No page, no text: the first Page and the next dataset line; human-readable output.
    const plain = await runCli([], base);
    expect(plain.code).toBe(0);
    expect(plain.out).toContain(`→ page ${pageId} (messenger)`);
    expect(plain.out).toContain(JSON.stringify(firstCustomerLine()));

    // An Instagram account id as --page.
    const viaIg = await runCli(['--page', igId, '--text', 'via ig id', '--json'], base);
    expect(JSON.parse(viaIg.out)).toMatchObject({ channel: 'instagram', pageId });

    const bad = await runCli(['--page', '999', '--text', 'x'], base);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/no Page or Instagram account with id 999/);
  });
});

describe('live mode', () => {
  it('plays dataset customer lines to subscribed Pages every interval', async () => {
    const { t, pageId, token } = await sim({ live: { intervalMs: 25 } });
    await t.post(`/v21.0/${pageId}/subscribed_apps?subscribed_fields=messages`, {}, token);
    const count = () => t.sim.conversations(pageId, 'messenger').reduce((n, c) => n + c.messageCount, 0) + t.sim.conversations(pageId, 'instagram').reduce((n, c) => n + c.messageCount, 0);
    const otherPages = t.sim.inbox().pages.filter((p) => p.pageId !== pageId);
    const otherCount = () => otherPages.reduce((n, p) => n + t.sim.conversations(p.pageId, 'messenger').length + t.sim.conversations(p.pageId, 'instagram').length, 0);
    const start = count();
    const othersBefore = otherCount();
    await waitFor(() => count() >= start + 4, 5000, 'live guest messages');
    expect(otherCount()).toBe(othersBefore);
    const lines = new Set(seedData().data.dialogues.filter((d) => d.speaker === 'customer').map((d) => d.text));
    const fresh = [...t.sim.conversations(pageId, 'messenger'), ...t.sim.conversations(pageId, 'instagram')].filter((c) => Date.parse(c.updatedTime) > Date.now() - 60_000);
    expect(fresh.length).toBeGreaterThan(0);
    const tokenMsgs = await t.get(`/v21.0/${fresh[0]!.conversationId}/messages?fields=message,from&limit=1`, token);
    const last = (tokenMsgs.body.data as { message: string }[])[0]!;
    expect(lines.has(last.message)).toBe(true);
  });

  it('delivers live guest messages as webhooks', async () => {
    const receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const { t, pageId, token } = await sim({ live: { intervalMs: 25 }, webhookUrl: receiver.url });
    await t.post(`/v21.0/${pageId}/subscribed_apps?subscribed_fields=messages`, {}, token);
    await waitFor(() => receiver.posts().length >= 2, 5000, 'live webhooks');
    expect(receiver.bodies().every((b) => b.entry.every((e) => e.messaging.every((m) => 'message' in m)))).toBe(true);
  });
});

describe('messaging state across restarts', () => {
  it('keeps sent messages, reactions, blocks, subscriptions and the seed anchor', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'meta-sim-msg-')), 'state.json');
    let now = new Date('2024-05-01T12:00:00Z');
    const a = await sim({ stateFile, now: () => now });
    const seededBefore = a.t.sim.conversations(a.pageId, 'instagram');
    await a.t.post(`/v21.0/${a.pageId}/subscribed_apps?subscribed_fields=messages,message_echoes`, {}, a.token);
    const g = a.t.sim.guestMessage({ igUserId: a.igId, text: 'Persist this' });
    const sent = await a.t.postJson(`/v21.0/${a.pageId}/messages`, { recipient: { id: g.guestId }, messaging_type: 'RESPONSE', message: { text: 'And this reply' } }, a.token);
    await a.t.postJson(`/v21.0/${a.pageId}/messages`, { recipient: { id: g.guestId }, sender_action: 'react', payload: { message_id: g.messageId, reaction: 'love' } }, a.token);
    const fb = a.t.sim.guestMessage({ pageId: a.pageId, text: 'Block me' });
    a.t.sim.setBlocked(fb.guestId, true);
    await a.t.sim.close();
    cleanups.length = 0;

    now = new Date('2024-05-01T18:00:00Z');
    const b = await sim({ stateFile, now: () => now });
    expect(b.token).toBe(a.token);
    const msgs = await b.t.get(`/v21.0/${g.conversationId}/messages?fields=id,message,reactions`, b.token);
    expect(msgs.body.data).toEqual([
      { id: sent.body.message_id, message: 'And this reply', reactions: { data: [] } },
      { id: g.messageId, message: 'Persist this', reactions: { data: [{ reaction: '\u2764\uFE0F', users: [{ username: expect.any(String), id: b.igId }] }] } },
    ]);
    expect((await b.t.get(`/v21.0/${b.pageId}/subscribed_apps`, b.token)).body.data).toEqual([expect.objectContaining({ subscribed_fields: ['messages', 'message_echoes'] })]);
    const blocked = await b.t.postJson(`/v21.0/${b.pageId}/messages`, { recipient: { id: fb.guestId }, messaging_type: 'RESPONSE', message: { text: 'x' } }, b.token);
    expect(blocked.body.error).toMatchObject({ code: 551 });
    // The seed kept its anchor (the added messages stay after the seeded ones); new ids do not collide.
    const seededAfter = b.t.sim.conversations(b.pageId, 'instagram').filter((c) => c.conversationId !== g.conversationId);
    expect(seededAfter.map((c) => c.updatedTime)).toEqual(seededBefore.map((c) => c.updatedTime));
    const again = b.t.sim.guestMessage({ conversationId: g.conversationId, text: 'Still here' });
    expect([g.messageId, sent.body.message_id]).not.toContain(again.messageId);
    const onDisk = JSON.parse(readFileSync(stateFile, 'utf8'));
    expect(onDisk.version).toBe(1);
    expect(onDisk.messaging.messages.length).toBe(4);

    // A reset drops the added messages and re-anchors the seed to the current clock.
    b.t.sim.resetInbox();
    expect(b.t.sim.conversations(b.pageId, 'instagram').map((c) => c.conversationId)).toEqual(seededBefore.map((c) => c.conversationId));
    expect(Date.parse(b.t.sim.conversations(b.pageId, 'instagram')[0]!.updatedTime) - Date.parse(seededBefore[0]!.updatedTime)).toBe(6 * 3_600_000);
    expect((await b.t.get(`/v21.0/${b.pageId}/subscribed_apps`, b.token)).body.data).toHaveLength(1);
  });

  it('re-anchors the seed to the clock at start while nothing time-bound is stored', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'meta-sim-anchor-')), 'state.json');
    let now = new Date('2024-05-01T12:00:00Z');
    const a = await sim({ stateFile, now: () => now });
    await a.t.post(`/v21.0/${a.pageId}/subscribed_apps?subscribed_fields=messages`, {}, a.token);
    const first = a.t.sim.conversations(a.pageId, 'messenger')[0]!;
    await a.t.sim.close();
    cleanups.length = 0;
    now = new Date('2024-05-03T12:00:00Z');
    const b = await sim({ stateFile, now: () => now });
    const again = b.t.sim.conversations(b.pageId, 'messenger')[0]!;
    expect(again.conversationId).toBe(first.conversationId);
    expect(Date.parse(again.updatedTime) - Date.parse(first.updatedTime)).toBe(2 * 24 * 3_600_000);
    expect(again.insideStandardWindow).toBe(true);
  });
});
