/**
 * Automation screen (/apps/reviews_and_complaints/automation;
 * docs/requirements/screen-contents.md#automation, docs/decisions/0028): rules that act on new
 * reviews or guest messages — a trigger, conditions, actions from a template pool to tickets and
 * mails, a delay, a priority order — with their history, the approval queue of drafted replies, and
 * a dry run against past reviews.
 *
 * - Tabs Rules / Approval queue (badge: drafts waiting) / History; the tab is `?tab=` in the
 *   URL, the queue's filter `?status=` (hooks/use-automation-tab.ts).
 * - Every role of the reviews module reads (`read Automation`); owners (`manage Automation`)
 *   create, edit, switch, reorder and delete rules, dry-run them and decide drafts. The server
 *   checks every call; the screen only leaves out what the user may not do.
 *
 * A lazy route of its own (app/product-area.tsx), its schemas from the contracts' own entry
 * `@dinedesk/contracts/automation`: nothing here is in the Reviews screen's first paint
 * (docs/requirements/quality-goals.md ≤ 250 KiB gzip).
 */
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useAbility } from '@casl/react';
import type { TAutomationRule } from '@dinedesk/contracts/automation';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { srOnly } from '../../../components/sr-only.ts';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { draftsInfiniteQueryOptions } from '../api/get-drafts.ts';
import { AUTOMATION_TABS, useAutomationTab } from '../hooks/use-automation-tab.ts';
import { useNames } from '../hooks/use-names.ts';
import { DraftsTab } from './drafts-tab.tsx';
import { HistoryTab } from './history-tab.tsx';
import { RuleEditorDialog } from './rule-editor-dialog.tsx';
import { RulesTab } from './rules-tab.tsx';

/** The editor: closed, a new rule, or a rule being edited. */
type Editor = { kind: 'closed' } | { kind: 'new' } | { kind: 'edit'; rule: TAutomationRule };

export function AutomationPage() {
  const { t } = useTranslation('automation');
  const ability = useAbility<AppAbility>();
  const mayManage = ability.can('manage', SUBJECTS.automation);
  const { tab, draftStatus, setTab, setDraftStatus } = useAutomationTab();
  const names = useNames();
  const [editor, setEditor] = useState<Editor>({ kind: 'closed' });
  // The badge: the queue's length comes with every drafts page; the pending list is the one the
  // queue opens on, so this is the same request (and cache) as the tab's.
  const pending = useInfiniteQuery(draftsInfiniteQueryOptions('pending'));
  const pendingCount = pending.data?.pages[0]?.pendingCount ?? 0;

  const onEdit = useCallback((rule: TAutomationRule) => setEditor({ kind: 'edit', rule }), []);
  const closeEditor = useCallback(() => setEditor({ kind: 'closed' }), []);

  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        {mayManage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditor({ kind: 'new' })} data-testid="automation-new-rule">
            {t('newRule')}
          </Button>
        )}
      </PageHeader>

      <Tabs value={tab} onChange={(_event, next: (typeof AUTOMATION_TABS)[number]) => setTab(next)} aria-label={t('tabs.label')} variant="scrollable" allowScrollButtonsMobile sx={{ borderBottom: 1, borderColor: 'divider' }}>
        {AUTOMATION_TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            id={`automation-tab-${value}`}
            aria-controls="automation-panel"
            data-testid={`automation-tab-${value}`}
            label={
              value === 'drafts' ? (
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                  {t('tabs.drafts')}
                  {pendingCount > 0 && (
                    <>
                      <Box component="span" aria-hidden data-testid="automation-pending-count" sx={{ px: 0.75, borderRadius: 1, bgcolor: 'warning.main', color: 'warning.contrastText', fontSize: 12, minWidth: 20 }}>
                        {pendingCount}
                      </Box>
                      {/* The number alone means nothing when read out: the tab's name says what it counts. */}
                      <Box component="span" sx={srOnly}>
                        {t('tabs.pending', { count: pendingCount })}
                      </Box>
                    </>
                  )}
                </Box>
              ) : (
                t(`tabs.${value}`)
              )
            }
          />
        ))}
      </Tabs>

      <Box role="tabpanel" id="automation-panel" aria-labelledby={`automation-tab-${tab}`}>
        {tab === 'rules' && <RulesTab mayManage={mayManage} names={names.names} onEdit={onEdit} />}
        {tab === 'drafts' && <DraftsTab mayManage={mayManage} status={draftStatus} onStatusChange={setDraftStatus} />}
        {tab === 'history' && <HistoryTab names={names.names} mayManage={mayManage} />}
      </Box>

      {mayManage && editor.kind !== 'closed' && (
        <RuleEditorDialog key={editor.kind === 'edit' ? editor.rule.id : 'new'} rule={editor.kind === 'edit' ? editor.rule : undefined} names={names} onClose={closeEditor} onSaved={closeEditor} />
      )}
    </Stack>
  );
}

export default AutomationPage;
