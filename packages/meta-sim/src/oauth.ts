/**
 * Facebook Login (manual flow) and `appsecret_proof`:
 * docs/requirements/platform-apis.md#facebook-login-and-tokens.
 *
 * Endpoints (Meta's own paths; on Meta the dialog lives on www.facebook.com, the rest on
 * graph.facebook.com; here both are on the simulator, with or without the `/vN.N` prefix):
 *   GET  /[vN.N/]dialog/oauth?client_id&redirect_uri&state&scope=a,b&response_type=code[&auth_type=rerequest]
 *        [&code_challenge&code_challenge_method=S256|plain]  (PKCE, pkce.ts)
 *        → 200 HTML consent page: app name, requested scopes (checkboxes: untick to decline),
 *          which test user signs in, Approve / Cancel. Bad client_id, redirect_uri (not an
 *          absolute http(s) URL) or response_type (only `code` is simulated) → 400 HTML page
 *          naming the problem, no redirect.
 *   POST /[vN.N/]dialog/oauth   (the page's form) decision=approve|cancel, user_id, grant_{scope}
 *        → approve: 302 {redirect_uri}?code=…&state=…#_=_ ; cancel: 302 {redirect_uri}?error=
 *          access_denied&error_code=200&error_description=Permissions+error&error_reason=user_denied&state=…
 *   GET|POST /[vN.N/]oauth/access_token
 *        ?client_id&client_secret&redirect_uri&code[&code_verifier] → {access_token, token_type:'bearer', expires_in: 7200}
 *        ?grant_type=fb_exchange_token&client_id&client_secret&fb_exchange_token
 *                                                           → {access_token, token_type:'bearer', expires_in: 5183944}
 *        ?grant_type=client_credentials&client_id&client_secret → {access_token: '{app-id}|{app-secret}', token_type:'bearer'}
 *
 * Rules: codes work once (100/36009), expire after CODE_TTL_SECONDS (100/36007) and need the
 * dialog's redirect_uri byte for byte (100/36008) and, when the dialog had a `code_challenge`,
 * its `code_verifier` (100 without it or with another); a bad client_id is 101, a bad client_secret
 * 1; a dead or expired token cannot be exchanged (190 with its subcode). Scopes are granted per
 * user and app, as on Graph: ticking or unticking a requested scope changes the user's grants
 * (the same `grants` record `PUT /__sim/permissions` edits), so every token of the user follows.
 * Without `auth_type=rerequest` a scope the user declined before is not asked again (Meta's
 * "Re-asking for declined permissions"). Scopes the simulator does not know are ignored with a
 * developer notice, as Meta's dialog does ("Invalid Scopes: …"); `public_profile` and `email`
 * are accepted silently and not tracked. Codes are kept in memory only: they live 10 minutes.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestParams } from './auth.ts';
import {
  appsecretProofRequired,
  codeExpired,
  codeUsed,
  invalidAppsecretProof,
  invalidApplicationId,
  invalidClientSecret,
  invalidParameter,
  invalidVerificationCode,
  missingClientId,
  missingRedirectUri,
  redirectUriMismatch,
  unknownPath,
} from './errors.ts';
import type { SimCore } from './graph/core.ts';
import { parseChallenge, verifierProblem, type PkceChallenge } from './pkce.ts';
import { EXCHANGED_LONG_LIVED_SECONDS, SHORT_LIVED_SECONDS, USER_SCOPES } from './tokens.ts';

/** Lifetime of an authorization code, seconds (docs/requirements/platform-apis.md#code-for-a-token;
 * Meta: ~10 min). */
export const CODE_TTL_SECONDS = 600;

/** Scopes every login carries on Meta and the simulator does not track per token. */
const SILENT_SCOPES = new Set(['public_profile', 'email']);

const VERSION_SEGMENT = /^v\d+\.\d+$/;

/** `hex(HMAC-SHA256(key = app secret, message = access token))`: Graph's `appsecret_proof`. */
export function appsecretProof(appSecret: string, accessToken: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

/** Constant-time string comparison (lengths may differ). */
function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Enforces the app's "Require App Secret" for one call (Graph API "Securing Requests").
 * @param proof the call's `appsecret_proof` parameter (query or body)
 * @throws GraphError 100 (GraphMethodException) when missing or not the HMAC of `token`
 */
export function checkAppsecretProof(appSecret: string, token: string, proof: string | undefined): void {
  if (!proof) throw appsecretProofRequired();
  if (!sameSecret(proof.toLowerCase(), appsecretProof(appSecret, token))) throw invalidAppsecretProof();
}

/** HTML-escapes text for element content and double-quoted attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface IssuedCode {
  userId: string;
  /** As the dialog received it, compared byte for byte at the exchange. */
  redirectUri: string;
  /** Simulator clock, epoch ms. */
  issuedAt: number;
  used: boolean;
  /** The dialog's PKCE challenge; the exchange must then send its verifier (pkce.ts). */
  pkce: PkceChallenge | null;
}

/** Dialog parameters, from the query (GET) or the page's form (POST). */
interface DialogRequest {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  /** Requested scopes in request order, without duplicates. */
  scopes: string[];
  authType: string | undefined;
  responseType: string;
  pkce: PkceChallenge | null;
}

/** What is wrong with a dialog request, or its parsed form. */
function parseDialog(sim: SimCore, p: Record<string, string>): { error: string } | { ok: DialogRequest } {
  if (!p.client_id) return { error: 'Invalid App ID: the parameter client_id is required.' };
  if (p.client_id !== sim.app.id) return { error: `Invalid App ID: ${p.client_id} is not the ID of an app on this simulator.` };
  const redirectUri = p.redirect_uri;
  if (!redirectUri) return { error: 'The parameter redirect_uri is required.' };
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return { error: 'URL blocked: redirect_uri must be an absolute http or https URL.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'URL blocked: redirect_uri must be an absolute http or https URL.' };
  const responseType = p.response_type || 'code';
  if (responseType !== 'code') return { error: `response_type ${responseType} is not simulated: only code is.` };
  const scopes = [...new Set((p.scope ?? '').split(/[,\s]+/).filter((s) => s !== ''))];
  const pkce = parseChallenge(p);
  if ('error' in pkce) return { error: `Invalid PKCE parameters: ${pkce.error}` };
  return { ok: { clientId: p.client_id, redirectUri, state: p.state, scopes, authType: p.auth_type, responseType, pkce: pkce.ok } };
}

/** `redirect_uri` with `params` appended to its query (and `hash`, if given). */
function redirectTo(redirectUri: string, params: Record<string, string | undefined>, hash?: string): string {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.append(k, v);
  if (hash !== undefined) url.hash = hash;
  return url.toString();
}

const PAGE_STYLE = `body{font-family:system-ui,sans-serif;background:#f0f2f5;color:#1c1e21;margin:0;padding:2rem 1rem}
main{max-width:32rem;margin:0 auto;background:#fff;border-radius:8px;padding:1.5rem;box-shadow:0 1px 3px rgba(0,0,0,.2)}
h1{font-size:1.25rem;margin-top:0}fieldset{border:1px solid #ccd0d5;border-radius:6px;margin:0 0 1rem;padding:.75rem}
label{display:block;padding:.25rem 0}code{font-size:.9em}.note{color:#606770;font-size:.9rem}
.actions{display:flex;gap:.75rem}button{font-size:1rem;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #ccd0d5;background:#e4e6eb;cursor:pointer}
button[value=approve]{background:#1877f2;border-color:#1877f2;color:#fff}button:focus-visible{outline:3px solid #1c1e21;outline-offset:2px}`;

/** A whole page: no external assets, every dynamic value already escaped by the caller. */
export function htmlPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** Sends an HTML answer with headers that keep the page self-contained and unframeable. */
export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply
    .code(status)
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
    .header('x-frame-options', 'DENY')
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

function errorPage(reply: FastifyReply, message: string): FastifyReply {
  return sendHtml(reply, 400, htmlPage('Error', `<h1>Sorry, something went wrong.</h1><p role="alert">${escapeHtml(message)}</p><p class="note">Simulated Facebook Login (meta-sim).</p>`));
}

/**
 * The requested scopes the simulator knows, the unknown ones, and per user the ones that user
 * declined before and is not asked for again (none with `auth_type=rerequest`).
 */
function classifyScopes(sim: SimCore, req: DialogRequest) {
  const known = new Set<string>(USER_SCOPES);
  const requested = req.scopes.filter((s) => known.has(s));
  const invalid = req.scopes.filter((s) => !known.has(s) && !SILENT_SCOPES.has(s));
  const skippedFor = (userId: string): string[] => {
    if (req.authType === 'rerequest') return [];
    const declined = new Set(sim.store.state.grants?.[userId]?.declinedScopes ?? []);
    return requested.filter((s) => declined.has(s));
  };
  return { requested, invalid, skippedFor };
}

function consentPage(sim: SimCore, action: string, req: DialogRequest): string {
  const users = [...sim.seed.users.values()];
  const { requested, invalid, skippedFor } = classifyScopes(sim, req);
  const app = escapeHtml(sim.app.name);
  const hidden = (name: string, value: string | undefined) => (value === undefined ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`);
  const userChoices = users
    .map((u, i) => `<label><input type="radio" name="user_id" value="${escapeHtml(u.id)}"${i === 0 ? ' checked' : ''}> ${escapeHtml(u.name)} <span class="note">(test user ${escapeHtml(u.id)})</span></label>`)
    .join('');
  // The page is shown before the user is picked, so every requested scope gets a checkbox and
  // the note says which user will not be asked for which (Meta asks the signed-in user only).
  const scopeChoices = requested.length
    ? requested.map((s) => `<label><input type="checkbox" name="grant_${escapeHtml(s)}" value="1" checked> <code>${escapeHtml(s)}</code></label>`).join('')
    : '<p class="note">No permissions beyond your public profile.</p>';
  const notes = [
    ...users.map((u) => {
      const skipped = skippedFor(u.id);
      return skipped.length
        ? `<p class="note">${escapeHtml(u.name)} declined before and is not asked again (use auth_type=rerequest): ${skipped.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}</p>`
        : '';
    }),
    invalid.length
      ? `<p class="note" role="status">Invalid Scopes: ${invalid.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}. This message is only shown to developers; these permissions are ignored.</p>`
      : '',
  ].join('');
  return htmlPage(
    `Log in to ${app} with Facebook`,
    `<h1>${app} is requesting access to your Facebook account</h1>
<p class="note">Simulated Facebook Login (meta-sim). Nothing here talks to Facebook.</p>
<form method="post" action="${escapeHtml(action)}">
${hidden('client_id', req.clientId)}${hidden('redirect_uri', req.redirectUri)}${hidden('state', req.state)}${hidden('scope', req.scopes.join(','))}${hidden('auth_type', req.authType)}${hidden('response_type', req.responseType)}${hidden('code_challenge', req.pkce?.challenge)}${hidden('code_challenge_method', req.pkce?.method)}
<fieldset><legend>Continue as</legend>${userChoices}</fieldset>
<fieldset><legend>${app} will receive</legend>${scopeChoices}</fieldset>
${notes}
<div class="actions"><button type="submit" name="decision" value="approve">Approve</button><button type="submit" name="decision" value="cancel">Cancel</button></div>
</form>`,
  );
}

/**
 * Registers the dialog and `oauth/access_token` routes on the simulator's Fastify app. Graph
 * errors thrown by the token endpoint go through the server's error handler (envelope, 400).
 */
export function registerOAuthRoutes(app: FastifyInstance, sim: SimCore): void {
  const codes = new Map<string, IssuedCode>();

  /** The `/vN.N` prefix of the path, or '' when unversioned; null for a bad first segment. */
  const prefixOf = (req: FastifyRequest): string | null => {
    const v = (req.params as { version?: string }).version;
    if (v === undefined) return '';
    return VERSION_SEGMENT.test(v) ? `/${v}` : null;
  };

  const showDialog = async (req: FastifyRequest, reply: FastifyReply) => {
    const prefix = prefixOf(req);
    if (prefix === null) return errorPage(reply, 'Unknown API version in the dialog path (expected e.g. /v21.0/dialog/oauth).');
    const parsed = parseDialog(sim, requestParams(req));
    if ('error' in parsed) return errorPage(reply, parsed.error);
    return sendHtml(reply, 200, consentPage(sim, `${prefix}/dialog/oauth`, parsed.ok));
  };

  const decide = async (req: FastifyRequest, reply: FastifyReply) => {
    if (prefixOf(req) === null) return errorPage(reply, 'Unknown API version in the dialog path (expected e.g. /v21.0/dialog/oauth).');
    const form = requestParams(req);
    const parsed = parseDialog(sim, form);
    if ('error' in parsed) return errorPage(reply, parsed.error);
    const d = parsed.ok;
    if (form.decision === 'cancel') {
      return reply.redirect(
        redirectTo(d.redirectUri, { error: 'access_denied', error_code: '200', error_description: 'Permissions error', error_reason: 'user_denied', state: d.state }),
        302,
      );
    }
    if (form.decision !== 'approve') return errorPage(reply, 'The parameter decision must be approve or cancel.');
    const userId = form.user_id ?? '';
    if (!sim.seed.users.has(userId)) return errorPage(reply, `user_id ${userId || '(none)'} is not a test user of this simulator.`);
    // The user's choice on the page becomes their grants for this app (see the file comment).
    const { requested, skippedFor } = classifyScopes(sim, d);
    const skipped = new Set(skippedFor(userId));
    const offered = requested.filter((s) => !skipped.has(s));
    const current = sim.store.state.grants?.[userId] ?? { declinedScopes: [], tasks: null };
    const declined = new Set(current.declinedScopes);
    for (const s of offered) {
      if (form[`grant_${s}`]) declined.delete(s);
      else declined.add(s);
    }
    sim.store.state.grants = { ...sim.store.state.grants, [userId]: { declinedScopes: USER_SCOPES.filter((s) => declined.has(s)), tasks: current.tasks } };
    sim.tokens.ensureIssued(userId);
    sim.store.save();
    const nowMs = sim.now().getTime();
    // Forget codes long past use so the map cannot grow without bound.
    for (const [c, rec] of codes) if (nowMs - rec.issuedAt > 6 * CODE_TTL_SECONDS * 1000) codes.delete(c);
    const code = `AQ${randomBytes(48).toString('base64url')}`;
    codes.set(code, { userId, redirectUri: d.redirectUri, issuedAt: nowMs, used: false, pkce: d.pkce });
    return reply.redirect(redirectTo(d.redirectUri, { code, state: d.state }, '_=_'), 302);
  };

  app.get('/dialog/oauth', showDialog);
  app.get('/:version/dialog/oauth', showDialog);
  app.post('/dialog/oauth', decide);
  app.post('/:version/dialog/oauth', decide);

  /**
   * `oauth/access_token`. @throws GraphError 101 (client_id), 1 (client_secret), 191 (no
   * redirect_uri), 100 (code: unknown, 36007 expired, 36008 redirect mismatch, 36009 used;
   * missing fb_exchange_token; unsupported grant_type), 190 (token to exchange dead/expired)
   */
  const accessToken = async (req: FastifyRequest, reply: FastifyReply) => {
    const version = (req.params as { version?: string }).version;
    // `/{node-id}/oauth/access_token` is no path Graph has.
    if (version !== undefined && !VERSION_SEGMENT.test(version)) throw unknownPath('/oauth/access_token');
    reply.header('facebook-api-version', version ?? sim.defaultVersion);
    const p = requestParams(req);
    if (!p.client_id) throw missingClientId();
    if (p.client_id !== sim.app.id) throw invalidApplicationId();
    if (!p.client_secret || !sameSecret(p.client_secret, sim.app.secret)) throw invalidClientSecret();
    const grantType = p.grant_type;
    let body: Record<string, unknown>;
    if (grantType === 'fb_exchange_token') {
      if (!p.fb_exchange_token) throw invalidParameter('The parameter fb_exchange_token is required');
      // Expired (190/463) and revoked (190/subcode) tokens are refused here, as on Graph.
      const principal = sim.tokens.resolve(p.fb_exchange_token);
      if (principal.type !== 'USER') throw invalidParameter('fb_exchange_token must be a user access token');
      const rec = sim.tokens.issueSession(principal.user.id, true);
      body = { access_token: rec.token, token_type: 'bearer', expires_in: EXCHANGED_LONG_LIVED_SECONDS };
    } else if (grantType === 'client_credentials') {
      body = { access_token: sim.tokens.appToken, token_type: 'bearer' };
    } else if (grantType === undefined || grantType === 'authorization_code') {
      if (p.redirect_uri === undefined) throw missingRedirectUri();
      const issued = codes.get(p.code ?? '');
      if (!issued) throw invalidVerificationCode();
      if (issued.used) throw codeUsed();
      if (sim.now().getTime() - issued.issuedAt > CODE_TTL_SECONDS * 1000) throw codeExpired();
      if (p.redirect_uri !== issued.redirectUri) throw redirectUriMismatch();
      const pkceProblem = verifierProblem(issued.pkce, p.code_verifier);
      if (pkceProblem) throw invalidParameter(pkceProblem);
      issued.used = true;
      const rec = sim.tokens.issueSession(issued.userId, false);
      body = { access_token: rec.token, token_type: 'bearer', expires_in: SHORT_LIVED_SECONDS };
    } else {
      throw invalidParameter(`Unsupported grant_type: ${grantType}`);
    }
    return reply.type('application/json; charset=UTF-8').send(body);
  };
  app.route({ method: ['GET', 'POST'], url: '/oauth/access_token', handler: accessToken });
  app.route({ method: ['GET', 'POST'], url: '/:version/oauth/access_token', handler: accessToken });
}
