/**
 * The Overview's rating trend: the mean rating of each day (or week) of the period as a line on a
 * 1–5 scale, and above the same days the number of reviews as bars, two charts sharing the time
 * axis. Drawn as SVG with Chartist (9.8 KiB gzip, against recharts' 134 KiB: the Overview is
 * where a sign-in lands, docs/decisions/0018-web-delivery.md "Weight of the landing screen").
 * Its own chunk, fetched once the figures are on screen.
 *
 * Each point and bar carries a `<title>` (its day and value), which the browser shows on hover
 * and screen readers read; each chart is an image named by its caption.
 *
 * @param points the period's buckets, oldest first (`TOverview['ratingTrend']`)
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TOverview } from '@dinedesk/contracts/overview';
import { BarChart, Interpolation, LineChart, type BarChartOptions, type LineChartOptions } from 'chartist';
import 'chartist/dist/index.css';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateOnly, formatNumber } from '../../../lib/format.ts';

type Points = NonNullable<TOverview['ratingTrend']>;

/** At most this many day labels under the bars; the others are left out. */
const MAX_LABELS = 8;

/** Adds a `<title>` with `text` to an element Chartist draws (its hover text and accessible name). */
function titled(element: { elem(name: string): { text(content: string): unknown } }, text: string): void {
  element.elem('title').text(text);
}


/** A drawn point's value: Chartist gives `{x, y}` for a point of a series, or a plain number. */
const valueY = (value: unknown): number => (typeof value === 'object' && value !== null && 'y' in value ? Number((value as { y?: unknown }).y) : Number(value));
export default function RatingTrendChart({ points }: { points: Points }) {
  const { t, i18n } = useTranslation('overview');
  const theme = useTheme();
  const lang = i18n.language;
  const ratingRef = useRef<HTMLDivElement>(null);
  const countRef = useRef<HTMLDivElement>(null);
  const ratingId = useId();
  const countId = useId();

  useEffect(() => {
    if (!ratingRef.current || !countRef.current) return;
    const labels = points.map((p) => formatDateOnly(p.start, lang));
    const every = Math.max(1, Math.ceil(points.length / MAX_LABELS));
    const axisX = { showGrid: false, labelInterpolationFnc: (label: unknown, index: number) => (index % every === 0 ? String(label) : null) };
    const lineOptions: LineChartOptions = {
      low: 1,
      high: 5,
      height: '100%',
      chartPadding: { top: 8, right: 8, bottom: 0, left: 0 },
      // Days without a review have no mean: the line runs on through them.
      lineSmooth: Interpolation.none({ fillHoles: true }),
      showPoint: points.length <= 31,
      axisX: { ...axisX, showLabel: false, offset: 0 },
      axisY: { onlyInteger: true, offset: 28, labelInterpolationFnc: (value: unknown) => formatNumber(Number(value), lang) },
    };
    const line = new LineChart(ratingRef.current, { labels, series: [points.map((p) => p.averageRating)] }, lineOptions);
    line.on('draw', (data) => {
      if (data.type === 'point') titled(data.element, `${labels[data.index]}: ${t('trend.rating')} ${formatNumber(valueY(data.value), lang, 1)}`);
    });
    const barOptions: BarChartOptions = {
      height: '100%',
      chartPadding: { top: 8, right: 8, bottom: 0, left: 0 },
      axisX,
      axisY: { onlyInteger: true, offset: 28, labelInterpolationFnc: (value: unknown) => formatNumber(Number(value), lang) },
    };
    const bars = new BarChart(countRef.current, { labels, series: [points.map((p) => p.reviewCount)] }, barOptions);
    bars.on('draw', (data) => {
      if (data.type === 'bar') titled(data.element, `${labels[data.index]}: ${t('trend.reviews')} ${formatNumber(valueY(data.value), lang)}`);
    });
    return () => {
      line.detach();
      bars.detach();
    };
  }, [points, lang, t]);

  const barWidth = Math.max(2, Math.min(16, Math.floor(480 / Math.max(1, points.length)) - 2));
  const chartStyles = {
    '& .ct-label': { color: theme.palette.text.secondary, fill: theme.palette.text.secondary, fontSize: 12 },
    '& .ct-grid': { stroke: theme.palette.divider, strokeDasharray: '3 3' },
    '& .ct-series-a .ct-line': { stroke: theme.palette.warning.main, strokeWidth: 2 },
    '& .ct-series-a .ct-point': { stroke: theme.palette.warning.main, strokeWidth: 6 },
    '& .ct-series-a .ct-bar': { stroke: theme.palette.primary.main, strokeWidth: barWidth },
  };
  const caption = (id: string, text: string) => (
    <Typography id={id} variant="caption" color="text.secondary" component="p">
      {text}
    </Typography>
  );
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      {caption(ratingId, t('trend.rating'))}
      <Box ref={ratingRef} role="img" aria-labelledby={ratingId} data-testid="rating-trend-line" sx={{ flex: '1 1 55%', minHeight: 0, ...chartStyles }} />
      {caption(countId, t('trend.reviews'))}
      <Box ref={countRef} role="img" aria-labelledby={countId} data-testid="rating-trend-bars" sx={{ flex: '1 1 45%', minHeight: 0, ...chartStyles }} />
    </Box>
  );
}
