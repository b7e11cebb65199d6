import { z } from 'zod';
import { ZIsoTime } from './common.ts';

/**
 * Facebook connect (docs/requirements/calls.md `construct-fb-auth-url`, `get-accounts`; the
 * callback and the landing route `/apps/reviews_and_reputation/facebook?longToken=success|failed`
 * in docs/requirements/routes.md). Decisions: docs/decisions/0022-facebook-connect.md.
 *
 * Flow: the web app asks `construct-fb-auth-url` for the Facebook Login dialog URL and opens it
 * in a 700x800 popup (docs/requirements/constants.md). Facebook redirects the popup to the server's
 * callback, which checks the signed `state`, exchanges the code for a short-lived user token and
 * that for a long-lived one (`fb_exchange_token`), reads `/me/accounts`, stores the page access
 * tokens of the client's outlets encrypted, subscribes each page to webhooks (`subscribed_apps`)
 * and redirects to the landing route with `longToken=success` or `longToken=failed&reason=…`.
 */

/**
 * Permissions asked in the Login dialog: the app's scopes in
 * docs/requirements/platform-apis.md#facebook-login-and-tokens, plus `pages_manage_metadata`
 * (needed by the Conversations API and `POST /{page-id}/subscribed_apps`).
 */
export const FACEBOOK_LOGIN_SCOPES = [
  'pages_show_list',
  'pages_read_engagement',
  'pages_manage_engagement',
  'pages_messaging',
  'pages_read_user_content',
  'instagram_basic',
  'instagram_manage_messages',
  'instagram_manage_insights',
  'pages_manage_metadata',
] as const;

/** The popup's size (docs/requirements/constants.md: "Facebook login popup 700x800"). */
export const FACEBOOK_LOGIN_POPUP = { width: 700, height: 800 } as const;

/** Landing route of the callback (docs/requirements/routes.md). */
export const FACEBOOK_CONNECT_ROUTE = '/apps/reviews_and_reputation/facebook';

export const ZConstructFbAuthUrlQuery = z.object({
  /** `google`: Google's consent page for Business Profile (scope `business.manage`) instead. */
  authType: z.enum(['facebook', 'google'], { error: 'authType must be facebook or google' }),
  /**
   * Ask Facebook again for permissions the user declined before (`auth_type=rerequest`): what a
   * Reconnect after "permissions removed" needs.
   */
  rerequest: z.enum(['true', 'false']).optional(),
});
export type TConstructFbAuthUrlQuery = z.input<typeof ZConstructFbAuthUrlQuery>;

export const ZConstructFbAuthUrlResponse = z.object({
  /** The Facebook Login dialog URL to open in the popup. */
  url: z.string(),
  /** When the `state` inside the URL stops being accepted by the callback. */
  expiresAt: ZIsoTime,
});
export type TConstructFbAuthUrlResponse = z.infer<typeof ZConstructFbAuthUrlResponse>;

/**
 * Query of the callback as Facebook sends it: `code` and `state` on approval;
 * `error=access_denied`, `error_reason`, `error_description` (and `state`) on cancel. Bounded so
 * a crafted redirect cannot post megabytes into the logs.
 */
export const ZFbAuthCallbackQuery = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(4096).optional(),
  error: z.string().max(200).optional(),
  error_code: z.string().max(20).optional(),
  error_reason: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});

/**
 * Why a connection failed, as the landing route's `reason` query names it (the web app says it
 * in the user's language): `cancelled` the user pressed Cancel; `state` the link expired, was
 * altered or belongs to another browser or session; `exchange` Facebook refused the code or the
 * token exchange; `permissions` a required permission was declined; `no_pages` the account
 * manages none of the client's pages; `graph` Facebook could not be reached.
 */
export const FB_CONNECT_FAILURES = ['cancelled', 'state', 'exchange', 'permissions', 'no_pages', 'graph'] as const;
export type TFbConnectFailure = (typeof FB_CONNECT_FAILURES)[number];

/**
 * Health of a token: `valid`; `expiring` within 7 days (`expiresAt` says when); `dead` Facebook
 * refuses it (190 and its subcode, `reason` in plain words) or it expired.
 */
export const ZTokenHealth = z.enum(['valid', 'expiring', 'dead']);
export type TTokenHealth = z.infer<typeof ZTokenHealth>;

export const ZConnectedPage = z.object({
  /** Facebook Page id. */
  id: z.string(),
  name: z.string(),
  outletId: z.string(),
  outletName: z.string(),
  brandName: z.string(),
  /** False when DineDesk holds no page access token for the page (never connected). */
  connected: z.boolean(),
  health: ZTokenHealth.nullable(),
  /** Plain-words reason when `health` is `dead`. */
  reason: z.string().nullable(),
  /** Page tokens from a long-lived user token never expire
   * (docs/requirements/platform-apis.md#facebook-login-and-tokens): null. */
  expiresAt: ZIsoTime.nullable(),
  connectedAt: ZIsoTime.nullable(),
  /** Webhooks subscribed (`subscribed_apps`) at the last connect. */
  webhooksSubscribed: z.boolean(),
});
export type TConnectedPage = z.infer<typeof ZConnectedPage>;

export const ZFacebookAccount = z.object({
  /** DineDesk id of the connection. */
  id: z.string(),
  /** The Facebook user (app-scoped id) who connected. */
  facebookUserId: z.string(),
  name: z.string(),
  health: ZTokenHealth,
  reason: z.string().nullable(),
  /** When the long-lived user token expires (about 60 days after connecting). */
  expiresAt: ZIsoTime.nullable(),
  /** Permissions of FACEBOOK_LOGIN_SCOPES the user did not grant. */
  missingScopes: z.array(z.string()),
  connectedAt: ZIsoTime,
  connectedByName: z.string().nullable(),
  /** When Facebook last confirmed the token's state (`debug_token`). */
  checkedAt: ZIsoTime.nullable(),
  /** The client's pages this account's tokens serve, visible to the caller. */
  pages: z.array(ZConnectedPage),
});
export type TFacebookAccount = z.infer<typeof ZFacebookAccount>;

export const ZGetAccountsResponse = z.object({
  accounts: z.array(ZFacebookAccount),
  /** Pages of the caller's outlets that no connected account serves. */
  notConnected: z.array(ZConnectedPage),
  /** False when Facebook could not be asked (`debug_token`): health is the last one known. */
  live: z.boolean(),
});
export type TGetAccountsResponse = z.infer<typeof ZGetAccountsResponse>;

/** The callback's answer: a 302 to the landing route, no body. */
export const ZFbAuthCallbackRedirect = z.null().describe('302 to /apps/reviews_and_reputation/facebook?longToken=success|failed');
