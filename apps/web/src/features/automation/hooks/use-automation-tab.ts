/**
 * The screen's tab and the approval queue's status filter, kept in the URL
 * (docs/requirements/code-layout.md#list-state-lives-in-the-url): `?tab=rules|drafts|history`
 * (absent: rules) and `?status=pending|approved| rejected` (absent: pending, the contract's
 * default). Values the screen does not know are read as absent.
 */
import { AUTOMATION_DRAFT_STATUSES } from '@dinedesk/contracts/automation';
import { useCallback } from 'react';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';
import type { DraftStatus } from '../api/keys.ts';

export const AUTOMATION_TABS = ['rules', 'drafts', 'history'] as const;
export type AutomationTab = (typeof AUTOMATION_TABS)[number];

const isTab = (value: string | null): value is AutomationTab => (AUTOMATION_TABS as readonly (string | null)[]).includes(value);
const isStatus = (value: string | null): value is DraftStatus => (AUTOMATION_DRAFT_STATUSES as readonly (string | null)[]).includes(value);

export interface AutomationTabState {
  tab: AutomationTab;
  draftStatus: DraftStatus;
  setTab: (tab: AutomationTab) => void;
  setDraftStatus: (status: DraftStatus) => void;
}

export function useAutomationTab(): AutomationTabState {
  const [params, update] = useUrlParams();
  const tabParam = params.get('tab');
  const statusParam = params.get('status');
  const tab = isTab(tabParam) ? tabParam : 'rules';
  const draftStatus = isStatus(statusParam) ? statusParam : 'pending';
  // The defaults are left out of the URL, so the menu's link and "?tab=rules" are one screen.
  const setTab = useCallback((next: AutomationTab) => update((p) => applyParams(p, { tab: next === 'rules' ? null : next, status: null })), [update]);
  const setDraftStatus = useCallback((next: DraftStatus) => update((p) => applyParams(p, { status: next === 'pending' ? null : next })), [update]);
  return { tab, draftStatus, setTab, setDraftStatus };
}
