/**
 * Reporting → Item offer tracker (/apps/reporting/item-offer-tracker; docs/requirements/routes.md,
 * docs/requirements/screen-contents.md#item-offer-tracker, docs/decisions/0039): the price changes
 * of each item as the outlet's orders show them, and every offer set up on an item — its days,
 * percent off or fixed price, who pays — with its effect on the item's quantity (per day during the
 * offer against the same number of days before it), expired offers flagged. The effect is what the
 * orders show, not a proof that the offer caused it; the screen says so.
 */
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { TItemOffer } from '@dinedesk/contracts/menu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { describeError } from '../../../lib/errors.ts';
import { useFormats, type Formats } from '../../../lib/use-formats.ts';
import { useDeleteOffer, useItemOffers } from '../api/menu.ts';
import { useMenuParams } from '../hooks/use-menu-params.ts';
import { MenuControls } from './menu-controls.tsx';
import { OfferDialog } from './offer-dialog.tsx';

const STATUS_COLOR = { scheduled: 'info', running: 'success', expired: 'warning' } as const;

function Effect({ offer, f }: { offer: TItemOffer; f: Formats }) {
  const { t } = useTranslation('menu');
  const e = offer.effect;
  if (e.days === 0) return <>{t('offers.noOrdersYet')}</>;
  return (
    <>
      {t('offers.perDay', { before: f.decimal(e.perDayBefore), during: f.decimal(e.perDayDuring), days: e.days })}
      {e.change !== null && (
        <Typography component="span" variant="body2" sx={{ display: 'block', fontWeight: 600 }}>
          {e.change > 0 ? '+' : ''}
          {f.percent(e.change)}
        </Typography>
      )}
    </>
  );
}

function DeleteOffer({ offer, onClose }: { offer: TItemOffer; onClose: () => void }) {
  const { t } = useTranslation('menu');
  const { t: appT } = useTranslation();
  const remove = useDeleteOffer();
  return (
    <Dialog open onClose={onClose} aria-labelledby="offer-delete-title">
      <DialogTitle id="offer-delete-title">{t('offers.deleteTitle', { title: offer.title })}</DialogTitle>
      {remove.isError && <Alert severity="error" sx={{ mx: 3 }}>{describeError(remove.error, appT)}</Alert>}
      <DialogActions>
        <Button onClick={onClose}>{t('dialog.cancel')}</Button>
        <Button color="error" variant="contained" disabled={remove.isPending} data-testid="offer-delete-confirm" onClick={() => remove.mutate(offer.id, { onSuccess: onClose })}>
          {t('offers.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function ItemOffersPage() {
  const { t } = useTranslation('menu');
  const { t: appT } = useTranslation();
  const { outletId, setOutlet } = useMenuParams();
  const q = useItemOffers(outletId);
  const data = q.data;
  const f = useFormats(data?.currency ?? null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<TItemOffer | null>(null);
  const value = (o: TItemOffer) => (o.kind === 'percent_off' ? t('offers.percentOff', { value: o.value }) : f.money(o.value));
  return (
    <Stack spacing={3}>
      <PageHeader title={t('offers.title')} subtitle={t('offers.subtitle')} />
      <ListState query={q} isEmpty={!data?.outletId} skeleton={{ rows: 6, rowHeight: 40, label: appT('common.loading') }} empty={<ListEmpty title={t('noOutlets')} testId="menu-no-outlets" />}>
        {data?.outletId && (
          <Stack spacing={2}>
            <MenuControls outlets={data.outlets} outletId={data.outletId} onOutlet={setOutlet} />
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="offers-title">
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
                <Typography component="h2" variant="subtitle1" id="offers-title" sx={{ fontWeight: 600 }}>
                  {t('offers.offers')}
                </Typography>
                {data.canEdit && data.items.length > 0 && (
                  <Button startIcon={<AddIcon />} onClick={() => setCreating(true)} data-testid="offer-add">
                    {t('offers.add')}
                  </Button>
                )}
              </Stack>
              <Alert severity="info" sx={{ mb: 1 }}>
                {data.asOf ? t('offers.estimate', { day: f.day(data.asOf) }) : t('offers.estimateNoOrders')}
              </Alert>
              {data.offers.length === 0 ? (
                <ListEmpty title={t('offers.none')} testId="offers-empty" />
              ) : (
                <Box sx={{ position: 'relative', overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('offers.offers')}>
                  <Table size="small" aria-label={t('offers.offers')} data-testid="offers">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('offers.offerTitle')}</TableCell>
                        <TableCell>{t('offers.item')}</TableCell>
                        <TableCell>{t('offers.dates')}</TableCell>
                        <TableCell>{t('offers.offer')}</TableCell>
                        <TableCell>{t('offers.paidBy')}</TableCell>
                        <TableCell>{t('offers.status')}</TableCell>
                        <TableCell>{t('offers.effect')}</TableCell>
                        {data.canEdit && <TableCell align="right">{t('audit.actions')}</TableCell>}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.offers.map((o) => (
                        <TableRow key={o.id} data-testid={`offer-${o.id}`}>
                          <TableCell component="th" scope="row">
                            {o.title}
                          </TableCell>
                          <TableCell>{o.itemName}</TableCell>
                          <TableCell>{t('offers.range', { from: f.day(o.startsOn), to: f.day(o.endsOn) })}</TableCell>
                          <TableCell>{value(o)}</TableCell>
                          <TableCell>{t(`offers.payers.${o.paidBy}`)}</TableCell>
                          <TableCell>
                            <Chip size="small" color={STATUS_COLOR[o.status]} label={t(`offers.statuses.${o.status}`)} />
                          </TableCell>
                          <TableCell>
                            <Effect offer={o} f={f} />
                          </TableCell>
                          {data.canEdit && (
                            <TableCell align="right">
                              <IconButton size="small" aria-label={t('offers.deleteLabel', { title: o.title })} onClick={() => setDeleting(o)}>
                                <DeleteOutlinedIcon fontSize="small" />
                              </IconButton>
                            </TableCell>
                          )}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Paper>
            <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="price-changes-title">
              <Typography component="h2" variant="subtitle1" id="price-changes-title" sx={{ fontWeight: 600, mb: 1 }}>
                {t('offers.priceChanges')}
              </Typography>
              {data.priceChanges.length === 0 ? (
                <Typography variant="body2" color="text.secondary" data-testid="price-changes-empty">
                  {t('offers.noPriceChanges')}
                </Typography>
              ) : (
                <Box sx={{ position: 'relative', overflowX: 'auto', maxHeight: 420 }} tabIndex={0} role="region" aria-label={t('offers.priceChanges')}>
                  <Table size="small" stickyHeader aria-label={t('offers.priceChanges')} data-testid="price-changes">
                    <TableHead>
                      <TableRow>
                        <TableCell>{t('offers.day')}</TableCell>
                        <TableCell>{t('offers.item')}</TableCell>
                        <TableCell align="right">{t('offers.from')}</TableCell>
                        <TableCell align="right">{t('offers.to')}</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {data.priceChanges.map((c) => (
                        <TableRow key={`${c.itemId}:${c.day}`}>
                          <TableCell>{f.day(c.day)}</TableCell>
                          <TableCell component="th" scope="row">
                            {c.name}
                          </TableCell>
                          <TableCell align="right">{f.money(c.from)}</TableCell>
                          <TableCell align="right">{f.money(c.to)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Paper>
            {creating && <OfferDialog outletId={data.outletId} items={data.items} currency={data.currency} onClose={() => setCreating(false)} />}
            {deleting && <DeleteOffer offer={deleting} onClose={() => setDeleting(null)} />}
          </Stack>
        )}
      </ListState>
    </Stack>
  );
}

export default ItemOffersPage;
