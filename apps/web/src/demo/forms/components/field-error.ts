/**
 * Turns a react-hook-form field error whose message is one of the schemas' keys (schemas.ts)
 * into the text and flag an MUI field wants, in the app's language.
 */
import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FormErrorKey } from '../schemas.ts';

const KEYS: readonly FormErrorKey[] = ['required', 'nameShort', 'email', 'phone', 'date', 'datePast', 'time', 'guestsRange', 'terms', 'area', 'notesLong', 'cardNumber', 'cardExpiry', 'cardCvc'];

function isKey(value: unknown): value is FormErrorKey {
  return typeof value === 'string' && (KEYS as readonly string[]).includes(value);
}

/** `(error) => { error, helperText }` for a field, translated. */
export function useFieldError() {
  const { t } = useTranslation('demo-forms');
  return (error: FieldError | undefined, help?: string) => ({
    error: Boolean(error),
    helperText: error ? t(`errors.${isKey(error.message) ? error.message : 'required'}`) : help,
  });
}
