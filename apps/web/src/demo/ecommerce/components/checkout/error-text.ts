/**
 * The words of a checkout form error: the schemas' messages are `demo-shop:errors.*` keys
 * (schema.ts `ZAddress`, payment-form.ts); anything else reads as "check this field".
 */
import { useTranslation } from 'react-i18next';

const KNOWN = ['required', 'tooLong', 'phone', 'postcode', 'cardNumber', 'expiry', 'cvv'] as const;
type ErrorKey = (typeof KNOWN)[number];

/** Turns a form error's message into plain words in the UI language (undefined: no error). */
export function useErrorText(): (message: string | undefined) => string | undefined {
  const { t } = useTranslation('demo-shop');
  return (message) => {
    if (message === undefined) return undefined;
    const key = KNOWN.find((known): known is ErrorKey => known === message);
    return t(`errors.${key ?? 'invalid'}`);
  };
}
