/**
 * Words of the automation screen that depend on data, in the user's language:
 *
 * - {@link ruleSummary}: a rule in one line, as docs/requirements/screen-contents.md words it:
 *   "1–2★, Google, keywords: cold, late → Draft reply (2 templates) · Create ticket (high) after 15
 *   minutes". Outlets and teammates are named when the screen knows them (teammates are an owner's
 *   list), else counted.
 * - {@link delayText}: a delay in hours and minutes ("1 hour, 30 minutes"), by `Intl`.
 * - {@link outcomeDetail}: an action's outcome detail. The server words it in plain English
 *   (the reply text, "Ticket #12", why it was skipped) and it is shown as sent, like its error
 *   messages; a dry run's assign and notify details are user ids, named here.
 */
import type { TAutomationAction, TAutomationActionOutcome, TAutomationConditions, TAutomationTrigger } from '@dinedesk/contracts/automation';
import type { TFunction } from 'i18next';

export type AutomationT = TFunction<'automation'>;
export type AppT = TFunction;

/** What a summary may name: outlets (client details) and teammates (owners only). */
export interface Names {
  outlet: (id: string) => string | undefined;
  teammate: (id: string) => string | undefined;
}

/** `a, b or c` in the language (conditions of a set match any of its values). */
function anyOf(values: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { type: 'disjunction', style: 'long' }).format(values);
}

/** `a, b and c` in the language. */
function allOf(values: readonly string[], language: string): string {
  return new Intl.ListFormat(language, { type: 'conjunction', style: 'long' }).format(values);
}

/** "15 minutes", "4 hours", "1 hour, 30 minutes". */
export function delayText(minutes: number, language: string): string {
  const unit = (value: number, name: 'hour' | 'minute') => new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [...(hours ? [unit(hours, 'hour')] : []), ...(rest || !hours ? [unit(rest, 'minute')] : [])];
  return new Intl.ListFormat(language, { type: 'unit', style: 'long' }).format(parts);
}

function ratingText(c: TAutomationConditions, t: AutomationT): string | null {
  const { ratingMin: min, ratingMax: max } = c;
  if (min !== undefined && max !== undefined) return min === max ? t('summary.ratingExact', { rating: min }) : t('summary.ratingRange', { min, max });
  if (min !== undefined) return min === 5 ? t('summary.ratingExact', { rating: 5 }) : t('summary.ratingAtLeast', { rating: min });
  if (max !== undefined) return max === 1 ? t('summary.ratingExact', { rating: 1 }) : t('summary.ratingAtMost', { rating: max });
  return null;
}

/**
 * The conditions in a few words ("1–2★, Google, keywords: cold, late"); "Every new review"
 * ("Every new message" for a message rule) for none.
 */
export function conditionsText(c: TAutomationConditions, names: Names, language: string, t: AutomationT, appT: AppT, onMessages = false): string {
  const parts: string[] = [];
  const rating = ratingText(c, t);
  if (rating) parts.push(rating);
  if (c.sources) parts.push(anyOf(c.sources.map((s) => appT(`reviews.source.${s}`)), language));
  if (c.channels) parts.push(anyOf(c.channels.map((ch) => t(`channel.${ch}`)), language));
  if (c.hasText !== undefined) parts.push(c.hasText ? t('summary.withText') : t('summary.ratingOnly'));
  if (c.keywords) parts.push(t('summary.keywords', { keywords: c.keywords.join(', ') }));
  if (c.outletIds) {
    const named = c.outletIds.map(names.outlet);
    // Two names read well in a line; more become a count.
    if (c.outletIds.length <= 2 && named.every((n) => n !== undefined)) parts.push(t('summary.outlets', { outlets: anyOf(named as string[], language) }));
    else parts.push(t('summary.outletCount', { count: c.outletIds.length }));
  }
  if (c.sentiments) parts.push(t('summary.sentiment', { sentiments: anyOf(c.sentiments.map((s) => appT(`reviews.sentiment.${s}`).toLowerCase()), language) }));
  return parts.length ? parts.join(', ') : onMessages ? t('summary.anyMessage') : t('summary.anyReview');
}

/** One action in a few words ("Draft reply (2 templates)", "Assign to Vikram Shah"). */
export function actionText(action: TAutomationAction, names: Names, language: string, t: AutomationT): string {
  switch (action.type) {
    case 'reply':
      return t('summary.reply', { count: action.templateIds.length });
    case 'draft':
      return t('summary.draft', { count: action.templateIds.length });
    case 'create_ticket':
      return t('summary.createTicket', { priority: t(`priority.${action.priority}`) });
    case 'assign': {
      const name = names.teammate(action.userId);
      return name ? t('summary.assign', { name }) : t('summary.assignSomeone');
    }
    case 'notify': {
      const named = action.userIds.map(names.teammate);
      return named.every((n) => n !== undefined) && named.length <= 3 ? t('summary.notify', { names: allOf(named as string[], language) }) : t('summary.notifyCount', { count: action.userIds.length });
    }
  }
}

/** The whole rule in one line (module comment). */
export function ruleSummary(rule: { trigger?: TAutomationTrigger; conditions: TAutomationConditions; actions: readonly TAutomationAction[]; delayMinutes: number }, names: Names, language: string, t: AutomationT, appT: AppT): string {
  return t('summary.rule', {
    conditions: conditionsText(rule.conditions, names, language, t, appT, rule.trigger === 'new_message'),
    actions: rule.actions.map((a) => actionText(a, names, language, t)).join(' · '),
    delay: delayText(rule.delayMinutes, language),
  });
}

/**
 * An outcome's detail for people: the server's plain words, except a dry run's `would` of assign
 * and notify, which carries user ids (automation.service.ts `dryRun`) and is named here.
 */
export function outcomeDetail(outcome: TAutomationActionOutcome, names: Names, language: string): string {
  if (outcome.status === 'would' && (outcome.type === 'assign' || outcome.type === 'notify')) {
    const ids = outcome.detail.split(',').map((id) => id.trim()).filter(Boolean);
    const named = ids.map((id) => names.teammate(id));
    if (named.every((n) => n !== undefined)) return allOf(named as string[], language);
  }
  return outcome.detail;
}

/** The first `max` characters of a review's text, cut at a word, for lists. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
