/**
 * One rule of the list: its place in the order, name, on/off, the one-line summary, who it acts
 * for, how many reviews it handled and when it last ran; a warning when the owner it acted for
 * was removed or demoted, so DineDesk switched it off (docs/decisions/0044). Owners (`manage Automation`) get the
 * switch, move up / down, Edit and Delete; everyone else reads the same facts with the state in
 * words (other roles see rules read-only).
 */
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { TAutomationRule } from '@dinedesk/contracts/automation';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { ruleSummary, type Names } from '../format.ts';

export interface RuleCardProps {
  rule: TAutomationRule;
  /** 1-based place in the list as shown. */
  place: number;
  count: number;
  names: Names;
  /** Owners' controls; absent for read-only roles. */
  controls?: {
    busy: boolean;
    onToggle: (rule: TAutomationRule, enabled: boolean) => void;
    onMove: (rule: TAutomationRule, by: -1 | 1) => void;
    onEdit: (rule: TAutomationRule) => void;
    onDelete: (rule: TAutomationRule) => void;
  };
}

export const RuleCard = memo(function RuleCard({ rule, place, count, names, controls }: RuleCardProps) {
  const { t, i18n } = useTranslation('automation');
  const { t: appT } = useTranslation();
  const summary = ruleSummary(rule, names, i18n.language, t, appT);
  const titleId = `automation-rule-${rule.id}-name`;
  return (
    <Card component="li" variant="outlined" data-testid="automation-rule" data-rule-id={rule.id} data-enabled={rule.enabled ? 'true' : 'false'} aria-labelledby={titleId} sx={{ listStyle: 'none', borderLeftWidth: 4, borderLeftColor: rule.enabled ? 'success.main' : 'divider' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography component="span" variant="body2" color="text.secondary" sx={{ minWidth: 28 }} aria-hidden>
            #{place}
          </Typography>
          <Typography component="h3" id={titleId} variant="subtitle1" sx={{ fontWeight: 600, mr: 'auto', overflowWrap: 'anywhere' }}>
            {rule.name}
          </Typography>
          {controls ? (
            <Box sx={{ display: 'flex', alignItems: 'center' }}>
              <Switch
                checked={rule.enabled}
                disabled={controls.busy}
                onChange={(_event, enabled) => controls.onToggle(rule, enabled)}
                slotProps={{ input: { 'aria-label': t('rules.switchLabel', { name: rule.name }) } }}
                data-testid="automation-rule-switch"
              />
              <Typography component="span" variant="body2" color={rule.enabled ? 'success.main' : 'text.secondary'} aria-hidden sx={{ minWidth: 28 }}>
                {rule.enabled ? t('rules.on') : t('rules.off')}
              </Typography>
            </Box>
          ) : (
            <Chip size="small" variant="outlined" color={rule.enabled ? 'success' : 'default'} label={rule.enabled ? t('rules.on') : t('rules.off')} data-testid="automation-rule-state" />
          )}
        </Box>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="automation-rule-summary">
          <Chip size="small" label={t(`rules.trigger_${rule.trigger}`)} sx={{ mr: 1 }} data-testid="automation-rule-trigger" />
          {summary}
        </Typography>
        {!rule.ownerMayRun && rule.owner && (
          <Alert severity="warning" variant="outlined" data-testid="automation-rule-owner-lost" sx={{ py: 0 }}>
            {t('rules.ownerLost', { name: rule.owner.fullName })}
          </Alert>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="automation-rule-facts">
          {rule.owner ? t('rules.actsFor', { name: rule.owner.fullName }) : t('rules.noOwner')}
          {' · '}
          {t('rules.runs', { count: rule.runCount })}
          {' · '}
          {rule.lastRunAt ? t('rules.lastRun', { date: formatDate(rule.lastRunAt, i18n.language, true) }) : t('rules.neverRun')}
        </Typography>
        {controls && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <IconButton size="small" onClick={() => controls.onMove(rule, -1)} disabled={controls.busy || place === 1} aria-label={t('rules.moveUp', { name: rule.name })} data-testid="automation-rule-up">
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton size="small" onClick={() => controls.onMove(rule, 1)} disabled={controls.busy || place === count} aria-label={t('rules.moveDown', { name: rule.name })} data-testid="automation-rule-down">
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            <Box sx={{ flexGrow: 1 }} />
            <Button size="small" startIcon={<EditOutlinedIcon />} onClick={() => controls.onEdit(rule)} aria-label={t('rules.editLabel', { name: rule.name })} data-testid="automation-rule-edit">
              {t('rules.edit')}
            </Button>
            <Button size="small" color="error" startIcon={<DeleteOutlineIcon />} onClick={() => controls.onDelete(rule)} aria-label={t('rules.deleteLabel', { name: rule.name })} data-testid="automation-rule-delete">
              {t('rules.delete')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
});
