/**
 * The Information tab (docs/requirements/data.md `info`): bio (up to 500 characters), date of
 * birth, country (names in the reader's language), website and phone. Save sends `{info}`.
 */
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import TextField from '@mui/material/TextField';
import { BIO_MAX_LENGTH, type TAccountInfo } from '../schema.ts';
import { COUNTRIES, infoFromForm, infoToForm, ZInfoForm, type InfoForm } from './account-forms.ts';
import { AccountTextField } from './account-text-field.tsx';
import { FormActions } from './general-tab.tsx';
import type { SaveSection } from './save-section.ts';

/** The Information tab over the saved `info` section. */
export function InfoTab({ info, save }: { info: TAccountInfo; save: SaveSection }) {
  const { t, i18n } = useTranslation('demo-account');
  const { register, handleSubmit, formState, reset, control, watch } = useForm<InfoForm>({ resolver: zodResolver(ZInfoForm), defaultValues: infoToForm(info) });
  const errors = formState.errors;
  const bioLength = watch('bio').length;
  const countryNames = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const countries = COUNTRIES.some((country) => country.value === info.country) || !info.country ? COUNTRIES : [...COUNTRIES, { value: info.country, region: '' }];

  const submit = handleSubmit(async (values) => {
    const saved = await save({ info: infoFromForm(values) });
    if (saved) reset(infoToForm(saved.info));
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('tabs.info')} data-testid="account-info">
      <Grid container spacing={2.5}>
        <Grid size={12}>
          <AccountTextField
            label={t('info.bio')}
            multiline
            minRows={3}
            registration={register('bio')}
            fieldError={errors.bio}
            helperText={t('info.bioCount', { count: bioLength, max: BIO_MAX_LENGTH })}
            testId="account-bio"
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccountTextField label={t('info.dob')} type="date" registration={register('dob')} fieldError={errors.dob} slotProps={{ inputLabel: { shrink: true } }} testId="account-dob" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Controller
            name="country"
            control={control}
            render={({ field }) => (
              <TextField select fullWidth label={t('info.country')} value={field.value} onChange={(event) => field.onChange(event.target.value)} onBlur={field.onBlur} name={field.name}>
                {countries.map((country) => (
                  <MenuItem key={country.value} value={country.value}>
                    {country.region ? (countryNames.of(country.region) ?? country.value) : country.value}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccountTextField label={t('info.website')} type="url" autoComplete="url" placeholder="https://" registration={register('website')} fieldError={errors.website} testId="account-website" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccountTextField label={t('info.phone')} type="tel" autoComplete="tel" registration={register('phone')} fieldError={errors.phone} testId="account-phone" />
        </Grid>
      </Grid>
      <FormActions dirty={formState.isDirty} pending={formState.isSubmitting} onReset={() => reset(infoToForm(info))} testId="account-info-save" />
    </Box>
  );
}
