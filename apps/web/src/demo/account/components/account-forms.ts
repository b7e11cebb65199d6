/**
 * The account-settings forms (react-hook-form + zod): values as the fields hold them, the rules
 * (the spec leaves form rules open, docs/requirements/validation.md; these follow the mock's,
 * schema.ts), error keys of `demo-account:errors.*`, and the conversions to and from the stored
 * settings.
 */
import { z } from 'zod';
import { BIO_MAX_LENGTH, PHONE_PATTERN, USERNAME_PATTERN, type TAccountGeneral, type TAccountInfo, type TAccountSocial } from '../schema.ts';

export const ACCOUNT_ERROR_KEYS = ['required', 'email', 'username', 'url', 'phone', 'bioLength'] as const;
export type AccountErrorKey = (typeof ACCOUNT_ERROR_KEYS)[number];

const required = z.string().trim().min(1, 'required');
const optionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/, error: 'url' })], { error: 'url' });

export const ZGeneralForm = z.object({
  avatar: z.string(),
  username: required.regex(USERNAME_PATTERN, 'username'),
  fullName: required,
  email: required.pipe(z.email('email')),
  company: z.string(),
});

export const ZInfoForm = z.object({
  bio: z.string().max(BIO_MAX_LENGTH, 'bioLength'),
  dob: z.string(),
  country: z.string(),
  website: z.string().trim().pipe(optionalUrl),
  phone: z.string().trim().refine((phone) => phone === '' || PHONE_PATTERN.test(phone), 'phone'),
});

export const ZSocialLinksForm = z.object({
  twitter: z.string().trim().pipe(optionalUrl),
  facebook: z.string().trim().pipe(optionalUrl),
  google: z.string().trim().pipe(optionalUrl),
  linkedIn: z.string().trim().pipe(optionalUrl),
  instagram: z.string().trim().pipe(optionalUrl),
  quora: z.string().trim().pipe(optionalUrl),
});

export type GeneralForm = z.infer<typeof ZGeneralForm>;
export type InfoForm = z.infer<typeof ZInfoForm>;
export type SocialLinksForm = z.infer<typeof ZSocialLinksForm>;

/** The error key of a form message (unknown messages count as `required`). */
export function accountErrorKey(message: string | undefined): AccountErrorKey | undefined {
  if (message === undefined) return undefined;
  return ACCOUNT_ERROR_KEYS.find((key) => key === message) ?? 'required';
}

/** The general section of a valid form, trimmed. */
export function generalFromForm(form: GeneralForm): TAccountGeneral {
  return { avatar: form.avatar, username: form.username.trim(), fullName: form.fullName.trim(), email: form.email.trim(), company: form.company.trim() };
}

/** The info form of the stored section (`dob` null shows as an empty date). */
export function infoToForm(info: TAccountInfo): InfoForm {
  return { ...info, dob: info.dob ?? '' };
}

/** The info section of a valid form. */
export function infoFromForm(form: InfoForm): TAccountInfo {
  return { bio: form.bio, dob: form.dob === '' ? null : form.dob, country: form.country, website: form.website.trim(), phone: form.phone.trim() };
}

/** The social links of a valid form, trimmed. */
export function linksFromForm(form: SocialLinksForm): TAccountSocial['socialLinks'] {
  return {
    twitter: form.twitter.trim(),
    facebook: form.facebook.trim(),
    google: form.google.trim(),
    linkedIn: form.linkedIn.trim(),
    instagram: form.instagram.trim(),
    quora: form.quora.trim(),
  };
}

/**
 * Countries of the Information tab: the stored value (the template stores "USA") and its region
 * code, whose name is shown in the reader's language (`Intl.DisplayNames`).
 */
export const COUNTRIES: readonly { value: string; region: string }[] = [
  { value: 'USA', region: 'US' },
  { value: 'UK', region: 'GB' },
  { value: 'India', region: 'IN' },
  { value: 'Canada', region: 'CA' },
  { value: 'Australia', region: 'AU' },
  { value: 'Germany', region: 'DE' },
  { value: 'France', region: 'FR' },
  { value: 'Portugal', region: 'PT' },
  { value: 'Brazil', region: 'BR' },
  { value: 'Spain', region: 'ES' },
];
