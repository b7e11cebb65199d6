/**
 * The Overview's rating trend: reviews per day (or week) of the period as bars and their mean
 * rating as a line, with recharts, the product's one charting library. Its own chunk, fetched
 * after the figures are on screen: recharts is not the first signed-in screen's first paint
 * (targets.md "Initial JavaScript").
 */
import { useTheme } from '@mui/material/styles';
import type { TOverview } from '@dinedesk/contracts/overview';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDateOnly, formatNumber } from '../../../lib/format.ts';

export default function RatingTrendChart({ points }: { points: NonNullable<TOverview['ratingTrend']> }) {
  const { t, i18n } = useTranslation('overview');
  const theme = useTheme();
  const lang = i18n.language;
  const data = points.map((p) => ({ ...p, label: formatDateOnly(p.start, lang) }));
  return (
    <ResponsiveContainer width="100%" height="100%">
      <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
        <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 12 }} width={36} />
        <YAxis yAxisId="rating" orientation="right" domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} tick={{ fontSize: 12 }} width={24} />
        <Tooltip formatter={(value, name) => (name === t('trend.rating') ? formatNumber(Number(value), lang, 1) : formatNumber(Number(value), lang))} />
        <Legend />
        <Bar yAxisId="count" dataKey="reviewCount" name={t('trend.reviews')} fill={theme.palette.primary.main} isAnimationActive={false} />
        <Line yAxisId="rating" dataKey="averageRating" name={t('trend.rating')} stroke={theme.palette.warning.main} strokeWidth={2} dot={false} connectNulls isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
