/**
 * `/forms/form-validation`: a reservation form with react-hook-form and a zod schema
 * (schemas.ts `ZReservation`, through zodResolver). Errors show under their fields in the app's
 * language once a field is left or the form is sent, the first wrong field takes the focus, and
 * a valid form shows a summary of the booking; Reset starts again.
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
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../components/field-error.ts';
import { DemoCard, ShowcasePage } from '../../components/showcase-page.tsx';
import { SEATING_AREAS, TIME_SLOTS } from '../sample-data.ts';
import { todayIso, ZReservation, type Reservation, type ReservationInput } from '../schemas.ts';

const EMPTY: ReservationInput = { name: '', email: '', phone: '', date: '', time: '19:30', guests: '2', area: 'indoor', notes: '', terms: false };

/** The validation page (see the module comment). */
export default function FormValidationPage() {
  const { t, i18n } = useTranslation('demo-forms');
  const fieldError = useFieldError();
  const [booked, setBooked] = useState<Reservation | null>(null);
  const { register, control, handleSubmit, reset, formState } = useForm<ReservationInput, unknown, Reservation>({
    resolver: zodResolver(ZReservation),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit((values) => setBooked(values));
  const formattedDate = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));

  return (
    <ShowcasePage target="formValidation" subtitle={t('validation.lead')} testId="forms-validation">
      <DemoCard title={t('validation.title')}>
        {booked ? (
          <Alert
            severity="success"
            data-testid="validation-success"
            action={
              <Button
                color="inherit"
                onClick={() => {
                  setBooked(null);
                  reset(EMPTY);
                }}
              >
                {t('validation.another')}
              </Button>
            }
          >
            <AlertTitle>{t('validation.successTitle')}</AlertTitle>
            {t('validation.successText', { name: booked.name, count: booked.guests, date: formattedDate(booked.date), time: booked.time, area: t(`areas.${booked.area}`) })}
          </Alert>
        ) : (
          <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('validation.title')} data-testid="validation-form">
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
              <Grid size={{ xs: 12, md: 4 }}>
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
              <Grid size={{ xs: 12, md: 4 }}>
                <TextField fullWidth required type="number" label={t('fields.guests')} {...register('guests')} {...fieldError(errors.guests, t('fields.guestsHelp'))} slotProps={{ htmlInput: { min: 1, max: 12 } }} />
              </Grid>
              <Grid size={{ xs: 12, md: 4 }}>
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
              <Grid size={12}>
                <TextField fullWidth multiline minRows={2} label={t('fields.notes')} {...register('notes')} {...fieldError(errors.notes, t('fields.notesHelp'))} />
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
            <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
              <Button type="submit" variant="contained" loading={isSubmitting} data-testid="validation-submit">
                {t('validation.submit')}
              </Button>
              <Button type="button" variant="outlined" color="inherit" onClick={() => reset(EMPTY)}>
                {t('validation.reset')}
              </Button>
            </Stack>
          </Box>
        )}
      </DemoCard>
    </ShowcasePage>
  );
}
