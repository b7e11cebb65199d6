/**
 * One ticket, named by `?ticket=` and fetched by id: its SLA due time (red once past it), the
 * item it came from as links (complaint, review, conversation), its status, priority, assignee,
 * watchers and title, which those who may (`update Ticket`: all but viewers) change here, and the
 * activity log in the user's language. Changing the priority moves the due time (opening time +
 * the policy's hours for it; docs/decisions/0027), which the priority field says before it is
 * changed.
 *
 * Teammates offered: lib/teammates.ts (assignees must work the outlet, watchers may be viewers).
 * What the server refuses is shown as it words it.
 *
 * Keyboard: focus moves to the heading when a ticket opens; Esc closes the panel unless
 * something inside handled it (the title form's own Esc cancels the edit first).
 */
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAbility } from '@casl/react';
import { TICKET_PRIORITIES, TICKET_STATUSES, type TTicket, type TTicketDetail, type TTicketPriority, type TTicketStatus, type TUpdateTicketRequest } from '@dinedesk/contracts';
import { type FormEvent, type KeyboardEvent as ReactKeyboardEvent, Suspense, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NativeSelectField } from '../../../components/outlined-field.tsx';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { describeError } from '../../../lib/errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useTeammates } from '../../../lib/teammates.ts';
import { useTicket } from '../api/get-ticket.ts';
import { useSlaPolicy } from '../api/sla-policy.ts';
import { useUpdateTicket } from '../api/update-ticket.ts';
import { activityText, dueText, isBreached } from '../format.ts';
import { PriorityChip } from './priority-chip.tsx';
import { ReviewPanelsContext } from '../../../lib/internal-comments.ts';
import { ValueList } from '../../../components/value-list.tsx';
import { useEscapeToClose } from '../../../lib/use-escape-to-close.ts';

type Change = Omit<TUpdateTicketRequest, 'ticketId'>;

/** The title, with a rename form for those who may change it. */
function TitleEditor({ ticket, onChange, pending }: { ticket: TTicket; onChange: (change: Change, done: () => void) => void; pending: boolean }) {
  const { t } = useTranslation('tickets');
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(ticket.title);
  const tooShort = draft.trim().length < 3;
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (tooShort) return;
    onChange({ title: draft.trim() }, () => setEditing(false));
  };
  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    setEditing(false);
  };
  if (!editing) {
    return (
      <Button size="small" startIcon={<EditIcon />} onClick={() => { setDraft(ticket.title); setEditing(true); }} data-testid="ticket-title-edit" sx={{ alignSelf: 'flex-start' }}>
        {t('detail.rename')}
      </Button>
    );
  }
  return (
    <Box component="form" onSubmit={save} onKeyDown={onKeyDown} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        autoFocus
        label={t('detail.titleField')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        error={tooShort}
        helperText={tooShort ? t('validation.title') : ' '}
        slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'ticket-title-input' } }}
        sx={{ flexGrow: 1 }}
      />
      <Button type="submit" variant="contained" disabled={tooShort || pending} data-testid="ticket-title-save">
        {t('detail.save')}
      </Button>
      <Button onClick={() => setEditing(false)}>{t('detail.cancel')}</Button>
    </Box>
  );
}

function Controls({ ticket, onChange, pending }: { ticket: TTicket; onChange: (change: Change, done?: () => void) => void; pending: boolean }) {
  const { t } = useTranslation('tickets');
  const policy = useSlaPolicy();
  const place = useMemo(() => ({ outletId: ticket.outletId, brandId: ticket.brandId, ticketId: ticket.id }), [ticket.outletId, ticket.brandId, ticket.id]);
  const assignees = useTeammates(place, { workers: true }).teammates;
  const watchable = useTeammates(place, { workers: false }).teammates;
  const assigneeOptions = ticket.assignee && !assignees.some((m) => m.id === ticket.assignee!.id) ? [...assignees, { ...ticket.assignee, viewer: false }] : assignees;
  const newWatchers = watchable.filter((m) => !ticket.watchers.some((w) => w.id === m.id));
  const [watcher, setWatcher] = useState('');
  const hours = (priority: TTicketPriority) => policy.data?.hours[priority];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' } }}>
        <NativeSelectField
          id="ticket-status"
          label={t('detail.status')}
          value={ticket.status}
          onChange={(event) => onChange({ status: event.target.value as TTicketStatus })}
          htmlSelect={{ 'data-testid': 'ticket-status', disabled: pending }}
        >
          {TICKET_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </NativeSelectField>
        <NativeSelectField
          id="ticket-priority"
          label={t('detail.priority')}
          value={ticket.priority}
          onChange={(event) => onChange({ priority: event.target.value as TTicketPriority })}
          htmlSelect={{ 'data-testid': 'ticket-priority-select', disabled: pending, 'aria-describedby': 'ticket-priority-help' }}
        >
          {TICKET_PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {hours(priority) === undefined ? t(`priority.${priority}`) : t('detail.priorityOption', { priority: t(`priority.${priority}`), hours: hours(priority) })}
            </option>
          ))}
        </NativeSelectField>
        <NativeSelectField
          id="ticket-assignee"
          label={t('detail.assignee')}
          value={ticket.assignee?.id ?? ''}
          onChange={(event) => onChange({ assigneeUserId: event.target.value || null })}
          htmlSelect={{ 'data-testid': 'ticket-assignee', disabled: pending }}
        >
          <option value="">{t('list.unassigned')}</option>
          {assigneeOptions.map((mate) => (
            <option key={mate.id} value={mate.id}>
              {mate.fullName}
            </option>
          ))}
        </NativeSelectField>
      </Box>
      <Typography id="ticket-priority-help" variant="caption" color="warning.main" data-testid="ticket-priority-warning">
        {t('detail.priorityWarning')}
      </Typography>
      <Box>
        <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
          {t('detail.watchers')}
        </Typography>
        <Box component="ul" data-testid="ticket-watchers" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, p: 0, m: 0, mb: 1, listStyle: 'none' }}>
          {ticket.watchers.length === 0 && (
            <Typography component="li" variant="body2" color="text.secondary">
              {t('detail.noWatchers')}
            </Typography>
          )}
          {ticket.watchers.map((w) => (
            <Box component="li" key={w.id} sx={{ display: 'inline-flex', alignItems: 'center', border: 1, borderColor: 'divider', borderRadius: 4, pl: 1.25 }} data-testid="ticket-watcher">
              <Typography variant="body2">{w.fullName}</Typography>
              <IconButton size="small" disabled={pending} aria-label={t('detail.removeWatcher', { name: w.fullName })} onClick={() => onChange({ removeWatcherIds: [w.id] })}>
                <CloseIcon sx={{ fontSize: 16 }} />
              </IconButton>
            </Box>
          ))}
        </Box>
        {newWatchers.length > 0 && (
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <NativeSelectField id="ticket-add-watcher" label={t('detail.addWatcher')} value={watcher} onChange={(event) => setWatcher(event.target.value)} htmlSelect={{ 'data-testid': 'ticket-watcher-select' }}>
              <option value="">{t('detail.chooseTeammate')}</option>
              {newWatchers.map((mate) => (
                <option key={mate.id} value={mate.id}>
                  {mate.fullName}
                </option>
              ))}
            </NativeSelectField>
            <Button size="small" variant="outlined" disabled={!watcher || pending} onClick={() => onChange({ addWatcherIds: [watcher] }, () => setWatcher(''))} data-testid="ticket-watcher-add">
              {t('detail.add')}
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}

/** The same values as text, for those who may only read. */
function ReadOnlyValues({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation('tickets');
  const rows: [string, string, string][] = [
    ['status', t('detail.status'), t(`status.${ticket.status}`)],
    ['priority', t('detail.priority'), t(`priority.${ticket.priority}`)],
    ['assignee', t('detail.assignee'), ticket.assignee?.fullName ?? t('list.unassigned')],
    ['watchers', t('detail.watchers'), ticket.watchers.map((w) => w.fullName).join(', ') || t('detail.noWatchers')],
  ];
  return (
    <ValueList rows={rows} testId="ticket-read-only" />
  );
}

/** Where the ticket came from, as links to where it is read. */
function Links({ ticket }: { ticket: TTicket }) {
  const { t } = useTranslation('tickets');
  const links: { key: string; to: string; label: string }[] = [];
  if (ticket.complaintId) links.push({ key: 'complaint', to: `${PATHS.complaints}?complaint=${encodeURIComponent(ticket.complaintId)}`, label: t('detail.complaint', { id: ticket.complaintId }) });
  if (ticket.reviewId) links.push({ key: 'review', to: `${PATHS.reviews}?review=${encodeURIComponent(ticket.reviewId)}`, label: t('detail.review') });
  // The inbox opens a conversation by channel and page as well, which a ticket does not carry;
  // the link opens the inbox, where the conversation is found by its guest.
  if (ticket.conversationId) links.push({ key: 'conversation', to: PATHS.inbox, label: t('detail.conversation', { id: ticket.conversationId }) });
  if (links.length === 0) return <Typography variant="body2" color="text.secondary">{t('detail.noLink')}</Typography>;
  return (
    <Box component="ul" data-testid="ticket-links" sx={{ p: 0, m: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 0.5 }}>
      {links.map((link) => (
        <li key={link.key}>
          <Link component={RouterLink} to={link.to} data-testid={`ticket-link-${link.key}`}>
            {link.label}
          </Link>
        </li>
      ))}
    </Box>
  );
}

function Activity({ ticket }: { ticket: TTicketDetail }) {
  const { t, i18n } = useTranslation('tickets');
  return (
    <Box component="ol" data-testid="ticket-activity" aria-label={t('detail.activity')} sx={{ p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {ticket.activity.map((entry, index) => (
        <Box component="li" key={`${entry.at}:${entry.kind}:${index}`} data-testid="ticket-activity-item" data-kind={entry.kind} sx={{ listStyle: 'none', pl: 1.5, borderLeft: 2, borderColor: entry.kind === 'sla_breached' ? 'error.main' : 'divider' }}>
          <Typography variant="body2">{activityText(entry, i18n.language, t)}</Typography>
          <Typography variant="caption" color="text.secondary">
            <time dateTime={entry.at}>{formatDate(entry.at, i18n.language, true)}</time>
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export interface TicketDetailProps {
  ticketId: string;
  now: number;
  onClose: () => void;
}

export function TicketDetail({ ticketId, now, onClose }: TicketDetailProps) {
  const { t, i18n } = useTranslation('tickets');
  const { t: appT } = useTranslation();
  const query = useTicket(ticketId);
  // The team's internal thread with @mentions, the same as on reviews (handed in by app/, as features never import each other).
  const { InternalComments } = useContext(ReviewPanelsContext);
  const ticket = query.data;
  const ability = useAbility<AppAbility>();
  const mayUpdate = ability.can('update', SUBJECTS.ticket);
  const update = useUpdateTicket();
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const change = (changes: Change, done?: () => void) => update.mutate({ ticketId, ...changes }, { onSuccess: () => done?.() });

  useEffect(() => {
    headingRef.current?.focus();
  }, [ticketId]);

  useEscapeToClose(onClose);

  const breached = ticket ? isBreached(ticket, now) : false;

  return (
    <Box component="section" data-testid="ticket-detail" data-ticket-id={ticketId} data-breached={breached ? 'true' : 'false'} aria-labelledby="ticket-detail-title" sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id="ticket-detail-title" ref={headingRef} tabIndex={-1} component="h2" variant="h6" sx={{ outline: 'none', overflowWrap: 'anywhere' }}>
            {ticket ? ticket.title : t('detail.loadingTitle')}
          </Typography>
          {ticket && (
            <Typography variant="caption" color="text.secondary">
              #{ticket.id}
              {' · '}
              {ticket.outletName}
              {' · '}
              {ticket.brandName}
              {ticket.createdBy && ` · ${t('detail.createdBy', { name: ticket.createdBy.fullName })}`}
              {' · '}
              <time dateTime={ticket.createdAt}>{formatDate(ticket.createdAt, i18n.language, true)}</time>
            </Typography>
          )}
        </Box>
        <IconButton onClick={onClose} aria-label={t('detail.close')} data-testid="ticket-detail-close">
          <CloseIcon />
        </IconButton>
      </Box>

      {query.isPending ? (
        <Skeleton variant="rounded" height={200} aria-label={appT('common.loading')} />
      ) : query.isError ? (
        <Alert severity="error" data-testid="ticket-detail-error">
          {describeError(query.error, appT)}
        </Alert>
      ) : (
        ticket && (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <PriorityChip priority={ticket.priority} />
              <Typography variant="body2" color={breached ? 'error' : 'text.primary'} sx={{ fontWeight: 600 }} data-testid="ticket-detail-due">
                {dueText(ticket, now, i18n.language, t)}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('detail.dueAt', { date: formatDate(ticket.dueAt, i18n.language, true) })}
              </Typography>
            </Box>
            {breached && (
              <Alert severity="error" data-testid="ticket-breach-alert">
                {ticket.breachedAt ? t('sla.breachedAt', { date: formatDate(ticket.breachedAt, i18n.language, true) }) : t('sla.overdue')}
              </Alert>
            )}
            {mayUpdate ? (
              <>
                <TitleEditor key={ticket.title} ticket={ticket} onChange={change} pending={update.isPending} />
                <Controls ticket={ticket} onChange={change} pending={update.isPending} />
              </>
            ) : (
              <ReadOnlyValues ticket={ticket} />
            )}
            {update.isError && (
              <Alert severity="error" role="alert" onClose={() => update.reset()} data-testid="ticket-update-error">
                {describeError(update.error, appT)}
              </Alert>
            )}
            <Divider />
            <Box>
              <Typography component="h3" variant="subtitle2" sx={{ mb: 1 }}>
                {t('detail.linked')}
              </Typography>
              <Links ticket={ticket} />
            </Box>
            <Divider />
            <Typography component="h3" variant="subtitle2">
              {t('detail.activity')}
            </Typography>
            <Activity ticket={ticket} />
            {InternalComments && (
              <Suspense fallback={<Skeleton variant="rounded" height={160} aria-label={appT('common.loading')} />}>
                <InternalComments key={ticket.id} target={{ ticketId: ticket.id }} />
              </Suspense>
            )}
          </>
        )
      )}
    </Box>
  );
}

