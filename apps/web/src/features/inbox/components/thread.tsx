/**
 * The open conversation: header (guest, reply window countdown, back button on phones), the
 * messages, and the composer for users who may send (`create Message`). Opening a conversation
 * with unread messages marks it read (`POST …/read`). Users who may open complaints flag the
 * conversation as one from the header (flag-complaint.tsx).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useAbility } from '@casl/react';
import type { TConversation, TInboxMessage, TInboxPage } from '@dinedesk/contracts';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppAbility } from '../../../lib/ability.ts';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useMessages } from '../api/get-messages.ts';
import type { ConversationRef } from '../api/keys.ts';
import { useGuestReceipts } from '../hooks/use-guest-receipts.ts';
import { useMarkConversationRead } from '../api/mark-conversation-read.ts';
import { useReactToMessage } from '../api/react-to-message.ts';
import { handleOf, initialsOf } from '../format.ts';
import { useInboxT } from '../inbox-t.ts';
import { SEND_MESSAGE } from '../permissions.ts';
import { effectiveWindow } from '../window.ts';
import { Composer } from './composer.tsx';
import { FlagComplaintButton, FlagComplaintResult, useFlagComplaint } from './flag-complaint.tsx';
import { MessageList, type MessageListHandle } from './message-list.tsx';
import { WindowStatus } from './window-status.tsx';

/** Height in px of a one-line message bubble, what the loading placeholders stand for. */
const MESSAGE_BUBBLE_HEIGHT = 44;

/** The later of two ISO times (either may be missing): a socket receipt or the stored watermark. */
function latest(a: string | null | undefined, b: string | null | undefined): string | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return Date.parse(a) >= Date.parse(b) ? a : b;
}

export interface ThreadProps {
  refs: ConversationRef;
  /** The conversation as listed (may be absent: a link to one not among the loaded pages). */
  listed: TConversation | undefined;
  page: TInboxPage | undefined;
  now: number;
  /** Shown on phones, where the list and the thread are two screens. */
  onBack?: () => void;
}

export function Thread({ refs, listed, page, now, onBack }: ThreadProps) {
  const { t } = useInboxT();
  const { t: appT } = useTranslation();
  const ability = useAbility<AppAbility>();
  const maySend = ability.can(SEND_MESSAGE.action, SEND_MESSAGE.subject);
  const messagesQuery = useMessages(refs);
  const receipts = useGuestReceipts(refs);
  const react = useReactToMessage();
  const { mutate: markRead } = useMarkConversationRead();
  const complaint = useFlagComplaint(refs);
  const list = useRef<MessageListHandle>(null);

  const conversation = listed ?? messagesQuery.data?.pages[0]?.conversation;
  const messages = useMemo<TInboxMessage[]>(() => {
    const seen = new Set<string>();
    const newestFirst: TInboxMessage[] = [];
    for (const page of messagesQuery.data?.pages ?? []) {
      for (const message of page.data) {
        if (seen.has(message.id)) continue;
        seen.add(message.id);
        newestFirst.push(message);
      }
    }
    return newestFirst.reverse();
  }, [messagesQuery.data]);

  // Mark read when opened with unread messages, and again if more arrive while it is open.
  // Keyed by the conversation's state so one state asks once, even across re-renders.
  const readRequested = useRef<string | null>(null);
  const unreadKey = conversation && conversation.unreadCount > 0 ? `${conversation.id}@${conversation.updatedTime}` : null;
  useEffect(() => {
    if (!unreadKey || readRequested.current === unreadKey) return;
    readRequested.current = unreadKey;
    markRead(refs, {
      onError: (error) => console.warn('[inbox] could not mark the conversation read', error),
    });
  }, [unreadKey, markRead, refs]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = messagesQuery;
  const fetchOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const { mutate: reactMutate, variables: reactVariables, isPending: reactPending } = react;
  const onReact = useCallback(
    (message: TInboxMessage, reaction: string | null) => reactMutate({ ...refs, messageId: message.id, reaction }),
    [reactMutate, refs],
  );

  const windowState = conversation ? effectiveWindow(conversation.window, now).state : null;
  // A page whose token Facebook refused cannot send until it is reconnected.
  const pageConnected = (page?.connected ?? true) && page?.health.status !== 'token_invalid';
  let disabledReason: string | null = null;
  if (!pageConnected) disabledReason = t('composer.notConnected');
  else if (windowState === 'closed') disabledReason = t('window.closedHelp');
  const guest = conversation?.guest;

  return (
    <Box
      component="section"
      data-testid="thread"
      data-conversation-id={refs.conversationId}
      aria-labelledby="inbox-thread-title"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}
    >
      {/* On a phone the flag button wraps under the guest's name and reply window rather than covering them. */}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5, rowGap: 1, px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        {onBack && (
          <IconButton edge="start" onClick={onBack} aria-label={t('thread.back')} data-testid="thread-back">
            <ArrowBackIcon />
          </IconButton>
        )}
        <Avatar sx={{ bgcolor: 'primary.main', width: 38, height: 38, fontSize: 15 }} aria-hidden>
          {guest ? initialsOf(guest.name) : '…'}
        </Avatar>
        <Box data-testid="thread-heading" sx={{ minWidth: 0, flex: '1 1 11rem' }}>
          <Typography id="inbox-thread-title" component="h2" variant="subtitle1" noWrap sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {guest ? guest.name : t('thread.title')}
            {guest && handleOf(guest) && (
              <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 0.75 }}>
                {handleOf(guest)}
              </Typography>
            )}
          </Typography>
          {conversation && <WindowStatus window={conversation.window} now={now} />}
        </Box>
        {complaint.allowed && <FlagComplaintButton pending={complaint.flag.isPending} onFlag={complaint.run} />}
      </Box>
      <FlagComplaintResult flag={complaint.flag} conversationId={refs.conversationId} />

      {react.isError && (
        <Alert severity="error" role="alert" onClose={() => react.reset()} sx={{ m: 1.5, mb: 0 }}>
          {describeError(react.error, appT)}
        </Alert>
      )}

      <ListState
        query={messagesQuery}
        isEmpty={messages.length === 0}
        skeleton={{ rows: 3, rowHeight: MESSAGE_BUBBLE_HEIGHT, shape: 'bubble', label: t('loading'), sx: { flex: 1, p: 2 } }}
        errorSx={{ m: 2 }}
        empty={<ListEmpty testId="thread-empty" title={t('thread.empty')} sx={{ flex: 1, display: 'grid', placeItems: 'center' }} />}
      >
        <MessageList
          handle={list}
          conversationId={refs.conversationId}
          messages={messages}
          now={now}
          canReact={maySend && pageConnected}
          reactingId={reactPending && reactVariables ? reactVariables.messageId : null}
          guestReadAt={latest(receipts.readAt, conversation?.guestReadAt)}
          guestDeliveredAt={latest(receipts.deliveredAt, conversation?.guestDeliveredAt)}
          onReact={onReact}
          hasOlder={hasNextPage}
          isFetchingOlder={isFetchingNextPage}
          fetchOlder={fetchOlder}
          olderError={messagesQuery.isFetchNextPageError ? describeError(messagesQuery.error, appT) : null}
        />
      </ListState>

      {maySend ? (
        <Composer
          key={refs.conversationId}
          conversation={refs}
          disabledReason={disabledReason}
          hint={windowState === 'human_agent' ? t('composer.humanAgentHint') : null}
          onSent={() => list.current?.scrollToBottom()}
        />
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ borderTop: 1, borderColor: 'divider', p: 2 }}>
          {t('composer.noPermission')}
        </Typography>
      )}
    </Box>
  );
}
