/**
 * Order insights (/apps/business-overview/order-insights; docs/requirements/routes.md,
 * docs/requirements/screen-contents.md#order-insights, docs/decisions/0036): orders, sales and
 * average order value against the previous period; daily sales; item mix; a weekday × hour heatmap;
 * this 4 weeks against the previous 4; top and bottom items with their weekly trend; basket pairs
 * by support and lift. Every chart (recharts) has its table beside it.
 *
 * A lazy route of its own (app/product-area.tsx): recharts and these strings are not in the
 * Reviews screen's first paint.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import type { TOrderInsights, TOrdersOutlet } from '@dinedesk/contracts/orders';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { useOrderInsights, type Period } from '../api/overview.ts';
import { ChartPanel, FigureTable } from '../../../components/figure-table.tsx';
import { useFormats, type Formats } from '../../../lib/use-formats.ts';
import { NoOrders, OverviewScreen } from './overview-screen.tsx';

const CHART_HEIGHT = 260;

/** Change against a previous figure, as a signed percentage (null when there was none). */
export function change(now: number, before: number): number | null {
  return before ? (now - before) / before : null;
}

/**
 * The item mix as charted: named items by sales, biggest first (ties by name), then the "other"
 * row of everything else. The server answers in this order; sorting here keeps the chart right
 * whatever order it arrives in.
 */
export function mixBySales(mix: TOrderInsights['itemMix']): TOrderInsights['itemMix'] {
  const named = mix.filter((i) => i.item !== 'other').sort((a, b) => b.sales - a.sales || a.item.localeCompare(b.item));
  return [...named, ...mix.filter((i) => i.item === 'other')];
}

function Kpi({ label, value, delta, f, testId }: { label: string; value: string; delta: number | null; f: Formats; testId: string }) {
  const { t } = useTranslation('business-overview');
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 180 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
      <Typography variant="body2" color={delta === null ? 'text.secondary' : delta >= 0 ? 'success.main' : 'error.main'}>
        {delta === null ? t('kpi.noPrevious') : t('kpi.vsPrevious', { change: `${delta >= 0 ? '+' : ''}${f.percent(delta)}` })}
      </Typography>
    </Paper>
  );
}

function Heatmap({ cells, f }: { cells: TOrderInsights['heatmap']; f: Formats }) {
  const { t } = useTranslation('business-overview');
  const theme = useTheme();
  const hours = [...new Set(cells.map((c) => c.hour))].sort((a, b) => a - b);
  const max = Math.max(1, ...cells.map((c) => c.orders));
  const at = (w: number, h: number) => cells.find((c) => c.weekday === w && c.hour === h)?.orders ?? 0;
  return (
    <Box component="section" aria-labelledby="heatmap-title" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }} data-testid="order-heatmap">
      <Typography id="heatmap-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {t('orders.heatmap')}
      </Typography>
      <Box sx={{ position: 'relative', overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('orders.heatmap')}>
        <Box component="table" aria-label={t('orders.heatmap')} sx={{ borderCollapse: 'collapse', fontSize: 12, '& th, & td': { p: 0.5, textAlign: 'center', minWidth: 28 } }}>
          <thead>
            <tr>
              <th scope="col">{t('orders.weekdayHour')}</th>
              {hours.map((h) => (
                <th key={h} scope="col">
                  {String(h).padStart(2, '0')}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[0, 1, 2, 3, 4, 5, 6].map((w) => (
              <tr key={w}>
                <th scope="row">{f.weekday(w)}</th>
                {hours.map((h) => {
                  const n = at(w, h);
                  return (
                    <Box component="td" key={h} sx={{ bgcolor: n ? alpha(theme.palette.primary.main, 0.12 + 0.88 * (n / max)) : 'transparent', color: n / max > 0.55 ? 'primary.contrastText' : 'text.primary' }}>
                      {n || ''}
                    </Box>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Box>
  );
}

function Sparkline({ values, label }: { values: number[]; label: string }) {
  const theme = useTheme();
  return (
    <Box role="img" aria-label={label} sx={{ width: 96, height: 28, display: 'inline-block' }}>
      <LineChart width={96} height={28} data={values.map((v, i) => ({ i, v }))}>
        <Line type="monotone" dataKey="v" stroke={theme.palette.primary.main} dot={false} isAnimationActive={false} strokeWidth={2} />
      </LineChart>
    </Box>
  );
}

function Insights({ outlet, period }: { outlet: TOrdersOutlet; period: Period }) {
  const { t } = useTranslation('business-overview');
  const { t: appT } = useTranslation();
  const theme = useTheme();
  const q = useOrderInsights(outlet.id, period);
  const f = useFormats(q.data?.currency ?? outlet.currency);
  if (q.isPending) return <ListSkeleton rows={4} rowHeight={96} label={appT('common.loading')} />;
  if (q.isError) return <ListError error={q.error} onRetry={() => void q.refetch()} />;
  const d = q.data;
  if (!d.dataTo) return <NoOrders outlet={outlet} />;
  const mix = mixBySales(d.itemMix);
  const ranked = (list: TOrderInsights['topItems']) =>
    list.map((i) => [i.item, f.number(i.quantity), f.number(i.previousQuantity), f.money(i.sales), <Sparkline key="s" values={i.weekly} label={t('orders.trendLabel', { weeks: i.weekly.length, values: i.weekly.join(', ') })} />]);
  return (
    <Stack spacing={3} data-testid="order-insights">
      <Typography variant="body2" color="text.secondary" data-testid="order-period">
        {t('period.showing', { from: f.day(d.from!), to: f.day(d.to!), dataFrom: f.day(d.dataFrom!), dataTo: f.day(d.dataTo) })}
      </Typography>
      {d.totals.orders === 0 && <Typography role="status">{t('empty.noOrdersInPeriod')}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Kpi testId="kpi-orders" label={t('kpi.orders')} value={f.number(d.totals.orders)} delta={change(d.totals.orders, d.previous.orders)} f={f} />
        <Kpi testId="kpi-sales" label={t('kpi.sales')} value={f.money(d.totals.sales)} delta={change(d.totals.sales, d.previous.sales)} f={f} />
        <Kpi testId="kpi-aov" label={t('kpi.aov')} value={d.totals.averageOrderValue === null ? '—' : f.money(d.totals.averageOrderValue)} delta={d.totals.averageOrderValue !== null && d.previous.averageOrderValue ? change(d.totals.averageOrderValue, d.previous.averageOrderValue) : null} f={f} />
      </Stack>
      <ChartPanel
        id="daily-sales"
        title={t('orders.daily')}
        chart={
          <Box sx={{ height: CHART_HEIGHT }} role="img" aria-label={t('orders.dailyChart', { days: d.daily.length })}>
            <ResponsiveContainer width="100%" height="100%">
              <LineChart data={d.daily} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                <XAxis dataKey="day" tick={{ fontSize: 12 }} tickFormatter={f.day} minTickGap={24} />
                <YAxis tick={{ fontSize: 12 }} tickFormatter={f.moneyShort} width={72} />
                <Tooltip formatter={(v) => f.money(Number(v))} labelFormatter={(l) => f.day(String(l))} />
                <Line type="monotone" dataKey="sales" name={t('kpi.sales')} stroke={theme.palette.primary.main} dot={false} isAnimationActive={false} />
              </LineChart>
            </ResponsiveContainer>
          </Box>
        }
        table={<FigureTable caption={t('orders.daily')} testId="daily-table" head={[t('table.day'), t('kpi.orders'), t('kpi.sales')]} rows={d.daily.map((x) => [f.day(x.day), f.number(x.orders), f.money(x.sales)])} />}
      />
      <ChartPanel
        id="item-mix"
        title={t('orders.itemMix')}
        chart={
          <Box sx={{ height: CHART_HEIGHT }} role="img" aria-label={t('orders.itemMixChart', { count: mix.length })}>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={mix.map((i) => ({ ...i, label: i.item === 'other' ? t('orders.other') : i.item }))} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                <XAxis type="number" tick={{ fontSize: 12 }} tickFormatter={f.moneyShort} />
                <YAxis type="category" dataKey="label" width={150} tick={{ fontSize: 11 }} />
                <Tooltip formatter={(v) => f.money(Number(v))} />
                <Bar dataKey="sales" name={t('kpi.sales')} fill={theme.palette.primary.main} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </Box>
        }
        table={<FigureTable caption={t('orders.itemMix')} testId="item-mix-table" head={[t('table.item'), t('table.quantity'), t('kpi.sales'), t('table.share')]} rows={mix.map((i) => [i.item === 'other' ? t('orders.other') : i.item, f.number(i.quantity), f.money(i.sales), f.percent(i.share)])} />}
      />
      <Heatmap cells={d.heatmap} f={f} />
      {d.fourWeeks && (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="four-weeks-title">
          <Typography id="four-weeks-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            {t('orders.fourWeeks')}
          </Typography>
          <FigureTable
            caption={t('orders.fourWeeks')}
            testId="four-weeks-table"
            head={['', t('orders.thisFour', { from: f.day(d.fourWeeks.currentFrom), to: f.day(d.fourWeeks.currentTo) }), t('orders.previousFour', { from: f.day(d.fourWeeks.previousFrom), to: f.day(d.fourWeeks.previousTo) }), t('table.change')]}
            rows={[
              [t('kpi.orders'), f.number(d.fourWeeks.current.orders), f.number(d.fourWeeks.previous.orders), pct(change(d.fourWeeks.current.orders, d.fourWeeks.previous.orders), f)],
              [t('kpi.sales'), f.money(d.fourWeeks.current.sales), f.money(d.fourWeeks.previous.sales), pct(change(d.fourWeeks.current.sales, d.fourWeeks.previous.sales), f)],
              [t('kpi.aov'), d.fourWeeks.current.averageOrderValue === null ? '—' : f.money(d.fourWeeks.current.averageOrderValue), d.fourWeeks.previous.averageOrderValue === null ? '—' : f.money(d.fourWeeks.previous.averageOrderValue), pct(d.fourWeeks.current.averageOrderValue !== null && d.fourWeeks.previous.averageOrderValue !== null ? change(d.fourWeeks.current.averageOrderValue, d.fourWeeks.previous.averageOrderValue) : null, f)],
            ]}
          />
        </Paper>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        {(['top', 'bottom'] as const).map((which) => (
          <Paper key={which} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`${which}-items-title`}>
            <Typography id={`${which}-items-title`} component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              {which === 'top' ? t('orders.topItems') : t('orders.bottomItems')}
            </Typography>
            <FigureTable maxHeight={420} caption={which === 'top' ? t('orders.topItems') : t('orders.bottomItems')} testId={`${which}-items-table`} head={[t('table.item'), t('table.quantity'), t('table.previous'), t('kpi.sales'), t('table.trend')]} rows={ranked(which === 'top' ? d.topItems : d.bottomItems)} />
          </Paper>
        ))}
      </Box>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="pairs-title">
        <Typography id="pairs-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {t('orders.pairs')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('orders.pairsNote', { count: d.basketOrders })}
        </Typography>
        {d.basketPairs.length === 0 ? (
          <Typography role="status">{t('orders.noPairs')}</Typography>
        ) : (
          <FigureTable maxHeight={420} caption={t('orders.pairs')} testId="pairs-table" head={[t('table.pair'), t('kpi.orders'), t('table.support'), t('table.confidence'), t('table.lift')]} rows={d.basketPairs.map((p) => [`${p.a} + ${p.b}`, f.number(p.orders), f.percent(p.support), f.percent(p.confidence), f.decimal(p.lift)])} />
        )}
      </Paper>
    </Stack>
  );
}

function pct(x: number | null, f: Formats): string {
  return x === null ? '—' : `${x >= 0 ? '+' : ''}${f.percent(x)}`;
}

export function OrderInsightsPage() {
  const { t } = useTranslation('business-overview');
  return (
    <OverviewScreen title={t('orders.title')} subtitle={t('orders.subtitle')}>
      {(outlet, period) => <Insights outlet={outlet} period={period} />}
    </OverviewScreen>
  );
}

