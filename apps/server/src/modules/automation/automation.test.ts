import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TInboxPage, TReplyTemplate, TReview } from '@dinedesk/contracts';
import type { TAutomationDraftsResponse, TAutomationDryRunResponse, TAutomationHistoryResponse, TAutomationRule } from '@dinedesk/contracts/automation';
import { schema } from '../../db/client.ts';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';
import { automationRunJob } from './automation.service.ts';

/**
 * Automation rules (docs/decisions/0028): dry run over 90 days of real reviews, the
 * arrival match in priority order, the delay, drafts and their approval, automatic replies that
 * pass the reply check (or wait as drafts), tickets, assignment and mail, and who may do what.
 */

let h: Harness;
let outbox: string;
const tokens: Record<string, string> = {};
const ids: Record<string, string> = {};
let page: TInboxPage;
let templates: TReplyTemplate[];

beforeAll(async () => {
  outbox = mkdtempSync(join(tmpdir(), 'dinedesk-automation-'));
  h = await startHarness({ listen: true, env: { DATA_DIR: outbox } });
  for (const who of ['owner', 'brand.manager', 'outlet.manager', 'agent', 'viewer']) tokens[who] = await h.login(`${who}@spice-route.demo`);
  tokens.other = await h.login('owner@deccan-table.demo');
  const users = (await h.server.app.inject({ method: 'GET', url: '/api/client-users', headers: bearer(tokens.owner!) })).json().data as { id: string; email: string }[];
  for (const u of users) ids[u.email.split('@')[0]!] = u.id;
  const managerPages = new Set(((await get('/api/messenger/pages', tokens['outlet.manager']!)).json().data as TInboxPage[]).map((p) => p.id));
  page = ((await get('/api/messenger/pages', tokens.owner!)).json().data as TInboxPage[]).find((p) => !managerPages.has(p.id))!;
  templates = ((await get('/api/review_testing/reply-templates', tokens.owner!)).json() as { data: TReplyTemplate[] }).data;
  expect(templates.length).toBeGreaterThanOrEqual(3);
});
afterAll(async () => {
  await h?.close();
  rmSync(outbox, { recursive: true, force: true });
});

const get = (url: string, token: string) => h.get(url, token);
const post = (url: string, token: string, payload: object) => h.post(url, token, payload);
const MINUTE = 60_000;

async function createRule(body: object): Promise<TAutomationRule> {
  const res = await post('/api/automation/rules/create', tokens.owner!, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAutomationRule;
}

/** A guest leaves a Facebook rating on the page now; @returns the stored review once the webhook and the match job ran. */
async function guestRates(name: string, rating: number, text: string): Promise<TReview> {
  h.sim.addGuestRating({ pageId: page.id, name, rating, text });
  await h.flushWebhooks();
  await h.settle();
  const feed = (await post('/api/review_testing/get_reviews/get-reviews', tokens.owner!, { outletId: page.outletId, q: text.split(' ')[0], limit: 100 })).json().data as TReview[];
  const review = feed.find((r) => r.text === text);
  expect(review, 'the stored review').toBeTruthy();
  return review!;
}

async function runOf(reviewId: string) {
  const history = (await post('/api/automation/history', tokens.owner!, { limit: 100 })).json() as TAutomationHistoryResponse;
  return history.data.find((r) => r.reviewId === reviewId);
}

/** Runs the review's run as the queue would once its delay is over. */
async function afterDelay(reviewId: string, minutes: number) {
  const run = await runOf(reviewId);
  expect(run, 'a run for the review').toBeTruthy();
  h.clock.offsetMs = minutes * MINUTE;
  try {
    await automationRunJob.handler(h.server.ctx, { clientId: (await clientId()), outletId: run!.outletId, runId: run!.id }, {} as never);
  } finally {
    h.clock.offsetMs = 0;
  }
  return (await runOf(reviewId))!;
}

async function clientId(): Promise<string> {
  const [c] = await h.server.ctx.db.select({ id: schema.clients.id }).from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  return c!.id;
}

describe('automation rules', () => {
  it('dry-runs a rule over the last 90 days of real reviews, writing nothing', async () => {
    const before = (await post('/api/automation/rules/list', tokens.owner!, {})).json().data.length as number;
    const res = await post('/api/automation/dry-run', tokens.owner!, { conditions: { ratingMax: 2, hasText: true }, actions: [{ type: 'draft', templateIds: [templates[1]!.id] }, { type: 'create_ticket', priority: 'high' }] });
    expect(res.statusCode, res.body).toBe(200);
    const dry = res.json() as TAutomationDryRunResponse;
    expect(dry.reviewed).toBeGreaterThan(0);
    expect(dry.matched).toBeGreaterThan(0);
    expect(dry.matched).toBeLessThan(dry.reviewed);
    expect(dry.byOutlet.reduce((n, o) => n + o.matched, 0)).toBe(dry.matched);
    const sample = dry.samples[0]!;
    expect(sample.rating).toBeLessThanOrEqual(2);
    expect(sample.text.trim()).not.toBe('');
    expect(sample.outcomes.map((o) => `${o.type}:${o.status}`)).toEqual(['draft:would', 'create_ticket:would']);
    expect(sample.outcomes[0]!.detail).toContain(sample.outletName);
    expect(sample.outcomes[0]!.detail).not.toMatch(/\{(reviewer_first_name|outlet|brand)\}/);
    expect((await post('/api/automation/rules/list', tokens.owner!, {})).json().data.length).toBe(before);
  });

  it('drafts a reply for an arriving review after the delay; the owner approves it once; old reviews are left alone', async () => {
    const rule = await createRule({ name: 'Cold food drafts', enabled: true, conditions: { ratingMax: 2, keywords: ['lukewarm'] }, actions: [{ type: 'draft', templateIds: [templates[1]!.id] }], delayMinutes: 15 });
    expect(rule).toMatchObject({ enabled: true, position: expect.any(Number), owner: { id: ids.owner } });
    const review = await guestRates('Asha Rao', 1, 'lukewarm dal and a long wait');
    const scheduled = (await runOf(review.id))!;
    expect(scheduled).toMatchObject({ ruleId: rule.id, status: 'scheduled', outcomes: [] });
    expect(Date.parse(scheduled.dueAt) - Date.parse(scheduled.matchedAt)).toBe(15 * MINUTE);
    const done = await afterDelay(review.id, 16);
    expect(done.status).toBe('done');
    expect(done.outcomes).toEqual([{ type: 'draft', status: 'drafted', detail: 'Waiting for approval' }]);
    const queue = (await post('/api/automation/drafts/list', tokens.owner!, {})).json() as TAutomationDraftsResponse;
    const draft = queue.data.find((d) => d.reviewId === review.id)!;
    expect(draft).toMatchObject({ status: 'pending', ruleName: 'Cold food drafts', warnings: [] });
    expect(draft.text).toContain('Asha');
    expect(queue.pendingCount).toBeGreaterThanOrEqual(1);
    // Agents read the queue but do not decide.
    expect((await post('/api/automation/drafts/decide', tokens.agent!, { draftId: draft.id, decision: 'approve' })).statusCode).toBe(403);
    const edited = `${draft.text} Please ask for Ravi on your next visit.`;
    const approved = await post('/api/automation/drafts/decide', tokens.owner!, { draftId: draft.id, decision: 'approve', text: edited });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', text: edited, decidedBy: expect.any(String) });
    const replies = (await get(`/api/review_testing/get-fb-comments?pageId=${page.id}&reviewId=${review.id}`, tokens.owner!)).json().data as { message: string }[];
    expect(replies.map((c) => c.message)).toContain(edited);
    expect((await post('/api/automation/drafts/decide', tokens.owner!, { draftId: draft.id, decision: 'reject' })).statusCode).toBe(409);
    // The run job again (a retry) does nothing more.
    expect((await afterDelay(review.id, 20)).outcomes).toHaveLength(1);
    await post('/api/automation/rules/update', tokens.owner!, { ruleId: rule.id, enabled: false });
  });

  it('replies on its own when the check passes, and drafts the reply it would repeat', async () => {
    const rule = await createRule({ name: 'Thank the fans', enabled: true, conditions: { ratingMin: 4, keywords: ['marvellous'] }, actions: [{ type: 'reply', templateIds: [templates.find((t) => t.name === 'Thank you (praise)')!.id] }] });
    const first = await guestRates('Meera Iyer', 5, 'marvellous haleem tonight');
    const done = await afterDelay(first.id, 6);
    expect(done.status, JSON.stringify(done.outcomes)).toBe('done');
    expect(done.outcomes[0]).toMatchObject({ type: 'reply', status: 'done' });
    expect(done.outcomes[0]!.detail).toMatch(/^Replied on Facebook: Thank you, Meera!/);
    // Another fan of the same name: the same words again would repeat the last reply.
    const second = await guestRates('Meera Iyer', 5, 'marvellous biryani again');
    const held = await afterDelay(second.id, 6);
    expect(held.outcomes[0]).toMatchObject({ type: 'reply', status: 'drafted' });
    const drafts = (await post('/api/automation/drafts/list', tokens.owner!, {})).json() as TAutomationDraftsResponse;
    expect(drafts.data.find((d) => d.reviewId === second.id)?.warnings).toContain('repeats_recent');
    await post('/api/automation/rules/update', tokens.owner!, { ruleId: rule.id, enabled: false });
  });

  it('opens a ticket, assigns it and mails the teammates; the first rule in the order wins', async () => {
    const later = await createRule({ name: 'Hygiene tickets', enabled: true, conditions: { keywords: ['cockroach'] }, actions: [{ type: 'create_ticket', priority: 'urgent' }, { type: 'assign', userId: ids.agent }, { type: 'notify', userIds: [ids['brand.manager']] }] });
    const earlier = await createRule({ name: 'Hygiene drafts', enabled: true, conditions: { keywords: ['cockroach'] }, actions: [{ type: 'draft', templateIds: [templates[2]!.id] }] });
    const rules = (await post('/api/automation/rules/list', tokens.owner!, {})).json().data as TAutomationRule[];
    const order = rules.map((r) => r.id).filter((id) => id !== earlier.id);
    const reordered = await post('/api/automation/rules/reorder', tokens.owner!, { ruleIds: [earlier.id, ...order].filter((id) => id !== later.id).concat(later.id) });
    expect(reordered.statusCode, reordered.body).toBe(200);
    // Put the ticket rule first: it handles the review, the draft rule does not.
    const ids2 = (reordered.json().data as TAutomationRule[]).map((r) => r.id);
    const first = await post('/api/automation/rules/reorder', tokens.owner!, { ruleIds: [later.id, ...ids2.filter((id) => id !== later.id)] });
    expect((first.json().data as TAutomationRule[])[0]!.id).toBe(later.id);
    const review = await guestRates('Vikram Shah', 1, 'cockroach near the counter');
    const done = await afterDelay(review.id, 6);
    expect(done.ruleId).toBe(later.id);
    expect(done.outcomes.map((o) => `${o.type}:${o.status}`), JSON.stringify(done.outcomes)).toEqual(['create_ticket:done', 'assign:done', 'notify:done']);
    const ticketId = done.outcomes[0]!.detail.replace('Ticket #', '');
    const ticket = (await post('/api/tickets/get', tokens.owner!, { ticketId })).json();
    expect(ticket).toMatchObject({ priority: 'urgent', reviewId: review.id, assignee: { id: ids.agent } });
    const mail = readdirSync(join(outbox, 'outbox')).map((f) => readFileSync(join(outbox, 'outbox', f), 'utf8')).find((m) => m.includes('cockroach near the counter'));
    expect(mail, 'the mail to the teammate').toBeTruthy();
    expect(mail).toContain('brand.manager@spice-route.demo');
    for (const r of [later, earlier]) await post('/api/automation/rules/update', tokens.owner!, { ruleId: r.id, enabled: false });
  });

  it('skips a run whose rule was switched off before its delay ended', async () => {
    const rule = await createRule({ name: 'Switched off in time', enabled: true, conditions: { keywords: ['sambar'] }, actions: [{ type: 'create_ticket', priority: 'low' }], delayMinutes: 60 });
    const review = await guestRates('Kiran', 2, 'sambar was watery');
    await post('/api/automation/rules/update', tokens.owner!, { ruleId: rule.id, enabled: false });
    expect((await afterDelay(review.id, 61)).status).toBe('skipped');
  });

  it('runs a scheduled run now at an owner\'s word: the draft waits for approval at once, and the run acts once', async () => {
    const rule = await createRule({ name: 'Run me now', enabled: true, conditions: { keywords: ['rasam'] }, actions: [{ type: 'draft', templateIds: [templates[1]!.id] }], delayMinutes: 240 });
    const review = await guestRates('Lakshmi Nair', 1, 'rasam was cold and bland');
    const scheduled = (await runOf(review.id))!;
    expect(scheduled.status).toBe('scheduled');
    // Who may not: every other role (403), another client's owner (404, it is not theirs).
    for (const who of ['brand.manager', 'outlet.manager', 'agent', 'viewer']) expect((await post('/api/automation/runs/run-now', tokens[who]!, { runId: scheduled.id })).statusCode, who).toBe(403);
    expect((await post('/api/automation/runs/run-now', tokens.other!, { runId: scheduled.id })).statusCode).toBe(404);
    expect((await runOf(review.id))!.dueAt).toBe(scheduled.dueAt);

    const res = await post('/api/automation/runs/run-now', tokens.owner!, { runId: scheduled.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: scheduled.id, status: 'scheduled', reviewId: review.id });
    expect(Date.parse(res.json().dueAt)).toBeLessThan(Date.parse(scheduled.dueAt) - 200 * MINUTE);
    // A second click: the same job is moved again (200), or the queue has already acted (409).
    expect([200, 409]).toContain((await post('/api/automation/runs/run-now', tokens.owner!, { runId: scheduled.id })).statusCode);
    // The queued job itself was moved (no clock travel here): the queue runs it now.
    await h.settle();
    // One job for the run, whichever way the second click went.
    const jobs = (await h.server.ctx.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'automation.run' AND singleton_key IN (${scheduled.id}, ${`${scheduled.id}:late`}, ${`${scheduled.id}:now`})`)) as unknown as { rows: { n: number }[] };
    expect(jobs.rows[0]!.n).toBe(1);
    const done = (await runOf(review.id))!;
    expect(done.status).toBe('done');
    expect(done.outcomes).toEqual([{ type: 'draft', status: 'drafted', detail: 'Waiting for approval' }]);
    const queue = (await post('/api/automation/drafts/list', tokens.owner!, {})).json() as TAutomationDraftsResponse;
    expect(queue.data.filter((d) => d.reviewId === review.id)).toHaveLength(1);
    // Once done, it is not run again; the job that was due in 4 hours is gone, so nothing else waits.
    const again = await post('/api/automation/runs/run-now', tokens.owner!, { runId: scheduled.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ field: 'body.runId', message: 'This run is done already' });
    const waiting = (await h.server.ctx.db.execute(sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'automation.run' AND singleton_key = ${scheduled.id} AND state = 'created'`)) as unknown as { rows: { n: number }[] };
    expect(waiting.rows[0]!.n).toBe(0);
    await post('/api/automation/rules/update', tokens.owner!, { ruleId: rule.id, enabled: false });
  });

  it('refuses to run now a run whose rule is switched off (409), and bad run ids (400/404)', async () => {
    const rule = await createRule({ name: 'Off before run now', enabled: true, conditions: { keywords: ['payasam'] }, actions: [{ type: 'create_ticket', priority: 'low' }], delayMinutes: 60 });
    const review = await guestRates('Gopal', 2, 'payasam too sweet');
    const run = (await runOf(review.id))!;
    await post('/api/automation/rules/update', tokens.owner!, { ruleId: rule.id, enabled: false });
    const off = await post('/api/automation/runs/run-now', tokens.owner!, { runId: run.id });
    expect(off.statusCode).toBe(409);
    expect(off.json().message).toBe('Its rule is switched off: switch it on to run it');
    expect((await runOf(review.id))!).toMatchObject({ status: 'scheduled', dueAt: run.dueAt });
    for (const [body, field] of [
      [{ runId: 'abc' }, 'body.runId'],
      [{ runId: 42 }, 'body.runId'],
      [{ runId: '1\u0000' }, 'body.runId'],
      [{ runId: '9'.repeat(400) }, 'body.runId'],
      [{}, 'body.runId'],
      [{ runId: run.id, later: true }, 'body'],
    ] as const) {
      const res = await post('/api/automation/runs/run-now', tokens.owner!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().field ?? '', JSON.stringify(body)).toContain(field);
    }
    expect((await post('/api/automation/runs/run-now', tokens.owner!, { runId: '999999999' })).statusCode).toBe(404);
  });

  it('lets every role read, owners alone write; keeps clients apart', async () => {
    const rule = await createRule({ name: 'Owners only', actions: [{ type: 'create_ticket', priority: 'low' }] });
    for (const who of ['brand.manager', 'outlet.manager', 'agent', 'viewer']) {
      expect((await post('/api/automation/rules/list', tokens[who]!, {})).statusCode, who).toBe(200);
      expect((await post('/api/automation/history', tokens[who]!, {})).statusCode, who).toBe(200);
      expect((await post('/api/automation/rules/create', tokens[who]!, { name: `By ${who}`, actions: [{ type: 'create_ticket' }] })).statusCode, who).toBe(403);
      expect((await post('/api/automation/rules/update', tokens[who]!, { ruleId: rule.id, enabled: true })).statusCode, who).toBe(403);
    }
    expect((await post('/api/automation/rules/update', tokens.other!, { ruleId: rule.id, enabled: true })).statusCode).toBe(404);
    expect((await post('/api/automation/rules/delete', tokens.other!, { ruleId: rule.id })).statusCode).toBe(404);
    expect((await post('/api/automation/rules/list', tokens.other!, {})).json().data.map((r: TAutomationRule) => r.id)).not.toContain(rule.id);
    // The outlet manager's history holds only its outlets' runs (the page above is not one of them).
    const managerHistory = (await post('/api/automation/history', tokens['outlet.manager']!, { limit: 100 })).json() as TAutomationHistoryResponse;
    expect(managerHistory.data.filter((r) => r.outletId === page.outletId)).toEqual([]);
    expect((await post('/api/automation/rules/delete', tokens.owner!, { ruleId: rule.id })).json()).toEqual({ deleted: true });
  });

  it.each([
    ['short name', { name: 'x', actions: [{ type: 'create_ticket' }] }, 'body.name'],
    ['control character in the name', { name: 'Bell\u0007rule', actions: [{ type: 'create_ticket' }] }, 'body.name'],
    ['a 10,000-character name', { name: 'y'.repeat(10_000), actions: [{ type: 'create_ticket' }] }, 'body.name'],
    ['a number for a name', { name: 42, actions: [{ type: 'create_ticket' }] }, 'body.name'],
    ['no actions', { name: 'No actions', actions: [] }, 'body.actions'],
    ['an unknown action', { name: 'Bad type', actions: [{ type: 'delete_review' }] }, 'body.actions.0.type'],
    ['a 4-minute delay', { name: 'Too quick', actions: [{ type: 'create_ticket' }], delayMinutes: 4 }, 'body.delayMinutes'],
    ['a 1,441-minute delay', { name: 'Too slow', actions: [{ type: 'create_ticket' }], delayMinutes: 1441 }, 'body.delayMinutes'],
    ['rating range upside down', { name: 'Range', conditions: { ratingMin: 4, ratingMax: 2 }, actions: [{ type: 'create_ticket' }] }, 'body.conditions.ratingMin'],
    ['6 stars', { name: 'Stars', conditions: { ratingMin: 6 }, actions: [{ type: 'create_ticket' }] }, 'body.conditions.ratingMin'],
    ['a 1-letter keyword', { name: 'Keywords', conditions: { keywords: ['a'] }, actions: [{ type: 'create_ticket' }] }, 'body.conditions.keywords.0'],
    ['reply and draft together', { name: 'Both', actions: [{ type: 'reply', templateIds: ['00000000-0000-4000-8000-000000000000'] }, { type: 'draft', templateIds: ['00000000-0000-4000-8000-000000000000'] }] }, 'body.actions'],
    ['an unknown template', { name: 'Unknown template', actions: [{ type: 'draft', templateIds: ['00000000-0000-4000-8000-000000000000'] }] }, 'body.actions.templateIds'],
    ['an unknown outlet', { name: 'Unknown outlet', conditions: { outletIds: ['00000000-0000-4000-8000-000000000000'] }, actions: [{ type: 'create_ticket' }] }, 'body.conditions.outletIds'],
    ['a viewer as assignee', { name: 'Viewer assignee', actions: [{ type: 'assign', userId: 'viewer' }] }, 'body.actions.userId'],
    ['an unknown field', { name: 'Extra', actions: [{ type: 'create_ticket' }], script: 'x' }, 'body'],
  ])('create with %s → 400 naming the field, nothing written', async (_label, body, field) => {
    const payload = JSON.parse(JSON.stringify(body).replace('"viewer"', JSON.stringify(ids.viewer))) as object;
    const before = (await post('/api/automation/rules/list', tokens.owner!, {})).json().data.length as number;
    const res = await post('/api/automation/rules/create', tokens.owner!, payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().field ?? '').toContain(field);
    expect((await post('/api/automation/rules/list', tokens.owner!, {})).json().data.length).toBe(before);
  });

  it('refuses a second rule of one name (409), unknown ids (404) and a reorder that leaves a rule out (400)', async () => {
    const rule = await createRule({ name: 'Unique name', actions: [{ type: 'create_ticket' }] });
    expect((await post('/api/automation/rules/create', tokens.owner!, { name: 'Unique name', actions: [{ type: 'create_ticket' }] })).statusCode).toBe(409);
    expect((await post('/api/automation/rules/update', tokens.owner!, { ruleId: '999999999', enabled: true })).statusCode).toBe(404);
    expect((await post('/api/automation/drafts/decide', tokens.owner!, { draftId: '999999999', decision: 'reject' })).statusCode).toBe(404);
    const res = await post('/api/automation/rules/reorder', tokens.owner!, { ruleIds: [rule.id] });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('body.ruleIds');
  });
});
