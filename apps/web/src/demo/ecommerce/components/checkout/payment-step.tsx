/**
 * Step 3 of the checkout, payment: where the order goes (the address of step 2, with a way back
 * to change it), then card or cash on delivery; a card asks for cardholder, number, expiry and
 * CVV (payment-form.ts, react-hook-form with its zod schema). A valid form places the order
 * (`POST /apps/ecommerce/place-order`, only the card's last four digits sent); a refused order
 * says so and keeps the form.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TAddress, TPayment } from '../../schema.ts';
import { useErrorText } from './error-text.ts';
import { EMPTY_PAYMENT, paymentFormSchema, paymentOf, type PaymentFormValues } from './payment-form.ts';

type CardKey = 'cardholder' | 'cardNumber' | 'expiry' | 'cvv';
const CARD_FIELDS: readonly { key: CardKey; autoComplete: string; inputMode?: 'numeric'; size: 6 | 12; placeholder?: string }[] = [
  { key: 'cardNumber', autoComplete: 'cc-number', inputMode: 'numeric', size: 12, placeholder: '4242 4242 4242 4242' },
  { key: 'cardholder', autoComplete: 'cc-name', size: 12 },
  { key: 'expiry', autoComplete: 'cc-exp', inputMode: 'numeric', size: 6, placeholder: 'MM/YY' },
  { key: 'cvv', autoComplete: 'cc-csc', inputMode: 'numeric', size: 6 },
];

export interface PaymentStepProps {
  formId: string;
  address: TAddress;
  onChangeAddress: () => void;
  onSubmit: (payment: TPayment) => void;
  /** The place-order call failed. */
  failed: boolean;
}

export function PaymentStep({ formId, address, onChangeAddress, onSubmit, failed }: PaymentStepProps) {
  const { t } = useTranslation('demo-shop');
  const errorText = useErrorText();
  const schema = useMemo(() => paymentFormSchema(new Date()), []);
  const { control, handleSubmit, watch } = useForm<PaymentFormValues>({ resolver: zodResolver(schema), defaultValues: EMPTY_PAYMENT, reValidateMode: 'onChange' });
  const method = watch('method');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Card variant="outlined" component="section" aria-labelledby="shop-deliver-to" data-testid="shop-deliver-to">
        <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography id="shop-deliver-to" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
              {t('payment.deliverTo', { type: t(`address.${address.addressType}`) })}
            </Typography>
            <Typography variant="body2">{address.fullName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {[address.line1, address.landmark, `${address.city} ${address.postcode}`, address.state].filter(Boolean).join(', ')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {address.phone}
            </Typography>
          </Box>
          <Button onClick={onChangeAddress} data-testid="shop-change-address">
            {t('payment.changeAddress')}
          </Button>
        </CardContent>
      </Card>

      <section aria-labelledby="shop-step-payment">
        <Typography id="shop-step-payment" component="h2" variant="h6" sx={{ mb: 2 }}>
          {t('payment.title')}
        </Typography>
        {failed && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="shop-order-failed">
            {t('errors.orderFailed')}
          </Alert>
        )}
        <form id={formId} noValidate onSubmit={(event) => void handleSubmit((values) => onSubmit(paymentOf(values)))(event)} data-testid="shop-payment-form">
          <Controller
            name="method"
            control={control}
            render={({ field }) => (
              <FormControl sx={{ mb: 2 }}>
                <FormLabel id="shop-payment-method">{t('payment.method')}</FormLabel>
                <RadioGroup row aria-labelledby="shop-payment-method" name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                  <FormControlLabel value="card" control={<Radio />} label={t('payment.card')} />
                  <FormControlLabel value="cashOnDelivery" control={<Radio />} label={t('payment.cashOnDelivery')} data-testid="shop-payment-cod" />
                </RadioGroup>
              </FormControl>
            )}
          />
          {method === 'card' ? (
            <Grid container spacing={2.5} sx={{ maxWidth: 560 }}>
              {CARD_FIELDS.map(({ key, autoComplete, inputMode, size, placeholder }) => (
                <Grid key={key} size={{ xs: 12, sm: size }}>
                  <Controller
                    name={key}
                    control={control}
                    render={({ field: { ref, ...field }, fieldState }) => (
                      <TextField
                        {...field}
                        inputRef={ref}
                        fullWidth
                        required
                        autoComplete={autoComplete}
                        label={t(`payment.${key}`)}
                        placeholder={placeholder}
                        error={Boolean(fieldState.error)}
                        helperText={errorText(fieldState.error?.message)}
                        slotProps={{ htmlInput: { inputMode, 'data-testid': `shop-payment-${key}` } }}
                      />
                    )}
                  />
                </Grid>
              ))}
            </Grid>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('payment.cashHint')}
            </Typography>
          )}
        </form>
      </section>
    </Box>
  );
}
