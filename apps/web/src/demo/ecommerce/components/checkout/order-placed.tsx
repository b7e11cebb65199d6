/**
 * The end of the checkout: the order just placed (`POST /apps/ecommerce/place-order`), with its
 * number, lines, address, payment and amounts, until the visitor goes back to the shop. It is
 * kept in the checkout session, so a reload still shows it.
 */
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TOrder } from '../../schema.ts';
import { formatMoney } from '../format.ts';
import { PriceDetails } from './price-details.tsx';

export function OrderPlaced({ order, onContinue }: { order: TOrder; onContinue: () => void }) {
  const { t, i18n } = useTranslation('demo-shop');
  const heading = useRef<HTMLHeadingElement>(null);
  // The step's content was replaced: bring keyboard and screen-reader users to the news.
  useEffect(() => heading.current?.focus(), []);
  const { address, payment } = order;
  return (
    <Grid container spacing={3} data-testid="shop-order-placed" data-order-id={order.id}>
      <Grid size={{ xs: 12, md: 8 }}>
        <Card variant="outlined">
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <CheckCircle color="success" fontSize="large" aria-hidden />
              <Typography ref={heading} tabIndex={-1} component="h2" variant="h5" sx={{ fontWeight: 700, outline: 'none' }} data-testid="shop-order-title">
                {t('order.title', { id: order.id })}
              </Typography>
            </Box>
            <Typography>{t('order.thanks', { name: address.fullName })}</Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }} aria-label={t('order.items')}>
              {order.lines.map((line) => (
                <li key={line.productId}>
                  <Typography variant="body2">
                    {t('order.line', { qty: line.qty, name: line.name, price: formatMoney(line.price, i18n.language) })}
                  </Typography>
                </li>
              ))}
            </Box>
            <Typography variant="body2" color="text.secondary">
              {t('order.deliverTo', { address: [address.line1, address.city, address.postcode].join(', ') })}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="shop-order-payment">
              {payment.method === 'card' ? t('order.paidByCard', { last4: payment.cardLast4 }) : t('order.cashOnDelivery')}
            </Typography>
            <Box>
              <Button variant="contained" onClick={onContinue} data-testid="shop-continue-shopping">
                {t('actions.continueShopping')}
              </Button>
            </Box>
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <PriceDetails totals={order.totals} itemCount={order.lines.reduce((sum, line) => sum + line.qty, 0)} />
      </Grid>
    </Grid>
  );
}
