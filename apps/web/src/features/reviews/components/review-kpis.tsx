/**
 * KPI cards above the list (screens.md "KPIs on top"): average rating and rating count of the
 * selected page or of all pages, reviews stored, unreplied.
 *
 * While the pages load, the same cards show with placeholders for the figures (`loading`), and
 * the star row of the average is always there (empty when there is no rating): the cards are
 * then the same height loading or loaded, and nothing under them moves (issue #10, CLS).
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TFbPage } from '@dinedesk/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format.ts';

export interface ReviewKpiValues {
  /** Facebook's overall star rating; across pages, weighted by each page's rating count. */
  averageRating: number | null;
  ratingCount: number;
  reviewCount: number;
  unrepliedCount: number;
}

/** KPIs of `pages` (all of them, or only the one whose id is `pageId`). */
export function computeKpis(pages: readonly TFbPage[], pageId?: string): ReviewKpiValues {
  const scope = pageId ? pages.filter((p) => p.id === pageId) : pages;
  let weighted = 0;
  let weight = 0;
  for (const page of scope) {
    if (page.overallStarRating === null || page.ratingCount <= 0) continue;
    weighted += page.overallStarRating * page.ratingCount;
    weight += page.ratingCount;
  }
  const single = scope.length === 1 ? scope[0] : undefined;
  return {
    // A single page's own rating is shown even when Facebook reports no count for it.
    averageRating: weight > 0 ? weighted / weight : (single?.overallStarRating ?? null),
    ratingCount: scope.reduce((sum, p) => sum + p.ratingCount, 0),
    reviewCount: scope.reduce((sum, p) => sum + p.reviewCount, 0),
    unrepliedCount: scope.reduce((sum, p) => sum + p.unrepliedCount, 0),
  };
}

/** Height in px of the star row under the average (a small MUI Rating is 18 px). */
const STAR_ROW_HEIGHT = 20;

interface KpiCardProps {
  label: string;
  /** The figure; null while loading (a placeholder of the figure's height shows). */
  value: string | null;
  /** A row under the figure (the stars of the average). */
  detail?: ReactNode;
  testId: string;
}

function KpiCard({ label, value, detail, testId }: KpiCardProps) {
  return (
    <Card component="section" aria-label={label} aria-busy={value === null || undefined} data-testid={testId}>
      <CardContent>
        <Typography variant="overline" color="text.secondary" component="h2">
          {label}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700 }}>
          {value ?? <Skeleton width="40%" />}
        </Typography>
        {detail}
      </CardContent>
    </Card>
  );
}

export interface ReviewKpisProps {
  pages: readonly TFbPage[];
  pageId?: string | undefined;
  /** The pages are still loading: the cards show placeholders of the same size. */
  loading?: boolean;
}

export function ReviewKpis({ pages, pageId, loading = false }: ReviewKpisProps) {
  const { t, i18n } = useTranslation();
  const kpis = computeKpis(pages, pageId);
  const lang = i18n.language;
  const dash = t('common.none');
  const figure = (value: string) => (loading ? null : value);
  return (
    <Box
      data-testid="review-kpis"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}
    >
      <KpiCard
        testId="kpi-average-rating"
        label={t('reviews.kpi.averageRating')}
        value={figure(kpis.averageRating === null ? dash : formatNumber(kpis.averageRating, lang, 1))}
        detail={
          <Box sx={{ height: STAR_ROW_HEIGHT, display: 'flex', alignItems: 'center' }}>
            {!loading && kpis.averageRating !== null && (
            <Rating
              value={kpis.averageRating}
              precision={0.1}
              readOnly
              size="small"
              getLabelText={(value) => t('reviews.ratingLabel', { rating: formatNumber(value, lang, 1) })}
            />
            )}
          </Box>
        }
      />
      <KpiCard
        testId="kpi-rating-count"
        label={t('reviews.kpi.ratingCount')}
        value={figure(formatNumber(kpis.ratingCount, lang))}
      />
      <KpiCard
        testId="kpi-review-count"
        label={t('reviews.kpi.reviewsStored')}
        value={figure(formatNumber(kpis.reviewCount, lang))}
      />
      <KpiCard
        testId="kpi-unreplied"
        label={t('reviews.kpi.unreplied')}
        value={figure(formatNumber(kpis.unrepliedCount, lang))}
      />
    </Box>
  );
}
