import { z } from 'zod';
import { ZCursor, ZIsoTime, ZPaging, ZRowId } from './common.ts';
import { CHANNELS } from './inbox.ts';
import { REVIEW_SOURCES, SENTIMENTS } from './reviews.ts';
import { TICKET_PRIORITIES } from './tickets.ts';

/**
 * Automation rules (docs/requirements/screen-contents.md#automation; docs/decisions/0028): a
 * trigger, conditions, actions and a delay, evaluated in the client's priority order on every
 * arriving review (`new_review`) or guest message of a Messenger or Instagram conversation
 * (`new_message`); the first rule of that trigger that matches handles it. Rules act on behalf
 * of the owner who saved them, with that owner's current access; an automatic reply passes the
 * reply check or becomes a draft waiting for approval.
 */

export const AUTOMATION_TRIGGERS = ['new_review', 'new_message'] as const;
export const ZAutomationTrigger = z.enum(AUTOMATION_TRIGGERS, { error: "trigger must be 'new_review' or 'new_message'" });
export type TAutomationTrigger = z.infer<typeof ZAutomationTrigger>;

/** Delay between a review's arrival and the actions (5 min to 24 h). */
export const AUTOMATION_DELAY_MIN_MINUTES = 5;
export const AUTOMATION_DELAY_MAX_MINUTES = 24 * 60;
/**
 * A `new_message` rule answers a conversation at most once in this many hours (whatever rule):
 * a guest writing three lines in a row gets one automatic answer, not three.
 */
export const AUTOMATION_MESSAGE_COOLDOWN_HOURS = 24;
/** What a subject came from: review sources (`new_review`), inbox channels (`new_message`). */
export const AUTOMATION_SOURCES = ['facebook', 'google', ...CHANNELS] as const;
export type TAutomationSource = (typeof AUTOMATION_SOURCES)[number];
/** Rules per client. */
export const AUTOMATION_RULES_MAX = 50;
/** How far back a dry run looks (the last 90 days of real reviews). */
export const AUTOMATION_DRY_RUN_DAYS = 90;
/** Matches a dry run lists one by one (all are counted). */
export const AUTOMATION_DRY_RUN_SAMPLE = 50;

const uuid = (name: string) => z.uuid({ error: `${name} must be an id` });
const ZRating = (name: string) => z.number({ error: `${name} must be a number` }).int(`${name} must be a whole number`).min(1, `${name} must be 1 to 5`).max(5, `${name} must be 1 to 5`);
const ZKeyword = z
  .string({ error: 'conditions.keywords[] must be text' })
  .trim()
  .min(2, 'conditions.keywords[] must be 2 to 40 characters')
  .max(40, 'conditions.keywords[] must be 2 to 40 characters')
  .regex(/^[^\p{Cc}]*$/u, 'conditions.keywords[] must not hold control characters');

/**
 * What a review or message must be for the rule to act; an absent condition matches every one.
 * Keywords match any of them, whole words, ignoring case and accents. `sources` and the rating
 * range are review conditions, `channels` a message one (checked against the trigger by
 * `triggerConditionIssue`).
 */
export const ZAutomationConditions = z
  .object({
    sources: z.array(z.enum(REVIEW_SOURCES, { error: "conditions.sources[] must be 'facebook' or 'google'" })).min(1, 'conditions.sources must name at least one source').max(REVIEW_SOURCES.length).optional(),
    channels: z.array(z.enum(CHANNELS, { error: "conditions.channels[] must be 'messenger' or 'instagram'" })).min(1, 'conditions.channels must name at least one channel').max(CHANNELS.length).optional(),
    ratingMin: ZRating('conditions.ratingMin').optional(),
    ratingMax: ZRating('conditions.ratingMax').optional(),
    /** true: only reviews (messages) with text; false: only rating-only reviews (attachment-only messages). */
    hasText: z.boolean({ error: 'conditions.hasText must be true or false' }).optional(),
    keywords: z.array(ZKeyword).min(1, 'conditions.keywords must hold at least one keyword').max(20, 'conditions.keywords must hold at most 20 keywords').optional(),
    outletIds: z.array(uuid('conditions.outletIds[]')).min(1, 'conditions.outletIds must name at least one outlet').max(200).optional(),
    sentiments: z.array(z.enum(SENTIMENTS, { error: "conditions.sentiments[] must be 'positive', 'neutral' or 'negative'" })).min(1, 'conditions.sentiments must name at least one sentiment').max(SENTIMENTS.length).optional(),
  })
  .strict()
  .refine((c) => c.ratingMin === undefined || c.ratingMax === undefined || c.ratingMin <= c.ratingMax, { message: 'conditions.ratingMin must not be above conditions.ratingMax', path: ['ratingMin'] });
export type TAutomationConditions = z.infer<typeof ZAutomationConditions>;

/**
 * The condition a trigger cannot read, as its field and a message naming it; null when the
 * conditions fit the trigger (a message has no stars and no review source; a review no channel).
 */
export function triggerConditionIssue(trigger: TAutomationTrigger, c: TAutomationConditions): { field: string; message: string } | null {
  if (trigger === 'new_message') {
    if (c.sources) return { field: 'sources', message: 'conditions.sources is a review condition: use conditions.channels for a new_message rule' };
    if (c.ratingMin !== undefined) return { field: 'ratingMin', message: 'conditions.ratingMin is a review condition: messages have no stars' };
    if (c.ratingMax !== undefined) return { field: 'ratingMax', message: 'conditions.ratingMax is a review condition: messages have no stars' };
  } else if (c.channels) return { field: 'channels', message: 'conditions.channels is a new_message condition: use conditions.sources for a new_review rule' };
  return null;
}

const ZTemplatePool = z.array(uuid('templateIds[]')).min(1, 'templateIds must name at least one reply template').max(10, 'templateIds must name at most 10 reply templates');

/**
 * What the rule does, in order:
 * - `reply`: posts a reply from the template pool (one template per review, picked evenly), or
 *   for a message sends it in the conversation; a reply the check warns about becomes a draft;
 * - `draft`: the same reply, waiting in the approval queue;
 * - `create_ticket`: a ticket for the review (the conversation) with the priority;
 * - `assign`: the ticket this rule created (else the review's or conversation's complaint) goes to the teammate;
 * - `notify`: mails the teammates about the review or message.
 */
export const ZAutomationAction = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('reply'), templateIds: ZTemplatePool }).strict(),
    z.object({ type: z.literal('draft'), templateIds: ZTemplatePool }).strict(),
    z.object({ type: z.literal('create_ticket'), priority: z.enum(TICKET_PRIORITIES, { error: "priority must be 'low', 'normal', 'high' or 'urgent'" }).default('normal') }).strict(),
    z.object({ type: z.literal('assign'), userId: uuid('userId') }).strict(),
    z.object({ type: z.literal('notify'), userIds: z.array(uuid('userIds[]')).min(1, 'userIds must name at least one teammate').max(20, 'userIds must name at most 20 teammates') }).strict(),
  ],
  { error: "actions[].type must be 'reply', 'draft', 'create_ticket', 'assign' or 'notify'" },
);
export type TAutomationAction = z.infer<typeof ZAutomationAction>;
export type TAutomationActionType = TAutomationAction['type'];

const ZActions = z
  .array(ZAutomationAction)
  .min(1, 'actions must hold at least one action')
  .max(5, 'actions must hold at most 5 actions')
  .refine((a) => new Set(a.map((x) => x.type)).size === a.length, { message: 'actions must not repeat an action type' })
  .refine((a) => !(a.some((x) => x.type === 'reply') && a.some((x) => x.type === 'draft')), { message: 'actions: a rule either replies or drafts, not both' });

const ZName = z
  .string({ error: 'name must be text' })
  .trim()
  .min(3, 'name must be 3 to 80 characters')
  .max(80, 'name must be 3 to 80 characters')
  .regex(/^[^\p{Cc}]*$/u, 'name must not hold control characters');

const ZAutomationDefinitionShape = z
  .object({
    trigger: ZAutomationTrigger.default('new_review'),
    conditions: ZAutomationConditions.default({}),
    actions: ZActions,
    delayMinutes: z
      .number({ error: 'delayMinutes must be a number' })
      .int('delayMinutes must be whole minutes')
      .min(AUTOMATION_DELAY_MIN_MINUTES, `delayMinutes must be ${AUTOMATION_DELAY_MIN_MINUTES} to ${AUTOMATION_DELAY_MAX_MINUTES}`)
      .max(AUTOMATION_DELAY_MAX_MINUTES, `delayMinutes must be ${AUTOMATION_DELAY_MIN_MINUTES} to ${AUTOMATION_DELAY_MAX_MINUTES}`)
      .default(AUTOMATION_DELAY_MIN_MINUTES),
  })
  .strict();

/** Conditions that the rule's trigger cannot read are refused, naming the condition. */
function refineTrigger(v: { trigger: TAutomationTrigger; conditions: TAutomationConditions }, ctx: z.RefinementCtx): void {
  const issue = triggerConditionIssue(v.trigger, v.conditions);
  if (issue) ctx.addIssue({ code: 'custom', message: issue.message, path: ['conditions', issue.field] });
}

/** A rule's definition, as saved and as dry-run. */
export const ZAutomationDefinition = ZAutomationDefinitionShape.superRefine(refineTrigger);
export type TAutomationDefinition = z.infer<typeof ZAutomationDefinition>;

export const ZAutomationRule = z.object({
  id: z.string(),
  name: z.string(),
  trigger: ZAutomationTrigger,
  conditions: ZAutomationConditions,
  actions: z.array(ZAutomationAction),
  delayMinutes: z.number().int(),
  /** 1 is evaluated first. */
  position: z.number().int(),
  enabled: z.boolean(),
  /** When it was last switched on: it acts on reviews written from then on. */
  enabledAt: ZIsoTime.nullable(),
  /** The owner it acts on behalf of. */
  owner: z.object({ id: z.string(), fullName: z.string() }).nullable(),
  createdAt: ZIsoTime,
  updatedAt: ZIsoTime,
  /** Reviews it has handled, and when it last did. */
  runCount: z.number().int(),
  lastRunAt: ZIsoTime.nullable(),
  /**
   * False when the owner it acts for was removed from the client or is no longer an owner: the
   * rule was switched off and stays flagged until an owner saves it, taking it over
   * (docs/decisions/0044).
   */
  ownerMayRun: z.boolean(),
});
export type TAutomationRule = z.infer<typeof ZAutomationRule>;

export const ZListAutomationRulesRequest = z.object({}).strict();
export const ZAutomationRulesResponse = z.object({ data: z.array(ZAutomationRule) });
export type TAutomationRulesResponse = z.infer<typeof ZAutomationRulesResponse>;

/** `POST /api/automation/rules/create`: a new rule, last in the order, switched off until enabled. */
export const ZCreateAutomationRuleRequest = ZAutomationDefinitionShape.extend({ name: ZName, enabled: z.boolean({ error: 'enabled must be true or false' }).default(false) })
  .strict()
  .superRefine(refineTrigger);
export type TCreateAutomationRuleRequest = z.input<typeof ZCreateAutomationRuleRequest>;

/**
 * `POST /api/automation/rules/update`: any part of the rule but its trigger; switching it on
 * takes effect for reviews (messages) written from now on.
 */
export const ZUpdateAutomationRuleRequest = z
  .object({
    ruleId: ZRowId('ruleId'),
    name: ZName.optional(),
    enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
    conditions: ZAutomationConditions.optional(),
    actions: ZActions.optional(),
    delayMinutes: ZAutomationDefinitionShape.shape.delayMinutes.unwrap().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).some((k) => k !== 'ruleId'), { message: 'give at least one change', path: ['ruleId'] });
export type TUpdateAutomationRuleRequest = z.input<typeof ZUpdateAutomationRuleRequest>;

export const ZDeleteAutomationRuleRequest = z.object({ ruleId: ZRowId('ruleId') }).strict();
export const ZDeleteAutomationRuleResponse = z.object({ deleted: z.literal(true) });

/** `POST /api/automation/rules/reorder`: every rule of the client, first to last. */
export const ZReorderAutomationRulesRequest = z
  .object({ ruleIds: z.array(ZRowId('ruleIds[]')).min(1, 'ruleIds must list the rules').max(AUTOMATION_RULES_MAX) })
  .strict()
  .refine((v) => new Set(v.ruleIds).size === v.ruleIds.length, { message: 'ruleIds must not repeat a rule', path: ['ruleIds'] });

/** What an action did, or would do, to one review or message. */
export const ZAutomationActionOutcome = z.object({
  type: z.enum(['reply', 'draft', 'create_ticket', 'assign', 'notify']),
  status: z.enum(['done', 'drafted', 'skipped', 'failed', 'would']),
  /** Plain words: the reply text, the ticket id, why it was skipped or failed. */
  detail: z.string(),
});
export type TAutomationActionOutcome = z.infer<typeof ZAutomationActionOutcome>;

/**
 * What a run, draft or dry-run match is about: a review (`reviewId`), or a guest message
 * (`messageId`) of a conversation (`conversationId`, on the page or Instagram account
 * `accountId`), whose guest is the `reviewerName`.
 */
const ZSubjectRef = z.object({
  kind: z.enum(['review', 'message']),
  reviewId: z.string().nullable(),
  conversationId: z.string().nullable(),
  messageId: z.string().nullable(),
  accountId: z.string().nullable(),
  source: z.enum(AUTOMATION_SOURCES),
  outletId: z.string(),
  outletName: z.string(),
  reviewerName: z.string(),
  rating: z.number().int().nullable(),
  text: z.string(),
  createdTime: ZIsoTime,
});

/**
 * `POST /api/automation/dry-run`: what a definition would have done over the 90 days up to the
 * newest review (guest message, for `new_message`) the caller sees (today while they keep coming).
 */
export const ZAutomationDryRunRequest = ZAutomationDefinition;
export const ZAutomationDryRunResponse = z.object({
  since: ZIsoTime,
  until: ZIsoTime,
  /** Reviews (guest messages) looked at, those the caller sees, and how many matched. */
  reviewed: z.number().int(),
  matched: z.number().int(),
  /** Matches per outlet. */
  byOutlet: z.array(z.object({ outletId: z.string(), outletName: z.string(), matched: z.number().int() })),
  /** The newest matches, with what each action would do (replies run through the reply check). */
  samples: z.array(ZSubjectRef.extend({ outcomes: z.array(ZAutomationActionOutcome) })),
});
export type TAutomationDryRunResponse = z.infer<typeof ZAutomationDryRunResponse>;

export const AUTOMATION_RUN_STATUSES = ['scheduled', 'done', 'skipped', 'failed'] as const;

/** `POST /api/automation/history`: what the rules did, newest first. */
export const ZAutomationHistoryRequest = z
  .object({
    ruleId: ZRowId('ruleId').optional(),
    cursor: ZCursor.optional(),
    limit: z.number({ error: 'limit must be a number' }).int().min(1).max(100).default(25),
  })
  .strict();
export const ZAutomationRun = ZSubjectRef.extend({
  id: z.string(),
  ruleId: z.string().nullable(),
  ruleName: z.string(),
  status: z.enum(AUTOMATION_RUN_STATUSES),
  matchedAt: ZIsoTime,
  dueAt: ZIsoTime,
  finishedAt: ZIsoTime.nullable(),
  outcomes: z.array(ZAutomationActionOutcome),
});
export type TAutomationRun = z.infer<typeof ZAutomationRun>;
export const ZAutomationHistoryResponse = z.object({ data: z.array(ZAutomationRun), paging: ZPaging });
export type TAutomationHistoryResponse = z.infer<typeof ZAutomationHistoryResponse>;

/**
 * `POST /api/automation/runs/run-now`: an owner runs a scheduled run at once instead of waiting
 * out the rule's delay (a guest who should hear back now). Answers the run as the history shows it.
 */
export const ZAutomationRunNowRequest = z.object({ runId: ZRowId('runId') }).strict();
export type TAutomationRunNowRequest = z.input<typeof ZAutomationRunNowRequest>;

export const AUTOMATION_DRAFT_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** `POST /api/automation/drafts/list`: the approval queue (pending first by default). */
export const ZAutomationDraftsRequest = z
  .object({
    status: z.enum(AUTOMATION_DRAFT_STATUSES, { error: "status must be 'pending', 'approved' or 'rejected'" }).default('pending'),
    cursor: ZCursor.optional(),
    limit: z.number({ error: 'limit must be a number' }).int().min(1).max(100).default(25),
  })
  .strict();
export const ZAutomationDraft = ZSubjectRef.extend({
  id: z.string(),
  ruleId: z.string().nullable(),
  ruleName: z.string(),
  text: z.string(),
  status: z.enum(AUTOMATION_DRAFT_STATUSES),
  /** Reply-check warning codes that made an automatic reply wait here (empty for drafts by design). */
  warnings: z.array(z.string()),
  createdAt: ZIsoTime,
  decidedAt: ZIsoTime.nullable(),
  decidedBy: z.string().nullable(),
});
export type TAutomationDraft = z.infer<typeof ZAutomationDraft>;
export const ZAutomationDraftsResponse = z.object({ data: z.array(ZAutomationDraft), paging: ZPaging, pendingCount: z.number().int() });
export type TAutomationDraftsResponse = z.infer<typeof ZAutomationDraftsResponse>;

/**
 * `POST /api/automation/drafts/decide`: approve (posts the reply, edited or not, through the
 * same reply path and check as the composer, as the approver) or reject.
 */
export const ZDecideAutomationDraftRequest = z
  .object({
    draftId: ZRowId('draftId'),
    decision: z.enum(['approve', 'reject'], { error: "decision must be 'approve' or 'reject'" }),
    text: z.string({ error: 'text must be text' }).trim().min(1, 'text must not be empty').max(8000, 'text must be at most 8000 characters').optional(),
    sendAnyway: z.boolean({ error: 'sendAnyway must be true or false' }).optional(),
  })
  .strict();
export type TDecideAutomationDraftRequest = z.input<typeof ZDecideAutomationDraftRequest>;
