/**
 * The outlet picker and period picker of the Business Overview screens, both in the URL
 * (hooks/use-overview-params.ts), and the way to the order import for those who may import.
 */
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TOrdersOutlet } from '@dinedesk/contracts/orders';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Period } from '../api/overview.ts';
import { OutletSelect } from '../../../components/outlet-select.tsx';

/** The import screen (features/orders), linked by path: features do not import each other. */
export const ORDER_IMPORT_PATH = '/apps/business-overview/order-import';

export function OverviewControls({ outlets, outlet, onOutlet, period, onPeriod, withPeriod = true }: { outlets: readonly TOrdersOutlet[]; outlet: TOrdersOutlet | null; onOutlet: (id: string) => void; period?: Period; onPeriod?: (p: Period) => void; withPeriod?: boolean }) {
  const { t } = useTranslation('business-overview');
  const [from, setFrom] = useState(period?.from ?? '');
  const [to, setTo] = useState(period?.to ?? '');
  const apply = (e: FormEvent) => {
    e.preventDefault();
    onPeriod?.({ from: from || null, to: to || null });
  };
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }} component="form" onSubmit={apply} aria-label={t('controls.label')}>
      <OutletSelect label={t('controls.outlet')} value={outlet?.id ?? ''} outlets={outlets} onChange={onOutlet} testId="overview-outlet" sx={{ minWidth: 280 }} />
      {withPeriod && (
        <>
          <TextField type="date" label={t('controls.from')} value={from} onChange={(e) => setFrom(e.target.value)} size="small" slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'overview-from' } }} />
          <TextField type="date" label={t('controls.to')} value={to} onChange={(e) => setTo(e.target.value)} size="small" slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'overview-to' } }} />
          <Button type="submit" variant="outlined" data-testid="overview-apply">
            {t('controls.apply')}
          </Button>
        </>
      )}
      {outlet?.canImport && (
        <Button component={RouterLink} to={`${ORDER_IMPORT_PATH}?outlet=${outlet.id}`} startIcon={<UploadFileIcon />} data-testid="overview-import-link">
          {t('controls.import')}
        </Button>
      )}
    </Stack>
  );
}
