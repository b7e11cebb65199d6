/**
 * The public thread under a review. Page replies are set apart (right-aligned, tinted) from
 * guests' comments, and name the DineDesk user who wrote them when known (`authorName`). With a
 * review, the page's own replies offer Edit (the composer, prefilled; `create ReviewReply`) and
 * Delete after a confirmation (`delete ReviewReply`), both through Facebook.
 */
import { useAbility } from '@casl/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { TFbComment, TReview } from '@dinedesk/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { useDeleteFbReply } from '../api/reply-fb-review.ts';
import { formatDate } from '../format.ts';
import { platformError } from '../platform-errors.ts';
import { ReplyComposer } from './reply-composer.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';

/** Edit and Delete of one of the page's replies. */
function PageReplyActions({ comment, review }: { comment: TFbComment; review: TReview }) {
  const { t } = useTranslation();
  const { t: tr } = useTranslation('reviews');
  const ability = useAbility<AppAbility>();
  const mayEdit = ability.can('create', SUBJECTS.reviewReply);
  const mayDelete = ability.can('delete', SUBJECTS.reviewReply);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteFbReply();
  if (!mayEdit && !mayDelete) return null;
  if (editing) {
    return (
      <Box sx={{ width: '100%', mt: 1, bgcolor: 'background.paper', color: 'text.primary', borderRadius: 1, p: 1 }}>
        <ReplyComposer review={review} initial={comment.message} editCommentId={comment.id} onSent={() => setEditing(false)} />
        <Button size="small" onClick={() => setEditing(false)}>
          {tr('google.keep')}
        </Button>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap', mt: 0.5 }}>
      {remove.isError && (
        <Alert severity="error" role="alert" sx={{ width: '100%' }}>
          {platformError(remove.error, t, tr)}
        </Alert>
      )}
      {mayEdit && (
        <Button size="small" color="inherit" onClick={() => setEditing(true)} data-testid="fb-reply-edit">
          {tr('google.edit')}
        </Button>
      )}
      {mayDelete && (
        <ConfirmDelete
          question={tr('facebookReply.confirmDelete')}
          pending={remove.isPending}
          onDelete={(settled) => remove.mutate({ pageId: review.pageId ?? '', reviewId: review.id, commentId: comment.id }, { onSettled: settled })}
          testId="fb-reply-delete"
          tone="inherit"
        />
      )}
    </Box>
  );
}

function CommentItem({ comment, review }: { comment: TFbComment; review: TReview | undefined }) {
  const { t: tr, i18n } = useTranslation('reviews');
  const page = comment.isPageReply;
  const who = page
    ? comment.authorName
      ? tr('comments.pageReplyBy', { name: comment.authorName })
      : tr('comments.pageReply')
    : (comment.from?.name ?? tr('comments.unknownAuthor'));
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
      {page && review && comment.from?.id === review.pageId && <PageReplyActions comment={comment} review={review} />}
    </Box>
  );
}

/** The comments of a review, oldest first; its loading, error and empty states are the caller's ListState. */
export function CommentThread({ comments, review }: { comments: readonly TFbComment[]; review?: TReview }) {
  const { t: tr } = useTranslation('reviews');
  return (
    <Box
      component="ul"
      aria-label={tr('comments.title')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, p: 0, m: 0 }}
    >
      {comments.map((comment) => (
        <CommentItem key={comment.id} comment={comment} review={review} />
      ))}
    </Box>
  );
}
