/**
 * `/pages/register-v1` and `-v2`: the template's demo registration against `POST /jwt/register`
 * (docs/requirements/calls.md). A taken email and/or username shows the mock's message under its
 * field (docs/requirements/validation.md: "This email is already in use.", "This username is
 * already in use."); a new account is a demo admin with manage all (docs/requirements/roles.md) and
 * is signed in to the demo at once (the call answers no refresh token, so that session cannot be
 * refreshed).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { register as registerUser } from '../api/register.ts';
import { startDemoSession, useDemoSession } from '../demo-session.ts';
import { formErrorKey, ZRegisterForm, type RegisterForm } from './auth-forms.ts';
import { AuthPageLink, AuthPasswordField, AuthTextField } from './auth-fields.tsx';
import { AuthLayout, type AuthVariant } from './auth-layout.tsx';
import { DemoSessionPanel, mockMessageKey, type DemoSessionEnd } from './demo-session-panel.tsx';

function RegisterForm({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('demo-auth');
  const termsHelpId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [taken, setTaken] = useState<{ email: string | null; username: string | null }>({ email: null, username: null });
  const { register, handleSubmit, formState, control } = useForm<RegisterForm>({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: { username: '', email: '', password: '', terms: false },
  });
  const translate = (message: string | null) => (message ? t(`errors.${mockMessageKey(message) ?? 'unexpected'}`) : null);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setTaken({ email: null, username: null });
    try {
      const result = await registerUser({ email: values.email.trim(), password: values.password, username: values.username.trim() });
      if (result.ok) startDemoSession({ userData: result.session.user, accessToken: result.session.accessToken, refreshToken: null });
      else setTaken({ email: translate(result.errors.email), username: translate(result.errors.username) });
    } catch {
      setFailure(t('errors.unreachable'));
    }
  });

  const termsError = formErrorKey(formState.errors.terms?.message);
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('register.form')}>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {failure}
        </Alert>
      )}
      <Stack spacing={2.5}>
        <AuthTextField
          label={t('fields.username')}
          autoComplete="username"
          autoFocus
          registration={register('username')}
          error={formState.errors.username}
          serverError={taken.username ?? undefined}
          testId="demo-register-username"
        />
        <AuthTextField
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={formState.errors.email}
          serverError={taken.email ?? undefined}
          testId="demo-register-email"
        />
        <AuthPasswordField label={t('fields.password')} autoComplete="new-password" registration={register('password')} error={formState.errors.password} testId="demo-register-password" />
        <FormControl error={Boolean(termsError)}>
          <FormControlLabel
            control={
              <Controller
                name="terms"
                control={control}
                render={({ field }) => (
                  <Checkbox
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    slotProps={{ input: { 'aria-describedby': termsError ? termsHelpId : undefined, 'data-testid': 'demo-register-terms' } as object }}
                  />
                )}
              />
            }
            label={t('register.terms')}
          />
          {termsError && <FormHelperText id={termsHelpId}>{t(`errors.${termsError}`)}</FormHelperText>}
        </FormControl>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={formState.isSubmitting} data-testid="demo-register-submit">
          {t('register.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('register.haveAccount')} <AuthPageLink to="login" variant={variant}>{t('register.signIn')}</AuthPageLink>
        </Typography>
      </Stack>
    </Box>
  );
}

/** The demo registration page of layout `variant`. */
export function RegisterPage({ variant }: { variant: AuthVariant }) {
  const { t } = useTranslation('demo-auth');
  useDocumentTitle(t('register.title'));
  const session = useDemoSession();
  const [ended, setEnded] = useState<DemoSessionEnd | null>(null);
  return (
    <AuthLayout variant={variant} illustration="register" title={t('register.heading')} subtitle={t('register.subtitle')}>
      {ended && !session && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="demo-session-ended">
          {t(ended === 'signedOut' ? 'session.signedOut' : 'errors.invalidRefresh')}
        </Alert>
      )}
      {session ? <DemoSessionPanel session={session} onEnded={setEnded} /> : <RegisterForm variant={variant} />}
    </AuthLayout>
  );
}
