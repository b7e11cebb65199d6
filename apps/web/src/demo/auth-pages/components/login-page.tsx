/**
 * `/pages/login-v1` and `-v2`: the template's demo sign-in against `POST /jwt/login`
 * (docs/requirements/calls.md). The template's two accounts are shown as hints; a refusal shows the
 * mock's message in the reader's language ("Email or Password is Invalid",
 * docs/requirements/validation.md). Signed in to the demo, the page shows the demo session instead
 * of the form (demo-session-panel.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { login } from '../api/login.ts';
import { DEMO_ACCOUNTS } from '../data.ts';
import { startDemoSession, useDemoSession } from '../demo-session.ts';
import { ZLoginForm, type LoginForm } from './auth-forms.ts';
import { AuthPageLink, AuthPasswordField, AuthTextField } from './auth-fields.tsx';
import { AuthLayout, type AuthVariant } from './auth-layout.tsx';
import { DemoSessionPanel, mockMessageKey, type DemoSessionEnd } from './demo-session-panel.tsx';

function LoginForm({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('demo-auth');
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<LoginForm>({ resolver: zodResolver(ZLoginForm), defaultValues: { email: '', password: '' } });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await login({ email: values.email.trim(), password: values.password });
      if (result.ok) {
        const { userData, accessToken, refreshToken } = result.session;
        startDemoSession({ userData, accessToken, refreshToken });
      } else {
        setFailure(t(`errors.${mockMessageKey(result.message) ?? 'unexpected'}`));
      }
    } catch {
      setFailure(t('errors.unreachable'));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('login.form')}>
      <Alert severity="info" sx={{ mb: 2.5 }} data-testid="demo-login-accounts">
        {DEMO_ACCOUNTS.map((account) => (
          <Typography key={account.role} variant="body2">
            {t('login.account', { role: t(`roles.${account.role}`), email: account.email, password: account.password })}
          </Typography>
        ))}
      </Alert>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="demo-login-error">
          {failure}
        </Alert>
      )}
      <Stack spacing={2.5}>
        <AuthTextField label={t('fields.email')} type="email" autoComplete="email" autoFocus registration={register('email')} error={formState.errors.email} testId="demo-login-email" />
        <AuthPasswordField label={t('fields.password')} autoComplete="current-password" registration={register('password')} error={formState.errors.password} testId="demo-login-password" />
        <Box sx={{ textAlign: 'right' }}>
          <AuthPageLink to="forgot-password" variant={variant}>
            {t('login.forgot')}
          </AuthPageLink>
        </Box>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={formState.isSubmitting} data-testid="demo-login-submit">
          {t('login.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('login.newHere')} <AuthPageLink to="register" variant={variant}>{t('login.createAccount')}</AuthPageLink>
        </Typography>
      </Stack>
    </Box>
  );
}

/** The demo sign-in page of layout `variant`. */
export function LoginPage({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('demo-auth');
  useDocumentTitle(t('login.title'));
  const session = useDemoSession();
  const [ended, setEnded] = useState<DemoSessionEnd | null>(null);
  return (
    <AuthLayout variant={variant} illustration="login" title={t('login.heading')} subtitle={t('login.subtitle')}>
      {ended && !session && (
        <Alert severity={ended === 'signedOut' ? 'info' : 'warning'} sx={{ mb: 2 }} data-testid="demo-session-ended">
          {t(ended === 'signedOut' ? 'session.signedOut' : 'errors.invalidRefresh')}
        </Alert>
      )}
      {session ? <DemoSessionPanel session={session} onEnded={setEnded} /> : <LoginForm variant={variant} />}
    </AuthLayout>
  );
}
