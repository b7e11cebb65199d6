/**
 * One product of the shop grid and the wishlist: image and name linking to its page, rating,
 * price, brand, free shipping, two lines of description, and the wishlist and cart toggles (or
 * the wishlist's own actions, `actions`).
 */
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { TProductView } from '../schema.ts';
import { formatMoney } from './format.ts';
import { CartToggle, WishlistToggle } from './product-toggles.tsx';
import { SHOP_PATHS } from './shop-nav.tsx';

export interface ProductCardProps {
  product: TProductView;
  onError: (message: string) => void;
  /** Replaces the wishlist and cart toggles. */
  actions?: ReactNode;
  /** The level of the name's heading: h2 in a page's grid, h3 under a section's h2. */
  headingLevel?: 'h2' | 'h3';
}

/** The stars of a product, with their meaning for screen readers. */
export function ProductRating({ rating, size = 'small' }: { rating: number; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('demo-shop');
  return <Rating value={rating} readOnly size={size} aria-label={t('product.rating', { rating })} />;
}

export function ProductCard({ product, onError, actions, headingLevel = 'h2' }: ProductCardProps) {
  const { t, i18n } = useTranslation('demo-shop');
  const link = SHOP_PATHS.detail(product.id);
  return (
    <Card component="article" variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="shop-product" data-product-id={product.id} aria-labelledby={`shop-product-${product.id}`}>
      <Box component={RouterLink} to={link} tabIndex={-1} aria-hidden sx={{ display: 'block', bgcolor: 'action.hover' }}>
        <Box component="img" src={product.image} alt="" loading="lazy" sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }} />
      </Box>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <ProductRating rating={product.rating} />
          <Typography component="p" variant="h6" sx={{ fontWeight: 700 }} data-testid="shop-product-price">
            {formatMoney(product.price, i18n.language)}
          </Typography>
        </Box>
        <Typography component={headingLevel} variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.3 }} id={`shop-product-${product.id}`}>
          <Link component={RouterLink} to={link} underline="hover" color="inherit" data-testid="shop-product-link">
            {product.name}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('product.by', { brand: product.brand })}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
          {product.description}
        </Typography>
        {product.hasFreeShipping && <Chip size="small" color="success" variant="outlined" icon={<LocalShippingOutlined />} label={t('product.freeShipping')} sx={{ alignSelf: 'flex-start' }} />}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        {actions ?? (
          <>
            <WishlistToggle product={product} onError={onError} size="small" />
            <CartToggle product={product} onError={onError} size="small" />
          </>
        )}
      </CardActions>
    </Card>
  );
}
