/**
 * Conversations of one page, most recent first (docs/requirements/calls.md conversations call),
 * with keyset paging: the next page loads when the end of the list scrolls into view
 * (IntersectionObserver), and a "Load more" button does the same for keyboards and browsers without
 * it. Not virtualised: a page rarely has more than a few hundred conversations, and rows are light.
 */
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { TConversation } from '@dinedesk/contracts';
import { memo, useEffect, useRef } from 'react';
import { formatFullTime, formatRelative, handleOf, initialsOf } from '../format.ts';
import { useInboxT, type InboxT } from '../inbox-t.ts';
import { srOnly } from '../../../components/sr-only.ts';

/** Snippets the server writes as `[kind]` (a message without text, an unsent one); shown in words. */
const SNIPPET_KINDS = ['image', 'video', 'audio', 'file', 'fallback', 'share', 'story_mention', 'reel', 'ig_reel', 'location', 'template', 'attachment', 'unsent'] as const;

/** The server's snippet for attachments is `[image]` etc.; shown in words. */
export function snippetText(snippet: string, t: InboxT): string {
  const kind = /^\[([a-z_]+)\]$/.exec(snippet)?.[1];
  const known = SNIPPET_KINDS.find((k) => k === kind);
  return known ? t(`attachment.${known}`) : snippet;
}

interface ItemProps {
  conversation: TConversation;
  selected: boolean;
  now: number;
  onSelect: (conversationId: string) => void;
}

const ConversationItem = memo(function ConversationItem({ conversation, selected, now, onSelect }: ItemProps) {
  const { t, language } = useInboxT();
  const { guest, unreadCount } = conversation;
  const unread = unreadCount > 0;
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(conversation.id)}
        data-testid="conversation-item"
        data-conversation-id={conversation.id}
        data-unread={unreadCount}
        sx={{ alignItems: 'flex-start', gap: 0.5, borderRadius: 1, py: 1 }}
      >
        <ListItemAvatar sx={{ minWidth: 48, mt: 0.25 }}>
          <Avatar sx={{ bgcolor: unread ? 'primary.main' : 'grey.400', width: 38, height: 38, fontSize: 15 }} aria-hidden>
            {initialsOf(guest.name)}
          </Avatar>
        </ListItemAvatar>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography component="span" noWrap sx={{ flexGrow: 1, fontWeight: unread ? 700 : 500 }}>
              {guest.name}
              {handleOf(guest) && (
                <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 0.75 }}>
                  {handleOf(guest)}
                </Typography>
              )}
            </Typography>
            <Typography
              component="time"
              variant="caption"
              color={unread ? 'primary' : 'text.secondary'}
              dateTime={conversation.updatedTime}
              title={formatFullTime(conversation.updatedTime, language)}
              sx={{ flexShrink: 0 }}
            >
              {formatRelative(conversation.updatedTime, now, language)}
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography
              variant="body2"
              color={unread ? 'text.primary' : 'text.secondary'}
              noWrap
              sx={{ flexGrow: 1, fontWeight: unread ? 600 : 400 }}
            >
              {snippetText(conversation.snippet, t) || t('conversations.noMessages')}
            </Typography>
            {unread && (
              <Box component="span" sx={srOnly}>
                {t('unread', { count: unreadCount })}
              </Box>
            )}
            {unread && (
              <Box
                component="span"
                data-testid="conversation-unread"
                aria-hidden
                sx={{
                  flexShrink: 0,
                  minWidth: 20,
                  height: 20,
                  px: 0.75,
                  borderRadius: 10,
                  bgcolor: 'error.main',
                  color: 'error.contrastText',
                  fontSize: 12,
                  fontWeight: 700,
                  lineHeight: '20px',
                  textAlign: 'center',
                }}
              >
                {unreadCount > 99 ? '99+' : unreadCount}
              </Box>
            )}
          </Box>
        </Box>
      </ListItemButton>
    </Box>
  );
});

export interface ConversationListProps {
  conversations: readonly TConversation[];
  selectedId: string | null;
  now: number;
  onSelect: (conversationId: string) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** Failure of a later page; the conversations already shown stay. */
  nextPageError: string | null;
}

export function ConversationList({
  conversations,
  selectedId,
  now,
  onSelect,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  nextPageError,
}: ConversationListProps) {
  const { t } = useInboxT();
  const sentinel = useRef<HTMLDivElement | null>(null);
  const canAutoLoad = hasNextPage && !isFetchingNextPage && !nextPageError;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canAutoLoad || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) fetchNextPage();
    }, { rootMargin: '200px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [canAutoLoad, fetchNextPage]);

  return (
    <Box>
      <List component="ul" aria-label={t('conversations.label')} data-testid="conversation-list" disablePadding sx={{ px: 1 }}>
        {conversations.map((conversation) => (
          <ConversationItem
            key={conversation.id}
            conversation={conversation}
            selected={conversation.id === selectedId}
            now={now}
            onSelect={onSelect}
          />
        ))}
      </List>
      <div ref={sentinel} aria-hidden />
      {nextPageError && (
        <Alert severity="error" sx={{ m: 1 }}>
          {nextPageError}
        </Alert>
      )}
      {hasNextPage && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1.5 }}>
          <Button
            size="small"
            onClick={fetchNextPage}
            disabled={isFetchingNextPage}
            startIcon={isFetchingNextPage ? <CircularProgress size={14} /> : undefined}
          >
            {isFetchingNextPage ? t('loading') : t('conversations.loadMore')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
