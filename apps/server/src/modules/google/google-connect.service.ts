import { API, GOOGLE_SCOPES, type TGoogleConnectFailure, type TGoogleLocation, type TGoogleConnection, type TGoogleLocationChoice, type TLinkGoogleLocationRequest } from '@dinedesk/contracts';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { pkceChallenge, pkceVerifier } from '../../lib/pkce.ts';
import { audit } from '../../lib/audit.ts';
import { HttpError } from '../../lib/errors.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { GoogleApiError } from '../../lib/google-client.ts';
import { cleanText } from '../../lib/text.ts';
import { inTenantScope } from '../../lib/tenant-scope.ts';
import type { AuthContext } from '../access/index.ts';
import { issueAccessToken, resolveAuth, resolveSession, revokeSession, signSessionBound, verifySessionBound } from '../access/index.ts';
import { firstClientOwner } from '../meta/index.ts';
import { checkFilterIds } from '../reviews/index.ts';
import { googleErrorInWords, rememberAccessToken, withGoogleAccess } from './google-access.ts';
import { googleSyncLocationJob } from './google-sync.service.ts';
import * as repo from './google.repository.ts';

/**
 * Google connect and location linking (docs/requirements/platform-apis.md#google-business-profile,
 * docs/decisions/0024).
 *
 * construct-fb-auth-url?authType=google → {@link constructGoogleAuthUrl}: Google's consent URL
 *   (scopes openid, email, profile, business.manage; offline) with a `state` bound to the
 *   caller's session and, through a cookie nonce, to the browser.
 * google-auth-callback → {@link completeGoogleConnect}: state and nonce checked, code → tokens
 *   (a refresh token is required) → userinfo → the connection stored with the refresh token sealed.
 * get-locations-for-user → {@link locationsForUser}: live from Google, each connection's business
 *   accounts and their locations, with the outlet each is linked to (or one its store code suggests).
 * link-google-location → {@link linkLocation}: owners link a location to an outlet (or unlink it).
 */

const STATE_AUDIENCE = 'dinedesk-google-connect';
export const GOOGLE_STATE_TTL_SECONDS = 10 * 60;
export const GOOGLE_STATE_COOKIE = 'dinedesk_google_state';
/** What DineDesk asks of Google: who the user is (openid, email, profile), and Business Profile. */
export const GOOGLE_CONSENT_SCOPES = ['openid', 'email', 'profile', ...GOOGLE_SCOPES] as const;
/** Fields of a v1 location DineDesk reads (the `readMask` is required,
 * docs/requirements/platform-apis.md#google-business-profile). */
const LOCATION_READ_MASK = 'name,title,storeCode,storefrontAddress,metadata';
/** Pages of accounts and of locations read per connection: bounds a runaway listing. */
const MAX_PAGES = 20;

export type GoogleConnectOutcome = { ok: true; connectionId: string; email: string } | { ok: false; reason: TGoogleConnectFailure; detail: string };
/** 404 naming the field: the id is unknown to the caller (or another client's, docs/decisions/0004). */
const notFound = (message: string, field: string) => new HttpError(404, message, { field });
const fail = (reason: TGoogleConnectFailure, detail: string): GoogleConnectOutcome => ({ ok: false, reason, detail });

/**
 * Google's consent URL for the caller's client (docs/requirements/calls.md
 * `construct-fb-auth-url?authType=google`).
 * @param origin this server's origin for `redirect_uri` (routes: `oauthOrigin`, PUBLIC_URL or a loopback origin)
 */
export async function constructGoogleAuthUrl(ctx: AppContext, auth: AuthContext, opts: { origin: string }): Promise<{ url: string; nonce: string; expiresAt: Date }> {
  const redirectUri = `${opts.origin}${API.googleAuthCallback}`;
  const { token, nonce, expiresAt } = await signSessionBound(ctx, auth, STATE_AUDIENCE, { cid: auth.clientId!, ruri: redirectUri }, GOOGLE_STATE_TTL_SECONDS);
  const codeChallenge = pkceChallenge(pkceVerifier(ctx.secrets.jwtSecret, nonce));
  return { url: ctx.google.consentUrl({ redirectUri, state: token, scopes: GOOGLE_CONSENT_SCOPES, codeChallenge }), nonce, expiresAt };
}

const ZUserinfo = z.object({ sub: z.string().min(1).max(255), email: z.string().max(320).optional(), name: z.string().max(1000).optional() });

/**
 * Finishes a connect from Google's redirect. Never throws for what Google or the browser sent:
 * every failure is an outcome with a reason, with nothing written.
 */
export async function completeGoogleConnect(
  ctx: AppContext,
  q: { code?: string; state?: string; error?: string; scope?: string },
  cookieNonce: string | undefined,
): Promise<GoogleConnectOutcome> {
  const state = q.state ? await verifySessionBound(ctx, STATE_AUDIENCE, q.state) : null;
  if (!state || typeof state.claims.cid !== 'string' || typeof state.claims.ruri !== 'string') return fail('state', 'missing, altered or expired state');
  if (!cookieNonce || cookieNonce !== state.nonce) return fail('state', 'the state was issued to another browser');
  if (q.error) return fail('cancelled', `Google answered ${cleanText(q.error).slice(0, 100)}`);
  if (!q.code) return fail('exchange', 'no code in the redirect');
  let auth: AuthContext;
  try {
    auth = await resolveSession(ctx, state.sessionId, state.userId);
  } catch {
    return fail('state', 'the session that asked has ended');
  }
  if (auth.clientId !== state.claims.cid || !auth.ability.can('create', 'PageConnection')) return fail('state', 'the session may no longer connect sources for this client');
  let tokens;
  let me: z.infer<typeof ZUserinfo>;
  try {
    tokens = await ctx.google.exchangeCode(q.code, state.claims.ruri, pkceVerifier(ctx.secrets.jwtSecret, state.nonce));
    const granted = (tokens.scope ?? '').split(/\s+/);
    if (!GOOGLE_SCOPES.every((s) => granted.includes(s))) return fail('permissions', `not granted: ${GOOGLE_SCOPES.filter((s) => !granted.includes(s)).join(', ')}`);
    if (!tokens.refresh_token) return fail('exchange', 'Google gave no refresh token (offline access was not granted)');
    me = ZUserinfo.parse(await ctx.google.call('GET', 'openidconnect', 'v1/userinfo', tokens.access_token));
  } catch (e) {
    if (e instanceof GoogleApiError && e.httpStatus > 0 && e.httpStatus < 500) return fail('exchange', e.message);
    if (e instanceof z.ZodError) return fail('google', 'Google answered userinfo in an unexpected shape');
    return fail('google', e instanceof Error ? e.message : String(e));
  }
  const now = ctx.now();
  const sealed = ctx.cipher.encrypt(tokens.refresh_token);
  const email = cleanText(me.email ?? '').slice(0, 320) || `${me.sub}@google`;
  const connectionId = await ctx.db.transaction(async (tx) => {
    const id = await repo.upsertConnection(tx, {
      clientId: auth.clientId!,
      googleUserId: cleanText(me.sub),
      email,
      name: cleanText(me.name ?? '').slice(0, 200) || email,
      refreshTokenEnc: sealed,
      scopes: (tokens.scope ?? '').split(/\s+/).filter(Boolean),
      at: now,
      connectedBy: auth.userId,
    });
    await repo.reviveLocations(tx, id);
    await audit(tx, { clientId: auth.clientId!, actorUserId: auth.userId, action: 'google.connected', target: `google_connection:${id}`, details: { email }, at: now });
    return id;
  });
  rememberAccessToken(connectionId, sealed, tokens.access_token, now.getTime() + tokens.expires_in * 1000);
  await queueClientSync(ctx, auth.clientId!);
  return { ok: true, connectionId, email };
}

/** Queues a sync of every linked location of the client (after a connect or a link). */
async function queueClientSync(ctx: AppContext, clientId: string): Promise<void> {
  for (const l of (await repo.syncableLocations(ctx.db)).filter((l) => l.clientId === clientId)) {
    await ctx.jobs.send(googleSyncLocationJob, { clientId, outletId: l.outletId, locationId: l.id }, { singletonKey: l.id });
  }
  ctx.jobs.wake(googleSyncLocationJob);
}

const ZAccounts = z.object({ accounts: z.array(z.unknown()).optional(), nextPageToken: z.string().optional() });
const ZAccount = z.object({ name: z.string().regex(/^accounts\/\d{1,32}$/) });
const ZLocations = z.object({ locations: z.array(z.unknown()).optional(), nextPageToken: z.string().optional() });
const ZLocation = z.object({
  name: z.string().regex(/^locations\/\d{1,32}$/),
  title: z.string().max(1000).optional(),
  storeCode: z.string().max(200).optional(),
  storefrontAddress: z.object({ addressLines: z.array(z.string()).optional(), locality: z.string().optional(), postalCode: z.string().optional() }).optional(),
  metadata: z.object({ mapsUri: z.string().optional() }).optional(),
});
type GLocation = z.infer<typeof ZLocation> & { accountName: string };

/** Every location of the connection's business accounts, from Google (v1 accounts and locations). */
async function listGoogleLocations(ctx: AppContext, conn: repo.ConnectionRow): Promise<GLocation[]> {
  return withGoogleAccess(ctx, conn, async (token) => {
    const accounts: string[] = [];
    let pageToken: string | undefined;
    for (let i = 0; i < MAX_PAGES; i++) {
      const page = ZAccounts.parse(await ctx.google.call('GET', 'mybusinessaccountmanagement', 'v1/accounts', token, { query: { pageSize: 20, pageToken } }));
      for (const a of page.accounts ?? []) {
        const parsed = ZAccount.safeParse(a);
        if (parsed.success) accounts.push(parsed.data.name);
      }
      pageToken = page.nextPageToken;
      if (!pageToken) break;
    }
    const out: GLocation[] = [];
    for (const accountName of accounts) {
      pageToken = undefined;
      for (let i = 0; i < MAX_PAGES; i++) {
        const page = ZLocations.parse(await ctx.google.call('GET', 'mybusinessbusinessinformation', `v1/${accountName}/locations`, token, { query: { readMask: LOCATION_READ_MASK, pageSize: 100, pageToken } }));
        for (const l of page.locations ?? []) {
          const parsed = ZLocation.safeParse(l);
          if (parsed.success) out.push({ ...parsed.data, accountName });
        }
        pageToken = page.nextPageToken;
        if (!pageToken) break;
      }
    }
    return out;
  });
}

const oneLine = (l: GLocation) => {
  const a = l.storefrontAddress;
  const parts = [...(a?.addressLines ?? []), a?.locality, a?.postalCode].filter((p): p is string => !!p && p.trim() !== '');
  return parts.length ? cleanText(parts.join(', ')).slice(0, 500) : null;
};

/**
 * The client's Google connections and, live from Google, their locations
 * (docs/requirements/calls.md `get-locations-for-user`). A connection Google refuses shows its
 * reason instead of locations; the others still list. Scoped roles see only locations linked to
 * their outlets, or unlinked.
 */
export async function locationsForUser(ctx: AppContext, auth: AuthContext, connectionId?: string): Promise<TGoogleConnection[]> {
  const clientId = auth.clientId!;
  let conns = await repo.listConnections(ctx.db, clientId);
  if (connectionId) {
    conns = conns.filter((c) => c.id === connectionId);
    if (!conns.length) throw notFound(`Google connection ${connectionId} not found`, 'body.connectionId');
  }
  return Promise.all(
    conns.map(async (c): Promise<TGoogleConnection> => {
      let found: GLocation[];
      try {
        found = await listGoogleLocations(ctx, c);
      } catch (e) {
        if (!(e instanceof GoogleApiError) && !(e instanceof z.ZodError)) throw e;
        const fresh = await repo.getConnection(ctx.db, c.id);
        const dead = fresh?.status === 'dead';
        return { ...connectionBase(c), health: dead ? 'dead' : 'valid', reason: dead ? fresh!.statusMessage : null, locations: [], error: e instanceof GoogleApiError ? googleErrorInWords(e, 'listing locations') : 'Google answered in an unexpected shape.' };
      }
      return connectionView(ctx, auth, c, found);
    }),
  );
}

const connectionBase = (c: repo.ConnectionRow & { connectedByName: string | null }) => ({
  id: c.id,
  email: c.email,
  name: c.name,
  connectedAt: c.connectedAt.toISOString(),
  connectedByName: c.connectedByName,
});

/** Google's Maps link, if it is an https URL (a link DineDesk shows must not run script). */
function mapsLink(raw: string | undefined): string | null {
  if (!raw) return null;
  try {
    return new URL(raw).protocol === 'https:' ? raw : null;
  } catch {
    return null;
  }
}

/**
 * A connection with the locations Google listed for it: each with its linked outlet, or the
 * caller's free outlet whose key is the location's store code. Another client's locations, and
 * locations linked to outlets the caller cannot see, are left out.
 */
async function connectionView(ctx: AppContext, auth: AuthContext, c: repo.ConnectionRow & { connectedByName: string | null }, found: GLocation[]): Promise<TGoogleConnection> {
  const clientId = auth.clientId!;
  const [links, outlets, linkedOutlets] = await Promise.all([
    repo.linksOf(ctx.db, found.map((l) => l.name)),
    repo.scopeOutlets(ctx.db, { clientId, outletIds: auth.outletIds }),
    repo.linkedOutletIds(ctx.db, clientId),
  ]);
  // Only outlets without a location can be suggested: one location per outlet.
  const outletByKey = new Map(outlets.filter((o) => !linkedOutlets.has(o.id)).map((o) => [o.key, o]));
  const locations: TGoogleLocationChoice[] = [];
  for (const l of found) {
    const link = links.get(l.name);
    if (link && link.clientId !== clientId) continue;
    if (link && !inTenantScope(auth, link)) continue;
    const suggested = !link && l.storeCode ? outletByKey.get(l.storeCode) : undefined;
    locations.push({
      name: l.name,
      accountName: l.accountName,
      title: cleanText(l.title ?? '').slice(0, 200) || l.name,
      storeCode: l.storeCode ? cleanText(l.storeCode) : null,
      address: oneLine(l),
      mapsUri: mapsLink(l.metadata?.mapsUri),
      linkedOutletId: link?.outletId ?? null,
      linkedOutletName: link?.outletName ?? null,
      suggestedOutletId: suggested?.id ?? null,
    });
  }
  return { ...connectionBase(c), health: 'valid', reason: null, locations, error: null };
}

/**
 * The caller's linked locations with review counts and sync state (docs/requirements/calls.md
 * `get_locations/get-locations`).
 * @throws HttpError 404 naming `body.outletId` for an outlet the caller cannot see
 */
export async function listLinkedLocations(ctx: AppContext, auth: AuthContext, outletId?: string): Promise<TGoogleLocation[]> {
  await checkFilterIds(ctx, auth, { outletId });
  return repo.listLocations(ctx.db, { clientId: auth.clientId!, outletIds: auth.outletIds }, outletId);
}

/**
 * Links a Google location to an outlet of the caller's client, or unlinks it (`outletId: null`;
 * its stored Google reviews are removed with the link, Google keeps them). The location must be
 * one the connection's Google user manages (asked of Google), and the outlet must have none yet.
 * @throws HttpError 404 (connection, outlet or location unknown to the caller), 409 (outlet or
 *   location already linked), 502 (Google could not be asked)
 */
export async function linkLocation(ctx: AppContext, auth: AuthContext, req: TLinkGoogleLocationRequest): Promise<TGoogleConnection> {
  const clientId = auth.clientId!;
  const conn = await repo.getConnection(ctx.db, req.connectionId);
  if (!conn || conn.clientId !== clientId) throw notFound(`Google connection ${req.connectionId} not found`, 'body.connectionId');
  const existing = await repo.getLocation(ctx.db, req.locationName);
  if (existing && existing.clientId !== clientId) throw new HttpError(409, 'This Google location is linked to another DineDesk client.', { field: 'body.locationName', code: 'location_taken' });
  if (existing && !inTenantScope(auth, existing)) throw notFound(`Google location ${req.locationName} not found`, 'body.locationName');
  const now = ctx.now();
  if (req.outletId === null) {
    if (!existing) throw notFound(`Google location ${req.locationName} is not linked`, 'body.locationName');
    await ctx.db.transaction(async (tx) => {
      await repo.deleteLocation(tx, existing.id);
      await audit(tx, { clientId, actorUserId: auth.userId, action: 'google.location_unlinked', target: `google_location:${existing.id}`, details: { outletId: existing.outletId }, at: now });
    });
  } else {
    const outlet = (await repo.scopeOutlets(ctx.db, { clientId, outletIds: auth.outletIds })).find((o) => o.id === req.outletId);
    if (!outlet) throw notFound(`Outlet ${req.outletId} not found`, 'body.outletId');
    if (existing?.outletId === outlet.id) return (await locationsForUser(ctx, auth, conn.id))[0]!;
    if (existing) throw new HttpError(409, `This Google location is already linked to another outlet; unlink it first.`, { field: 'body.locationName', code: 'location_linked' });
    const taken = await repo.locationOfOutlet(ctx.db, outlet.id);
    if (taken) throw new HttpError(409, `${outlet.name} already has a Google location (${taken.title}); unlink it first.`, { field: 'body.outletId', code: 'outlet_linked' });
    let found: GLocation[];
    try {
      found = await listGoogleLocations(ctx, conn);
    } catch (e) {
      if (e instanceof GoogleApiError) throw new HttpError(502, googleErrorInWords(e, 'checking the location'), { code: `google_${e.httpStatus}` });
      throw e;
    }
    const loc = found.find((l) => l.name === req.locationName && l.accountName === req.accountName);
    if (!loc) throw notFound(`The Google account ${conn.email} does not manage ${req.locationName} in ${req.accountName}`, 'body.locationName');
    try {
      await ctx.db.transaction(async (tx) => {
        await repo.insertLocation(tx, {
          id: loc.name,
          clientId,
          outletId: outlet.id,
          connectionId: conn.id,
          accountName: loc.accountName,
          title: cleanText(loc.title ?? '').slice(0, 200) || loc.name,
          mapsUri: mapsLink(loc.metadata?.mapsUri),
          linkedAt: now,
        });
        await audit(tx, { clientId, actorUserId: auth.userId, action: 'google.location_linked', target: `google_location:${loc.name}`, details: { outletId: outlet.id, connectionId: conn.id }, at: now });
      });
    } catch (e) {
      // Two owners linking at once: the unique keys decide, and the loser hears why.
      if (uniqueViolation(e)) throw new HttpError(409, 'This location or outlet was just linked by someone else; reload.', { code: 'location_linked' });
      throw e;
    }
    await ctx.jobs.send(googleSyncLocationJob, { clientId, outletId: outlet.id, locationId: loc.name }, { singletonKey: loc.name });
    ctx.jobs.wake(googleSyncLocationJob);
    // Google was just asked: answer from that listing rather than ask again (quota).
    return connectionView(ctx, auth, await connWithName(ctx, conn), found);
  }
  return (await locationsForUser(ctx, auth, conn.id))[0]!;
}

async function connWithName(ctx: AppContext, conn: repo.ConnectionRow) {
  return (await repo.listConnections(ctx.db, conn.clientId)).find((c) => c.id === conn.id) ?? { ...conn, connectedByName: null };
}

/**
 * Demo wiring against the simulator: each demo client without a Google connection connects
 * through the same consent flow a person uses (its owner's session; Allow pressed as the
 * client's Google user, whose email is `admin@{client key}.example.com`), then links every
 * location whose store code is an outlet's key. Only with a loopback Google host.
 * @returns the number of locations linked
 */
export async function connectDemoGoogle(ctx: AppContext, log: { warn(obj: object, msg: string): void }): Promise<number> {
  if (!ctx.config.google.connectDemo) return 0;
  let linked = 0;
  for (const client of await repo.clientsWithoutGoogle(ctx.db)) {
    const ownerId = await firstClientOwner(ctx.db, client.id);
    if (!ownerId) continue;
    const accessToken = await issueAccessToken(ctx, ownerId, client.id);
    const auth = await resolveAuth(ctx, accessToken);
    try {
      const origin = ctx.config.publicUrl ?? `http://127.0.0.1:${ctx.config.port}`;
      const { url, nonce } = await constructGoogleAuthUrl(ctx, auth, { origin });
      const redirect = await approveSimulatorConsent(url, `admin@${client.key}.example.com`);
      if (!redirect) continue;
      const outcome = await completeGoogleConnect(ctx, Object.fromEntries(redirect.searchParams), nonce);
      if (!outcome.ok) {
        log.warn({ clientId: client.id, reason: outcome.reason, detail: outcome.detail }, 'demo Google account could not be connected');
        continue;
      }
      const [conn] = await locationsForUser(ctx, auth, outcome.connectionId);
      for (const l of conn?.locations ?? []) {
        if (l.linkedOutletId || !l.suggestedOutletId) continue;
        await linkLocation(ctx, auth, { connectionId: outcome.connectionId, accountName: l.accountName, locationName: l.name, outletId: l.suggestedOutletId });
        linked++;
      }
    } finally {
      await revokeSession(ctx, auth.sessionId);
    }
  }
  return linked;
}

/**
 * Presses Allow on the simulator's consent page as the Google user with `email`.
 * @returns the redirect to the callback, or null when the simulator has no such user
 * @throws Error when the page does not answer as expected
 */
async function approveSimulatorConsent(consentUrl: string, email: string): Promise<URL | null> {
  const url = new URL(consentUrl);
  const page = await fetch(url);
  if (!page.ok) throw new Error(`Google's consent page answered ${page.status}`);
  const html = await page.text();
  // The page lists each user as a radio input followed by name and email.
  const m = new RegExp(`value="(\\d+)"[^>]*>[^<]*<span class="note">${email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</span>`).exec(html);
  if (!m) return null;
  const form = new URLSearchParams(url.searchParams);
  form.set('decision', 'approve');
  form.set('user_id', m[1]!);
  const res = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`Google's consent page answered ${res.status} without a redirect`);
  return new URL(location);
}
