/**
 * A statistics card (docs/requirements/calls.md `GET /card/card-statistics/{card}`): an icon, the
 * period's figure and its change against the period before, and the series as a small area, line or
 * bar chart. Its period is the dashboard's (the picker in the page header).
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, Bar, BarChart, Line, LineChart, Tooltip, XAxis } from 'recharts';
import { useStatisticsCard } from '../api/get-statistics-card.ts';
import type { TPeriod, TStatisticsCard, TStatisticsCardAnswer } from '../schema.ts';
import { ChartBox, trendColor, useChartAnimation, useChartTheme, type ChartColor } from './chart-kit.tsx';
import { DashboardCard } from './dashboard-card.tsx';
import { useCardFormats } from './format.ts';

/** Height of a statistics card, px. */
export const STATISTIC_CARD_HEIGHT = 236;
const CHART_HEIGHT = 72;

export interface StatisticCardProps {
  card: TStatisticsCard;
  period: TPeriod;
  icon: ReactNode;
  color: ChartColor;
  chart: 'area' | 'line' | 'bar';
}

export function StatisticCard({ card, period, icon, color, chart }: StatisticCardProps) {
  const { t } = useTranslation('demo-dashboards');
  const query = useStatisticsCard(card, { period });
  const title = t(`statistics.${card}`);
  return (
    <DashboardCard title={title} subtitle={t(`periods.${period}`)} height={STATISTIC_CARD_HEIGHT} testId={`dashboard-card-statistics-${card}`} query={query} skeleton="statistic">
      {(data) => <StatisticBody data={data} title={title} icon={icon} color={color} chart={chart} />}
    </DashboardCard>
  );
}

function StatisticBody({ data, title, icon, color, chart }: { data: TStatisticsCardAnswer; title: string; icon: ReactNode; color: ChartColor; chart: StatisticCardProps['chart'] }) {
  const { t } = useTranslation('demo-dashboards');
  const format = useCardFormats();
  const colors = useChartTheme();
  const animate = useChartAnimation();
  const short = data.unit === 'usd' ? format.usd : format.count;
  const full = data.unit === 'usd' ? format.fullUsd : format.fullCount;
  const rows = data.series.map((value, index) => ({ value, label: t(`buckets.${data.bucket}`, { index: index + 1 }) }));
  const label = t('chart.series', {
    card: title,
    points: data.series.length,
    bucket: t(`bucketNames.${data.bucket}`),
    min: full(Math.min(...data.series)),
    max: full(Math.max(...data.series)),
  });
  const stroke = colors.color(color);
  const gradientId = `dashboard-gradient-${useId().replace(/[^\w-]/g, '')}`;
  const tooltip = <Tooltip formatter={(value) => [full(Number(value)), title]} {...colors.tooltip} cursor={chart === 'bar' ? { fill: colors.faded(color, 0.08) } : { stroke: colors.grid }} />;
  const axis = <XAxis dataKey="label" hide />;
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar sx={{ bgcolor: colors.faded(color), color: stroke, width: 40, height: 40 }} aria-hidden>
          {icon}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="p" variant="h5" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid="statistic-value" title={full(data.value)}>
            {short(data.value)}
          </Typography>
          <Typography variant="body2" sx={(theme) => ({ fontWeight: 500, color: trendColor(theme, data.change >= 0) })} data-testid="statistic-change">
            {t('change', { change: format.change(data.change) })}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ mt: 'auto', mx: -1 }}>
        <ChartBox label={label} height={CHART_HEIGHT}>
          {chart === 'bar' ? (
            <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
              {axis}
              {tooltip}
              <Bar dataKey="value" fill={stroke} radius={[3, 3, 0, 0]} isAnimationActive={animate} />
            </BarChart>
          ) : chart === 'line' ? (
            <LineChart data={rows} margin={{ top: 6, right: 8, bottom: 6, left: 8 }}>
              {axis}
              {tooltip}
              <Line dataKey="value" type="monotone" stroke={stroke} strokeWidth={3} dot={false} isAnimationActive={animate} />
            </LineChart>
          ) : (
            <AreaChart data={rows} margin={{ top: 6, right: 0, bottom: 0, left: 0 }}>
              <defs>
                <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={stroke} stopOpacity={0.45} />
                  <stop offset="100%" stopColor={stroke} stopOpacity={0.02} />
                </linearGradient>
              </defs>
              {axis}
              {tooltip}
              <Area dataKey="value" type="monotone" stroke={stroke} strokeWidth={2.5} fill={`url(#${gradientId})`} isAnimationActive={animate} />
            </AreaChart>
          )}
        </ChartBox>
      </Box>
    </>
  );
}
