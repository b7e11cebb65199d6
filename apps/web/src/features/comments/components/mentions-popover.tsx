/**
 * The bell's list of mentions: the signed-in user's mentions in this client, newest
 * first (`mention-notifications`, view `inbox`: unread and read), page by page. Each shows who
 * mentioned them, the start of the comment, and the review (reviewer, outlet, stars, source),
 * unread ones in bold. Opening one marks it read and goes to the review
 * (`/apps/reviews_and_complaints/reviews?review=<id>`, which fetches it when it is not in the
 * list); each can also be marked read or unread, or archived (it leaves the list), and "Mark all
 * read" clears the badge.
 *
 * A chunk of its own (MUI Popover and List), fetched by the bell when it is pointed at, focused or
 * clicked. The popover is a dialog: focus moves into it and returns to the bell on close (Esc).
 */
import ArchiveIcon from '@mui/icons-material/ArchiveOutlined';
import MarkReadIcon from '@mui/icons-material/MarkEmailReadOutlined';
import MarkUnreadIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import type { TMentionNotification } from '@dinedesk/contracts';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { srOnly } from '../../../components/sr-only.ts';
import { describeError } from '../../../lib/errors.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useMentionInbox, useMentionUnreadCount, useSetMentionStatus } from '../api/mention-notifications.ts';
import { useMinuteClock } from '../format.ts';
import { CommentTime } from './comment-time.tsx';

/** Height in px of a mention row, what the loading placeholders stand for. */
const ROW_HEIGHT = 88;

/** The review a mention links to (the reviews screen opens it from `?review=`). */
export const reviewPath = (reviewId: string) => `${PATHS.reviews}?review=${encodeURIComponent(reviewId)}`;
/** The ticket a mention links to (the tickets screen opens it from `?ticket=`). */
export const ticketPath = (ticketId: string) => `${PATHS.tickets}?ticket=${encodeURIComponent(ticketId)}`;
/** Where a mention is: its review, or its ticket (tickets have the same thread). */
export const mentionPath = (mention: TMentionNotification) => (mention.review ? reviewPath(mention.review.id) : ticketPath(mention.ticket?.id ?? ''));

export interface MentionsPopoverProps {
  id: string;
  /** The bell; the popover is open while it is set. */
  anchor: HTMLElement | null;
  onClose: () => void;
}

function MentionRow({ mention, now, onOpen, onStatus, busy }: {
  mention: TMentionNotification;
  now: number;
  onOpen: () => void;
  onStatus: (status: 'read' | 'unread' | 'archived') => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('comments');
  const unread = mention.status === 'unread';
  const { review, ticket } = mention;
  return (
    <ListItem
      disablePadding
      divider
      data-testid="mention-item"
      data-status={mention.status}
      data-review-id={review?.id}
      data-ticket-id={ticket?.id}
      sx={{ alignItems: 'stretch' }}
    >
      <ListItemButton onClick={onOpen} sx={{ flexDirection: 'column', alignItems: 'flex-start', gap: 0.25, py: 1 }} data-testid="mention-open">
        <Typography variant="body2" sx={{ fontWeight: unread ? 700 : 400, display: 'flex', alignItems: 'center', gap: 0.75 }}>
          {unread && (
            <>
              <Box component="span" aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }} />
              <Box component="span" sx={srOnly}>
                {tc('bell.unread')}:
              </Box>
            </>
          )}
          {tc('bell.mentionedYou', { author: mention.author.fullName })}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere', fontWeight: unread ? 600 : 400 }}
        >
          {mention.excerpt}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {review ? (
            <>
              {tc('bell.onReview', { reviewer: review.reviewerName, outlet: review.outletName })}
              {review.rating !== null && (
                <>
                  {' · '}
                  <Box component="span" role="img" aria-label={tc('bell.stars', { count: review.rating })} sx={{ color: 'warning.main', letterSpacing: 1 }}>
                    {'★'.repeat(review.rating)}
                  </Box>
                </>
              )}
              {' · '}
              {t(`reviews.source.${review.source}`)}
            </>
          ) : (
            tc('bell.onTicket', { id: ticket?.id ?? '', title: ticket?.title ?? '', outlet: ticket?.outletName ?? '' })
          )}
          {' · '}
          <CommentTime iso={mention.createdAt} now={now} />
        </Typography>
      </ListItemButton>
      <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', pr: 0.5 }}>
        <IconButton
          size="small"
          disabled={busy}
          onClick={() => onStatus(unread ? 'read' : 'unread')}
          aria-label={unread ? tc('bell.markRead') : tc('bell.markUnread')}
          title={unread ? tc('bell.markRead') : tc('bell.markUnread')}
          data-testid={unread ? 'mention-mark-read' : 'mention-mark-unread'}
        >
          {unread ? <MarkReadIcon fontSize="small" /> : <MarkUnreadIcon fontSize="small" />}
        </IconButton>
        <IconButton size="small" disabled={busy} onClick={() => onStatus('archived')} aria-label={tc('bell.archive')} title={tc('bell.archive')} data-testid="mention-archive">
          <ArchiveIcon fontSize="small" />
        </IconButton>
      </Box>
    </ListItem>
  );
}

function MentionsPopover({ id, anchor, onClose }: MentionsPopoverProps) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('comments');
  const navigate = useNavigate();
  const inbox = useMentionInbox();
  const status = useSetMentionStatus();
  // The badge's count (the same query as the bell's; every status change's answer updates it).
  const unread = useMentionUnreadCount().data ?? 0;
  const mentions = inbox.data?.pages.flatMap((page) => page.data) ?? [];
  const now = useMinuteClock();
  const titleId = useId();
  const listRef = useRef<HTMLUListElement | null>(null);

  // The button goes away with the last page: focus moves to the first mention loaded, so it
  // stays in the popover (and Esc still closes it) instead of falling back to the page.
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const at = focusAt.current;
    if (at === null || mentions.length <= at) return;
    focusAt.current = null;
    listRef.current?.querySelectorAll<HTMLElement>('[data-testid="mention-open"]')[at]?.focus();
  }, [mentions.length]);
  const loadMore = () => {
    focusAt.current = mentions.length;
    void inbox.fetchNextPage();
  };

  const open = (mention: TMentionNotification) => {
    if (mention.status === 'unread') status.mutate({ ids: [mention.id], status: 'read' });
    onClose();
    void navigate(mentionPath(mention));
  };

  return (
    <Popover
      id={id}
      open={Boolean(anchor)}
      anchorEl={anchor}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': titleId,
          sx: { width: 400, maxWidth: 'calc(100vw - 16px)', maxHeight: 'min(560px, calc(100vh - 96px))', display: 'flex', flexDirection: 'column' },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1.25 }} data-testid="mentions-header">
        <Typography component="h2" variant="subtitle1" id={titleId} sx={{ fontWeight: 600, mr: 'auto' }}>
          {tc('bell.title')}
        </Typography>
        <Button size="small" disabled={unread === 0 || status.isPending} onClick={() => status.mutate({ allUnread: true, status: 'read' })} data-testid="mentions-mark-all-read">
          {tc('bell.markAllRead')}
        </Button>
      </Box>
      <Divider />
      {status.isError && (
        <Alert severity="error" role="alert" sx={{ m: 1 }}>
          {describeError(status.error, t)}
        </Alert>
      )}
      <Box sx={{ overflowY: 'auto', flexGrow: 1 }}>
        <ListState
          query={inbox}
          isEmpty={mentions.length === 0}
          skeleton={{ rows: 3, rowHeight: ROW_HEIGHT, spacing: 1, label: tc('bell.loading'), sx: { p: 1.5 } }}
          errorSx={{ m: 1.5 }}
          empty={<ListEmpty testId="mentions-empty" title={tc('bell.empty')} description={tc('bell.emptyHint')} sx={{ p: 3 }} />}
        >
          <List ref={listRef} aria-label={tc('bell.list')} data-testid="mention-list" sx={{ py: 0 }}>
            {mentions.map((mention) => (
              <MentionRow
                key={mention.id}
                mention={mention}
                now={now}
                onOpen={() => open(mention)}
                onStatus={(next) => status.mutate({ ids: [mention.id], status: next })}
                busy={status.isPending}
              />
            ))}
          </List>
          {inbox.isFetchNextPageError && (
            <Typography variant="body2" color="error" role="alert" sx={{ px: 2, py: 1 }}>
              {describeError(inbox.error, t)}
            </Typography>
          )}
          {inbox.hasNextPage && (
            <Box sx={{ p: 1, textAlign: 'center' }}>
              <Button size="small" disabled={inbox.isFetchingNextPage} onClick={loadMore} data-testid="mentions-more">
                {inbox.isFetchingNextPage ? tc('bell.loadingMore') : tc('bell.loadMore')}
              </Button>
            </Box>
          )}
        </ListState>
      </Box>
    </Popover>
  );
}

export default MentionsPopover;
