import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AUTH_MESSAGES, MODULES, ZModule, type TAbilityRule, type TModule, type TRole } from '@dinedesk/contracts';
import type { AppContext } from '../context.ts';
import { schema } from '../db/client.ts';
import { abilityRulesFor, buildAbility, type AppAbility } from '../lib/ability.ts';
import { HttpError } from '../lib/errors.ts';

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

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyInstance {
    ctx: AppContext;
    /** onRequest hook: 401 with "Invalid token" / "Token has expired" (spec §5, §8) unless signed in. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

function key(ctx: AppContext): Uint8Array {
  return new TextEncoder().encode(ctx.secrets.jwtSecret);
}

/**
 * Issues a signed access token (HS256, `iss`/`aud`/`exp`, `jti` = session id) and records the
 * session so that logout can revoke it.
 */
export async function issueAccessToken(ctx: AppContext, userId: string, clientId: string | null): Promise<string> {
  const sessionId = crypto.randomUUID();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.config.accessTokenTtlSeconds * 1000);
  await ctx.db.insert(schema.sessions).values({ id: sessionId, userId, clientId, createdAt: now, expiresAt });
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
 * Outlets a scoped role may see in a client: outlets of granted brands (brand managers) plus
 * granted outlets, in one query. Null means every outlet of the client (unscoped roles).
 */
export async function visibleOutletIds(ctx: AppContext, userId: string, clientId: string, role: TRole): Promise<string[] | null> {
  if (role !== 'brand_manager' && role !== 'outlet_manager') return null;
  const g = schema.accessGrants;
  // Compared as text: `ref_id` also holds module keys, and PostgreSQL may evaluate a `::uuid`
  // cast on rows the `kind` filter would drop, failing with "invalid input syntax for uuid".
  const grantsOf = (kind: string) =>
    sql`(select ${g.refId} from ${g} where ${g.userId} = ${userId} and ${g.clientId} = ${clientId} and ${g.kind} = ${kind})`;
  const rows = await ctx.db
    .select({ id: schema.outlets.id })
    .from(schema.outlets)
    .where(
      and(
        eq(schema.outlets.clientId, clientId),
        role === 'brand_manager'
          ? sql`(${schema.outlets.brandId}::text in ${grantsOf('brand')} or ${schema.outlets.id}::text in ${grantsOf('outlet')})`
          : sql`${schema.outlets.id}::text in ${grantsOf('outlet')}`,
      ),
    );
  return rows.map((r) => r.id);
}

/** Roles whose modules are not narrowed by grants. */
const ALL_MODULE_ROLES: readonly TRole[] = ['super_admin', 'client_owner'];

/**
 * Modules a user may use in a client: every module for owners and super admins, else the
 * `module` access grants (docs/decisions/0008-modules-and-access.md).
 */
export async function grantedModules(ctx: AppContext, userId: string, clientId: string | null, role: TRole): Promise<TModule[]> {
  if (ALL_MODULE_ROLES.includes(role)) return [...MODULES];
  if (!clientId) return [];
  const g = schema.accessGrants;
  const rows = await ctx.db
    .select({ ref: g.refId })
    .from(g)
    .where(and(eq(g.userId, userId), eq(g.clientId, clientId), eq(g.kind, 'module')));
  // Unknown keys (a module removed in a later version) are ignored rather than failing sign-in.
  return MODULES.filter((m) => rows.some((r) => ZModule.safeParse(r.ref).success && r.ref === m));
}

/**
 * Loads the role, ability and visible outlets of a user in a client: the single place where
 * access is computed, so every route enforces the same rules.
 */
export async function loadAccess(
  ctx: AppContext,
  user: { id: string; isSuperAdmin: boolean },
  clientId: string | null,
): Promise<{ role: TRole; clientName: string | null; outletIds: string[] | null; modules: TModule[] } | null> {
  let role: TRole | null = user.isSuperAdmin ? 'super_admin' : null;
  let clientName: string | null = null;
  if (clientId) {
    const [row] = await ctx.db
      .select({ role: schema.memberships.role, name: schema.clients.name })
      .from(schema.clients)
      .leftJoin(schema.memberships, and(eq(schema.memberships.clientId, schema.clients.id), eq(schema.memberships.userId, user.id)))
      .where(eq(schema.clients.id, clientId));
    if (!row) return null;
    clientName = row.name;
    if (!user.isSuperAdmin) role = (row.role as TRole | null) ?? null;
  }
  if (!role) return null;
  const [outletIds, modules] = await Promise.all([
    clientId ? visibleOutletIds(ctx, user.id, clientId, role) : Promise.resolve(null),
    grantedModules(ctx, user.id, clientId, role),
  ]);
  return { role, clientName, outletIds, modules };
}

/**
 * Resolves an access token to the caller's identity and access (used by HTTP routes and the
 * socket handshake alike).
 * @throws HttpError 401 "Invalid token" (bad signature, algorithm, issuer, audience, revoked,
 *   membership gone) or "Token has expired" (spec §5, §8)
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
  // One round trip for session, user, membership and client: this runs on every request.
  const [row] = await ctx.db
    .select({
      revokedAt: schema.sessions.revokedAt,
      expiresAt: schema.sessions.expiresAt,
      clientId: schema.sessions.clientId,
      createdAt: schema.sessions.createdAt,
      userId: schema.users.id,
      email: schema.users.email,
      fullName: schema.users.fullName,
      isSuperAdmin: schema.users.isSuperAdmin,
      passwordChangedAt: schema.users.passwordChangedAt,
      clientName: schema.clients.name,
      memberRole: schema.memberships.role,
    })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .leftJoin(schema.clients, eq(schema.clients.id, schema.sessions.clientId))
    .leftJoin(schema.memberships, and(eq(schema.memberships.userId, schema.sessions.userId), eq(schema.memberships.clientId, schema.sessions.clientId)))
    .where(and(eq(schema.sessions.id, payload.jti), eq(schema.sessions.userId, payload.sub)));
  if (!row || row.revokedAt) throw new HttpError(401, AUTH_MESSAGES.invalid);
  if (row.expiresAt <= ctx.now()) throw new HttpError(401, AUTH_MESSAGES.expired);
  if (row.passwordChangedAt && row.passwordChangedAt > row.createdAt) throw new HttpError(401, AUTH_MESSAGES.invalid);
  const role = (row.isSuperAdmin ? 'super_admin' : row.memberRole) as TRole | null;
  // Membership (or the client) removed since the token was issued: the token grants nothing.
  if (!role || (row.clientId && row.clientName === null)) throw new HttpError(401, AUTH_MESSAGES.invalid);
  const [outletIds, modules] = await Promise.all([
    row.clientId ? visibleOutletIds(ctx, row.userId, row.clientId, role) : Promise.resolve(null),
    grantedModules(ctx, row.userId, row.clientId, role),
  ]);
  const access = { role, clientName: row.clientName, outletIds };
  const rules = abilityRulesFor(access.role, modules);
  return {
    userId: row.userId,
    sessionId: payload.jti,
    email: row.email,
    fullName: row.fullName,
    clientId: row.clientId,
    clientName: access.clientName,
    role: access.role,
    rules,
    ability: buildAbility(rules),
    outletIds: access.outletIds,
    modules,
    expiresAt: row.expiresAt,
  };
}

async function authenticate(this: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization ?? '';
  request.auth = await resolveAuth(this.ctx, /^Bearer\s+(\S+)$/i.exec(header)?.[1]);
}

/**
 * Registers `app.authenticate`; routes opt in with `onRequest: app.authenticate` (before body
 * validation, so an unauthenticated caller gets 401, never a 400 that describes the input).
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.decorate('authenticate', authenticate);
}

/**
 * Throws 403 unless the caller's ability allows `action` on `subject` (server-side enforcement,
 * style.md rule 5).
 */
export function requireAbility(request: FastifyRequest, action: string, subject: string): void {
  if (!request.auth.ability.can(action, subject)) {
    throw new HttpError(403, `Your role (${request.auth.role}) may not ${action} ${subject}`);
  }
}

/** Throws 403 unless the session acts for a client (a super admin must switch into one first). */
export function requireClient(request: FastifyRequest): string {
  if (!request.auth.clientId) throw new HttpError(403, 'Choose a client first');
  return request.auth.clientId;
}
