/**
 * Menu Management → Insights (/apps/menu-management/insights; docs/requirements/routes.md,
 * docs/requirements/screen-contents.md#menu-insights, docs/decisions/0039): per item quantity,
 * revenue and share of the period against the previous period of the same length, the items rising
 * and falling most, and the menu items with no order in the period. Every figure is a table (they
 * are their own accessible view).
 */
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TMenuInsightItem } from '@dinedesk/contracts/menu';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useFormats, type Formats } from '../../../lib/use-formats.ts';
import { useMenuInsights } from '../api/menu.ts';
import { useMenuParams } from '../hooks/use-menu-params.ts';
import { MenuControls } from './menu-controls.tsx';

const signed = (f: Formats, n: number) => (n > 0 ? `+${f.number(n)}` : f.number(n));

function Movers({ title, items, testId, f }: { title: string; items: TMenuInsightItem[]; testId: string; f: Formats }) {
  const { t } = useTranslation('menu');
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} component="section" aria-label={title} data-testid={testId}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('insights.noMovers')}
        </Typography>
      ) : (
        <Stack component="ol" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
          {items.map((i) => (
            <Typography component="li" variant="body2" key={i.id}>
              {t('insights.mover', { item: i.name, change: signed(f, i.change), quantity: f.number(i.quantity), previous: f.number(i.previousQuantity) })}
            </Typography>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

export function MenuInsightsPage() {
  const { t } = useTranslation('menu');
  const { t: appT } = useTranslation();
  const { outletId, period, setOutlet, setPeriod } = useMenuParams();
  const q = useMenuInsights(outletId, period);
  const data = q.data;
  const f = useFormats(data?.currency ?? null);
  const outletName = data?.outlets.find((o) => o.outletId === data.outletId)?.outletName ?? '';
  const caption = t('insights.caption', { outlet: outletName });
  return (
    <Stack spacing={3}>
      <PageHeader title={t('insights.title')} subtitle={t('insights.subtitle')} />
      <ListState query={q} isEmpty={!data || data.outlets.length === 0} skeleton={{ rows: 6, rowHeight: 40, label: appT('common.loading') }} empty={<ListEmpty title={t('noOutlets')} testId="menu-no-outlets" />}>
        {data && (
          <Stack spacing={2}>
            <MenuControls key={`${data.outletId}:${data.from}:${data.to}`} outlets={data.outlets} outletId={data.outletId} onOutlet={setOutlet} period={{ from: data.from, to: data.to }} onPeriod={setPeriod} />
            {data.from && data.to && data.previousFrom && data.previousTo && (
              <Typography variant="body2" color="text.secondary" data-testid="insights-period">
                {t('insights.period', { from: f.day(data.from), to: f.day(data.to), previousFrom: f.day(data.previousFrom), previousTo: f.day(data.previousTo) })}
              </Typography>
            )}
            {data.items.length === 0 ? (
              <ListEmpty title={t('insights.empty')} description={t('live.emptyHint')} testId="insights-empty" />
            ) : (
              <>
                <Grid container spacing={2}>
                  <Grid size={{ xs: 12, md: 6 }}>
                    <Movers title={t('insights.rising')} items={data.rising} testId="insights-rising" f={f} />
                  </Grid>
                  <Grid size={{ xs: 12, md: 6 }}>
                    <Movers title={t('insights.falling')} items={data.falling} testId="insights-falling" f={f} />
                  </Grid>
                </Grid>
                <Paper variant="outlined" sx={{ p: 2 }}>
                  <Box sx={{ position: 'relative', overflowX: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
                    <Table size="small" aria-label={caption} data-testid="insights-items">
                      <TableHead>
                        <TableRow>
                          <TableCell>{t('insights.item')}</TableCell>
                          <TableCell align="right">{t('insights.quantity')}</TableCell>
                          <TableCell align="right">{t('insights.previousQuantity')}</TableCell>
                          <TableCell align="right">{t('insights.change')}</TableCell>
                          <TableCell align="right">{t('insights.revenue')}</TableCell>
                          <TableCell align="right">{t('insights.previousRevenue')}</TableCell>
                          <TableCell align="right">{t('insights.share')}</TableCell>
                          <TableCell align="right">{t('insights.previousShare')}</TableCell>
                        </TableRow>
                      </TableHead>
                      <TableBody>
                        {data.items.map((i) => (
                          <TableRow key={i.id}>
                            <TableCell component="th" scope="row">
                              {i.name}
                            </TableCell>
                            <TableCell align="right">{f.number(i.quantity)}</TableCell>
                            <TableCell align="right">{f.number(i.previousQuantity)}</TableCell>
                            <TableCell align="right">{signed(f, i.change)}</TableCell>
                            <TableCell align="right">{f.money(i.revenue)}</TableCell>
                            <TableCell align="right">{f.money(i.previousRevenue)}</TableCell>
                            <TableCell align="right">{f.percent(i.share)}</TableCell>
                            <TableCell align="right">{f.percent(i.previousShare)}</TableCell>
                          </TableRow>
                        ))}
                      </TableBody>
                    </Table>
                  </Box>
                </Paper>
              </>
            )}
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={t('insights.notOrdered')} data-testid="insights-not-ordered">
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                {t('insights.notOrdered')}
              </Typography>
              {data.notOrdered.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('insights.allOrdered')}
                </Typography>
              ) : (
                <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
                  {data.notOrdered.map((i) => (
                    <Typography component="li" variant="body2" key={i.id}>
                      {i.lastOrdered ? t('insights.lastOrdered', { item: i.name, day: f.day(i.lastOrdered) }) : t('insights.neverOrdered', { item: i.name })}
                      {!i.available && ` · ${t('live.unavailable')}`}
                    </Typography>
                  ))}
                </Stack>
              )}
            </Paper>
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}

export default MenuInsightsPage;
