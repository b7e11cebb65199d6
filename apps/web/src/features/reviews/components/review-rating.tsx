/**
 * A review's score: stars when the reviewer gave some, else Facebook's recommendation
 * (reviews since 2018 are recommendations, `rating` null;
 * docs/requirements/platform-apis.md#page-ratings-reviews-and-comments). A Google review always has
 * stars; one without (STAR_RATING_UNSPECIFIED) shows nothing.
 */
import ThumbDownIcon from '@mui/icons-material/ThumbDown';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import Chip from '@mui/material/Chip';
import type { TReview } from '@dinedesk/contracts';
import { useTranslation } from 'react-i18next';
import { StarRating } from '../../../components/star-rating.tsx';

export function ReviewRating({ review }: { review: Pick<TReview, 'rating' | 'recommendationType'> }) {
  const { t } = useTranslation();
  if (review.rating !== null) {
    return (
      <StarRating value={review.rating} label={t('reviews.ratingLabel', { rating: review.rating })} />
    );
  }
  if (review.recommendationType === null) return null;
  const positive = review.recommendationType === 'positive';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={positive ? 'success' : 'error'}
      icon={positive ? <ThumbUpIcon /> : <ThumbDownIcon />}
      label={positive ? t('reviews.recommendation.positive') : t('reviews.recommendation.negative')}
    />
  );
}
