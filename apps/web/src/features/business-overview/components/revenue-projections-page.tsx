/**
 * Revenue projections (/apps/business-overview/revenue-projections; docs/requirements/routes.md,
 * docs/requirements/screen-contents.md#revenue-projections, docs/decisions/0036): the outlet's
 * daily sales, a daily forecast with weekly seasonality and its 95 % band (the server fits augurs'
 * MSTL + ETS), and the forecast of the last 28 days made without them against what happened, with
 * its MAPE.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TOrdersOutlet } from '@dinedesk/contracts/orders';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { HOLDOUT_DAYS, useForecast } from '../api/overview.ts';
import { ChartPanel, FigureTable } from '../../../components/figure-table.tsx';
import { useFormats } from '../../../lib/use-formats.ts';
import { NoOrders, OverviewScreen } from './overview-screen.tsx';

const HORIZONS = [14, 28, 56];
/** Days of history drawn before the held-back days (the whole year would flatten the chart). */
const SHOWN_HISTORY_DAYS = 84;

function Projection({ outlet }: { outlet: TOrdersOutlet }) {
  const { t } = useTranslation('business-overview');
  const { t: appT } = useTranslation();
  const theme = useTheme();
  const [horizon, setHorizon] = useState(28);
  const q = useForecast(outlet.id, horizon);
  const f = useFormats(q.data?.currency ?? outlet.currency);
  if (q.isPending) return <ListSkeleton rows={2} rowHeight={160} label={appT('common.loading')} />;
  if (q.isError) return <ListError error={q.error} onRetry={() => void q.refetch()} />;
  const d = q.data;
  if (d.historyDays === 0) return <NoOrders outlet={outlet} />;
  const firstForecast = d.points.findIndex((p) => p.forecast !== null);
  const shown = d.points.slice(Math.max(0, (firstForecast < 0 ? d.points.length : firstForecast) - SHOWN_HISTORY_DAYS)).map((p) => ({ ...p, band: p.lower !== null && p.upper !== null ? [p.lower, p.upper] : null }));
  const forecastRows = d.points.filter((p) => p.forecast !== null);
  return (
    <Stack spacing={3} data-testid="revenue-projection">
      <TextField select label={t('forecast.horizon')} value={horizon} onChange={(e) => setHorizon(Number(e.target.value))} size="small" sx={{ maxWidth: 220 }} slotProps={{ htmlInput: { 'data-testid': 'forecast-horizon' } }}>
        {HORIZONS.map((h) => (
          <MenuItem key={h} value={h}>
            {t('forecast.days', { count: h })}
          </MenuItem>
        ))}
      </TextField>
      {d.method === null ? (
        <Alert severity="info" data-testid="forecast-too-short">
          {t('forecast.tooShort', { days: d.historyDays, needed: d.minHistoryDays })}
        </Alert>
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="forecast-mape">
            <Typography variant="body2" color="text.secondary">
              {t('forecast.mape', { days: HOLDOUT_DAYS })}
            </Typography>
            <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
              {d.mape === null ? '—' : f.percent(d.mape)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('forecast.mapeNote', { from: f.day(d.holdoutFrom!) })}
            </Typography>
          </Paper>
          <Paper variant="outlined" sx={{ p: 2, flex: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {t('forecast.method')}
            </Typography>
            <Typography variant="body2">{t('forecast.methodText', { level: f.percent(d.level), days: d.historyDays })}</Typography>
          </Paper>
        </Stack>
      )}
      <ChartPanel
        id="forecast-chart"
        title={t('forecast.chart')}
        chart={
          <Box sx={{ height: 300 }} role="img" aria-label={t('forecast.chartLabel', { days: shown.length })}>
            <ResponsiveContainer width="100%" height="100%">
              <ComposedChart data={shown} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                <XAxis dataKey="day" tick={{ fontSize: 12 }} tickFormatter={f.day} minTickGap={24} />
                <YAxis tick={{ fontSize: 12 }} tickFormatter={f.moneyShort} width={72} />
                <Tooltip formatter={(v) => (Array.isArray(v) ? v.map((x) => f.money(Number(x))).join(' – ') : f.money(Number(v)))} labelFormatter={(l) => f.day(String(l))} />
                <Legend />
                <Area dataKey="band" name={t('forecast.band', { level: f.percent(d.level) })} stroke="none" fill={theme.palette.secondary.main} fillOpacity={0.2} isAnimationActive={false} connectNulls={false} />
                <Line dataKey="actual" name={t('forecast.actual')} stroke={theme.palette.text.primary} dot={false} isAnimationActive={false} connectNulls={false} />
                <Line dataKey="forecast" name={t('forecast.forecast')} stroke={theme.palette.primary.main} strokeDasharray="5 3" dot={false} isAnimationActive={false} connectNulls={false} />
              </ComposedChart>
            </ResponsiveContainer>
          </Box>
        }
        table={
          <FigureTable
            maxHeight={320}
            caption={t('forecast.table')}
            testId="forecast-table"
            head={[t('table.day'), t('forecast.actual'), t('forecast.forecast'), t('forecast.low'), t('forecast.high')]}
            rows={forecastRows.map((p) => [f.day(p.day), p.actual === null ? '—' : f.money(p.actual), f.money(p.forecast!), f.money(p.lower!), f.money(p.upper!)])}
          />
        }
      />
    </Stack>
  );
}

export function RevenueProjectionsPage() {
  const { t } = useTranslation('business-overview');
  return (
    <OverviewScreen title={t('forecast.title')} subtitle={t('forecast.subtitle')} withPeriod={false}>
      {(outlet) => <Projection outlet={outlet} />}
    </OverviewScreen>
  );
}

