/**
 * The wishlist and cart toggles of a product (docs/requirements/states.md#demo-records), shared by
 * the shop grid, the product page and the wishlist. The wishlist button is a toggle
 * (`aria-pressed`); the cart button says what a press does. Each accessible name starts with the
 * visible words and adds the product (WCAG 2.5.3). While its call runs a button is disabled, and a
 * refused call is reported by the page's message (`onError`).
 */
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Favorite from '@mui/icons-material/Favorite';
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import RemoveShoppingCart from '@mui/icons-material/RemoveShoppingCartOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useSetInCart } from '../api/cart-items.ts';
import { useSetInWishlist } from '../api/wishlist-items.ts';
import type { TProductView } from '../schema.ts';

export interface ToggleProps {
  product: Pick<TProductView, 'id' | 'name' | 'isInWishlist' | 'isInCart'>;
  onError: (message: string) => void;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}

/** Adds the product to the wishlist, or takes it out. */
export function WishlistToggle({ product, onError, size, fullWidth }: ToggleProps) {
  const { t } = useTranslation('demo-shop');
  const mutation = useSetInWishlist();
  const inWishlist = product.isInWishlist;
  return (
    <Button
      variant="outlined"
      color={inWishlist ? 'error' : 'inherit'}
      size={size}
      fullWidth={fullWidth}
      startIcon={inWishlist ? <Favorite /> : <FavoriteBorder />}
      aria-pressed={inWishlist}
      aria-label={t('actions.named', { action: t('actions.wishlist'), name: product.name })}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate({ productId: product.id, inWishlist: !inWishlist }, { onError: () => onError(t('errors.wishlistFailed')) })}
      data-testid="shop-wishlist-toggle"
    >
      {t('actions.wishlist')}
    </Button>
  );
}

/** Puts the product in the cart, or takes it out. */
export function CartToggle({ product, onError, size, fullWidth }: ToggleProps) {
  const { t } = useTranslation('demo-shop');
  const mutation = useSetInCart();
  const inCart = product.isInCart;
  return (
    <Button
      variant={inCart ? 'outlined' : 'contained'}
      size={size}
      fullWidth={fullWidth}
      startIcon={inCart ? <RemoveShoppingCart /> : <AddShoppingCart />}
      aria-label={t('actions.named', { action: t(inCart ? 'actions.removeFromCart' : 'actions.addToCart'), name: product.name })}
      disabled={mutation.isPending}
      onClick={() => mutation.mutate({ productId: product.id, inCart: !inCart }, { onError: () => onError(t('errors.cartFailed')) })}
      data-testid="shop-cart-toggle"
    >
      {t(inCart ? 'actions.removeFromCart' : 'actions.addToCart')}
    </Button>
  );
}
