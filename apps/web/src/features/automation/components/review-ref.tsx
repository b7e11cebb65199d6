/**
 * The review a draft, a run or a dry-run match is about, in two lines: reviewer, stars (or "No
 * stars" for a Facebook recommendation), source, outlet and date; then the text, cut to an
 * excerpt in lists. The stars are the read-only StarRating, named in words for screen readers.
 * A guest message (`new_message` rules) shows the guest, the channel and a link to the
 * conversation in the inbox instead of stars.
 */
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TAutomationSource } from '@dinedesk/contracts/automation';
import { formatDate } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { excerpt } from '../format.ts';
import { StarRating } from '../../../components/star-rating.tsx';

export interface ReviewRefValue {
  kind?: 'review' | 'message';
  /** Messages: the conversation and its page or Instagram account, for the inbox link. */
  conversationId?: string | null;
  accountId?: string | null;
  source: TAutomationSource;
  outletName: string;
  reviewerName: string;
  rating: number | null;
  text: string;
  createdTime: string;
}

export function ReviewRef({ review, full = false }: { review: ReviewRefValue; full?: boolean }) {
  const { t: appT, i18n } = useTranslation();
  const { t } = useTranslation('automation');
  const message = review.kind === 'message';
  const sourceName = review.source === 'messenger' || review.source === 'instagram' ? t(`channel.${review.source}`) : appT(`reviews.source.${review.source}`);
  const inboxLink = message && review.conversationId && review.accountId ? `${PATHS.inbox}?${new URLSearchParams({ channel: review.source, page: review.accountId, conversation: review.conversationId }).toString()}` : null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }} data-testid="review-ref">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="span" variant="subtitle2" sx={{ fontWeight: 600 }} data-testid="review-ref-reviewer">
          {review.reviewerName}
        </Typography>
        {message ? null : review.rating !== null ? (
          <StarRating value={review.rating} label={appT('reviews.ratingLabel', { rating: review.rating })} data-testid="review-ref-rating" />
        ) : (
          <Typography component="span" variant="caption" color="text.secondary">
            {t('review.noRating')}
          </Typography>
        )}
        <Typography component="span" variant="body2" color="text.secondary">
          {sourceName} · {review.outletName} · <time dateTime={review.createdTime}>{formatDate(review.createdTime, i18n.language)}</time>
        </Typography>
      </Box>
      <Typography variant="body2" color={review.text ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere', whiteSpace: full ? 'pre-line' : undefined }} data-testid="review-ref-text">
        {review.text ? (full ? review.text : excerpt(review.text)) : message ? t('review.noMessageText') : t('review.noText')}
      </Typography>
      {inboxLink && (
        <Link component={RouterLink} to={inboxLink} variant="body2" data-testid="review-ref-conversation">
          {t('review.openConversation')}
        </Link>
      )}
    </Box>
  );
}
