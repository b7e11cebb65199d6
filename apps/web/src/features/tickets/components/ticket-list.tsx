/**
 * One view of the ticket queue, newest first, keyset paged behind "Load more". Each row is one
 * button that opens the ticket: title, priority, status, outlet, assignee and the due time as a
 * countdown. A ticket past its SLA (breached by the job, or due and not closed yet) is drawn in
 * red with an "SLA breached" mark in words, so the colour is never the only sign.
 */
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TTicket } from '@dinedesk/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { dueText, isBreached } from '../format.ts';
import { PriorityChip } from './priority-chip.tsx';

interface TicketRowProps {
  ticket: TTicket;
  selected: boolean;
  now: number;
  onSelect: (ticketId: string) => void;
}

const TicketRow = memo(function TicketRow({ ticket, selected, now, onSelect }: TicketRowProps) {
  const { t, i18n } = useTranslation('tickets');
  const breached = isBreached(ticket, now);
  return (
    <Card
      component="li"
      data-testid="ticket-item"
      data-ticket-id={ticket.id}
      data-breached={breached ? 'true' : 'false'}
      sx={{
        listStyle: 'none',
        borderColor: breached ? 'error.main' : selected ? 'primary.main' : undefined,
        borderWidth: breached || selected ? 2 : 1,
        borderLeftWidth: breached ? 6 : undefined,
      }}
    >
      <CardActionArea onClick={() => onSelect(ticket.id)} aria-current={selected ? 'true' : undefined}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mr: 'auto', overflowWrap: 'anywhere' }}>
              {ticket.title}
            </Typography>
            {breached && <Chip size="small" color="error" icon={<WarningAmberIcon />} label={t('sla.breached')} data-testid="ticket-breached" />}
            <PriorityChip priority={ticket.priority} />
            <Chip size="small" variant="outlined" label={t(`status.${ticket.status}`)} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            #{ticket.id}
            {' · '}
            {ticket.outletName}
            {' · '}
            {ticket.assignee ? t('list.assignedTo', { name: ticket.assignee.fullName }) : t('list.unassigned')}
          </Typography>
          <Typography variant="body2" color={breached ? 'error' : 'text.secondary'} sx={{ fontWeight: breached ? 600 : undefined }} data-testid="ticket-due">
            <time dateTime={ticket.dueAt}>{dueText(ticket, now, i18n.language, t)}</time>
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
});

export interface TicketListProps {
  tickets: readonly TTicket[];
  selectedTicketId: string | null;
  now: number;
  onSelect: (ticketId: string) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  nextPageError: string | null;
}

export function TicketList({ tickets, selectedTicketId, now, onSelect, hasNextPage, isFetchingNextPage, fetchNextPage, nextPageError }: TicketListProps) {
  const { t } = useTranslation('tickets');
  return (
    <Box>
      <Stack component="ul" data-testid="ticket-list" aria-label={t('list.label')} spacing={1.5} sx={{ p: 0, m: 0 }}>
        {tickets.map((ticket) => (
          <TicketRow key={ticket.id} ticket={ticket} selected={ticket.id === selectedTicketId} now={now} onSelect={onSelect} />
        ))}
      </Stack>
      {nextPageError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {nextPageError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2, minHeight: 40 }}>
        {hasNextPage ? (
          <Button variant="outlined" onClick={fetchNextPage} disabled={isFetchingNextPage} startIcon={isFetchingNextPage ? <CircularProgress size={16} /> : undefined} data-testid="tickets-load-more">
            {isFetchingNextPage ? t('list.loading') : t('list.loadMore')}
          </Button>
        ) : (
          tickets.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              {t('list.end')}
            </Typography>
          )
        )}
      </Box>
    </Box>
  );
}
