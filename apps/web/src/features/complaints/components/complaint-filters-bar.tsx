/**
 * The complaints screen's filters: brand, outlet, assignee (me, unassigned) and root
 * cause, all in the URL. Brands and outlets are those the user may see (`get-client-details`,
 * cached since sign-in); root causes are the client's (defaults and its own). Native selects:
 * accessible, mobile friendly, and simple to drive from tests.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TClientDetailsResponse, TRootCausesResponse } from '@dinedesk/contracts';
import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelectField } from '../../../components/outlined-field.tsx';
import type { ComplaintFilters } from '../api/get-complaints.ts';
import type { ComplaintFiltersState } from '../hooks/use-complaint-filters.ts';
import { rootCauseLabel } from '../format.ts';

type Brands = NonNullable<TClientDetailsResponse['client']>['brands'];

export interface ComplaintFiltersBarProps {
  brands: Brands;
  rootCauses: TRootCausesResponse | undefined;
  filters: ComplaintFilters;
  setFilters: ComplaintFiltersState['setFilters'];
  onClear: () => void;
}

export function ComplaintFiltersBar({ brands, rootCauses, filters, setFilters, onClear }: ComplaintFiltersBarProps) {
  const { t } = useTranslation('complaints');
  // With a brand chosen, the outlet select offers that brand's outlets only.
  const outlets = brands.filter((b) => !filters.brandId || b.id === filters.brandId).flatMap((b) => b.outlets);
  const causes = [...(rootCauses?.defaults ?? []), ...(rootCauses?.custom ?? [])];
  if (filters.rootCause && !causes.includes(filters.rootCause)) causes.push(filters.rootCause);

  const onBrandChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const brandId = event.target.value || null;
    const outletStays = !brandId || brands.some((b) => b.id === brandId && b.outlets.some((o) => o.id === filters.outletId));
    setFilters({ brandId, ...(outletStays ? {} : { outletId: null }) });
  };
  const hasFilters = Boolean(filters.brandId || filters.outletId || filters.assignee || filters.rootCause);

  return (
    <Box
      role="search"
      aria-label={t('filters.label')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(5, minmax(0, 1fr))' }, alignItems: 'center' }}
    >
      <NativeSelectField id="complaint-filter-brand" label={t('filters.brand')} value={filters.brandId ?? ''} onChange={onBrandChange} htmlSelect={{ 'data-testid': 'complaint-filter-brand' }}>
        <option value="">{t('filters.allBrands')}</option>
        {brands.map((brand) => (
          <option key={brand.id} value={brand.id}>
            {brand.name}
          </option>
        ))}
      </NativeSelectField>
      <NativeSelectField
        id="complaint-filter-outlet"
        label={t('filters.outlet')}
        value={filters.outletId ?? ''}
        onChange={(event) => setFilters({ outletId: event.target.value || null })}
        htmlSelect={{ 'data-testid': 'complaint-filter-outlet' }}
      >
        <option value="">{t('filters.allOutlets')}</option>
        {outlets.map((outlet) => (
          <option key={outlet.id} value={outlet.id}>
            {outlet.name}
          </option>
        ))}
      </NativeSelectField>
      <NativeSelectField
        id="complaint-filter-assignee"
        label={t('filters.assignee')}
        value={filters.assignee ?? ''}
        onChange={(event) => setFilters({ assignee: event.target.value || null })}
        htmlSelect={{ 'data-testid': 'complaint-filter-assignee' }}
      >
        <option value="">{t('filters.anyone')}</option>
        <option value="me">{t('filters.me')}</option>
        <option value="none">{t('filters.unassigned')}</option>
      </NativeSelectField>
      <NativeSelectField
        id="complaint-filter-root-cause"
        label={t('filters.rootCause')}
        value={filters.rootCause ?? ''}
        onChange={(event) => setFilters({ rootCause: event.target.value || null })}
        htmlSelect={{ 'data-testid': 'complaint-filter-root-cause' }}
      >
        <option value="">{t('filters.anyRootCause')}</option>
        {causes.map((cause) => (
          <option key={cause} value={cause}>
            {rootCauseLabel(cause, t)}
          </option>
        ))}
      </NativeSelectField>
      <Button onClick={onClear} disabled={!hasFilters} sx={{ justifySelf: 'start' }} data-testid="complaint-filters-clear">
        {t('filters.clear')}
      </Button>
    </Box>
  );
}
