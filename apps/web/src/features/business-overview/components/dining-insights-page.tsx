/**
 * Dining insights (/apps/business-overview/dining-insights; docs/requirements/routes.md,
 * docs/requirements/screen-contents.md#dining-insights, docs/decisions/0036): the outlet's cost for
 * two, cuisines and rating position in its city, from the real Zomato restaurant data. Covers and
 * spend per cover need party sizes that no imported source has: the screen says so. Outlets outside
 * that data (the London takeaways) say that too.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { TOrdersOutlet } from '@dinedesk/contracts/orders';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ListError, ListSkeleton } from '../../../components/list-state.tsx';
import { useDiningInsights } from '../api/overview.ts';
import { ChartPanel, FigureTable } from '../../../components/figure-table.tsx';
import { useFormats } from '../../../lib/use-formats.ts';
import { OverviewScreen } from './overview-screen.tsx';

function Dining({ outlet }: { outlet: TOrdersOutlet }) {
  const { t } = useTranslation('business-overview');
  const { t: appT } = useTranslation();
  const theme = useTheme();
  const q = useDiningInsights(outlet.id);
  const f = useFormats(q.data?.restaurant?.currency ?? null);
  if (q.isPending) return <ListSkeleton rows={2} rowHeight={120} label={appT('common.loading')} />;
  if (q.isError) return <ListError error={q.error} onRetry={() => void q.refetch()} />;
  const d = q.data;
  return (
    <Stack spacing={3} data-testid="dining-insights">
      <Alert severity="info" data-testid="dining-no-covers">
        {t('dining.noCovers')}
      </Alert>
      {!d.restaurant || !d.cityStats ? (
        <Alert severity="warning" data-testid="dining-no-data">
          {t('dining.noData', { outlet: d.outletName, city: d.city || '—' })}
        </Alert>
      ) : (
        <>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="dining-cost">
              <Typography variant="body2" color="text.secondary">
                {t('dining.costForTwo')}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                {d.restaurant.costForTwo === null ? '—' : f.money(d.restaurant.costForTwo)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('dining.cityMedian', { city: d.city, value: d.cityStats.medianCostForTwo === null ? '—' : f.money(d.cityStats.medianCostForTwo) })}
              </Typography>
            </Paper>
            <Paper variant="outlined" sx={{ p: 2, flex: 1 }} data-testid="dining-rank">
              <Typography variant="body2" color="text.secondary">
                {t('dining.rating')}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 600 }}>
                {d.restaurant.rating === null ? '—' : `★ ${f.decimal(d.restaurant.rating)}`}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {d.cityStats.ratingRank === null ? t('dining.unrated') : t('dining.rank', { rank: d.cityStats.ratingRank, of: d.cityStats.ratedRestaurants, city: d.city, reviews: d.restaurant.ratedReviews })}
              </Typography>
            </Paper>
            <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
              <Typography variant="body2" color="text.secondary">
                {t('dining.cuisines')}
              </Typography>
              <Typography variant="body1">{d.restaurant.cuisines.join(', ') || '—'}</Typography>
            </Paper>
          </Stack>
          <ChartPanel
            id="cost-bands"
            title={t('dining.costBands', { city: d.city })}
            chart={
              <Box sx={{ height: 240 }} role="img" aria-label={t('dining.costBandsChart')}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={d.cityStats.costBands} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                    <XAxis dataKey="band" tick={{ fontSize: 12 }} />
                    <YAxis tick={{ fontSize: 12 }} allowDecimals={false} />
                    <Tooltip />
                    <Bar dataKey="restaurants" name={t('dining.restaurants')} isAnimationActive={false}>
                      {d.cityStats.costBands.map((b) => (
                        <Cell key={b.band} fill={b.outletHere ? theme.palette.primary.main : theme.palette.action.disabled} />
                      ))}
                    </Bar>
                  </BarChart>
                </ResponsiveContainer>
              </Box>
            }
            table={<FigureTable caption={t('dining.costBands', { city: d.city })} testId="cost-bands-table" head={[t('dining.band'), t('dining.restaurants'), t('dining.here')]} rows={d.cityStats.costBands.map((b) => [b.band, f.number(b.restaurants), b.outletHere ? t('dining.thisOutlet') : ''])} />}
          />
          <ChartPanel
            id="city-cuisines"
            title={t('dining.cityCuisines', { city: d.city })}
            chart={
              <Box sx={{ height: 300 }} role="img" aria-label={t('dining.cityCuisinesChart')}>
                <ResponsiveContainer width="100%" height="100%">
                  <BarChart data={d.cityStats.cuisines} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
                    <CartesianGrid strokeDasharray="3 3" stroke={theme.palette.divider} />
                    <XAxis type="number" tick={{ fontSize: 12 }} allowDecimals={false} />
                    <YAxis type="category" dataKey="cuisine" width={120} tick={{ fontSize: 11 }} />
                    <Tooltip />
                    <Bar dataKey="restaurants" name={t('dining.restaurants')} isAnimationActive={false}>
                      {d.cityStats.cuisines.map((c) => (
                        <Cell key={c.cuisine} fill={d.restaurant!.cuisines.includes(c.cuisine) ? theme.palette.primary.main : theme.palette.action.disabled} />
                      ))}
                    </Bar>
                  </BarChart>
                </ResponsiveContainer>
              </Box>
            }
            table={<FigureTable caption={t('dining.cityCuisines', { city: d.city })} testId="cuisines-table" head={[t('dining.cuisine'), t('dining.restaurants')]} rows={d.cityStats.cuisines.map((c) => [c.cuisine, f.number(c.restaurants)])} />}
          />
          <Typography variant="caption" color="text.secondary">
            {t('dining.source')}
          </Typography>
        </>
      )}
    </Stack>
  );
}

export function DiningInsightsPage() {
  const { t } = useTranslation('business-overview');
  return (
    <OverviewScreen title={t('dining.title')} subtitle={t('dining.subtitle')} withPeriod={false}>
      {(outlet) => <Dining outlet={outlet} />}
    </OverviewScreen>
  );
}

