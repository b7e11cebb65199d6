import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, ZErrorResponse } from '@dinedesk/contracts';
import { ZAutomationDraft, ZAutomationDraftsRequest, ZAutomationDraftsResponse, ZAutomationDryRunRequest, ZAutomationDryRunResponse, ZAutomationHistoryRequest, ZAutomationHistoryResponse, ZAutomationRule, ZAutomationRun, ZAutomationRulesResponse, ZAutomationRunNowRequest, ZCreateAutomationRuleRequest, ZDecideAutomationDraftRequest, ZDeleteAutomationRuleRequest, ZDeleteAutomationRuleResponse, ZListAutomationRulesRequest, ZReorderAutomationRulesRequest, ZUpdateAutomationRuleRequest } from '@dinedesk/contracts/automation';
import { createRule, decideDraft, deleteRule, dryRun, history, listDrafts, listRules, reorderRules, runNow, updateRule } from './automation.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['automation'];
const READ = { need: { action: 'read', subject: 'Automation', scope: 'client' } } as const;
const MANAGE = { need: { action: 'manage', subject: 'Automation', scope: 'client' } } as const;

/**
 * Automation rules (DineDesk's own calls, docs/decisions/0028). Every role of the
 * reviews module reads the rules, their history and the drafts of the outlets it sees; owners
 * (`manage Automation`) write rules, dry-run them and work the approval queue.
 */
export async function automationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(API.automationRules, { config: READ, schema: { tags, summary: 'The client’s automation rules, in the order they are tried', security, body: ZListAutomationRulesRequest, response: { 200: ZAutomationRulesResponse, ...errors } } }, async (req) => listRules(app.ctx, req.auth));

  r.post(
    API.automationRuleCreate,
    { config: MANAGE, schema: { tags, summary: 'Save a new rule, last in the order (off unless `enabled`)', description: 'The rule acts on behalf of the owner who saved it, on reviews written after it was switched on.', security, body: ZCreateAutomationRuleRequest, response: { 200: ZAutomationRule, ...errors } } },
    async (req) => createRule(app.ctx, req.auth, req.body),
  );

  r.post(
    API.automationRuleUpdate,
    { config: MANAGE, schema: { tags, summary: 'Change a rule, or switch it on or off', security, body: ZUpdateAutomationRuleRequest, response: { 200: ZAutomationRule, ...errors } } },
    async (req) => updateRule(app.ctx, req.auth, req.body),
  );

  r.post(API.automationRuleDelete, { config: MANAGE, schema: { tags, summary: 'Delete a rule (its history stays)', security, body: ZDeleteAutomationRuleRequest, response: { 200: ZDeleteAutomationRuleResponse, ...errors } } }, async (req) => deleteRule(app.ctx, req.auth, req.body.ruleId));

  r.post(API.automationRulesReorder, { config: MANAGE, schema: { tags, summary: 'Put the client’s rules in a new order (every rule once)', security, body: ZReorderAutomationRulesRequest, response: { 200: ZAutomationRulesResponse, ...errors } } }, async (req) => reorderRules(app.ctx, req.auth, req.body.ruleIds));

  r.post(
    API.automationDryRun,
    { config: MANAGE, schema: { tags, summary: 'What a rule would have done over the last 90 days (writes nothing)', security, body: ZAutomationDryRunRequest, response: { 200: ZAutomationDryRunResponse, ...errors } } },
    async (req) => dryRun(app.ctx, req.auth, req.body),
  );

  r.post(API.automationHistory, { config: READ, schema: { tags, summary: 'What the rules did, newest first', security, body: ZAutomationHistoryRequest, response: { 200: ZAutomationHistoryResponse, ...errors } } }, async (req) => history(app.ctx, req.auth, req.body));

  r.post(
    API.automationRunNow,
    { config: MANAGE, schema: { tags, summary: 'Run a scheduled run now instead of at its due time', description: 'Moves the run’s queued job to now; the run then acts as it would have at its due time.', security, body: ZAutomationRunNowRequest, response: { 200: ZAutomationRun, ...errors } } },
    async (req) => runNow(app.ctx, req.auth, req.body.runId),
  );

  r.post(API.automationDrafts, { config: READ, schema: { tags, summary: 'Replies waiting for approval (or approved, rejected)', security, body: ZAutomationDraftsRequest, response: { 200: ZAutomationDraftsResponse, ...errors } } }, async (req) => listDrafts(app.ctx, req.auth, req.body));

  r.post(
    API.automationDraftDecide,
    {
      config: MANAGE,
      schema: { tags, summary: 'Approve a draft (posts it, edited or not, through the reply check) or reject it', security, body: ZDecideAutomationDraftRequest, response: { 200: ZAutomationDraft, 422: ZErrorResponse, ...errors } },
    },
    async (req) => decideDraft(app.ctx, req.auth, req.body),
  );
}
