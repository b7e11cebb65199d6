/**
 * The internal comments of a review (docs/requirements/product.md): the team's own thread under the
 * public replies in the review detail, set apart by its tint and a note that it is never published.
 * Oldest first, "load more" for newer pages (`paging.nextCursor`), each comment with its author,
 * its time (relative, absolute in the title) and its text with the mentions highlighted; then
 * the composer for roles with `create InternalComment` (all but viewers), a line saying so for
 * the others.
 *
 * A chunk of its own, handed to the review detail by `app/` (lib/internal-comments.ts), so
 * neither the Reviews screen's first paint nor the detail's chunk carries it. The thread is
 * refetched when `reviews:changed` says `kind: 'internal'` for this review (the reviews realtime
 * binding), so teammates' comments appear without a reload.
 */
import LockIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useAbility } from '@casl/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import type { AppAbility } from '../../../lib/ability.ts';
import type { ThreadTarget } from '../../../lib/internal-comments.ts';
import { describeError } from '../../../lib/errors.ts';
import { useInternalComments } from '../api/internal-comments.ts';
import { useMinuteClock } from '../format.ts';
import { CommentText } from './comment-text.tsx';
import { CommentTime } from './comment-time.tsx';
import { InternalCommentComposer } from './internal-comment-composer.tsx';

/** What writing internal comments needs (docs/decisions/0003: every role of the module but viewers). */
export const WRITE_PERMISSION = { action: 'create', subject: 'InternalComment' } as const;

/** Height in px of a one-line comment, what the loading placeholders stand for. */
const COMMENT_HEIGHT = 56;

export interface InternalCommentsProps {
  /** A review's thread, or a ticket's (the same section in the ticket detail). */
  target: ThreadTarget;
}

export function InternalComments({ target }: InternalCommentsProps) {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('comments');
  const ability = useAbility<AppAbility>();
  const mayWrite = ability.can(WRITE_PERMISSION.action, WRITE_PERMISSION.subject);
  const thread = useInternalComments(target);
  const comments = thread.data?.pages.flatMap((page) => page.data) ?? [];
  const now = useMinuteClock();
  const headingId = useId();
  const noteId = useId();

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      aria-describedby={noteId}
      data-testid="internal-comments"
      sx={(theme) => ({
        p: 1.5,
        borderRadius: 1,
        border: `1px dashed ${alpha(theme.palette.warning.main, 0.6)}`,
        bgcolor: alpha(theme.palette.warning.main, 0.06),
        display: 'flex',
        flexDirection: 'column',
        gap: 1.5,
      })}
    >
      <Box>
        <Typography component="h3" variant="subtitle2" id={headingId}>
          {tc('thread.title')}
        </Typography>
        <Typography variant="caption" color="text.secondary" id={noteId} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <LockIcon aria-hidden sx={{ fontSize: 14 }} />
          {tc('thread.note')}
        </Typography>
      </Box>
      <ListState
        query={thread}
        isEmpty={comments.length === 0}
        skeleton={{ rows: 2, rowHeight: COMMENT_HEIGHT, spacing: 1, label: tc('thread.loading') }}
        empty={<ListEmpty testId="internal-comments-empty" title={tc('thread.empty')} description={mayWrite ? tc('thread.emptyHint') : undefined} sx={{ p: 1 }} />}
      >
        <Box component="ol" aria-label={tc('thread.list')} data-testid="internal-comment-list" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {comments.map((comment) => (
            <Box component="li" key={comment.id} data-testid="internal-comment" data-comment-id={comment.id} sx={{ bgcolor: 'background.paper', borderRadius: 1, p: 1.25 }}>
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.25 }}>
                <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }} data-testid="internal-comment-author">
                  {comment.authorName}
                </Box>
                {' · '}
                <CommentTime iso={comment.createdAt} now={now} />
              </Typography>
              <CommentText text={comment.text} mentions={comment.mentions} />
            </Box>
          ))}
        </Box>
        {thread.isFetchNextPageError && (
          <Typography variant="body2" color="error" role="alert">
            {describeError(thread.error, t)}
          </Typography>
        )}
        {thread.hasNextPage && (
          <Button
            size="small"
            sx={{ alignSelf: 'flex-start' }}
            disabled={thread.isFetchingNextPage}
            onClick={() => void thread.fetchNextPage()}
            data-testid="internal-comments-more"
          >
            {thread.isFetchingNextPage ? tc('thread.loadingMore') : tc('thread.loadMore')}
          </Button>
        )}
      </ListState>
      {mayWrite ? (
        <InternalCommentComposer target={target} />
      ) : (
        <Typography variant="body2" color="text.secondary" data-testid="internal-comments-read-only">
          {tc('composer.readOnly')}
        </Typography>
      )}
    </Box>
  );
}

export default InternalComments;
