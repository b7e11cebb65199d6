/**
 * `/cards/analytics`: larger chart cards of a restaurant (fixed sample data), drawn with recharts
 * through the dashboards' chart kit and round charts: revenue per weekday by channel, where the
 * channel toggles (the page's control) show or hide each series; orders by channel as a donut;
 * table occupancy as a gauge; the average rating over six months.
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartBox, useChartAnimation, useChartTheme, type ChartColor } from '../../dashboards/components/chart-kit.tsx';
import { Donut, Gauge } from '../../dashboards/components/round-charts.tsx';
import { ShowcasePage } from '../../components/showcase-page.tsx';

/** The revenue series, each a sales channel. */
export const CHANNELS = ['dineIn', 'takeaway', 'delivery'] as const;
export type Channel = (typeof CHANNELS)[number];
const CHANNEL_COLORS: Record<Channel, ChartColor> = { dineIn: 'primary', takeaway: 'warning', delivery: 'info' };

const WEEK = [
  { day: 'mon', dineIn: 2100, takeaway: 640, delivery: 980 },
  { day: 'tue', dineIn: 1900, takeaway: 580, delivery: 1040 },
  { day: 'wed', dineIn: 2450, takeaway: 720, delivery: 1120 },
  { day: 'thu', dineIn: 2800, takeaway: 810, delivery: 1300 },
  { day: 'fri', dineIn: 4100, takeaway: 990, delivery: 1760 },
  { day: 'sat', dineIn: 4800, takeaway: 1100, delivery: 1900 },
  { day: 'sun', dineIn: 3600, takeaway: 870, delivery: 1450 },
] as const;
const RATINGS = [4.3, 4.4, 4.4, 4.6, 4.5, 4.7];

function ChartCard({ title, action, testId, children }: { title: string; action?: ReactNode; testId: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} data-testid={testId} sx={{ p: 2.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Card>
  );
}

export function AnalyticsCardsPage() {
  const { t, i18n } = useTranslation('demo-cards');
  const colors = useChartTheme();
  const animate = useChartAnimation();
  const [shown, setShown] = useState<readonly Channel[]>(CHANNELS);
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  const rows = WEEK.map((row) => ({ ...row, day: t(`analytics.days.${row.day}`) }));
  const total = (channel: Channel) => WEEK.reduce((sum, row) => sum + row[channel], 0);
  const shownTotal = shown.reduce((sum, channel) => sum + total(channel), 0);
  const months = t('analytics.months').split(',');
  return (
    <ShowcasePage target="analyticsCards" subtitle={t('analytics.subtitle')} testId="cards-analytics">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(12, minmax(0, 1fr))' } }}>
        <Box sx={{ gridColumn: { md: 'span 8' }, minWidth: 0 }}>
          <ChartCard
            title={t('analytics.revenue')}
            testId="card-revenue"
            action={
              <ToggleButtonGroup size="small" value={shown} onChange={(_event, value: Channel[]) => setShown(CHANNELS.filter((channel) => value.includes(channel)))} aria-label={t('analytics.series')}>
                {CHANNELS.map((channel) => (
                  <ToggleButton key={channel} value={channel} data-testid={`series-${channel}`}>
                    {t(`analytics.channels.${channel}`)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
            }
          >
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="revenue-total">
              {money.format(shownTotal)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('analytics.revenueOf', { channels: shown.map((channel) => t(`analytics.channels.${channel}`)).join(', ') || '—' })}
            </Typography>
            <ChartBox label={t('analytics.revenueChart', { total: money.format(shownTotal) })} height={260} testId="revenue-chart">
              <BarChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid vertical={false} stroke={colors.grid} />
                <XAxis dataKey="day" tick={colors.axisTick} axisLine={false} tickLine={false} />
                <YAxis tick={colors.axisTick} axisLine={false} tickLine={false} width={48} />
                <Tooltip {...colors.tooltip} formatter={(value, name) => [money.format(Number(value)), name]} cursor={{ fill: colors.faded('primary', 0.08) }} />
                {shown.map((channel, index) => (
                  <Bar key={channel} dataKey={channel} name={t(`analytics.channels.${channel}`)} stackId="revenue" fill={colors.color(CHANNEL_COLORS[channel])} radius={index === shown.length - 1 ? [4, 4, 0, 0] : 0} isAnimationActive={animate} />
                ))}
              </BarChart>
            </ChartBox>
          </ChartCard>
        </Box>
        <Box sx={{ gridColumn: { md: 'span 4' }, minWidth: 0 }}>
          <ChartCard title={t('analytics.ordersByChannel')} testId="card-orders">
            <Donut
              slices={CHANNELS.map((channel) => ({ name: t(`analytics.channels.${channel}`), value: total(channel), color: CHANNEL_COLORS[channel] }))}
              centre={{ value: money.format(CHANNELS.reduce((sum, channel) => sum + total(channel), 0)), caption: t('analytics.week') }}
              format={(value) => money.format(value)}
              label={t('analytics.ordersChart')}
              height={220}
            />
            <Box component="ul" sx={{ m: 0, mt: 2, p: 0, listStyle: 'none' }}>
              {CHANNELS.map((channel) => (
                <Box component="li" key={channel} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
                  <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: `${CHANNEL_COLORS[channel]}.main` }} />
                  <Typography variant="body2" sx={{ flex: 1 }}>
                    {t(`analytics.channels.${channel}`)}
                  </Typography>
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {money.format(total(channel))}
                  </Typography>
                </Box>
              ))}
            </Box>
          </ChartCard>
        </Box>
        <Box sx={{ gridColumn: { md: 'span 4' }, minWidth: 0 }}>
          <ChartCard title={t('analytics.occupancy')} testId="card-occupancy">
            <Gauge percent={78} text="78 %" caption={t('analytics.tablesTaken')} color="success" label={t('analytics.occupancyChart', { percent: 78 })} height={220} />
          </ChartCard>
        </Box>
        <Box sx={{ gridColumn: { md: 'span 8' }, minWidth: 0 }}>
          <ChartCard title={t('analytics.rating')} testId="card-rating">
            <ChartBox label={t('analytics.ratingChart', { values: RATINGS.join(', ') })} height={220}>
              <LineChart data={RATINGS.map((rating, index) => ({ month: months[index] ?? String(index + 1), rating }))} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
                <CartesianGrid vertical={false} stroke={colors.grid} />
                <XAxis dataKey="month" tick={colors.axisTick} axisLine={false} tickLine={false} />
                <YAxis domain={[4, 5]} tick={colors.axisTick} axisLine={false} tickLine={false} width={32} />
                <Tooltip {...colors.tooltip} />
                <Line dataKey="rating" name={t('analytics.ratingSeries')} type="monotone" stroke={colors.color('warning')} strokeWidth={3} isAnimationActive={animate} />
              </LineChart>
            </ChartBox>
          </ChartCard>
        </Box>
      </Box>
    </ShowcasePage>
  );
}
