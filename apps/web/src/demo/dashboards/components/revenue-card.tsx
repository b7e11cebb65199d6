/**
 * Revenue (the analytics card `revenue`): the period's revenue against the period before, in
 * total and per day (per month over the year) as two lines, the earlier one dashed. Its
 * period is the dashboard's.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { useAnalyticsCard } from '../api/get-analytics-card.ts';
import type { TPeriod } from '../schema.ts';
import { ChartBox, useChartAnimation, useChartTheme } from './chart-kit.tsx';
import { DashboardCard, LARGE_CARD_HEIGHT } from './dashboard-card.tsx';
import { Figure } from './figure.tsx';
import { useCardFormats } from './format.ts';

export function RevenueCard({ period }: { period: TPeriod }) {
  const { t } = useTranslation('demo-dashboards');
  const query = useAnalyticsCard('revenue', { period });
  const format = useCardFormats();
  const colors = useChartTheme();
  const animate = useChartAnimation();
  const currentName = t('revenue.current');
  const previousName = t('revenue.previous');
  return (
    <DashboardCard title={t('revenue.title')} subtitle={t(`periods.${period}`)} height={LARGE_CARD_HEIGHT} testId="dashboard-card-revenue" query={query} skeleton="wide">
      {(data) => {
        const rows = data.series.map((point, index) => ({ ...point, label: t(`buckets.${data.bucket}`, { index: index + 1 }) }));
        return (
          <>
            <Box sx={{ display: 'flex', gap: 4, mb: 1 }}>
              <Figure label={currentName} value={format.fullUsd(data.current)} testId="revenue-current" />
              <Figure label={previousName} value={format.fullUsd(data.previous)} testId="revenue-previous" />
            </Box>
            <Box sx={{ flex: 1, minHeight: 0 }}>
              <ChartBox height={250} label={t('revenue.chart', { bucket: t(`bucketNames.${data.bucket}`), current: format.fullUsd(data.current), previous: format.fullUsd(data.previous) })}>
                <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke={colors.grid} vertical={false} />
                  <XAxis dataKey="label" hide />
                  <YAxis tick={colors.axisTick} width={56} axisLine={false} tickLine={false} tickFormatter={(value: number) => format.usd(value)} />
                  <Tooltip formatter={(value, name) => [format.fullUsd(Number(value)), name]} {...colors.tooltip} />
                  <Line dataKey="previous" name={previousName} type="monotone" stroke={colors.color('warning')} strokeWidth={2} strokeDasharray="6 4" dot={false} isAnimationActive={animate} />
                  <Line dataKey="current" name={currentName} type="monotone" stroke={colors.color('primary')} strokeWidth={3} dot={false} isAnimationActive={animate} />
                </LineChart>
              </ChartBox>
            </Box>
          </>
        );
      }}
    </DashboardCard>
  );
}
