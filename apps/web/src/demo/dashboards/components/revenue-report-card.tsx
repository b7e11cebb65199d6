/**
 * Revenue report (years 2020, 2019, 2018): earning and expense per month of the year
 * chosen in its year picker, as bars above and below the line, and beside them the year's
 * earning, expense and budget, with how much of the budget the earning reached.
 */
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { useAnalyticsCard } from '../api/get-analytics-card.ts';
import { ChartBox, useChartAnimation, useChartTheme } from './chart-kit.tsx';
import { DashboardCard, LARGE_CARD_HEIGHT } from './dashboard-card.tsx';
import { Figure } from './figure.tsx';
import { useCardFormats } from './format.ts';
import { YearSelect, useYearParam } from './period-select.tsx';

export function RevenueReportCard() {
  const { t } = useTranslation('demo-dashboards');
  const [year, setYear] = useYearParam('revenue-report');
  const query = useAnalyticsCard('revenue-report', { year });
  const format = useCardFormats();
  const colors = useChartTheme();
  const animate = useChartAnimation();
  const earningName = t('revenueReport.earning');
  const expenseName = t('revenueReport.expense');
  return (
    <DashboardCard
      title={t('revenueReport.title')}
      height={{ xs: 600, md: LARGE_CARD_HEIGHT }}
      testId="dashboard-card-revenue-report"
      query={query}
      skeleton="wide"
      action={<YearSelect value={year} onChange={setYear} testId="revenue-report-year" />}
    >
      {(data) => {
        const rows = data.months.map((month) => ({ label: format.month(month.month), earning: month.earning, expense: -month.expense }));
        const budgetPercent = data.budget === 0 ? 0 : Math.min(100, (data.earning / data.budget) * 100);
        return (
          <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, gap: 3, flex: 1, minHeight: 0 }}>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <ChartBox height={300} label={t('revenueReport.chart', { year: data.year, earning: format.fullUsd(data.earning), expense: format.fullUsd(data.expense) })} testId="revenue-report-chart">
                <BarChart data={rows} stackOffset="sign" margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke={colors.grid} vertical={false} />
                  <XAxis dataKey="label" tick={colors.axisTick} axisLine={false} tickLine={false} minTickGap={4} />
                  <YAxis tick={colors.axisTick} width={56} axisLine={false} tickLine={false} tickFormatter={(value: number) => format.usd(Math.abs(value))} />
                  <ReferenceLine y={0} stroke={colors.grid} />
                  <Tooltip formatter={(value, name) => [format.fullUsd(Math.abs(Number(value))), name]} {...colors.tooltip} cursor={{ fill: colors.faded('primary', 0.06) }} />
                  <Legend wrapperStyle={{ fontSize: 13, color: colors.axisTick.fill }} />
                  <Bar dataKey="earning" name={earningName} stackId="revenue" fill={colors.color('primary')} radius={[4, 4, 0, 0]} isAnimationActive={animate} />
                  <Bar dataKey="expense" name={expenseName} stackId="revenue" fill={colors.color('warning')} radius={[0, 0, 4, 4]} isAnimationActive={animate} />
                </BarChart>
              </ChartBox>
            </Box>
            <Box sx={{ width: { md: 200 }, display: 'flex', flexDirection: { xs: 'row', md: 'column' }, flexWrap: 'wrap', gap: 2, justifyContent: 'center' }}>
              <Figure label={t('revenueReport.earningIn', { year: data.year })} value={format.fullUsd(data.earning)} testId="revenue-report-earning" />
              <Figure label={t('revenueReport.expenseIn', { year: data.year })} value={format.fullUsd(data.expense)} testId="revenue-report-expense" />
              <Box sx={{ minWidth: 160 }} data-testid="revenue-report-budget">
                <Typography variant="body2" color="text.secondary">
                  {t('revenueReport.budget', { amount: format.fullUsd(data.budget) })}
                </Typography>
                <LinearProgress variant="determinate" value={budgetPercent} aria-label={t('revenueReport.budgetProgress', { percent: format.percent(Math.round(budgetPercent)) })} sx={{ mt: 1, height: 8, borderRadius: 1 }} />
              </Box>
            </Box>
          </Box>
        );
      }}
    </DashboardCard>
  );
}
