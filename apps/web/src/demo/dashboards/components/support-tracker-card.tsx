/**
 * Support tracker (docs/requirements/data.md: totalTicket, newTicket, openTicket, responseTime):
 * the period's tickets, the share completed (those no longer open) on a gauge, new and open tickets
 * and the mean first response. Its own period picker.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAnalyticsCard } from '../api/get-analytics-card.ts';
import type { TSupportTracker } from '../schema.ts';
import { DashboardCard, LARGE_CARD_HEIGHT } from './dashboard-card.tsx';
import { Figure } from './figure.tsx';
import { useCardFormats } from './format.ts';
import { PeriodSelect, usePeriodParam } from './period-select.tsx';
import { Gauge } from './round-charts.tsx';

/** Share of the period's tickets no longer open, 0–100. */
export function completedPercent({ totalTicket, openTicket }: Pick<TSupportTracker, 'totalTicket' | 'openTicket'>): number {
  return totalTicket === 0 ? 0 : ((totalTicket - openTicket) / totalTicket) * 100;
}

export function SupportTrackerCard() {
  const { t } = useTranslation('demo-dashboards');
  const [period, setPeriod] = usePeriodParam('support-tracker');
  const query = useAnalyticsCard('support-tracker', { period });
  const format = useCardFormats();
  return (
    <DashboardCard
      title={t('supportTracker.title')}
      height={{ xs: 460, sm: LARGE_CARD_HEIGHT }}
      testId="dashboard-card-support-tracker"
      query={query}
      skeleton="round"
      action={<PeriodSelect value={period} onChange={setPeriod} testId="support-tracker-period" />}
    >
      {(data) => {
        const completed = completedPercent(data);
        return (
          <>
            <Box sx={{ display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, alignItems: 'center', gap: 2, flex: 1, minHeight: 0 }}>
              <Box sx={{ minWidth: 120 }}>
                <Typography component="p" variant="h3" sx={{ fontWeight: 700 }} data-testid="support-total">
                  {format.fullCount(data.totalTicket)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('supportTracker.tickets')}
                </Typography>
              </Box>
              <Box sx={{ flex: 1, width: '100%', minWidth: 0 }}>
                <Gauge
                  percent={completed}
                  text={format.percent(Math.round(completed))}
                  caption={t('supportTracker.completed')}
                  color="primary"
                  height={210}
                  label={t('supportTracker.chart', { percent: format.percent(Math.round(completed)) })}
                />
              </Box>
            </Box>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: 1, textAlign: 'center' }}>
              <Figure label={t('supportTracker.newTicket')} value={format.fullCount(data.newTicket)} testId="support-new" />
              <Figure label={t('supportTracker.openTicket')} value={format.fullCount(data.openTicket)} testId="support-open" />
              <Figure label={t('supportTracker.responseTime')} value={format.hours(data.responseTime)} testId="support-response" />
            </Box>
          </>
        );
      }}
    </DashboardCard>
  );
}
