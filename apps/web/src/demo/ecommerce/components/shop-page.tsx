/**
 * The shop (`/apps/ecommerce/shop`; docs/requirements/calls.md `GET /apps/ecommerce/products`,
 * docs/requirements/constants.md 9 per page): a search on the product name, the sort (featured,
 * lowest or highest price), how many products match, the grid of product cards with their wishlist
 * and cart toggles, and MUI's Pagination. Search, sort and page live in the URL, so a reload or the
 * Back button keeps them. Loading, error and empty states replace the grid.
 */
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { useProducts } from '../api/get-products.ts';
import { SHOP_PER_PAGE, SORT_OPTIONS, type ProductsQuery, type TSortBy } from '../schema.ts';
import { ProductCard } from './product-card.tsx';
import { ShopNav } from './shop-nav.tsx';

const SEARCH_DELAY_MS = 300;

/** The shop query the URL describes (unknown values fall back to the defaults). */
export function shopQueryFromSearch(params: URLSearchParams): Required<Omit<ProductsQuery, 'perPage'>> {
  const sortBy = SORT_OPTIONS.find((option) => option === params.get('sortBy')) ?? 'featured';
  const page = Number(params.get('page'));
  return { q: params.get('q') ?? '', sortBy, page: Number.isInteger(page) && page > 0 ? page : 1 };
}

type QueryChanges = Partial<Record<'q' | 'sortBy' | 'page', string | number>>;

/** `current` with `changes` (defaults dropped; the page back to 1 unless given). */
export function withShopChanges(current: URLSearchParams, changes: QueryChanges): URLSearchParams {
  const next = new URLSearchParams(current);
  if (!('page' in changes)) next.delete('page');
  for (const [key, value] of Object.entries(changes)) {
    if (value === '' || (key === 'page' && value === 1) || (key === 'sortBy' && value === 'featured')) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** The shop screen (see the module comment). */
export function ShopPage() {
  const { t, i18n } = useTranslation('demo-shop');
  const [params, setParams] = useSearchParams();
  const query = shopQueryFromSearch(params);
  const [search, setSearch] = useState(query.q);
  const [message, setMessage] = useState<string | null>(null);
  const products = useProducts({ ...query, perPage: SHOP_PER_PAGE });

  const update = (changes: QueryChanges) => setParams((current) => withShopChanges(current, changes), { replace: true });
  const searchTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(searchTimer.current), []);
  const onSearch = (value: string) => {
    setSearch(value);
    clearTimeout(searchTimer.current);
    searchTimer.current = setTimeout(() => update({ q: value }), SEARCH_DELAY_MS);
  };

  const total = products.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / SHOP_PER_PAGE));
  const pastTheEnd = products.isSuccess && !products.isPlaceholderData && query.page > pages;
  useEffect(() => {
    if (pastTheEnd) setParams((current) => withShopChanges(current, { page: pages }), { replace: true });
  }, [pastTheEnd, pages, setParams]);
  const rows = products.data?.products ?? [];
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }} data-testid="shop-page">
      <ShopNav title={t('shop.title')} />
      <Box component="search" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label={t('shop.search')}
          value={search}
          onChange={(event) => onSearch(event.target.value)}
          sx={{ flexGrow: 1, minWidth: 220 }}
          slotProps={{ input: { startAdornment: (<InputAdornment position="start"><Search fontSize="small" /></InputAdornment>) }, htmlInput: { 'data-testid': 'shop-search' } }}
        />
        <TextField select size="small" label={t('shop.sortBy')} value={query.sortBy} onChange={(event) => update({ sortBy: event.target.value as TSortBy })} sx={{ minWidth: 200 }} data-testid="shop-sort">
          {SORT_OPTIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {t(`sort.${option}`)}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Typography variant="body2" color="text.secondary" role="status" data-testid="shop-count">
        {products.isSuccess ? t('shop.results', { count: total, formatted: number.format(total) }) : ''}
      </Typography>
      <ListState
        query={products}
        isEmpty={rows.length === 0}
        skeleton={{ rows: 3, rowHeight: 220, label: t('shop.loading') }}
        empty={
          <ListEmpty
            testId="shop-empty"
            title={t('shop.empty')}
            action={
              query.q ? (
                <Button
                  onClick={() => {
                    clearTimeout(searchTimer.current);
                    setSearch('');
                    update({ q: '' });
                  }}
                >
                  {t('shop.clearSearch')}
                </Button>
              ) : undefined
            }
          />
        }
      >
        <Grid container spacing={3} sx={{ opacity: products.isPlaceholderData ? 0.6 : 1 }} data-testid="shop-grid">
          {rows.map((product) => (
            <Grid key={product.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <ProductCard product={product} onError={setMessage} />
            </Grid>
          ))}
        </Grid>
      </ListState>
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(query.page, pages)}
          onChange={(_event, page) => update({ page })}
          color="primary"
          shape="rounded"
          sx={{ alignSelf: 'center' }}
          getItemAriaLabel={(type, page, selected) =>
            type === 'page' || type === 'start-ellipsis' || type === 'end-ellipsis' ? t(selected ? 'pagination.current' : 'pagination.page', { page }) : t(`pagination.${type}`)
          }
          data-testid="shop-pagination"
        />
      )}
      <Snackbar open={message !== null} autoHideDuration={4000} onClose={() => setMessage(null)} message={message ?? ''} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />
    </Box>
  );
}
