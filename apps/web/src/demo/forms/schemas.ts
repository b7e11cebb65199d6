/**
 * The zod schemas of the forms section: the reservation form (form-validation page) and the
 * wizard's three steps. Every message is a key under `errors` of the demo-forms namespace, so
 * the form shows it in the app's language (`t(\`errors.${message}\`)`, components/field-error.ts).
 */
import { z } from 'zod';
import { SEATING_AREAS, TIME_SLOTS } from './sample-data.ts';

/** An error message key of the demo-forms namespace (`errors.<key>`). */
export type FormErrorKey =
  | 'required'
  | 'nameShort'
  | 'email'
  | 'phone'
  | 'date'
  | 'datePast'
  | 'time'
  | 'guestsRange'
  | 'terms'
  | 'area'
  | 'notesLong'
  | 'cardNumber'
  | 'cardExpiry'
  | 'cardCvc';

const message = (key: FormErrorKey) => ({ message: key });

/** Today as `YYYY-MM-DD` in local time (the `min` of date inputs, the past-date check). */
export function todayIso(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const name = z.string().trim().min(1, message('required')).min(2, message('nameShort'));
const email = z.string().trim().min(1, message('required')).pipe(z.email(message('email')));
const phone = z
  .string()
  .trim()
  .min(1, message('required'))
  .regex(/^\+?[0-9 ()-]{7,20}$/, message('phone'));
const date = z
  .string()
  .min(1, message('required'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, message('date'))
  .refine((value) => value >= todayIso(), message('datePast'));
const time = z.enum(TIME_SLOTS, message('time'));
const guests = z.coerce.number<string | number>(message('guestsRange')).int(message('guestsRange')).min(1, message('guestsRange')).max(12, message('guestsRange'));

/** A box that must be ticked (the terms). */
const accepted = z.boolean().refine((value) => value, message('terms'));

/** The reservation form of the form-validation page. */
export const ZReservation = z.object({
  name,
  email,
  phone,
  date,
  time,
  guests,
  area: z.enum(SEATING_AREAS, message('area')),
  notes: z.string().max(200, message('notesLong')),
  terms: accepted,
});
export type ReservationInput = z.input<typeof ZReservation>;
export type Reservation = z.output<typeof ZReservation>;

/** Wizard step 1: who books. */
export const ZWizardGuest = z.object({ name, email, phone });
/** Wizard step 2: when and how many. */
export const ZWizardBooking = z.object({ date, time, guests, area: z.enum(SEATING_AREAS, message('area')) });
/** Wizard step 3: the deposit card (a demo: nothing is charged). */
export const ZWizardPayment = z.object({
  cardName: name,
  cardNumber: z
    .string()
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(z.string().regex(/^\d{16}$/, message('cardNumber'))),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, message('cardExpiry')),
  cvc: z.string().regex(/^\d{3,4}$/, message('cardCvc')),
  terms: accepted,
});

export type WizardGuest = z.output<typeof ZWizardGuest>;
export type WizardBooking = z.output<typeof ZWizardBooking>;
export type WizardPayment = z.output<typeof ZWizardPayment>;
