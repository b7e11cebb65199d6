/**
 * One review in the list: reviewer, score, date, outlet, source, clamped text, "Replied" chip.
 * The whole card is one button that opens the detail.
 *
 * The button is named by its content, so a screen reader announces the reviewer, "Replied",
 * the score ("Rated 4 out of 5", or the recommendation), the date and outlet, and the text, not
 * only who wrote it. No `aria-label`: it would hide all of that.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { TReview } from '@dinedesk/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../format.ts';
import { ReviewRating } from './review-rating.tsx';

export interface ReviewCardProps {
  review: TReview;
  selected: boolean;
  onSelect: (reviewId: string) => void;
}

export const ReviewCard = memo(function ReviewCard({ review, selected, onSelect }: ReviewCardProps) {
  const { t, i18n } = useTranslation();
  return (
    <Card
      component="li"
      data-testid="review-item"
      data-review-id={review.id}
      sx={{ listStyle: 'none', borderColor: selected ? 'primary.main' : undefined, borderWidth: selected ? 2 : 1 }}
    >
      <CardActionArea onClick={() => onSelect(review.id)} aria-current={selected ? 'true' : undefined}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mr: 'auto' }}>
              {review.reviewer.name}
            </Typography>
            {review.replied && <Chip size="small" color="success" label={t('reviews.replied')} />}
          </Box>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', my: 0.5 }}>
            <ReviewRating review={review} />
            <Typography variant="caption" color="text.secondary">
              <time dateTime={review.createdTime}>{formatDate(review.createdTime, i18n.language)}</time>
              {' · '}
              {review.outletName}
              {' · '}
              <span data-testid="review-source">{t(`reviews.source.${review.source}`)}</span>
            </Typography>
          </Box>
          {review.text ? (
            <Typography
              variant="body2"
              sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
            >
              {review.text}
            </Typography>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
              {t('reviews.noText')}
            </Typography>
          )}
        </CardContent>
      </CardActionArea>
    </Card>
  );
});
