/**
 * Filter toolbar (docs/requirements/screen-contents.md Reviews filters): brand, outlet, source,
 * star rating, sentiment, replies (all, replied, not replied, needs a reply), a date range and a
 * text search debounced by 300 ms. Selects and date inputs are native: they are accessible, mobile
 * friendly and simple to drive from tests. The fields are the light ones of
 * components/outlined-field.tsx: MUI's TextField would bring its menu-based Select into the
 * screen's first paint.
 */
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import { SENTIMENTS, type TFbPage } from '@dinedesk/contracts';
import { useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelectField, OutlinedTextField } from '../../../components/outlined-field.tsx';
import type { ReviewFilters } from '../api/get-reviews.ts';
import type { ReviewFiltersState } from '../hooks/use-review-filters.ts';

export const SEARCH_DEBOUNCE_MS = 300;
/** The rating select's choice for complaints: one or two stars. */
const LOW_RATINGS = '1,2';

/** The replies select's value: needs a reply, replied, not replied, or '' for all. */
export function repliesSelectValue(filters: ReviewFilters): string {
  if (filters.needsReply) return 'needs';
  return filters.replied === undefined ? '' : String(filters.replied);
}

export interface ReviewFiltersBarProps {
  /** The outlets (one Facebook Page each) the user may see, with their brands. */
  pages: readonly TFbPage[];
  filters: ReviewFilters;
  setFilters: ReviewFiltersState['setFilters'];
  onClear: () => void;
}

export function ReviewFiltersBar({ pages, filters, setFilters, onClear }: ReviewFiltersBarProps) {
  const { t } = useTranslation();
  const urlQuery = filters.q ?? '';
  const [search, setSearch] = useState(urlQuery);
  const [seenUrlQuery, setSeenUrlQuery] = useState(urlQuery);

  // The URL changed under us (back button, "clear filters"): show what it now says.
  if (urlQuery !== seenUrlQuery) {
    setSeenUrlQuery(urlQuery);
    setSearch(urlQuery);
  }

  useEffect(() => {
    const next = search.trim();
    if (next === urlQuery) return undefined;
    const timer = window.setTimeout(() => setFilters({ q: next || null }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, urlQuery, setFilters]);

  const brands = useMemo(() => [...new Map(pages.map((p) => [p.brandId, p.brandName])).entries()], [pages]);
  // With a brand chosen, the outlet select offers that brand's outlets only.
  const outlets = filters.brandId ? pages.filter((p) => p.brandId === filters.brandId) : pages;

  const onRepliesChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.target.value;
    setFilters({ needsReply: value === 'needs' ? 'true' : null, replied: value === 'true' || value === 'false' ? value : null });
  };
  const onBrandChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const brandId = event.target.value || null;
    const outletStays = !brandId || pages.some((p) => p.outletId === filters.outletId && p.brandId === brandId);
    setFilters({ brandId, ...(outletStays ? {} : { outletId: null }) });
  };

  const hasFilters = Object.values(filters).some((value) => value !== undefined);
  const ratingValue = filters.ratings?.join(',') ?? '';

  return (
    <Box
      role="search"
      aria-label={t('reviews.filters.label')}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' },
        alignItems: 'center',
      }}
    >
      <NativeSelectField id="filter-brand" label={t('reviews.filters.brand')} value={filters.brandId ?? ''} onChange={onBrandChange} htmlSelect={{ 'data-testid': 'filter-brand' }}>
        <option value="">{t('reviews.filters.allBrands')}</option>
        {brands.map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </NativeSelectField>
      <NativeSelectField
        id="filter-outlet"
        label={t('reviews.filters.outlet')}
        value={filters.outletId ?? ''}
        onChange={(event) => setFilters({ outletId: event.target.value || null })}
        htmlSelect={{ 'data-testid': 'filter-outlet' }}
      >
        <option value="">{t('reviews.filters.allOutlets')}</option>
        {outlets.map((page) => (
          <option key={page.outletId} value={page.outletId}>
            {page.outletName}
          </option>
        ))}
      </NativeSelectField>
      <NativeSelectField
        id="filter-source"
        label={t('reviews.filters.source')}
        value={filters.source ?? ''}
        onChange={(event) => setFilters({ source: event.target.value || null })}
        htmlSelect={{ 'data-testid': 'filter-source' }}
      >
        <option value="">{t('reviews.filters.anySource')}</option>
        <option value="facebook">{t('reviews.source.facebook')}</option>
        <option value="google">{t('reviews.source.google')}</option>
      </NativeSelectField>
      <NativeSelectField
        id="filter-rating"
        label={t('reviews.filters.rating')}
        value={ratingValue}
        onChange={(event) => setFilters({ rating: event.target.value || null })}
        htmlSelect={{ 'data-testid': 'filter-rating' }}
      >
        <option value="">{t('reviews.filters.anyRating')}</option>
        {[5, 4, 3, 2, 1].map((stars) => (
          <option key={stars} value={String(stars)}>
            {t('reviews.filters.stars', { count: stars })}
          </option>
        ))}
        <option value={LOW_RATINGS}>{t('reviews.filters.lowRatings')}</option>
      </NativeSelectField>
      <NativeSelectField
        id="filter-sentiment"
        label={t('reviews.filters.sentiment')}
        value={filters.sentiment ?? ''}
        onChange={(event) => setFilters({ sentiment: event.target.value || null })}
        htmlSelect={{ 'data-testid': 'filter-sentiment' }}
      >
        <option value="">{t('reviews.filters.anySentiment')}</option>
        {SENTIMENTS.map((s) => (
          <option key={s} value={s}>
            {t(`reviews.sentiment.${s}`)}
          </option>
        ))}
      </NativeSelectField>
      <NativeSelectField id="filter-replied" label={t('reviews.filters.replied')} value={repliesSelectValue(filters)} onChange={onRepliesChange} htmlSelect={{ 'data-testid': 'filter-replied' }}>
        <option value="">{t('reviews.filters.repliedAll')}</option>
        <option value="needs">{t('reviews.filters.needsReply')}</option>
        <option value="true">{t('reviews.filters.repliedYes')}</option>
        <option value="false">{t('reviews.filters.repliedNo')}</option>
      </NativeSelectField>
      <OutlinedTextField
        id="filter-from"
        type="date"
        shrinkLabel
        label={t('reviews.filters.from')}
        value={filters.from ?? ''}
        onChange={(event) => setFilters({ from: event.target.value || null })}
        htmlInput={{ 'data-testid': 'filter-from', max: filters.to }}
      />
      <OutlinedTextField
        id="filter-to"
        type="date"
        shrinkLabel
        label={t('reviews.filters.to')}
        value={filters.to ?? ''}
        onChange={(event) => setFilters({ to: event.target.value || null })}
        htmlInput={{ 'data-testid': 'filter-to', min: filters.from }}
      />
      <OutlinedTextField
        id="filter-search"
        type="search"
        label={t('reviews.filters.search')}
        placeholder={t('reviews.filters.searchPlaceholder')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        htmlInput={{ 'data-testid': 'filter-search', maxLength: 200 }}
        startAdornment={
          <InputAdornment position="start">
            <SearchIcon fontSize="small" />
          </InputAdornment>
        }
      />
      <Button onClick={onClear} disabled={!hasFilters} sx={{ justifySelf: 'start' }}>
        {t('reviews.filters.clear')}
      </Button>
    </Box>
  );
}
