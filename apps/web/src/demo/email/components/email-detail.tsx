/**
 * The open email (docs/requirements/calls.md get-email, paginate-email): subject with its labels,
 * newer/older navigation (enabled by `hasPreviousMail`/`hasNextMail`), actions (trash or restore,
 * unread, star, labels, move), the thread (earlier replies collapsed, then the email) with bodies
 * sanitised by DOMPurify, attachments, and the reply area. Opening an unread email
 * marks it read (update-emails).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import MarkEmailUnreadOutlinedIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import ReplyIcon from '@mui/icons-material/Reply';
import RestoreFromTrashOutlinedIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import SendIcon from '@mui/icons-material/Send';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/list-state.tsx';
import { formatDate, formatFileSize } from '../../../lib/format.ts';
import { DemoRequestError } from '../../mock/demo-fetch.ts';
import { useEmail } from '../api/get-email.ts';
import { usePaginateEmail, type PageDirection } from '../api/paginate-email.ts';
import { useSendEmail } from '../api/send-email.ts';
import { useUpdateEmails } from '../api/update-emails.ts';
import { useUpdateEmailsLabel } from '../api/update-emails-label.ts';
import { EMAIL_OWNER, type EmailListParams, type TEmail, type TEmailChanges, type TEmailFolder, type TEmailReply } from '../schema.ts';
import { ActionButton, LabelMenu, MoveToMenu } from './email-actions.tsx';
import { initialsOf, LABEL_COLORS, snippetOf, textToHtml } from './email-format.ts';
import { sanitizeEmailHtml } from './sanitize.ts';

export interface EmailDetailProps {
  id: number;
  /** The list it was opened from: neighbours are paged within it. */
  params: EmailListParams;
  onBack: () => void;
  /** Shows another email (a neighbour). */
  onOpen: (id: number) => void;
  notify: (message: string) => void;
}

/** One message of the thread: the email itself or an earlier reply. */
type ThreadMessage = Pick<TEmailReply, 'id' | 'from' | 'to' | 'message' | 'attachments' | 'time'> & { cc?: string[]; bcc?: string[] };

function MessageCard({ message, collapsed, onExpand }: { message: ThreadMessage; collapsed: boolean; onExpand: () => void }) {
  const { t, i18n } = useTranslation('demo-email');
  const toNames = message.to.map((person) => (person.email === EMAIL_OWNER.email ? t('detail.me') : person.name)).join(', ');
  const header = (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, width: '100%', textAlign: 'left' }}>
      <Avatar src={message.from.avatar || undefined} alt="" sx={{ width: 38, height: 38, fontSize: 14, bgcolor: 'primary.light' }}>
        {initialsOf(message.from.name)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" noWrap>
          {message.from.name}{' '}
          <Typography component="span" variant="body2" color="text.secondary">
            &lt;{message.from.email}&gt;
          </Typography>
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" noWrap>
          {collapsed ? snippetOf(message.message, 90) : t('detail.to', { names: toNames })}
          {!collapsed && message.cc && message.cc.length > 0 && ` · ${t('detail.cc', { names: message.cc.join(', ') })}`}
          {!collapsed && message.bcc && message.bcc.length > 0 && ` · ${t('detail.bcc', { names: message.bcc.join(', ') })}`}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
        <time dateTime={message.time}>{formatDate(message.time, i18n.language, true)}</time>
      </Typography>
    </Box>
  );
  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid="email-message">
      {collapsed ? (
        <ButtonBase onClick={onExpand} sx={{ display: 'block', width: '100%', p: 2 }} aria-expanded={false}>
          {header}
        </ButtonBase>
      ) : (
        <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>{header}</Box>
      )}
      {!collapsed && (
        <Box sx={{ p: 2.5 }}>
          <Box
            data-testid="email-body"
            sx={{
              typography: 'body2',
              color: 'text.primary',
              overflowWrap: 'anywhere',
              '& p': { mt: 0, mb: 1.5 },
              '& a': { color: 'primary.main' },
              '& img': { maxWidth: '100%' },
            }}
            dangerouslySetInnerHTML={{ __html: sanitizeEmailHtml(message.message) }}
          />
          {message.attachments.length > 0 && (
            <Box sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider' }}>
              <Typography variant="subtitle2" sx={{ mb: 1 }}>
                {t('detail.attachments', { count: message.attachments.length })}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {message.attachments.map((file) => (
                  <Link
                    key={file.fileName}
                    href={file.url}
                    download={file.fileName}
                    underline="none"
                    sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.25, py: 0.75, border: 1, borderColor: 'divider', borderRadius: 1.5, color: 'text.primary' }}
                  >
                    <Box component="img" src={file.thumbnail} alt="" sx={{ width: 22, height: 22 }} />
                    <Box>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {file.fileName}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {formatFileSize(file.size, i18n.language)}
                      </Typography>
                    </Box>
                  </Link>
                ))}
              </Stack>
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}

/** The reply area: a prompt that opens a small composer. */
function ReplyBox({ email, notify }: { email: TEmail; notify: (message: string) => void }) {
  const { t } = useTranslation('demo-email');
  const send = useSendEmail();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const fromMe = email.from.email === EMAIL_OWNER.email;
  const to = fromMe ? email.to : [{ name: email.from.name, email: email.from.email }];
  const submit = () => {
    if (!text.trim()) return;
    const subject = /^re:/i.test(email.subject) ? email.subject : `Re: ${email.subject}`;
    send.mutate(
      { email: { to, cc: [], bcc: [], subject, message: textToHtml(text) }, replyToId: email.id },
      {
        onSuccess: () => {
          notify(t('toast.replySent'));
          setText('');
          setOpen(false);
        },
        onError: () => notify(t('toast.failed')),
      },
    );
  };
  if (!open) {
    return (
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('detail.replyPrompt', { name: to[0]?.name ?? '' })}
        </Typography>
        <Button variant="outlined" startIcon={<ReplyIcon />} onClick={() => setOpen(true)} data-testid="email-reply">
          {t('detail.reply')}
        </Button>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('detail.replyTo', { names: to.map((person) => person.name).join(', ') })}
      </Typography>
      <TextField
        autoFocus
        fullWidth
        multiline
        minRows={4}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        placeholder={t('detail.replyPlaceholder')}
        slotProps={{ htmlInput: { 'aria-label': t('detail.replyPlaceholder'), 'data-testid': 'email-reply-input' } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1.5 }}>
        <Button onClick={() => setOpen(false)}>{t('detail.cancel')}</Button>
        <Button variant="contained" endIcon={<SendIcon />} onClick={submit} disabled={!text.trim() || send.isPending} data-testid="email-reply-send">
          {t('detail.send')}
        </Button>
      </Box>
    </Paper>
  );
}

export function EmailDetail({ id, params, onBack, onOpen, notify }: EmailDetailProps) {
  const { t } = useTranslation('demo-email');
  const query = useEmail(id, params);
  const update = useUpdateEmails();
  const { mutate: markRead } = useUpdateEmails();
  const toggleLabel = useUpdateEmailsLabel();
  const paginate = usePaginateEmail(params);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const markedRead = useRef<number | null>(null);
  const answer = query.data;
  const email = answer?.email;

  // Opening an unread email reads it, once per opening (marking it unread again stays).
  useEffect(() => {
    if (email && !email.isRead && markedRead.current !== email.id) {
      markedRead.current = email.id;
      markRead({ emailIds: [email.id], dataToUpdate: { isRead: true } });
    }
  }, [email, markRead]);

  if (query.isPending) {
    return (
      <Box sx={{ p: 3 }} aria-busy="true" aria-label={t('detail.loading')}>
        <Skeleton variant="text" width="60%" height={36} />
        <Skeleton variant="rounded" height={220} sx={{ mt: 2 }} />
      </Box>
    );
  }
  if (!answer || !email) {
    const missing = query.error instanceof DemoRequestError && query.error.status === 404;
    return (
      <Box sx={{ p: 3 }}>
        <Button startIcon={<ArrowBackIcon />} onClick={onBack} sx={{ mb: 2 }}>
          {t('detail.back')}
        </Button>
        {missing ? <Alert severity="info">{t('detail.notFound')}</Alert> : <ListError error={query.error} onRetry={query.refetch} />}
      </Box>
    );
  }

  const change = (dataToUpdate: TEmailChanges, message: string, leave = false) =>
    update.mutate(
      { emailIds: [email.id], dataToUpdate },
      {
        onSuccess: () => {
          notify(message);
          if (leave) onBack();
        },
        onError: () => notify(t('toast.failed')),
      },
    );
  const move = (folder: TEmailFolder) => change({ folder }, t('toast.moved', { count: 1, folder: t(`folders.${folder}`) }), true);
  const page = (dir: PageDirection) =>
    paginate.mutate({ emailId: email.id, dir }, { onSuccess: (answer) => onOpen(answer.email.id), onError: () => notify(t('toast.noNeighbour')) });

  const thread: ThreadMessage[] = [...email.replies].sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
  const earlier = thread.filter((message) => Date.parse(message.time) <= Date.parse(email.time));
  const later = thread.filter((message) => Date.parse(message.time) > Date.parse(email.time));
  const card = (message: ThreadMessage, collapsible: boolean) => (
    <MessageCard
      key={`${collapsible ? 'reply' : 'email'}-${message.id}`}
      message={message}
      collapsed={collapsible && !expanded.has(message.id)}
      onExpand={() => setExpanded((previous) => new Set(previous).add(message.id))}
    />
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="email-detail">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <ActionButton title={t('detail.back')} icon={<ArrowBackIcon />} onClick={onBack} data-testid="email-back" />
        <Typography component="h2" variant="h6" sx={{ flex: 1, minWidth: 0, fontWeight: 600 }} noWrap data-testid="email-detail-subject">
          {email.subject || t('list.noSubject')}
        </Typography>
        <ActionButton
          title={t('detail.previous')}
          icon={<ChevronLeftIcon />}
          disabled={!answer.hasPreviousMail || paginate.isPending}
          onClick={() => page('previous')}
          data-testid="email-previous"
        />
        <ActionButton
          title={t('detail.next')}
          icon={<ChevronRightIcon />}
          disabled={!answer.hasNextMail || paginate.isPending}
          onClick={() => page('next')}
          data-testid="email-next"
        />
      </Box>
      <Box role="group" aria-label={t('detail.toolbar')} sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, py: 0.5, borderBottom: 1, borderColor: 'divider', flexWrap: 'wrap' }}>
        {email.folder === 'trash' ? (
          <ActionButton title={t('actions.restore')} icon={<RestoreFromTrashOutlinedIcon />} onClick={() => move('inbox')} />
        ) : (
          <ActionButton title={t('actions.trash')} icon={<DeleteOutlineIcon />} onClick={() => move('trash')} data-testid="email-detail-trash" />
        )}
        <MoveToMenu current={email.folder} onMove={move} />
        <ActionButton
          title={t('actions.markUnread')}
          icon={<MarkEmailUnreadOutlinedIcon />}
          onClick={() => change({ isRead: false }, t('toast.markedUnread', { count: 1 }), true)}
        />
        <ActionButton
          title={email.isStarred ? t('actions.unstar') : t('actions.star')}
          icon={email.isStarred ? <StarIcon /> : <StarBorderIcon />}
          aria-pressed={email.isStarred}
          sx={{ color: email.isStarred ? 'warning.main' : undefined }}
          onClick={() => change({ isStarred: !email.isStarred }, t(email.isStarred ? 'toast.unstarred' : 'toast.starred', { count: 1 }))}
        />
        <LabelMenu
          hasLabel={(label) => email.labels.includes(label)}
          onToggle={(label) =>
            toggleLabel.mutate(
              { emailIds: [email.id], label },
              { onSuccess: () => notify(t('toast.labelToggled', { label: t(`labels.${label}`) })), onError: () => notify(t('toast.failed')) },
            )
          }
        />
        <Box sx={{ flex: 1 }} />
        {email.labels.map((label) => (
          <Chip key={label} size="small" color={LABEL_COLORS[label]} variant="outlined" label={t(`labels.${label}`)} />
        ))}
      </Box>
      <Stack spacing={2} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', p: { xs: 1.5, sm: 3 }, bgcolor: 'action.hover' }}>
        {earlier.map((message) => card(message, true))}
        {card(email, false)}
        {later.map((message) => card(message, false))}
        <ReplyBox email={email} notify={notify} />
      </Stack>
    </Box>
  );
}
