/**
 * Delivery insights (/apps/business-overview/delivery-insights; docs/requirements/routes.md,
 * docs/requirements/screen-contents.md#delivery-insights, docs/decisions/0036): what imported
 * orders can show of the delivery side: orders by channel and hour, the peak-hour load, and order
 * sizes and values. What no source carries (delivery times, cancellations, acceptance, prep times;
 * channels for the London file) is said on screen, never invented.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import type { TOrdersOutlet } from '@dinedesk/contracts/orders';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { useDeliveryInsights, type Period } from '../api/overview.ts';
import { ChartPanel, FigureTable } from '../../../components/figure-table.tsx';
import { useFormats } from '../../../lib/use-formats.ts';
import { NoOrders, OverviewScreen } from './overview-screen.tsx';

const COLORS = ['primary', 'secondary', 'success', 'warning', 'info', 'error'] as const;

function Delivery({ outlet, period }: { outlet: TOrdersOutlet; period: Period }) {
  const { t } = useTranslation('business-overview');
  const { t: appT } = useTranslation();
  const theme = useTheme();
  const q = useDeliveryInsights(outlet.id, period);
  const f = useFormats(q.data?.currency ?? outlet.currency);
  if (q.isPending) return <ListSkeleton rows={3} rowHeight={120} label={appT('common.loading')} />;
  if (q.isError) return <ListError error={q.error} onRetry={() => void q.refetch()} />;
  const d = q.data;
  if (!d.from) return <NoOrders outlet={outlet} />;
  const channels = [...new Set(d.byChannelHour.map((c) => c.channel))];
  const hours = [...new Set(d.byChannelHour.map((c) => c.hour))].sort((a, b) => a - b);
  const byHour = hours.map((hour) => ({ hour: `${String(hour).padStart(2, '0')}:00`, ...Object.fromEntries(channels.map((ch) => [ch, d.byChannelHour.find((c) => c.hour === hour && c.channel === ch)?.orders ?? 0])) }));
  const channelName = (c: string) => (c === 'unknown' ? t('delivery.unknownChannel') : c);
  return (
    <Stack spacing={3} data-testid="delivery-insights">
      <Alert severity="info" data-testid="delivery-missing">
        {t('delivery.missing', { list: d.missing.map((m) => t(`delivery.missingItem.${m}`)).join(', ') })}
      </Alert>
      <ChartPanel
        id="channel-hours"
        title={t('delivery.byChannelHour')}
        chart={
          <Box sx={{ height: 260 }} role="img" aria-label={t('delivery.byChannelHourChart', { hours: hours.length })}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={byHour} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                <XAxis dataKey="hour" tick={{ fontSize: 12 }} />
                <YAxis tick={{ fontSize: 12 }} allowDecimals={false} />
                <Tooltip />
                <Legend />
                {channels.map((ch, i) => (
                  <Bar key={ch} dataKey={ch} name={channelName(ch)} stackId="c" fill={theme.palette[COLORS[i % COLORS.length]!].main} isAnimationActive={false} />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </Box>
        }
        table={<FigureTable caption={t('delivery.byChannelHour')} testId="channel-hours-table" head={[t('table.hour'), ...channels.map(channelName)]} rows={byHour.map((r) => [r.hour, ...channels.map((ch) => f.number(Number((r as Record<string, unknown>)[ch] ?? 0)))])} />}
      />
      <ChartPanel
        id="peak-hours"
        title={t('delivery.peak')}
        chart={
          <Box sx={{ height: 260 }} role="img" aria-label={t('delivery.peakChart')}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={[...d.peakHours].sort((a, b) => a.hour - b.hour).map((h) => ({ ...h, label: `${String(h.hour).padStart(2, '0')}:00` }))} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                <XAxis dataKey="label" tick={{ fontSize: 12 }} />
                <YAxis tick={{ fontSize: 12 }} />
                <Tooltip />
                <Legend />
                <Bar dataKey="averageOrders" name={t('delivery.average')} fill={theme.palette.primary.main} isAnimationActive={false} />
                <Bar dataKey="maxOrders" name={t('delivery.max')} fill={theme.palette.secondary.main} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Box>
        }
        table={<FigureTable caption={t('delivery.peak')} testId="peak-table" head={[t('table.hour'), t('delivery.average'), t('delivery.max')]} rows={d.peakHours.map((h) => [`${String(h.hour).padStart(2, '0')}:00`, f.decimal(h.averageOrders), f.number(h.maxOrders)])} />}
      />
      <ChartPanel
        id="order-sizes"
        title={t('delivery.sizes')}
        chart={
          <Box sx={{ height: 240 }} role="img" aria-label={t('delivery.sizesChart')}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={d.orderSizes} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                <XAxis dataKey="items" tick={{ fontSize: 12 }} />
                <YAxis tick={{ fontSize: 12 }} allowDecimals={false} />
                <Tooltip />
                <Bar dataKey="orders" name={t('kpi.orders')} fill={theme.palette.primary.main} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Box>
        }
        table={<FigureTable caption={t('delivery.sizes')} testId="sizes-table" head={[t('delivery.items'), t('kpi.orders')]} rows={d.orderSizes.map((s) => [s.items, f.number(s.orders)])} />}
      />
      <ChartPanel
        id="order-values"
        title={t('delivery.values', { currency: d.currency ?? '' })}
        chart={
          <Box sx={{ height: 240 }} role="img" aria-label={t('delivery.valuesChart')}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={d.orderValues} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                <XAxis dataKey="band" tick={{ fontSize: 12 }} />
                <YAxis tick={{ fontSize: 12 }} allowDecimals={false} />
                <Tooltip />
                <Bar dataKey="orders" name={t('kpi.orders')} fill={theme.palette.secondary.main} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Box>
        }
        table={<FigureTable caption={t('delivery.values', { currency: d.currency ?? '' })} testId="values-table" head={[t('delivery.band'), t('kpi.orders')]} rows={d.orderValues.map((s) => [s.band, f.number(s.orders)])} />}
      />
    </Stack>
  );
}

export function DeliveryInsightsPage() {
  const { t } = useTranslation('business-overview');
  return (
    <OverviewScreen title={t('delivery.title')} subtitle={t('delivery.subtitle')}>
      {(outlet, period) => <Delivery outlet={outlet} period={period} />}
    </OverviewScreen>
  );
}

