/**
 * The Rules tab: the client's rules in the order they are tried,
 * with loading, empty and error states. Owners switch rules on and off (`rules/update
 * {enabled}`), move them (`rules/reorder` with every id, as the server requires), edit and
 * delete them; a failed change is shown above the list and the list is what the server holds.
 */
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TAutomationRule } from '@dinedesk/contracts/automation';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useRules } from '../api/get-rules.ts';
import { useReorderRules } from '../api/reorder-rules.ts';
import { useUpdateRule } from '../api/update-rule.ts';
import type { Names } from '../format.ts';
import { DeleteRuleDialog } from './delete-rule-dialog.tsx';
import { RuleCard } from './rule-card.tsx';

/** Height in px of a rule card (name, summary, facts, buttons), what the loading rows stand for. */
const ROW_HEIGHT = 150;

export interface RulesTabProps {
  mayManage: boolean;
  names: Names;
  onEdit: (rule: TAutomationRule) => void;
}

export function RulesTab({ mayManage, names, onEdit }: RulesTabProps) {
  const { t } = useTranslation('automation');
  const { t: appT } = useTranslation();
  const query = useRules();
  const rules = useMemo(() => query.data ?? [], [query.data]);
  const update = useUpdateRule();
  const reorder = useReorderRules();
  const [deleting, setDeleting] = useState<TAutomationRule | null>(null);
  const failure = update.error ?? reorder.error;

  const { mutate: mutateUpdate } = update;
  const { mutate: mutateReorder } = reorder;
  const onToggle = useCallback((rule: TAutomationRule, enabled: boolean) => mutateUpdate({ ruleId: rule.id, enabled }), [mutateUpdate]);
  const onMove = useCallback(
    (rule: TAutomationRule, by: -1 | 1) => {
      const ids = rules.map((r) => r.id);
      const from = ids.indexOf(rule.id);
      const to = from + by;
      if (from < 0 || to < 0 || to >= ids.length) return;
      [ids[from], ids[to]] = [ids[to]!, ids[from]!];
      mutateReorder(ids);
    },
    [rules, mutateReorder],
  );
  const controls = useMemo(
    () => (mayManage ? { busy: update.isPending || reorder.isPending, onToggle, onMove, onEdit, onDelete: setDeleting } : undefined),
    [mayManage, update.isPending, reorder.isPending, onToggle, onMove, onEdit],
  );

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('rules.order')} {!mayManage && t('rules.readOnly')}
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" onClose={() => (update.isError ? update.reset() : reorder.reset())}>
          {describeError(failure, appT)}
        </Alert>
      )}
      <ListState
        query={query}
        isEmpty={rules.length === 0}
        skeleton={{ rows: 3, rowHeight: ROW_HEIGHT }}
        empty={<ListEmpty testId="automation-rules-empty" title={t('rules.empty.title')} description={mayManage ? t('rules.empty.owner') : t('rules.empty.reader')} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }} />}
      >
        <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }} aria-label={t('rules.label')} data-testid="automation-rules">
          {rules.map((rule, index) => (
            <RuleCard key={rule.id} rule={rule} place={index + 1} count={rules.length} names={names} controls={controls} />
          ))}
        </Stack>
      </ListState>
      {deleting && <DeleteRuleDialog rule={deleting} onClose={() => setDeleting(null)} />}
    </Stack>
  );
}
