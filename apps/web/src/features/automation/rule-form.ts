/**
 * The rule editor's form (conditions, actions, delay) and its way to and
 * from the contract (docs/decisions/0028):
 *
 * - {@link RuleForm}: what the controlled fields hold. An "any" condition is its full set (every
 *   source ticked) or empty (no keyword, no outlet): either way it is left out of the request,
 *   which is how the contract says "every review". Unticking every box of a set is sent as an
 *   empty list, so the contract refuses it, naming the field.
 * - {@link toCreateRequest} / {@link toDefinition}: the request bodies (the dry run takes the
 *   definition without name or switch).
 * - {@link validateRule}: the contract's own schema (`ZCreateAutomationRuleRequest`, refines
 *   included) decides; its issues are sorted to the editor's fields ({@link FieldKey}) so each
 *   message sits under its field. The words are the screen's (rule-form-messages in the
 *   component), not the contract's English.
 */
import { CHANNELS, REVIEW_SOURCES, SENTIMENTS, type TChannel, type TTicketPriority } from '@dinedesk/contracts';
import {
  AUTOMATION_DELAY_MIN_MINUTES,
  ZCreateAutomationRuleRequest,
  type TAutomationAction,
  type TAutomationActionType,
  type TAutomationConditions,
  type TAutomationRule,
  type TAutomationTrigger,
  type TCreateAutomationRuleRequest,
} from '@dinedesk/contracts/automation';
import type { TDryRunRequest } from './api/dry-run.ts';

export type ReviewSource = (typeof REVIEW_SOURCES)[number];
export type Sentiment = (typeof SENTIMENTS)[number];
/** `any`: no condition; `with`: reviews with text; `without`: rating-only reviews. */
export type TextCondition = 'any' | 'with' | 'without';

export const ACTION_TYPES: readonly TAutomationActionType[] = ['reply', 'draft', 'create_ticket', 'assign', 'notify'];

/** Delays offered as one click (minutes): 5 min, 15 min, 1 h, 4 h, 24 h (5 min to 24 h). */
export const DELAY_PRESETS = [5, 15, 60, 240, 1440] as const;

/** One action as its fields hold it; only the fields of its `type` are sent. */
export interface FormAction {
  /** Stable React key while actions are added and removed. */
  key: number;
  type: TAutomationActionType;
  templateIds: string[];
  priority: TTicketPriority;
  userId: string;
  userIds: string[];
}

export interface RuleForm {
  name: string;
  /** What the rule acts on: new reviews or guest messages; fixed once the rule is saved. */
  trigger: TAutomationTrigger;
  /** Review rules: the sources; message rules: the inbox channels. */
  sources: ReviewSource[];
  channels: TChannel[];
  /** '' for any, else '1'…'5' (a native select's value). */
  ratingMin: string;
  ratingMax: string;
  text: TextCondition;
  keywords: string[];
  outletIds: string[];
  sentiments: Sentiment[];
  actions: FormAction[];
  /** The number field's text: the user may be half-way through typing it. */
  delayMinutes: string;
  /** New rules only: saved switched on (else off). */
  enableNow: boolean;
}

let nextKey = 1;

/** A new action of `type` with its fields empty (a ticket's priority: the contract's default). */
export function newAction(type: TAutomationActionType): FormAction {
  return { key: nextKey++, type, templateIds: [], priority: 'normal', userId: '', userIds: [] };
}

export function emptyForm(): RuleForm {
  return {
    name: '',
    trigger: 'new_review',
    sources: [...REVIEW_SOURCES],
    channels: [...CHANNELS],
    ratingMin: '',
    ratingMax: '',
    text: 'any',
    keywords: [],
    outletIds: [],
    sentiments: [...SENTIMENTS],
    actions: [],
    delayMinutes: String(AUTOMATION_DELAY_MIN_MINUTES),
    enableNow: false,
  };
}

function formAction(action: TAutomationAction): FormAction {
  const base = newAction(action.type);
  switch (action.type) {
    case 'reply':
    case 'draft':
      return { ...base, templateIds: [...action.templateIds] };
    case 'create_ticket':
      return { ...base, priority: action.priority };
    case 'assign':
      return { ...base, userId: action.userId };
    case 'notify':
      return { ...base, userIds: [...action.userIds] };
  }
}

/** The form of a saved rule, for editing it. */
export function formOfRule(rule: TAutomationRule): RuleForm {
  const c = rule.conditions;
  return {
    name: rule.name,
    trigger: rule.trigger,
    sources: c.sources ? [...c.sources] : [...REVIEW_SOURCES],
    channels: c.channels ? [...c.channels] : [...CHANNELS],
    ratingMin: c.ratingMin === undefined ? '' : String(c.ratingMin),
    ratingMax: c.ratingMax === undefined ? '' : String(c.ratingMax),
    text: c.hasText === undefined ? 'any' : c.hasText ? 'with' : 'without',
    keywords: [...(c.keywords ?? [])],
    outletIds: [...(c.outletIds ?? [])],
    sentiments: c.sentiments ? [...c.sentiments] : [...SENTIMENTS],
    actions: rule.actions.map(formAction),
    delayMinutes: String(rule.delayMinutes),
    enableNow: rule.enabled,
  };
}

/** A set condition: left out when every value is ticked ("any"); sent as is otherwise, even empty. */
function partial<T extends string>(picked: readonly T[], all: readonly T[]): T[] | undefined {
  return all.every((value) => picked.includes(value)) ? undefined : all.filter((value) => picked.includes(value));
}

/**
 * The input's conditions (z.input: the contract parses and checks them). Only the trigger's own
 * conditions are sent: a message rule has channels, no sources or stars.
 */
export function toConditions(form: RuleForm): TAutomationConditions {
  const conditions: TAutomationConditions = {};
  if (form.trigger === 'new_message') {
    const channels = partial(form.channels, CHANNELS);
    if (channels) conditions.channels = channels;
  } else {
    const sources = partial(form.sources, REVIEW_SOURCES);
    if (sources) conditions.sources = sources;
    if (form.ratingMin) conditions.ratingMin = Number(form.ratingMin);
    if (form.ratingMax) conditions.ratingMax = Number(form.ratingMax);
  }
  if (form.text !== 'any') conditions.hasText = form.text === 'with';
  if (form.keywords.length) conditions.keywords = [...form.keywords];
  if (form.outletIds.length) conditions.outletIds = [...form.outletIds];
  const sentiments = partial(form.sentiments, SENTIMENTS);
  if (sentiments) conditions.sentiments = sentiments;
  return conditions;
}

function toAction(action: FormAction): TAutomationAction {
  switch (action.type) {
    case 'reply':
    case 'draft':
      return { type: action.type, templateIds: [...action.templateIds] };
    case 'create_ticket':
      return { type: 'create_ticket', priority: action.priority };
    case 'assign':
      return { type: 'assign', userId: action.userId };
    case 'notify':
      return { type: 'notify', userIds: [...action.userIds] };
  }
}

/** The delay as a number; text that is not one becomes NaN, which the contract refuses. */
function delayOf(form: RuleForm): number {
  const text = form.delayMinutes.trim();
  return text === '' ? Number.NaN : Number(text);
}

/** The definition of the form: what a dry run is asked about, and what a rule saves. */
export function toDefinition(form: RuleForm): TDryRunRequest {
  return { trigger: form.trigger, conditions: toConditions(form), actions: form.actions.map(toAction), delayMinutes: delayOf(form) };
}

/** `rules/create`'s body: the definition, the name and the switch. */
export function toCreateRequest(form: RuleForm): TCreateAutomationRuleRequest {
  return { ...toDefinition(form), name: form.name, enabled: form.enableNow };
}

/** Where an issue is shown: a field of the editor, or the action at an index. */
export type FieldKey = 'name' | 'sources' | 'channels' | 'rating' | 'keywords' | 'outlets' | 'sentiments' | 'actions' | 'delay' | `action.${number}`;

/** The editor field of a contract path (`['conditions', 'keywords', 0]` → `keywords`); null when none fits. */
export function fieldOfPath(path: readonly PropertyKey[]): FieldKey | null {
  const [head, second] = path;
  if (head === 'name') return 'name';
  if (head === 'delayMinutes') return 'delay';
  if (head === 'conditions') {
    if (second === 'sources') return 'sources';
    if (second === 'channels') return 'channels';
    if (second === 'ratingMin' || second === 'ratingMax') return 'rating';
    if (second === 'keywords') return 'keywords';
    if (second === 'outletIds') return 'outlets';
    if (second === 'sentiments') return 'sentiments';
    return null;
  }
  if (head === 'actions') return typeof second === 'number' ? `action.${second}` : 'actions';
  return null;
}

/** The editor field a server refusal names (`body.conditions.outletIds`), else null. */
export function fieldOfServerField(field: string | undefined): FieldKey | null {
  if (!field?.startsWith('body.')) return null;
  const path = field.slice('body.'.length).split('.');
  // The server names an action's field without its index (`body.actions.templateIds`).
  if (path[0] === 'actions') return 'actions';
  return fieldOfPath(path);
}

/** One contract issue of the form, at its field. */
export interface FormIssue {
  field: FieldKey | null;
  /** The contract's own words, the fallback for an issue the screen has no words for. */
  message: string;
}

/**
 * The contract's verdict on the form as a new rule (the dry run checks the same definition).
 * @returns the issues, first per field; empty when the form is valid
 */
export function validateRule(form: RuleForm): FormIssue[] {
  const parsed = ZCreateAutomationRuleRequest.safeParse(toCreateRequest(form));
  if (parsed.success) return [];
  const seen = new Set<FieldKey | null>();
  const issues: FormIssue[] = [];
  for (const issue of parsed.error.issues) {
    const field = fieldOfPath(issue.path);
    if (seen.has(field)) continue;
    seen.add(field);
    issues.push({ field, message: issue.message });
  }
  return issues;
}
