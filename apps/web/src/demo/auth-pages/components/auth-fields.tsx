/**
 * Fields shared by the demo sign-in forms: a text field and a password field (with a show /
 * hide button) bound to react-hook-form, their errors translated from the form's keys
 * (auth-forms.ts), and the links between the pages of one layout variant.
 */
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { AuthVariant } from './auth-layout.tsx';
import { formErrorKey } from './auth-forms.ts';

export interface AuthFieldProps {
  label: string;
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  /** A message from the mock (already translated), shown when the form has none. */
  serverError?: string | undefined;
  type?: 'text' | 'email';
  autoComplete: string;
  autoFocus?: boolean;
  testId: string;
}

/** The translated message of a field's error. */
function useErrorText(error: FieldError | undefined, serverError?: string): string | undefined {
  const { t } = useTranslation('demo-auth');
  const key = formErrorKey(error?.message);
  return key ? t(`errors.${key}`) : serverError;
}

/** A text field bound to the form (MUI wants the input's ref as `inputRef`). */
export function AuthTextField({ label, registration, error, serverError, type = 'text', autoComplete, autoFocus, testId }: AuthFieldProps) {
  const { ref, ...rest } = registration;
  const helperText = useErrorText(error, serverError);
  return (
    <TextField
      {...rest}
      inputRef={ref}
      fullWidth
      required
      type={type}
      label={label}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      error={Boolean(helperText)}
      helperText={helperText}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    />
  );
}

/** A password field with a show / hide button. */
export function AuthPasswordField({ label, registration, error, autoComplete, testId }: Omit<AuthFieldProps, 'type' | 'serverError'>) {
  const { t } = useTranslation('demo-auth');
  const [shown, setShown] = useState(false);
  const { ref, ...rest } = registration;
  const helperText = useErrorText(error);
  return (
    <TextField
      {...rest}
      inputRef={ref}
      fullWidth
      required
      type={shown ? 'text' : 'password'}
      label={label}
      autoComplete={autoComplete}
      error={Boolean(helperText)}
      helperText={helperText}
      slotProps={{
        htmlInput: { 'data-testid': testId },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton edge="end" onClick={() => setShown((value) => !value)} aria-label={t(shown ? 'fields.hidePassword' : 'fields.showPassword')} aria-pressed={shown}>
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The demo sign-in pages, by name. */
export type AuthPageName = 'login' | 'register' | 'forgot-password' | 'reset-password';

/** The path of page `name` in layout `variant`, e.g. `/pages/login-v2`. */
export function authPagePath(name: AuthPageName, variant: AuthVariant): string {
  return `/pages/${name}-${variant}`;
}

/** A link to another demo sign-in page of the same layout. */
export function AuthPageLink({ to, variant, children, testId }: { to: AuthPageName; variant: AuthVariant; children: string; testId?: string }) {
  return (
    <Link component={RouterLink} to={authPagePath(to, variant)} data-testid={testId}>
      {children}
    </Link>
  );
}
