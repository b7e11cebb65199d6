/**
 * Shapes of the account-settings demo calls (docs/requirements/data.md#account-settings and
 * calls.md):
 * - `GET /account-setting/data` → `{ general, info, social, notification }`;
 * - `POST /account-setting/update {general?, info?, social?, notification?}` → the whole
 *   settings after the change: not in the spec's list; the tabs' Save buttons need somewhere to
 *   save (docs/decisions/0032). Each section sent replaces the stored one; at least one is
 *   needed; a bad field → 400 `{ message }` naming it (e.g. `info.website: …`).
 *
 * `info.dob` is an ISO date (`YYYY-MM-DD`) or null; `info.phone` a string as typed (the
 * template kept a number, which loses leading zeros and `+`); a social connection is the linked
 * account (`id`, `profileImg`) or null when not connected (the template used `{}`).
 */
import { z } from 'zod';

/** Largest avatar upload, in bytes (the template's "Max size of 800kB"). */
export const AVATAR_MAX_BYTES = 800 * 1024;
/** Avatar image types accepted (the template's JPG, GIF or PNG). */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;

export const SOCIAL_LINKS = ['twitter', 'facebook', 'google', 'linkedIn', 'instagram', 'quora'] as const;
export const SOCIAL_CONNECTIONS = ['twitter', 'google', 'facebook', 'github'] as const;
export const NOTIFICATION_SETTINGS = ['commentOnArticle', 'answerOnForm', 'followMe', 'newAnnouncements', 'productUpdates', 'blogDigest'] as const;

/** Usernames: 3 to 20 letters, digits, dots, dashes or underscores. */
export const USERNAME_PATTERN = /^[a-z0-9._-]{3,20}$/i;
/** Phone numbers: digits with optional +, spaces, dots, dashes and brackets. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{6,20}$/;
/** Longest bio, in characters. */
export const BIO_MAX_LENGTH = 500;

/** An http(s) URL, or '' for none. */
const ZOptionalUrl = z.union([z.literal(''), z.url({ protocol: /^https?$/ })]);
/** A same-site path or http(s) URL, a `data:image/…` URL (an uploaded avatar), or '' for initials. */
const ZAvatar = z.union([
  z.literal(''),
  z.string().regex(/^\/[\w./-]+$/),
  z.url({ protocol: /^https?$/ }),
  z.string().regex(/^data:image\/(png|jpeg|gif);base64,[A-Za-z0-9+/=]+$/),
]);

export const ZAccountGeneral = z.object({
  avatar: ZAvatar,
  username: z.string().trim().regex(USERNAME_PATTERN),
  fullName: z.string().trim().min(1),
  email: z.email(),
  company: z.string().trim(),
});

export const ZAccountInfo = z.object({
  bio: z.string().max(BIO_MAX_LENGTH),
  dob: z.iso.date().nullable(),
  country: z.string(),
  website: ZOptionalUrl,
  phone: z.union([z.literal(''), z.string().trim().regex(PHONE_PATTERN)]),
});

export const ZSocialConnection = z.object({ id: z.string().min(1), profileImg: z.string() }).nullable();

export const ZAccountSocial = z.object({
  socialLinks: z.object({
    twitter: ZOptionalUrl,
    facebook: ZOptionalUrl,
    google: ZOptionalUrl,
    linkedIn: ZOptionalUrl,
    instagram: ZOptionalUrl,
    quora: ZOptionalUrl,
  }),
  connections: z.object({
    twitter: ZSocialConnection,
    google: ZSocialConnection,
    facebook: ZSocialConnection,
    github: ZSocialConnection,
  }),
});

export const ZAccountNotification = z.object({
  commentOnArticle: z.boolean(),
  answerOnForm: z.boolean(),
  followMe: z.boolean(),
  newAnnouncements: z.boolean(),
  productUpdates: z.boolean(),
  blogDigest: z.boolean(),
});

export const ZAccountSettings = z.object({
  general: ZAccountGeneral,
  info: ZAccountInfo,
  social: ZAccountSocial,
  notification: ZAccountNotification,
});

/** The update call's body: any sections, at least one. */
export const ZAccountUpdate = ZAccountSettings.partial()
  .strict()
  .refine((update) => Object.keys(update).length > 0, { message: 'send at least one of general, info, social, notification' });

export const ZAccountError = z.object({ message: z.string() });

export type TAccountGeneral = z.infer<typeof ZAccountGeneral>;
export type TAccountInfo = z.infer<typeof ZAccountInfo>;
export type TAccountSocial = z.infer<typeof ZAccountSocial>;
export type TAccountNotification = z.infer<typeof ZAccountNotification>;
export type TAccountSettings = z.infer<typeof ZAccountSettings>;
export type TAccountUpdate = z.infer<typeof ZAccountUpdate>;
export type TAccountError = z.infer<typeof ZAccountError>;
export type TSocialConnection = (typeof SOCIAL_CONNECTIONS)[number];
export type TNotificationSetting = (typeof NOTIFICATION_SETTINGS)[number];

/** Paths of the account-settings demo calls (`update` is this app's addition). */
export const ACCOUNT_API = {
  data: '/account-setting/data',
  update: '/account-setting/update',
} as const;
