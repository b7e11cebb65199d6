import { z } from 'zod';
import { ZIsoTime } from './common.ts';
import { ZTokenHealth } from './facebook-connect.ts';
import { ZIdempotencyKey, ZSyncState } from './reviews.ts';

/**
 * Google Business Profile (docs/requirements/calls.md `get-locations-for-user`,
 * `get_locations/get-locations`; docs/requirements/platform-apis.md#google-business-profile).
 * Decisions: docs/decisions/0024-google-business-profile.md.
 *
 * Flow: `construct-fb-auth-url?authType=google` gives Google's consent URL (scope
 * `business.manage`, offline access), opened in the same 700x800 popup as Facebook's. Google
 * redirects the popup to the server's callback, which checks the signed `state`, exchanges the
 * code for a refresh token (stored encrypted) and lands on the connections screen with
 * `googleToken=success|failed`. `get-locations-for-user` then lists, live from Google, the
 * business accounts and locations the connected Google users manage, each with the outlet it
 * is linked to; an owner links a location to an outlet (`link-google-location`), and from then
 * on its reviews sync into the one feed (`get_reviews/get-reviews`).
 */

/** The one OAuth scope the Business Profile APIs need
 * (docs/requirements/platform-apis.md#google-business-profile). */
export const GOOGLE_SCOPES = ['https://www.googleapis.com/auth/business.manage'] as const;

/** Why a Google connection failed, as the landing route's `reason` names it (see FB_CONNECT_FAILURES). */
export const GOOGLE_CONNECT_FAILURES = ['cancelled', 'state', 'exchange', 'permissions', 'google'] as const;
export type TGoogleConnectFailure = (typeof GOOGLE_CONNECT_FAILURES)[number];

/** Query of Google's redirect to the callback (`code`, `state`, `scope`; or `error`). Bounded like Facebook's. */
export const ZGoogleAuthCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(4096).optional(),
  scope: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
});

const ZLocationName = (field: string) => z.string({ error: `${field} is required` }).regex(/^locations\/\d{1,32}$/, `${field} must look like locations/123`);
const ZAccountName = z.string().regex(/^accounts\/\d{1,32}$/, 'accountName must look like accounts/123');

/** A location Google lists for a connected user, and the outlet DineDesk links it to. */
export const ZGoogleLocationChoice = z.object({
  /** v1 name `locations/{n}`. */
  name: z.string(),
  /** `accounts/{a}` that holds it. */
  accountName: z.string(),
  title: z.string(),
  storeCode: z.string().nullable(),
  /** One line: address lines, locality, postal code. */
  address: z.string().nullable(),
  mapsUri: z.string().nullable(),
  linkedOutletId: z.string().nullable(),
  linkedOutletName: z.string().nullable(),
  /** The caller's outlet whose code equals the location's store code, when not linked yet. */
  suggestedOutletId: z.string().nullable(),
});
export type TGoogleLocationChoice = z.infer<typeof ZGoogleLocationChoice>;

/** A connected Google user (one refresh token) of the client. */
export const ZGoogleConnection = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  /** `valid`, or `dead` when Google refused the refresh token (revoked, or the grant lost `business.manage`). */
  health: ZTokenHealth,
  reason: z.string().nullable(),
  connectedAt: ZIsoTime,
  connectedByName: z.string().nullable(),
  /** Locations Google lists for this user (empty when `live` is false or the token is dead). */
  locations: z.array(ZGoogleLocationChoice),
  /** Why the locations could not be listed now, in plain words; null when they were. */
  error: z.string().nullable(),
});
export type TGoogleConnection = z.infer<typeof ZGoogleConnection>;

/** `POST /get-locations-for-user` (docs/requirements/calls.md): no body needed; `connectionId`
 * narrows to one connection. */
export const ZGetLocationsForUserRequest = z.object({ connectionId: z.uuid({ error: 'connectionId must be a connection id' }).optional() }).strict();
export const ZGetLocationsForUserResponse = z.object({ connections: z.array(ZGoogleConnection) });
export type TGetLocationsForUserResponse = z.infer<typeof ZGetLocationsForUserResponse>;

/** Link (or, with `outletId: null`, unlink) a Google location and an outlet. Owners only. */
export const ZLinkGoogleLocationRequest = z
  .object({
    connectionId: z.uuid({ error: 'connectionId must be a connection id' }),
    accountName: ZAccountName,
    locationName: ZLocationName('locationName'),
    outletId: z.uuid({ error: 'outletId must be an outlet id' }).nullable(),
  })
  .strict();
export type TLinkGoogleLocationRequest = z.infer<typeof ZLinkGoogleLocationRequest>;

/** A Google location linked to an outlet, with its reviews' summary and sync state. */
export const ZGoogleLocation = z.object({
  /** v1 name `locations/{n}`. */
  id: z.string(),
  accountName: z.string(),
  title: z.string(),
  outletId: z.string(),
  outletName: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  mapsUri: z.string().nullable(),
  /** Google's `averageRating` and `totalReviewCount` at the last sync. */
  averageRating: z.number().nullable(),
  totalReviewCount: z.number().int(),
  reviewCount: z.number().int(),
  unrepliedCount: z.number().int(),
  connectionId: z.string().nullable(),
  health: ZTokenHealth.nullable(),
  sync: ZSyncState,
});
export type TGoogleLocation = z.infer<typeof ZGoogleLocation>;
export const ZGetLocationsRequest = z.object({ outletId: z.uuid({ error: 'outletId must be an outlet id' }).optional() }).strict();
export const ZGetLocationsResponse = z.object({ data: z.array(ZGoogleLocation) });
export type TGetLocationsResponse = z.infer<typeof ZGetLocationsResponse>;

/** Google accepts a reply of at most 4096 bytes of UTF-8
 * (docs/requirements/platform-apis.md#google-business-profile). */
export const GOOGLE_REPLY_MAX_BYTES = 4096;

/** Bytes of `s` in UTF-8 (the contracts run in browsers and Node without a shared TextEncoder type). */
export function utf8Bytes(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

const ZDineDeskReviewId = z
  .string({ error: 'reviewId is required' })
  .regex(/^\d{1,16}$/, 'reviewId must be a review id (at most 16 digits)')
  .refine((v) => Number.isSafeInteger(Number(v)), 'reviewId is out of range');

/** Reply to a Google review, or replace its reply (`PUT …/reviews/{r}/reply` creates or updates). */
export const ZReplyGoogleReviewRequest = z
  .object({
    reviewId: ZDineDeskReviewId,
    comment: z
      .string({ error: 'comment is required' })
      .trim()
      .min(1, 'comment must not be empty')
      .refine((s) => utf8Bytes(s) <= GOOGLE_REPLY_MAX_BYTES, `comment must be at most ${GOOGLE_REPLY_MAX_BYTES} bytes`),
    /** As on Facebook replies: send although the reply check warned (owners only, recorded). */
    sendAnyway: z.boolean({ error: 'sendAnyway must be true or false' }).optional(),
  })
  .strict();
export type TReplyGoogleReviewRequest = z.infer<typeof ZReplyGoogleReviewRequest>;
export const ZReplyGoogleReviewHeaders = z.looseObject({ 'idempotency-key': ZIdempotencyKey.optional() });

/** A Google review's reply (v4 ReviewReply) and who wrote it in DineDesk, when known. */
export const ZGoogleReply = z.object({ comment: z.string(), updateTime: ZIsoTime, authorName: z.string().nullable() });
export type TGoogleReply = z.infer<typeof ZGoogleReply>;
export const ZReplyGoogleReviewResponse = z.object({ reply: ZGoogleReply });
export const ZDeleteGoogleReplyRequest = z.object({ reviewId: ZDineDeskReviewId }).strict();
export const ZDeleteGoogleReplyResponse = z.object({ deleted: z.literal(true) });

/** Sync one location's reviews now (roles with `update ReviewSync`). */
export const ZSyncGoogleLocationRequest = z.object({ locationId: ZLocationName('locationId') }).strict();
export const ZSyncGoogleLocationResponse = z.object({
  location: ZGoogleLocation,
  fetched: z.number().int(),
  /** The location's sync was already running (a job, or another press): nothing new was started, `fetched` is 0. */
  alreadyRunning: z.literal(true).optional(),
});

