import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInternalComment, TMentionableUser, TMentionNotificationsResponse, TReview } from '@dinedesk/contracts';
import { startHarness, type Harness } from '../../test/harness.ts';
import type { RealtimeTransport } from '../../lib/realtime.ts';
import { mentionEmailJob } from './comments.service.ts';

/**
 * Internal comments and mentions (docs/requirements/calls.md `/api/review/comments`,
 * `/mentions-users`, `/mention-notifications`, `/mentions/status`): the thread, who may be
 * mentioned, the notifications with their email and socket event, and what is refused.
 */

let h: Harness;
let outbox: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
/** A review of an outlet the outlet manager cannot see, and one of the outlet manager's outlet. */
let hidden: TReview;
let managed: TReview;
const published: { kind: string; userId?: string; event: unknown }[] = [];

const EMAILS = ['owner', 'brand.manager', 'outlet.manager', 'agent', 'viewer'] as const;

beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), 'dinedesk-mail-'));
  h = await startHarness({ env: { DATA_DIR: outbox } });
  for (const who of EMAILS) {
    tokens[who] = await h.login(`${who}@spice-route.demo`);
    ids[who] = (await call('/api/get-client-details', tokens[who]!, undefined, 'GET')).json().userData.id;
  }
  tokens.other = await h.login('owner@deccan-table.demo');
  ids.other = (await call('/api/get-client-details', tokens.other, undefined, 'GET')).json().userData.id;
  const outletsOf = async (token: string) => ((await call('/api/review_testing/get_reviews/kpis', token, {})).json().outlets as { outletId: string }[]).map((o) => o.outletId);
  const firstReview = async (outletId: string) => (await call('/api/review_testing/get_reviews/get-reviews', tokens.owner!, { outletId, limit: 1 })).json().data[0] as TReview;
  const visibleToManager = await outletsOf(tokens['outlet.manager']!);
  const hiddenOutlet = (await outletsOf(tokens.owner!)).find((o) => !visibleToManager.includes(o))!;
  hidden = await firstReview(hiddenOutlet);
  managed = await firstReview(visibleToManager[0]!);
  expect(hidden && managed).toBeTruthy();
  const recorder: RealtimeTransport = {
    emit: () => {},
    reviewsChanged: (event) => void published.push({ kind: 'reviews', event }),
    mentionCreated: (userId, event) => void published.push({ kind: 'mention', userId, event }),
    complaintChanged: () => {},
    ticketChanged: () => {},
    accessChanged: async () => {},
    sessionsEnded: async () => {},
  };
  h.server.ctx.realtime.attach(recorder);
});
afterAll(async () => {
  await h?.close();
  rmSync(outbox, { recursive: true, force: true });
});

/** An .eml as a person reads it: folded headers unfolded, the quoted-printable body decoded. */
function readMail(file: string): string {
  const raw = readFileSync(file, 'utf8').replace(/\r?\n[ \t]+/g, ' ');
  const [head, ...body] = raw.split(/\r?\n\r?\n/);
  const decoded = body
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (hex) => Buffer.from(hex.replace(/=/g, ''), 'hex').toString('utf8'));
  return `${head}\n\n${decoded}`;
}

function call(url: string, token: string, payload?: unknown, method: 'GET' | 'POST' = 'POST') {
  return h.request(method, url, { token, payload });
}
const comments = (token: string, body: object) => call('/api/review/comments', token, body);
const thread = async (token: string, reviewId: string) => (await comments(token, { request: 'list', reviewId })).json().data as TInternalComment[];
const notifications = async (token: string, body: object = {}) => (await call('/api/review/mention-notifications', token, body)).json() as TMentionNotificationsResponse;
const names = async (token: string, reviewId: string, q?: string) => ((await call('/api/review/mentions-users', token, { reviewId, ...(q ? { q } : {}) })).json().data as TMentionableUser[]).map((u) => u.id);
const nameOf = async (who: string) => (await call('/api/get-client-details', tokens[who]!, undefined, 'GET')).json().userData.fullName as string;

describe('who may be mentioned', () => {
  it('lists the members who can see the review’s outlet, the caller excluded, never another client’s', async () => {
    const onHidden = await names(tokens.owner!, hidden.id);
    expect(onHidden).toEqual(expect.arrayContaining([ids['brand.manager'], ids.agent, ids.viewer]));
    expect(onHidden).not.toContain(ids['outlet.manager']);
    expect(onHidden).not.toContain(ids.owner);
    expect(onHidden).not.toContain(ids.other);
    expect(await names(tokens.owner!, managed.id)).toContain(ids['outlet.manager']);
    // Narrowed by name, case-insensitively; LIKE wildcards are plain characters.
    const agentName = await nameOf('agent');
    expect(await names(tokens.owner!, hidden.id, agentName.toUpperCase())).toEqual([ids.agent]);
    expect(await names(tokens.owner!, hidden.id, '%')).toEqual([]);
  });

  it('answers 404 for a review outside the caller’s client or outlets', async () => {
    expect((await call('/api/review/mentions-users', tokens.other!, { reviewId: hidden.id })).statusCode).toBe(404);
    expect((await call('/api/review/mentions-users', tokens['outlet.manager']!, { reviewId: hidden.id })).statusCode).toBe(404);
  });
});

describe('the internal thread', () => {
  it('adds a comment that mentions a teammate: notification, email in the outbox, socket events', async () => {
    const agentName = await nameOf('agent');
    const text = `@${agentName} please call this guest back before Friday; the manager knows.`;
    const res = await comments(tokens.owner!, { request: 'add', reviewId: hidden.id, text, mentionUserIds: [ids.agent] });
    expect(res.statusCode, res.body).toBe(200);
    const comment = res.json().comment as TInternalComment;
    expect(comment).toMatchObject({ reviewId: hidden.id, authorUserId: ids.owner, text, mentions: [{ id: ids.agent, fullName: agentName }] });
    expect((await thread(tokens.viewer!, hidden.id)).map((c) => c.id)).toContain(comment.id);

    const mine = await notifications(tokens.agent!);
    expect(mine.unreadCount).toBe(1);
    expect(mine.data[0]).toMatchObject({ status: 'unread', commentId: comment.id, author: { id: ids.owner }, review: { id: hidden.id, outletId: hidden.outletId } });
    // Nobody else was notified.
    expect((await notifications(tokens.owner!)).data).toEqual([]);

    expect(published).toContainEqual({ kind: 'mention', userId: ids.agent, event: expect.objectContaining({ reviewId: hidden.id, notificationId: mine.data[0]!.id }) });
    expect(published).toContainEqual({ kind: 'reviews', event: { pageId: hidden.pageId ?? hidden.locationId, reviewId: hidden.id, kind: 'internal', verb: 'add' } });

    await h.settle();
    const mails = readdirSync(join(outbox, 'outbox')).filter((f) => f.endsWith('.eml'));
    expect(mails).toHaveLength(1);
    const mail = readMail(join(outbox, 'outbox', mails[0]!));
    expect(mail).toMatch(/^To: .*agent@spice-route\.demo/m);
    expect(mail).toContain(`mentioned you on a review of ${hidden.outletName}`);
    expect(mail).toContain(`/apps/reviews_and_complaints/reviews?review=${hidden.id}`);
    expect(mail).toContain('> @' + agentName + ' please call this guest back');
  });

  it('refuses a mention of someone who cannot see the outlet, of another client, or not named in the text; nothing is written', async () => {
    const before = (await thread(tokens.owner!, hidden.id)).length;
    const managerName = await nameOf('outlet.manager');
    const agentName = await nameOf('agent');
    for (const [body, why] of [
      [{ text: `@${managerName} have a look`, mentionUserIds: [ids['outlet.manager']] }, 'cannot see the outlet'],
      [{ text: '@Deccan owner have a look', mentionUserIds: [ids.other] }, 'another client'],
      [{ text: 'no name here', mentionUserIds: [ids.agent] }, 'not named'],
      [{ text: `@${agentName} and an unknown`, mentionUserIds: [ids.agent, '00000000-0000-4000-8000-000000000000'] }, 'unknown user'],
    ] as const) {
      const res = await comments(tokens.owner!, { request: 'add', reviewId: hidden.id, ...body });
      expect(res.statusCode, why).toBe(400);
      expect(res.json().field, why).toBe('body.mentionUserIds');
    }
    expect(await thread(tokens.owner!, hidden.id)).toHaveLength(before);
    expect((await notifications(tokens['outlet.manager']!)).unreadCount).toBe(0);
  });

  it('lets viewers read but not write; other clients and outlets get 404', async () => {
    const viewer = await comments(tokens.viewer!, { request: 'add', reviewId: hidden.id, text: 'I should not be able to say this' });
    expect(viewer.statusCode).toBe(403);
    expect((await comments(tokens.viewer!, { request: 'list', reviewId: hidden.id })).statusCode).toBe(200);
    for (const [who, request] of [
      ['other', 'list'],
      ['other', 'add'],
      ['outlet.manager', 'list'],
      ['outlet.manager', 'add'],
    ] as const) {
      const res = await comments(tokens[who]!, { request, reviewId: hidden.id, ...(request === 'add' ? { text: 'hello' } : {}) });
      expect(res.statusCode, `${who} ${request}`).toBe(404);
      expect(res.json().field).toBe('body.reviewId');
    }
    // The outlet manager writes on their own outlet's reviews.
    expect((await comments(tokens['outlet.manager']!, { request: 'add', reviewId: managed.id, text: 'Checked with the kitchen.' })).statusCode).toBe(200);
  });

  it('pages the thread oldest first with a cursor', async () => {
    for (const n of [1, 2, 3]) expect((await comments(tokens.agent!, { request: 'add', reviewId: managed.id, text: `note ${n}` })).statusCode).toBe(200);
    const all = await thread(tokens.owner!, managed.id);
    const first = (await comments(tokens.owner!, { request: 'list', reviewId: managed.id, limit: 2 })).json();
    expect(first.data.map((c: TInternalComment) => c.id)).toEqual(all.slice(0, 2).map((c) => c.id));
    const second = (await comments(tokens.owner!, { request: 'list', reviewId: managed.id, limit: 2, cursor: first.paging.nextCursor })).json();
    expect(second.data.map((c: TInternalComment) => c.id)).toEqual(all.slice(2, 4).map((c) => c.id));
    expect(all.map((c) => c.text).slice(-3)).toEqual(['note 1', 'note 2', 'note 3']);
  });
});

describe('mention notifications', () => {
  it('marks read, unread and archived, only the caller’s own; mark all read', async () => {
    const brandManagerName = await nameOf('brand.manager');
    for (const n of [1, 2]) {
      const res = await comments(tokens.owner!, { request: 'add', reviewId: hidden.id, text: `@${brandManagerName} point ${n}`, mentionUserIds: [ids['brand.manager']] });
      expect(res.statusCode).toBe(200);
    }
    const list = await notifications(tokens['brand.manager']!);
    expect(list.unreadCount).toBe(2);
    const [newest, older] = list.data;
    expect(newest!.excerpt).toContain('point 2');
    // Someone else's ids change nothing and reveal nothing.
    expect((await call('/api/review/mentions/status', tokens.agent!, { ids: [newest!.id], status: 'read' })).json()).toEqual({ updated: 0, unreadCount: 1 });
    expect((await call('/api/review/mentions/status', tokens['brand.manager']!, { ids: [newest!.id], status: 'read' })).json()).toEqual({ updated: 1, unreadCount: 1 });
    expect((await call('/api/review/mentions/status', tokens['brand.manager']!, { ids: [newest!.id], status: 'unread' })).json()).toEqual({ updated: 1, unreadCount: 2 });
    expect((await call('/api/review/mentions/status', tokens['brand.manager']!, { allUnread: true, status: 'read' })).json()).toEqual({ updated: 2, unreadCount: 0 });
    expect((await call('/api/review/mentions/status', tokens['brand.manager']!, { ids: [older!.id], status: 'archived' })).json()).toMatchObject({ updated: 1 });
    expect((await notifications(tokens['brand.manager']!)).data.map((n) => n.id)).toEqual([newest!.id]);
    expect((await notifications(tokens['brand.manager']!, { view: 'archived' })).data.map((n) => n.id)).toEqual([older!.id]);
    // Keyset paging of the list.
    const page = await notifications(tokens['brand.manager']!, { view: 'inbox', limit: 1 });
    expect(page.paging.nextCursor).toBeNull();
  });

  it('sends no email for a mention read before its job ran, and never twice', async () => {
    const list = await notifications(tokens['brand.manager']!, { view: 'archived' });
    const id = list.data[0]!.id;
    const out = await mentionEmailJob.handler(h.server.ctx, { clientId: '00000000-0000-4000-8000-000000000000', outletId: hidden.outletId, notificationId: id }, { id: 'x', retryCount: 0, log: h.server.app.log });
    expect(out).toMatchObject({ skipped: expect.stringMatching(/already/) });
    const agentMention = (await notifications(tokens.agent!)).data[0]!;
    expect(await mentionEmailJob.handler(h.server.ctx, { clientId: '00000000-0000-4000-8000-000000000000', outletId: hidden.outletId, notificationId: agentMention.id }, { id: 'y', retryCount: 0, log: h.server.app.log })).toEqual({ skipped: 'already sent' });
  });
});

describe('the internal thread of a ticket', () => {
  it('is the same thread on a ticket: mentions of teammates who see its outlet, the bell links the ticket, the mail names it', async () => {
    const created = await call('/api/tickets/create', tokens.owner!, { title: 'Call back the guest about the cold biryani', outletId: hidden.outletId, priority: 'high' });
    expect(created.statusCode, created.body).toBe(200);
    const ticketId = created.json().ticket.id as string;
    const users = (await call('/api/tickets/mentions-users', tokens.agent!, { ticketId })).json().data as TMentionableUser[];
    expect(users.map((u) => u.id)).toContain(ids['brand.manager']);
    expect(users.map((u) => u.id)).not.toContain(ids['outlet.manager']);

    const managerName = await nameOf('brand.manager');
    const add = await call('/api/tickets/comments', tokens.agent!, { request: 'add', ticketId, text: `@${managerName} the guest asked for a call after 6 pm`, mentionUserIds: [ids['brand.manager']] });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().comment).toMatchObject({ ticketId, reviewId: null });
    const listed = (await call('/api/tickets/comments', tokens.viewer!, { request: 'list', ticketId })).json().data as TInternalComment[];
    expect(listed.map((c) => c.text)).toEqual([`@${managerName} the guest asked for a call after 6 pm`]);
    // The review's thread is another thread.
    expect((await thread(tokens.owner!, hidden.id)).some((c) => c.ticketId === ticketId)).toBe(false);

    const bell = await notifications(tokens['brand.manager']!);
    expect(bell.data[0]).toMatchObject({ review: null, ticket: { id: ticketId, outletId: hidden.outletId } });
    expect(published).toContainEqual({ kind: 'mention', userId: ids['brand.manager'], event: expect.objectContaining({ ticketId, reviewId: null }) });
    await h.settle();
    const mail = readdirSync(join(outbox, 'outbox'))
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readMail(join(outbox, 'outbox', f)))
      .find((m) => m.includes(`ticket #${ticketId}`));
    expect(mail).toContain(`/apps/reviews_and_complaints/tickets?ticket=${ticketId}`);

    expect((await call('/api/tickets/comments', tokens.viewer!, { request: 'add', ticketId, text: 'viewer note' })).statusCode).toBe(403);
    for (const who of ['outlet.manager', 'other']) {
      const res = await call('/api/tickets/comments', tokens[who]!, { request: 'list', ticketId });
      expect(res.statusCode, who).toBe(404);
      expect(res.json().field).toBe('body.ticketId');
    }
    const bad = await call('/api/tickets/comments', tokens.owner!, { request: 'add', ticketId, text: `@${await nameOf('outlet.manager')} look`, mentionUserIds: [ids['outlet.manager']] });
    expect(bad.json().field).toBe('body.mentionUserIds');
  });
});

describe('bad input: 400 naming the field, nothing written', () => {
  it.each([
    [{ reviewId: '1' }, 'body.request'],
    [{ request: 'edit', reviewId: '1' }, 'body.request'],
    [{ request: 'list', reviewId: '1'.repeat(19) }, 'body.reviewId'],
    [{ request: 'list', reviewId: -1 }, 'body.reviewId'],
    [{ request: 'list', reviewId: '1', cursor: 'not a cursor!' }, 'body.cursor'],
    [{ request: 'list', reviewId: '1', limit: 1e9 }, 'body.limit'],
    [{ request: 'add', reviewId: '1', text: '' }, 'body.text'],
    [{ request: 'add', reviewId: '1', text: '   ' }, 'body.text'],
    [{ request: 'add', reviewId: '1', text: 'x'.repeat(4001) }, 'body.text'],
    [{ request: 'add', reviewId: '1', text: 42 }, 'body.text'],
    [{ request: 'add', reviewId: '1', text: 'bell\u0007' }, 'body.text'],
    [{ request: 'add', reviewId: '1', text: 'hi', mentionUserIds: ['not-a-uuid'] }, 'body.mentionUserIds.0'],
    [{ request: 'add', reviewId: '1', text: 'hi', mentionUserIds: 'everyone' }, 'body.mentionUserIds'],
    [{ request: 'add', reviewId: '1', text: 'hi', mentionUserIds: Array.from({ length: 21 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`) }, 'body.mentionUserIds'],
    [{ request: 'add', reviewId: '1', text: 'hi', extra: true }, 'body'],
  ].map(([body, field]) => [JSON.stringify(body).slice(0, 100), body, field] as const))('comments %s → %s', async (_label, body, field) => {
    const res = await comments(tokens.owner!, body as object);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });

  it.each([
    ['/api/review/mentions-users', { reviewId: 'abc' }, 'body.reviewId'],
    ['/api/review/mentions-users', { reviewId: '1', q: 'x'.repeat(101) }, 'body.q'],
    ['/api/review/mention-notifications', { view: 'all' }, 'body.view'],
    ['/api/review/mention-notifications', { limit: 0 }, 'body.limit'],
    ['/api/review/mentions/status', { status: 'read' }, 'body.ids'],
    ['/api/review/mentions/status', { ids: ['1'], allUnread: true, status: 'read' }, 'body.ids'],
    ['/api/review/mentions/status', { ids: [], status: 'read' }, 'body.ids'],
    ['/api/review/mentions/status', { ids: ['01'], status: 'read' }, 'body.ids.0'],
    ['/api/review/mentions/status', { ids: ['1'], status: 'deleted' }, 'body.status'],
    ['/api/review/mentions/status', { allUnread: false, status: 'read' }, 'body.allUnread'],
    ['/api/tickets/comments', { request: 'list', reviewId: '1' }, 'body.ticketId'],
    ['/api/tickets/comments', { request: 'add', ticketId: '1', text: '' }, 'body.text'],
    ['/api/tickets/mentions-users', { ticketId: 'x' }, 'body.ticketId'],
  ])('%s %j → %s', async (url, body, field) => {
    const res = await call(url, tokens.owner!, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe(field);
  });
});
