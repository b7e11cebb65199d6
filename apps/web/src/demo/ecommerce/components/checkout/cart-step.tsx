/**
 * Step 1 of the checkout, the cart (docs/requirements/calls.md `GET /apps/ecommerce/cart`): each
 * line with its product, delivery date, offers and discount (docs/requirements/constants.md), the
 * quantity (1–10, kept by `update-cart`), and ways to remove it or keep it in the wishlist.
 */
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { srOnly } from '../../../../components/sr-only.ts';
import { Link as RouterLink } from 'react-router';
import { useSetInCart } from '../../api/cart-items.ts';
import { useUpdateCartQty } from '../../api/update-cart.ts';
import { MAX_QTY, type TCartProduct } from '../../schema.ts';
import { roundCents } from '../../totals.ts';
import { formatMoney, formatShippingDate } from '../format.ts';
import { ProductRating } from '../product-card.tsx';
import { WishlistToggle } from '../product-toggles.tsx';
import { SHOP_PATHS } from '../shop-nav.tsx';

const QUANTITIES = Array.from({ length: MAX_QTY }, (_, i) => i + 1);

function CartLine({ line, onError }: { line: TCartProduct; onError: (message: string) => void }) {
  const { t, i18n } = useTranslation('demo-shop');
  const setQty = useUpdateCartQty();
  const remove = useSetInCart();
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const lineTotal = roundCents(line.price * line.qty);
  const qtyLabelId = useId();
  return (
    <Card component="li" variant="outlined" sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, gap: 2, p: 2 }} data-testid="shop-cart-line" data-product-id={line.id}>
      <Box component="img" src={line.image} alt="" sx={{ width: 112, height: 112, borderRadius: 1, flexShrink: 0 }} />
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
          <Link component={RouterLink} to={SHOP_PATHS.detail(line.id)} underline="hover" color="inherit">
            {line.name}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('product.by', { brand: line.brand })}
        </Typography>
        <ProductRating rating={line.rating} />
        <Typography variant="body2" data-testid="shop-cart-shipping">
          {t('checkout.deliveryBy', { date: formatShippingDate(line.shippingDate, i18n.language) })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Chip size="small" color="success" variant="outlined" icon={<LocalOfferOutlined />} label={t('checkout.offers', { count: line.offers })} />
          {line.hasFreeShipping && <Chip size="small" variant="outlined" label={t('product.freeShipping')} />}
        </Box>
        <Box component="span" id={qtyLabelId} sx={srOnly}>
          {t('checkout.qtyOf', { name: line.name })}
        </Box>
        <TextField
          select
          size="small"
          label={t('checkout.qty')}
          value={line.qty}
          disabled={setQty.isPending}
          onChange={(event) => setQty.mutate({ productId: line.id, qty: Number(event.target.value) }, { onError: () => onError(t('errors.cartFailed')) })}
          sx={{ width: 96, mt: 1 }}
          // The select is named by its product (a visually hidden label), not by the "Qty" every line shows.
          slotProps={{ select: { labelId: qtyLabelId } }}
        >
          {QUANTITIES.map((qty) => (
            <MenuItem key={qty} value={qty}>
              {qty}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: { xs: 'flex-start', sm: 'flex-end' }, gap: 1, minWidth: 180 }}>
        <Typography component="p" variant="h6" sx={{ fontWeight: 700 }} data-testid="shop-cart-line-total">
          {money(lineTotal)}
        </Typography>
        <Typography variant="body2" color="success.main">
          {t('checkout.lineDiscount', { percent: line.discountPercentage })}
        </Typography>
        <Button
          size="small"
          color="inherit"
          variant="outlined"
          startIcon={<DeleteOutline />}
          disabled={remove.isPending}
          onClick={() => remove.mutate({ productId: line.id, inCart: false }, { onError: () => onError(t('errors.cartFailed')) })}
          aria-label={t('actions.named', { action: t('actions.remove'), name: line.name })}
          data-testid="shop-cart-remove"
        >
          {t('actions.remove')}
        </Button>
        <WishlistToggle product={line} onError={onError} size="small" />
      </Box>
    </Card>
  );
}

/** The cart's lines (see the module comment). */
export function CartStep({ lines, onError }: { lines: readonly TCartProduct[]; onError: (message: string) => void }) {
  const { t } = useTranslation('demo-shop');
  return (
    <Box component="section" aria-labelledby="shop-step-cart">
      <Typography id="shop-step-cart" component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('checkout.cartTitle', { count: lines.length })}
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {lines.map((line) => (
          <CartLine key={line.id} line={line} onError={onError} />
        ))}
      </Box>
    </Box>
  );
}
