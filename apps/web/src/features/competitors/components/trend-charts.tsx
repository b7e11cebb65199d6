/**
 * Rating and review-velocity trends: per month, the average rating and the number of
 * reviews written, of the outlet (its stored reviews) and of each competitor with a review
 * history, as two recharts line charts on one month axis. Competitors without history (the global
 * Zomato restaurants) are not drawn; the list says why.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TTrendSeries } from '@dinedesk/contracts/competitors';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { seriesColor } from './series-colors.ts';

export const TREND_CHART_HEIGHT = 240;

export function TrendCharts({ series }: { series: TTrendSeries[] }) {
  const { t, i18n } = useTranslation('competitors');
  const theme = useTheme();
  const months = series[0]?.months.map((m) => m.month) ?? [];
  const monthLabel = (month: string) => new Intl.DateTimeFormat(i18n.language, { month: 'short', year: '2-digit', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
  const rows = months.map((month, i) => {
    const row: Record<string, string | number | null> = { label: monthLabel(month) };
    for (const s of series) {
      row[`${s.key}:rating`] = s.months[i]?.averageRating ?? null;
      row[`${s.key}:reviews`] = s.months[i]?.reviews ?? 0;
    }
    return row;
  });
  const colors = new Map<string, string>();
  let index = 0;
  for (const s of series) colors.set(s.key, seriesColor(theme, s.isOutlet, s.isOutlet ? 0 : index++));
  const name = (s: TTrendSeries) => (s.isOutlet ? `${s.name} (${t('grid.you')})` : s.name);

  const chart = (metric: 'rating' | 'reviews', label: string) => (
    <Box sx={{ height: TREND_CHART_HEIGHT }} role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
          {metric === 'rating' ? <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} tick={{ fontSize: 12 }} width={32} /> : <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />}
          <Tooltip />
          <Legend />
          {series.map((s) => (
            <Line key={s.key} dataKey={`${s.key}:${metric}`} name={name(s)} stroke={colors.get(s.key)} strokeWidth={s.isOutlet ? 3 : 2} dot={false} connectNulls isAnimationActive={false} />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </Box>
  );

  return (
    <Box component="section" aria-labelledby="competitor-trends-title" data-testid="competitor-trends" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography id="competitor-trends-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t('trends.title')}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary" data-testid="competitor-trends-empty">
          {t('trends.empty')}
        </Typography>
      ) : (
        <>
          <Typography component="h3" variant="body2" sx={{ fontWeight: 600 }}>
            {t('trends.rating')}
          </Typography>
          {chart('rating', t('trends.chartRating', { count: rows.length }))}
          <Typography component="h3" variant="body2" sx={{ fontWeight: 600 }}>
            {t('trends.velocity')}
          </Typography>
          {chart('reviews', t('trends.chartVelocity', { count: rows.length }))}
        </>
      )}
    </Box>
  );
}
