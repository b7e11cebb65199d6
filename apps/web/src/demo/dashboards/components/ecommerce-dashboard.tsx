/**
 * The eCommerce dashboard (docs/requirements/routes.md demo route "/ (ecommerce dashboard)", here
 * at `/dashboard/ecommerce`: see docs/decisions/0034): orders, profit, revenue and sales as
 * statistics cards; the revenue report by year; goal overview; revenue against the period
 * before; product orders by state.
 */
import AttachMoneyOutlined from '@mui/icons-material/AttachMoneyOutlined';
import SellOutlined from '@mui/icons-material/SellOutlined';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import TrendingUpOutlined from '@mui/icons-material/TrendingUpOutlined';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { CardGrid, DashboardPage, GridCell, StatisticsRow } from './dashboard-grid.tsx';
import { GoalOverviewCard } from './goal-overview-card.tsx';
import { usePeriodParam } from './period-select.tsx';
import { ProductOrdersCard } from './product-orders-card.tsx';
import { RevenueCard } from './revenue-card.tsx';
import { RevenueReportCard } from './revenue-report-card.tsx';
import { StatisticCard } from './statistic-card.tsx';

export function EcommerceDashboard() {
  const { t } = useTranslation('demo-dashboards');
  const [period, setPeriod] = usePeriodParam('period');
  useDocumentTitle(t('ecommerce.title'));
  return (
    <DashboardPage title={t('ecommerce.title')} subtitle={t('ecommerce.subtitle')} period={period} onPeriod={setPeriod} testId="dashboard-ecommerce">
      <StatisticsRow label={t('statisticsRow')}>
        <StatisticCard card="orders-bar-chart" period={period} icon={<ShoppingCartOutlined />} color="warning" chart="bar" />
        <StatisticCard card="profit-line-chart" period={period} icon={<TrendingUpOutlined />} color="info" chart="line" />
        <StatisticCard card="revenue" period={period} icon={<AttachMoneyOutlined />} color="success" chart="area" />
        <StatisticCard card="sales" period={period} icon={<SellOutlined />} color="primary" chart="area" />
      </StatisticsRow>
      <CardGrid>
        <GridCell span={8}>
          <RevenueReportCard />
        </GridCell>
        <GridCell span={4}>
          <GoalOverviewCard period={period} />
        </GridCell>
        <GridCell span={7}>
          <RevenueCard period={period} />
        </GridCell>
        <GridCell span={5}>
          <ProductOrdersCard />
        </GridCell>
      </CardGrid>
    </DashboardPage>
  );
}
