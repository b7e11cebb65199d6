/**
 * The Graph API error envelope and the errors the simulator answers with.
 *
 * Source: docs/requirements/platform-apis.md#meta-error-envelope and the error table in
 * docs/requirements/platform-apis.md#messenger-and-instagram-messaging (codes 4, 12, 17, 32,
 * 100/33, 104, 190/463, 200, 210, 283, 2500). Clients branch on `code`/`error_subcode`, never on
 * the HTTP status, so every error keeps Graph's mostly-400 status.
 */
import { randomBytes } from 'node:crypto';

/** `error.type` values Graph uses; OAuthException covers token, permission and parameter errors. */
export type GraphErrorType = 'OAuthException' | 'GraphMethodException';

/** Shape of the JSON body of every failed Graph call. */
export interface GraphErrorBody {
  error: {
    message: string;
    type: GraphErrorType;
    code: number;
    error_subcode?: number;
    is_transient?: boolean;
    fbtrace_id: string;
  };
}

/**
 * A Graph error to be answered as the envelope. Thrown anywhere inside a Graph handler; the
 * server's error handler serialises it (see `toGraphErrorBody`).
 */
export class GraphError extends Error {
  readonly code: number;
  readonly subcode: number | undefined;
  readonly type: GraphErrorType;
  readonly httpStatus: number;
  readonly transient: boolean;

  constructor(
    code: number,
    message: string,
    opts: { subcode?: number; type?: GraphErrorType; httpStatus?: number; transient?: boolean } = {},
  ) {
    super(message);
    this.name = 'GraphError';
    this.code = code;
    this.subcode = opts.subcode;
    this.type = opts.type ?? 'OAuthException';
    this.httpStatus = opts.httpStatus ?? 400;
    this.transient = opts.transient ?? false;
  }
}

/**
 * A fresh `fbtrace_id`: Graph uses ~23 opaque base64-ish characters per request. Random so
 * that support-style log correlation in the server can be exercised.
 */
export function newTraceId(): string {
  return randomBytes(18).toString('base64').replace(/[+/=]/g, '').slice(0, 23);
}

/** Serialises an error into the Graph envelope (`error_subcode` only when set, as Graph does). */
export function toGraphErrorBody(err: GraphError, traceId: string): GraphErrorBody {
  return {
    error: {
      message: err.message,
      type: err.type,
      code: err.code,
      ...(err.subcode !== undefined ? { error_subcode: err.subcode } : {}),
      ...(err.transient ? { is_transient: true } : {}),
      fbtrace_id: traceId,
    },
  };
}

/*
 * Named constructors: one place for each message text, copied from real Graph answers so the
 * server's error mapping can be written against the simulator and still match production.
 */

/** 190: token unparseable or unknown to this app. */
export const invalidToken = (): GraphError =>
  new GraphError(190, 'Invalid OAuth access token - Cannot parse access token');

/** 190/463: a user token past its `expires_at` (long-lived tokens live ~60 days,
 * docs/requirements/platform-apis.md#facebook-login-and-tokens). */
export const expiredToken = (expiredAt: Date, now: Date): GraphError =>
  new GraphError(
    190,
    `Error validating access token: Session has expired on ${expiredAt.toUTCString()}. The current time is ${now.toUTCString()}.`,
    { subcode: 463 },
  );

/** 104: no token in query, body or Authorization header. */
export const tokenRequired = (): GraphError =>
  new GraphError(104, 'An access token is required to request this resource.');

/** 100/33: the object does not exist, is not visible to this token, or lacks this operation. */
export const unsupportedRequest = (method: string, id: string): GraphError =>
  new GraphError(
    100,
    `Unsupported ${method.toLowerCase()} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation. Please read the Graph API documentation at https://developers.facebook.com/docs/graph-api`,
    { subcode: 33, type: 'GraphMethodException' },
  );

/** 2500: an edge or sub-path the node does not have. */
export const unknownPath = (rest: string): GraphError => new GraphError(2500, `Unknown path components: ${rest}`);

/** 2500: `/me` asked with an app token, which has no "current user". */
export const activeTokenRequired = (): GraphError =>
  new GraphError(2500, 'An active access token must be used to query information about the current user.');

/** 100: a `fields` entry the node type does not have. */
export const nonexistingField = (field: string, nodeType: string): GraphError =>
  new GraphError(100, `(#100) Tried accessing nonexisting field (${field}) on node type (${nodeType})`);

/** 2500: the `fields` parameter does not parse (Graph reports the character position). */
export const fieldSyntax = (detail: string, position: number, input: string): GraphError =>
  new GraphError(2500, `Syntax error "${detail}" at character ${position}: ${input}`);

/** 100: a malformed parameter value, e.g. a negative `limit`. */
export const invalidParameter = (detail: string): GraphError => new GraphError(100, `(#100) ${detail}`);

/** 100: `after`/`before` that was not issued for this list or points at a removed item (behaviour 4). */
export const invalidCursor = (): GraphError => new GraphError(100, '(#100) Invalid cursor');

/** 200: the token may not act on this object (e.g. another client's Page). */
export const permissionsError = (): GraphError => new GraphError(200, '(#200) Permissions error');

/** 210: the edge needs a token of that very Page (`/{page-id}/ratings`,
 * docs/requirements/platform-apis.md#page-ratings-reviews-and-comments). */
export const pageTokenRequired = (): GraphError =>
  new GraphError(210, '(#210) A page access token is required to request this resource.');

/** 15: an app-only call (Test Users API) made with a user or page token. */
export const appTokenRequired = (): GraphError =>
  new GraphError(15, '(#15) This method must be called with an app access_token.');

/** 283: the token lacks `pages_read_user_content`
 * (docs/requirements/platform-apis.md#page-ratings-reviews-and-comments). */
export const requiresPermission = (scope: string): GraphError =>
  new GraphError(283, `(#283) Requires ${scope} permission`);

/** 12: Recommendation objects on v22.0+
 * (docs/requirements/platform-apis.md#page-ratings-reviews-and-comments deprecation flag, behaviour
 * 8). */
export const recommendationDeprecated = (fromVersion: number): GraphError =>
  new GraphError(12, `(#12) Recommendation is deprecated for versions v${fromVersion}.0 and higher`);

/** 100: POST comments without text (Graph's wording mentions attachments too). */
export const missingMessage = (): GraphError => new GraphError(100, '(#100) Missing message or attachment');

/** 4: app-level call budget used up (behaviour 5). */
export const appRateLimit = (): GraphError =>
  new GraphError(4, '(#4) Application request limit reached', { transient: true });

/** 17: user-level call budget used up (behaviour 5). */
export const userRateLimit = (): GraphError =>
  new GraphError(17, '(#17) User request limit reached', { transient: true });

/** 32: Page-level call budget used up (behaviour 5). */
export const pageRateLimit = (): GraphError =>
  new GraphError(32, '(#32) Page request limit reached', { transient: true });

/**
 * 80001: the Pages business use case's budget used up, in Meta's words (Graph API "Rate Limits",
 * Business Use Case error codes: Pages answer 32 or 80001).
 */
export const pageBusinessUseCaseRateLimit = (): GraphError =>
  new GraphError(80001, '(#80001) There have been too many calls to this Page account. Wait a bit and try again. For more info, please refer to https://developers.facebook.com/docs/graph-api/overview/rate-limiting.', { transient: true });

/** 1: anything unexpected; Graph marks it transient so clients retry. */
export const unknownError = (): GraphError =>
  new GraphError(1, 'An unknown error has occurred.', { httpStatus: 500, transient: true });

/*
 * Messaging (docs/requirements/platform-apis.md#errors-to-simulate). Wording follows Meta's Send
 * API and Conversations API answers where known; where Meta's exact text is not documented the
 * message says so in the README ("Messaging errors").
 */

/** 613: the Conversations API's per-Page/IG-account call rate (2/s) was exceeded. */
export const conversationsRateLimit = (): GraphError =>
  new GraphError(613, '(#613) Calls to this api have exceeded the rate limit.', { transient: true });

/** 200: a `pages_*` messaging permission is missing (behaviour 2). */
export const requiresMessagingPermission = (scope: string): GraphError =>
  new GraphError(200, `(#200) Requires ${scope} permission to manage the object`);

/** 10: an `instagram_*` permission is missing (behaviour 2). */
export const instagramPermissionDenied = (scope: string): GraphError =>
  new GraphError(10, `(#10) Application does not have permission for this action: requires ${scope}`);

/** 10: the token's user lacks the Page task the call needs (MESSAGING,
 * docs/requirements/platform-apis.md#permissions). */
export const missingPageTask = (task: string): GraphError =>
  new GraphError(10, `(#10) The user must be able to perform the ${task} task on the Page to access this resource.`);

/** 10/2018278: outside the 24 h (RESPONSE/UPDATE) or 7-day (HUMAN_AGENT) window
 * (docs/requirements/platform-apis.md#window). */
export const outsideWindow = (): GraphError =>
  new GraphError(10, '(#10) This message is sent outside of allowed window.', { subcode: 2018278 });

/** 551/1545041: the person blocked the Page or turned messages off
 * (docs/requirements/platform-apis.md#messenger-and-instagram-messaging; subcode unverified). */
export const personUnavailable = (): GraphError =>
  new GraphError(551, "This person isn't available right now.", { subcode: 1545041 });

/** 100/2018001: the recipient id is not a person who messaged this Page/IG account. */
export const noMatchingUser = (): GraphError => new GraphError(100, '(#100) No matching user found', { subcode: 2018001 });

/** 100: neither text nor attachment (Send API). */
export const emptyMessage = (): GraphError =>
  new GraphError(100, '(#100) Message cannot be empty, must provide valid attachment or text');

/** 100: text over the Send API's 2000 characters. */
export const messageTooLong = (max: number): GraphError =>
  new GraphError(100, `(#100) Length of param message[text] must be less than or equal to ${max}`);

/**
 * 100: a message outside the 20 most recent of its thread. Meta's reference says the error
 * states "that the message has been deleted"; the exact wording is not documented.
 */
export const messageNoLongerAvailable = (): GraphError =>
  new GraphError(100, '(#100) This message has been deleted or is not available: only the 20 most recent messages of a conversation can be read');

/** 2: Graph's other transient failure, answered as HTTP 500
 * (docs/requirements/platform-apis.md#errors-to-simulate). */
export const unexpectedError = (): GraphError =>
  new GraphError(2, 'An unexpected error has occurred. Please retry your request later.', { httpStatus: 500, transient: true });

/**
 * 190 with the subcode of a token that died before its time
 * (docs/requirements/platform-apis.md#facebook-login-and-tokens: password change 460, app removed
 * 458, checkpoint 459, unconfirmed user 464, logout 467; natural expiry 463), worded as Graph words
 * each.
 * @param appId named by 458
 * @param at when the token died (463 names it); `now` the simulator clock
 */
export const revokedToken = (subcode: number, appId: string, at: Date, now: Date): GraphError => {
  const why: Record<number, string> = {
    458: `The user has not authorized application ${appId}.`,
    459: 'You cannot access the app till you log in to www.facebook.com and follow the instructions given.',
    460: 'The session has been invalidated because the user changed their password or Facebook has changed the session for security reasons.',
    463: `Session has expired on ${at.toUTCString()}. The current time is ${now.toUTCString()}.`,
    464: 'Sessions for the user are not allowed because the user is not a confirmed user.',
    467: 'The session is invalid because the user logged out.',
  };
  return new GraphError(190, `Error validating access token: ${why[subcode] ?? 'The session is invalid.'}`, { subcode });
};

/*
 * Facebook Login (docs/requirements/platform-apis.md#facebook-login-and-tokens; `oauth.ts`).
 * Wording as Graph answers these; sources: Meta's manual-login-flow guide, and real answers quoted
 * in public issues (php-graph-sdk #538 "Error validating client secret." code 1; "Invalid
 * appsecret_proof provided in the API argument", GraphMethodException 100,
 * facebook-python-business-sdk #528).
 */

/** 101: `oauth/access_token` without `client_id`. */
export const missingClientId = (): GraphError => new GraphError(101, 'Missing client_id parameter.');

/** 101: a `client_id` that is not this app. */
export const invalidApplicationId = (): GraphError => new GraphError(101, 'Error validating application. Invalid application ID.');

/** 1: a missing or wrong `client_secret`. */
export const invalidClientSecret = (): GraphError => new GraphError(1, 'Error validating client secret.');

/** 191: the code exchange without `redirect_uri`. */
export const missingRedirectUri = (): GraphError => new GraphError(191, 'Missing redirect_uri parameter.');

/** 100: a `code` this simulator never issued (or none at all). */
export const invalidVerificationCode = (): GraphError => new GraphError(100, 'Invalid verification code format.');

/** 100/36007: the code is older than its ~10 minutes
 * (docs/requirements/platform-apis.md#facebook-login-and-tokens). */
export const codeExpired = (): GraphError => new GraphError(100, 'This authorization code has expired.', { subcode: 36007 });

/** 100/36008: `redirect_uri` differs from the dialog's, byte for byte
 * (docs/requirements/platform-apis.md#facebook-login-and-tokens). */
export const redirectUriMismatch = (): GraphError =>
  new GraphError(100, 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request', {
    subcode: 36008,
  });

/** 100/36009: the code was exchanged before (codes work once,
 * docs/requirements/platform-apis.md#facebook-login-and-tokens; subcode [unverified]). */
export const codeUsed = (): GraphError => new GraphError(100, 'This authorization code has been used.', { subcode: 36009 });

/** 100: app switch "Require App Secret" is on and the call carries no `appsecret_proof`. */
export const appsecretProofRequired = (): GraphError =>
  new GraphError(100, 'API calls from the server require an appsecret_proof argument', { type: 'GraphMethodException' });

/** 100: `appsecret_proof` is not HMAC-SHA256(app secret, access token) in hex. */
export const invalidAppsecretProof = (): GraphError =>
  new GraphError(100, 'Invalid appsecret_proof provided in the API argument', { type: 'GraphMethodException' });

/**
 * 100: `debug_token` called with a token that is neither the app token nor a user token of a
 * developer of the app (Graph API "debug_token" reference: access_token must be one of those).
 */
export const debugTokenCallerRefused = (): GraphError =>
  new GraphError(100, '(#100) You must provide an app access token, or a user access token that is an owner or developer of the app');
