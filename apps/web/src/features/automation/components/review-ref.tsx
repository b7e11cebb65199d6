/**
 * The review a draft, a run or a dry-run match is about, in two lines: reviewer, stars (or "No
 * stars" for a Facebook recommendation), source, outlet and date; then the text, cut to an
 * excerpt in lists. The stars are MUI's read-only Rating, named in words for screen readers.
 */
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { excerpt } from '../format.ts';

export interface ReviewRefValue {
  source: 'facebook' | 'google';
  outletName: string;
  reviewerName: string;
  rating: number | null;
  text: string;
  createdTime: string;
}

export function ReviewRef({ review, full = false }: { review: ReviewRefValue; full?: boolean }) {
  const { t: appT, i18n } = useTranslation();
  const { t } = useTranslation('automation');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, minWidth: 0 }} data-testid="review-ref">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography component="span" variant="subtitle2" sx={{ fontWeight: 600 }} data-testid="review-ref-reviewer">
          {review.reviewerName}
        </Typography>
        {review.rating !== null ? (
          <Rating value={review.rating} readOnly size="small" getLabelText={(value) => appT('reviews.ratingLabel', { rating: value })} data-testid="review-ref-rating" />
        ) : (
          <Typography component="span" variant="caption" color="text.secondary">
            {t('review.noRating')}
          </Typography>
        )}
        <Typography component="span" variant="body2" color="text.secondary">
          {appT(`reviews.source.${review.source}`)} · {review.outletName} · <time dateTime={review.createdTime}>{formatDate(review.createdTime, i18n.language)}</time>
        </Typography>
      </Box>
      <Typography variant="body2" color={review.text ? 'text.primary' : 'text.secondary'} sx={{ overflowWrap: 'anywhere', whiteSpace: full ? 'pre-line' : undefined }} data-testid="review-ref-text">
        {review.text ? (full ? review.text : excerpt(review.text)) : t('review.noText')}
      </Typography>
    </Box>
  );
}
