/**
 * `/pages/reset-password-v1` and `-v2`: the new-password form. The spec lists no call for it
 * (docs/decisions/0032): a new password of at least six characters, typed twice alike, turns
 * the form into a "done" state that leads to the sign-in page of the same layout; the demo
 * accounts keep their passwords (no reset link identifies one).
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
import { ZResetPasswordForm, type ResetPasswordForm } from './auth-forms.ts';
import { AuthPageLink, AuthPasswordField } from './auth-fields.tsx';
import { AuthLayout, type AuthVariant } from './auth-layout.tsx';

/** The reset-password page of layout `variant`. */
export function ResetPasswordPage({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('demo-auth');
  useDocumentTitle(t('reset.title'));
  const [done, setDone] = useState(false);
  const { register, handleSubmit, formState } = useForm<ResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const submit = handleSubmit(() => setDone(true));

  return (
    <AuthLayout variant={variant} illustration="reset" title={t('reset.heading')} subtitle={t('reset.subtitle')}>
      {done ? (
        <Stack spacing={2.5} data-testid="demo-reset-done">
          <Alert severity="success" role="status">
            {t('reset.done')}
          </Alert>
          <Alert severity="info">{t('reset.demoNote')}</Alert>
        </Stack>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('reset.form')}>
          <Stack spacing={2.5}>
            <AuthPasswordField label={t('fields.newPassword')} autoComplete="new-password" registration={register('password')} error={formState.errors.password} testId="demo-reset-password" />
            <AuthPasswordField
              label={t('fields.confirmPassword')}
              autoComplete="new-password"
              registration={register('confirmPassword')}
              error={formState.errors.confirmPassword}
              testId="demo-reset-confirm"
            />
            <Button type="submit" variant="contained" size="large" fullWidth data-testid="demo-reset-submit">
              {t('reset.submit')}
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
