/**
 * Filter toolbar (screens.md Reviews filters): outlet/page, star rating (or Facebook's
 * recommendation, since most reviews after 2018 carry no stars), replied, and a text search
 * debounced by 300 ms. Selects are native: they are accessible, mobile friendly and simple to
 * drive from tests. The fields are the light ones of components/outlined-field.tsx: MUI's
 * TextField would bring its menu-based Select into the screen's first paint (issue #10).
 */
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import type { TFbPage } from '@dinedesk/contracts';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelectField, OutlinedTextField } from '../../../components/outlined-field.tsx';
import type { ReviewFilters } from '../api/get-fb-reviews.ts';
import type { ReviewFiltersState } from '../hooks/use-review-filters.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/** The rating select's value: a star count, a recommendation, or '' for any. */
export function ratingSelectValue(filters: ReviewFilters): string {
  if (filters.rating !== undefined) return String(filters.rating);
  return filters.recommendation ?? '';
}

export interface ReviewFiltersBarProps {
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

  const onRatingChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const value = event.target.value;
    const isStars = /^[1-5]$/.test(value);
    setFilters({ rating: isStars ? value : null, recommendation: isStars ? null : value || null });
  };

  const hasFilters = Object.values(filters).some((value) => value !== undefined);

  return (
    <Box
      role="search"
      aria-label={t('reviews.filters.label')}
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', lg: 'repeat(4, minmax(0, 1fr)) auto' },
        alignItems: 'center',
      }}
    >
      <NativeSelectField
        id="filter-page"
        label={t('reviews.filters.outlet')}
        value={filters.pageId ?? ''}
        onChange={(event) => setFilters({ pageId: event.target.value || null })}
        htmlSelect={{ 'data-testid': 'filter-page' }}
      >
        <option value="">{t('reviews.filters.allOutlets')}</option>
        {pages.map((page) => (
          <option key={page.id} value={page.id}>
            {page.outletName}
          </option>
        ))}
      </NativeSelectField>
      <NativeSelectField
        id="filter-rating"
        label={t('reviews.filters.rating')}
        value={ratingSelectValue(filters)}
        onChange={onRatingChange}
        htmlSelect={{ 'data-testid': 'filter-rating' }}
      >
        <option value="">{t('reviews.filters.anyRating')}</option>
        {[5, 4, 3, 2, 1].map((stars) => (
          <option key={stars} value={String(stars)}>
            {t('reviews.filters.stars', { count: stars })}
          </option>
        ))}
        <option value="positive">{t('reviews.recommendation.positive')}</option>
        <option value="negative">{t('reviews.recommendation.negative')}</option>
      </NativeSelectField>
      <NativeSelectField
        id="filter-replied"
        label={t('reviews.filters.replied')}
        value={filters.replied ?? ''}
        onChange={(event) => setFilters({ replied: event.target.value || null })}
        htmlSelect={{ 'data-testid': 'filter-replied' }}
      >
        <option value="">{t('reviews.filters.repliedAll')}</option>
        <option value="true">{t('reviews.filters.repliedYes')}</option>
        <option value="false">{t('reviews.filters.repliedNo')}</option>
      </NativeSelectField>
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
