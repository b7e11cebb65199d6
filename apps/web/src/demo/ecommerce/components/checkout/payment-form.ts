/**
 * The payment step's form (step 3 of the checkout): card or cash on delivery, and for a card the
 * cardholder, number (13–19 digits passing the Luhn check), expiry `MM/YY` not before this month
 * and the 3–4 digit CVV. Messages are `demo-shop:errors.*` keys. Only the last four digits and
 * the cardholder leave the form ({@link paymentOf}).
 */
import { z } from 'zod';
import type { TPayment } from '../../schema.ts';

export interface PaymentFormValues {
  method: 'card' | 'cashOnDelivery';
  cardholder: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
}

export const EMPTY_PAYMENT: PaymentFormValues = { method: 'card', cardholder: '', cardNumber: '', expiry: '', cvv: '' };

/** Whether `digits` passes the Luhn checksum of card numbers. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** Whether `MM/YY` is a real month not before `today`'s. */
export function expiryValid(expiry: string, today: Date): boolean {
  const match = /^(\d{2})\s*\/\s*(\d{2})$/.exec(expiry.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year > today.getFullYear() || (year === today.getFullYear() && month >= today.getMonth() + 1);
}

/** The form's schema as of `today` (the expiry depends on it). */
export function paymentFormSchema(today: Date) {
  return z
    .object({
      method: z.enum(['card', 'cashOnDelivery']),
      cardholder: z.string(),
      cardNumber: z.string(),
      expiry: z.string(),
      cvv: z.string(),
    })
    .superRefine((values, context) => {
      if (values.method !== 'card') return;
      const issue = (path: keyof PaymentFormValues, message: string) => context.addIssue({ code: 'custom', path: [path], message });
      if (values.cardholder.trim() === '') issue('cardholder', 'required');
      const digits = digitsOf(values.cardNumber);
      if (digits === '') issue('cardNumber', 'required');
      else if (!/^\d{13,19}$/.test(digits) || !luhnValid(digits)) issue('cardNumber', 'cardNumber');
      if (values.expiry.trim() === '') issue('expiry', 'required');
      else if (!expiryValid(values.expiry, today)) issue('expiry', 'expiry');
      if (values.cvv.trim() === '') issue('cvv', 'required');
      else if (!/^\d{3,4}$/.test(values.cvv.trim())) issue('cvv', 'cvv');
    });
}

/** What the mock is told about a valid form's payment. */
export function paymentOf(values: PaymentFormValues): TPayment {
  if (values.method === 'cashOnDelivery') return { method: 'cashOnDelivery' };
  return { method: 'card', cardLast4: digitsOf(values.cardNumber).slice(-4), cardholder: values.cardholder.trim() };
}
