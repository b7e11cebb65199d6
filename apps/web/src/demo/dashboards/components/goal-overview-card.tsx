/**
 * Goal overview: the share of the period's orders completed (completed out of completed and in
 * progress) on a gauge, and the two counts under it. Its period is the dashboard's.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useAnalyticsCard } from '../api/get-analytics-card.ts';
import type { TPeriod } from '../schema.ts';
import { DashboardCard, LARGE_CARD_HEIGHT } from './dashboard-card.tsx';
import { Figure } from './figure.tsx';
import { useCardFormats } from './format.ts';
import { Gauge } from './round-charts.tsx';

export function GoalOverviewCard({ period }: { period: TPeriod }) {
  const { t } = useTranslation('demo-dashboards');
  const query = useAnalyticsCard('goal-overview', { period });
  const format = useCardFormats();
  return (
    <DashboardCard title={t('goalOverview.title')} subtitle={t(`periods.${period}`)} height={LARGE_CARD_HEIGHT} testId="dashboard-card-goal-overview" query={query} skeleton="round">
      {(data) => {
        const total = data.completed + data.inProgress;
        const percent = total === 0 ? 0 : (data.completed / total) * 100;
        const text = format.percent(Math.round(percent));
        return (
          <>
            <Box sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center' }}>
              <Box sx={{ width: '100%' }}>
                <Gauge percent={percent} text={text} caption={t('goalOverview.completed')} color="success" height={230} label={t('goalOverview.chart', { percent: text })} testId="goal-overview-gauge" />
              </Box>
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', borderTop: 1, borderColor: 'divider', pt: 1.5, textAlign: 'center' }}>
              <Figure label={t('goalOverview.completed')} value={format.fullCount(data.completed)} testId="goal-overview-completed" />
              <Figure label={t('goalOverview.inProgress')} value={format.fullCount(data.inProgress)} testId="goal-overview-in-progress" />
            </Box>
          </>
        );
      }}
    </DashboardCard>
  );
}
