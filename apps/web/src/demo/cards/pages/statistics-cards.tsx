/**
 * `/cards/statistics`: figure cards of a restaurant's week or month (the period toggle is the
 * page's control): a row of icon-and-figure cards, then cards with a small recharts sparkline
 * (area, line, bar), drawn with the dashboards' chart kit so they match the dashboards in both
 * skins. Figures are fixed sample data.
 */
import DeliveryDiningIcon from '@mui/icons-material/DeliveryDining';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventSeatIcon from '@mui/icons-material/EventSeat';
import PaymentsIcon from '@mui/icons-material/Payments';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import RateReviewIcon from '@mui/icons-material/RateReview';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import StarIcon from '@mui/icons-material/Star';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, Bar, BarChart, Line, LineChart, Tooltip } from 'recharts';
import { ChartBox, useChartAnimation, useChartTheme, type ChartColor } from '../../dashboards/components/chart-kit.tsx';
import { CardRow, ShowcasePage } from '../../components/showcase-page.tsx';

export type StatsPeriod = 'week' | 'month';

/** The figures of each period (sample data). */
export const STATS: Record<StatsPeriod, { covers: number; orders: number; revenue: number; rating: number; bookings: number[]; delivery: number[]; reviews: number[]; guests: number[] }> = {
  week: { covers: 1284, orders: 916, revenue: 28450, rating: 4.6, bookings: [42, 38, 51, 47, 63, 88, 74], delivery: [30, 34, 29, 41, 45, 58, 52], reviews: [4, 6, 3, 8, 7, 12, 9], guests: [12, 9, 15, 14, 20, 31, 26] },
  month: { covers: 5420, orders: 3870, revenue: 121300, rating: 4.5, bookings: [310, 342, 298, 365], delivery: [188, 201, 230, 214], reviews: [31, 28, 40, 36], guests: [96, 110, 104, 131] },
};

const SUMMARY = [
  { key: 'covers', icon: <EventSeatIcon />, color: 'primary' },
  { key: 'orders', icon: <ReceiptLongIcon />, color: 'info' },
  { key: 'revenue', icon: <PaymentsIcon />, color: 'success' },
  { key: 'rating', icon: <StarIcon />, color: 'warning' },
] as const;

const SPARKS = [
  { key: 'bookings', icon: <EventAvailableIcon />, chart: 'area', color: 'primary' },
  { key: 'delivery', icon: <DeliveryDiningIcon />, chart: 'line', color: 'info' },
  { key: 'reviews', icon: <RateReviewIcon />, chart: 'bar', color: 'warning' },
  { key: 'guests', icon: <PersonAddIcon />, chart: 'area', color: 'success' },
] as const;

function Sparkline({ label, values, chart, color }: { label: string; values: readonly number[]; chart: 'area' | 'line' | 'bar'; color: ChartColor }) {
  const colors = useChartTheme();
  const animate = useChartAnimation();
  const gradient = `cards-spark-${useId().replace(/[^\w-]/g, '')}`;
  const rows = values.map((value, index) => ({ index: index + 1, value }));
  const stroke = colors.color(color);
  const tooltip = <Tooltip {...colors.tooltip} labelFormatter={() => ''} formatter={(value) => [String(value), '']} separator="" />;
  return (
    <ChartBox label={label} height={72}>
      {chart === 'bar' ? (
        <BarChart data={rows} margin={{ top: 4, right: 8, bottom: 0, left: 8 }}>
          {tooltip}
          <Bar dataKey="value" fill={stroke} radius={[3, 3, 0, 0]} isAnimationActive={animate} />
        </BarChart>
      ) : chart === 'line' ? (
        <LineChart data={rows} margin={{ top: 6, right: 8, bottom: 6, left: 8 }}>
          {tooltip}
          <Line dataKey="value" type="monotone" stroke={stroke} strokeWidth={3} dot={false} isAnimationActive={animate} />
        </LineChart>
      ) : (
        <AreaChart data={rows} margin={{ top: 6, right: 0, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={stroke} stopOpacity={0.45} />
              <stop offset="100%" stopColor={stroke} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          {tooltip}
          <Area dataKey="value" type="monotone" stroke={stroke} strokeWidth={2.5} fill={`url(#${gradient})`} isAnimationActive={animate} />
        </AreaChart>
      )}
    </ChartBox>
  );
}

function StatCard({ icon, color, value, label, testId, children }: { icon: ReactNode; color: ChartColor; value: string; label: string; testId: string; children?: ReactNode }) {
  const colors = useChartTheme();
  return (
    <Card data-testid={testId} sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Avatar sx={{ bgcolor: colors.faded(color), color: colors.color(color) }} aria-hidden>
          {icon}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography component="p" variant="h5" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid="stat-value">
            {value}
          </Typography>
          <Typography component="h2" variant="body2" color="text.secondary">
            {label}
          </Typography>
        </Box>
      </Box>
      {children}
    </Card>
  );
}

export function StatisticsCardsPage() {
  const { t, i18n } = useTranslation('demo-cards');
  const [period, setPeriod] = useState<StatsPeriod>('week');
  const stats = STATS[period];
  const number = new Intl.NumberFormat(i18n.language);
  const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
  const summary = (key: (typeof SUMMARY)[number]['key']) => (key === 'revenue' ? money.format(stats.revenue) : key === 'rating' ? stats.rating.toFixed(1) : number.format(stats[key]));
  return (
    <ShowcasePage target="statisticsCards" subtitle={t('statistics.subtitle')} testId="cards-statistics">
      <ToggleButtonGroup exclusive size="small" value={period} onChange={(_event, value: StatsPeriod | null) => value && setPeriod(value)} aria-label={t('statistics.period')} sx={{ alignSelf: 'flex-start' }}>
        <ToggleButton value="week">{t('statistics.week')}</ToggleButton>
        <ToggleButton value="month">{t('statistics.month')}</ToggleButton>
      </ToggleButtonGroup>
      <CardRow min={220}>
        {SUMMARY.map(({ key, icon, color }) => (
          <StatCard key={key} icon={icon} color={color} value={summary(key)} label={t(`statistics.${key}`)} testId={`stat-${key}`} />
        ))}
      </CardRow>
      <CardRow min={220}>
        {SPARKS.map(({ key, icon, chart, color }) => {
          const values = stats[key];
          const label = t(`statistics.${key}`);
          return (
            <StatCard key={key} icon={icon} color={color} value={number.format(values.reduce((sum, value) => sum + value, 0))} label={label} testId={`spark-${key}`}>
              <Sparkline label={t('statistics.chart', { card: label, values: values.join(', ') })} values={values} chart={chart} color={color} />
            </StatCard>
          );
        })}
      </CardRow>
    </ShowcasePage>
  );
}
