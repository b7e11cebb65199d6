/** A ticket's priority as a small chip, coloured by urgency (and always named in words). */
import Chip from '@mui/material/Chip';
import type { TTicketPriority } from '@dinedesk/contracts';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TTicketPriority, 'error' | 'warning' | 'info' | 'default'> = { urgent: 'error', high: 'warning', normal: 'info', low: 'default' };

export function PriorityChip({ priority }: { priority: TTicketPriority }) {
  const { t } = useTranslation('tickets');
  return <Chip size="small" color={COLOR[priority]} variant={priority === 'urgent' ? 'filled' : 'outlined'} label={t('priority.label', { priority: t(`priority.${priority}`) })} data-testid="ticket-priority" />;
}
