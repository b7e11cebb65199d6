import {
  API,
  FACEBOOK_LOGIN_SCOPES,
  type TConnectedPage,
  type TFacebookAccount,
  type TFbConnectFailure,
  type TGetAccountsResponse,
  type TTokenHealth,
} from '@dinedesk/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { audit } from '../../lib/audit.ts';
import { GraphError, type DebugTokenData } from '../../lib/graph-client.ts';
import { graphCodeLabel, tokenDeathReason } from '../../lib/graph-errors.ts';
import { pkceChallenge, pkceVerifier } from '../../lib/pkce.ts';
import { cleanText } from '../../lib/text.ts';
import type { AuthContext } from '../access/index.ts';
import { issueAccessToken, resolveAuth, resolveSession, revokeSession, signSessionBound, verifySessionBound } from '../access/index.ts';
import { inboxSyncPageJob } from '../inbox/index.ts';
import { reviewSyncPageJob } from '../reviews/index.ts';
import { PAGE_WEBHOOK_FIELDS } from './meta.service.ts';
import * as repo from './meta.repository.ts';

/**
 * Facebook connect (docs/requirements/platform-apis.md#facebook-login-and-tokens,
 * docs/decisions/0022): the Facebook Login manual flow that gives DineDesk the page access tokens
 * of a client's pages, and the token health of those connections (`get-accounts`).
 *
 * construct-fb-auth-url → {@link constructAuthUrl}: the dialog URL with a signed `state` bound to
 *   the caller's session and, through a cookie nonce, to the browser that asked.
 * fb-auth-callback → {@link completeConnect}: state and nonce checked, code → short-lived user
 *   token → long-lived (`fb_exchange_token`) → `debug_token` (scopes, expiry) → `/me` →
 *   `/me/accounts` → page tokens of the client's outlets (those the connecting user sees) stored
 *   encrypted → `POST /{page-id}/subscribed_apps` → a sync of the client queued.
 * get-accounts → {@link listAccounts}: each connection's health from `debug_token`.
 */

/** Audience of the `state` value (never an access token's). */
const STATE_AUDIENCE = 'dinedesk-fb-connect';
/** How long a dialog URL's `state` is accepted, seconds (Facebook's own codes live ~10 minutes). */
export const STATE_TTL_SECONDS = 10 * 60;
/** Name of the cookie carrying the browser's half of the state (its nonce). */
export const STATE_COOKIE = 'dinedesk_fb_state';
/** A connection whose user token expires within this many days shows as `expiring`. */
export const EXPIRING_DAYS = 7;
/** Webhook fields each page is subscribed to (meta.service.ts `PAGE_WEBHOOK_FIELDS`). */
export const SUBSCRIBED_FIELDS = PAGE_WEBHOOK_FIELDS;
/**
 * Without these DineDesk can neither list the pages nor read their reviews: a connection that
 * lacks one fails with `permissions` (the others only show as missing on the account).
 */
const REQUIRED_SCOPES = ['pages_show_list', 'pages_read_engagement', 'pages_read_user_content'];

/** What a connect attempt ended with; the callback route turns it into the landing URL. */
export type ConnectOutcome =
  | { ok: true; accountId: string; pages: number; missingScopes: string[]; notSubscribed: { pageId: string; error: string }[] }
  | { ok: false; reason: TFbConnectFailure; detail: string };

const fail = (reason: TFbConnectFailure, detail: string): ConnectOutcome => ({ ok: false, reason, detail });

/**
 * The Facebook Login dialog URL for the caller's client (docs/requirements/calls.md
 * `construct-fb-auth-url`).
 * @param origin this server's origin for `redirect_uri` (routes: `oauthOrigin`, PUBLIC_URL or a
 *   loopback origin)
 * @returns the URL, the nonce the route sets as the {@link STATE_COOKIE} cookie, and when the
 *   state expires
 */
export async function constructAuthUrl(
  ctx: AppContext,
  auth: AuthContext,
  opts: { origin: string; rerequest: boolean },
): Promise<{ url: string; nonce: string; expiresAt: Date }> {
  const redirectUri = `${opts.origin}${API.fbAuthCallback}`;
  const { token, nonce, expiresAt } = await signSessionBound(ctx, auth, STATE_AUDIENCE, { cid: auth.clientId!, ruri: redirectUri }, STATE_TTL_SECONDS);
  const url = ctx.graph.dialogUrl({ redirectUri, state: token, scopes: FACEBOOK_LOGIN_SCOPES, codeChallenge: pkceChallenge(pkceVerifier(ctx.secrets.jwtSecret, nonce)), rerequest: opts.rerequest });
  return { url, nonce, expiresAt };
}

/**
 * What DineDesk takes from Graph's answers in the flow
 * (docs/requirements/platform-apis.md#facebook-login-and-tokens), checked before use: a misbehaving
 * or changed Graph fails the connect with `graph` instead of writing odd rows.
 */
const ZToken = z.object({ access_token: z.string().min(1).max(4096), expires_in: z.number().int().nonnegative().optional() });
const ZMe = z.object({ id: z.string().regex(/^\d{1,32}$/), name: z.string().max(1000).optional() });
const ZAccount = z.object({ id: z.string(), name: z.string().max(1000).optional(), access_token: z.string().min(1).max(4096).optional() });
type Account = z.infer<typeof ZAccount>;

/**
 * Finishes a connect from Facebook's redirect (the callback). Never throws for what Facebook or
 * the browser sent: every failure is an outcome with a reason, logged, with nothing written.
 * @param q the callback's query (`code`, `state`, or `error=access_denied` on Cancel)
 * @param cookieNonce the {@link STATE_COOKIE} cookie of the browser that followed the redirect;
 *   it must equal the state's nonce (the state was handed to this browser)
 */
export async function completeConnect(
  ctx: AppContext,
  q: { code?: string; state?: string; error?: string; error_reason?: string },
  cookieNonce: string | undefined,
): Promise<ConnectOutcome> {
  const state = q.state ? await verifySessionBound(ctx, STATE_AUDIENCE, q.state) : null;
  if (!state || typeof state.claims.cid !== 'string' || typeof state.claims.ruri !== 'string') return fail('state', 'missing, altered or expired state');
  if (!cookieNonce || cookieNonce !== state.nonce) return fail('state', 'the state was issued to another browser');
  if (q.error) return fail('cancelled', `Facebook answered ${cleanText(q.error).slice(0, 100)} (${cleanText(q.error_reason ?? '').slice(0, 100)})`);
  if (!q.code) return fail('exchange', 'no code in the redirect');
  let auth: AuthContext;
  try {
    auth = await resolveSession(ctx, state.sessionId, state.userId);
  } catch {
    return fail('state', 'the session that asked has ended');
  }
  // The session may have switched client or lost the right since it asked.
  if (auth.clientId !== state.claims.cid || !auth.ability.can('create', 'PageConnection')) return fail('state', 'the session may no longer connect pages for this client');
  return connectWithCode(ctx, auth, q.code, state.claims.ruri, pkceVerifier(ctx.secrets.jwtSecret, state.nonce));
}

/** The Graph part of a connect, after the state checks. */
async function connectWithCode(ctx: AppContext, auth: AuthContext, code: string, redirectUri: string, codeVerifier: string): Promise<ConnectOutcome> {
  const g = ctx.graph;
  const clientId = auth.clientId!;
  let longLived: string;
  let expiresIn: number | undefined;
  let debug: DebugTokenData;
  let me: z.infer<typeof ZMe>;
  const accounts: Account[] = [];
  try {
    const short = ZToken.parse(await g.exchangeCode(code, redirectUri, codeVerifier));
    const long = ZToken.parse(await g.extendUserToken(short.access_token));
    longLived = long.access_token;
    expiresIn = long.expires_in;
    debug = await g.debugToken(longLived);
    if (!debug.is_valid) return fail('exchange', `debug_token says the new token is not valid: ${debug.error?.message ?? 'no reason given'}`);
    const scopes = debug.scopes ?? [];
    const missingRequired = REQUIRED_SCOPES.filter((s) => !scopes.includes(s));
    if (missingRequired.length) return fail('permissions', `declined: ${missingRequired.join(', ')}`);
    me = ZMe.parse(await g.get<unknown>('me', { fields: 'id,name' }, longLived));
    for await (const batch of g.paginate<unknown>('me/accounts', { fields: 'id,name,access_token,tasks', limit: 100 }, longLived)) {
      // One odd entry is skipped, not the whole list (one bad row never breaks a loop).
      for (const item of batch) {
        const a = ZAccount.safeParse(item);
        if (a.success) accounts.push(a.data);
      }
    }
  } catch (e) {
    if (e instanceof GraphError && e.code > 0) return fail('exchange', `${graphCodeLabel(e)}: ${e.message}`);
    if (e instanceof z.ZodError) return fail('graph', `Facebook answered an unexpected shape: ${e.issues.map((i) => i.path.join('.') || i.message).join(', ')}`);
    return fail('graph', e instanceof Error ? e.message : String(e));
  }
  const scopes = debug.scopes ?? [];
  // Only pages DineDesk links to this client's outlets that the connecting user may see.
  const ours = new Map((await repo.listClientPages(ctx.db, clientId, auth.outletIds)).map((p) => [p.id, p]));
  const pages = accounts.filter((a): a is Required<Account> => ours.has(a.id) && typeof a.access_token === 'string' && a.access_token.length > 0);
  if (!pages.length) return fail('no_pages', `the Facebook account manages ${accounts.length} page(s), none of them linked to an outlet you manage`);
  // Webhook subscriptions first, outside the transaction: a failure only shows on the page.
  const subscribed = new Map<string, boolean>();
  const notSubscribed: { pageId: string; error: string }[] = [];
  for (const p of pages) {
    try {
      const res = await g.post<{ success?: boolean }>(`${p.id}/subscribed_apps`, { subscribed_fields: SUBSCRIBED_FIELDS }, p.access_token);
      subscribed.set(p.id, res.success === true);
      if (res.success !== true) notSubscribed.push({ pageId: p.id, error: 'Facebook did not confirm the subscription' });
    } catch (e) {
      subscribed.set(p.id, false);
      notSubscribed.push({ pageId: p.id, error: e instanceof Error ? e.message : String(e) });
    }
  }
  const now = ctx.now();
  const expiresAt = debug.expires_at ? new Date(debug.expires_at * 1000) : expiresIn ? new Date(now.getTime() + expiresIn * 1000) : null;
  const accountId = await ctx.db.transaction(async (tx) => {
    const id = await repo.upsertAccount(tx, {
      clientId,
      facebookUserId: me.id,
      name: cleanText(me.name ?? '').slice(0, 200) || `Facebook user ${me.id}`,
      userTokenEnc: ctx.cipher.encrypt(longLived),
      tokenExpiresAt: expiresAt,
      scopes,
      at: now,
      connectedBy: auth.userId,
    });
    for (const p of pages) {
      await repo.setPageToken(tx, p.id, { sealedToken: ctx.cipher.encrypt(p.access_token), name: cleanText(p.name ?? '').slice(0, 200) || ours.get(p.id)!.name, at: now });
      await repo.linkPageToAccount(tx, p.id, clientId, id, subscribed.get(p.id) ?? false);
    }
    await audit(tx, {
      clientId,
      actorUserId: auth.userId,
      action: 'facebook.connected',
      target: `facebook_account:${id}`,
      details: { facebookUserId: me.id, pages: pages.map((p) => p.id), missingScopes: FACEBOOK_LOGIN_SCOPES.filter((s) => !scopes.includes(s)) },
      at: now,
    });
    return id;
  });
  // The pages' reviews and conversations, now rather than at the next periodic tick.
  for (const p of pages) {
    const page = ours.get(p.id)!;
    await ctx.jobs.send(reviewSyncPageJob, { clientId, outletId: page.outletId, pageId: p.id }, { singletonKey: p.id });
    await ctx.jobs.send(inboxSyncPageJob, { clientId, outletId: page.outletId, pageId: p.id }, { singletonKey: p.id });
  }
  ctx.jobs.wake(reviewSyncPageJob);
  ctx.jobs.wake(inboxSyncPageJob);
  return { ok: true, accountId, pages: pages.length, missingScopes: FACEBOOK_LOGIN_SCOPES.filter((s) => !scopes.includes(s)), notSubscribed };
}

/** `valid`, or `expiring` when the token ends within {@link EXPIRING_DAYS}; `dead` once past it. */
function healthOf(expiresAt: Date | null, now: Date): TTokenHealth {
  if (!expiresAt) return 'valid';
  const left = expiresAt.getTime() - now.getTime();
  if (left <= 0) return 'dead';
  return left <= EXPIRING_DAYS * 86_400_000 ? 'expiring' : 'valid';
}

/**
 * Asks Facebook (`debug_token`) about each connection and records the answer. @returns false
 * when Facebook could not be asked for at least one of them (the stored state is shown)
 */
async function refreshAccounts(ctx: AppContext, rows: repo.FacebookAccountRow[]): Promise<boolean> {
  const results = await Promise.all(
    rows.map(async (a) => {
      if (a.status === 'dead') return true; // Tokens do not come back to life; a reconnect replaces it.
      let token: string;
      try {
        token = ctx.cipher.decrypt(a.userTokenEnc);
      } catch {
        await repo.updateAccountCheck(ctx.db, a.id, { status: 'dead', statusMessage: 'DineDesk can no longer read the stored token (the encryption key changed): reconnect.', at: ctx.now() });
        a.status = 'dead';
        return true;
      }
      try {
        const d = await ctx.graph.debugToken(token);
        const at = ctx.now();
        if (!d.is_valid) {
          const message = `Facebook no longer accepts this account’s token: ${tokenDeathReason(d.error?.subcode ?? null)} (error 190${d.error?.subcode ? `/${d.error.subcode}` : ''}).`;
          await repo.updateAccountCheck(ctx.db, a.id, { status: 'dead', statusMessage: message, at });
          Object.assign(a, { status: 'dead', statusMessage: message, checkedAt: at });
        } else {
          const expires = d.expires_at ? new Date(d.expires_at * 1000) : null;
          await repo.updateAccountCheck(ctx.db, a.id, { status: 'valid', statusMessage: null, tokenExpiresAt: expires, scopes: d.scopes ?? a.scopes, at });
          Object.assign(a, { tokenExpiresAt: expires, scopes: d.scopes ?? a.scopes, checkedAt: at });
        }
        return true;
      } catch {
        return false;
      }
    }),
  );
  return results.every(Boolean);
}

/**
 * Connected Facebook accounts of the caller's client and the pages they serve, with token health
 * (docs/requirements/calls.md `get-accounts`). Scoped roles see only their outlets' pages, and only
 * the accounts that serve one of them.
 */
export async function listAccounts(ctx: AppContext, auth: AuthContext): Promise<TGetAccountsResponse> {
  const clientId = auth.clientId!;
  const [rows, pages] = await Promise.all([repo.listAccounts(ctx.db, clientId), repo.listClientPages(ctx.db, clientId, auth.outletIds)]);
  const visible = rows.filter((a) => auth.outletIds === null || pages.some((p) => p.facebookAccountId === a.id));
  const live = await refreshAccounts(ctx, visible);
  const now = ctx.now();
  const accounts: TFacebookAccount[] = visible.map((a) => {
    const health: TTokenHealth = a.status === 'dead' ? 'dead' : healthOf(a.tokenExpiresAt, now);
    const reason = a.status === 'dead' ? a.statusMessage : health === 'dead' ? 'The access token expired: reconnect.' : null;
    return {
      id: a.id,
      facebookUserId: a.facebookUserId,
      name: a.name,
      health,
      reason,
      expiresAt: a.tokenExpiresAt?.toISOString() ?? null,
      missingScopes: FACEBOOK_LOGIN_SCOPES.filter((s) => !a.scopes.includes(s)),
      connectedAt: a.connectedAt.toISOString(),
      connectedByName: a.connectedByName,
      checkedAt: a.checkedAt?.toISOString() ?? null,
      pages: pages.filter((p) => p.facebookAccountId === a.id).map((p) => pageView(p, health === 'dead' ? reason : null)),
    };
  });
  const served = new Set(accounts.flatMap((a) => a.pages.map((p) => p.id)));
  return { accounts, notConnected: pages.filter((p) => !served.has(p.id)).map((p) => pageView(p, null)), live };
}

/**
 * A page's row: `dead` when Facebook refused its token (recorded by any call, meta.service
 * `recordTokenDeath`) or the account's token died; page tokens from a long-lived user token
 * never expire (docs/requirements/platform-apis.md#facebook-login-and-tokens).
 */
function pageView(p: repo.ClientPageRow, accountDeath: string | null): TConnectedPage {
  const dead = p.connected && p.syncStatus === repo.TOKEN_DEAD_STATUS;
  return {
    id: p.id,
    name: p.name,
    outletId: p.outletId,
    outletName: p.outletName,
    brandName: p.brandName,
    connected: p.connected,
    health: !p.connected ? null : dead || accountDeath ? 'dead' : 'valid',
    reason: dead ? p.syncMessage : accountDeath,
    expiresAt: null,
    connectedAt: p.connectedAt?.toISOString() ?? null,
    webhooksSubscribed: p.webhooksSubscribed,
  };
}

/**
 * Demo wiring against the simulator: connects the pages of every client that has unconnected
 * ones through the same Facebook Login flow a person uses, in the name of the client's owner:
 * construct the dialog URL, approve the simulator's consent page as the test user who manages
 * the pages (the app's Graph Test Users), and finish with the redirect's code and state. Only
 * with a loopback Graph host: against Facebook a person must approve the dialog.
 * @returns the number of pages connected
 */
export async function connectDemoPages(ctx: AppContext, log: { warn(obj: object, msg: string): void }): Promise<number> {
  const dialogHost = new URL(ctx.config.graph.dialogBaseUrl).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(dialogHost)) return 0;
  const clients = await repo.clientsWithUnconnectedPages(ctx.db);
  if (!clients.length) return 0;
  const testUsers = await ctx.graph.get<{ data: { id: string; access_token?: string }[] }>(`${ctx.config.graph.appId}/accounts/test-users`, {}, ctx.graph.appToken);
  const managed = new Map<string, string[]>();
  for (const u of testUsers.data) {
    if (!u.access_token) continue;
    const ids: string[] = [];
    for await (const batch of ctx.graph.paginate<{ id: string }>('me/accounts', { fields: 'id', limit: 100 }, u.access_token)) ids.push(...batch.map((p) => p.id));
    managed.set(u.id, ids);
  }
  let connected = 0;
  for (const clientId of clients) {
    const ownerId = await repo.firstClientOwner(ctx.db, clientId);
    if (!ownerId) continue;
    const pageIds = new Set((await repo.listClientPages(ctx.db, clientId, null)).filter((p) => !p.connected).map((p) => p.id));
    const userId = [...managed].find(([, ids]) => ids.some((id) => pageIds.has(id)))?.[0];
    if (!userId) continue;
    const accessToken = await issueAccessToken(ctx, ownerId, clientId);
    const auth = await resolveAuth(ctx, accessToken);
    try {
      const origin = ctx.config.publicUrl ?? `http://127.0.0.1:${ctx.config.port}`;
      const { url, nonce } = await constructAuthUrl(ctx, auth, { origin, rerequest: false });
      const redirect = await approveSimulatorDialog(url, userId);
      const outcome = await completeConnect(ctx, Object.fromEntries(redirect.searchParams), nonce);
      if (outcome.ok) connected += outcome.pages;
      else log.warn({ clientId, reason: outcome.reason, detail: outcome.detail }, 'demo pages could not be connected');
    } finally {
      await revokeSession(ctx, auth.sessionId);
    }
  }
  return connected;
}

/**
 * Presses Approve on the simulator's consent page (packages/meta-sim `oauth.ts`) as `userId`,
 * granting every requested scope, as a person would in the popup.
 * @returns the URL Facebook redirects to (the callback with `code` and `state`)
 * @throws Error when the dialog does not answer with a redirect
 */
async function approveSimulatorDialog(dialogUrl: string, userId: string): Promise<URL> {
  const url = new URL(dialogUrl);
  const page = await fetch(url);
  if (!page.ok) throw new Error(`the Login dialog answered ${page.status}`);
  await page.text();
  const form = new URLSearchParams(url.searchParams);
  form.set('decision', 'approve');
  form.set('user_id', userId);
  for (const s of (url.searchParams.get('scope') ?? '').split(',')) if (s) form.set(`grant_${s}`, '1');
  const res = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`the Login dialog answered ${res.status} without a redirect`);
  return new URL(location);
}
