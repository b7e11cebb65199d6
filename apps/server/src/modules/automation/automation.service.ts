import { z } from 'zod';
import { fillTemplate } from '@dinedesk/contracts';
import { AUTOMATION_DRY_RUN_DAYS, AUTOMATION_DRY_RUN_SAMPLE, AUTOMATION_MESSAGE_COOLDOWN_HOURS, AUTOMATION_RULES_MAX, AUTOMATION_TRIGGERS, triggerConditionIssue, type TAutomationAction, type TAutomationActionOutcome, type TAutomationConditions, type TAutomationDefinition, type TAutomationDraft, type TAutomationDraftsResponse, type TAutomationDryRunResponse, type TAutomationHistoryResponse, type TAutomationRule, type TAutomationRulesResponse, type TAutomationRun, type TAutomationTrigger } from '@dinedesk/contracts/automation';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/errors.ts';
import { defineJob } from '../../lib/jobs.ts';
import { keysetPage, parseCursor } from '../../lib/keyset.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import { recipientsNow, actingAs } from '../access/index.ts';
import { threadLink } from '../comments/index.ts';
import { complaintOfReview, openComplaintOfConversation, updateComplaint } from '../complaints/index.ts';
import { replyToGoogleReview } from '../google/index.ts';
import { replyWindow, sendMessage } from '../inbox/index.ts';
import { checkReply, recentOutletReplies, reply as replyOnFacebook } from '../reviews/index.ts';
import { createTicket, updateTicket } from '../tickets/index.ts';
import * as repo from './automation.repository.ts';
import { matches, pickTemplate } from './automation.match.ts';

/**
 * Automation rules (docs/decisions/0028).
 *
 * - Owners write rules (`manage Automation`); every role of the reviews module reads them, their
 *   history and the drafts of the outlets it sees; owners work the approval queue.
 * - On arrival: the review syncs and the feed webhook queue `automation.match` for the outlet
 *   (next to complaint detection). It gives each review written since a rule was switched on to
 *   the first switched-on rule, in priority order, whose conditions it meets: one run per review
 *   (unique index), queued as `automation.run` at arrival + the rule's delay, in the transaction
 *   that records the match, so the delay survives restarts and runs once across processes.
 * - Guest messages (`new_message` rules): the Messenger/Instagram webhook queues
 *   `automation.match` with that trigger for the outlet. A conversation's newest guest message is
 *   matched, and a conversation gets at most one run a day (24 h), whatever rule: a guest writing
 *   three lines in a row gets one answer. At the due time a reply is sent in the conversation only
 *   if no teammate answered meanwhile and the standard 24-hour window is open (an automatic
 *   message never uses the human-agent tag, which Meta reserves for people): otherwise it waits
 *   as a draft for a person to send.
 * - A run acts on behalf of the owner who saved the rule, with that owner's current access (an
 *   owner who left the client stops their rules acting). Each action's outcome is stored as it
 *   completes, so a run resumed after a crash goes on after the last action done; replies carry
 *   an `Idempotency-Key` of the run, so a resumed reply never posts twice.
 * - An automatic reply runs the reply check first (no repeated wording, no contact details, some
 *   substance: docs/decisions/0023) and never sends anyway: a warned reply waits as a draft.
 *   Platform limits are the reply paths' own (Google's edits per minute answer 429, and the run
 *   records the failure in plain words).
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** Reviews older than this at arrival are history, not arrivals: a rule never acts on them. */
const ARRIVAL_LOOKBACK_DAYS = 14;
/** Reviews a dry run reads at most (the last 90 days of the largest demo client are about 2,000). */
const DRY_RUN_MAX_REVIEWS = 20_000;
/** Guest messages older than this at matching are not arrivals (an automatic answer a day late is no answer). */
const MESSAGE_ARRIVAL_LOOKBACK_HOURS = 24;
const HOUR_MS = 3_600_000;
/** Reviews one match job places at most; a larger backlog is the next job's. */
const MATCH_BATCH = 500;

const notFound = (what: string, id: string, field: string) => new HttpError(404, `${what} ${id} not found`, { field });

function requireManage(auth: AuthContext): string {
  if (!auth.ability.can('manage', 'Automation')) throw new HttpError(403, 'Only an owner can change automation rules or approve their drafts');
  return auth.clientId!;
}

function ruleView(row: Awaited<ReturnType<typeof repo.listRules>>[number]): TAutomationRule {
  const r = row.r;
  return {
    id: String(r.id),
    name: r.name,
    trigger: r.trigger,
    conditions: r.conditions,
    actions: r.actions,
    delayMinutes: r.delayMinutes,
    position: r.position,
    enabled: r.enabled,
    enabledAt: r.enabledAt?.toISOString() ?? null,
    owner: r.createdByUserId && row.ownerName ? { id: r.createdByUserId, fullName: row.ownerName } : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    runCount: Number(row.runCount ?? 0),
    lastRunAt: row.lastRunAt ? new Date(row.lastRunAt).toISOString() : null,
    ownerMayRun: Boolean(row.ownerMayRun),
  };
}

async function ruleById(db: Db, clientId: string, id: number): Promise<TAutomationRule> {
  const row = (await repo.listRules(db, clientId)).find((r) => r.r.id === id);
  if (!row) throw notFound('Rule', String(id), 'body.ruleId');
  return ruleView(row);
}

/** `rules/list`: the client's rules, first to last. */
export async function listRules(ctx: AppContext, auth: AuthContext): Promise<TAutomationRulesResponse> {
  return { data: (await repo.listRules(ctx.db, auth.clientId!)).map(ruleView) };
}

/**
 * Checks the ids a definition names: outlets and templates of the client, teammates who may
 * work on every outlet the rule can act on (a rule without an outlet condition: every outlet).
 * @throws HttpError 400 naming the field
 */
async function checkDefinition(ctx: AppContext, clientId: string, def: { trigger?: TAutomationTrigger; conditions?: TAutomationConditions; actions?: TAutomationAction[] }): Promise<void> {
  const issue = def.trigger && def.conditions ? triggerConditionIssue(def.trigger, def.conditions) : null;
  if (issue) throw new HttpError(400, issue.message, { field: `body.conditions.${issue.field}` });
  const outletIds = def.conditions?.outletIds;
  if (outletIds) {
    const known = new Set(await repo.outletsOf(ctx.db, clientId, outletIds));
    const bad = outletIds.filter((id) => !known.has(id));
    if (bad.length) throw new HttpError(400, `conditions.outletIds: ${bad.join(', ')} is not an outlet of this client`, { field: 'body.conditions.outletIds' });
  }
  for (const action of def.actions ?? []) {
    if (action.type === 'reply' || action.type === 'draft') {
      const found = new Set((await repo.templatesOf(ctx.db, clientId, action.templateIds)).map((t) => t.id));
      const bad = action.templateIds.filter((id) => !found.has(id));
      if (bad.length) throw new HttpError(400, `templateIds: ${bad.join(', ')} is not a reply template of this client`, { field: 'body.actions.templateIds' });
    }
    if (action.type === 'assign' || action.type === 'notify') {
      const ids = action.type === 'assign' ? [action.userId] : action.userIds;
      const members = new Map((await repo.clientMembers(ctx.db, clientId, ids)).map((u) => [u.id, u]));
      const bad = ids.filter((id) => !members.has(id) || (action.type === 'assign' && members.get(id)!.role === 'viewer'));
      const field = action.type === 'assign' ? 'userId' : 'userIds';
      if (bad.length) throw new HttpError(400, `${field}: ${bad.join(', ')} is not a teammate of this client${action.type === 'assign' ? ' who may work on reviews' : ''}`, { field: `body.actions.${field}` });
    }
  }
}

/**
 * `rules/create`: a new rule, last in the order, acting on behalf of the caller.
 * @throws HttpError 403 unless owner; 400 naming the field; 409 when the name is taken or the client has 50 rules
 */
export async function createRule(ctx: AppContext, auth: AuthContext, req: TAutomationDefinition & { name: string; enabled: boolean }): Promise<TAutomationRule> {
  const clientId = requireManage(auth);
  await checkDefinition(ctx, clientId, req);
  const id = await ctx.db.transaction(async (tx) => {
    if ((await repo.ruleCount(tx, clientId)) >= AUTOMATION_RULES_MAX) throw new HttpError(409, `A client has at most ${AUTOMATION_RULES_MAX} automation rules; delete one first`);
    const at = ctx.now();
    const saved = await repo.insertRule(tx, {
      clientId,
      name: req.name,
      trigger: req.trigger,
      conditions: req.conditions,
      actions: req.actions,
      delayMinutes: req.delayMinutes,
      position: (await repo.lastPosition(tx, clientId)) + 1,
      enabled: req.enabled,
      enabledAt: req.enabled ? at : null,
      createdByUserId: auth.userId,
      createdAt: at,
      updatedAt: at,
    });
    if (!saved) throw new HttpError(409, `A rule named “${req.name}” exists already`, { field: 'body.name' });
    await audit(tx, { clientId, actorUserId: auth.userId, action: 'automation.rule_created', target: `automation_rule:${saved.id}`, details: { name: req.name, enabled: req.enabled }, at });
    return saved.id;
  });
  return ruleById(ctx.db, clientId, id);
}

/**
 * `rules/update`: any part of a rule. The caller becomes the owner it acts for; switching it on
 * makes it act on reviews written from now on.
 * @throws HttpError 403 unless owner; 404 naming `body.ruleId`; 400 naming the field; 409 on a taken name
 */
export async function updateRule(
  ctx: AppContext,
  auth: AuthContext,
  req: { ruleId: string; name?: string; enabled?: boolean; conditions?: TAutomationConditions; actions?: TAutomationAction[]; delayMinutes?: number },
): Promise<TAutomationRule> {
  const clientId = requireManage(auth);
  await checkDefinition(ctx, clientId, req);
  await ctx.db.transaction(async (tx) => {
    const rule = await repo.getRule(tx, clientId, Number(req.ruleId), true);
    if (!rule) throw notFound('Rule', req.ruleId, 'body.ruleId');
    if (req.name !== undefined && (await repo.nameTaken(tx, clientId, req.name, rule.id))) throw new HttpError(409, `A rule named “${req.name}” exists already`, { field: 'body.name' });
    const conditions = req.conditions ?? rule.conditions;
    const issue = triggerConditionIssue(rule.trigger, conditions);
    if (issue) throw new HttpError(400, issue.message, { field: `body.conditions.${issue.field}` });
    if (conditions.ratingMin !== undefined && conditions.ratingMax !== undefined && conditions.ratingMin > conditions.ratingMax) {
      throw new HttpError(400, 'conditions.ratingMin must not be above conditions.ratingMax', { field: 'body.conditions.ratingMin' });
    }
    const at = ctx.now();
    const switchedOn = req.enabled === true && !rule.enabled;
    await repo.updateRule(tx, rule.id, {
      ...(req.name !== undefined ? { name: req.name } : {}),
      ...(req.conditions !== undefined ? { conditions: req.conditions } : {}),
      ...(req.actions !== undefined ? { actions: req.actions } : {}),
      ...(req.delayMinutes !== undefined ? { delayMinutes: req.delayMinutes } : {}),
      ...(req.enabled !== undefined ? { enabled: req.enabled } : {}),
      ...(switchedOn ? { enabledAt: at } : {}),
      createdByUserId: auth.userId,
      updatedAt: at,
    });
    await audit(tx, { clientId, actorUserId: auth.userId, action: 'automation.rule_updated', target: `automation_rule:${rule.id}`, details: { changed: Object.keys(req).filter((k) => k !== 'ruleId'), ...(req.enabled !== undefined ? { enabled: req.enabled } : {}) }, at });
  });
  return ruleById(ctx.db, clientId, Number(req.ruleId));
}

/**
 * `rules/delete`: the rule goes; its history stays (under its name).
 * @throws HttpError 403 unless owner; 404 naming `body.ruleId`
 */
export async function deleteRule(ctx: AppContext, auth: AuthContext, ruleId: string): Promise<{ deleted: true }> {
  const clientId = requireManage(auth);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.deleteRule(tx, clientId, Number(ruleId)))) throw notFound('Rule', ruleId, 'body.ruleId');
    await audit(tx, { clientId, actorUserId: auth.userId, action: 'automation.rule_deleted', target: `automation_rule:${ruleId}`, at: ctx.now() });
  });
  return { deleted: true };
}

/**
 * `rules/reorder`: the client's rules in a new order, every one of them named once.
 * @throws HttpError 403 unless owner; 404 naming `body.ruleIds` for a rule not of this client; 400
 *   when the list leaves one of the client's rules out
 */
export async function reorderRules(ctx: AppContext, auth: AuthContext, ruleIds: string[]): Promise<TAutomationRulesResponse> {
  const clientId = requireManage(auth);
  await ctx.db.transaction(async (tx) => {
    const current = new Set(await repo.ruleIdsForUpdate(tx, clientId));
    const given = ruleIds.map(Number);
    const unknown = given.find((id) => !current.has(id));
    if (unknown !== undefined) throw notFound('Rule', String(unknown), 'body.ruleIds');
    if (given.length !== current.size) {
      throw new HttpError(400, `ruleIds must list every rule of this client once (${current.size} rules)`, { field: 'body.ruleIds' });
    }
    const at = ctx.now();
    for (const [i, id] of given.entries()) await repo.setPosition(tx, id, i + 1, at);
  });
  return listRules(ctx, auth);
}

/** The reply a rule writes for a review: its pool's template for the review, filled in. */
function replyText(templates: { id: string; body: string }[], pool: string[], review: repo.AutomationReview): string | null {
  const byId = new Map(templates.map((t) => [t.id, t]));
  const usable = pool.filter((id) => byId.has(id));
  const chosen = pickTemplate(usable, review.id);
  if (!chosen) return null;
  return fillTemplate(byId.get(chosen)!.body, { reviewerName: review.reviewerName, outlet: review.outletName, brand: review.brandName });
}

/**
 * `dry-run`: what a definition would have done to the reviews the caller sees over the 90 days
 * up to the newest of them (today for a client whose reviews keep coming); the newest 50 matches with each action's outcome (replies through the reply
 * check against the outlet's recent replies). Writes nothing.
 * @throws HttpError 400 naming the field (unknown outlets, templates, teammates)
 */
export async function dryRun(ctx: AppContext, auth: AuthContext, def: TAutomationDefinition): Promise<TAutomationDryRunResponse> {
  const clientId = auth.clientId!;
  await checkDefinition(ctx, clientId, def);
  // The 90 days up to the newest review the caller sees: a client whose reviews paused (or demo
  // data of past years) still gets a dry run over its real history.
  const onMessages = def.trigger === 'new_message';
  const newest = (await (onMessages ? repo.newestMessageTime(ctx.db, auth) : repo.newestReviewTime(ctx.db, auth))) ?? ctx.now();
  const until = newest.getTime() < ctx.now().getTime() ? newest : ctx.now();
  const since = new Date(until.getTime() - AUTOMATION_DRY_RUN_DAYS * DAY_MS);
  const all = await (onMessages ? repo.messagesSince(ctx.db, auth, since, DRY_RUN_MAX_REVIEWS) : repo.reviewsSince(ctx.db, auth, since, DRY_RUN_MAX_REVIEWS));
  const hits = all.filter((r) => matches(def.conditions, r));
  const byOutlet = new Map<string, { outletId: string; outletName: string; matched: number }>();
  for (const r of hits) {
    const o = byOutlet.get(r.outletId) ?? { outletId: r.outletId, outletName: r.outletName, matched: 0 };
    o.matched++;
    byOutlet.set(r.outletId, o);
  }
  const pools = def.actions.flatMap((a) => (a.type === 'reply' || a.type === 'draft' ? a.templateIds : []));
  const templates = await repo.templatesOf(ctx.db, clientId, pools);
  const recent = new Map<string, string[]>();
  const samples = [];
  for (const r of hits.slice(0, AUTOMATION_DRY_RUN_SAMPLE)) {
    const outcomes: TAutomationActionOutcome[] = [];
    for (const a of def.actions) {
      if (a.type === 'reply' || a.type === 'draft') {
        const text = replyText(templates, a.templateIds, r);
        if (text === null) {
          outcomes.push({ type: a.type, status: 'skipped', detail: 'No template of the pool exists any more' });
          continue;
        }
        if (!recent.has(r.outletId)) recent.set(r.outletId, onMessages ? [] : await recentOutletReplies(ctx.db, clientId, r.outletId, 20));
        const warnings = a.type === 'reply' ? checkReply(text, recent.get(r.outletId)!) : [];
        outcomes.push(warnings.length ? { type: a.type, status: 'drafted', detail: `${text}\n\n(${warnings.map((w) => w.message).join(' ')})` } : { type: a.type, status: 'would', detail: text });
      } else if (a.type === 'create_ticket') {
        outcomes.push({ type: a.type, status: 'would', detail: `A ${a.priority}-priority ticket` });
      } else if (a.type === 'assign') {
        outcomes.push({ type: a.type, status: 'would', detail: a.userId });
      } else {
        outcomes.push({ type: a.type, status: 'would', detail: a.userIds.join(', ') });
      }
    }
    samples.push({ ...reviewRef(r), outcomes });
  }
  return { since: since.toISOString(), until: until.toISOString(), reviewed: all.length, matched: hits.length, byOutlet: [...byOutlet.values()].sort((a, b) => b.matched - a.matched), samples };
}

/** The contract's subject reference (a review, or a guest message and its conversation). */
function reviewRef(r: repo.AutomationSubject) {
  const message = r.kind === 'message';
  return {
    kind: r.kind,
    reviewId: message ? null : String(r.id),
    messageId: message ? String(r.id) : null,
    conversationId: r.conversationId === null ? null : String(r.conversationId),
    accountId: r.accountId,
    source: r.source,
    outletId: r.outletId,
    outletName: r.outletName,
    reviewerName: r.reviewerName,
    rating: r.rating,
    text: r.reviewText,
    createdTime: r.createdTime.toISOString(),
  };
}

/** `history`: the runs of the outlets the caller sees, newest first. */
export async function history(ctx: AppContext, auth: AuthContext, req: { ruleId?: string; cursor?: string; limit: number }): Promise<TAutomationHistoryResponse> {
  const after = parseCursor(req.cursor, 'body.cursor');
  const rows = await repo.history(ctx.db, auth, req.ruleId === undefined ? undefined : Number(req.ruleId), after, req.limit);
  const page = keysetPage(rows, req.limit, (row) => ({ time: row.run.matchedAt, id: row.run.id }));
  return {
    data: page.rows.map(runView),
    paging: { nextCursor: page.next },
  };
}

function runView({ run, review }: Awaited<ReturnType<typeof repo.history>>[number]): TAutomationRun {
  return {
    ...reviewRef(review),
    id: String(run.id),
    ruleId: run.ruleId === null ? null : String(run.ruleId),
    ruleName: run.ruleName,
    status: run.status,
    matchedAt: run.matchedAt.toISOString(),
    dueAt: run.dueAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    outcomes: run.outcomes,
  };
}

/**
 * `runNow`: an owner runs a scheduled run at once (the rule's delay is a default, not a promise
 * to the guest). The run's queued `automation.run` job is moved to now in the transaction that
 * moves its due time, so no second job can run beside it; a run whose job is gone (lost with a
 * database restored from a backup) gets a new one, unless one is running it now. Audited.
 * @throws HttpError 403 unless owner; 404 naming `body.runId` outside the caller's outlets; 409
 *   when the run is no longer scheduled or its rule is switched off or deleted
 */
export async function runNow(ctx: AppContext, auth: AuthContext, runId: string): Promise<TAutomationRun> {
  const clientId = requireManage(auth);
  const run = await repo.getRun(ctx.db, clientId, Number(runId));
  if (!run || !inTenantScope(auth, run)) throw notFound('Run', runId, 'body.runId');
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.getRun(tx, clientId, run.id, true);
    if (locked?.status !== 'scheduled') throw new HttpError(409, `This run is ${locked?.status ?? 'gone'} already`, { field: 'body.runId' });
    const rule = locked.ruleId === null ? undefined : await repo.getRule(tx, clientId, locked.ruleId);
    if (!rule?.enabled) throw new HttpError(409, rule ? 'Its rule is switched off: switch it on to run it' : 'Its rule was deleted', { field: 'body.runId' });
    await repo.saveRun(tx, run.id, { dueAt: ctx.now() });
    const data = { clientId, outletId: run.outletId, runId: String(run.id) };
    const keys = [String(run.id), `${run.id}:late`, `${run.id}:now`];
    let moved = false;
    for (const key of keys) moved = (await ctx.jobs.startNow(automationRunJob, key, tx)) !== null || moved;
    // A job already running the run (a second click while it acts) must not get a twin.
    if (!moved && !(await ctx.jobs.inFlight(automationRunJob, keys, tx))) await ctx.jobs.send(automationRunJob, data, { singletonKey: `${run.id}:now`, tx });
    await audit(tx, { clientId, actorUserId: auth.userId, action: 'automation.run_now', target: `automation_run:${run.id}`, details: { ruleId: String(rule.id), dueAt: run.dueAt.toISOString() }, at: ctx.now() });
  });
  ctx.jobs.wake(automationRunJob);
  const row = await repo.runWithSubject(ctx.db, clientId, run.id);
  if (!row) throw notFound('Run', runId, 'body.runId');
  return runView(row);
}

function draftView(row: Awaited<ReturnType<typeof repo.drafts>>[number]): TAutomationDraft {
  const d = row.draft;
  return {
    ...reviewRef(row.review),
    id: String(d.id),
    ruleId: row.ruleId === null ? null : String(row.ruleId),
    ruleName: row.ruleName,
    text: d.text,
    status: d.status,
    warnings: d.warnings,
    createdAt: d.createdAt.toISOString(),
    decidedAt: d.decidedAt?.toISOString() ?? null,
    decidedBy: d.decidedByName,
  };
}

/** `drafts/list`: the approval queue of the outlets the caller sees. */
export async function listDrafts(ctx: AppContext, auth: AuthContext, req: { status: 'pending' | 'approved' | 'rejected'; cursor?: string; limit: number }): Promise<TAutomationDraftsResponse> {
  const after = parseCursor(req.cursor, 'body.cursor');
  const rows = await repo.drafts(ctx.db, auth, req.status, after, req.limit);
  const page = keysetPage(rows, req.limit, (row) => ({ time: row.draft.createdAt, id: row.draft.id }));
  return { data: page.rows.map(draftView), paging: { nextCursor: page.next }, pendingCount: await repo.pendingDrafts(ctx.db, auth) };
}

/**
 * Posts `text` as the reply to `review`, as `auth`, through the composer's own path; for a guest
 * message, sends it in the conversation through the inbox's send path (window rules, token
 * health and `Idempotency-Key` included).
 */
async function postReply(ctx: AppContext, auth: AuthContext, review: repo.AutomationSubject, text: string, key: string, sendAnyway: boolean): Promise<string> {
  if (review.kind === 'message') {
    await sendMessage(ctx, auth, review.source === 'instagram' ? 'instagram' : 'messenger', review.accountId!, String(review.conversationId), { text }, key);
    return review.source === 'instagram' ? 'Sent on Instagram' : 'Sent on Messenger';
  }
  if (review.source === 'google') {
    await replyToGoogleReview(ctx, auth, String(review.id), text, key, { sendAnyway });
    return 'Replied on Google';
  }
  await replyOnFacebook(ctx, auth, review.pageId!, String(review.id), text, key, { sendAnyway });
  return 'Replied on Facebook';
}

/**
 * `drafts/decide`: approve (posts the text, edited or not, as the approver through the reply
 * check; 422 with its warnings unless `sendAnyway`) or reject. A decided draft is not decided again.
 * @throws HttpError 403 unless owner; 404 naming `body.draftId`; 409 when already decided; the reply paths' errors
 */
export async function decideDraft(ctx: AppContext, auth: AuthContext, req: { draftId: string; decision: 'approve' | 'reject'; text?: string; sendAnyway?: boolean }): Promise<TAutomationDraft> {
  const clientId = requireManage(auth);
  const draft = await repo.getDraft(ctx.db, clientId, Number(req.draftId));
  if (!draft || !inTenantScope(auth, draft)) throw notFound('Draft', req.draftId, 'body.draftId');
  if (draft.status !== 'pending') throw new HttpError(409, `This draft was ${draft.status} already`, { field: 'body.draftId' });
  const text = req.text ?? draft.text;
  if (req.decision === 'approve') {
    const review = await repo.subjectOf(ctx.db, clientId, draft);
    if (!review) throw notFound('Draft', req.draftId, 'body.draftId');
    // The key is the draft's: a double click, or a retry after a lost answer, posts once.
    await postReply(ctx, auth, review, text, `automation-draft-${draft.id}`, req.sendAnyway ?? false);
  }
  await ctx.db.transaction(async (tx) => {
    const locked = await repo.getDraft(tx, clientId, draft.id, true);
    if (locked?.status !== 'pending') return;
    await repo.saveDraft(tx, draft.id, { status: req.decision === 'approve' ? 'approved' : 'rejected', text, decidedAt: ctx.now(), decidedByUserId: auth.userId, decidedByName: auth.fullName });
    await audit(tx, { clientId, actorUserId: auth.userId, action: req.decision === 'approve' ? 'automation.draft_approved' : 'automation.draft_rejected', target: `automation_draft:${draft.id}`, details: { ...(draft.reviewId !== null ? { reviewId: String(draft.reviewId) } : { messageId: String(draft.messageId), conversationId: String(draft.conversationId) }), edited: text !== draft.text }, at: ctx.now() });
  });
  const [row] = (await repo.drafts(ctx.db, { clientId, outletIds: null }, req.decision === 'approve' ? 'approved' : 'rejected', undefined, 100)).filter((r) => r.draft.id === draft.id);
  return draftView(row!);
}

/**
 * The access of the owner a rule acts for, as a session of theirs would have it; null when they
 * are gone from the client or no longer own it.
 */
async function ruleOwnerAuth(ctx: AppContext, userId: string | null, clientId: string): Promise<AuthContext | null> {
  const auth = await actingAs(ctx, userId, clientId, 'automation');
  return auth && auth.ability.can('manage', 'Automation') ? auth : null;
}

/** Who changed access, for the audit rows of what that change stops (null: DineDesk itself, at match time). */
export interface AccessActor {
  userId: string;
  name: string;
}

/**
 * Switches off the client's rules whose owner may no longer run them (removed from the client,
 * or no longer an owner), in `tx`: each gets an audit row, the rule list shows it flagged
 * (`ownerMayRun: false`) until an owner saves it (and so takes it over), and the client's owners
 * are mailed once (`automation.owner-lost-email`, queued in `tx`). Called by the access module in
 * the transaction that changes a role or removes a member, and before every match.
 * @returns the ids of the rules switched off
 */
export async function switchOffRulesOfLostOwners(ctx: AppContext, tx: Db, clientId: string, actor: AccessActor | null): Promise<number[]> {
  const lost = await repo.enabledRulesOfLostOwners(tx, clientId);
  if (!lost.length) return [];
  const at = ctx.now();
  for (const rule of lost) {
    await repo.updateRule(tx, rule.id, { enabled: false, updatedAt: at });
    await audit(tx, { clientId, actorUserId: actor?.userId ?? null, action: 'automation.rule_switched_off', target: `automation_rule:${rule.id}`, details: { name: rule.name, reason: 'owner_lost_access', ownerUserId: rule.createdByUserId }, at });
  }
  const ruleIds = lost.map((r) => String(r.id));
  await ctx.jobs.send(ownerLostEmailJob, { clientId, ruleIds }, { singletonKey: `${clientId}:${ruleIds.join(',')}`, tx });
  return lost.map((r) => r.id);
}

/**
 * Takes a teammate removed from the client out of the rules' actions, in `tx`: `notify` lists
 * lose them (an action left with nobody goes), `assign` actions naming them go. Each rule changed
 * gets an audit row (decision 0044). @returns how many rules changed
 */
export async function dropRuleTargets(ctx: AppContext, tx: Db, clientId: string, userId: string, actor: AccessActor): Promise<number> {
  const rules = await repo.rulesNaming(tx, clientId, userId);
  const at = ctx.now();
  for (const rule of rules) {
    const actions = rule.actions
      .map((a) => (a.type === 'notify' ? { ...a, userIds: a.userIds.filter((id) => id !== userId) } : a))
      .filter((a) => !(a.type === 'assign' && a.userId === userId) && !(a.type === 'notify' && !a.userIds.length));
    await repo.updateRule(tx, rule.id, { actions, updatedAt: at });
    await audit(tx, { clientId, actorUserId: actor.userId, action: 'automation.rule_updated', target: `automation_rule:${rule.id}`, details: { changed: ['actions'], reason: 'member_removed', userId }, at });
  }
  return rules.length;
}

/**
 * `automation.owner-lost-email`: tells the client's owners (as they are when it runs) that rules
 * were switched off because the owner they acted for was removed or demoted. A rule switched on
 * again, or taken over, since is left out; nothing left, no mail.
 */
export const ownerLostEmailJob = defineJob<{ clientId: string; ruleIds: string[] }, AppContext>({
  name: 'automation.owner-lost-email',
  subject: 'Automation',
  schema: z.object({ clientId: z.uuid(), ruleIds: z.array(z.string().regex(/^\d{1,16}$/)).min(1).max(AUTOMATION_RULES_MAX) }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  async handler(ctx, data) {
    const wanted = new Set(data.ruleIds.map(Number));
    const rules = (await repo.listRules(ctx.db, data.clientId)).filter((row) => wanted.has(row.r.id) && !row.r.enabled && !row.ownerMayRun);
    if (!rules.length) return { skipped: 'taken over or switched on since' };
    const owners = await recipientsNow(ctx.db, data.clientId, [], { module: 'reviews_and_complaints', roles: ['client_owner'] });
    const base = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
    for (const o of owners) {
      await ctx.mailer.send({
        to: o.email,
        subject: `Automation: ${rules.length === 1 ? `rule “${rules[0]!.r.name}” was` : `${rules.length} rules were`} switched off`,
        text: [
          `Hello ${o.fullName},`,
          '',
          'These automation rules acted on behalf of someone who is no longer an owner of this client, so DineDesk switched them off:',
          '',
          ...rules.map((row) => `- ${row.r.name}${row.ownerName ? ` (acted for ${row.ownerName})` : ''}`),
          '',
          `Reviews now go to the rules after them. To use one again, open it, check it and switch it on: it then acts on your behalf. ${base}/apps/reviews_and_complaints/automation`,
        ].join('\n'),
      });
    }
    return { mailed: owners.length };
  },
});

/**
 * The start of the second a rule was switched on (ms): Facebook and Google give review times to
 * the second, so a review written in that second counts as written after it.
 */
function fromSecond(at: Date): number {
  return Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * Gives an outlet's arriving reviews (guest messages, for `new_message`) to the rules of that
 * trigger: each one written since a rule was switched on goes to the first such rule it matches,
 * as a run due after the rule's delay.
 * @returns how many runs were scheduled
 */
export async function matchArrivals(ctx: AppContext, clientId: string, outletId: string, trigger: TAutomationTrigger = 'new_review'): Promise<number> {
  // A rule whose owner lost the right to run it must not take reviews from the rules after it:
  // switched off (and flagged to the owners) before matching, should the access change have
  // missed it (decision 0044).
  if ((await ctx.db.transaction((tx) => switchOffRulesOfLostOwners(ctx, tx, clientId, null))).length) ctx.jobs.wake(ownerLostEmailJob);
  const rules = await repo.enabledRules(ctx.db, clientId, trigger);
  if (!rules.length) return 0;
  const earliest = Math.min(...rules.map((r) => (r.enabledAt ? fromSecond(r.enabledAt) : Infinity)));
  const now = ctx.now().getTime();
  const since = new Date(Math.max(earliest, trigger === 'new_message' ? now - MESSAGE_ARRIVAL_LOOKBACK_HOURS * HOUR_MS : now - ARRIVAL_LOOKBACK_DAYS * DAY_MS));
  const arrivals =
    trigger === 'new_message'
      ? await repo.unhandledMessages(ctx.db, clientId, outletId, since, new Date(now - AUTOMATION_MESSAGE_COOLDOWN_HOURS * HOUR_MS), MATCH_BATCH)
      : await repo.unhandledReviews(ctx.db, clientId, outletId, since, MATCH_BATCH);
  let scheduled = 0;
  for (const review of arrivals) {
    const rule = rules.find((r) => r.enabledAt !== null && review.createdTime.getTime() >= fromSecond(r.enabledAt) && matches(r.conditions, review));
    if (!rule) continue;
    const done = await ctx.db.transaction(async (tx) => {
      const at = ctx.now();
      const subject = review.kind === 'message' ? { messageId: review.id, conversationId: review.conversationId } : { reviewId: review.id };
      const run = await repo.insertRun(tx, { clientId, outletId, ruleId: rule.id, ruleName: rule.name, ...subject, matchedAt: at, dueAt: new Date(at.getTime() + rule.delayMinutes * MINUTE_MS) });
      if (!run) return false;
      await ctx.jobs.send(automationRunJob, { clientId, outletId, runId: String(run.id) }, { singletonKey: String(run.id), startAt: run.dueAt, tx });
      return true;
    });
    if (done) scheduled++;
  }
  return scheduled;
}

/** Runs one action of a run. @returns its outcome */
async function runAction(ctx: AppContext, run: repo.RunRow, rule: repo.RuleRow, review: repo.AutomationSubject, action: TAutomationAction, done: TAutomationActionOutcome[], actor: AuthContext): Promise<TAutomationActionOutcome> {
  const clientId = run.clientId;
  const message = review.kind === 'message';
  try {
    switch (action.type) {
      case 'reply':
      case 'draft': {
        // A teammate who answered the guest during the delay has said what there was to say.
        if (message && (await repo.pageAnsweredSince(ctx.db, review.conversationId!, review.createdTime))) {
          return { type: action.type, status: 'skipped', detail: 'A teammate answered the guest already' };
        }
        const text = replyText(await repo.templatesOf(ctx.db, clientId, action.templateIds), action.templateIds, review);
        if (text === null) return { type: action.type, status: 'skipped', detail: 'No template of the pool exists any more' };
        // Messages: the same welcome twice is no fault, so only contact details and substance are checked.
        const warnings = action.type === 'reply' ? checkReply(text, message ? [] : await recentOutletReplies(ctx.db, clientId, review.outletId, 20)) : [];
        const windowShut = message && action.type === 'reply' && (await conversationWindow(ctx, review)) !== 'standard';
        if (action.type === 'draft' || warnings.length || windowShut) {
          const subject = message ? { messageId: review.id, conversationId: review.conversationId } : { reviewId: review.id };
          await repo.insertDraft(ctx.db, { clientId, outletId: review.outletId, runId: run.id, ...subject, text, warnings: [...warnings.map((w) => w.code), ...(windowShut ? ['window_standard_closed'] : [])], createdAt: ctx.now() });
          const why = [...warnings.map((w) => w.message), ...(windowShut ? ['The 24-hour window has closed: only a person may answer now, with the human agent tag.'] : [])];
          return { type: action.type, status: 'drafted', detail: why.length ? `Waiting for approval: ${why.join(' ')}` : 'Waiting for approval' };
        }
        return { type: action.type, status: 'done', detail: `${await postReply(ctx, actor, review, text, `automation-run-${run.id}`, false)}: ${text}` };
      }
      case 'create_ticket': {
        const link = message ? { conversationId: String(review.conversationId) } : { reviewId: String(review.id) };
        const { ticket } = await createTicket(ctx, actor, { ...link, priority: action.priority, watcherUserIds: [] });
        return { type: action.type, status: 'done', detail: `Ticket #${ticket.id}` };
      }
      case 'assign': {
        const ticket = done.find((o) => o.type === 'create_ticket' && o.status === 'done');
        if (ticket) {
          await updateTicket(ctx, actor, { ticketId: ticket.detail.replace(/^Ticket #/, ''), assigneeUserId: action.userId });
          return { type: action.type, status: 'done', detail: `${ticket.detail} assigned` };
        }
        const complaintId = message ? await openComplaintOfConversation(ctx.db, review.conversationId!) : await complaintOfReview(ctx.db, review.id);
        if (complaintId === null) return { type: action.type, status: 'skipped', detail: 'Neither a ticket of this rule nor a complaint to assign' };
        await updateComplaint(ctx, actor, { complaintId: String(complaintId), assigneeUserId: action.userId });
        return { type: action.type, status: 'done', detail: `Complaint #${complaintId} assigned` };
      }
      case 'notify': {
        // Addressed now, not when the rule was saved: a teammate removed since, or moved off this
        // outlet, gets nothing (docs/decisions/0044).
        const people = await recipientsNow(ctx.db, clientId, [review.outletId], { module: 'reviews_and_complaints', userIds: action.userIds });
        if (!people.length) return { type: action.type, status: 'skipped', detail: 'Nobody of the list may see this outlet any more' };
        const stars = review.rating ? `${review.rating}★ ` : '';
        const link = message ? conversationLink(ctx, review) : threadLink(ctx, { reviewId: review.id, ticketId: null });
        const what = message ? `${review.source === 'instagram' ? 'Instagram' : 'Messenger'} message to ${review.outletName}` : `${stars}review of ${review.outletName}`;
        const origin = message ? `${review.source === 'instagram' ? 'Instagram' : 'Messenger'} message to` : `${stars}${review.source === 'google' ? 'Google' : 'Facebook'} review of`;
        for (const p of people) {
          await ctx.mailer.send({
            to: p.email,
            subject: `Automation “${rule.name}”: ${what}`,
            text: [`Hello ${p.fullName},`, '', `The automation rule “${rule.name}” picked up ${review.reviewerName}'s ${origin} ${review.outletName} (${review.brandName}):`, '', ...(review.reviewText || '(no text)').split(/\r?\n/).map((l) => `> ${l}`), '', `Open the ${message ? 'conversation' : 'review'}: ${link}`].join('\n'),
          });
        }
        const left = new Set(action.userIds).size - people.length;
        return { type: action.type, status: 'done', detail: `Mailed ${people.map((p) => p.fullName).join(', ')}${left ? ` (${left} of the list may no longer see this outlet)` : ''}` };
      }
    }
  } catch (e) {
    if (e instanceof HttpError) return { type: action.type, status: 'failed', detail: e.message };
    throw e;
  }
}

/**
 * `automation.run`: the actions of one run, at its due time. Resumes after the last action whose
 * outcome is stored; a rule switched off or deleted meanwhile, or whose owner lost access, skips.
 */
export async function executeRun(ctx: AppContext, clientId: string, runId: number): Promise<{ status: string }> {
  const run = await repo.getRun(ctx.db, clientId, runId);
  if (!run || run.status !== 'scheduled') return { status: run?.status ?? 'gone' };
  const finish = async (status: 'done' | 'skipped' | 'failed', outcomes: TAutomationActionOutcome[]) => {
    await repo.saveRun(ctx.db, run.id, { status, outcomes, finishedAt: ctx.now() });
    return { status };
  };
  const rule = run.ruleId === null ? undefined : await repo.getRule(ctx.db, clientId, run.ruleId);
  if (!rule) return finish('skipped', [...run.outcomes]);
  if (!rule.enabled) return finish('skipped', [...run.outcomes]);
  const actor = await ruleOwnerAuth(ctx, rule.createdByUserId, clientId);
  const review = await repo.subjectOf(ctx.db, clientId, run);
  if (!actor || !review) return finish('skipped', [...run.outcomes]);
  const outcomes = [...run.outcomes];
  for (const action of rule.actions.slice(outcomes.length)) {
    outcomes.push(await runAction(ctx, run, rule, review, action, outcomes, actor));
    await repo.saveRun(ctx.db, run.id, { outcomes });
  }
  return finish(outcomes.some((o) => o.status === 'failed') ? 'failed' : 'done', outcomes);
}

/**
 * `automation.match`: gives one outlet's arriving reviews to the rules. Queued (one per outlet at
 * a time) with complaint detection by the review syncs and the feed webhook; idempotent.
 */
export const automationMatchJob = defineJob<{ clientId: string; outletId: string; trigger?: TAutomationTrigger }, AppContext>({
  name: 'automation.match',
  subject: 'Automation',
  // Jobs queued before `new_message` existed carry no trigger: they are review matches.
  schema: z.object({ clientId: z.uuid(), outletId: z.uuid(), trigger: z.enum(AUTOMATION_TRIGGERS).optional() }),
  retryLimit: 5,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  policy: 'stately',
  async handler(ctx, data) {
    return { scheduled: await matchArrivals(ctx, data.clientId, data.outletId, data.trigger ?? 'new_review') };
  },
});

/** `automation.run`: one rule's actions on one review, at arrival + the rule's delay. */
export const automationRunJob = defineJob<{ clientId: string; outletId: string; runId: string }, AppContext>({
  name: 'automation.run',
  subject: 'Automation',
  schema: z.object({ clientId: z.uuid(), outletId: z.uuid(), runId: z.string().regex(/^\d{1,16}$/) }),
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  async handler(ctx, data) {
    const run = await repo.getRun(ctx.db, data.clientId, Number(data.runId));
    // A clock that runs behind the queue's (another process) must not act before the delay is over.
    if (run?.status === 'scheduled' && run.dueAt.getTime() > ctx.now().getTime()) {
      await ctx.jobs.send(automationRunJob, data, { singletonKey: `${data.runId}:late`, startAfterSeconds: Math.max(1, Math.ceil((run.dueAt.getTime() - ctx.now().getTime()) / 1000)) });
      return { status: 'not due yet' };
    }
    return executeRun(ctx, data.clientId, Number(data.runId));
  },
});

/**
 * Queues rule matching for an outlet whose reviews just changed (callers: the review syncs and
 * the feed webhook), or, with `new_message`, whose conversations got guest messages (the
 * Messenger/Instagram webhook). One queued match per outlet and trigger at a time.
 */
export async function queueAutomation(ctx: AppContext, clientId: string, outletId: string, trigger: TAutomationTrigger = 'new_review'): Promise<void> {
  await ctx.jobs.send(automationMatchJob, { clientId, outletId, ...(trigger === 'new_message' ? { trigger } : {}) }, { singletonKey: trigger === 'new_review' ? outletId : `${outletId}:${trigger}` });
  ctx.jobs.wake(automationMatchJob);
}

/** The reply window of a message's conversation now (`standard`: within 24 hours of the guest's last message). */
async function conversationWindow(ctx: AppContext, subject: repo.AutomationSubject): Promise<'standard' | 'human_agent' | 'closed'> {
  const last = await repo.lastGuestMessageAt(ctx.db, subject.conversationId!);
  return replyWindow(last, ctx.now()).state;
}

/** The inbox link of a message's conversation, for mails. */
function conversationLink(ctx: AppContext, subject: repo.AutomationSubject): string {
  const base = ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`;
  const channel = subject.source === 'instagram' ? 'instagram' : 'messenger';
  // The inbox keeps its selection in the URL (web features/inbox use-inbox-params.ts).
  return `${base}/apps/reviews_and_complaints/inbox?channel=${channel}&page=${encodeURIComponent(subject.accountId ?? '')}&conversation=${subject.conversationId}`;
}
