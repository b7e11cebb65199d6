/**
 * The email list pane (docs/requirements/calls.md `GET /apps/email/emails`): the search box (`q` on
 * the subject, in the URL), a toolbar with select-all and the bulk actions (read/unread, move to a
 * folder including trash, toggle a label, star), and the rows, newest first, with loading, error
 * and empty states. A row's checkbox, star and body are three separate controls, each reachable
 * with Tab; Enter or Space on the body opens the email.
 */
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DraftsOutlinedIcon from '@mui/icons-material/DraftsOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import RestoreFromTrashOutlinedIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DemoSearchBar } from '../../components/demo-search-bar.tsx';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { useEmails } from '../api/get-emails.ts';
import { useUpdateEmails } from '../api/update-emails.ts';
import { useUpdateEmailsLabel } from '../api/update-emails-label.ts';
import { EMAIL_OWNER, type EmailListParams, type TEmail, type TEmailChanges, type TEmailFolder, type TEmailLabel } from '../schema.ts';
import { ActionButton, LabelMenu, MoveToMenu } from './email-actions.tsx';
import { formatListTime, initialsOf, LABEL_COLORS, snippetOf } from './email-format.ts';
import type { EmailScreenView } from './email-view.ts';

export interface EmailListProps {
  view: EmailScreenView;
  params: EmailListParams;
  /** The search as typed (the URL's `q`). */
  search: string;
  onSearch: (q: string) => void;
  onOpen: (id: number) => void;
  /** Opens the sidebar drawer (phones); absent when the sidebar is shown. */
  onMenu?: (() => void) | undefined;
  notify: (message: string) => void;
}

/** The person a row names: the recipient in sent and draft, else the sender. */
function counterpartOf(email: TEmail): { name: string; avatar: string } {
  if (email.from.email === EMAIL_OWNER.email) return { name: email.to[0]?.name ?? email.to[0]?.email ?? '', avatar: '' };
  return email.from;
}

export function EmailList({ view, params, search, onSearch, onOpen, onMenu, notify }: EmailListProps) {
  const { t, i18n } = useTranslation('demo-email');
  const query = useEmails(params);
  const update = useUpdateEmails();
  const toggleLabel = useUpdateEmailsLabel();
  const emails = useMemo(() => query.data?.emails ?? [], [query.data]);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  // Only emails still listed count as selected (a move takes them out of the view).
  const selected = emails.filter((email) => picked.has(email.id));
  const allSelected = emails.length > 0 && selected.length === emails.length;
  const folder: TEmailFolder | undefined = view.kind === 'folder' && view.folder !== 'starred' ? view.folder : undefined;
  const now = new Date();

  const togglePicked = (id: number) =>
    setPicked((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const change = (targets: readonly TEmail[], dataToUpdate: TEmailChanges, message: string) => {
    if (targets.length === 0) return;
    update.mutate(
      { emailIds: targets.map((email) => email.id), dataToUpdate },
      { onSuccess: () => notify(message), onError: () => notify(t('toast.failed')) },
    );
  };
  const move = (targets: readonly TEmail[], to: TEmailFolder) => {
    change(targets, { folder: to }, t('toast.moved', { count: targets.length, folder: t(`folders.${to}`) }));
    setPicked(new Set());
  };
  const toggleLabelOf = (label: TEmailLabel) =>
    toggleLabel.mutate(
      { emailIds: selected.map((email) => email.id), label },
      { onSuccess: () => notify(t('toast.labelToggled', { label: t(`labels.${label}`) })), onError: () => notify(t('toast.failed')) },
    );

  const allRead = selected.length > 0 && selected.every((email) => email.isRead);
  const allStarred = selected.length > 0 && selected.every((email) => email.isStarred);
  const none = selected.length === 0;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <DemoSearchBar value={search} onChange={onSearch} label={t('list.search')} onMenu={onMenu} menuLabel={t('list.openMenu')} testIdPrefix="email" />
      <Box
        role="group"
        aria-label={t('list.toolbar')}
        sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.25, py: 0.5, borderBottom: 1, borderColor: 'divider', minHeight: 52, flexWrap: 'wrap' }}
      >
        <Checkbox
          size="small"
          checked={allSelected}
          indeterminate={selected.length > 0 && !allSelected}
          disabled={emails.length === 0}
          onChange={() => setPicked(allSelected ? new Set() : new Set(emails.map((email) => email.id)))}
          slotProps={{ input: { 'aria-label': t('list.selectAll') } }}
          data-testid="email-select-all"
        />
        <MoveToMenu current={folder} disabled={none} onMove={(to) => move(selected, to)} />
        {folder === 'trash' ? (
          <ActionButton
            title={t('actions.restore')}
            icon={<RestoreFromTrashOutlinedIcon />}
            disabled={none}
            onClick={() => move(selected, 'inbox')}
            data-testid="email-restore"
          />
        ) : (
          <ActionButton title={t('actions.trash')} icon={<DeleteOutlineIcon />} disabled={none} onClick={() => move(selected, 'trash')} data-testid="email-trash" />
        )}
        <ActionButton
          title={allRead ? t('actions.markUnread') : t('actions.markRead')}
          icon={allRead ? <MarkEmailUnreadOutlinedIcon /> : <DraftsOutlinedIcon />}
          disabled={none}
          onClick={() =>
            change(selected, { isRead: !allRead }, t(allRead ? 'toast.markedUnread' : 'toast.markedRead', { count: selected.length }))
          }
          data-testid="email-toggle-read"
        />
        <ActionButton
          title={allStarred ? t('actions.unstar') : t('actions.star')}
          icon={allStarred ? <StarIcon /> : <StarBorderIcon />}
          disabled={none}
          onClick={() => change(selected, { isStarred: !allStarred }, t(allStarred ? 'toast.unstarred' : 'toast.starred', { count: selected.length }))}
        />
        <LabelMenu disabled={none} hasLabel={(l) => selected.length > 0 && selected.every((email) => email.labels.includes(l))} onToggle={toggleLabelOf} />
        <Box sx={{ flex: 1 }} />
        {selected.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} aria-live="polite">
            {t('list.selected', { count: selected.length })}
          </Typography>
        )}
        <ActionButton title={t('list.refresh')} icon={<RefreshIcon />} onClick={() => void query.refetch()} />
      </Box>
      <Box sx={{ position: 'relative', flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column' }}>
        {query.isFetching && !query.isPending && <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }} aria-label={t('list.loading')} />}
        <ListState
          query={query}
          isEmpty={emails.length === 0}
          skeleton={{ rows: 8, rowHeight: 64, spacing: 1, sx: { p: 2 }, label: t('list.loading') }}
          errorSx={{ m: 2 }}
          empty={
            <ListEmpty
              testId="email-empty"
              icon={<MailOutlineIcon />}
              title={params.q ? t('list.emptySearch', { q: params.q }) : t('list.empty')}
              description={params.q ? undefined : t('list.emptyHelp')}
              action={
                params.q ? (
                  <Button variant="outlined" onClick={() => onSearch('')}>
                    {t('list.clearSearch')}
                  </Button>
                ) : undefined
              }
            />
          }
        >
          <Box component="ul" aria-label={t('list.label')} sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="email-list">
            {emails.map((email) => {
              const person = counterpartOf(email);
              const subject = email.subject || t('list.noSubject');
              return (
                <Box
                  component="li"
                  key={email.id}
                  data-testid="email-item"
                  data-email-id={email.id}
                  sx={{
                    display: 'flex',
                    alignItems: 'center',
                    pl: 1.25,
                    borderBottom: 1,
                    borderColor: 'divider',
                    bgcolor: email.isRead ? 'action.hover' : 'background.paper',
                    transition: (theme) => theme.transitions.create('box-shadow'),
                    '&:hover': { boxShadow: 2, position: 'relative', zIndex: 1 },
                  }}
                >
                  <Checkbox
                    size="small"
                    checked={picked.has(email.id)}
                    onChange={() => togglePicked(email.id)}
                    slotProps={{ input: { 'aria-label': t('list.select', { subject }) } }}
                  />
                  <IconButton
                    size="small"
                    aria-label={email.isStarred ? t('actions.unstar') : t('actions.star')}
                    aria-pressed={email.isStarred}
                    onClick={() => change([email], { isStarred: !email.isStarred }, t(email.isStarred ? 'toast.unstarred' : 'toast.starred', { count: 1 }))}
                    sx={{ color: email.isStarred ? 'warning.main' : 'action.active' }}
                  >
                    {email.isStarred ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
                  </IconButton>
                  <ButtonBase
                    onClick={() => onOpen(email.id)}
                    data-testid="email-open"
                    sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1.5, px: 1.5, py: 1.25, textAlign: 'left', justifyContent: 'flex-start', borderRadius: 1 }}
                  >
                    <Avatar src={person.avatar || undefined} alt="" sx={{ width: 36, height: 36, fontSize: 14, bgcolor: 'primary.light' }}>
                      {initialsOf(person.name)}
                    </Avatar>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                        <Typography noWrap variant="body2" sx={{ flex: 1, fontWeight: email.isRead ? 500 : 700 }}>
                          {person.name}
                        </Typography>
                        {email.attachments.length > 0 && <AttachFileIcon aria-label={t('list.hasAttachments')} sx={{ fontSize: 16, color: 'text.secondary' }} />}
                        {email.labels.map((l) => (
                          <Box key={l} role="img" aria-label={t(`labels.${l}`)} sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: `${LABEL_COLORS[l]}.main`, flexShrink: 0 }} />
                        ))}
                        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0, fontWeight: email.isRead ? 400 : 600 }}>
                          <time dateTime={email.time}>{formatListTime(email.time, i18n.language, now)}</time>
                        </Typography>
                      </Box>
                      <Typography noWrap variant="body2" color="text.secondary">
                        <Box component="span" data-testid="email-subject" sx={{ color: 'text.primary', fontWeight: email.isRead ? 400 : 600 }}>
                          {subject}
                        </Box>
                        {' – '}
                        {snippetOf(email.message)}
                      </Typography>
                    </Box>
                  </ButtonBase>
                </Box>
              );
            })}
          </Box>
        </ListState>
      </Box>
    </Box>
  );
}
