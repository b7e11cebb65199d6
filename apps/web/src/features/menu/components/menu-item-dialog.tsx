/**
 * The dialog that adds a menu item or changes one (name, price, availability). Input is checked
 * against the contract's own schemas before the call; the server's refusals (409: someone changed
 * the item first, or the name is taken) show in the dialog, on the field they name.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ZCurrency } from '@dinedesk/contracts/orders';
import { ZMenuName, ZMenuPrice, type TMenuItem } from '@dinedesk/contracts/menu';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/errors.ts';
import type { Formats } from '../../../lib/use-formats.ts';
import { useCreateMenuItem, useUpdateMenuItem } from '../api/menu.ts';

type Field = 'name' | 'price' | 'currency';

export interface MenuItemDialogProps {
  /** The item to change; null: a new item of `outletId`. */
  item: TMenuItem | null;
  outletId: string;
  /** The outlet's currency; null (no orders yet): the dialog asks for one. */
  currency: string | null;
  f: Formats;
  onClose: () => void;
}

export function MenuItemDialog({ item, outletId, currency, f, onClose }: MenuItemDialogProps) {
  const { t } = useTranslation('menu');
  const { t: appT } = useTranslation();
  const update = useUpdateMenuItem();
  const create = useCreateMenuItem();
  const [name, setName] = useState(item?.name ?? '');
  const [price, setPrice] = useState(item?.price === null || item?.price === undefined ? '' : String(item.price));
  const [available, setAvailable] = useState(item?.available ?? true);
  const [newCurrency, setNewCurrency] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const busy = update.isPending || create.isPending;
  const fromOrders = item?.source === 'orders';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    const n = ZMenuName.safeParse(name);
    if (!n.success) found.name = t('dialog.nameInvalid');
    // An order item's price may be left empty: the latest order price applies.
    const priceText = price.trim().replace(',', '.');
    const p = priceText === '' ? null : ZMenuPrice.safeParse(Number(priceText));
    if (p === null ? !fromOrders : !p.success || !/^\d+(\.\d{1,2})?$/.test(priceText)) found.price = t('dialog.priceInvalid');
    if (!item && !currency && !ZCurrency.safeParse(newCurrency.trim().toUpperCase()).success) found.currency = t('dialog.currencyInvalid');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    const priceValue = p === null ? null : Number(priceText);
    try {
      if (item) await update.mutateAsync({ itemId: item.id, version: item.version, name: n.data, price: priceValue, available });
      else await create.mutateAsync({ outletId, name: n.data!, price: priceValue!, available, ...(currency ? {} : { currency: newCurrency.trim().toUpperCase() }) });
      onClose();
    } catch (err) {
      const field = err instanceof ApiError ? err.field?.replace(/^body\./, '') : undefined;
      if (field === 'name' || field === 'price' || field === 'currency') setErrors({ [field]: describeError(err, appT) });
      else setFailure(describeError(err, appT));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="xs" aria-labelledby="menu-dialog-title">
      <DialogTitle id="menu-dialog-title">{item ? t('dialog.editTitle', { item: item.name }) : t('dialog.addTitle')}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="menu-item-form" onSubmit={submit} noValidate spacing={2} sx={{ pt: 1 }}>
          {failure && (
            <Alert severity="error" data-testid="menu-dialog-error">
              {failure}
            </Alert>
          )}
          <TextField label={t('dialog.name')} value={name} onChange={(e) => setName(e.target.value)} required error={!!errors.name} helperText={errors.name} slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'menu-name' } }} />
          <TextField
            label={currency ? t('dialog.priceIn', { currency }) : t('dialog.price')}
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            required={!fromOrders}
            error={!!errors.price}
            helperText={errors.price ?? (fromOrders ? (item?.orderPrice === null ? t('dialog.priceEmpty') : t('dialog.priceFromOrders', { price: f.money(item!.orderPrice!) })) : undefined)}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'menu-price' } }}
          />
          {!item && !currency && (
            <TextField label={t('dialog.currency')} value={newCurrency} onChange={(e) => setNewCurrency(e.target.value)} required error={!!errors.currency} helperText={errors.currency ?? t('dialog.currencyHint')} slotProps={{ htmlInput: { maxLength: 3, 'data-testid': 'menu-currency' } }} />
          )}
          <FormControlLabel control={<Switch checked={available} onChange={(e) => setAvailable(e.target.checked)} slotProps={{ input: { 'data-testid': 'menu-available' } as object }} />} label={t('dialog.available')} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" form="menu-item-form" variant="contained" disabled={busy} data-testid="menu-save">
          {t('dialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
