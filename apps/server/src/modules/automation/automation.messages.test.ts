import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConversation, TInboxPage, TReplyTemplate } from '@dinedesk/contracts';
import type { TAutomationDraftsResponse, TAutomationDryRunResponse, TAutomationHistoryResponse, TAutomationRule, TAutomationRun } from '@dinedesk/contracts/automation';
import { schema } from '../../db/client.ts';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';
import { automationRunJob } from './automation.service.ts';

/**
 * `new_message` automation rules (trigger "new message";
 * docs/decisions/0028): guest messages of Messenger conversations reach the rules through the
 * webhook; a run answers in the conversation after the delay, unless a teammate answered first
 * or the standard 24-hour window closed (then it waits as a draft: automatic messages never use
 * the human-agent tag); a conversation is answered once a day; tickets link the conversation;
 * the conditions a message cannot meet are refused.
 */

let h: Harness;
let outbox: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let page: TInboxPage;
let templates: TReplyTemplate[];

beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), 'dinedesk-automation-msg-'));
  h = await startHarness({ listen: true, env: { DATA_DIR: outbox } });
  for (const who of ['owner', 'outlet.manager', 'agent']) tokens[who] = await h.login(`${who}@spice-route.demo`);
  const users = (await h.server.app.inject({ method: 'GET', url: '/api/client-users', headers: bearer(tokens.owner!) })).json().data as { id: string; email: string }[];
  for (const u of users) ids[u.email.split('@')[0]!] = u.id;
  const managerPages = new Set(((await get('/api/messenger/pages', tokens['outlet.manager']!)).json().data as TInboxPage[]).map((p) => p.id));
  page = ((await get('/api/messenger/pages', tokens.owner!)).json().data as TInboxPage[]).find((p) => !managerPages.has(p.id))!;
  templates = ((await get('/api/review_testing/reply-templates', tokens.owner!)).json() as { data: TReplyTemplate[] }).data;
});
afterAll(async () => {
  await h?.close();
  rmSync(outbox, { recursive: true, force: true });
});

const get = (url: string, token: string) => h.get(url, token);
const post = (url: string, token: string, payload: object) => h.post(url, token, payload);
const MINUTE = 60_000;

async function createRule(body: object): Promise<TAutomationRule> {
  const res = await post('/api/automation/rules/create', tokens.owner!, { trigger: 'new_message', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAutomationRule;
}

/** A guest writes to the page now (a new guest, or `guestId`'s thread); @returns the conversation once the webhook and the match job ran. */
async function guestWrites(text: string, guestId?: string): Promise<TConversation> {
  const sent = h.sim.guestMessage({ pageId: page.id, channel: 'messenger', text, ...(guestId ? { guestId } : {}) });
  await h.flushWebhooks();
  await h.settle();
  const convs = (await get(`/api/messenger/pages/${page.id}/conversations?limit=100`, tokens.owner!)).json().data as TConversation[];
  const conv = convs.find((c) => c.guest.id === sent.guestId);
  expect(conv, 'the guest’s conversation').toBeTruthy();
  return conv!;
}

async function runsOf(conversationId: string): Promise<TAutomationRun[]> {
  const history = (await post('/api/automation/history', tokens.owner!, { limit: 100 })).json() as TAutomationHistoryResponse;
  return history.data.filter((r) => r.conversationId === conversationId);
}

/** Runs the conversation's newest run as the queue would, `minutes` after now. */
async function afterDelay(conversationId: string, minutes: number): Promise<TAutomationRun> {
  const [run] = await runsOf(conversationId);
  expect(run, 'a run for the conversation').toBeTruthy();
  h.clock.offsetMs = minutes * MINUTE;
  try {
    await automationRunJob.handler(h.server.ctx, { clientId: await clientId(), outletId: run!.outletId, runId: run!.id }, {} as never);
  } finally {
    h.clock.offsetMs = 0;
  }
  return (await runsOf(conversationId)).find((r) => r.id === run!.id)!;
}

async function clientId(): Promise<string> {
  const [c] = await h.server.ctx.db.select({ id: schema.clients.id }).from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  return c!.id;
}

const simMessages = (guestId: string) => h.sim.conversations(page.id, 'messenger').find((c) => c.guestId === guestId)!.messageCount;
const template = (name: string) => templates.find((t) => t.name === name) ?? templates[0]!;

describe('new_message automation rules', () => {
  it('answers a guest message in the conversation after the delay, opens a ticket for the conversation, and answers a conversation once a day', async () => {
    const rule = await createRule({
      name: 'Parking questions',
      enabled: true,
      conditions: { channels: ['messenger'], keywords: ['parking'] },
      actions: [{ type: 'reply', templateIds: [template('Thank you (praise)').id] }, { type: 'create_ticket', priority: 'low' }, { type: 'notify', userIds: [ids.agent] }],
      delayMinutes: 5,
    });
    expect(rule.trigger).toBe('new_message');
    const conv = await guestWrites('Is there parking nearby tonight?');
    const [scheduled] = await runsOf(conv.id);
    expect(scheduled).toMatchObject({ kind: 'message', reviewId: null, conversationId: conv.id, accountId: page.id, source: 'messenger', rating: null, ruleId: rule.id, status: 'scheduled' });
    expect(scheduled!.text).toBe('Is there parking nearby tonight?');
    const before = simMessages(conv.guest.id);
    const done = await afterDelay(conv.id, 6);
    expect(done.outcomes.map((o) => `${o.type}:${o.status}`), JSON.stringify(done.outcomes)).toEqual(['reply:done', 'create_ticket:done', 'notify:done']);
    expect(done.outcomes[0]!.detail).toMatch(/^Sent on Messenger: /);
    // The answer reached the guest's thread at Facebook, once.
    expect(simMessages(conv.guest.id)).toBe(before + 1);
    const ticket = (await post('/api/tickets/get', tokens.owner!, { ticketId: done.outcomes[1]!.detail.replace('Ticket #', '') })).json();
    expect(ticket).toMatchObject({ priority: 'low', conversationId: conv.id, reviewId: null });
    const mail = readdirSync(join(outbox, 'outbox')).map((f) => readFileSync(join(outbox, 'outbox', f), 'utf8')).find((m) => m.includes('Is there parking nearby tonight?'));
    // The body is quoted-printable: soft line breaks and `=3D` for `=`.
    expect(mail?.replace(/=\r?\n/g, '').replace(/=3D/g, '='), 'the mail to the teammate').toContain(`/apps/reviews_and_complaints/inbox?channel=messenger&page=${page.id}&conversation=${conv.id}`);
    // The guest writes again the same day: no second automatic answer.
    await guestWrites('And is the parking free?', conv.guest.id);
    expect(await runsOf(conv.id)).toHaveLength(1);
    // The run job again (a retry) sends nothing more.
    await afterDelay(conv.id, 7);
    expect(simMessages(conv.guest.id)).toBe(before + 2);
    await post('/api/automation/rules/update', tokens.owner!, { ruleId: rule.id, enabled: false });
  });

  it('leaves the answer to a teammate who answered during the delay', async () => {
    const rule = await createRule({ name: 'Allergy questions', enabled: true, conditions: { keywords: ['peanut'] }, actions: [{ type: 'reply', templateIds: [templates[0]!.id] }], delayMinutes: 30 });
    const conv = await guestWrites('Does the korma have peanut in it?');
    const sent = await h.server.app.inject({ method: 'POST', url: `/api/messenger/pages/${page.id}/conversations/${conv.id}/messages`, headers: bearer(tokens.agent!), payload: { text: 'No peanuts in the korma, only cashews.' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const done = await afterDelay(conv.id, 31);
    expect(done.outcomes).toEqual([{ type: 'reply', status: 'skipped', detail: 'A teammate answered the guest already' }]);
    await post('/api/automation/rules/update', tokens.owner!, { ruleId: rule.id, enabled: false });
  });

  it('drafts instead of sending once the 24-hour window closed, and the owner sends the draft', async () => {
    const rule = await createRule({ name: 'Late catering answers', enabled: true, conditions: { keywords: ['catering'] }, actions: [{ type: 'reply', templateIds: [templates[1]!.id] }], delayMinutes: 24 * 60 });
    const conv = await guestWrites('Do you do catering for 40 people?');
    // The queue ran late: the standard window is over, only a person may answer now.
    const done = await afterDelay(conv.id, 25 * 60);
    expect(done.outcomes[0]).toMatchObject({ type: 'reply', status: 'drafted' });
    expect(done.outcomes[0]!.detail).toContain('24-hour window');
    const queue = (await post('/api/automation/drafts/list', tokens.owner!, {})).json() as TAutomationDraftsResponse;
    const draft = queue.data.find((d) => d.conversationId === conv.id)!;
    expect(draft).toMatchObject({ kind: 'message', status: 'pending', warnings: ['window_standard_closed'], source: 'messenger' });
    const before = simMessages(conv.guest.id);
    const approved = await post('/api/automation/drafts/decide', tokens.owner!, { draftId: draft.id, decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(simMessages(conv.guest.id)).toBe(before + 1);
    await post('/api/automation/rules/update', tokens.owner!, { ruleId: rule.id, enabled: false });
  });

  it('keeps review rules off messages and message rules off reviews', async () => {
    const reviewRule = await post('/api/automation/rules/create', tokens.owner!, { name: 'Review rule on biryani', enabled: true, conditions: { keywords: ['biryani'] }, actions: [{ type: 'create_ticket', priority: 'low' }] });
    expect(reviewRule.statusCode).toBe(200);
    const conv = await guestWrites('Is the biryani spicy?');
    expect(await runsOf(conv.id)).toEqual([]);
    await post('/api/automation/rules/update', tokens.owner!, { ruleId: reviewRule.json().id, enabled: false });
  });

  it('dry-runs a message rule over the guest messages of the last 90 days', async () => {
    const res = await post('/api/automation/dry-run', tokens.owner!, { trigger: 'new_message', conditions: { channels: ['messenger'] }, actions: [{ type: 'draft', templateIds: [templates[0]!.id] }] });
    expect(res.statusCode, res.body).toBe(200);
    const dry = res.json() as TAutomationDryRunResponse;
    expect(dry.reviewed).toBeGreaterThan(0);
    expect(dry.matched).toBeGreaterThan(0);
    expect(dry.samples[0]).toMatchObject({ kind: 'message', source: 'messenger', rating: null, reviewId: null });
    expect(dry.samples[0]!.conversationId).toMatch(/^\d+$/);
    const none = await post('/api/automation/dry-run', tokens.owner!, { trigger: 'new_message', conditions: { channels: ['instagram'], keywords: ['zzqx-never'] }, actions: [{ type: 'create_ticket' }] });
    expect(none.json().matched).toBe(0);
  });

  it.each([
    ['a rating range on a message rule', { trigger: 'new_message', conditions: { ratingMax: 2 } }, 'body.conditions.ratingMax'],
    ['review sources on a message rule', { trigger: 'new_message', conditions: { sources: ['google'] } }, 'body.conditions.sources'],
    ['channels on a review rule', { trigger: 'new_review', conditions: { channels: ['messenger'] } }, 'body.conditions.channels'],
    ['an unknown channel', { trigger: 'new_message', conditions: { channels: ['whatsapp'] } }, 'body.conditions.channels.0'],
    ['an unknown trigger', { trigger: 'new_tweet' }, 'body.trigger'],
  ])('create with %s → 400 naming the field', async (_label, body, field) => {
    const res = await post('/api/automation/rules/create', tokens.owner!, { name: `Bad ${field}`, actions: [{ type: 'create_ticket' }], ...body });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field ?? '').toContain(field);
  });

  it('refuses review conditions on a message rule through update too', async () => {
    const rule = await createRule({ name: 'Updated badly', actions: [{ type: 'create_ticket' }] });
    const res = await post('/api/automation/rules/update', tokens.owner!, { ruleId: rule.id, conditions: { ratingMin: 1 } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field).toBe('body.conditions.ratingMin');
    const after = (await post('/api/automation/rules/list', tokens.owner!, {})).json().data.find((r: TAutomationRule) => r.id === rule.id) as TAutomationRule;
    expect(after.conditions).toEqual({});
    // Message rules keep to the outlets a role sees: the outlet manager's history holds none of this page's runs.
    const managerHistory = (await post('/api/automation/history', tokens['outlet.manager']!, { limit: 100 })).json() as TAutomationHistoryResponse;
    expect(managerHistory.data.filter((r) => r.outletId === page.outletId)).toEqual([]);
  });
});
