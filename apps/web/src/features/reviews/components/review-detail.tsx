/**
 * Detail of one review: full text, the public comment thread (with a notice when Facebook was
 * unreachable and a stored copy is shown), and the reply composer for users who may reply
 * (`create ReviewReply`, spec §6).
 *
 * Keyboard (issue #10): when it opens, or shows another review, focus moves to its heading, so
 * a keyboard or screen-reader user lands in it; Esc closes it from anywhere on the page, unless
 * something inside has already handled the key (an open menu or select closes itself first).
 * The list returns focus to the review's card on close (reviews-page.tsx).
 */
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useAbility } from '@casl/react';
import type { TFbReview } from '@dinedesk/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { useFbComments } from '../api/get-fb-comments.ts';
import { formatDate } from '../format.ts';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { CommentThread } from './comment-thread.tsx';
import { ReplyComposer } from './reply-composer.tsx';
import { ReviewRating } from './review-rating.tsx';

export const REPLY_PERMISSION = { action: 'create', subject: SUBJECTS.reviewReply } as const;

export interface ReviewDetailProps {
  /** The review, or null when the id in the URL is not among the loaded reviews. */
  review: TFbReview | null;
  /** The list is still loading, so a missing review may yet appear. */
  loading?: boolean;
  onClose: () => void;
}

/** Height in px of a one-line comment bubble, what the loading placeholders stand for. */
const COMMENT_HEIGHT = 48;

function Comments({ review }: { review: TFbReview }) {
  const { t } = useTranslation();
  const comments = useFbComments({ pageId: review.pageId, reviewId: review.id });
  const rows = comments.data?.data ?? [];
  return (
    <>
      {comments.data?.source === 'cache' && (
        <Alert severity="warning" sx={{ mb: 1.5 }} data-testid="comments-cache-notice">
          {comments.data.notice ?? t('reviews.comments.cacheNotice')}
        </Alert>
      )}
      <ListState
        query={comments}
        isEmpty={rows.length === 0}
        skeleton={{ rows: 2, rowHeight: COMMENT_HEIGHT, spacing: 1, label: t('reviews.comments.loading') }}
        empty={<ListEmpty testId="comments-empty" title={t('reviews.comments.empty')} sx={{ p: 1 }} />}
      >
        <CommentThread comments={rows} />
      </ListState>
    </>
  );
}

export function ReviewDetail({ review, loading = false, onClose }: ReviewDetailProps) {
  const { t, i18n } = useTranslation();
  const ability = useAbility<AppAbility>();
  const mayReply = ability.can(REPLY_PERMISSION.action, REPLY_PERMISSION.subject);
  const headingRef = useRef<HTMLHeadingElement | null>(null);
  const reviewId = review?.id;

  useEffect(() => {
    headingRef.current?.focus();
  }, [reviewId]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

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
            {review ? review.reviewer.name : t('reviews.detail.title')}
          </Typography>
          {review && (
            <Typography variant="caption" color="text.secondary">
              <time dateTime={review.createdTime}>{formatDate(review.createdTime, i18n.language, true)}</time>
              {' · '}
              {review.outletName}
            </Typography>
          )}
        </Box>
        <IconButton onClick={onClose} aria-label={t('reviews.detail.close')}>
          <CloseIcon />
        </IconButton>
      </Box>

      {!review ? (
        loading ? (
          <Skeleton variant="rounded" height={160} aria-label={t('common.loading')} />
        ) : (
          <Alert severity="info">{t('reviews.detail.notLoaded')}</Alert>
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
          <Typography component="h3" variant="subtitle2">
            {t('reviews.comments.title')}
          </Typography>
          <Comments review={review} />
          <Divider />
          {mayReply ? (
            <ReplyComposer key={review.id} review={review} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('reviews.reply.noPermission')}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}

export default ReviewDetail;
