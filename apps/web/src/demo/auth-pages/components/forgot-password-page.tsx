/**
 * `/pages/forgot-password-v1` and `-v2`: the email form of a forgotten password. The spec lists
 * no call for it (docs/decisions/0032): a valid email turns the form into a "sent" state
 * naming the address, worded so it never tells whether an account exists, and saying that the
 * demo sends no email; it links to the reset page of the same layout to go on with the demo.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ZForgotPasswordForm, type ForgotPasswordForm } from './auth-forms.ts';
import { AuthPageLink, AuthTextField } from './auth-fields.tsx';
import { AuthLayout, type AuthVariant } from './auth-layout.tsx';

/** The forgotten-password page of layout `variant`. */
export function ForgotPasswordPage({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('demo-auth');
  useDocumentTitle(t('forgot.title'));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<ForgotPasswordForm>({ resolver: zodResolver(ZForgotPasswordForm), defaultValues: { email: '' } });
  const submit = handleSubmit((values) => setSentTo(values.email.trim()));

  return (
    <AuthLayout variant={variant} illustration="forgot" title={t('forgot.heading')} subtitle={t('forgot.subtitle')}>
      {sentTo ? (
        <Stack spacing={2.5} data-testid="demo-forgot-sent">
          <Alert severity="success" role="status">
            {t('forgot.sent', { email: sentTo })}
          </Alert>
          <Alert severity="info">{t('forgot.demoNote')}</Alert>
          <AuthPageLink to="reset-password" variant={variant}>
            {t('forgot.toReset')}
          </AuthPageLink>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('forgot.form')}>
          <Stack spacing={2.5}>
            <AuthTextField label={t('fields.email')} type="email" autoComplete="email" autoFocus registration={register('email')} error={formState.errors.email} testId="demo-forgot-email" />
            <Button type="submit" variant="contained" size="large" fullWidth data-testid="demo-forgot-submit">
              {t('forgot.submit')}
            </Button>
          </Stack>
        </Box>
      )}
      <Box sx={{ textAlign: 'center', mt: 3 }}>
        <AuthPageLink to="login" variant={variant}>
          {t('backToLogin')}
        </AuthPageLink>
      </Box>
    </AuthLayout>
  );
}
