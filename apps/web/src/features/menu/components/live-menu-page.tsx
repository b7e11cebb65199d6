/**
 * Reporting → Live menu (/apps/reporting/live-menu; docs/requirements/routes.md,
 * docs/requirements/screen-contents.md#live-menu, docs/decisions/0039): the current menu of an
 * outlet from its orders — every item with the price on the menu (set in Menu Management, else the
 * latest order price), the price before the latest change seen in the orders, the last day it was
 * ordered, its quantity over 28 days, and whether it is still being ordered or "not seen for N
 * days", counted back from the outlet's last order.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { NOT_SEEN_AFTER_DAYS, type TLiveMenuItem } from '@dinedesk/contracts/menu';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useFormats, type Formats } from '../../../lib/use-formats.ts';
import { useLiveMenu } from '../api/menu.ts';
import { useMenuParams } from '../hooks/use-menu-params.ts';
import { MenuControls } from './menu-controls.tsx';

function Status({ item }: { item: TLiveMenuItem }) {
  const { t } = useTranslation('menu');
  if (!item.available) return <Chip size="small" label={t('live.unavailable')} />;
  if (item.daysSinceOrdered === null) return <Chip size="small" variant="outlined" label={t('live.neverOrdered')} />;
  if (item.stillOrdered) return <Chip size="small" color="success" label={t('live.onSale')} />;
  return <Chip size="small" color="warning" label={t('live.notSeen', { count: item.daysSinceOrdered })} />;
}

function ItemRow({ item, f }: { item: TLiveMenuItem; f: Formats }) {
  const { t } = useTranslation('menu');
  return (
    <TableRow data-testid={`live-item-${item.id}`}>
      <TableCell component="th" scope="row">
        {item.name}
      </TableCell>
      <TableCell align="right">
        {item.price === null ? '—' : f.money(item.price)}
        {item.priceSource === 'menu' && (
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            {t('live.setOnMenu')}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">{item.previousOrderPrice === null ? '—' : f.money(item.previousOrderPrice)}</TableCell>
      <TableCell>{item.lastOrdered ? f.day(item.lastOrdered) : '—'}</TableCell>
      <TableCell align="right">{f.number(item.quantity28d)}</TableCell>
      <TableCell>
        <Status item={item} />
      </TableCell>
    </TableRow>
  );
}

export function LiveMenuPage() {
  const { t } = useTranslation('menu');
  const { t: appT } = useTranslation();
  const { outletId, setOutlet } = useMenuParams();
  const q = useLiveMenu(outletId);
  const data = q.data;
  const f = useFormats(data?.currency ?? null);
  const onSale = data?.data.filter((i) => i.available && i.stillOrdered).length ?? 0;
  const caption = t('live.caption', { outlet: data?.outlets.find((o) => o.outletId === data.outletId)?.outletName ?? '' });
  return (
    <Stack spacing={3}>
      <PageHeader title={t('live.title')} subtitle={t('live.subtitle')} />
      <ListState query={q} isEmpty={!data || data.outlets.length === 0} skeleton={{ rows: 6, rowHeight: 40, label: appT('common.loading') }} empty={<ListEmpty title={t('noOutlets')} testId="menu-no-outlets" />}>
        {data && (
          <Stack spacing={2}>
            <MenuControls outlets={data.outlets} outletId={data.outletId} onOutlet={setOutlet} />
            {data.data.length === 0 ? (
              <ListEmpty title={t('live.empty')} description={t('live.emptyHint')} testId="live-menu-empty" />
            ) : (
              <Paper variant="outlined" sx={{ p: 2 }}>
                <Typography variant="body2" sx={{ mb: 1 }} data-testid="live-menu-summary">
                  {t('live.summary', { onSale, count: data.data.length })}
                </Typography>
                {data.asOf && (
                  <Alert severity="info" sx={{ mb: 2 }} data-testid="live-menu-as-of">
                    {t('live.asOf', { day: f.day(data.asOf), days: NOT_SEEN_AFTER_DAYS })}
                  </Alert>
                )}
                <Box sx={{ position: 'relative', overflowX: 'auto' }} tabIndex={0} role="region" aria-label={caption}>
                  <Table size="small" aria-label={caption} data-testid="live-menu">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('live.item')}</TableCell>
                        <TableCell align="right">{t('live.price')}</TableCell>
                        <TableCell align="right">{t('live.previousPrice')}</TableCell>
                        <TableCell>{t('live.lastOrdered')}</TableCell>
                        <TableCell align="right">{t('live.quantity28d')}</TableCell>
                        <TableCell>{t('live.status')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.data.map((item) => (
                        <ItemRow key={item.id} item={item} f={f} />
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              </Paper>
            )}
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}

export default LiveMenuPage;
