/**
 * Query keys of the automation feature (docs/decisions/0028). Everything sits under
 * `['automation']`, so one prefix refetches the whole screen; the rules, drafts and history
 * families are apart so a change refetches only what it touches.
 */
import type { TAutomationDraft } from '@dinedesk/contracts/automation';

export type DraftStatus = TAutomationDraft['status'];

export const automationKeys = {
  all: ['automation'] as const,
  rules: () => [...automationKeys.all, 'rules'] as const,
  drafts: () => [...automationKeys.all, 'drafts'] as const,
  draftList: (status: DraftStatus) => [...automationKeys.drafts(), status] as const,
  history: () => [...automationKeys.all, 'history'] as const,
  templates: () => [...automationKeys.all, 'templates'] as const,
  teammates: () => [...automationKeys.all, 'teammates'] as const,
};
