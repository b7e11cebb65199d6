/**
 * An in-memory stand-in for the automation API (and what the screen asks beside it: client
 * details, client users, reply templates) for the screen's tests. Rules keep their order and
 * switches as the server does (automation.service.ts), drafts move between statuses when decided
 * (a second decision is a 409), and an approval may be refused by the reply check (a 422
 * `reply_check` with warnings) until it is sent anyway. Every request and answer goes through the
 * contract handlers (testing/contract-handlers.ts), so the tests cannot drift from the contract.
 */
import { ZClientUser, ZReplyTemplate, type TClientUser, type TReplyTemplate } from '@dinedesk/contracts';
import {
  ZAutomationDraft,
  ZAutomationDryRunResponse,
  ZAutomationRule,
  ZAutomationRun,
  type TAutomationDraft,
  type TAutomationDryRunResponse,
  type TAutomationRule,
  type TAutomationRun,
} from '@dinedesk/contracts/automation';
import { mockApi, type ApiMock } from '../../../testing/api-server.ts';
import { handle, reply } from '../../../testing/contract-handlers.ts';
import { userDataFixture } from '../../../testing/fixtures.ts';

export const ME = { id: '6f1d0c1e-0000-4000-8000-000000000001', fullName: 'Asha Rao' };
export const AGENT = { id: '6f1d0c1e-0000-4000-8000-000000000002', fullName: 'Vikram Shah' };
export const VIEWER = { id: '6f1d0c1e-0000-4000-8000-000000000003', fullName: 'Lata Menon' };

export const PARADISE_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-000000000001';
export const BAWARCHI_OUTLET = '0b7e5d3c-1a2b-4c3d-8e4f-000000000002';

export const TEMPLATE_SORRY = '7a0c6c52-0000-4000-8000-0000000000a1';
export const TEMPLATE_CALL = '7a0c6c52-0000-4000-8000-0000000000a2';

const HOUR = 3_600_000;
export const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const member = (person: { id: string; fullName: string }, role: TClientUser['role']): TClientUser =>
  ZClientUser.parse({ ...person, email: `${person.fullName.split(' ')[0]!.toLowerCase()}@spiceroute.example`, role, active: true, access: { brandIds: [], outletIds: [], modules: ['reviews_and_complaints'] } });
export const CLIENT_USERS: TClientUser[] = [member(ME, 'client_owner'), member(AGENT, 'agent'), member(VIEWER, 'viewer')];

const template = (id: string, name: string, body: string): TReplyTemplate => ZReplyTemplate.parse({ id, name, body, updatedAt: hoursFromNow(-100), updatedByName: ME.fullName });
export const TEMPLATES: TReplyTemplate[] = [
  template(TEMPLATE_SORRY, 'Sorry about the wait', 'Dear {reviewer_first_name}, we are sorry about the wait at {outlet}.'),
  template(TEMPLATE_CALL, 'We will call you', 'Dear {reviewer_first_name}, our manager at {outlet} will call you today.'),
];

/** A rule, by default switched on: 1–2★ Google reviews with "cold" or "late", drafted and ticketed after 15 min. */
export function ruleFixture(overrides: Partial<TAutomationRule> = {}): TAutomationRule {
  return ZAutomationRule.parse({
    id: '11',
    name: 'Unhappy Google guests',
    trigger: 'new_review',
    conditions: { sources: ['google'], ratingMin: 1, ratingMax: 2, keywords: ['cold', 'late'] },
    actions: [
      { type: 'draft', templateIds: [TEMPLATE_SORRY, TEMPLATE_CALL] },
      { type: 'create_ticket', priority: 'high' },
    ],
    delayMinutes: 15,
    position: 1,
    enabled: true,
    enabledAt: hoursFromNow(-48),
    owner: ME,
    createdAt: hoursFromNow(-72),
    updatedAt: hoursFromNow(-48),
    runCount: 12,
    lastRunAt: hoursFromNow(-3),
    ownerMayRun: true,
    ...overrides,
  });
}

const reviewRef = {
  kind: 'review',
  reviewId: '700001',
  conversationId: null,
  messageId: null,
  accountId: null,
  source: 'google',
  outletId: PARADISE_OUTLET,
  outletName: 'Paradise, Gachibowli',
  reviewerName: 'Meena Iyer',
  rating: 1,
  text: 'The biryani was cold and the delivery was very late.',
  createdTime: hoursFromNow(-5),
} as const;

/** A guest's Messenger message as a run's or draft's subject (`new_message` rules). */
export const messageRef = {
  kind: 'message',
  reviewId: null,
  conversationId: '4401',
  messageId: '88001',
  accountId: '1000000001',
  source: 'messenger',
  outletId: PARADISE_OUTLET,
  outletName: 'Paradise, Gachibowli',
  reviewerName: 'Ravi Kumar',
  rating: null,
  text: 'Is there parking nearby?',
  createdTime: hoursFromNow(-2),
} as const;

export function draftFixture(overrides: Partial<TAutomationDraft> = {}): TAutomationDraft {
  return ZAutomationDraft.parse({
    ...reviewRef,
    id: '301',
    ruleId: '11',
    ruleName: 'Unhappy Google guests',
    text: 'Dear Meena, we are sorry about the wait at Paradise, Gachibowli.',
    status: 'pending',
    warnings: [],
    createdAt: hoursFromNow(-4),
    decidedAt: null,
    decidedBy: null,
    ...overrides,
  });
}

export function runFixture(overrides: Partial<TAutomationRun> = {}): TAutomationRun {
  return ZAutomationRun.parse({
    ...reviewRef,
    id: '501',
    ruleId: '11',
    ruleName: 'Unhappy Google guests',
    status: 'done',
    matchedAt: hoursFromNow(-5),
    dueAt: hoursFromNow(-4.75),
    finishedAt: hoursFromNow(-4.75),
    outcomes: [],
    ...overrides,
  });
}

export function dryRunFixture(overrides: Partial<TAutomationDryRunResponse> = {}): TAutomationDryRunResponse {
  return ZAutomationDryRunResponse.parse({
    since: '2025-01-01T00:00:00.000Z',
    until: '2025-03-31T00:00:00.000Z',
    reviewed: 120,
    matched: 3,
    byOutlet: [
      { outletId: PARADISE_OUTLET, outletName: 'Paradise, Gachibowli', matched: 2 },
      { outletId: BAWARCHI_OUTLET, outletName: 'Bawarchi, RTC X Roads', matched: 1 },
    ],
    samples: [
      {
        ...reviewRef,
        createdTime: '2025-03-30T12:00:00.000Z',
        outcomes: [{ type: 'draft', status: 'would', detail: 'Dear Meena, we are sorry about the wait at Paradise, Gachibowli.' }],
      },
    ],
    ...overrides,
  });
}

export interface AutomationBackendData {
  rules: TAutomationRule[];
  drafts: TAutomationDraft[];
  runs: TAutomationRun[];
  dryRun: TAutomationDryRunResponse;
  /** Warning codes the reply check finds in an approval that is not sent anyway (none: it passes). */
  replyCheck: string[];
}

export interface AutomationBackend extends ApiMock {
  data: AutomationBackendData;
}

const WARNING_WORDS: Record<string, string> = {
  repeats_recent: 'It repeats one of this outlet’s last 20 replies almost word for word.',
  contact_details: 'It contains a phone number, an email address or a link.',
  no_substance: 'It says nothing about what the guest wrote.',
};

/** Installs the fake API over `initial` for the running test. */
export function automationBackend(initial: Partial<AutomationBackendData> = {}): AutomationBackend {
  const data: AutomationBackendData = { rules: [ruleFixture()], drafts: [], runs: [], dryRun: dryRunFixture(), replyCheck: [], ...initial };
  let nextId = 900;
  const ordered = () => ({ data: [...data.rules].sort((a, b) => a.position - b.position) });
  const notFound = (what: string, id: string, field: string) => reply.error(404, { message: `${what} ${id} not found`, field });
  const page = <T>(rows: T[], cursor: string | undefined, limit: number) => {
    const offset = Number(cursor ?? 0);
    return { data: rows.slice(offset, offset + limit), paging: { nextCursor: offset + limit < rows.length ? String(offset + limit) : null } };
  };

  const mock = mockApi(
    handle.clientDetails(() => ({
      message: 'OK',
      client: {
        id: 'c-1',
        key: 'spice-route',
        name: 'Spice Route Hospitality',
        brands: [
          { id: 'b-1', name: 'Paradise', outlets: [{ id: PARADISE_OUTLET, name: 'Paradise, Gachibowli', city: 'Hyderabad' }] },
          { id: 'b-2', name: 'Bawarchi', outlets: [{ id: BAWARCHI_OUTLET, name: 'Bawarchi, RTC X Roads', city: 'Hyderabad' }] },
        ],
      },
      userData: userDataFixture({ id: ME.id, fullName: ME.fullName }),
    })),
    handle.clientUsers(() => ({ data: CLIENT_USERS })),
    handle.replyTemplates(() => ({ data: TEMPLATES })),
    handle.automationRules(() => ordered()),
    handle.automationRuleCreate(({ body }) => {
      const at = new Date().toISOString();
      const rule = ruleFixture({
        ...body,
        id: String(nextId++),
        position: data.rules.length + 1,
        enabledAt: body.enabled ? at : null,
        owner: ME,
        createdAt: at,
        updatedAt: at,
        runCount: 0,
        lastRunAt: null,
      });
      data.rules = [...data.rules, rule];
      return rule;
    }),
    handle.automationRuleUpdate(({ body }) => {
      const current = data.rules.find((r) => r.id === body.ruleId);
      if (!current) return notFound('Rule', body.ruleId, 'body.ruleId');
      const { ruleId: _ruleId, ...changes } = body;
      const at = new Date().toISOString();
      const next = ruleFixture({ ...current, ...changes, ...(body.enabled && !current.enabled ? { enabledAt: at } : {}), owner: ME, ownerMayRun: true, updatedAt: at });
      data.rules = data.rules.map((r) => (r.id === next.id ? next : r));
      return next;
    }),
    handle.automationRuleDelete(({ body }) => {
      if (!data.rules.some((r) => r.id === body.ruleId)) return notFound('Rule', body.ruleId, 'body.ruleId');
      data.rules = data.rules.filter((r) => r.id !== body.ruleId).map((r, i) => ({ ...r, position: i + 1 }));
      return { deleted: true as const };
    }),
    handle.automationRulesReorder(({ body }) => {
      if (body.ruleIds.length !== data.rules.length) return reply.error(400, { message: `ruleIds must list every rule of this client once (${data.rules.length} rules)`, field: 'body.ruleIds' });
      data.rules = data.rules.map((r) => ({ ...r, position: body.ruleIds.indexOf(r.id) + 1 }));
      return ordered();
    }),
    handle.automationDryRun(() => data.dryRun),
    handle.automationHistory(({ body }) => page(data.runs, body.cursor, body.limit)),
    // The server moves the queued job to now; the queue then runs it. Here the run is due now and
    // a test finishes it (`data.runs = …`) as the queue would.
    handle.automationRunNow(({ body }) => {
      const run = data.runs.find((r) => r.id === body.runId);
      if (!run) return notFound('Run', body.runId, 'body.runId');
      if (run.status !== 'scheduled') return reply.error(409, { message: `This run is ${run.status} already`, field: 'body.runId' });
      const due = { ...run, dueAt: new Date().toISOString() };
      data.runs = data.runs.map((r) => (r.id === run.id ? due : r));
      return due;
    }),
    handle.automationDrafts(({ body }) => ({
      ...page(
        data.drafts.filter((d) => d.status === body.status),
        body.cursor,
        body.limit,
      ),
      pendingCount: data.drafts.filter((d) => d.status === 'pending').length,
    })),
    handle.automationDraftDecide(({ body }) => {
      const draft = data.drafts.find((d) => d.id === body.draftId);
      if (!draft) return notFound('Draft', body.draftId, 'body.draftId');
      if (draft.status !== 'pending') return reply.error(409, { message: `This draft was ${draft.status} already`, field: 'body.draftId' });
      if (body.decision === 'approve' && data.replyCheck.length && !body.sendAnyway) {
        const warnings = data.replyCheck.map((code) => ({ code, message: WARNING_WORDS[code] ?? code }));
        return reply.error(422, { message: `Check this reply before it goes out: ${warnings.map((w) => w.message).join(' ')}`, code: 'reply_check', field: 'body.message', warnings });
      }
      const decided = draftFixture({ ...draft, text: body.text ?? draft.text, status: body.decision === 'approve' ? 'approved' : 'rejected', decidedAt: new Date().toISOString(), decidedBy: ME.fullName });
      data.drafts = data.drafts.map((d) => (d.id === decided.id ? decided : d));
      return decided;
    }),
  );
  return Object.assign(mock, { data });
}
