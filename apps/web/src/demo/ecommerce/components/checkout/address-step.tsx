/**
 * Step 2 of the checkout, the delivery address: react-hook-form with the address schema
 * (schema.ts `ZAddress`, the one the mock checks too), errors under each field after a submit
 * and as the visitor corrects them, focus moved to the first wrong field. A valid address is kept
 * in the checkout session (`onSubmit`). The submit button may sit outside the form (`formId`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZAddress, type TAddress } from '../../schema.ts';
import { useErrorText } from './error-text.ts';

export const EMPTY_ADDRESS: TAddress = { fullName: '', phone: '', line1: '', landmark: '', city: '', postcode: '', state: '', addressType: 'home' };

type TextKey = Exclude<keyof TAddress, 'addressType'>;
const FIELDS: readonly { key: TextKey; autoComplete: string; type?: string; required: boolean; size: 6 | 12 }[] = [
  { key: 'fullName', autoComplete: 'name', required: true, size: 6 },
  { key: 'phone', autoComplete: 'tel', type: 'tel', required: true, size: 6 },
  { key: 'line1', autoComplete: 'address-line1', required: true, size: 12 },
  { key: 'landmark', autoComplete: 'address-line2', required: false, size: 12 },
  { key: 'city', autoComplete: 'address-level2', required: true, size: 6 },
  { key: 'postcode', autoComplete: 'postal-code', required: true, size: 6 },
  { key: 'state', autoComplete: 'address-level1', required: true, size: 6 },
];

export interface AddressStepProps {
  formId: string;
  initial: TAddress | null;
  onSubmit: (address: TAddress) => void;
}

export function AddressStep({ formId, initial, onSubmit }: AddressStepProps) {
  const { t } = useTranslation('demo-shop');
  const errorText = useErrorText();
  const { control, handleSubmit } = useForm<TAddress>({ resolver: zodResolver(ZAddress), defaultValues: initial ?? EMPTY_ADDRESS, mode: 'onSubmit', reValidateMode: 'onChange' });
  return (
    <section aria-labelledby="shop-step-address">
      <Typography id="shop-step-address" component="h2" variant="h6" sx={{ mb: 0.5 }}>
        {t('address.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('address.hint')}
      </Typography>
      <form id={formId} noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} data-testid="shop-address-form">
        <Grid container spacing={2.5}>
          {FIELDS.map(({ key, autoComplete, type, required, size }) => (
            <Grid key={key} size={{ xs: 12, md: size }}>
              <Controller
                name={key}
                control={control}
                render={({ field: { ref, ...field }, fieldState }) => (
                  <TextField
                    {...field}
                    inputRef={ref}
                    fullWidth
                    required={required}
                    type={type}
                    autoComplete={autoComplete}
                    label={t(`address.${key}`)}
                    error={Boolean(fieldState.error)}
                    helperText={errorText(fieldState.error?.message)}
                    slotProps={{ htmlInput: { 'data-testid': `shop-address-${key}` } }}
                  />
                )}
              />
            </Grid>
          ))}
          <Grid size={{ xs: 12, md: 6 }}>
            <Controller
              name="addressType"
              control={control}
              render={({ field }) => (
                <FormControl>
                  <FormLabel id="shop-address-type">{t('address.addressType')}</FormLabel>
                  <RadioGroup row aria-labelledby="shop-address-type" name={field.name} value={field.value} onChange={(event) => field.onChange(event.target.value)}>
                    <FormControlLabel value="home" control={<Radio />} label={t('address.home')} />
                    <FormControlLabel value="work" control={<Radio />} label={t('address.work')} />
                  </RadioGroup>
                </FormControl>
              )}
            />
          </Grid>
        </Grid>
      </form>
    </section>
  );
}
