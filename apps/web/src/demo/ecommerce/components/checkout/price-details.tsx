/**
 * The checkout's price details beside every step (totals.ts): the items' price, the discount of
 * the cart view (docs/requirements/constants.md 3–20 %), delivery (free, or the fee when a product
 * lacks free shipping) and the total; then the step's action (`children`).
 */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOrderTotals } from '../../schema.ts';
import { formatMoney } from '../format.ts';

function Row({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <Typography component="dt" variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="dd" variant={strong ? 'subtitle1' : 'body2'} sx={{ m: 0, fontWeight: strong ? 700 : 400 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

export function PriceDetails({ totals, itemCount, children }: { totals: TOrderTotals; itemCount: number; children?: ReactNode }) {
  const { t, i18n } = useTranslation('demo-shop');
  const money = (amount: number) => formatMoney(amount, i18n.language);
  return (
    <Card variant="outlined" component="section" aria-labelledby="shop-price-details" data-testid="shop-price-details">
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Typography id="shop-price-details" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t('checkout.priceDetails', { count: itemCount })}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          <Row label={t('checkout.subtotal')} value={money(totals.subtotal)} testId="shop-subtotal" />
          <Row label={t('checkout.discount')} value={totals.discount > 0 ? `−${money(totals.discount)}` : money(0)} testId="shop-discount" />
          <Row label={t('checkout.delivery')} value={totals.delivery > 0 ? money(totals.delivery) : t('checkout.free')} testId="shop-delivery" />
          <Divider />
          <Row label={t('checkout.total')} value={money(totals.total)} strong testId="shop-total" />
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}
