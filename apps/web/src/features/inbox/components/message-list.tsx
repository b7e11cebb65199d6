/**
 * The messages of a thread, oldest at the top and newest at the bottom, with day separators.
 *
 * Scrolling: opening a thread shows its end; older pages load when the top is scrolled into
 * view (IntersectionObserver; a button does the same for keyboards) and the view stays on the
 * message the user was reading; a new message scrolls into view only when the user was already
 * at the bottom (or sent it). Browser scroll anchoring is off so it does not fight these rules.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { TInboxMessage } from '@dinedesk/contracts';
import { Fragment, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, type Ref } from 'react';
import { useInboxT } from '../inbox-t.ts';
import { MessageItem, type DeliveryStatus } from './message-item.tsx';

/** Within this many pixels of the end counts as "at the bottom". */
const BOTTOM_SLACK_PX = 80;

export interface MessageListHandle {
  scrollToBottom: () => void;
}

export interface MessageListProps {
  conversationId: string;
  /** Oldest first. */
  messages: readonly TInboxMessage[];
  now: number;
  canReact: boolean;
  reactingId: string | null;
  /** When the guest last read the thread (ISO): the conversation's watermark or a newer socket receipt. */
  guestReadAt: string | null;
  /** Up to when the guest's app received the page's messages (ISO, Messenger `delivery`). */
  guestDeliveredAt?: string | null;
  onReact: (message: TInboxMessage, reaction: string | null) => void;
  hasOlder: boolean;
  isFetchingOlder: boolean;
  fetchOlder: () => void;
  olderError: string | null;
  handle?: Ref<MessageListHandle>;
}

function dayOf(iso: string): string {
  return new Date(iso).toDateString();
}

export function MessageList({
  conversationId,
  messages,
  now,
  canReact,
  reactingId,
  guestReadAt,
  guestDeliveredAt = null,
  onReact,
  hasOlder,
  isFetchingOlder,
  fetchOlder,
  olderError,
  handle,
}: MessageListProps) {
  const { t, language } = useInboxT();
  const scroller = useRef<HTMLDivElement | null>(null);
  const topSentinel = useRef<HTMLDivElement | null>(null);
  const atBottom = useRef(true);
  const previous = useRef<{ conversationId: string; oldestId?: string; newestId?: string; scrollHeight: number } | null>(null);

  const oldestId = messages[0]?.id;
  const newest = messages.at(-1);

  const scrollToBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
  }, []);
  useImperativeHandle(handle, () => ({ scrollToBottom }), [scrollToBottom]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = previous.current;
    if (!before || before.conversationId !== conversationId || before.newestId === undefined) {
      scrollToBottom();
    } else if (oldestId !== before.oldestId && newest?.id === before.newestId) {
      // Older messages were added above: keep the same message under the reader's eyes.
      el.scrollTop += el.scrollHeight - before.scrollHeight;
    } else if (newest?.id !== before.newestId && (atBottom.current || newest?.direction === 'page')) {
      scrollToBottom();
    }
    previous.current = { conversationId, oldestId, newestId: newest?.id, scrollHeight: el.scrollHeight };
  }, [conversationId, oldestId, newest?.id, newest?.direction, scrollToBottom]);

  const canAutoLoad = hasOlder && !isFetchingOlder && !olderError;
  useEffect(() => {
    const node = topSentinel.current;
    if (!node || !canAutoLoad || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fetchOlder();
      },
      { root: scroller.current, rootMargin: '300px 0px 0px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canAutoLoad, fetchOlder]);

  const onScroll = () => {
    const el = scroller.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK_PX;
  };
  // An image that finishes loading grows the thread; stay at the bottom if the reader was there.
  const onMediaLoad = useCallback(() => {
    if (atBottom.current) scrollToBottom();
  }, [scrollToBottom]);

  // "Seen" goes under the page's last message the guest has read.
  const seenId = guestReadAt
    ? messages.filter((m) => m.direction === 'page' && Date.parse(m.createdTime) <= Date.parse(guestReadAt)).at(-1)?.id
    : undefined;
  const readUntil = guestReadAt ? Date.parse(guestReadAt) : -Infinity;
  const deliveredUntil = Math.max(readUntil, guestDeliveredAt ? Date.parse(guestDeliveredAt) : -Infinity);
  const statusOf = (m: TInboxMessage): DeliveryStatus | null => {
    if (m.direction !== 'page') return null;
    const at = Date.parse(m.createdTime);
    return at <= readUntil ? 'read' : at <= deliveredUntil ? 'delivered' : 'sent';
  };
  const dayFormat = new Intl.DateTimeFormat(language, { dateStyle: 'medium' });

  return (
    <Box
      ref={scroller}
      onScroll={onScroll}
      role="log"
      aria-label={t('thread.messagesLabel')}
      aria-live="polite"
      aria-relevant="additions"
      aria-busy={isFetchingOlder}
      tabIndex={0}
      sx={{ flex: 1, minHeight: 0, overflowY: 'auto', overflowAnchor: 'none', py: 1, outlineOffset: -2 }}
    >
      <div ref={topSentinel} aria-hidden />
      {olderError && (
        <Alert severity="error" sx={{ mx: 2, mb: 1 }}>
          {olderError}
        </Alert>
      )}
      {hasOlder ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
          <Button
            size="small"
            onClick={fetchOlder}
            disabled={isFetchingOlder}
            startIcon={isFetchingOlder ? <CircularProgress size={14} /> : undefined}
            data-testid="thread-load-older"
          >
            {isFetchingOlder ? t('loading') : t('thread.loadOlder')}
          </Button>
        </Box>
      ) : (
        messages.length > 0 && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ textAlign: 'center', py: 1 }}>
            {t('thread.start')}
          </Typography>
        )
      )}
      <Box component="ol" sx={{ m: 0, p: 0 }}>
        {messages.map((message, index) => {
          const previousMessage = messages[index - 1];
          const newDay = !previousMessage || dayOf(previousMessage.createdTime) !== dayOf(message.createdTime);
          return (
            <Fragment key={message.id}>
              {newDay && (
                <Box component="li" sx={{ listStyle: 'none', px: 2, py: 1 }} aria-hidden>
                  <Divider>
                    <Typography variant="caption" color="text.secondary">
                      {dayFormat.format(new Date(message.createdTime))}
                    </Typography>
                  </Divider>
                </Box>
              )}
              <MessageItem
                message={message}
                now={now}
                canReact={canReact}
                reacting={reactingId === message.id}
                seen={message.id === seenId}
                status={statusOf(message)}
                onReact={onReact}
                onMediaLoad={onMediaLoad}
              />
            </Fragment>
          );
        })}
      </Box>
    </Box>
  );
}
