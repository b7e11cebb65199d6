/**
 * Trend and outlets ("rating and volume trend as a chart … a per-outlet comparison
 * table"), for the reviews the filters select: reviews per period as bars and their average
 * rating as a line (recharts, the one charting library of the product), and per outlet the same
 * figures as the KPI cards. A row's outlet button narrows the screen to that outlet.
 *
 * A chunk of its own, fetched when the user opens it: recharts is not first paint.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TReviewKpis } from '@dinedesk/contracts';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNumber } from '../format.ts';
import { formatDuration } from './feed-kpis.tsx';

/** Height of the chart, px (fixed: the panel does not move what is under it once drawn). */
export const TREND_CHART_HEIGHT = 260;

export interface ReviewTrendsProps {
  kpis: TReviewKpis;
  onOutlet: (outletId: string) => void;
}

function ReviewTrends({ kpis, onOutlet }: ReviewTrendsProps) {
  const { t, i18n } = useTranslation();
  const { t: tr } = useTranslation('reviews');
  const theme = useTheme();
  const lang = i18n.language;
  const dash = t('common.none');
  const periodLabel = (start: string) => {
    const d = new Date(`${start}T00:00:00Z`);
    const opts: Intl.DateTimeFormatOptions = kpis.trend.bucket === 'month' ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { day: 'numeric', month: 'short', year: '2-digit', timeZone: 'UTC' };
    return new Intl.DateTimeFormat(lang, opts).format(d);
  };
  const percent = new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0 });
  const data = kpis.trend.points.map((p) => ({ ...p, label: periodLabel(p.start) }));
  return (
    <Box data-testid="review-trends" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {tr(`trends.title_${kpis.trend.bucket}`)}
      </Typography>
      {data.length === 0 ? (
        <Typography color="text.secondary">{tr('trends.empty')}</Typography>
      ) : (
        <Box sx={{ height: TREND_CHART_HEIGHT }} role="img" aria-label={tr('trends.chartLabel', { count: data.length })}>
          <ResponsiveContainer width="100%" height="100%">
            <ComposedChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
              <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
              <YAxis yAxisId="count" allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
              <YAxis yAxisId="rating" orientation="right" domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} tick={{ fontSize: 12 }} width={28} />
              <Tooltip formatter={(value, name) => (name === tr('trends.rating') ? formatNumber(Number(value), lang, 1) : formatNumber(Number(value), lang))} />
              <Legend />
              <Bar yAxisId="count" dataKey="reviewCount" name={tr('trends.reviews')} fill={theme.palette.primary.main} isAnimationActive={false} />
              <Line yAxisId="rating" dataKey="averageRating" name={tr('trends.rating')} stroke={theme.palette.warning.main} strokeWidth={2} dot={false} connectNulls isAnimationActive={false} />
            </ComposedChart>
          </ResponsiveContainer>
        </Box>
      )}
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {tr('trends.outlets')}
      </Typography>
      <TableContainer sx={{ position: 'relative' }}>
        <Table size="small" data-testid="outlet-comparison">
          <TableHead>
            <TableRow>
              <TableCell>{t('reviews.filters.outlet')}</TableCell>
              <TableCell align="right">{t('reviews.kpi.reviews')}</TableCell>
              <TableCell align="right">{t('reviews.kpi.averageRating')}</TableCell>
              <TableCell align="right">{t('reviews.kpi.responseRate')}</TableCell>
              <TableCell align="right">{t('reviews.kpi.responseTime')}</TableCell>
              <TableCell align="right">{t('reviews.kpi.needsReply')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {kpis.outlets.map((o) => (
              <TableRow key={o.outletId} data-outlet-id={o.outletId}>
                <TableCell>
                  <Button size="small" onClick={() => onOutlet(o.outletId)} sx={{ textTransform: 'none', p: 0, minWidth: 0 }}>
                    {o.outletName}
                  </Button>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {o.brandName}
                  </Typography>
                </TableCell>
                <TableCell align="right">{formatNumber(o.reviewCount, lang)}</TableCell>
                <TableCell align="right">{o.averageRating === null ? dash : formatNumber(o.averageRating, lang, 1)}</TableCell>
                <TableCell align="right">{o.responseRate === null ? dash : percent.format(o.responseRate)}</TableCell>
                <TableCell align="right">{o.medianResponseSeconds === null ? dash : formatDuration(o.medianResponseSeconds, lang)}</TableCell>
                <TableCell align="right">{formatNumber(o.needsReplyCount, lang)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

export default ReviewTrends;
