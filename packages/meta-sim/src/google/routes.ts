/**
 * Google Business Profile and Google OAuth on the simulator
 * (docs/requirements/platform-apis.md#google-business-profile). Google serves these from several
 * hosts; here each host is a path prefix under `/google`, so a client that takes one base URL per
 * host works unchanged (`https://{host}` ↔ `{simulator}/google/{host label}`):
 *
 *   accounts.google.com/o/oauth2/v2/auth            → /google/o/oauth2/v2/auth (consent page; its form POSTs back)
 *   oauth2.googleapis.com/token                     → /google/oauth2/token
 *   mybusinessaccountmanagement.googleapis.com/v1   → /google/mybusinessaccountmanagement/v1/accounts
 *   mybusinessbusinessinformation.googleapis.com/v1 → /google/mybusinessbusinessinformation/v1/accounts/{a}/locations
 *   mybusiness.googleapis.com/v4                    → /google/mybusiness/v4/accounts/{a}/locations/{l}/reviews[/{r}[/reply]]
 *   openidconnect.googleapis.com/v1/userinfo        → /google/openidconnect/v1/userinfo (`sub`, `email`, `name`)
 *   www.googleapis.com/oauth2/v3/certs              → /google/oauth2/v3/certs (JWKS of the ID tokens)
 *
 * Rules reproduced: the error envelope `{error:{code,message,status}}`; `Authorization: Bearer`
 * access tokens of an hour, with the `business.manage` scope (401 UNAUTHENTICATED, 403
 * PERMISSION_DENIED); `readMask` required on locations (400 INVALID_ARGUMENT without it or with
 * an unknown field), only the masked fields answered; `pageSize` bounds (locations 1–100,
 * default 10; reviews ≤ 50, default 50; accounts ≤ 20) and opaque `pageToken`s bound to their
 * query, `nextPageToken` absent on the last page; reviews `orderBy` `updateTime desc` (default),
 * `rating`, `rating desc`, `starRating` ONE..FIVE, no `comment` on rating-only reviews;
 * `PUT …/reply` `{comment}` (≤ 4096 bytes) creates or replaces the reply, `DELETE …/reply`
 * answers `{}`; quotas: 300 requests per minute per API for the project and 10 reply edits per
 * minute per location (429 RESOURCE_EXHAUSTED), and a project whose quota is 0 (access not yet
 * approved) gets 429 on every call.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestParams } from '../auth.ts';
import { escapeHtml, htmlPage, sendHtml } from '../oauth.ts';
import { parseChallenge, verifierProblem, type PkceChallenge } from '../pkce.ts';
import { IdTokenSigner } from './id-token.ts';
import {
  BUSINESS_MANAGE_SCOPE,
  GOOGLE_EDITS_PER_MINUTE,
  GOOGLE_REPLY_MAX_BYTES,
  GOOGLE_REQUESTS_PER_MINUTE,
  MinuteQuota,
  REVIEW_ORDERS,
  STAR_RATINGS,
  type GoogleLocation,
  type GoogleReview,
  type GoogleUser,
  type GoogleWorld,
  type ReviewOrder,
} from './world.ts';

export const GOOGLE_PREFIX = '/google';
/** Lifetime of an authorization code, seconds. */
export const GOOGLE_CODE_TTL_SECONDS = 600;

/** Fields a location `readMask` may name
 * (docs/requirements/platform-apis.md#google-business-profile). */
export const LOCATION_FIELDS = ['name', 'title', 'storeCode', 'storefrontAddress', 'phoneNumbers', 'categories', 'websiteUri', 'regularHours', 'openInfo', 'metadata', 'languageCode'] as const;

const STATUS_OF: Record<number, string> = { 400: 'INVALID_ARGUMENT', 401: 'UNAUTHENTICATED', 403: 'PERMISSION_DENIED', 404: 'NOT_FOUND', 429: 'RESOURCE_EXHAUSTED' };

/** A Google API error, answered as `{error:{code,message,status[,details]}}`. */
export class GoogleApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly details?: unknown[],
  ) {
    super(message);
  }
}

const invalid = (field: string, description: string) =>
  new GoogleApiError(400, 'Request contains an invalid argument.', [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field, description }] }]);

function sendError(reply: FastifyReply, e: GoogleApiError): FastifyReply {
  return reply.code(e.code).send({ error: { code: e.code, message: e.message, status: STATUS_OF[e.code] ?? 'UNKNOWN', ...(e.details ? { details: e.details } : {}) } });
}

/** RFC 3339 with Z, as Google writes times. */
const rfc3339 = (d: Date) => d.toISOString();

/** An opaque page token bound to the query it continues. */
function encodeToken(offset: number, bound: string): string {
  return Buffer.from(JSON.stringify({ o: offset, b: bound })).toString('base64url');
}
function decodeToken(token: string | undefined, bound: string): number {
  if (token === undefined || token === '') return 0;
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { o?: unknown; b?: unknown };
    if (typeof v.o === 'number' && Number.isInteger(v.o) && v.o >= 0 && v.b === bound) return v.o;
  } catch {
    // fall through
  }
  throw invalid('page_token', 'Invalid page token.');
}

/** `pageSize` within Google's bounds; 0 or absent means the default. */
function pageSizeOf(raw: string | undefined, max: number, dflt: number): number {
  if (raw === undefined || raw === '') return dflt;
  if (!/^\d+$/.test(raw)) throw invalid('page_size', 'Invalid page size.');
  const n = Number(raw);
  if (n === 0) return dflt;
  if (n > max) throw invalid('page_size', `Page size must be at most ${max}.`);
  return n;
}

interface Caller {
  user: GoogleUser;
}

/** Routes of the Google side. `world.quotaZero` and the quota counters are read per call. */
export function registerGoogleRoutes(app: FastifyInstance, world: GoogleWorld): { quota: MinuteQuota } {
  const quota = new MinuteQuota(world.now);
  const codes = new Map<string, { userId: string; redirectUri: string; scopes: string[]; offline: boolean; issuedAt: number; used: boolean; pkce: PkceChallenge | null; nonce?: string }>();
  const idTokens = new IdTokenSigner();

  /** Bearer token → the caller, after the project's quota for `api`. */
  const authorize = (req: FastifyRequest, api: string): Caller => {
    if (world.quotaZero) {
      throw new GoogleApiError(429, `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service '${api}.googleapis.com' for consumer 'project_number:${world.projectNumber}'.`);
    }
    if (!quota.take(`api:${api}`, GOOGLE_REQUESTS_PER_MINUTE)) {
      throw new GoogleApiError(429, `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service '${api}.googleapis.com' for consumer 'project_number:${world.projectNumber}'.`);
    }
    const header = req.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const grant = token ? world.accessGrant(token) : undefined;
    if (!grant) throw new GoogleApiError(401, 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.');
    if (!grant.scopes.includes(BUSINESS_MANAGE_SCOPE)) throw new GoogleApiError(403, 'Request had insufficient authentication scopes.');
    return { user: grant.user };
  };

  /** The caller's account `accounts/{id}`: 404 unknown, 403 someone else's. */
  const ownAccount = (caller: Caller, accountId: string) => {
    const account = world.accounts.get(`accounts/${accountId}`);
    if (!account) throw new GoogleApiError(404, 'Requested entity was not found.');
    if (account.ownerId !== caller.user.id) throw new GoogleApiError(403, 'The caller does not have permission');
    return account;
  };

  const ownLocation = (caller: Caller, accountId: string, locationId: string): GoogleLocation => {
    ownAccount(caller, accountId);
    const loc = world.location(accountId, locationId);
    if (!loc) throw new GoogleApiError(404, 'Requested entity was not found.');
    return loc;
  };

  /** Wraps a handler: GoogleApiError → envelope. */
  const api =
    (handler: (req: FastifyRequest, reply: FastifyReply) => unknown) =>
    async (req: FastifyRequest, reply: FastifyReply) => {
      try {
        const body = await handler(req, reply);
        return reply.type('application/json; charset=UTF-8').send(body);
      } catch (e) {
        if (e instanceof GoogleApiError) return sendError(reply, e);
        throw e;
      }
    };

  // ------------------------------------------------------------------ accounts (v1)
  app.get(
    `${GOOGLE_PREFIX}/mybusinessaccountmanagement/v1/accounts`,
    api((req) => {
      const caller = authorize(req, 'mybusinessaccountmanagement');
      const p = requestParams(req);
      const size = pageSizeOf(p.pageSize, 20, 20);
      const mine = [...world.accounts.values()].filter((a) => a.ownerId === caller.user.id);
      const from = decodeToken(p.pageToken, `accounts:${caller.user.id}`);
      const page = mine.slice(from, from + size);
      return {
        accounts: page.map((a) => ({ name: a.name, accountName: a.accountName, type: 'LOCATION_GROUP', role: 'PRIMARY_OWNER', verificationState: 'VERIFIED', vettedState: 'NOT_VETTED', permissionLevel: 'OWNER_LEVEL' })),
        ...(from + size < mine.length ? { nextPageToken: encodeToken(from + size, `accounts:${caller.user.id}`) } : {}),
      };
    }),
  );

  // ------------------------------------------------------------------ locations (v1)
  app.get(
    `${GOOGLE_PREFIX}/mybusinessbusinessinformation/v1/accounts/:accountId/locations`,
    api((req) => {
      const caller = authorize(req, 'mybusinessbusinessinformation');
      const { accountId } = req.params as { accountId: string };
      const p = requestParams(req);
      if (!p.readMask) throw invalid('read_mask', 'Field is required');
      const mask = p.readMask.split(',').map((f) => f.trim());
      const unknown = mask.filter((f) => !(LOCATION_FIELDS as readonly string[]).includes(f));
      if (unknown.length || mask.length === 0) throw invalid('read_mask', `Invalid field mask provided: ${unknown.join(',')}`);
      const account = ownAccount(caller, accountId);
      const size = pageSizeOf(p.pageSize, 100, 10);
      const orderBy = p.orderBy ?? '';
      if (orderBy && orderBy !== 'title' && orderBy !== 'storeCode') throw invalid('order_by', 'Invalid order_by; supported: title, storeCode.');
      const all = [...account.locations];
      if (orderBy) all.sort((a, b) => a[orderBy as 'title' | 'storeCode'].localeCompare(b[orderBy as 'title' | 'storeCode']));
      const bound = `locations:${account.name}:${p.readMask}:${orderBy}`;
      const from = decodeToken(p.pageToken, bound);
      const page = all.slice(from, from + size);
      return {
        locations: page.map((l) => maskLocation(l, mask)),
        ...(from + size < all.length ? { nextPageToken: encodeToken(from + size, bound) } : {}),
      };
    }),
  );

  // ------------------------------------------------------------------ reviews (v4)
  const reviewsPath = `${GOOGLE_PREFIX}/mybusiness/v4/accounts/:accountId/locations/:locationId/reviews`;
  const reviewJson = (loc: GoogleLocation, accountId: string, r: GoogleReview) => {
    const name = `accounts/${accountId}/${loc.name}/reviews/${r.reviewId}`;
    const reply = world.reply(name);
    return {
      name,
      reviewId: r.reviewId,
      reviewer: r.reviewer,
      starRating: r.starRating,
      ...(r.comment !== undefined ? { comment: r.comment } : {}),
      createTime: rfc3339(r.createTime),
      updateTime: rfc3339(r.updateTime),
      ...(reply ? { reviewReply: reply } : {}),
    };
  };

  app.get(
    reviewsPath,
    api((req) => {
      const caller = authorize(req, 'mybusiness');
      const { accountId, locationId } = req.params as { accountId: string; locationId: string };
      const p = requestParams(req);
      const loc = ownLocation(caller, accountId, locationId);
      const size = pageSizeOf(p.pageSize, 50, 50);
      const orderBy = (p.orderBy ?? 'updateTime desc') as ReviewOrder;
      if (!(REVIEW_ORDERS as readonly string[]).includes(orderBy)) throw invalid('order_by', `Invalid order_by; supported: ${REVIEW_ORDERS.join(', ')}.`);
      const stars = (r: GoogleReview) => STAR_RATINGS.indexOf(r.starRating);
      const all = [...loc.reviews];
      if (orderBy === 'rating') all.sort((a, b) => stars(a) - stars(b) || b.updateTime.getTime() - a.updateTime.getTime());
      else if (orderBy === 'rating desc') all.sort((a, b) => stars(b) - stars(a) || b.updateTime.getTime() - a.updateTime.getTime());
      const bound = `reviews:${loc.name}:${orderBy}`;
      const from = decodeToken(p.pageToken, bound);
      const rated = loc.reviews.filter((r) => r.starRating !== 'STAR_RATING_UNSPECIFIED');
      const average = rated.length ? Math.round((rated.reduce((s, r) => s + stars(r), 0) / rated.length) * 10) / 10 : 0;
      return {
        reviews: all.slice(from, from + size).map((r) => reviewJson(loc, accountId, r)),
        averageRating: average,
        totalReviewCount: loc.reviews.length,
        ...(from + size < all.length ? { nextPageToken: encodeToken(from + size, bound) } : {}),
      };
    }),
  );

  const findReview = (req: FastifyRequest, caller: Caller) => {
    const { accountId, locationId, reviewId } = req.params as { accountId: string; locationId: string; reviewId: string };
    const loc = ownLocation(caller, accountId, locationId);
    const review = loc.reviews.find((r) => r.reviewId === reviewId);
    if (!review) throw new GoogleApiError(404, 'Requested entity was not found.');
    return { loc, review, accountId, name: `accounts/${accountId}/${loc.name}/reviews/${review.reviewId}` };
  };

  app.get(
    `${reviewsPath}/:reviewId`,
    api((req) => {
      const { loc, review, accountId } = findReview(req, authorize(req, 'mybusiness'));
      return reviewJson(loc, accountId, review);
    }),
  );

  app.put(
    `${reviewsPath}/:reviewId/reply`,
    api((req) => {
      const caller = authorize(req, 'mybusiness');
      const { loc, name } = findReview(req, caller);
      const comment = (req.body as { comment?: unknown } | undefined)?.comment;
      if (typeof comment !== 'string' || comment.trim() === '') throw invalid('comment', 'Reply comment is required.');
      if (Buffer.byteLength(comment, 'utf8') > GOOGLE_REPLY_MAX_BYTES) throw invalid('comment', `Reply comment must be at most ${GOOGLE_REPLY_MAX_BYTES} bytes.`);
      if (!quota.take(`edit:${loc.name}`, GOOGLE_EDITS_PER_MINUTE)) throw new GoogleApiError(429, `Quota exceeded for quota metric 'Edits' and limit 'Edits per minute per location' for ${loc.name}.`);
      return world.putReply(name, comment);
    }),
  );

  app.delete(
    `${reviewsPath}/:reviewId/reply`,
    api((req) => {
      const caller = authorize(req, 'mybusiness');
      const { loc, name } = findReview(req, caller);
      if (!quota.take(`edit:${loc.name}`, GOOGLE_EDITS_PER_MINUTE)) throw new GoogleApiError(429, `Quota exceeded for quota metric 'Edits' and limit 'Edits per minute per location' for ${loc.name}.`);
      if (!world.deleteReply(name)) throw new GoogleApiError(404, 'Requested entity was not found.');
      return {};
    }),
  );

  // ------------------------------------------------------------------ OpenID Connect userinfo
  // `GET openidconnect.googleapis.com/v1/userinfo`: who the token belongs to (needs `openid`;
  // `email` and `profile` add those claims). Not a Business Profile API: no project quota.
  app.get(`${GOOGLE_PREFIX}/openidconnect/v1/userinfo`, async (req, reply) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const grant = token ? world.accessGrant(token) : undefined;
    if (!grant) return sendError(reply, new GoogleApiError(401, 'Request is missing required authentication credential.'));
    if (!grant.scopes.includes('openid')) return sendError(reply, new GoogleApiError(403, 'Request had insufficient authentication scopes.'));
    const u = grant.user;
    return {
      sub: u.id,
      ...(grant.scopes.includes('email') ? { email: u.email, email_verified: true } : {}),
      ...(grant.scopes.includes('profile') ? { name: u.name } : {}),
    };
  });

  // ------------------------------------------------------------------ OAuth
  const consentError = (reply: FastifyReply, message: string) =>
    sendHtml(reply, 400, htmlPage('Error', `<h1>Access blocked: authorization error</h1><p role="alert">${escapeHtml(message)}</p><p class="note">Simulated Google sign-in (meta-sim).</p>`));

  const parseConsent = (p: Record<string, string>): { error: string } | { ok: { redirectUri: string; scopes: string[]; state?: string; nonce?: string; offline: boolean; pkce: PkceChallenge | null } } => {
    if (p.client_id !== world.clientId) return { error: `Error 401: invalid_client. The OAuth client was not found (${p.client_id ?? 'no client_id'}).` };
    let url: URL;
    try {
      url = new URL(p.redirect_uri ?? '');
    } catch {
      return { error: 'Error 400: invalid_request. Missing or invalid redirect_uri.' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'Error 400: invalid_request. Invalid redirect_uri.' };
    if ((p.response_type ?? 'code') !== 'code') return { error: 'Error 400: unsupported_response_type. Only code is simulated.' };
    const scopes = [...new Set((p.scope ?? '').split(/\s+/).filter(Boolean))];
    if (!scopes.length) return { error: 'Error 400: invalid_request. Missing required parameter: scope' };
    const pkce = parseChallenge(p);
    if ('error' in pkce) return { error: `Error 400: invalid_request. ${pkce.error}` };
    return { ok: { redirectUri: p.redirect_uri!, scopes, ...(p.state !== undefined ? { state: p.state } : {}), ...(p.nonce !== undefined ? { nonce: p.nonce } : {}), offline: p.access_type === 'offline', pkce: pkce.ok } };
  };

  app.get(`${GOOGLE_PREFIX}/o/oauth2/v2/auth`, async (req, reply) => {
    const p = requestParams(req);
    const parsed = parseConsent(p);
    if ('error' in parsed) return consentError(reply, parsed.error);
    const hidden = Object.entries(p)
      .filter(([k]) => ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'nonce', 'access_type', 'prompt', 'code_challenge', 'code_challenge_method'].includes(k))
      .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
      .join('');
    const users = [...world.users.values()]
      .map((u, i) => `<label><input type="radio" name="user_id" value="${escapeHtml(u.id)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(u.name)} <span class="note">${escapeHtml(u.email)}</span></label>`)
      .join('');
    const scopes = parsed.ok.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('');
    return sendHtml(
      reply,
      200,
      htmlPage(
        'Sign in with Google',
        `<h1>DineDesk wants to access your Google Account</h1>
<p class="note">Simulated Google sign-in (meta-sim). Nothing here talks to Google.</p>
<form method="post" action="${GOOGLE_PREFIX}/o/oauth2/v2/auth">${hidden}
<fieldset><legend>Choose an account</legend>${users}</fieldset>
<fieldset><legend>DineDesk will be able to</legend><ul>${scopes}</ul></fieldset>
<div class="actions"><button type="submit" name="decision" value="approve">Allow</button><button type="submit" name="decision" value="cancel">Cancel</button></div>
</form>`,
      ),
    );
  });

  app.post(`${GOOGLE_PREFIX}/o/oauth2/v2/auth`, async (req, reply) => {
    const p = requestParams(req);
    const parsed = parseConsent(p);
    if ('error' in parsed) return consentError(reply, parsed.error);
    const target = new URL(parsed.ok.redirectUri);
    if (parsed.ok.state !== undefined) target.searchParams.set('state', parsed.ok.state);
    if (p.decision === 'cancel') {
      target.searchParams.set('error', 'access_denied');
      return reply.redirect(target.toString(), 302);
    }
    if (p.decision !== 'approve') return consentError(reply, 'The parameter decision must be approve or cancel.');
    if (!world.users.has(p.user_id ?? '')) return consentError(reply, `user_id ${p.user_id ?? '(none)'} is not a Google user of this simulator.`);
    const nowMs = world.now().getTime();
    for (const [c, rec] of codes) if (nowMs - rec.issuedAt > 6 * GOOGLE_CODE_TTL_SECONDS * 1000) codes.delete(c);
    const code = `4/0Ab${randomBytes(36).toString('base64url')}`;
    codes.set(code, { userId: p.user_id!, redirectUri: parsed.ok.redirectUri, scopes: parsed.ok.scopes, offline: parsed.ok.offline, issuedAt: nowMs, used: false, pkce: parsed.ok.pkce, ...(parsed.ok.nonce !== undefined ? { nonce: parsed.ok.nonce } : {}) });
    target.searchParams.set('code', code);
    target.searchParams.set('scope', parsed.ok.scopes.join(' '));
    return reply.redirect(target.toString(), 302);
  });

  // `GET www.googleapis.com/oauth2/v3/certs`: the JWKS the ID tokens are signed with.
  app.get(`${GOOGLE_PREFIX}/oauth2/v3/certs`, async () => idTokens.jwks());

  /**
   * `POST oauth2.googleapis.com/token`: errors are `{error, error_description}` (RFC 6749 §5.2).
   * The client authenticates with `client_id`/`client_secret` in the body or with HTTP Basic
   * (RFC 6749 §2.3.1, both accepted by Google: https://developers.google.com/identity/protocols/oauth2/web-server#exchange-authorization-code),
   * not with both. With `openid` granted the answer carries an `id_token` (id-token.ts).
   */
  app.post(`${GOOGLE_PREFIX}/oauth2/token`, async (req, reply) => {
    const p = requestParams(req);
    const oauthError = (status: number, error: string, description: string) => reply.code(status).send({ error, error_description: description });
    const basic = basicCredentials(req.headers.authorization);
    if (basic === 'malformed') return oauthError(401, 'invalid_client', 'Unauthorized');
    if (basic && p.client_secret !== undefined) return oauthError(400, 'invalid_request', 'The client must authenticate with one method only: HTTP Basic or client_secret in the body.');
    if (basic && p.client_id !== undefined && p.client_id !== basic.id) return oauthError(401, 'invalid_client', 'Unauthorized');
    const client = basic ?? { id: p.client_id, secret: p.client_secret };
    if (client.id !== world.clientId || client.secret !== world.clientSecret) return oauthError(401, 'invalid_client', 'Unauthorized');
    const idToken = (userId: string, scopes: readonly string[], accessToken: string, nonce?: string) => {
      const user = world.users.get(userId);
      return scopes.includes('openid') && user ? { id_token: idTokens.sign({ clientId: world.clientId, user, scopes, now: world.now(), nonce, accessToken }) } : {};
    };
    if (p.grant_type === 'authorization_code') {
      if (!p.code) return oauthError(400, 'invalid_request', 'Missing required parameter: code');
      const issued = codes.get(p.code);
      if (!issued || issued.used || world.now().getTime() - issued.issuedAt > GOOGLE_CODE_TTL_SECONDS * 1000) return oauthError(400, 'invalid_grant', 'Bad Request');
      if (p.redirect_uri !== issued.redirectUri) return oauthError(400, 'redirect_uri_mismatch', 'Bad Request');
      // Google answers a wrong or missing PKCE verifier with invalid_grant.
      const pkceProblem = verifierProblem(issued.pkce, p.code_verifier);
      if (pkceProblem) return oauthError(400, 'invalid_grant', pkceProblem);
      issued.used = true;
      const t = world.issueTokens(issued.userId, issued.scopes, issued.offline);
      return reply.send({
        access_token: t.accessToken,
        expires_in: t.expiresIn,
        ...(t.refreshToken ? { refresh_token: t.refreshToken } : {}),
        scope: issued.scopes.join(' '),
        token_type: 'Bearer',
        ...idToken(issued.userId, issued.scopes, t.accessToken, issued.nonce),
      });
    }
    if (p.grant_type === 'refresh_token') {
      const grant = p.refresh_token ? world.refreshGrant(p.refresh_token) : undefined;
      if (!grant) return oauthError(400, 'invalid_grant', 'Token has been expired or revoked.');
      const t = world.issueTokens(grant.userId, grant.scopes, false);
      return reply.send({ access_token: t.accessToken, expires_in: t.expiresIn, scope: grant.scopes.join(' '), token_type: 'Bearer', ...idToken(grant.userId, grant.scopes, t.accessToken) });
    }
    return oauthError(400, 'unsupported_grant_type', `Invalid grant_type: ${p.grant_type ?? ''}`);
  });

  return { quota };
}

/**
 * `Authorization: Basic base64(client_id:client_secret)`, each form-urlencoded first (RFC 6749
 * docs/requirements/platform-apis.md#page-ratings-reviews-and-comments.1). @returns null without
 * such a header, 'malformed' for one that does not decode
 */
export function basicCredentials(header: string | undefined): { id: string; secret: string } | null | 'malformed' {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!m) return null;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i < 0) return 'malformed';
  try {
    return { id: decodeURIComponent(decoded.slice(0, i).replace(/\+/g, ' ')), secret: decodeURIComponent(decoded.slice(i + 1).replace(/\+/g, ' ')) };
  } catch {
    return 'malformed';
  }
}

/** A v1 Location with only the fields of the mask (Google answers nothing else). */
function maskLocation(l: GoogleLocation, mask: readonly string[]): Record<string, unknown> {
  const placeId = `ChIJsim${Buffer.from(l.name).toString('base64url').slice(0, 20)}`;
  const full: Record<string, unknown> = {
    name: l.name,
    title: l.title,
    storeCode: l.storeCode,
    storefrontAddress: { regionCode: 'IN', languageCode: 'en', postalCode: '500032', administrativeArea: 'Telangana', locality: 'Hyderabad', addressLines: ['Gachibowli'] },
    categories: { primaryCategory: l.primaryCategory },
    ...(l.websiteUri ? { websiteUri: l.websiteUri } : {}),
    openInfo: { status: 'OPEN' },
    metadata: { placeId, mapsUri: `https://maps.google.com/maps?cid=${placeId}`, newReviewUri: `https://search.google.com/local/writereview?placeid=${placeId}` },
    languageCode: 'en',
  };
  // phoneNumbers and regularHours: the dataset has none, and Google omits unset fields.
  return Object.fromEntries(mask.filter((f) => f in full).map((f) => [f, full[f]]));
}

/**
 * Control routes of the Google side (beside `/__sim`'s others; not Google's):
 *   GET  /__sim/google/users            → [{id, email, name, accountName, locations: [{name, title, storeCode}]}]
 *   PUT  /__sim/google/switches         {quotaZero?: boolean} → {quotaZero}
 *   POST /__sim/google/review           {location: 'locations/…', reviewer, starRating: ONE..FIVE, comment?} → the review
 *   POST /__sim/google/revoke           {userId} → {revoked}: every token of the user dies
 */
export function registerGoogleControl(app: FastifyInstance, world: GoogleWorld, quota: MinuteQuota): void {
  app.get('/__sim/google/users', async () =>
    [...world.users.values()].map((u) => ({ ...u, locations: world.accounts.get(u.accountName)!.locations.map((l) => ({ name: l.name, title: l.title, storeCode: l.storeCode })) })),
  );
  app.put('/__sim/google/switches', async (req, reply) => {
    const b = (req.body ?? {}) as { quotaZero?: unknown };
    if ('quotaZero' in b) {
      if (typeof b.quotaZero !== 'boolean') return reply.code(400).send({ error: 'quotaZero must be a boolean' });
      world.quotaZero = b.quotaZero;
      quota.reset();
    }
    return { quotaZero: world.quotaZero };
  });
  app.post('/__sim/google/review', async (req, reply) => {
    const b = (req.body ?? {}) as { location?: unknown; reviewer?: unknown; starRating?: unknown; comment?: unknown };
    const star = b.starRating;
    if (typeof b.location !== 'string' || !world.locations.has(b.location)) return reply.code(404).send({ error: 'unknown location' });
    if (typeof b.reviewer !== 'string' || !b.reviewer.trim()) return reply.code(400).send({ error: 'reviewer is required' });
    if (star !== 'ONE' && star !== 'TWO' && star !== 'THREE' && star !== 'FOUR' && star !== 'FIVE') return reply.code(400).send({ error: 'starRating must be ONE..FIVE' });
    if (b.comment !== undefined && typeof b.comment !== 'string') return reply.code(400).send({ error: 'comment must be a string' });
    const r = world.addReview(b.location, { reviewer: b.reviewer, starRating: star, ...(b.comment ? { comment: b.comment } : {}) });
    return reply.code(201).send({ reviewId: r.reviewId, createTime: r.createTime.toISOString() });
  });
  app.post('/__sim/google/revoke', async (req, reply) => {
    const userId = (req.body as { userId?: unknown } | undefined)?.userId;
    if (typeof userId !== 'string' || !world.users.has(userId)) return reply.code(404).send({ error: 'unknown user' });
    return { revoked: world.revokeUser(userId) };
  });
}
