import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { AUTH_MESSAGES, MODULES, ZModule, type TAbilityRule, type TModule, type TRole } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { abilityRulesFor, buildAbility, type AppAbility } from '../../lib/ability.ts';
import { HttpError } from '../../lib/errors.ts';
import * as repo from './access.repository.ts';

/**
 * Access tokens and the access they carry (docs/requirements/validation.md and errors.md;
 * docs/decisions/0003, 0008, 0011): issue, verify and revoke, and `loadAccess`, the single place
 * where a user's role, outlets and modules in a client are computed. HTTP routes (through the
 * authorization hook of plugins/auth.ts) and the socket handshake resolve callers here.
 */

const ISSUER = 'dinedesk';
const AUDIENCE = 'dinedesk-web';

/** Who is calling: resolved from the bearer token on every authenticated request. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  email: string;
  fullName: string;
  /** The client this session acts for (the token's `cid`); null only for a super admin with none. */
  clientId: string | null;
  clientName: string | null;
  role: TRole;
  rules: TAbilityRule[];
  ability: AppAbility;
  /** Outlets the user may see in this client; null means every outlet of the client. */
  outletIds: string[] | null;
  /** Modules (menu groups) granted in this client; every module for owners and super admins. */
  modules: TModule[];
  /** When the session (and its token) expires: sockets are disconnected then. */
  expiresAt: Date;
}

/** A user's access in one client, as {@link loadAccess} computes it. */
export interface Access {
  role: TRole;
  clientName: string | null;
  /** Null: every outlet of the client (unscoped roles). */
  outletIds: string[] | null;
  modules: TModule[];
}

/** The HS256 key object of each JWT secret in use (normally one per process). */
const hmacKeys = new Map<string, KeyObject>();

/**
 * The token signing key as a Node `KeyObject`, made once per secret: given raw bytes, jose
 * imports the key again on every sign and verify, which showed in the request profile at 1M
 * rows (docs/decisions/0020).
 */
function key(ctx: AppContext): KeyObject {
  const secret = ctx.secrets.jwtSecret;
  let k = hmacKeys.get(secret);
  if (!k) {
    k = createSecretKey(Buffer.from(secret, 'utf8'));
    hmacKeys.set(secret, k);
  }
  return k;
}

/**
 * Issues a signed access token (HS256, `iss`/`aud`/`exp`, `jti` = session id, `cid` = the client
 * it acts for) and records the session so that logout can revoke it. Lifetime:
 * `ACCESS_TOKEN_TTL_SECONDS`.
 */
export async function issueAccessToken(ctx: AppContext, userId: string, clientId: string | null): Promise<string> {
  const sessionId = crypto.randomUUID();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.config.accessTokenTtlSeconds * 1000);
  await repo.insertSession(ctx.db, { id: sessionId, userId, clientId, createdAt: now, expiresAt });
  return new SignJWT(clientId ? { cid: clientId } : {})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(userId)
    .setJti(sessionId)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(ctx));
}

/**
 * Signs a short-lived value bound to the caller's session for a flow that leaves DineDesk and
 * comes back without the bearer token (Facebook Login's `state`, docs/decisions/0022). HS256 with
 * the access-token key, but its own `aud`, so it is never accepted as an access token and an
 * access token is never accepted as one.
 * @param audience e.g. `dinedesk-fb-connect` (never `dinedesk-web`)
 * @param claims extra claims; `jti` is a fresh random id (the flow's nonce)
 * @returns the token, its `jti`, and when it expires
 */
export async function signSessionBound(
  ctx: AppContext,
  auth: Pick<AuthContext, 'sessionId' | 'userId'>,
  audience: string,
  claims: Record<string, string>,
  ttlSeconds: number,
): Promise<{ token: string; nonce: string; expiresAt: Date }> {
  if (audience === AUDIENCE) throw new Error('session-bound values need their own audience');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ttlSeconds * 1000);
  const nonce = randomBytes(18).toString('base64url');
  const token = await new SignJWT({ ...claims, sid: auth.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setSubject(auth.userId)
    .setJti(nonce)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key(ctx));
  return { token, nonce, expiresAt };
}

/**
 * Verifies a value of {@link signSessionBound}. @returns null when it is altered, expired, of
 * another audience or malformed (the caller answers one plain failure, not which check failed)
 */
export async function verifySessionBound(
  ctx: AppContext,
  audience: string,
  token: string,
): Promise<{ sessionId: string; userId: string; nonce: string; claims: Record<string, unknown> } | null> {
  try {
    const { payload } = await jwtVerify(token, key(ctx), { algorithms: ['HS256'], issuer: ISSUER, audience, currentDate: ctx.now() });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string' || typeof payload.sid !== 'string') return null;
    return { sessionId: payload.sid, userId: payload.sub, nonce: payload.jti, claims: payload };
  } catch {
    return null;
  }
}

/** Revokes a session: its token answers 401 "Invalid token" from the next call on. */
export async function revokeSession(ctx: AppContext, sessionId: string): Promise<void> {
  await repo.revokeSession(ctx.db, sessionId, ctx.now());
}

/** Roles whose modules are not narrowed by grants. */
const ALL_MODULE_ROLES: readonly TRole[] = ['super_admin', 'client_owner'];

/**
 * Loads the role, visible outlets and modules of a user in a client: the single place where
 * access is computed, so every route and socket enforces the same rules.
 * @param known the client's name and the user's membership role when the caller has already
 *   read them (the per-request session lookup joins them, so a request costs one round trip);
 *   `clientName` null means the client no longer exists
 * @returns null when the user has no role there (not a member, or the client is gone)
 */
export async function loadAccess(
  ctx: AppContext,
  user: { id: string; isSuperAdmin: boolean },
  clientId: string | null,
  known?: { clientName: string | null; memberRole: string | null },
): Promise<Access | null> {
  let role: TRole | null = user.isSuperAdmin ? 'super_admin' : null;
  let clientName: string | null = null;
  if (clientId) {
    const row = known ?? (await repo.clientMembership(ctx.db, clientId, user.id));
    if (!row || row.clientName === null) return null;
    clientName = row.clientName;
    if (!user.isSuperAdmin) role = (row.memberRole as TRole | null) ?? null;
  }
  if (!role) return null;
  const [outletIds, modules] = await Promise.all([
    clientId && (role === 'brand_manager' || role === 'outlet_manager') ? repo.grantedOutletIds(ctx.db, user.id, clientId, role) : Promise.resolve(null),
    grantedModules(ctx, user.id, clientId, role),
  ]);
  return { role, clientName, outletIds, modules };
}

/** How long an AuthContext built by {@link actingAs} is valid: one job's work, never a session. */
const ACTING_AS_TTL_MS = 10 * 60_000;

/**
 * The one builder of an AuthContext for work done on a user's behalf without a request of
 * theirs (an automation rule's actions, a scheduled report, the demo's tickets): the access
 * `userId` holds in `clientId` now, resolved as their own request would resolve it, so a rule or
 * schedule can never do more than its owner may do today.
 * @param purpose names the work in `sessionId` (`automation:<userId>`), never a real session
 * @returns null when the user is gone or holds no role in the client (the caller skips the work)
 */
export async function actingAs(ctx: AppContext, userId: string | null, clientId: string, purpose: string): Promise<AuthContext | null> {
  if (!userId) return null;
  const user = await repo.userById(ctx.db, userId);
  if (!user) return null;
  const access = await loadAccess(ctx, { id: user.id, isSuperAdmin: user.isSuperAdmin }, clientId);
  if (!access) return null;
  return authContextOf({ userId: user.id, sessionId: `${purpose}:${user.id}`, email: user.email, fullName: user.fullName, clientId, expiresAt: new Date(ctx.now().getTime() + ACTING_AS_TTL_MS) }, access);
}

/**
 * An AuthContext from who is acting and the access resolved for them (loadAccess): the one
 * shape a request's session and work on a user's behalf share, the ability built from the role
 * and modules (lib/ability.ts).
 */
function authContextOf(who: Pick<AuthContext, 'userId' | 'sessionId' | 'email' | 'fullName' | 'clientId' | 'expiresAt'>, access: Access): AuthContext {
  const rules = abilityRulesFor(access.role, access.modules);
  return { ...who, clientName: access.clientName, role: access.role, rules, ability: buildAbility(rules), outletIds: access.outletIds, modules: access.modules };
}

/**
 * Modules a user may use in a client: every module for owners and super admins, else the
 * `module` access grants (docs/decisions/0008-modules-and-access.md).
 */
async function grantedModules(ctx: AppContext, userId: string, clientId: string | null, role: TRole): Promise<TModule[]> {
  if (ALL_MODULE_ROLES.includes(role)) return [...MODULES];
  if (!clientId) return [];
  const keys = await repo.grantedModuleKeys(ctx.db, userId, clientId);
  // Unknown keys (a module removed in a later version) are ignored rather than failing sign-in.
  return MODULES.filter((m) => keys.some((k) => ZModule.safeParse(k).success && k === m));
}

/** Most sessions whose access one process keeps (least recently used leave first). */
const ACCESS_CACHE_MAX_SESSIONS = 10_000;

/**
 * The access of recently seen sessions, per app context ("keep the access of a token
 * in a short-lived cache, invalidated by the access-change event"). A hit skips the session
 * query and the ability build; the signature and expiry of the token are still checked on every
 * call. Entries live `ACCESS_CACHE_SECONDS` (config; 0 turns the cache off) and are dropped at
 * once by `accessChanged` and `sessionsEnded`, which reach every process through the socket
 * plugin (plugins/socket.ts). `generation` grows with every invalidation: a lookup that was
 * already reading the database when one arrived does not store what it read, so a change that
 * commits during a lookup is never hidden for the whole TTL.
 */
interface AccessCache {
  entries: LRUCache<string, AuthContext>;
  generation: number;
}

const accessCaches = new WeakMap<AppContext, AccessCache | null>();

function accessCache(ctx: AppContext): AccessCache | null {
  let cache = accessCaches.get(ctx);
  if (cache !== undefined) return cache;
  cache = ctx.config.accessCacheSeconds > 0 ? { entries: new LRUCache({ max: ACCESS_CACHE_MAX_SESSIONS, ttl: ctx.config.accessCacheSeconds * 1000 }), generation: 0 } : null;
  accessCaches.set(ctx, cache);
  if (cache) {
    const c = cache;
    // Attached to the process's realtime hub, so every publication of these events in this
    // process drops the entries before any transport re-resolves a socket's access.
    ctx.realtime.attach({
      emit: () => {},
      reviewsChanged: () => {},
      mentionCreated: () => {},
      complaintChanged: () => {},
      ticketChanged: () => {},
      accessChanged: async (userIds) => dropCachedAccess(c, { userIds }),
      sessionsEnded: async (sessionIds) => dropCachedAccess(c, { sessionIds }),
    });
  }
  return cache;
}

/** What to drop from the access cache: these users' sessions, these sessions, or everything. */
export interface ForgetAccess {
  userIds?: readonly string[];
  sessionIds?: readonly string[];
  all?: boolean;
}

function dropCachedAccess(cache: AccessCache, what: ForgetAccess): void {
  cache.generation++;
  if (what.all) return cache.entries.clear();
  for (const id of what.sessionIds ?? []) cache.entries.delete(id);
  if (what.userIds?.length) {
    const users = new Set(what.userIds);
    for (const [sessionId, auth] of cache.entries.entries()) if (users.has(auth.userId)) cache.entries.delete(sessionId);
  }
}

/**
 * Drops the cached access of these users' sessions and of these sessions in this process, or all
 * of it. The socket plugin calls it when another process announces an access change or a logout,
 * and drops everything when its Redis link comes back after an outage (announcements may have
 * been lost); within a process the realtime hub does it (see {@link AccessCache}).
 */
export function forgetCachedAccess(ctx: AppContext, what: ForgetAccess): void {
  const cache = accessCaches.get(ctx);
  if (cache) dropCachedAccess(cache, what);
}

/**
 * Resolves an access token to the caller's identity and access (used by the authorization hook
 * and the socket handshake alike). Access comes from {@link loadAccess}, or for
 * `ACCESS_CACHE_SECONDS` from the process's cache of it ({@link AccessCache}); the token's
 * signature and expiry are checked on every call. The result is frozen.
 * @throws HttpError 401 "Invalid token" (missing, bad signature, algorithm, issuer, audience,
 *   revoked, password changed since, membership or client gone) or "Token has expired"
 *   (docs/requirements/validation.md and errors.md)
 */
export async function resolveAuth(ctx: AppContext, token: string | undefined): Promise<AuthContext> {
  if (!token) throw new HttpError(401, AUTH_MESSAGES.invalid);
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key(ctx), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: ctx.now(),
    }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw new HttpError(401, AUTH_MESSAGES.expired);
    throw new HttpError(401, AUTH_MESSAGES.invalid);
  }
  if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') throw new HttpError(401, AUTH_MESSAGES.invalid);
  return resolveSession(ctx, payload.jti, payload.sub);
}

/**
 * The access of a live session, by its id and user (the part of {@link resolveAuth} after the
 * token): for a flow that carries the session in a signed value of its own rather than a bearer
 * token, such as Facebook Login's `state` (docs/decisions/0022). Cached like resolveAuth.
 * @throws HttpError 401 when the session is unknown, revoked, expired, or its access is gone
 */
export async function resolveSession(ctx: AppContext, sessionId: string, userId: string): Promise<AuthContext> {
  const payload = { jti: sessionId, sub: userId };
  const cache = accessCache(ctx);
  const cached = cache?.entries.get(payload.jti);
  if (cached && cached.userId === payload.sub) {
    if (cached.expiresAt <= ctx.now()) throw new HttpError(401, AUTH_MESSAGES.expired);
    return cached;
  }
  const generation = cache?.generation;
  const row = await repo.sessionWithMembership(ctx.db, payload.jti, payload.sub);
  if (!row || row.revokedAt) throw new HttpError(401, AUTH_MESSAGES.invalid);
  if (row.expiresAt <= ctx.now()) throw new HttpError(401, AUTH_MESSAGES.expired);
  if (row.passwordChangedAt && row.passwordChangedAt > row.createdAt) throw new HttpError(401, AUTH_MESSAGES.invalid);
  const access = await loadAccess(ctx, { id: row.userId, isSuperAdmin: row.isSuperAdmin }, row.clientId, { clientName: row.clientName, memberRole: row.memberRole });
  // Membership (or the client) removed since the token was issued: the token grants nothing.
  if (!access) throw new HttpError(401, AUTH_MESSAGES.invalid);
  const auth = authContextOf({ userId: row.userId, sessionId: payload.jti, email: row.email, fullName: row.fullName, clientId: row.clientId, expiresAt: row.expiresAt }, access);
  // Shared by every request of the session while cached: frozen, so no caller can change another's.
  Object.freeze(auth.rules);
  if (auth.outletIds) Object.freeze(auth.outletIds);
  Object.freeze(auth.modules);
  Object.freeze(auth);
  if (cache && cache.generation === generation) cache.entries.set(payload.jti, auth);
  return auth;
}

/**
 * Throws 403 unless the caller's ability allows `action` on `subject` (server-side enforcement,
 * docs/requirements/code-layout.md#rules-of-thumb, rule 5). The authorization hook calls it with
 * each route's declared need; services call it only for rules that depend on the request (e.g.
 * another user's role).
 */
export function assertCan(auth: AuthContext, action: string, subject: string): void {
  if (!auth.ability.can(action, subject)) {
    throw new HttpError(403, `Your role (${auth.role}) may not ${action} ${subject}`);
  }
}

/** Throws 403 unless the session acts for a client (a super admin must switch into one first). */
export function requireClient(auth: AuthContext): string {
  if (!auth.clientId) throw new HttpError(403, 'Choose a client first');
  return auth.clientId;
}
