/**
 * The checkout (`/apps/ecommerce/checkout`): a three-step wizard, cart → address → payment,
 * with the price details beside every step and the step's action under them.
 * - Cart: the lines and quantities; going on needs a cart that is not empty.
 * - Address: a validated form (address-step.tsx); going on keeps the address.
 * - Payment: a validated form (payment-step.tsx); "Place order" places it and shows the order.
 * Completed steps can be reopened from the stepper. The step, the address and the placed order
 * live in the checkout session (checkout-session.ts) and the cart in the mock's session data,
 * so a reload comes back to the same place. A step whose earlier step is no longer done (the
 * cart was emptied elsewhere) falls back to it.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ListEmpty } from '../../../../components/list-state.tsx';
import { useCart } from '../../api/get-cart.ts';
import { usePlaceOrder } from '../../api/place-order.ts';
import { orderTotals } from '../../totals.ts';
import { SHOP_PATHS, ShopNav } from '../shop-nav.tsx';
import { AddressStep } from './address-step.tsx';
import { CartStep } from './cart-step.tsx';
import { CHECKOUT_STEPS, useCheckoutSession } from './checkout-session.ts';
import { OrderPlaced } from './order-placed.tsx';
import { PaymentStep } from './payment-step.tsx';
import { PriceDetails } from './price-details.tsx';

const ADDRESS_FORM = 'shop-address-form';
const PAYMENT_FORM = 'shop-payment-form';

/** The checkout screen (see the module comment). */
export function CheckoutPage() {
  const { t } = useTranslation('demo-shop');
  const navigate = useNavigate();
  const [session, update] = useCheckoutSession();
  const cart = useCart();
  const placeOrder = usePlaceOrder();
  const [message, setMessage] = useState<string | null>(null);

  const lines = cart.data ?? [];
  const empty = cart.isSuccess && lines.length === 0;
  // A later step needs the earlier ones done: a cart with something in it, then an address.
  const step = empty ? 0 : session.step === 2 && !session.address ? 1 : session.step;
  const totals = orderTotals(lines);
  const itemCount = lines.reduce((sum, line) => sum + line.qty, 0);

  let content;
  if (session.order) {
    content = (
      <OrderPlaced
        order={session.order}
        onContinue={() => {
          update({ order: null, step: 0 });
          void navigate(SHOP_PATHS.shop);
        }}
      />
    );
  } else if (cart.isPending) {
    content = <Skeleton variant="rounded" height={320} aria-label={t('checkout.loading')} />;
  } else if (cart.isError) {
    content = <Alert severity="error">{t('checkout.loadFailed')}</Alert>;
  } else if (empty) {
    content = (
      <Card variant="outlined">
        <ListEmpty
          testId="shop-cart-empty"
          title={t('checkout.empty')}
          action={
            <Button component={RouterLink} to={SHOP_PATHS.shop}>
              {t('actions.continueShopping')}
            </Button>
          }
        />
      </Card>
    );
  } else {
    let action;
    if (step === 0) {
      action = (
        <Button variant="contained" fullWidth onClick={() => update({ step: 1 })} data-testid="shop-checkout-next">
          {t('checkout.toAddress')}
        </Button>
      );
    } else if (step === 1) {
      action = (
        <Button variant="contained" fullWidth type="submit" form={ADDRESS_FORM} data-testid="shop-checkout-next">
          {t('checkout.toPayment')}
        </Button>
      );
    } else {
      action = (
        <Button variant="contained" fullWidth type="submit" form={PAYMENT_FORM} disabled={placeOrder.isPending} data-testid="shop-place-order">
          {t('checkout.placeOrder')}
        </Button>
      );
    }
    content = (
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          {step === 0 && <CartStep lines={lines} onError={setMessage} />}
          {step === 1 && <AddressStep formId={ADDRESS_FORM} initial={session.address} onSubmit={(address) => update({ address, step: 2 })} />}
          {step === 2 && session.address && (
            <PaymentStep
              formId={PAYMENT_FORM}
              address={session.address}
              failed={placeOrder.isError}
              onChangeAddress={() => update({ step: 1 })}
              onSubmit={(payment) => {
                if (!session.address) return;
                placeOrder.mutate({ address: session.address, payment }, { onSuccess: (order) => update({ order, step: 0 }) });
              }}
            />
          )}
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <PriceDetails totals={totals} itemCount={itemCount}>
              {action}
            </PriceDetails>
          </Box>
        </Grid>
      </Grid>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }} data-testid="shop-checkout-page">
      <ShopNav title={t('checkout.title')} />
      {!session.order && (
        <Card variant="outlined" sx={{ px: 2, py: 2.5, overflowX: 'auto' }}>
          <Stepper nonLinear activeStep={step} aria-label={t('checkout.steps')} data-testid="shop-stepper">
            {CHECKOUT_STEPS.map((key, index) => (
              <Step key={key} completed={index < step}>
                <StepButton disabled={index >= step} onClick={() => update({ step: index })} aria-current={index === step ? 'step' : undefined} data-testid={`shop-step-${key}`}>
                  {t(`checkout.step.${key}`)}
                </StepButton>
              </Step>
            ))}
          </Stepper>
        </Card>
      )}
      {content}
      <Snackbar open={message !== null} autoHideDuration={4000} onClose={() => setMessage(null)} message={message ?? ''} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} />
    </Box>
  );
}
