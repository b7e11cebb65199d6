/**
 * Sessions by device (docs/requirements/data.md: desktop, mobile, tablet with usage and change):
 * each device's share of the period's sessions as a ring, and listed with its change against the
 * period before. Its own period picker.
 */
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useAnalyticsCard } from '../api/get-analytics-card.ts';
import type { TDevice } from '../schema.ts';
import type { ChartColor } from './chart-kit.tsx';
import { DashboardCard, LARGE_CARD_HEIGHT } from './dashboard-card.tsx';
import { useCardFormats } from './format.ts';
import { LegendList } from './legend-list.tsx';
import { PeriodSelect, usePeriodParam } from './period-select.tsx';
import { Donut } from './round-charts.tsx';

const DEVICE_COLORS: Readonly<Record<TDevice, ChartColor>> = { desktop: 'primary', mobile: 'warning', tablet: 'error' };

export function SessionsDeviceCard() {
  const { t } = useTranslation('demo-dashboards');
  const [period, setPeriod] = usePeriodParam('sessions-device');
  const query = useAnalyticsCard('sessions-device', { period });
  const format = useCardFormats();
  return (
    <DashboardCard
      title={t('sessionsDevice.title')}
      height={LARGE_CARD_HEIGHT}
      testId="dashboard-card-sessions-device"
      query={query}
      skeleton="round"
      action={<PeriodSelect value={period} onChange={setPeriod} testId="sessions-device-period" />}
    >
      {(data) => {
        const slices = data.devices.map((device) => ({ key: device.device, name: t(`sessionsDevice.devices.${device.device}`), value: device.usage, change: device.change, color: DEVICE_COLORS[device.device] }));
        return (
          <>
            <Box sx={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center' }}>
              <Box sx={{ width: '100%' }}>
                <Donut
                  slices={slices}
                  format={format.percent}
                  height={210}
                  label={t('sessionsDevice.chart', { items: format.list(slices.map((slice) => `${slice.name} ${format.percent(slice.value)}`)) })}
                />
              </Box>
            </Box>
            <LegendList
              items={slices.map((slice) => ({
                key: slice.key,
                name: slice.name,
                value: format.percent(slice.value),
                color: slice.color,
                change: { text: format.change(slice.change), label: t('change', { change: format.change(slice.change) }), up: slice.change >= 0 },
              }))}
              testId="sessions-device-legend"
            />
          </>
        );
      }}
    </DashboardCard>
  );
}
