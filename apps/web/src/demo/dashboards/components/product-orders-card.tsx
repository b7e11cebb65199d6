/**
 * Product orders (docs/requirements/data.md: finished, pending, rejected): the period's orders as a
 * ring with the total in the middle and the three states listed with their counts. Its own period
 * picker.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useAnalyticsCard } from '../api/get-analytics-card.ts';
import { ORDER_STATES, type TOrderState } from '../schema.ts';
import type { ChartColor } from './chart-kit.tsx';
import { DashboardCard, LARGE_CARD_HEIGHT } from './dashboard-card.tsx';
import { useCardFormats } from './format.ts';
import { LegendList } from './legend-list.tsx';
import { PeriodSelect, usePeriodParam } from './period-select.tsx';
import { Donut } from './round-charts.tsx';

const STATE_COLORS: Readonly<Record<TOrderState, ChartColor>> = { finished: 'primary', pending: 'warning', rejected: 'error' };

export function ProductOrdersCard() {
  const { t } = useTranslation('demo-dashboards');
  const [period, setPeriod] = usePeriodParam('product-orders');
  const query = useAnalyticsCard('product-orders', { period });
  const format = useCardFormats();
  return (
    <DashboardCard
      title={t('productOrders.title')}
      height={LARGE_CARD_HEIGHT}
      testId="dashboard-card-product-orders"
      query={query}
      skeleton="round"
      action={<PeriodSelect value={period} onChange={setPeriod} testId="product-orders-period" />}
    >
      {(data) => {
        const slices = ORDER_STATES.map((state) => ({ key: state, name: t(`productOrders.states.${state}`), value: data[state], color: STATE_COLORS[state] }));
        const total = slices.reduce((sum, slice) => sum + slice.value, 0);
        return (
          <>
            <Box sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center' }}>
              <Box sx={{ width: '100%' }}>
                <Donut
                  slices={slices}
                  centre={{ value: format.count(total), caption: t('productOrders.total') }}
                  format={format.fullCount}
                  height={210}
                  label={t('productOrders.chart', { items: format.list(slices.map((slice) => `${slice.name} ${format.fullCount(slice.value)}`)) })}
                />
              </Box>
            </Box>
            <LegendList items={slices.map((slice) => ({ key: slice.key, name: slice.name, value: format.fullCount(slice.value), color: slice.color }))} testId="product-orders-legend" />
          </>
        );
      }}
    </DashboardCard>
  );
}
