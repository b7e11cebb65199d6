/**
 * The public thread under a review. Page replies are set apart (right-aligned, tinted) from
 * guests' comments, and name the DineDesk user who wrote them when known (`authorName`).
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TFbComment } from '@dinedesk/contracts';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../format.ts';

function CommentItem({ comment }: { comment: TFbComment }) {
  const { t, i18n } = useTranslation();
  const page = comment.isPageReply;
  const who = page
    ? comment.authorName
      ? t('reviews.comments.pageReplyBy', { name: comment.authorName })
      : t('reviews.comments.pageReply')
    : (comment.from?.name ?? t('reviews.comments.unknownAuthor'));
  return (
    <Box
      component="li"
      data-testid="comment-item"
      data-comment-id={comment.id}
      data-page-reply={page ? 'true' : 'false'}
      sx={{
        listStyle: 'none',
        alignSelf: page ? 'flex-end' : 'flex-start',
        maxWidth: '90%',
        px: 1.5,
        py: 1,
        borderRadius: 2,
        bgcolor: page ? 'primary.main' : 'action.hover',
        color: page ? 'primary.contrastText' : 'text.primary',
      }}
    >
      <Typography variant="caption" component="p" sx={{ fontWeight: 600, opacity: 0.9 }}>
        {who}
        {' · '}
        <time dateTime={comment.createdTime}>{formatDate(comment.createdTime, i18n.language, true)}</time>
      </Typography>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {comment.message}
      </Typography>
    </Box>
  );
}

/** The comments of a review, oldest first; its loading, error and empty states are the caller's ListState. */
export function CommentThread({ comments }: { comments: readonly TFbComment[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="ul"
      aria-label={t('reviews.comments.title')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 0, m: 0 }}
    >
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} />
      ))}
    </Box>
  );
}
