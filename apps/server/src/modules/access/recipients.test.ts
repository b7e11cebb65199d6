import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES, type TModule } from '@dinedesk/contracts';
import type { TAutomationRule } from '@dinedesk/contracts/automation';
import { ZReportSpec } from '@dinedesk/contracts/reports';
import { schema } from '../../db/client.ts';
import { bearer, startHarness, type Harness } from '../../test/harness.ts';
// eslint-disable-next-line no-restricted-imports -- runs an automation run directly, as its job does
import { executeRun } from '../automation/automation.service.ts';
import { mentionEmailJob } from '../comments/index.ts';
import { reportGenerateJob } from '../reports/index.ts';
import { breachEmailJob, ticketSlaJob } from '../tickets/index.ts';

/**
 * Recipients at send time (docs/decisions/0044): every sender of mail (automation `notify`, the
 * SLA breach, mentions, scheduled reports) addresses people who are members who see the outlet
 * when it sends; removing a member or narrowing their outlets releases their tickets, watches and
 * complaints (with activity entries) and their place in rules; report files follow the outlets
 * seen now; rules of an owner removed or demoted are switched off, flagged, mailed to the owners
 * and skipped by matching; templates a rule posts are the owners' to change.
 */

let h: Harness;
let dataDir: string;
let clientId: string;
let ownerId: string;
let ownerToken: string;
let ownerName: string;
/** Outlets of spice-route in brand order, with their brand. */
let outlets: { id: string; brandId: string }[];
let brandIds: string[];
let passwordHash: string;
let counter = 0;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dinedesk-recipients-'));
  h = await startHarness({ listen: true, env: { DATA_DIR: dataDir } });
  const db = h.server.ctx.db;
  const [client] = await db.select().from(schema.clients).where(eq(schema.clients.key, 'spice-route'));
  clientId = client!.id;
  const [owner] = await db.select().from(schema.users).where(eq(schema.users.email, 'owner@spice-route.demo'));
  ownerId = owner!.id;
  ownerName = owner!.fullName;
  passwordHash = owner!.passwordHash!;
  ownerToken = await h.login('owner@spice-route.demo');
  const brands = await db.select().from(schema.brands).where(eq(schema.brands.clientId, clientId)).orderBy(asc(schema.brands.name));
  brandIds = brands.map((b) => b.id);
  outlets = (await db.select({ id: schema.outlets.id, brandId: schema.outlets.brandId }).from(schema.outlets).where(eq(schema.outlets.clientId, clientId))).sort((a, b) => brandIds.indexOf(a.brandId) - brandIds.indexOf(b.brandId));
  expect(new Set(outlets.map((o) => o.brandId)).size).toBeGreaterThanOrEqual(2);
}, 600_000);
afterAll(async () => {
  await h?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (url: string, token: string, payload: object) => h.server.app.inject({ method: 'POST', url, headers: bearer(token), payload });
const get = (url: string, token: string) => h.server.app.inject({ method: 'GET', url, headers: bearer(token) });
const meta = () => ({ id: `test-${++counter}`, retryCount: 0, log: h.server.app.log });
const HOUR = 3_600_000;

/** A new member of spice-route (password: the demo one) with a role and grants. @returns its id and email */
async function member(role: string, grants: { brandIds?: string[]; outletIds?: string[]; modules?: TModule[] } = {}): Promise<{ id: string; email: string; fullName: string }> {
  const db = h.server.ctx.db;
  const n = ++counter;
  const email = `${role.replace('_', '.')}.${n}@recipients.example`;
  const fullName = `Teammate ${n} (${role})`;
  const [user] = await db.insert(schema.users).values({ email, fullName, passwordHash }).returning();
  await db.insert(schema.memberships).values({ userId: user!.id, clientId, role });
  const rows = [
    ...(grants.brandIds ?? []).map((refId) => ({ kind: 'brand', refId })),
    ...(grants.outletIds ?? []).map((refId) => ({ kind: 'outlet', refId })),
    ...(grants.modules ?? [...MODULES]).map((refId) => ({ kind: 'module', refId })),
  ];
  await db.insert(schema.accessGrants).values(rows.map((r) => ({ ...r, userId: user!.id, clientId })));
  return { id: user!.id, email, fullName };
}

async function updateAccess(body: object): Promise<void> {
  const res = await post('/api/access-control-of-user', ownerToken, { request: 'update', ...body });
  expect(res.statusCode, res.body).toBe(200);
}
const removeMember = (userId: string) => updateAccess({ userId, remove: true });

/** An `.eml` of the outbox with its quoted-printable body decoded (headers as written). */
function readMail(file: string): string {
  const raw = readFileSync(file, 'utf8').replace(/\r?\n[ \t]+/g, ' ');
  const [head, ...body] = raw.split(/\r?\n\r?\n/);
  const decoded = body
    .join('\n\n')
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (hex) => Buffer.from(hex.replace(/=/g, ''), 'hex').toString('utf8'));
  return `${head}\n\n${decoded}`;
}

/** Recipients (the To: header) of the outbox mails whose text contains `marker`. */
function mailedTo(marker: string): string[] {
  const dir = join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .map((f) => readMail(join(dir, f)))
    .filter((m) => m.includes(marker))
    .map((m) => /^To: (.+)$/m.exec(m)![1]!.trim())
    .sort();
}

async function reviewOf(outletId: string, skip = 0): Promise<number> {
  const rows = await h.server.ctx.db.select({ id: schema.reviews.id }).from(schema.reviews).where(eq(schema.reviews.outletId, outletId)).orderBy(asc(schema.reviews.id)).limit(skip + 1).offset(0);
  return rows[skip]!.id;
}

describe('recipients at send time', () => {
  it('automation notify mails only the listed teammates who are members and see the outlet now', async () => {
    const outlet = outlets[0]!;
    const stays = await member('agent');
    const removed = await member('agent');
    const moved = await member('brand_manager', { brandIds: [outlet.brandId] });
    const db = h.server.ctx.db;
    const now = new Date();
    const [rule] = await db
      .insert(schema.automationRules)
      .values({ clientId, name: 'Notify the team', trigger: 'new_review', conditions: {}, actions: [{ type: 'notify', userIds: [stays.id, removed.id, moved.id] }], delayMinutes: 5, position: 90, enabled: false, createdByUserId: ownerId })
      .returning();
    await removeMember(removed.id);
    await updateAccess({ userId: moved.id, brandIds: [brandIds.find((b) => b !== outlet.brandId)!] });
    // Removal takes the teammate out of the rule too (audited); narrowing leaves the list to the send-time check.
    const [after] = await db.select().from(schema.automationRules).where(eq(schema.automationRules.id, rule!.id));
    expect(after!.actions).toEqual([{ type: 'notify', userIds: [stays.id, moved.id] }]);
    const audits = await db.select().from(schema.auditLog).where(and(eq(schema.auditLog.clientId, clientId), eq(schema.auditLog.target, `automation_rule:${rule!.id}`)));
    expect(audits.map((a) => a.action)).toContain('automation.rule_updated');
    // The rule's list as it was saved (a run queued before the removal) reaches the sender anyway.
    await db.update(schema.automationRules).set({ enabled: true, actions: [{ type: 'notify', userIds: [stays.id, removed.id, moved.id] }] }).where(eq(schema.automationRules.id, rule!.id));
    const [run] = await db.insert(schema.automationRuns).values({ clientId, outletId: outlet.id, ruleId: rule!.id, ruleName: rule!.name, reviewId: await reviewOf(outlet.id), matchedAt: now, dueAt: now, status: 'scheduled' }).returning();
    expect(await executeRun(h.server.ctx, clientId, run!.id)).toEqual({ status: 'done' });
    const [done] = await db.select().from(schema.automationRuns).where(eq(schema.automationRuns.id, run!.id));
    expect(done!.outcomes[0]).toMatchObject({ type: 'notify', status: 'done', detail: `Mailed ${stays.fullName} (2 of the list may no longer see this outlet)` });
    expect(mailedTo('The automation rule “Notify the team” picked up')).toEqual([stays.email]);
    await db.update(schema.automationRules).set({ enabled: false }).where(eq(schema.automationRules.id, rule!.id));
  });

  it('SLA breach: removal and narrowing release assignee and watches (activity entries); the breach mails who sees the ticket now', async () => {
    const outlet = outlets[2]!;
    const other = outlets.find((o) => o.id !== outlet.id)!;
    const assignee = await member('agent');
    const removedWatcher = await member('viewer');
    const movedWatcher = await member('outlet_manager', { outletIds: [outlet.id] });
    const stays = await member('viewer');
    const created = await post('/api/tickets/create', ownerToken, { outletId: outlet.id, title: 'Walk-in freezer alarm', priority: 'urgent', assigneeUserId: assignee.id, watcherUserIds: [removedWatcher.id, movedWatcher.id, stays.id] });
    expect(created.statusCode, created.body).toBe(200);
    const ticket = created.json().ticket as { id: string; dueAt: string };
    await removeMember(assignee.id);
    await removeMember(removedWatcher.id);
    await updateAccess({ userId: movedWatcher.id, outletIds: [other.id] });

    const detail = (await post('/api/tickets/get', ownerToken, { ticketId: ticket.id })).json() as { assignee: unknown; watchers: { id: string }[]; activity: { kind: string; value: string | null; actorName: string | null }[] };
    expect(detail.assignee).toBeNull();
    expect(detail.watchers.map((w) => w.id)).toEqual([stays.id]);
    const released = detail.activity.filter((a) => a.actorName === ownerName && (a.kind === 'watcher_removed' || (a.kind === 'assignee' && a.value === null)));
    expect(released.map((a) => `${a.kind}:${a.value}`).sort()).toEqual(['assignee:null', `watcher_removed:${movedWatcher.fullName}`, `watcher_removed:${removedWatcher.fullName}`].sort());
    const audit = await h.server.ctx.db.select().from(schema.auditLog).where(and(eq(schema.auditLog.action, 'access.work_released'), eq(schema.auditLog.target, `user:${assignee.id}`)));
    expect(audit[0]?.details).toMatchObject({ tickets: 1 });

    h.clock.offsetMs = 5 * HOUR;
    try {
      expect(await ticketSlaJob.handler(h.server.ctx, { clientId, outletId: outlet.id, ticketId: ticket.id, dueAt: ticket.dueAt }, meta())).toEqual({ breached: true });
    } finally {
      h.clock.offsetMs = 0;
    }
    await h.settle();
    expect(mailedTo(`Ticket #${ticket.id} “Walk-in freezer alarm” of`)).toEqual([stays.email]);
    // A breach mail queued for someone before they were removed is not sent either.
    expect(await breachEmailJob.handler(h.server.ctx, { clientId, outletId: outlet.id, ticketId: ticket.id, userId: assignee.id }, meta())).toEqual({ skipped: 'recipient may no longer see this ticket' });
    expect(await breachEmailJob.handler(h.server.ctx, { clientId, outletId: outlet.id, ticketId: ticket.id, userId: movedWatcher.id }, meta())).toEqual({ skipped: 'recipient may no longer see this ticket' });
    expect(mailedTo(`Ticket #${ticket.id} “Walk-in freezer alarm” of`)).toEqual([stays.email]);
  });

  it('unassigns complaints of a teammate made a viewer, or moved off the outlet, with an activity entry', async () => {
    const outlet = outlets[0]!;
    const demoted = await member('agent');
    const moved = await member('brand_manager', { brandIds: [outlet.brandId] });
    const complaintIds: string[] = [];
    for (const [i, who] of [demoted, moved].entries()) {
      const opened = await post('/api/complaints/open-from-review', ownerToken, { reviewId: String(await reviewOf(outlet.id, 3 + i)) });
      expect(opened.statusCode, opened.body).toBe(200);
      const id = opened.json().complaint.id as string;
      const assigned = await post('/api/complaints/update', ownerToken, { complaintId: id, assigneeUserId: who.id });
      expect(assigned.statusCode, assigned.body).toBe(200);
      complaintIds.push(id);
    }
    await updateAccess({ userId: demoted.id, role: 'viewer' });
    await updateAccess({ userId: moved.id, brandIds: [brandIds.find((b) => b !== outlet.brandId)!] });
    for (const id of complaintIds) {
      const c = (await post('/api/complaints/get', ownerToken, { complaintId: id })).json() as { assignee: unknown; timeline: { author: string; activity: { kind: string; value: string | null } | null }[] };
      expect(c.assignee, id).toBeNull();
      const assignments = c.timeline.filter((e) => e.activity?.kind === 'assignee' && e.author === ownerName).map((e) => e.activity!.value);
      expect(assignments.at(-1), id).toBeNull();
      expect(assignments).toHaveLength(2);
    }
  });

  it('mention mail: a mention queued before its teammate was removed or moved off the outlet is not mailed', async () => {
    const outlet = outlets[0]!;
    const removed = await member('agent');
    const moved = await member('brand_manager', { brandIds: [outlet.brandId] });
    const stays = await member('agent');
    await removeMember(removed.id);
    await updateAccess({ userId: moved.id, brandIds: [brandIds.find((b) => b !== outlet.brandId)!] });
    const db = h.server.ctx.db;
    const reviewId = await reviewOf(outlet.id, 1);
    const body = `@${stays.fullName} @${moved.fullName} please call the guest back (mention ${counter})`;
    const [comment] = await db.insert(schema.internalComments).values({ clientId, reviewId, authorUserId: ownerId, authorName: ownerName, body, mentions: [] }).returning();
    const results: Record<string, unknown> = {};
    for (const who of [removed, moved, stays]) {
      const [n] = await db.insert(schema.mentionNotifications).values({ clientId, userId: who.id, commentId: comment!.id, reviewId }).returning();
      results[who.id] = await mentionEmailJob.handler(h.server.ctx, { clientId, outletId: outlet.id, notificationId: String(n!.id) }, meta());
    }
    expect(results[removed.id]).toEqual({ skipped: 'recipient may no longer see this thread' });
    expect(results[moved.id]).toEqual({ skipped: 'recipient may no longer see this thread' });
    expect(results[stays.id]).toMatchObject({ messageId: expect.any(String) });
    expect(mailedTo('please call the guest back')).toEqual([stays.email]);
  });

  it('report mail and download: a report of an outlet its owner no longer sees is neither mailed nor handed out', async () => {
    const outlet = outlets[0]!;
    const r = await member('brand_manager', { brandIds: [outlet.brandId] });
    const token = await h.login(r.email);
    const spec = { metrics: ['ratings'], outletIds: [outlet.id], period: { kind: 'last_days', days: 7 }, comparison: 'none' };
    const ran = await post('/api/reports/run', token, { spec, format: 'csv', title: 'Brand ratings' });
    expect(ran.statusCode, ran.body).toBe(202);
    await h.settle();
    const runId = ran.json().id as string;
    expect((await get(`/api/reports/runs/${runId}/file`, token)).statusCode).toBe(200);
    // A scheduled run of the same report, generated and mailed while they still see the outlet…
    const db = h.server.ctx.db;
    const scheduled = async () => {
      const [row] = await db
        .insert(schema.reportRuns)
        .values({ clientId, userId: r.id, title: `Weekly brand ratings ${++counter}`, spec: ZReportSpec.parse(spec), outletIds: [outlet.id], format: 'csv', periodFrom: '2026-11-01', periodTo: '2026-11-07', expiresAt: new Date(Date.now() + 86_400_000), scheduled: true })
        .returning();
      return row!;
    };
    const before = await scheduled();
    expect(await reportGenerateJob.handler(h.server.ctx, { clientId, runId: before.id }, meta())).toEqual({ generated: true, mailed: true });
    expect(mailedTo(before.title)).toEqual([r.email]);

    const after = await scheduled();
    await updateAccess({ userId: r.id, brandIds: [brandIds.find((b) => b !== outlet.brandId)!] });
    expect(await reportGenerateJob.handler(h.server.ctx, { clientId, runId: after.id }, meta())).toEqual({ generated: true, mailed: false });
    expect(mailedTo(after.title)).toEqual([]);
    const fresh = await h.login(r.email);
    for (const url of [`/api/reports/runs/${runId}`, `/api/reports/runs/${runId}/file`]) {
      const res = await get(url, fresh);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().field).toBe('params.runId');
    }
    expect(((await post('/api/reports/runs', fresh, {})).json().data as { id: string }[]).map((x) => x.id)).not.toContain(runId);
  });
});

describe('rules of an owner who left', () => {
  let pageId: string;
  let outletId: string;

  beforeAll(async () => {
    const [page] = await h.server.ctx.db.select().from(schema.facebookPages).where(eq(schema.facebookPages.clientId, clientId)).orderBy(asc(schema.facebookPages.id)).limit(1);
    pageId = page!.id;
    outletId = page!.outletId;
  });

  async function ruleAs(token: string, name: string, keyword: string): Promise<TAutomationRule> {
    const res = await post('/api/automation/rules/create', token, { name, enabled: true, conditions: { keywords: [keyword] }, actions: [{ type: 'create_ticket', priority: 'low' }] });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TAutomationRule;
  }

  async function runOfGuest(text: string): Promise<{ ruleId: number | null } | undefined> {
    h.sim.addGuestRating({ pageId, name: 'Anita Desai', rating: 2, text });
    await h.flushWebhooks();
    await h.settle();
    const [review] = await h.server.ctx.db.select({ id: schema.reviews.id }).from(schema.reviews).where(and(eq(schema.reviews.outletId, outletId), eq(schema.reviews.reviewText, text)));
    expect(review, 'the stored review').toBeTruthy();
    const [run] = await h.server.ctx.db.select({ ruleId: schema.automationRuns.ruleId }).from(schema.automationRuns).where(eq(schema.automationRuns.reviewId, review!.id));
    return run;
  }

  const listed = async () => (await post('/api/automation/rules/list', ownerToken, {})).json().data as TAutomationRule[];

  it('switches off, flags and mails to the owners the rules of an owner demoted; reviews go to the live rules after them', async () => {
    const former = await member('client_owner');
    const mine = await ruleAs(await h.login(former.email), 'Paneer tickets (former owner)', 'paneer');
    const live = await ruleAs(ownerToken, 'Paneer tickets (owner)', 'paneer');
    expect((await listed()).find((r) => r.id === mine.id)).toMatchObject({ enabled: true, ownerMayRun: true });
    await updateAccess({ userId: former.id, role: 'brand_manager', brandIds: [brandIds[0]!] });
    const rule = (await listed()).find((r) => r.id === mine.id)!;
    expect(rule).toMatchObject({ enabled: false, ownerMayRun: false, owner: { id: former.id } });
    const audit = await h.server.ctx.db.select().from(schema.auditLog).where(and(eq(schema.auditLog.action, 'automation.rule_switched_off'), eq(schema.auditLog.target, `automation_rule:${mine.id}`)));
    expect(audit).toHaveLength(1);
    await h.settle();
    // The owners as they are now: not the one demoted.
    expect(mailedTo('- Paneer tickets (former owner) (acted for')).toEqual(['group.owner@dinedesk.demo', 'owner@spice-route.demo']);
    expect((await runOfGuest('paneer tikka was rubbery'))?.ruleId).toBe(Number(live.id));
    // An owner switching it on again takes it over: the flag goes.
    const taken = await post('/api/automation/rules/update', ownerToken, { ruleId: mine.id, enabled: true });
    expect(taken.json()).toMatchObject({ enabled: true, ownerMayRun: true, owner: { id: ownerId } });
    for (const id of [mine.id, live.id]) await post('/api/automation/rules/update', ownerToken, { ruleId: id, enabled: false });
  });

  it('switches off at match time a rule whose owner lost the role some other way, and gives the review to the next rule', async () => {
    const former = await member('client_owner');
    const mine = await ruleAs(await h.login(former.email), 'Kofta drafts (former owner)', 'kofta');
    const live = await ruleAs(ownerToken, 'Kofta tickets (owner)', 'kofta');
    // Not through access-control-of-user (a database restored, a script): matching must not trust it.
    await h.server.ctx.db.update(schema.memberships).set({ role: 'viewer' }).where(and(eq(schema.memberships.userId, former.id), eq(schema.memberships.clientId, clientId)));
    expect((await runOfGuest('kofta was cold in the middle'))?.ruleId).toBe(Number(live.id));
    expect((await listed()).find((r) => r.id === mine.id)).toMatchObject({ enabled: false, ownerMayRun: false });
    await post('/api/automation/rules/update', ownerToken, { ruleId: live.id, enabled: false });
  });

  it('lets only those who may edit rules change or delete a template a rule posts', async () => {
    const templates = (await get('/api/review_testing/reply-templates', ownerToken)).json().data as { id: string; name: string; body: string }[];
    const [used, unused] = templates;
    const rule = await post('/api/automation/rules/create', ownerToken, { name: 'Auto thanks', enabled: false, conditions: { ratingMin: 5 }, actions: [{ type: 'reply', templateIds: [used!.id] }] });
    expect(rule.statusCode, rule.body).toBe(200);
    const manager = await h.login('brand.manager@spice-route.demo');
    const edit = await post('/api/review_testing/reply-templates/save', manager, { id: used!.id, name: used!.name, body: 'Call 555-0100 for a refund at {outlet}.' });
    expect(edit.statusCode, edit.body).toBe(403);
    expect(edit.json()).toMatchObject({ field: 'body.id', code: 'template_used_by_rule' });
    expect(edit.json().message).toContain('“Auto thanks”');
    expect((await post('/api/review_testing/reply-templates/delete', manager, { id: used!.id })).statusCode).toBe(403);
    const [kept] = await h.server.ctx.db.select().from(schema.replyTemplates).where(eq(schema.replyTemplates.id, used!.id));
    expect(kept!.body).toBe(used!.body);
    // A template no rule posts stays the brand managers' too; owners change the rule's one.
    expect((await post('/api/review_testing/reply-templates/save', manager, { id: unused!.id, name: unused!.name, body: `${unused!.body} ` })).statusCode).toBe(200);
    expect((await post('/api/review_testing/reply-templates/save', ownerToken, { id: used!.id, name: used!.name, body: `${used!.body} ` })).statusCode).toBe(200);
  });
});
