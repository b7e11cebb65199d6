/**
 * A product's page (`/apps/ecommerce/product-detail/:id`; docs/requirements/calls.md `GET
 * /apps/ecommerce/products/{id}`, 404 if missing): image, name, brand, rating, price, stock and
 * free shipping, description, the colour options (docs/requirements/constants.md) to choose from,
 * the cart and wishlist toggles (and a way to the checkout once in the cart), the shop's promises,
 * and three other products. An unknown id says so with a way back to the shop.
 */
import ArrowBack from '@mui/icons-material/ArrowBack';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import ShieldOutlined from '@mui/icons-material/ShieldOutlined';
import ShoppingCartCheckout from '@mui/icons-material/ShoppingCartCheckout';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { DemoRequestError } from '../../mock/demo-fetch.ts';
import { useProduct } from '../api/get-product.ts';
import { useProducts } from '../api/get-products.ts';
import type { TColorOption } from '../schema.ts';
import { COLOR_PALETTE, formatMoney } from './format.ts';
import { ProductCard, ProductRating } from './product-card.tsx';
import { CartToggle, WishlistToggle } from './product-toggles.tsx';
import { SHOP_PATHS, ShopNav } from './shop-nav.tsx';

const RELATED_COUNT = 3;

/** The colour swatches: a radio group, each radio a dot of the colour, named in words. */
function ColorPicker({ options, value, onChange }: { options: readonly TColorOption[]; value: TColorOption; onChange: (color: TColorOption) => void }) {
  const { t } = useTranslation('demo-shop');
  const labelId = useId();
  return (
    <Box>
      <Typography id={labelId} variant="subtitle2" sx={{ mb: 0.5 }}>
        {t('product.colour', { colour: t(`colors.${value}`) })}
      </Typography>
      <RadioGroup row aria-labelledby={labelId} value={value} onChange={(event) => onChange(event.target.value as TColorOption)} data-testid="shop-colours">
        {options.map((color) => {
          const dot = (checked: boolean) => (
            <Box component="span" sx={{ width: 26, height: 26, borderRadius: '50%', bgcolor: `${COLOR_PALETTE[color]}.main`, border: 3, borderColor: checked ? 'text.primary' : 'background.paper', boxShadow: 1 }} />
          );
          return <Radio key={color} value={color} icon={dot(false)} checkedIcon={dot(true)} slotProps={{ input: { 'aria-label': t(`colors.${color}`) } }} />;
        })}
      </RadioGroup>
    </Box>
  );
}

/** The product page (see the module comment). */
export function ProductDetail() {
  const { t, i18n } = useTranslation('demo-shop');
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const product = useProduct(valid ? id : null);
  const related = useProducts({ perPage: RELATED_COUNT + 1 });
  const [message, setMessage] = useState<string | null>(null);
  const [chosen, setChosen] = useState<TColorOption | null>(null);

  const notFound = !valid || (product.error instanceof DemoRequestError && product.error.status === 404);
  const data = product.data;
  const others = (related.data?.products ?? []).filter((candidate) => candidate.id !== id).slice(0, RELATED_COUNT);

  let body;
  if (notFound) {
    body = (
      <Alert severity="warning" data-testid="shop-product-not-found" action={<Button component={RouterLink} to={SHOP_PATHS.shop}>{t('detail.backToShop')}</Button>}>
        {t('detail.notFound')}
      </Alert>
    );
  } else if (product.isError) {
    body = <Alert severity="error">{t('detail.loadFailed')}</Alert>;
  } else if (!data) {
    body = <Skeleton variant="rounded" height={420} aria-label={t('detail.loading')} />;
  } else {
    const color = chosen && data.colorOptions.includes(chosen) ? chosen : (data.colorOptions[0] ?? 'primary');
    body = (
      <Card variant="outlined" data-testid="shop-product-detail" data-product-id={data.id}>
        <CardContent sx={{ p: { xs: 2, md: 4 } }}>
          <Grid container spacing={4}>
            <Grid size={{ xs: 12, md: 5 }}>
              <Box component="img" src={data.image} alt={data.name} sx={{ width: '100%', maxWidth: 420, display: 'block', mx: 'auto', borderRadius: 2, aspectRatio: '1 / 1', objectFit: 'cover' }} />
            </Grid>
            <Grid size={{ xs: 12, md: 7 }}>
              <Stack spacing={2}>
                <Box>
                  <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }} data-testid="shop-product-name">
                    {data.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('product.by', { brand: data.brand })}
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                  <Typography component="p" variant="h5" color="primary" sx={{ fontWeight: 700 }} data-testid="shop-product-price">
                    {formatMoney(data.price, i18n.language)}
                  </Typography>
                  <Divider orientation="vertical" flexItem />
                  <ProductRating rating={data.rating} size="medium" />
                </Box>
                <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                  <Chip size="small" color="success" icon={<CheckCircleOutline />} label={t('product.inStock')} />
                  {data.hasFreeShipping && <Chip size="small" color="success" variant="outlined" icon={<LocalShippingOutlined />} label={t('product.freeShipping')} />}
                </Box>
                <Typography variant="body1">{data.description}</Typography>
                <Divider />
                <ColorPicker options={data.colorOptions} value={color} onChange={setChosen} />
                <Divider />
                <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
                  <CartToggle product={data} onError={setMessage} />
                  <WishlistToggle product={data} onError={setMessage} />
                  {data.isInCart && (
                    <Button component={RouterLink} to={SHOP_PATHS.checkout} startIcon={<ShoppingCartCheckout />} data-testid="shop-go-checkout">
                      {t('actions.viewCart')}
                    </Button>
                  )}
                </Box>
              </Stack>
            </Grid>
          </Grid>
        </CardContent>
        <Divider />
        <Grid component="ul" container spacing={2} sx={{ listStyle: 'none', m: 0, p: 3, textAlign: 'center' }} aria-label={t('detail.promises')}>
          {([['original', <VerifiedOutlined key="o" />], ['replacement', <SwapHorizOutlined key="r" />], ['warranty', <ShieldOutlined key="w" />]] as const).map(([key, icon]) => (
            <Grid component="li" key={key} size={{ xs: 12, sm: 4 }}>
              <Box sx={{ color: 'primary.main' }} aria-hidden>
                {icon}
              </Box>
              <Typography variant="subtitle2">{t(`detail.${key}.title`)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {t(`detail.${key}.text`)}
              </Typography>
            </Grid>
          ))}
        </Grid>
      </Card>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }} data-testid="shop-detail-page">
      <ShopNav title={t('detail.title')}>
        <Button component={RouterLink} to={SHOP_PATHS.shop} startIcon={<ArrowBack />} color="inherit">
          {t('detail.backToShop')}
        </Button>
      </ShopNav>
      {body}
      {others.length > 0 && (
        <Box component="section" aria-labelledby="shop-related-title">
          <Typography id="shop-related-title" component="h2" variant="h6" sx={{ mb: 2 }}>
            {t('detail.related')}
          </Typography>
          <Grid container spacing={3}>
            {others.map((other) => (
              <Grid key={other.id} size={{ xs: 12, sm: 6, lg: 4 }}>
                <ProductCard product={other} onError={setMessage} headingLevel="h3" />
              </Grid>
            ))}
          </Grid>
        </Box>
      )}
      <Snackbar open={message !== null} autoHideDuration={4000} onClose={() => setMessage(null)} message={message ?? ''} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />
    </Box>
  );
}
