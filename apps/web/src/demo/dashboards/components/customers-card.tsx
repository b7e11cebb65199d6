/**
 * Customers (docs/requirements/data.md: New, Returning, Referrals): the period's customers by kind
 * as a ring with the total in the middle, each kind listed with its count and share. Its own period
 * picker.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useAnalyticsCard } from '../api/get-analytics-card.ts';
import type { TCustomerKind } from '../schema.ts';
import type { ChartColor } from './chart-kit.tsx';
import { DashboardCard, LARGE_CARD_HEIGHT } from './dashboard-card.tsx';
import { useCardFormats } from './format.ts';
import { LegendList } from './legend-list.tsx';
import { PeriodSelect, usePeriodParam } from './period-select.tsx';
import { Donut } from './round-charts.tsx';

const KIND_COLORS: Readonly<Record<TCustomerKind, ChartColor>> = { New: 'primary', Returning: 'warning', Referrals: 'error' };

export function CustomersCard() {
  const { t } = useTranslation('demo-dashboards');
  const [period, setPeriod] = usePeriodParam('customers');
  const query = useAnalyticsCard('customers', { period });
  const format = useCardFormats();
  return (
    <DashboardCard
      title={t('customers.title')}
      height={LARGE_CARD_HEIGHT}
      testId="dashboard-card-customers"
      query={query}
      skeleton="round"
      action={<PeriodSelect value={period} onChange={setPeriod} testId="customers-period" />}
    >
      {(data) => {
        const total = data.customers.reduce((sum, customer) => sum + customer.count, 0);
        const slices = data.customers.map((customer) => ({ key: customer.kind, name: t(`customers.kinds.${customer.kind}`), value: customer.count, color: KIND_COLORS[customer.kind] }));
        return (
          <>
            <Box sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center' }}>
              <Box sx={{ width: '100%' }}>
                <Donut
                  slices={slices}
                  centre={{ value: format.count(total), caption: t('customers.total') }}
                  format={format.fullCount}
                  height={210}
                  label={t('customers.chart', { items: format.list(slices.map((slice) => `${slice.name} ${format.fullCount(slice.value)}`)) })}
                />
              </Box>
            </Box>
            <LegendList
              items={slices.map((slice) => ({
                key: slice.key,
                name: slice.name,
                value: `${format.fullCount(slice.value)} · ${format.percent(total === 0 ? 0 : Math.round((slice.value / total) * 1000) / 10)}`,
                color: slice.color,
              }))}
              testId="customers-legend"
            />
          </>
        );
      }}
    </DashboardCard>
  );
}
