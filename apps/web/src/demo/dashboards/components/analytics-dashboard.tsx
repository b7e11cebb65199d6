/**
 * The Analytics dashboard (docs/requirements/routes.md demo route `/dashboard/analytics`):
 * subscribers, orders, site traffic, active users and newsletter as statistics cards; average
 * sessions; the support tracker; sessions by device; customers by kind.
 */
import EmailOutlined from '@mui/icons-material/EmailOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import PeopleOutlined from '@mui/icons-material/PeopleOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import PublicOutlined from '@mui/icons-material/PublicOutlined';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { AvgSessionsCard } from './avg-sessions-card.tsx';
import { CustomersCard } from './customers-card.tsx';
import { CardGrid, DashboardPage, GridCell, StatisticsRow } from './dashboard-grid.tsx';
import { usePeriodParam } from './period-select.tsx';
import { SessionsDeviceCard } from './sessions-device-card.tsx';
import { StatisticCard } from './statistic-card.tsx';
import { SupportTrackerCard } from './support-tracker-card.tsx';

export function AnalyticsDashboard() {
  const { t } = useTranslation('demo-dashboards');
  const [period, setPeriod] = usePeriodParam('period');
  useDocumentTitle(t('analytics.title'));
  return (
    <DashboardPage title={t('analytics.title')} subtitle={t('analytics.subtitle')} period={period} onPeriod={setPeriod} testId="dashboard-analytics">
      <StatisticsRow label={t('statisticsRow')}>
        <StatisticCard card="subscribers" period={period} icon={<PeopleOutlined />} color="primary" chart="area" />
        <StatisticCard card="orders" period={period} icon={<Inventory2Outlined />} color="warning" chart="area" />
        <StatisticCard card="site-traffic" period={period} icon={<PublicOutlined />} color="info" chart="line" />
        <StatisticCard card="active-users" period={period} icon={<PersonOutlineOutlined />} color="success" chart="area" />
        <StatisticCard card="newsletter" period={period} icon={<EmailOutlined />} color="error" chart="bar" />
      </StatisticsRow>
      <CardGrid>
        <GridCell span={6}>
          <AvgSessionsCard />
        </GridCell>
        <GridCell span={6}>
          <SupportTrackerCard />
        </GridCell>
        <GridCell span={6}>
          <SessionsDeviceCard />
        </GridCell>
        <GridCell span={6}>
          <CustomersCard />
        </GridCell>
      </CardGrid>
    </DashboardPage>
  );
}
