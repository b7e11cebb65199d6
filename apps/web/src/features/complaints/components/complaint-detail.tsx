/**
 * One complaint, named by `?complaint=` and fetched by id (so a link opens it whatever the
 * list shows): the guest, outlet and sources (each a link to the review or the inbox
 * conversation), the controls of its status, assignee and root cause for those who may change
 * it (`update Complaint`; viewers read the same values as text), "Create ticket" (`create
 * Ticket`; when the complaint has one already, the button opens it), and the timeline.
 *
 * Teammates offered as assignees: lib/teammates.ts. What the server refuses (an assignee who does
 * not work the outlet: 400 naming `body.assigneeUserId`) is shown as it words it.
 *
 * Keyboard: focus moves to the heading when a complaint opens; Esc closes the panel unless
 * something inside handled the key; the list puts focus back on the row.
 */
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useAbility } from '@casl/react';
import { COMPLAINT_STATUSES, type TComplaint, type TComplaintSource, type TComplaintStatus } from '@dinedesk/contracts';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { NativeSelectField } from '../../../components/outlined-field.tsx';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { describeError } from '../../../lib/errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useTeammates } from '../../../lib/teammates.ts';
import { useCreateTicketFromComplaint } from '../api/create-ticket.ts';
import { useComplaint } from '../api/get-complaint.ts';
import { useRootCauses } from '../api/root-causes.ts';
import { useUpdateComplaint } from '../api/update-complaint.ts';
import { channelLabel, rootCauseLabel } from '../format.ts';
import { ComplaintTimeline } from './complaint-timeline.tsx';
import { SourceChip } from './source-chips.tsx';
import { ValueList } from '../../../components/value-list.tsx';
import { useEscapeToClose } from '../../../lib/use-escape-to-close.ts';

/** Where a source is read in DineDesk: the review in the feed, the conversation in the inbox. */
export function sourceLink(source: TComplaintSource): string | null {
  if (source.kind === 'review') return `${PATHS.reviews}?review=${encodeURIComponent(source.id)}`;
  if (!source.accountId) return null;
  const params = new URLSearchParams({ channel: source.channel, page: source.accountId, conversation: source.id });
  return `${PATHS.inbox}?${params}`;
}

/** `?ticket=<id>` on the tickets screen. */
export const ticketLink = (ticketId: string) => `${PATHS.tickets}?ticket=${encodeURIComponent(ticketId)}`;

function Controls({ complaint }: { complaint: TComplaint }) {
  const { t } = useTranslation('complaints');
  const { t: appT } = useTranslation();
  const update = useUpdateComplaint();
  const rootCauses = useRootCauses();
  const firstReview = complaint.sources.find((s) => s.kind === 'review')?.id ?? null;
  const place = useMemo(() => ({ outletId: complaint.outletId, brandId: complaint.brandId, reviewId: firstReview }), [complaint.outletId, complaint.brandId, firstReview]);
  const { teammates } = useTeammates(place, { workers: true });
  const options = complaint.assignee && !teammates.some((m) => m.id === complaint.assignee!.id) ? [...teammates, { ...complaint.assignee, viewer: false }] : teammates;
  const causes = [...(rootCauses.data?.defaults ?? []), ...(rootCauses.data?.custom ?? [])];
  if (complaint.rootCause && !causes.includes(complaint.rootCause)) causes.push(complaint.rootCause);
  const change = (changes: { status?: TComplaintStatus; assigneeUserId?: string | null; rootCause?: string | null }) => update.mutate({ complaintId: complaint.id, ...changes });

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
      <NativeSelectField
        id="complaint-status"
        label={t('detail.status')}
        value={complaint.status}
        onChange={(event) => change({ status: event.target.value as TComplaintStatus })}
        htmlSelect={{ 'data-testid': 'complaint-status', disabled: update.isPending }}
      >
        {COMPLAINT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`status.${status}`)}
          </option>
        ))}
      </NativeSelectField>
      <NativeSelectField
        id="complaint-assignee"
        label={t('detail.assignee')}
        value={complaint.assignee?.id ?? ''}
        onChange={(event) => change({ assigneeUserId: event.target.value || null })}
        htmlSelect={{ 'data-testid': 'complaint-assignee', disabled: update.isPending }}
      >
        <option value="">{t('list.unassigned')}</option>
        {options.map((mate) => (
          <option key={mate.id} value={mate.id}>
            {mate.fullName}
          </option>
        ))}
      </NativeSelectField>
      <NativeSelectField
        id="complaint-root-cause"
        label={t('detail.rootCause')}
        value={complaint.rootCause ?? ''}
        onChange={(event) => change({ rootCause: event.target.value || null })}
        htmlSelect={{ 'data-testid': 'complaint-root-cause', disabled: update.isPending }}
      >
        <option value="">{t('list.noRootCause')}</option>
        {causes.map((cause) => (
          <option key={cause} value={cause}>
            {rootCauseLabel(cause, t)}
          </option>
        ))}
      </NativeSelectField>
      {update.isError && (
        <Alert severity="error" role="alert" onClose={() => update.reset()} sx={{ gridColumn: '1 / -1' }} data-testid="complaint-update-error">
          {describeError(update.error, appT)}
        </Alert>
      )}
    </Box>
  );
}

/** The same values as text, for those who may only read (viewers). */
function ReadOnlyValues({ complaint }: { complaint: TComplaint }) {
  const { t } = useTranslation('complaints');
  const rows: [string, string, string][] = [
    ['status', t('detail.status'), t(`status.${complaint.status}`)],
    ['assignee', t('detail.assignee'), complaint.assignee?.fullName ?? t('list.unassigned')],
    ['root-cause', t('detail.rootCause'), complaint.rootCause ? rootCauseLabel(complaint.rootCause, t) : t('list.noRootCause')],
  ];
  return (
    <ValueList rows={rows} testId="complaint-read-only" />
  );
}

/** "Create ticket", or "Open ticket #id" once the complaint has one. */
function TicketButton({ complaint }: { complaint: TComplaint }) {
  const { t } = useTranslation('complaints');
  const { t: appT } = useTranslation();
  const ability = useAbility<AppAbility>();
  const navigate = useNavigate();
  const create = useCreateTicketFromComplaint();
  if (complaint.ticketId) {
    if (!ability.can('read', SUBJECTS.ticket)) return null;
    return (
      <Button variant="outlined" component={RouterLink} to={ticketLink(complaint.ticketId)} data-testid="complaint-open-ticket">
        {t('detail.openTicket', { id: complaint.ticketId })}
      </Button>
    );
  }
  if (!ability.can('create', SUBJECTS.ticket)) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
      <Button
        variant="contained"
        disabled={create.isPending}
        startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        onClick={() => create.mutate(complaint.id, { onSuccess: ({ ticket }) => void navigate(ticketLink(ticket.id)) })}
        data-testid="complaint-create-ticket"
      >
        {create.isPending ? t('detail.creatingTicket') : t('detail.createTicket')}
      </Button>
      {create.isError && (
        <Alert severity="error" role="alert" onClose={() => create.reset()}>
          {describeError(create.error, appT)}
        </Alert>
      )}
    </Box>
  );
}

export interface ComplaintDetailProps {
  complaintId: string;
  onClose: () => void;
}

export function ComplaintDetail({ complaintId, onClose }: ComplaintDetailProps) {
  const { t, i18n } = useTranslation('complaints');
  const { t: appT } = useTranslation();
  const query = useComplaint(complaintId);
  const complaint = query.data;
  const ability = useAbility<AppAbility>();
  const mayUpdate = ability.can('update', SUBJECTS.complaint);
  const headingRef = useRef<HTMLHeadingElement | null>(null);

  useEffect(() => {
    headingRef.current?.focus();
  }, [complaintId]);

  useEscapeToClose(onClose);

  return (
    <Box component="section" data-testid="complaint-detail" data-complaint-id={complaintId} aria-labelledby="complaint-detail-title" sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id="complaint-detail-title" ref={headingRef} tabIndex={-1} component="h2" variant="h6" sx={{ outline: 'none' }}>
            {complaint ? t('detail.title', { guest: complaint.guestName || t('unnamedGuest'), id: complaint.id }) : t('detail.loadingTitle')}
          </Typography>
          {complaint && (
            <Typography variant="caption" color="text.secondary">
              {complaint.outletName}
              {' · '}
              {complaint.brandName}
              {' · '}
              <time dateTime={complaint.openedAt}>{t('detail.openedAt', { date: formatDate(complaint.openedAt, i18n.language, true) })}</time>
              {complaint.openedByName && ` · ${t('detail.openedBy', { name: complaint.openedByName })}`}
            </Typography>
          )}
        </Box>
        <IconButton onClick={onClose} aria-label={t('detail.close')} data-testid="complaint-detail-close">
          <CloseIcon />
        </IconButton>
      </Box>

      {query.isPending ? (
        <Skeleton variant="rounded" height={200} aria-label={appT('common.loading')} />
      ) : query.isError ? (
        <Alert severity="error" data-testid="complaint-detail-error">
          {describeError(query.error, appT)}
        </Alert>
      ) : (
        complaint && (
          <>
            {mayUpdate ? <Controls complaint={complaint} /> : <ReadOnlyValues complaint={complaint} />}
            <TicketButton complaint={complaint} />
            <Divider />
            <Box>
              <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
                {t('detail.sources')}
              </Typography>
              <Box component="ul" data-testid="complaint-sources" sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
                {complaint.sources.map((source) => {
                  const href = sourceLink(source);
                  const label = source.kind === 'review' ? t('detail.openReview', { channel: channelLabel(source.channel, t) }) : t('detail.openConversation', { channel: channelLabel(source.channel, t) });
                  return (
                    <Box component="li" key={`${source.kind}:${source.id}`} sx={{ listStyle: 'none', display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <SourceChip source={source} />
                      <Typography variant="body2" sx={{ flex: '1 1 12rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                        {source.excerpt}
                      </Typography>
                      {href && (
                        <Link component={RouterLink} to={href} variant="body2" data-testid="complaint-source-link">
                          {label}
                        </Link>
                      )}
                      <Typography variant="caption" color="text.secondary" sx={{ width: '100%' }}>
                        {source.linkedByName ? t('detail.linkedBy', { name: source.linkedByName }) : t('detail.linkedByDineDesk')}
                      </Typography>
                    </Box>
                  );
                })}
              </Box>
            </Box>
            <Divider />
            <Typography component="h3" variant="subtitle2">
              {t('timeline.title')}
            </Typography>
            <ComplaintTimeline items={complaint.timeline} />
          </>
        )
      )}
    </Box>
  );
}

