/** A text field bound to an account form, its error translated from the form's key. */
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountErrorKey } from './account-forms.ts';

export interface AccountTextFieldProps extends Omit<TextFieldProps, 'error' | 'name' | 'onChange' | 'onBlur'> {
  registration: UseFormRegisterReturn;
  fieldError: FieldError | undefined;
  testId: string;
}

/** The field (MUI wants react-hook-form's ref as `inputRef`). */
export function AccountTextField({ registration, fieldError, testId, helperText, slotProps, ...props }: AccountTextFieldProps) {
  const { t } = useTranslation('demo-account');
  const { ref, ...rest } = registration;
  const key = accountErrorKey(fieldError?.message);
  return (
    <TextField
      {...props}
      {...rest}
      inputRef={ref}
      fullWidth
      error={Boolean(key)}
      helperText={key ? t(`errors.${key}`) : helperText}
      slotProps={{ ...slotProps, htmlInput: { 'data-testid': testId } }}
    />
  );
}
