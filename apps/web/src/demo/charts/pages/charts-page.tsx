/**
 * `/charts/recharts`, "Charts" ("charts: line, bar, area, pie, radar, scatter, with
 * one charting library"): six recharts cards over a restaurant group's sample week, the
 * library the product screens use. Each has a legend, a tooltip and switches that hide and
 * show its series (also by clicking a legend entry); colours follow the skin.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  Pie,
  PieChart,
  PolarAngleAxis,
  PolarGrid,
  PolarRadiusAxis,
  Radar,
  RadarChart,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
  ZAxis,
} from 'recharts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ChartCard, legendToggle, useChartStyle, useSeriesVisibility, type Series } from '../components/chart-kit.tsx';
import { COVERS_BY_DAY, DISH_CATEGORIES, DISH_MIX, ORDERS_BY_HOUR, OUTLET_SCORES, REVENUE_BY_DAY, TICKETS, type DishCategory } from '../data.ts';

/** Number formats of the UI language (`pt` as pt-BR). */
function useFormats() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return useMemo(() => {
    const locale = language === 'pt' ? 'pt-BR' : language;
    const count = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const money = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    return { count: (value: number) => count.format(value), money: (value: number) => money.format(value) };
  }, [language]);
}

const sum = <T,>(rows: readonly T[], value: (row: T) => number) => rows.reduce((total, row) => total + value(row), 0);

function CoversLineChart() {
  const { t } = useTranslation('demo-charts');
  const style = useChartStyle();
  const format = useFormats();
  const visibility = useSeriesVisibility<'lunch' | 'dinner'>();
  const series: Series<'lunch' | 'dinner'>[] = [
    { key: 'lunch', label: t('series.lunch'), color: style.palette[0] ?? '' },
    { key: 'dinner', label: t('series.dinner'), color: style.palette[1] ?? '' },
  ];
  const data = COVERS_BY_DAY.map((row) => ({ ...row, name: t(`days.${row.day}`) }));
  return (
    <ChartCard
      kind="line"
      title={t('line.title')}
      subtitle={t('line.subtitle')}
      description={t('line.description', { lunch: format.count(sum(COVERS_BY_DAY, (row) => row.lunch)), dinner: format.count(sum(COVERS_BY_DAY, (row) => row.dinner)) })}
      series={series}
      visibility={visibility}
    >
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
        <CartesianGrid stroke={style.grid} strokeDasharray="3 3" />
        <XAxis dataKey="name" tick={style.axisTick} stroke={style.grid} />
        <YAxis tick={style.axisTick} stroke={style.grid} />
        <Tooltip {...style.tooltip} formatter={(value) => format.count(Number(value))} />
        <Legend itemSorter={null} wrapperStyle={style.legend} inactiveColor={style.inactive} onClick={legendToggle(series, visibility)} />
        {series.map((item) => (
          <Line key={item.key} type="monotone" dataKey={item.key} name={item.label} stroke={item.color} strokeWidth={2.5} dot={{ r: 3 }} hide={visibility.isHidden(item.key)} isAnimationActive={style.animate} />
        ))}
      </LineChart>
    </ChartCard>
  );
}

type Channel = 'dineIn' | 'delivery' | 'takeaway';

function RevenueBarChart() {
  const { t } = useTranslation('demo-charts');
  const style = useChartStyle();
  const format = useFormats();
  const visibility = useSeriesVisibility<Channel>();
  const series: Series<Channel>[] = [
    { key: 'dineIn', label: t('series.dineIn'), color: style.palette[0] ?? '' },
    { key: 'delivery', label: t('series.delivery'), color: style.palette[3] ?? '' },
    { key: 'takeaway', label: t('series.takeaway'), color: style.palette[2] ?? '' },
  ];
  const data = REVENUE_BY_DAY.map((row) => ({ ...row, name: t(`days.${row.day}`) }));
  return (
    <ChartCard
      kind="bar"
      title={t('bar.title')}
      subtitle={t('bar.subtitle')}
      description={t('bar.description', { total: format.money(sum(REVENUE_BY_DAY, (row) => row.dineIn + row.delivery + row.takeaway)) })}
      series={series}
      visibility={visibility}
    >
      <BarChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
        <CartesianGrid stroke={style.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tick={style.axisTick} stroke={style.grid} />
        <YAxis tick={style.axisTick} stroke={style.grid} tickFormatter={(value: number) => format.money(value)} />
        <Tooltip {...style.tooltip} cursor={{ fill: style.faded(style.axisTick.fill, 0.12) }} formatter={(value) => format.money(Number(value))} />
        <Legend itemSorter={null} wrapperStyle={style.legend} inactiveColor={style.inactive} onClick={legendToggle(series, visibility)} />
        {series.map((item) => (
          <Bar key={item.key} dataKey={item.key} name={item.label} stackId="revenue" fill={item.color} hide={visibility.isHidden(item.key)} isAnimationActive={style.animate} />
        ))}
      </BarChart>
    </ChartCard>
  );
}

function OrdersAreaChart() {
  const { t } = useTranslation('demo-charts');
  const style = useChartStyle();
  const format = useFormats();
  const visibility = useSeriesVisibility<'dineIn' | 'delivery'>();
  const series: Series<'dineIn' | 'delivery'>[] = [
    { key: 'dineIn', label: t('series.dineIn'), color: style.palette[0] ?? '' },
    { key: 'delivery', label: t('series.delivery'), color: style.palette[3] ?? '' },
  ];
  return (
    <ChartCard
      kind="area"
      title={t('area.title')}
      subtitle={t('area.subtitle')}
      description={t('area.description', { dineIn: format.count(sum(ORDERS_BY_HOUR, (row) => row.dineIn)), delivery: format.count(sum(ORDERS_BY_HOUR, (row) => row.delivery)) })}
      series={series}
      visibility={visibility}
    >
      <AreaChart data={[...ORDERS_BY_HOUR]} margin={{ top: 8, right: 16, bottom: 0, left: -8 }}>
        <CartesianGrid stroke={style.grid} strokeDasharray="3 3" />
        <XAxis dataKey="hour" tick={style.axisTick} stroke={style.grid} />
        <YAxis tick={style.axisTick} stroke={style.grid} />
        <Tooltip {...style.tooltip} />
        <Legend itemSorter={null} wrapperStyle={style.legend} inactiveColor={style.inactive} onClick={legendToggle(series, visibility)} />
        {series.map((item) => (
          <Area key={item.key} type="monotone" dataKey={item.key} name={item.label} stackId="orders" stroke={item.color} fill={style.faded(item.color)} strokeWidth={2} hide={visibility.isHidden(item.key)} isAnimationActive={style.animate} />
        ))}
      </AreaChart>
    </ChartCard>
  );
}

function DishMixPieChart() {
  const { t } = useTranslation('demo-charts');
  const style = useChartStyle();
  const format = useFormats();
  const visibility = useSeriesVisibility<DishCategory>();
  const colorOf = (category: DishCategory) => style.palette[DISH_CATEGORIES.indexOf(category) % style.palette.length] ?? '';
  const series: Series<DishCategory>[] = DISH_CATEGORIES.map((key) => ({ key, label: t(`dishes.${key}`), color: colorOf(key) }));
  const data = DISH_MIX.filter((row) => !visibility.isHidden(row.category)).map((row) => ({ ...row, name: t(`dishes.${row.category}`) }));
  return (
    <ChartCard
      kind="pie"
      title={t('pie.title')}
      subtitle={t('pie.subtitle')}
      description={t('pie.description', { list: DISH_MIX.map((row) => `${t(`dishes.${row.category}`)} ${format.count(row.dishes)}`).join(', ') })}
      series={series}
      visibility={visibility}
    >
      <PieChart>
        <Tooltip {...style.tooltip} formatter={(value) => format.count(Number(value))} />
        <Legend itemSorter={null} wrapperStyle={style.legend} onClick={legendToggle(series, visibility)} />
        <Pie data={data} dataKey="dishes" nameKey="name" innerRadius="50%" outerRadius="80%" paddingAngle={2} stroke={style.tooltip.contentStyle.backgroundColor} isAnimationActive={style.animate}>
          {data.map((row) => (
            <Cell key={row.category} fill={colorOf(row.category)} />
          ))}
        </Pie>
      </PieChart>
    </ChartCard>
  );
}

type ScoredOutlet = 'banjaraHills' | 'soho';

function ScoresRadarChart() {
  const { t } = useTranslation('demo-charts');
  const style = useChartStyle();
  const visibility = useSeriesVisibility<ScoredOutlet>();
  const series: Series<ScoredOutlet>[] = [
    { key: 'banjaraHills', label: 'Banjara Hills', color: style.palette[0] ?? '' },
    { key: 'soho', label: 'Soho', color: style.palette[1] ?? '' },
  ];
  const data = OUTLET_SCORES.map((row) => ({ ...row, name: t(`aspects.${row.aspect}`) }));
  return (
    <ChartCard kind="radar" title={t('radar.title')} subtitle={t('radar.subtitle')} description={t('radar.description')} series={series} visibility={visibility}>
      <RadarChart data={data} outerRadius="70%">
        <PolarGrid stroke={style.grid} />
        <PolarAngleAxis dataKey="name" tick={style.axisTick} />
        <PolarRadiusAxis domain={[0, 5]} tick={false} axisLine={false} tickCount={6} />
        <Tooltip {...style.tooltip} />
        <Legend itemSorter={null} wrapperStyle={style.legend} inactiveColor={style.inactive} onClick={legendToggle(series, visibility)} />
        {series.map((item) => (
          <Radar key={item.key} dataKey={item.key} name={item.label} stroke={item.color} fill={style.faded(item.color, 0.25)} strokeWidth={2} hide={visibility.isHidden(item.key)} isAnimationActive={style.animate} />
        ))}
      </RadarChart>
    </ChartCard>
  );
}

type City = 'hyderabad' | 'london';

function TicketScatterChart() {
  const { t } = useTranslation('demo-charts');
  const style = useChartStyle();
  const format = useFormats();
  const visibility = useSeriesVisibility<City>();
  const series: Series<City>[] = [
    { key: 'hyderabad', label: t('series.hyderabad'), color: style.palette[2] ?? '' },
    { key: 'london', label: t('series.london'), color: style.palette[3] ?? '' },
  ];
  return (
    <ChartCard kind="scatter" title={t('scatter.title')} subtitle={t('scatter.subtitle')} description={t('scatter.description')} series={series} visibility={visibility}>
      <ScatterChart margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
        <CartesianGrid stroke={style.grid} strokeDasharray="3 3" />
        <XAxis type="number" dataKey="covers" name={t('scatter.covers')} tick={style.axisTick} stroke={style.grid} domain={['dataMin - 10', 'dataMax + 10']} />
        <YAxis type="number" dataKey="ticket" name={t('scatter.ticket')} tick={style.axisTick} stroke={style.grid} tickFormatter={(value: number) => format.money(value)} />
        <ZAxis range={[70, 70]} />
        <Tooltip {...style.tooltip} cursor={{ strokeDasharray: '3 3' }} />
        <Legend itemSorter={null} wrapperStyle={style.legend} inactiveColor={style.inactive} onClick={legendToggle(series, visibility)} />
        {series.map((item) => (
          <Scatter key={item.key} name={item.label} data={[...TICKETS[item.key]]} fill={item.color} hide={visibility.isHidden(item.key)} isAnimationActive={style.animate} />
        ))}
      </ScatterChart>
    </ChartCard>
  );
}

/** The charts page (see the module comment). */
export function ChartsPage() {
  const { t } = useTranslation(['demo', 'demo-charts']);
  const title = t('demo:pages.charts');
  useDocumentTitle(title);
  return (
    <Box data-testid="charts-page" sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <div>
        <Typography component="h1" variant="h4">{title}</Typography>
        <Typography color="text.secondary">{t('demo-charts:intro')}</Typography>
      </div>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        <CoversLineChart />
        <RevenueBarChart />
        <OrdersAreaChart />
        <DishMixPieChart />
        <ScoresRadarChart />
        <TicketScatterChart />
      </Box>
    </Box>
  );
}
