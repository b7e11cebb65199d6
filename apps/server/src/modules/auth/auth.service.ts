import { hash, verify } from '@node-rs/argon2';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import type { TUserData } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { schema } from '../../db/client.ts';
import { abilityRulesFor } from '../../lib/ability.ts';
import { HttpError } from '../../lib/errors.ts';
import { issueAccessToken, loadAccess, type AuthContext } from '../../plugins/auth.ts';

/** argon2id with 19 MiB, t=2, p=1 (targets.md "Security", OWASP password storage). */
const ARGON2 = { algorithm: 2 as const, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };
export const hashPassword = (password: string) => hash(password, ARGON2);

/** Throttle windows (targets.md): 5 failures per 5 min per IP, 10 per 15 min per account. */
const IP_LIMIT = { max: 5, windowMs: 5 * 60_000 };
const ACCOUNT_LIMIT = { max: 10, windowMs: 15 * 60_000 };
export const LOGIN_FAILED_MESSAGE = 'Email or password is incorrect';

// Verifying against a fixed hash when the email is unknown keeps the response time the same,
// so timing does not reveal which emails have accounts.
let dummyHash: Promise<string> | null = null;

/**
 * Signs a user in with email and password.
 * @returns the access token and the `userData` of spec §3
 * @throws HttpError 429 when throttled, 401 "Email or password is incorrect" otherwise
 */
export async function login(ctx: AppContext, email: string, password: string, ip: string) {
  const normalized = email.trim().toLowerCase();
  const now = ctx.now();
  const [byIp] = await ctx.db
    .select({ n: count() })
    .from(schema.loginFailures)
    .where(and(eq(schema.loginFailures.ip, ip), gt(schema.loginFailures.at, new Date(now.getTime() - IP_LIMIT.windowMs))));
  const [byAccount] = await ctx.db
    .select({ n: count() })
    .from(schema.loginFailures)
    .where(and(eq(schema.loginFailures.email, normalized), gt(schema.loginFailures.at, new Date(now.getTime() - ACCOUNT_LIMIT.windowMs))));
  if ((byIp?.n ?? 0) >= IP_LIMIT.max || (byAccount?.n ?? 0) >= ACCOUNT_LIMIT.max) {
    throw new HttpError(429, 'Too many failed sign-in attempts. Wait a few minutes and try again.');
  }
  const [user] = await ctx.db.select().from(schema.users).where(sql`lower(${schema.users.email}) = ${normalized}`);
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = user?.passwordHash ? await verify(user.passwordHash, password) : (await verify(await dummyHash, password), false);
  if (!user || !ok) {
    await ctx.db.insert(schema.loginFailures).values({ email: normalized, ip, at: now });
    throw new HttpError(401, LOGIN_FAILED_MESSAGE);
  }
  return signIn(ctx, user, await defaultClientOf(ctx, user));
}

/**
 * The client a fresh sign-in acts for: the user's oldest membership, or for a super admin
 * without one the first client.
 */
export async function defaultClientOf(ctx: AppContext, user: { id: string; isSuperAdmin: boolean }): Promise<string | null> {
  const [membership] = await ctx.db
    .select({ clientId: schema.memberships.clientId })
    .from(schema.memberships)
    .where(eq(schema.memberships.userId, user.id))
    .orderBy(asc(schema.memberships.createdAt), asc(schema.memberships.clientId))
    .limit(1);
  if (membership) return membership.clientId;
  if (!user.isSuperAdmin) return null;
  const [first] = await ctx.db.select({ id: schema.clients.id }).from(schema.clients).orderBy(asc(schema.clients.createdAt), asc(schema.clients.key)).limit(1);
  return first?.id ?? null;
}

/**
 * Issues a session acting for `clientId` and answers like the login call (`{accessToken,
 * userData}`): used by login, set-password, ReservGo sign-on and the client switch.
 * @throws HttpError 403 when the user has no role in that client
 */
export async function signIn(
  ctx: AppContext,
  user: { id: string; email: string; fullName: string; isSuperAdmin: boolean },
  clientId: string | null,
): Promise<{ accessToken: string; userData: TUserData }> {
  const access = await loadAccess(ctx, user, clientId);
  if (!access) throw new HttpError(403, 'This account has no access to any client yet');
  const accessToken = await issueAccessToken(ctx, user.id, clientId);
  const userData: TUserData = {
    id: user.id,
    email: user.email,
    fullName: user.fullName,
    role: access.role,
    ability: abilityRulesFor(access.role, access.modules),
    client: clientId ? { id: clientId, name: access.clientName ?? '' } : null,
  };
  return { accessToken, userData };
}

/** Revokes the session of the calling token (`GET /api/logout`). */
export async function logout(ctx: AppContext, auth: AuthContext): Promise<void> {
  await ctx.db.update(schema.sessions).set({ revokedAt: ctx.now() }).where(eq(schema.sessions.id, auth.sessionId));
}

export function userDataOf(auth: AuthContext): TUserData {
  return {
    id: auth.userId,
    email: auth.email,
    fullName: auth.fullName,
    role: auth.role,
    ability: auth.rules,
    client: auth.clientId ? { id: auth.clientId, name: auth.clientName ?? '' } : null,
  };
}

/** The signed-in client with the brands and outlets the caller may see (get-client-details). */
export async function clientDetails(ctx: AppContext, auth: AuthContext) {
  if (!auth.clientId) return null;
  const [client] = await ctx.db.select().from(schema.clients).where(eq(schema.clients.id, auth.clientId));
  if (!client) return null;
  const rows = await ctx.db
    .select({ brandId: schema.brands.id, brandName: schema.brands.name, outletId: schema.outlets.id, outletName: schema.outlets.name, city: schema.outlets.city })
    .from(schema.brands)
    .innerJoin(schema.outlets, eq(schema.outlets.brandId, schema.brands.id))
    .where(eq(schema.brands.clientId, client.id))
    .orderBy(asc(schema.brands.name), asc(schema.outlets.name));
  const visible = auth.outletIds ? new Set(auth.outletIds) : null;
  const brands = new Map<string, { id: string; name: string; outlets: { id: string; name: string; city: string }[] }>();
  for (const r of rows) {
    if (visible && !visible.has(r.outletId)) continue;
    const b = brands.get(r.brandId) ?? { id: r.brandId, name: r.brandName, outlets: [] };
    b.outlets.push({ id: r.outletId, name: r.outletName, city: r.city });
    brands.set(r.brandId, b);
  }
  return { id: client.id, key: client.key, name: client.name, brands: [...brands.values()] };
}
