/**
 * What each action of a rule did (a run) or would do (a dry run), in order: the action, its
 * status in words and the detail (the reply text, the ticket, why it was skipped or failed).
 * A coloured dot follows the status but is never its only sign: the status is written out.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TAutomationActionOutcome } from '@dinedesk/contracts/automation';
import { useTranslation } from 'react-i18next';
import { outcomeDetail, type Names } from '../format.ts';

const COLOR: Record<TAutomationActionOutcome['status'], string> = {
  would: 'info.main',
  drafted: 'warning.main',
  done: 'success.main',
  skipped: 'action.disabled',
  failed: 'error.main',
};

export function OutcomeList({ outcomes, names }: { outcomes: readonly TAutomationActionOutcome[]; names: Names }) {
  const { t, i18n } = useTranslation('automation');
  if (outcomes.length === 0) return null;
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 0.5 }} data-testid="outcome-list">
      {outcomes.map((outcome, index) => (
        <Box component="li" key={`${outcome.type}-${index}`} data-testid="outcome" data-status={outcome.status} data-type={outcome.type}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            {/* The dot is a cue only; the words carry the status, in the text colour (contrast in both skins). */}
            <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', flexShrink: 0, bgcolor: COLOR[outcome.status] }} />
            <Typography component="span" variant="body2" sx={{ fontWeight: 600 }}>
              {t('outcome.line', { action: t(`actionType.${outcome.type}`), status: t(`outcome.status.${outcome.status}`) })}
            </Typography>
          </Box>
          {outcome.detail && (
            <Typography variant="body2" color="text.secondary" sx={{ pl: 2, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="outcome-detail">
              {outcomeDetail(outcome, names, i18n.language)}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
