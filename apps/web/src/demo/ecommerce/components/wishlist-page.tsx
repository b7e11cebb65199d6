/**
 * The wishlist (`/apps/ecommerce/wishlist`; docs/requirements/calls.md `GET
 * /apps/ecommerce/wishlist`): the saved products as cards, each with "Remove" (out of the wishlist)
 * and "Move to cart" (into the cart and out of the wishlist; "View in cart" when it is there
 * already). Empty, it points back to the shop.
 */
import Close from '@mui/icons-material/Close';
import ShoppingCartCheckout from '@mui/icons-material/ShoppingCartCheckout';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListEmpty, ListState } from '../../../components/list-state.tsx';
import { useSetInCart } from '../api/cart-items.ts';
import { useWishlist } from '../api/get-wishlist.ts';
import { useSetInWishlist } from '../api/wishlist-items.ts';
import type { TProductView } from '../schema.ts';
import { ProductCard } from './product-card.tsx';
import { SHOP_PATHS, ShopNav } from './shop-nav.tsx';

function WishlistActions({ product, onError }: { product: TProductView; onError: (message: string) => void }) {
  const { t } = useTranslation('demo-shop');
  const wishlist = useSetInWishlist();
  const cart = useSetInCart();
  const busy = wishlist.isPending || cart.isPending;
  const remove = () => wishlist.mutate({ productId: product.id, inWishlist: false }, { onError: () => onError(t('errors.wishlistFailed')) });
  const moveToCart = () =>
    cart.mutate({ productId: product.id, inCart: true }, { onSuccess: remove, onError: () => onError(t('errors.cartFailed')) });
  return (
    <>
      <Button variant="outlined" color="inherit" size="small" startIcon={<Close />} disabled={busy} onClick={remove} aria-label={t('actions.named', { action: t('actions.remove'), name: product.name })} data-testid="shop-wishlist-remove">
        {t('actions.remove')}
      </Button>
      {product.isInCart ? (
        <Button component={RouterLink} to={SHOP_PATHS.checkout} variant="contained" size="small" startIcon={<ShoppingCartCheckout />}>
          {t('actions.viewCart')}
        </Button>
      ) : (
        <Button variant="contained" size="small" startIcon={<ShoppingCartOutlined />} disabled={busy} onClick={moveToCart} aria-label={t('actions.named', { action: t('actions.moveToCart'), name: product.name })} data-testid="shop-wishlist-move">
          {t('actions.moveToCart')}
        </Button>
      )}
    </>
  );
}

/** The wishlist screen (see the module comment). */
export function WishlistPage() {
  const { t } = useTranslation('demo-shop');
  const wishlist = useWishlist();
  const [message, setMessage] = useState<string | null>(null);
  const products = wishlist.data ?? [];
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }} data-testid="shop-wishlist-page">
      <ShopNav title={t('wishlist.title')} />
      <ListState
        query={wishlist}
        isEmpty={products.length === 0}
        skeleton={{ rows: 2, rowHeight: 220, label: t('wishlist.loading') }}
        empty={
          <ListEmpty
            testId="shop-wishlist-empty"
            title={t('wishlist.empty')}
            action={
              <Button component={RouterLink} to={SHOP_PATHS.shop}>
                {t('actions.continueShopping')}
              </Button>
            }
          />
        }
      >
        <Grid container spacing={3}>
          {products.map((product) => (
            <Grid key={product.id} size={{ xs: 12, sm: 6, lg: 4 }}>
              <ProductCard product={product} onError={setMessage} actions={<WishlistActions product={product} onError={setMessage} />} />
            </Grid>
          ))}
        </Grid>
      </ListState>
      <Snackbar open={message !== null} autoHideDuration={4000} onClose={() => setMessage(null)} message={message ?? ''} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />
    </Box>
  );
}
