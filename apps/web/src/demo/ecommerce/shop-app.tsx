/**
 * The shop demo app (docs/requirements/routes.md demo routes `/apps/ecommerce/shop`,
 * `product-detail`, `wishlist`, `checkout`; docs/requirements/calls.md). It owns `/apps/ecommerce`
 * and routes below it:
 * - `/apps/ecommerce/shop`: the shop grid; `/apps/ecommerce/wishlist`: the wishlist;
 * - `/apps/ecommerce/product-detail/:id`: a product's page; without an id (the global search's
 *   link) it opens the first featured product;
 * - `/apps/ecommerce/checkout`: the three-step checkout;
 * - `/apps/ecommerce` and anything else go to the shop.
 */
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useProducts } from './api/get-products.ts';
import { CheckoutPage } from './components/checkout/checkout-page.tsx';
import { ProductDetail } from './components/product-detail.tsx';
import { SHOP_PATHS } from './components/shop-nav.tsx';
import { ShopPage } from './components/shop-page.tsx';
import { WishlistPage } from './components/wishlist-page.tsx';

/** Sends `/apps/ecommerce/product-detail` to the first featured product, or to the shop. */
function FirstProduct() {
  const { t } = useTranslation('demo-shop');
  const first = useProducts({ perPage: 1 });
  if (first.isPending) return <Skeleton variant="rounded" height={420} aria-label={t('detail.loading')} />;
  if (first.isError) return <Alert severity="error">{t('shop.loadFailed')}</Alert>;
  const product = first.data.products[0];
  return <Navigate replace to={product ? SHOP_PATHS.detail(product.id) : SHOP_PATHS.shop} />;
}

/** The shop screen (see the module comment). */
export default function ShopApp() {
  const { t } = useTranslation('demo-shop');
  useDocumentTitle(t('title'));
  return (
    <Routes>
      <Route path={SHOP_PATHS.shop} element={<ShopPage />} />
      <Route path="/apps/ecommerce/product-detail" element={<FirstProduct />} />
      <Route path="/apps/ecommerce/product-detail/:id" element={<ProductDetail />} />
      <Route path={SHOP_PATHS.wishlist} element={<WishlistPage />} />
      <Route path={SHOP_PATHS.checkout} element={<CheckoutPage />} />
      <Route path="*" element={<Navigate replace to={SHOP_PATHS.shop} />} />
    </Routes>
  );
}
