/**
 * Detail of one review: full text, then by source: Facebook's public comment thread (with a
 * notice when Facebook was unreachable and a stored copy is shown) and the reply composer, or
 * Google's one reply with Edit (the composer, prefilled) and Delete (after a confirmation; roles
 * with `delete ReviewReply`). Replying needs `create ReviewReply` (docs/requirements/roles.md).
 * Under them, the team's internal comments, a section of the comments feature that `app/` hands in
 * (lib/internal-comments.ts) and that loads lazily on its own.
 *
 * A review opened from a link (a mention) that the loaded list does not hold is fetched here by
 * id (api/get-linked-review.ts); when the server does not return it (deleted, or an outlet the
 * user does not see) the detail says so.
 *
 * Keyboard: when it opens, or shows another review, focus moves to its heading, so
 * a keyboard or screen-reader user lands in it; Esc closes it from anywhere on the page, unless
 * something inside has already handled the key (an open menu or select closes itself first).
 * The list returns focus to the review's card on close (reviews-page.tsx).
 */
import CloseIcon from '@mui/icons-material/Close';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useAbility } from '@casl/react';
import type { TReview } from '@dinedesk/contracts';
import { Suspense, useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { describeError } from '../../../lib/errors.ts';
import { ReviewPanelsContext } from '../../../lib/internal-comments.ts';
import { useFbComments } from '../api/get-fb-comments.ts';
import { useLinkedReview } from '../api/get-linked-review.ts';
import { useDeleteGoogleReply } from '../api/reply-google-review.ts';
import { platformError } from '../platform-errors.ts';
import { formatDate } from '../format.ts';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { CommentThread } from './comment-thread.tsx';
import { ReplyComposer } from './reply-composer.tsx';
import { ReviewRating } from './review-rating.tsx';
import { ConfirmDelete } from './confirm-delete.tsx';
import { useEscapeToClose } from '../../../lib/use-escape-to-close.ts';

export const REPLY_PERMISSION = { action: 'create', subject: SUBJECTS.reviewReply } as const;

export interface ReviewDetailProps {
  /** The review, or null when the id in the URL is not among the loaded reviews. */
  review: TReview | null;
  /** The id in the URL, asked for when `lookUp` and `review` is null. */
  reviewId?: string | null;
  /** The list is still loading, so a missing review may yet appear. */
  loading?: boolean;
  /** The list has loaded without the review: ask the server for it by id (a mention's link). */
  lookUp?: boolean;
  onClose: () => void;
}

/** A link to a review the server does not show this user (mention links). */
function ReviewNotFound() {
  // The comments namespace has this string; it loads only when the case arises.
  const { t } = useTranslation('comments');
  return (
    <Alert severity="info" data-testid="review-not-found">
      {t('link.notFound')}
    </Alert>
  );
}

/** Height in px of a one-line comment bubble, what the loading placeholders stand for. */
const COMMENT_HEIGHT = 48;

function Comments({ review }: { review: TReview }) {
  const { t: tr } = useTranslation('reviews');
  const comments = useFbComments({ pageId: review.pageId ?? '', reviewId: review.id });
  const rows = comments.data?.data ?? [];
  return (
    <>
      {comments.data?.source === 'cache' && (
        <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="comments-cache-notice">
          {comments.data.notice ?? tr('comments.cacheNotice')}
        </Alert>
      )}
      <ListState
        query={comments}
        isEmpty={rows.length === 0}
        skeleton={{ rows: 2, rowHeight: COMMENT_HEIGHT, spacing: 1, label: tr('comments.loading') }}
        empty={<ListEmpty testId="comments-empty" title={tr('comments.empty')} sx={{ p: 1 }} />}
      >
        <CommentThread comments={rows} review={review} />
      </ListState>
    </>
  );
}

/** A Google review's one reply, with Edit and Delete for those who may. */
function GoogleReply({ review, mayReply }: { review: TReview; mayReply: boolean }) {
  const { t, i18n } = useTranslation();
  const { t: tr } = useTranslation('reviews');
  const ability = useAbility<AppAbility>();
  const mayDelete = ability.can('delete', SUBJECTS.reviewReply);
  const [editing, setEditing] = useState(false);
  const remove = useDeleteGoogleReply();
  const reply = review.reply;
  if (!reply || editing) {
    if (!mayReply) {
      return (
        <Typography variant="body2" color="text.secondary">
          {reply ? null : tr('reply.noPermission')}
        </Typography>
      );
    }
    // Keyed by review and mode only: a reply's new time must not remount the composer before it
    // hears that its edit went out (and closes).
    return <ReplyComposer key={`${review.id}:${reply ? 'edit' : 'new'}`} review={review} initial={reply?.comment ?? ''} onSent={() => setEditing(false)} />;
  }
  return (
    <Box data-testid="google-reply" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ bgcolor: 'action.hover', borderRadius: 1, p: 1.5 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {tr('google.replyBy', { name: reply.authorName ?? review.outletName })}
          {' · '}
          <time dateTime={reply.updateTime}>{formatDate(reply.updateTime, i18n.language, true)}</time>
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{reply.comment}</Typography>
      </Box>
      {review.needsReply && (
        <Alert severity="info" data-testid="google-edited-after-reply">
          {tr('google.editedAfterReply')}
        </Alert>
      )}
      {remove.isError && (
        <Alert severity="error" role="alert">
          {platformError(remove.error, t, tr)}
        </Alert>
      )}
      {(mayReply || mayDelete) && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          {mayReply && (
            <Button size="small" startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="google-reply-edit">
              {tr('google.edit')}
            </Button>
          )}
          {mayDelete && (
            <ConfirmDelete
              question={tr('google.confirmDelete')}
              pending={remove.isPending}
              onDelete={(settled) => remove.mutate({ reviewId: review.id }, { onSettled: settled })}
              testId="google-reply-delete"
              tone="error"
            />
          )}
        </Box>
      )}
    </Box>
  );
}

function ReviewDetail({ review: listed, reviewId: wantedId = null, loading: listLoading = false, lookUp = false, onClose }: ReviewDetailProps) {
  const { t, i18n } = useTranslation();
  const { t: tr } = useTranslation('reviews');
  const { InternalComments, OpenComplaint } = useContext(ReviewPanelsContext);
  const linked = useLinkedReview(wantedId, lookUp && !listed);
  const review = listed ?? linked.review;
  const loading = listLoading || linked.loading;
  const ability = useAbility<AppAbility>();
  const mayReply = ability.can(REPLY_PERMISSION.action, REPLY_PERMISSION.subject);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const reviewId = review?.id;

  useEffect(() => {
    headingRef.current?.focus();
  }, [reviewId]);

  useEscapeToClose(onClose);

  return (
    <Box
      component="section"
      data-testid="review-detail"
      aria-labelledby="review-detail-title"
      sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography
            id="review-detail-title"
            ref={headingRef}
            tabIndex={-1}
            component="h2"
            variant="h6"
            sx={{ outline: 'none' }}
          >
            {review ? review.reviewer.name : tr('detail.title')}
          </Typography>
          {review && (
            <Typography variant="caption" color="text.secondary">
              <time dateTime={review.createdTime}>{formatDate(review.createdTime, i18n.language, true)}</time>
              {' · '}
              {review.outletName}
              {' · '}
              {review.link ? (
                <Link href={review.link} target="_blank" rel="noopener noreferrer">
                  {t(`reviews.source.${review.source}`)}
                </Link>
              ) : (
                t(`reviews.source.${review.source}`)
              )}
              {review.sentiment && ` · ${t(`reviews.sentiment.${review.sentiment}`)}`}
            </Typography>
          )}
        </Box>
        <IconButton onClick={onClose} aria-label={tr('detail.close')}>
          <CloseIcon />
        </IconButton>
      </Box>

      {!review ? (
        loading ? (
          <Skeleton variant="rounded" height={160} aria-label={t('common.loading')} />
        ) : linked.error ? (
          <Alert severity="error">{describeError(linked.error, t)}</Alert>
        ) : linked.notFound ? (
          <Suspense fallback={<Skeleton variant="rounded" height={48} aria-label={t('common.loading')} />}>
            <ReviewNotFound />
          </Suspense>
        ) : (
          <Alert severity="info">{tr('detail.notLoaded')}</Alert>
        )
      ) : (
        <>
          <Box sx={{ alignSelf: 'flex-start' }}>
            <ReviewRating review={review} />
          </Box>
          <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {review.text || t('reviews.noText')}
          </Typography>
          <Divider />
          {review.source === 'google' ? (
            <>
              <Typography component="h3" variant="subtitle2">
                {tr('reply.title')}
              </Typography>
              <GoogleReply review={review} mayReply={mayReply} />
            </>
          ) : (
            <>
              <Typography component="h3" variant="subtitle2">
                {tr('comments.title')}
              </Typography>
              <Comments review={review} />
              <Divider />
              {mayReply ? (
                <ReplyComposer key={review.id} review={review} />
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {tr('reply.noPermission')}
                </Typography>
              )}
            </>
          )}
          {OpenComplaint && (
            <Suspense fallback={null}>
              <OpenComplaint key={review.id} reviewId={review.id} />
            </Suspense>
          )}
          {InternalComments && (
            <Suspense fallback={<Skeleton variant="rounded" height={160} aria-label={t('common.loading')} />}>
              <InternalComments key={review.id} target={{ reviewId: review.id }} />
            </Suspense>
          )}
        </>
      )}
    </Box>
  );
}

export default ReviewDetail;
