/**
 * The review list with keyset paging: a "Load more" button, and the next page loads by itself
 * when the sentinel below the list scrolls into view (IntersectionObserver; the button stays
 * for keyboard users and browsers without it).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TReview } from '@dinedesk/contracts';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewCard } from './review-card.tsx';

export interface ReviewListProps {
  reviews: readonly TReview[];
  selectedReviewId: string | null;
  onSelect: (reviewId: string) => void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => void;
  /** Failure of a later page; the pages already shown stay. */
  nextPageError: string | null;
}

export function ReviewList({
  reviews,
  selectedReviewId,
  onSelect,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  nextPageError,
}: ReviewListProps) {
  const { t } = useTranslation();
  const sentinel = useRef<HTMLDivElement | null>(null);
  const canAutoLoad = hasNextPage && !isFetchingNextPage && !nextPageError;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !canAutoLoad || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [canAutoLoad, fetchNextPage]);

  return (
    <Box>
      <Stack component="ul" data-testid="review-list" aria-label={t('reviews.list.label')} spacing={1.5} sx={{ p: 0, m: 0 }}>
        {reviews.map((review) => (
          <ReviewCard key={review.id} review={review} selected={review.id === selectedReviewId} onSelect={onSelect} />
        ))}
      </Stack>
      <div ref={sentinel} aria-hidden />
      {nextPageError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {nextPageError}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2, minHeight: 40 }}>
        {hasNextPage ? (
          <Button
            variant="outlined"
            onClick={fetchNextPage}
            disabled={isFetchingNextPage}
            startIcon={isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
          >
            {isFetchingNextPage ? t('common.loading') : t('reviews.list.loadMore')}
          </Button>
        ) : (
          reviews.length > 0 && (
            <Typography variant="caption" color="text.secondary">
              {t('reviews.list.end')}
            </Typography>
          )
        )}
      </Box>
    </Box>
  );
}
