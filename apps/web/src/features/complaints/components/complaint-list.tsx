/**
 * The complaints of one tab, newest first, with keyset paging behind a "Load more" button. Each
 * row is one button that opens the complaint: the guest, the outlet, where the guest spoke
 * (sources with stars), the assignee, the root cause and the age. The button is named by its
 * content (no `aria-label`), so a screen reader hears all of it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TComplaint } from '@dinedesk/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAge } from '../../../lib/relative-time.ts';
import { rootCauseLabel } from '../format.ts';
import { SourceChips } from './source-chips.tsx';

interface ComplaintRowProps {
  complaint: TComplaint;
  selected: boolean;
  now: number;
  onSelect: (complaintId: string) => void;
}

const ComplaintRow = memo(function ComplaintRow({ complaint, selected, now, onSelect }: ComplaintRowProps) {
  const { t, i18n } = useTranslation('complaints');
  return (
    <Card
      component="li"
      data-testid="complaint-item"
      data-complaint-id={complaint.id}
      sx={{ listStyle: 'none', borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
    >
      <CardActionArea onClick={() => onSelect(complaint.id)} aria-current={selected ? 'true' : undefined}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 0.75 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mr: 'auto' }}>
              {complaint.guestName || t('unnamedGuest')}
            </Typography>
            <Typography variant="caption" color="text.secondary" data-testid="complaint-age">
              <time dateTime={complaint.openedAt}>{t('list.opened', { age: formatAge(complaint.openedAt, now, i18n.language) })}</time>
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            {complaint.outletName}
            {' · '}
            {complaint.brandName}
          </Typography>
          <SourceChips sources={complaint.sources} />
          <Typography variant="body2" data-testid="complaint-summary">
            <span data-testid="complaint-assignee-name">{complaint.assignee ? t('list.assignedTo', { name: complaint.assignee.fullName }) : t('list.unassigned')}</span>
            {' · '}
            <span>{complaint.rootCause ? rootCauseLabel(complaint.rootCause, t) : t('list.noRootCause')}</span>
            {complaint.ticketId && ` · ${t('list.ticket', { id: complaint.ticketId })}`}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
});

export interface ComplaintListProps {
  complaints: readonly TComplaint[];
  selectedComplaintId: string | null;
  now: number;
  onSelect: (complaintId: string) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** Failure of a later page; the rows already shown stay. */
  nextPageError: string | null;
}

export function ComplaintList({ complaints, selectedComplaintId, now, onSelect, hasNextPage, isFetchingNextPage, fetchNextPage, nextPageError }: ComplaintListProps) {
  const { t } = useTranslation('complaints');
  return (
    <Box>
      <Stack component="ul" data-testid="complaint-list" aria-label={t('list.label')} spacing={1.5} sx={{ p: 0, m: 0 }}>
        {complaints.map((complaint) => (
          <ComplaintRow key={complaint.id} complaint={complaint} selected={complaint.id === selectedComplaintId} now={now} onSelect={onSelect} />
        ))}
      </Stack>
      {nextPageError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {nextPageError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2, minHeight: 40 }}>
        {hasNextPage ? (
          <Button
            variant="outlined"
            onClick={fetchNextPage}
            disabled={isFetchingNextPage}
            startIcon={isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
            data-testid="complaints-load-more"
          >
            {isFetchingNextPage ? t('list.loading') : t('list.loadMore')}
          </Button>
        ) : (
          complaints.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              {t('list.end')}
            </Typography>
          )
        )}
      </Box>
    </Box>
  );
}
