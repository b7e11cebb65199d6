/**
 * The dialog that sets up an offer on a menu item: item, title, percent off or fixed price, the
 * days it runs, and who pays. Checked with the contract's `ZItemOfferCreate` before the call (the
 * first problem of each field shows on it); the server's refusals show the same way.
 */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { OFFER_KINDS, OFFER_PAYERS, ZItemOfferCreate } from '@dinedesk/contracts/menu';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/errors.ts';
import { useCreateOffer } from '../api/menu.ts';

type Field = 'itemId' | 'title' | 'kind' | 'value' | 'startsOn' | 'endsOn' | 'paidBy';

export function OfferDialog({ outletId, items, currency, onClose }: { outletId: string; items: { id: string; name: string }[]; currency: string | null; onClose: () => void }) {
  const { t } = useTranslation('menu');
  const { t: appT } = useTranslation();
  const create = useCreateOffer();
  const [form, setForm] = useState({ itemId: items[0]?.id ?? '', title: '', kind: 'percent_off' as (typeof OFFER_KINDS)[number], value: '', startsOn: '', endsOn: '', paidBy: 'outlet' as (typeof OFFER_PAYERS)[number] });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = ZItemOfferCreate.safeParse({ ...form, outletId, value: form.value.trim() === '' ? Number.NaN : Number(form.value.replace(',', '.')) });
    setFailure(null);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= t(`offers.invalid.${field}`);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await create.mutateAsync(parsed.data);
      onClose();
    } catch (err) {
      const field = err instanceof ApiError ? (err.field?.replace(/^body\./, '') as Field | undefined) : undefined;
      if (field && field in form) setErrors({ [field]: describeError(err, appT) });
      else setFailure(describeError(err, appT));
    }
  };

  const field = (key: Field) => ({ error: !!errors[key], helperText: errors[key], slotProps: { inputLabel: { shrink: true }, htmlInput: { 'data-testid': `offer-${key}` } } });
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="offer-dialog-title">
      <DialogTitle id="offer-dialog-title">{t('offers.newTitle')}</DialogTitle>
      <DialogContent>
        <Stack component="form" id="offer-form" onSubmit={submit} noValidate spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField select label={t('offers.item')} value={form.itemId} onChange={set('itemId')} {...field('itemId')}>
            {items.map((i) => (
              <MenuItem key={i.id} value={i.id}>
                {i.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField label={t('offers.offerTitle')} value={form.title} onChange={set('title')} {...field('title')} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField select label={t('offers.kind')} value={form.kind} onChange={set('kind')} sx={{ minWidth: 200 }} {...field('kind')}>
              {OFFER_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`offers.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField label={form.kind === 'percent_off' ? t('offers.percent') : currency ? t('offers.priceIn', { currency }) : t('offers.price')} value={form.value} onChange={set('value')} {...field('value')} />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField type="date" label={t('offers.startsOn')} value={form.startsOn} onChange={set('startsOn')} fullWidth {...field('startsOn')} />
            <TextField type="date" label={t('offers.endsOn')} value={form.endsOn} onChange={set('endsOn')} fullWidth {...field('endsOn')} />
          </Stack>
          <TextField select label={t('offers.paidBy')} value={form.paidBy} onChange={set('paidBy')} {...field('paidBy')}>
            {OFFER_PAYERS.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`offers.payers.${p}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {t('dialog.cancel')}
        </Button>
        <Button type="submit" form="offer-form" variant="contained" disabled={create.isPending} data-testid="offer-save">
          {t('offers.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
