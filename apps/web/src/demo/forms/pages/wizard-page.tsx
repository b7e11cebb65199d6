/**
 * `/forms/wizard`: a three-step booking wizard on MUI Stepper. Each step is its own
 * react-hook-form form checked by its zod schema (schemas.ts, through zodResolver): Next
 * refuses a step with a wrong field, shows the errors under the fields and focuses the first;
 * Back keeps what was typed. The last step confirms the booking and shows a summary; "Start
 * again" empties the wizard.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../components/field-error.ts';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';
import { SEATING_AREAS, TIME_SLOTS } from '../sample-data.ts';
import { todayIso, ZWizardBooking, ZWizardGuest, ZWizardPayment, type WizardBooking, type WizardGuest, type WizardPayment } from '../schemas.ts';
import type { z } from 'zod';

const STEPS = ['guest', 'booking', 'payment'] as const;

interface Answers {
  guest?: WizardGuest;
  booking?: WizardBooking;
  payment?: WizardPayment;
}

/** The step's form and the Back / Next (or Confirm) buttons under it. */
function StepForm({ label, onSubmit, onBack, last, children }: { label: string; onSubmit: () => void; onBack?: () => void; last?: boolean; children: ReactNode }) {
  const { t } = useTranslation('demo-forms');
  return (
    <Box
      component="form"
      noValidate
      aria-label={label}
      data-testid="wizard-step"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
      <Stack direction="row" spacing={1} sx={{ mt: 3, justifyContent: 'space-between' }}>
        <Button type="button" variant="outlined" color="inherit" onClick={onBack} disabled={!onBack} data-testid="wizard-back">
          {t('wizard.back')}
        </Button>
        <Button type="submit" variant="contained" color={last ? 'success' : 'primary'} data-testid="wizard-next">
          {last ? t('wizard.confirm') : t('wizard.next')}
        </Button>
      </Stack>
    </Box>
  );
}

function GuestStep({ values, onNext }: { values?: WizardGuest; onNext: (values: WizardGuest) => void }) {
  const { t } = useTranslation('demo-forms');
  const fieldError = useFieldError();
  const { register, handleSubmit, formState } = useForm<z.input<typeof ZWizardGuest>, unknown, WizardGuest>({
    resolver: zodResolver(ZWizardGuest),
    defaultValues: values ?? { name: '', email: '', phone: '' },
  });
  const { errors } = formState;
  return (
    <StepForm label={t('wizard.steps.guest')} onSubmit={() => void handleSubmit(onNext)()}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth required label={t('fields.name')} autoComplete="name" {...register('name')} {...fieldError(errors.name)} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth required type="email" label={t('fields.email')} autoComplete="email" {...register('email')} {...fieldError(errors.email)} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth required type="tel" label={t('fields.phone')} autoComplete="tel" {...register('phone')} {...fieldError(errors.phone, t('fields.phoneHelp'))} />
        </Grid>
      </Grid>
    </StepForm>
  );
}

function BookingStep({ values, onNext, onBack }: { values?: WizardBooking; onNext: (values: WizardBooking) => void; onBack: () => void }) {
  const { t } = useTranslation('demo-forms');
  const fieldError = useFieldError();
  const { register, control, handleSubmit, formState } = useForm<z.input<typeof ZWizardBooking>, unknown, WizardBooking>({
    resolver: zodResolver(ZWizardBooking),
    defaultValues: values ?? { date: '', time: '19:30', guests: '2', area: 'indoor' },
  });
  const { errors } = formState;
  return (
    <StepForm label={t('wizard.steps.booking')} onSubmit={() => void handleSubmit(onNext)()} onBack={onBack}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            required
            type="date"
            label={t('fields.date')}
            {...register('date')}
            {...fieldError(errors.date)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: todayIso() } }}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="time"
            render={({ field }) => (
              <TextField select fullWidth required label={t('fields.time')} {...field} {...fieldError(errors.time)}>
                {TIME_SLOTS.map((slot) => (
                  <MenuItem key={slot} value={slot}>
                    {slot}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth required type="number" label={t('fields.guests')} {...register('guests')} {...fieldError(errors.guests, t('fields.guestsHelp'))} slotProps={{ htmlInput: { min: 1, max: 12 } }} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            control={control}
            name="area"
            render={({ field }) => (
              <TextField select fullWidth label={t('fields.area')} {...field} {...fieldError(errors.area)}>
                {SEATING_AREAS.map((area) => (
                  <MenuItem key={area} value={area}>
                    {t(`areas.${area}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
      </Grid>
    </StepForm>
  );
}

function PaymentStep({ onNext, onBack }: { onNext: (values: WizardPayment) => void; onBack: () => void }) {
  const { t } = useTranslation('demo-forms');
  const fieldError = useFieldError();
  const { register, control, handleSubmit, formState } = useForm<z.input<typeof ZWizardPayment>, unknown, WizardPayment>({
    resolver: zodResolver(ZWizardPayment),
    defaultValues: { cardName: '', cardNumber: '', expiry: '', cvc: '', terms: false },
  });
  const { errors } = formState;
  return (
    <StepForm label={t('wizard.steps.payment')} onSubmit={() => void handleSubmit(onNext)()} onBack={onBack} last>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('wizard.paymentNote')}
      </Typography>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField fullWidth required label={t('fields.cardName')} autoComplete="cc-name" {...register('cardName')} {...fieldError(errors.cardName)} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TextField
            fullWidth
            required
            label={t('fields.cardNumber')}
            autoComplete="cc-number"
            {...register('cardNumber')}
            {...fieldError(errors.cardNumber, '4242 4242 4242 4242')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField fullWidth required label={t('fields.expiry')} placeholder="MM/YY" autoComplete="cc-exp" {...register('expiry')} {...fieldError(errors.expiry)} />
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField fullWidth required label={t('fields.cvc')} autoComplete="cc-csc" {...register('cvc')} {...fieldError(errors.cvc)} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
        </Grid>
        <Grid size={12}>
          <Controller
            control={control}
            name="terms"
            render={({ field: { value, onChange, onBlur, ref, name } }) => (
              <FormControl error={Boolean(errors.terms)}>
                <FormControlLabel
                  control={<Checkbox checked={Boolean(value)} onChange={(event) => onChange(event.target.checked)} onBlur={onBlur} name={name} slotProps={{ input: { ref } }} />}
                  label={t('fields.terms')}
                />
                {errors.terms && <FormHelperText>{fieldError(errors.terms).helperText}</FormHelperText>}
              </FormControl>
            )}
          />
        </Grid>
      </Grid>
    </StepForm>
  );
}

/** The wizard page (see the module comment). */
export default function WizardPage() {
  const { t, i18n } = useTranslation('demo-forms');
  const [active, setActive] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const done = active === STEPS.length;
  const { guest, booking, payment } = answers;
  const formattedDate = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

  return (
    <ShowcasePage target="formWizard" subtitle={t('wizard.lead')} testId="forms-wizard">
      <DemoCard title={t('wizard.title')}>
        <Stepper activeStep={active} alternativeLabel sx={{ mb: 4 }} data-testid="wizard-stepper">
          {STEPS.map((step) => (
            <Step key={step}>
              <StepLabel>{t(`wizard.steps.${step}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {active === 0 && (
          <GuestStep
            values={guest}
            onNext={(values) => {
              setAnswers((current) => ({ ...current, guest: values }));
              setActive(1);
            }}
          />
        )}
        {active === 1 && (
          <BookingStep
            values={booking}
            onBack={() => setActive(0)}
            onNext={(values) => {
              setAnswers((current) => ({ ...current, booking: values }));
              setActive(2);
            }}
          />
        )}
        {active === 2 && (
          <PaymentStep
            onBack={() => setActive(1)}
            onNext={(values) => {
              setAnswers((current) => ({ ...current, payment: values }));
              setActive(3);
            }}
          />
        )}
        {done && guest && booking && payment && (
          <Alert
            severity="success"
            data-testid="wizard-success"
            action={
              <Button
                color="inherit"
                onClick={() => {
                  setAnswers({});
                  setActive(0);
                }}
              >
                {t('wizard.again')}
              </Button>
            }
          >
            <AlertTitle>{t('wizard.successTitle')}</AlertTitle>
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}>
              {(
                [
                  [t('fields.name'), guest.name],
                  [t('fields.email'), guest.email],
                  [t('fields.phone'), guest.phone],
                  [t('fields.date'), formattedDate(booking.date)],
                  [t('fields.time'), booking.time],
                  [t('fields.guests'), String(booking.guests)],
                  [t('fields.area'), t(`areas.${booking.area}`)],
                  [t('fields.cardNumber'), `•••• ${payment.cardNumber.slice(-4)}`],
                ] as const
              ).map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Box component="dt" sx={{ fontWeight: 600 }}>
                    {label}
                  </Box>
                  <Box component="dd" sx={{ m: 0 }}>
                    {value}
                  </Box>
                </Box>
              ))}
            </Box>
          </Alert>
        )}
      </DemoCard>
    </ShowcasePage>
  );
}
