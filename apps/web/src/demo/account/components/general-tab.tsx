/**
 * The General tab (docs/requirements/data.md `general`): avatar (upload a JPG, GIF or PNG up to 800
 * kB, kept as a data URL; Reset goes back to the saved one), username, full name, email and
 * company. Save sends `{general}` to the update call.
 */
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, type TAccountGeneral } from '../schema.ts';
import { generalFromForm, ZGeneralForm, type GeneralForm } from './account-forms.ts';
import { AccountTextField } from './account-text-field.tsx';
import type { SaveSection } from './save-section.ts';

/** Reads `file` as a data URL. */
function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(file);
  });
}

/** The General tab over the saved `general` section. */
export function GeneralTab({ general, save }: { general: TAccountGeneral; save: SaveSection }) {
  const { t } = useTranslation('demo-account');
  const inputId = useId();
  const [avatarError, setAvatarError] = useState<'avatarType' | 'avatarSize' | null>(null);
  const { register, handleSubmit, formState, reset, setValue, watch } = useForm<GeneralForm>({ resolver: zodResolver(ZGeneralForm), defaultValues: general });
  const avatar = watch('avatar');
  const errors = formState.errors;

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return setAvatarError('avatarType');
    if (file.size > AVATAR_MAX_BYTES) return setAvatarError('avatarSize');
    setAvatarError(null);
    setValue('avatar', await readAsDataUrl(file), { shouldDirty: true });
  };

  const submit = handleSubmit(async (values) => {
    const saved = await save({ general: generalFromForm(values) });
    if (saved) reset(saved.general);
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('tabs.general')} data-testid="account-general">
      <Stack direction="row" spacing={2.5} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar src={avatar || undefined} alt={t('general.avatarAlt')} variant="rounded" sx={{ width: 88, height: 88 }} data-testid="account-avatar" />
        <Box>
          <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
            <Button component="label" htmlFor={inputId} variant="contained" size="small">
              {t('general.upload')}
              <input id={inputId} hidden type="file" accept={AVATAR_TYPES.join(',')} onChange={(event) => void upload(event)} data-testid="account-avatar-input" />
            </Button>
            <Button
              variant="outlined"
              size="small"
              color="inherit"
              onClick={() => {
                setAvatarError(null);
                setValue('avatar', general.avatar, { shouldDirty: true });
              }}
            >
              {t('general.resetAvatar')}
            </Button>
          </Stack>
          <Typography variant="caption" color={avatarError ? 'error' : 'text.secondary'} role={avatarError ? 'alert' : undefined}>
            {avatarError ? t(`errors.${avatarError}`) : t('general.avatarHint')}
          </Typography>
        </Box>
      </Stack>
      <Grid container spacing={2.5}>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccountTextField label={t('general.username')} required autoComplete="username" registration={register('username')} fieldError={errors.username} testId="account-username" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccountTextField label={t('general.fullName')} required autoComplete="name" registration={register('fullName')} fieldError={errors.fullName} testId="account-fullName" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccountTextField label={t('general.email')} required type="email" autoComplete="email" registration={register('email')} fieldError={errors.email} testId="account-email" />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <AccountTextField label={t('general.company')} autoComplete="organization" registration={register('company')} fieldError={errors.company} testId="account-company" />
        </Grid>
      </Grid>
      <FormActions dirty={formState.isDirty} pending={formState.isSubmitting} onReset={() => reset(general)} testId="account-general-save" />
    </Box>
  );
}

/** Save and Cancel of a tab's form. */
export function FormActions({ dirty, pending, onReset, testId }: { dirty: boolean; pending: boolean; onReset: () => void; testId: string }) {
  const { t } = useTranslation('demo-account');
  return (
    <Stack direction="row" spacing={1.5} sx={{ mt: 3 }}>
      <Button type="submit" variant="contained" disabled={pending} data-testid={testId}>
        {t('actions.save')}
      </Button>
      <Button variant="outlined" color="inherit" disabled={!dirty || pending} onClick={onReset}>
        {t('actions.cancel')}
      </Button>
    </Stack>
  );
}
