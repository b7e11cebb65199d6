/**
 * The open conversation (docs/requirements/calls.md get-chat, send-msg): the contact's header
 * (opens their profile drawer), the messages cut into days and runs of one sender (the template's
 * grouped bubbles; the user's on the right in the primary colour), and the composer: Enter sends,
 * Shift+Enter starts a new line. The log scrolls to the latest message and is announced politely.
 */
import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { DemoRequestError } from '../../mock/demo-fetch.ts';
import { useChat } from '../api/get-chat.ts';
import { useSendMessage } from '../api/send-message.ts';
import type { TChatContact, TProfileUser } from '../schema.ts';
import { dayKeyOf, formatMessageTime, groupMessages, type MessageRun } from './chat-format.ts';
import { StatusAvatar } from './status-avatar.tsx';

export interface ConversationProps {
  contactId: number;
  profile: TProfileUser;
  onOpenContact: (contact: TChatContact) => void;
  /** Opens the sidebar drawer (phones); absent when the sidebar is shown. */
  onMenu?: (() => void) | undefined;
}

function Run({ run, mine, person, language }: { run: MessageRun; mine: boolean; person: { fullName: string; avatar: string; status: TChatContact['status'] }; language: string }) {
  const last = run.messages.at(-1);
  return (
    <Box sx={{ display: 'flex', flexDirection: mine ? 'row-reverse' : 'row', alignItems: 'flex-end', gap: 1.5, mb: 2 }} data-testid={mine ? 'chat-run-mine' : 'chat-run-theirs'}>
      <StatusAvatar name={person.fullName} avatar={person.avatar} status={person.status} size={32} />
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: mine ? 'flex-end' : 'flex-start', gap: 0.5, maxWidth: { xs: '80%', md: '65%' }, minWidth: 0 }}>
        {run.messages.map((message, i) => (
          <Box
            key={`${message.time}-${i}`}
            data-testid="chat-message"
            sx={{
              px: 2,
              py: 1,
              borderRadius: 2,
              [mine ? 'borderBottomRightRadius' : 'borderBottomLeftRadius']: i === run.messages.length - 1 ? 4 : undefined,
              bgcolor: mine ? 'primary.main' : 'background.paper',
              color: mine ? 'primary.contrastText' : 'text.primary',
              boxShadow: 1,
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
              typography: 'body2',
            }}
          >
            {message.message}
          </Box>
        ))}
        {last && (
          <Typography variant="caption" color="text.secondary">
            <time dateTime={last.time}>{formatMessageTime(last.time, language)}</time>
          </Typography>
        )}
      </Box>
    </Box>
  );
}

function Composer({ contact }: { contact: TChatContact }) {
  const { t } = useTranslation('demo-chat');
  const send = useSendMessage();
  const [text, setText] = useState('');
  const [failed, setFailed] = useState(false);
  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = text.trim();
    if (!message) return;
    setText('');
    setFailed(false);
    send.mutate(
      { contact, message },
      {
        onError: () => {
          // Nothing typed is lost: the text comes back to the box.
          setText((current) => current || message);
          setFailed(true);
        },
      },
    );
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ p: 1.5, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
      {failed && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('conversation.sendFailed')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-end' }}>
        <TextField
          fullWidth
          multiline
          maxRows={4}
          size="small"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          placeholder={t('conversation.placeholder')}
          slotProps={{ htmlInput: { 'aria-label': t('conversation.messageTo', { name: contact.fullName }), 'data-testid': 'chat-composer-input' } }}
        />
        <Button type="submit" variant="contained" endIcon={<SendIcon />} disabled={!text.trim()} data-testid="chat-send" sx={{ flexShrink: 0 }}>
          {t('conversation.send')}
        </Button>
      </Box>
    </Box>
  );
}

export function Conversation({ contactId, profile, onOpenContact, onMenu }: ConversationProps) {
  const { t, i18n } = useTranslation('demo-chat');
  const query = useChat(contactId);
  const log = useRef<HTMLDivElement>(null);
  const contact = query.data?.contact;
  const messages = query.data?.chat?.chat;
  const count = messages?.length ?? 0;

  // The latest message in view on opening and after each new one.
  useLayoutEffect(() => {
    const element = log.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [count, contactId]);

  if (!contact) {
    const missing = query.error instanceof DemoRequestError && query.error.status === 404;
    return (
      <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        {query.isPending ? (
          <ListSkeleton rows={6} rowHeight={40} shape="bubble" label={t('conversation.loading')} sx={{ p: 3 }} />
        ) : missing ? (
          <Alert severity="info" sx={{ m: 3 }}>
            {t('conversation.notFound')}
          </Alert>
        ) : (
          <ListError error={query.error} onRetry={query.refetch} sx={{ m: 3 }} />
        )}
      </Box>
    );
  }

  const today = new Date();
  const yesterday = new Date(today.getTime() - 24 * 60 * 60 * 1000);
  const dayLabel = (iso: string) => {
    const key = dayKeyOf(iso);
    if (key === today.toDateString()) return t('conversation.today');
    if (key === yesterday.toDateString()) return t('conversation.yesterday');
    return new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full' }).format(new Date(iso));
  };

  return (
    <Box sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }} data-testid="chat-conversation">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider', minHeight: 64, bgcolor: 'background.paper' }}>
        {onMenu && (
          <IconButton aria-label={t('sidebar.open')} onClick={onMenu} edge="start">
            <MenuIcon />
          </IconButton>
        )}
        <ButtonBase
          onClick={() => onOpenContact(contact)}
          aria-haspopup="dialog"
          sx={{ display: 'flex', alignItems: 'center', gap: 1.5, borderRadius: 1, px: 0.5, py: 0.25, textAlign: 'left', minWidth: 0 }}
          data-testid="chat-contact-open"
        >
          <StatusAvatar name={contact.fullName} avatar={contact.avatar} status={contact.status} />
          <Box sx={{ minWidth: 0 }}>
            <Typography component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 600, lineHeight: 1.3 }} data-testid="chat-contact-name">
              {contact.fullName}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {contact.role}
            </Typography>
          </Box>
        </ButtonBase>
      </Box>
      <Box
        ref={log}
        role="log"
        aria-live="polite"
        aria-label={t('conversation.log', { name: contact.fullName })}
        tabIndex={0}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1.5, sm: 3 }, py: 2, bgcolor: 'background.default', outline: 'none', '&:focus-visible': { boxShadow: (theme) => `inset 0 0 0 2px ${theme.palette.primary.main}` } }}
        data-testid="chat-log"
      >
        {!messages || messages.length === 0 ? (
          <ListEmpty icon={<ChatBubbleOutlineIcon />} title={t('conversation.empty', { name: contact.fullName })} description={t('conversation.emptyHelp')} />
        ) : (
          groupMessages(messages).map((day) => (
            <Box key={day.day}>
              <Divider sx={{ my: 2 }}>
                <Chip size="small" label={dayLabel(day.time)} variant="outlined" />
              </Divider>
              {day.runs.map((run, i) => {
                const mine = run.senderId === profile.id;
                return <Run key={`${day.day}-${i}`} run={run} mine={mine} person={mine ? profile : contact} language={i18n.language} />;
              })}
            </Box>
          ))
        )}
      </Box>
      <Composer key={contact.id} contact={contact} />
    </Box>
  );
}
