/**
 * The shop's header on every shop screen: the screen's `h1` and a navigation landmark to the
 * shop, the wishlist and the checkout, the last two with how many products they hold (from
 * `GET /apps/ecommerce/wishlist` and `/cart`, refetched after every move).
 */
import FavoriteBorder from '@mui/icons-material/FavoriteBorder';
import ShoppingCartOutlined from '@mui/icons-material/ShoppingCartOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useCart } from '../api/get-cart.ts';
import { useWishlist } from '../api/get-wishlist.ts';

export const SHOP_PATHS = {
  shop: '/apps/ecommerce/shop',
  detail: (id: number) => `/apps/ecommerce/product-detail/${id}`,
  wishlist: '/apps/ecommerce/wishlist',
  checkout: '/apps/ecommerce/checkout',
} as const;

function NavLink({ to, icon, label, count, testId }: { to: string; icon: ReactNode; label: string; count?: number | undefined; testId: string }) {
  const { t } = useTranslation('demo-shop');
  const { pathname } = useLocation();
  const current = pathname === to;
  return (
    <Button
      component={RouterLink}
      to={to}
      color={current ? 'primary' : 'inherit'}
      aria-current={current ? 'page' : undefined}
      startIcon={
        count === undefined ? (
          icon
        ) : (
          <Badge badgeContent={count} color="primary" showZero max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
            {icon}
          </Badge>
        )
      }
      // The badge is hidden from screen readers: the name carries the count, after the visible words.
      aria-label={count === undefined ? undefined : t('nav.withCount', { label, count })}
      data-testid={testId}
      data-count={count}
    >
      {label}
    </Button>
  );
}

/** The header (see the module comment); `title` is the screen's `h1`. */
export function ShopNav({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation('demo-shop');
  const wishlist = useWishlist();
  const cart = useCart();
  return (
    <Box component="header" sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, flexGrow: 1 }} data-testid="shop-title">
        {title}
      </Typography>
      {children}
      <Box component="nav" aria-label={t('nav.label')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
        <NavLink to={SHOP_PATHS.shop} icon={<StorefrontOutlined />} label={t('nav.shop')} testId="shop-nav-shop" />
        <NavLink to={SHOP_PATHS.wishlist} icon={<FavoriteBorder />} label={t('nav.wishlist')} count={wishlist.data?.length} testId="shop-nav-wishlist" />
        <NavLink to={SHOP_PATHS.checkout} icon={<ShoppingCartOutlined />} label={t('nav.cart')} count={cart.data?.length} testId="shop-nav-cart" />
      </Box>
    </Box>
  );
}
