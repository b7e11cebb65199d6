/**
 * The outlet picker (and, on Insights, the period) of the menu screens; both live in the URL
 * (hooks/use-menu-params.ts).
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TMenuOutlet } from '@dinedesk/contracts/menu';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OutletSelect } from '../../../components/outlet-select.tsx';
import type { Period } from '../api/menu.ts';

export function MenuControls({ outlets, outletId, onOutlet, period, onPeriod }: { outlets: readonly TMenuOutlet[]; outletId: string | null; onOutlet: (id: string) => void; period?: Period; onPeriod?: (p: Period) => void }) {
  const { t } = useTranslation('menu');
  const [from, setFrom] = useState(period?.from ?? '');
  const [to, setTo] = useState(period?.to ?? '');
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onPeriod?.({ from: from || null, to: to || null });
  };
  const choices = outlets.map((o) => ({ id: o.outletId, name: o.outletName, brandName: o.brandName }));
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }} component="form" onSubmit={apply} aria-label={t('controls.label')}>
      <OutletSelect label={t('controls.outlet')} value={outletId ?? ''} outlets={choices} onChange={onOutlet} testId="menu-outlet" sx={{ minWidth: 280 }} />
      {onPeriod && (
        <>
          <TextField type="date" label={t('controls.from')} value={from} onChange={(e) => setFrom(e.target.value)} size="small" slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'menu-from' } }} />
          <TextField type="date" label={t('controls.to')} value={to} onChange={(e) => setTo(e.target.value)} size="small" slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'menu-to' } }} />
          <Button type="submit" variant="outlined" data-testid="menu-apply">
            {t('controls.apply')}
          </Button>
        </>
      )}
    </Stack>
  );
}
