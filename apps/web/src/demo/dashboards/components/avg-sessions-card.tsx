/**
 * Average sessions: sessions a day and their growth against the period before, the average per
 * weekday as bars (the busiest day in full colour), and under them the daily goal (with how
 * far the average is towards it), users, retention and the mean session. Its own period picker.
 */
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, Cell, Tooltip, XAxis } from 'recharts';
import { useAnalyticsCard } from '../api/get-analytics-card.ts';
import { ChartBox, trendColor, useChartAnimation, useChartTheme } from './chart-kit.tsx';
import { DashboardCard, LARGE_CARD_HEIGHT } from './dashboard-card.tsx';
import { Figure } from './figure.tsx';
import { useCardFormats } from './format.ts';
import { PeriodSelect, usePeriodParam } from './period-select.tsx';

export function AvgSessionsCard() {
  const { t } = useTranslation('demo-dashboards');
  const [period, setPeriod] = usePeriodParam('avg-sessions');
  const query = useAnalyticsCard('avg-sessions', { period });
  const format = useCardFormats();
  const colors = useChartTheme();
  const animate = useChartAnimation();
  return (
    <DashboardCard
      title={t('avgSessions.title')}
      height={{ xs: 540, sm: LARGE_CARD_HEIGHT }}
      testId="dashboard-card-avg-sessions"
      query={query}
      skeleton="wide"
      action={<PeriodSelect value={period} onChange={setPeriod} testId="avg-sessions-period" />}
    >
      {(data) => {
        const busiest = Math.max(...data.series);
        const rows = data.series.map((value, index) => ({ value, label: format.weekday(index) }));
        const goalPercent = Math.min(100, (data.sessions / data.goal) * 100);
        return (
          <>
            <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2, alignItems: { sm: 'flex-end' } }}>
              <Box sx={{ minWidth: 150 }}>
                <Typography component="p" variant="h4" sx={{ fontWeight: 700 }} data-testid="avg-sessions-value">
                  {format.count(data.sessions)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('avgSessions.sessions')}
                </Typography>
                <Typography variant="body2" sx={(theme) => ({ fontWeight: 500, mt: 0.5, color: trendColor(theme, data.growth >= 0) })}>
                  {t('change', { change: format.change(data.growth) })}
                </Typography>
              </Box>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <ChartBox
                  height={130}
                  label={t('avgSessions.chart', { days: format.list(rows.map((row) => `${row.label} ${format.fullCount(row.value)}`)) })}
                >
                  <BarChart data={rows} margin={{ top: 4, right: 0, bottom: 0, left: 0 }}>
                    <XAxis dataKey="label" tick={colors.axisTick} axisLine={false} tickLine={false} />
                    <Tooltip formatter={(value) => [format.fullCount(Number(value)), t('avgSessions.title')]} {...colors.tooltip} cursor={{ fill: colors.faded('primary', 0.08) }} />
                    <Bar dataKey="value" radius={[4, 4, 4, 4]} isAnimationActive={animate}>
                      {rows.map((row) => (
                        <Cell key={row.label} fill={row.value === busiest ? colors.color('primary') : colors.faded('primary', 0.35)} />
                      ))}
                    </Bar>
                  </BarChart>
                </ChartBox>
              </Box>
            </Box>
            <Divider sx={{ my: 2 }} />
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: 2 }}>
              <Figure label={t('avgSessions.goal')} value={t('avgSessions.goalValue', { value: format.fullCount(data.sessions), goal: format.fullCount(data.goal) })} testId="avg-sessions-goal">
                <LinearProgress variant="determinate" value={goalPercent} aria-label={t('avgSessions.goalProgress', { percent: format.percent(Math.round(goalPercent)) })} sx={{ mt: 0.5, borderRadius: 1 }} />
              </Figure>
              <Figure label={t('avgSessions.users')} value={format.count(data.users)} testId="avg-sessions-users" />
              <Figure label={t('avgSessions.retention')} value={format.percent(data.retention)} testId="avg-sessions-retention">
                <LinearProgress variant="determinate" color="warning" value={data.retention} aria-label={t('avgSessions.retention')} sx={{ mt: 0.5, borderRadius: 1 }} />
              </Figure>
              <Figure label={t('avgSessions.duration')} value={format.duration(data.duration)} testId="avg-sessions-duration" />
            </Box>
          </>
        );
      }}
    </DashboardCard>
  );
}
