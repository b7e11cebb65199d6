/**
 * Totals over the period (media count and each metric) and the trend of the chosen metric per
 * week or month (recharts, the one charting library), with the same figures as a table for
 * screen readers and keyboard users.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TInstagramInsightsResponse, TInstagramMetric } from '@dinedesk/contracts/instagram';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatMetric } from '../format.ts';

export const TREND_CHART_HEIGHT = 240;
/** The totals shown, in order (watch time is reels' total). */
const TOTALS: TInstagramMetric[] = ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions', 'ig_reels_video_view_total_time'];

export function Totals({ totals }: { totals: TInstagramInsightsResponse['totals'] }) {
  const { t, i18n } = useTranslation('instagram');
  return (
    <Box component="section" aria-labelledby="instagram-totals-title" data-testid="instagram-totals">
      <Typography id="instagram-totals-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('totals.title')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
        {[['posts', totals.posts] as const, ...TOTALS.map((m) => [m, totals[m]] as const)].map(([key, value]) => (
          <Paper key={key} variant="outlined" sx={{ p: 1.5 }} data-testid={`total-${key}`}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {key === 'posts' ? t('totals.posts') : t(`metric.${key}`)}
            </Typography>
            <Typography component="dd" variant="h6" sx={{ m: 0 }}>
              {value === null ? '—' : key === 'posts' ? formatCount(value, i18n.language) : formatMetric(key, value, i18n.language, t)}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Box>
  );
}

export function Trend({ data, metric }: { data: TInstagramInsightsResponse; metric: TInstagramMetric }) {
  const { t, i18n } = useTranslation('instagram');
  const theme = useTheme();
  const [table, setTable] = useState(false);
  const label = (start: string) =>
    new Intl.DateTimeFormat(i18n.language, data.bucket === 'month' ? { month: 'short', year: '2-digit', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${start}T00:00:00Z`));
  const rows = data.trend.map((p) => ({ label: label(p.start), start: p.start, value: p[metric] ?? 0, posts: p.posts }));
  const name = t(`metric.${metric}`);
  const value = (v: number) => formatMetric(metric, v, i18n.language, t);
  return (
    <Box component="section" aria-labelledby="instagram-trend-title" data-testid="instagram-trend" sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography id="instagram-trend-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {t('trend.title', { metric: name })}
        </Typography>
        <Button size="small" onClick={() => setTable((v) => !v)} aria-expanded={table} aria-controls="instagram-trend-table">
          {table ? t('trend.hideTable') : t('trend.showTable')}
        </Button>
      </Box>
      <Box sx={{ height: TREND_CHART_HEIGHT }} role="img" aria-label={t('trend.chart', { metric: name, bucket: t(`trend.${data.bucket}`), count: rows.length })}>
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={rows} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
            <XAxis dataKey="label" tick={{ fontSize: 12 }} minTickGap={16} />
            <YAxis tick={{ fontSize: 12 }} width={56} tickFormatter={(v: number) => value(v)} />
            <Tooltip formatter={(v) => value(Number(v))} />
            <Line dataKey="value" name={name} stroke={theme.palette.primary.main} strokeWidth={2} dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </Box>
      {table && (
        <Table size="small" id="instagram-trend-table" aria-label={t('trend.title', { metric: name })}>
          <TableHead>
            <TableRow>
              <TableCell>{t('trend.start')}</TableCell>
              <TableCell align="right">{t('totals.posts')}</TableCell>
              <TableCell align="right">{name}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.start}>
                <TableCell component="th" scope="row">
                  {r.label}
                </TableCell>
                <TableCell align="right">{formatCount(r.posts, i18n.language)}</TableCell>
                <TableCell align="right">{value(r.value)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
