/**
 * Digital Marketing → Ads pro (/apps/digital-marketing/ads-pro; docs/requirements/routes.md,
 * docs/requirements/screen-contents.md#ads-pro, docs/decisions/0043): an outlet's spend,
 * impressions, clicks, CTR, attributed orders, cost per order and return on spend for a period, per
 * day (chart and table) and per campaign, from ads exports imported as CSV (the import panel, for
 * those who may import).
 *
 * The orders are attributed by day and outlet, never tracked per click: the screen says so above
 * everything else, at all times, with the orders per day of days with and without ads beside it.
 * Outlet and period live in the URL (`?outlet=&from=&to=`). One of the insight screens' lazy
 * chunks (app/insight-screens.tsx): recharts and these strings stay out of the Reviews first paint.
 */
import { useAbility } from '@casl/react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TAdsOutlet, TAdsPerformance } from '@dinedesk/contracts/ads';
import { useCallback, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartPanel, FigureTable } from '../../../components/figure-table.tsx';
import { ListEmpty, ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { OutletSelect } from '../../../components/outlet-select.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SUBJECTS, type AppAbility } from '../../../lib/ability.ts';
import { applyParams, useUrlParams } from '../../../lib/url-params.ts';
import { useFormats, type Formats } from '../../../lib/use-formats.ts';
import { useAdsOutlets, useAdsPerformance, type Period } from '../api/ads.ts';
import { AdsImportPanel } from './ads-import-panel.tsx';

/** The order import (features/orders), linked by path: features do not import each other. */
const ORDER_IMPORT_PATH = '/apps/business-overview/order-import';
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const CHART_HEIGHT = 280;

/** The ratios and estimates of this screen, on top of the shared money and number formats. */
interface AdsFormats extends Formats {
  /** CTR: two decimals, as ad platforms show it (1.37 %). */
  ctr: (x: number) => string;
  /** Attributed orders: shares of days' orders, one decimal. */
  estimate: (x: number) => string;
  /** Return on spend: sales per unit of spend (3.2×). */
  ratio: (x: number) => string;
}

function useAdsFormats(currency: string | null): AdsFormats {
  const base = useFormats(currency);
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(() => {
    const ctr = new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const estimate = new Intl.NumberFormat(lang, { maximumFractionDigits: 1 });
    const ratio = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
    return { ...base, ctr: (x) => ctr.format(x), estimate: (x) => estimate.format(x), ratio: (x) => `${ratio.format(x)}×` };
  }, [base, lang]);
}

const orDash = (x: number | null, format: (x: number) => string) => (x === null ? '—' : format(x));

/**
 * The outlet and period of the screen, in the URL. Without an outlet (or one the user no longer
 * sees) the first outlet with ad data is shown, else the first.
 */
function useAdsParams(outlets: readonly TAdsOutlet[]) {
  const [params, update] = useUrlParams();
  const asked = params.get('outlet');
  const outlet = outlets.find((o) => o.id === asked) ?? outlets.find((o) => o.campaignDays > 0) ?? outlets[0] ?? null;
  const from = params.get('from');
  const to = params.get('to');
  const period: Period = { from: from && DAY.test(from) ? from : null, to: to && DAY.test(to) ? to : null };
  // Another outlet has another history: its period starts at its own default.
  const setOutlet = useCallback((id: string) => update((next) => applyParams(next, { outlet: id, from: null, to: null })), [update]);
  const setPeriod = useCallback((p: Period) => update((next) => applyParams(next, { from: p.from, to: p.to })), [update]);
  return { outlet, period, setOutlet, setPeriod };
}

function Controls({ outlets, outlet, onOutlet, period, onPeriod }: { outlets: readonly TAdsOutlet[]; outlet: TAdsOutlet; onOutlet: (id: string) => void; period: Period; onPeriod: (p: Period) => void }) {
  const { t } = useTranslation('ads');
  const [from, setFrom] = useState(period.from ?? '');
  const [to, setTo] = useState(period.to ?? '');
  // The server refuses a period that ends before it starts; say so here instead.
  const backwards = from !== '' && to !== '' && from > to;
  const apply = (e: FormEvent) => {
    e.preventDefault();
    if (!backwards) onPeriod({ from: from || null, to: to || null });
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }} component="form" onSubmit={apply} aria-label={t('controls.label')}>
      <OutletSelect label={t('controls.outlet')} value={outlet.id} outlets={outlets} onChange={onOutlet} testId="ads-outlet" sx={{ minWidth: 280 }} />
      <TextField type="date" label={t('controls.from')} value={from} onChange={(e) => setFrom(e.target.value)} size="small" error={backwards} helperText={backwards ? t('controls.backwards') : undefined} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'ads-from' } }} />
      <TextField type="date" label={t('controls.to')} value={to} onChange={(e) => setTo(e.target.value)} size="small" slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'ads-to' } }} />
      <Button type="submit" variant="outlined" disabled={backwards} data-testid="ads-apply">
        {t('controls.apply')}
      </Button>
    </Stack>
  );
}

/**
 * Always on screen: how the orders are attributed and that the result is an estimate; with the
 * figures, the orders per day of days with and without ads, and a warning when some ad days have
 * no order data.
 */
function EstimateNotice({ data, f }: { data: TAdsPerformance | undefined; f: AdsFormats }) {
  const { t } = useTranslation('ads');
  const ability = useAbility<AppAbility>();
  const a = data?.dataTo ? data.attribution : null;
  const compared = a && a.adDays > 0 && a.otherDays > 0 && a.adDayOrders !== null && a.otherDayOrders !== null;
  return (
    <Stack spacing={1}>
      <Alert severity="info" data-testid="ads-estimate">
        <AlertTitle>{t('estimate.title')}</AlertTitle>
        <Typography variant="body2">{t('estimate.body')}</Typography>
        {a && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="ads-comparison">
            {compared
              ? t('estimate.comparison', { adDays: f.number(a.adDays), adOrders: f.estimate(a.adDayOrders!), otherDays: f.number(a.otherDays), otherOrders: f.estimate(a.otherDayOrders!) })
              : t('estimate.noComparison')}
          </Typography>
        )}
      </Alert>
      {a && !a.ordersCovered && (
        <Alert
          severity="warning"
          data-testid="ads-orders-uncovered"
          action={
            ability.can('update', SUBJECTS.businessOverview) && data ? (
              <Button color="inherit" size="small" component={RouterLink} to={`${ORDER_IMPORT_PATH}?outlet=${data.outletId}`}>
                {t('estimate.importOrders')}
              </Button>
            ) : undefined
          }
        >
          {t('estimate.uncovered')}
        </Alert>
      )}
    </Stack>
  );
}

function Kpi({ label, value, note, testId }: { label: string; value: string; note?: ReactNode; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 0 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
      {note && (
        <Typography variant="caption" color="text.secondary" component="p">
          {note}
        </Typography>
      )}
    </Paper>
  );
}

function Figures({ d, outlet, f }: { d: TAdsPerformance; outlet: TAdsOutlet; f: AdsFormats }) {
  const { t } = useTranslation('ads');
  const theme = useTheme();
  const sales = useFormats(d.ordersCurrency);
  const x = d.totals;
  // Return on spend needs sales and spend in one currency (the contract answers null otherwise).
  const otherCurrency = d.ordersCurrency !== null && d.currency !== null && d.ordersCurrency !== d.currency;
  const returnNote = otherCurrency ? t('kpi.returnOtherCurrency', { orders: d.ordersCurrency, spend: d.currency }) : t('kpi.returnNote', { sales: sales.money(x.attributedSales) });
  return (
    <Stack spacing={3} data-testid="ads-figures">
      <Typography variant="body2" color="text.secondary" data-testid="ads-period">
        {t('period.showing', { from: f.day(d.from!), to: f.day(d.to!), dataFrom: f.day(d.dataFrom!), dataTo: f.day(d.dataTo!) })}
      </Typography>
      {d.campaigns.length === 0 && (
        <Typography role="status" data-testid="ads-no-spend">
          {t('empty.noSpendInPeriod')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)', xl: 'repeat(7, 1fr)' } }}>
        <Kpi testId="ads-kpi-spend" label={t('kpi.spend')} value={f.money(x.spend)} />
        <Kpi testId="ads-kpi-impressions" label={t('kpi.impressions')} value={f.number(x.impressions)} />
        <Kpi testId="ads-kpi-clicks" label={t('kpi.clicks')} value={f.number(x.clicks)} />
        <Kpi testId="ads-kpi-ctr" label={t('kpi.ctr')} value={orDash(x.ctr, f.ctr)} />
        <Kpi testId="ads-kpi-orders" label={t('kpi.attributedOrders')} value={f.estimate(x.attributedOrders)} note={t('kpi.estimateNote')} />
        <Kpi testId="ads-kpi-cost-per-order" label={t('kpi.costPerOrder')} value={orDash(x.costPerOrder, f.money)} note={t('kpi.estimateNote')} />
        <Kpi testId="ads-kpi-return" label={t('kpi.returnOnSpend')} value={orDash(x.returnOnSpend, f.ratio)} note={returnNote} />
      </Box>
      {/* Side by side only when the five-column table fits beside the chart. */}
      <ChartPanel
        id="ads-daily"
        title={t('daily.title')}
        sideBySide="xl"
        chart={
          <Box sx={{ height: CHART_HEIGHT }} role="img" aria-label={t('daily.chart', { count: d.daily.length })}>
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={d.daily} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                <XAxis dataKey="day" tick={{ fontSize: 12 }} tickFormatter={f.day} minTickGap={24} />
                <YAxis yAxisId="spend" tick={{ fontSize: 12 }} tickFormatter={f.moneyShort} width={72} />
                <YAxis yAxisId="orders" orientation="right" tick={{ fontSize: 12 }} tickFormatter={f.estimate} width={40} />
                <Tooltip labelFormatter={(l) => f.day(String(l))} formatter={(v, name) => (name === t('kpi.spend') ? f.money(Number(v)) : f.estimate(Number(v)))} />
                <Legend />
                <Bar yAxisId="spend" dataKey="spend" name={t('kpi.spend')} fill={theme.palette.primary.main} isAnimationActive={false} />
                <Line yAxisId="orders" type="monotone" dataKey="orders" name={t('daily.orders')} stroke={theme.palette.text.secondary} dot={false} connectNulls={false} isAnimationActive={false} />
                <Line yAxisId="orders" type="monotone" dataKey="attributedOrders" name={t('kpi.attributedOrders')} stroke={theme.palette.warning.main} strokeWidth={2} dot={false} isAnimationActive={false} />
              </ComposedChart>
            </ResponsiveContainer>
          </Box>
        }
        table={
          <FigureTable
            caption={t('daily.title')}
            testId="ads-daily-table"
            maxHeight={CHART_HEIGHT + 40}
            head={[t('table.day'), t('kpi.spend'), t('kpi.clicks'), t('daily.orders'), t('kpi.attributedOrders')]}
            rows={d.daily.map((r) => [f.day(r.day), f.money(r.spend), f.number(r.clicks), orDash(r.orders, f.number), f.estimate(r.attributedOrders)])}
          />
        }
      />
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="ads-campaigns-title">
        <Typography id="ads-campaigns-title" component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('campaigns.title')}
        </Typography>
        {d.campaigns.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('empty.noSpendInPeriod')}
          </Typography>
        ) : (
          <FigureTable
            caption={t('campaigns.caption', { outlet: outlet.name })}
            testId="ads-campaigns"
            maxHeight={520}
            head={[t('table.campaign'), t('table.days'), t('kpi.spend'), t('kpi.impressions'), t('kpi.clicks'), t('kpi.ctr'), t('kpi.attributedOrders'), t('kpi.costPerOrder'), t('kpi.returnOnSpend')]}
            rows={d.campaigns.map((c) => [c.campaign, f.number(c.days), f.money(c.spend), f.number(c.impressions), f.number(c.clicks), orDash(c.ctr, f.ctr), f.estimate(c.attributedOrders), orDash(c.costPerOrder, f.money), orDash(c.returnOnSpend, f.ratio)])}
          />
        )}
      </Paper>
    </Stack>
  );
}

export function AdsProPage() {
  const { t } = useTranslation('ads');
  const { t: appT } = useTranslation();
  const outlets = useAdsOutlets();
  const list = outlets.data?.data ?? [];
  const { outlet, period, setOutlet, setPeriod } = useAdsParams(list);
  const perf = useAdsPerformance(outlet?.id ?? null, period);
  // The answer of another outlet, kept on screen while this one's loads, is not this outlet's.
  const d = perf.data && perf.data.outletId === outlet?.id ? perf.data : undefined;
  const f = useAdsFormats(d?.currency ?? outlet?.currency ?? null);

  let body: ReactNode;
  if (!outlet) body = null;
  else if (perf.isError && !d) body = <ListError error={perf.error} onRetry={() => void perf.refetch()} />;
  else if (!d) body = <ListSkeleton rows={3} rowHeight={96} label={appT('common.loading')} />;
  else if (!d.dataTo) body = <ListEmpty title={t('empty.noAds', { outlet: outlet.name })} description={outlet.canImport ? t('empty.importHint') : t('empty.askOwner')} testId="ads-empty" />;
  else body = <Figures d={d} outlet={outlet} f={f} />;

  return (
    <Stack spacing={3}>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <EstimateNotice data={d} f={f} />
      {outlets.isPending ? (
        <ListSkeleton rows={1} rowHeight={56} label={appT('common.loading')} />
      ) : outlets.isError ? (
        <ListError error={outlets.error} onRetry={() => void outlets.refetch()} />
      ) : !outlet ? (
        <ListEmpty title={t('empty.noOutlets')} testId="ads-no-outlets" />
      ) : (
        <>
          <Controls key={`${outlet.id}:${period.from}:${period.to}`} outlets={list} outlet={outlet} onOutlet={setOutlet} period={period} onPeriod={setPeriod} />
          {perf.isError && d && <ListError error={perf.error} onRetry={() => void perf.refetch()} />}
          {body}
          {outlet.canImport && <AdsImportPanel key={outlet.id} outlet={outlet} />}
        </>
      )}
    </Stack>
  );
}

export default AdsProPage;
