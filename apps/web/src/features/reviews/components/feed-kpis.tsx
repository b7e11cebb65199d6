/**
 * KPI cards above the list (docs/requirements/screen-contents.md#reviews), for the reviews the
 * filters select: average rating, reviews, response rate, median time to the first reply, and how
 * many need a reply. Figures come from the server (`get_reviews/kpis`), so they cover every source
 * and every review, not just the loaded page of the list.
 *
 * While they load the same cards show placeholders of the figures' height, and the star row of
 * the average is always there (empty without a rating): nothing under the cards moves (CLS). New
 * filters keep the previous figures until the new ones arrive.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { TReviewKpis } from '@dinedesk/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format.ts';
import { StarRating } from '../../../components/star-rating.tsx';

/** Height in px of the star row under the average (a small MUI Rating is 18 px). */
const STAR_ROW_HEIGHT = 20;

/**
 * A duration in the largest whole unit that fits (minutes, hours, days), e.g. `3 h`.
 * @param seconds ≥ 0
 */
export function formatDuration(seconds: number, language: string): string {
  const unit = seconds < 3600 ? 'minute' : seconds < 172_800 ? 'hour' : 'day';
  const value = unit === 'minute' ? Math.max(1, Math.round(seconds / 60)) : unit === 'hour' ? Math.round(seconds / 3600) : Math.round(seconds / 86_400);
  return new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

interface KpiCardProps {
  label: string;
  /** The figure; null while loading (a placeholder of the figure's height shows). */
  value: string | null;
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

export interface FeedKpisProps {
  /** Null while loading. */
  kpis: TReviewKpis | null;
}

export function FeedKpis({ kpis }: FeedKpisProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const dash = t('common.none');
  const show = <T,>(pick: (k: TReviewKpis) => T | null, format: (v: T) => string) => (kpis === null ? null : ((v) => (v === null ? dash : format(v)))(pick(kpis)));
  return (
    <Box data-testid="review-kpis" sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(180px, 1fr))' }}>
      <KpiCard
        testId="kpi-average-rating"
        label={t('reviews.kpi.averageRating')}
        value={show((k) => k.averageRating, (v) => formatNumber(v, lang, 1))}
        detail={
          <Box sx={{ height: STAR_ROW_HEIGHT, display: 'flex', alignItems: 'center' }}>
            {kpis?.averageRating != null && (
              <StarRating value={kpis.averageRating} label={t('reviews.ratingLabel', { rating: formatNumber(kpis.averageRating, lang, 1) })} />
            )}
          </Box>
        }
      />
      <KpiCard testId="kpi-review-count" label={t('reviews.kpi.reviews')} value={show((k) => k.reviewCount, (v) => formatNumber(v, lang))} />
      <KpiCard
        testId="kpi-response-rate"
        label={t('reviews.kpi.responseRate')}
        value={show((k) => k.responseRate, (v) => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 }).format(v))}
      />
      <KpiCard testId="kpi-response-time" label={t('reviews.kpi.responseTime')} value={show((k) => k.medianResponseSeconds, (v) => formatDuration(v, lang))} />
      <KpiCard testId="kpi-needs-reply" label={t('reviews.kpi.needsReply')} value={show((k) => k.needsReplyCount, (v) => formatNumber(v, lang))} />
    </Box>
  );
}
