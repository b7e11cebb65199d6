import type { TUserData } from '@dinedesk/contracts';
import type { AppContext } from '../../context.ts';
import { abilityRulesFor } from '../../lib/ability.ts';
import { HttpError } from '../../lib/errors.ts';
import { ThrottledError, type LoginThrottle } from '../../lib/login-throttle.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { MessageLanguage } from '../../lib/request-language.ts';
import * as repo from './access.repository.ts';
import { issueAccessToken, loadAccess, revokeSession, type AuthContext } from './session.service.ts';

export const LOGIN_FAILED_MESSAGE = 'Email or password is incorrect';

/** The 429 answer's message, in the caller's language (docs/requirements/data.md). */
const THROTTLED_MESSAGES: Record<MessageLanguage, (minutes: number) => string> = {
  en: (m) => `Too many failed sign-in attempts. Try again in ${m} ${m === 1 ? 'minute' : 'minutes'}.`,
  de: (m) => `Zu viele fehlgeschlagene Anmeldeversuche. Versuchen Sie es in ${m} ${m === 1 ? 'Minute' : 'Minuten'} erneut.`,
  fr: (m) => `Trop de tentatives de connexion échouées. Réessayez dans ${m} minute${m === 1 ? '' : 's'}.`,
  pt: (m) => `Muitas tentativas de login sem sucesso. Tente novamente em ${m} minuto${m === 1 ? '' : 's'}.`,
};

/** A throttled sign-in: 429, and the route sets `Retry-After` from `retryAfterSeconds`. */
export class SignInThrottledError extends HttpError {
  constructor(
    readonly retryAfterSeconds: number,
    language: MessageLanguage,
  ) {
    super(429, THROTTLED_MESSAGES[language](Math.ceil(retryAfterSeconds / 60)), { code: 'too_many_attempts' });
  }
}

// Verifying against a fixed hash when the email is unknown keeps the response time the same,
// so timing does not reveal which emails have accounts.
let dummyHash: Promise<string> | null = null;

/**
 * Signs a user in with email and password, throttled per (address, account) and per address
 * (docs/decisions/0012-sign-in-throttling.md; never per account alone).
 * @param attempt.ip the caller's address (`request.ip`)
 * @returns the access token and the `userData` in docs/requirements/data.md
 * @throws SignInThrottledError (429) when a bucket of this attempt is empty, before the password
 *   is looked at; HttpError 401 "Email or password is incorrect" otherwise
 */
export async function login(
  ctx: AppContext,
  throttle: LoginThrottle,
  attempt: { email: string; password: string; ip: string; language: MessageLanguage },
) {
  const normalized = attempt.email.trim().toLowerCase();
  try {
    await throttle.attempt(attempt.ip, normalized);
  } catch (e) {
    if (e instanceof ThrottledError) throw new SignInThrottledError(e.retryAfterSeconds, attempt.language);
    throw e;
  }
  const user = await repo.userByEmail(ctx.db, normalized);
  dummyHash ??= hashPassword('not-a-real-password');
  const ok = user?.passwordHash ? await verifyPassword(user.passwordHash, attempt.password) : (await verifyPassword(await dummyHash, attempt.password), false);
  if (!user || !ok) throw new HttpError(401, LOGIN_FAILED_MESSAGE);
  await throttle.succeeded(attempt.ip, normalized);
  return signIn(ctx, user, await defaultClientOf(ctx, user));
}

/**
 * The client a fresh sign-in acts for: the user's oldest membership, or for a super admin
 * without one the first client.
 */
export async function defaultClientOf(ctx: AppContext, user: { id: string; isSuperAdmin: boolean }): Promise<string | null> {
  const membership = await repo.oldestMembershipClient(ctx.db, user.id);
  if (membership) return membership;
  if (!user.isSuperAdmin) return null;
  return (await repo.firstClient(ctx.db)) ?? null;
}

/**
 * Issues a session acting for `clientId` and answers like the login call (`{accessToken,
 * userData}`): used by login, set-password, accept-invitation, ReservGo sign-on and the client
 * switch.
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

/**
 * Revokes the session of the calling token (`GET /api/logout`) and disconnects that session's
 * sockets in every process.
 */
export async function logout(ctx: AppContext, auth: AuthContext): Promise<void> {
  await revokeSession(ctx, auth.sessionId);
  await ctx.realtime.sessionsEnded([auth.sessionId]);
}

/** The `userData` in docs/requirements/data.md for the calling session (answered again by
 * get-client-details). */
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
  const client = await repo.clientById(ctx.db, auth.clientId);
  if (!client) return null;
  const rows = await repo.brandOutlets(ctx.db, client.id, auth.outletIds);
  const brands = new Map<string, { id: string; name: string; outlets: { id: string; name: string; city: string }[] }>();
  for (const r of rows) {
    const b = brands.get(r.brandId) ?? { id: r.brandId, name: r.brandName, outlets: [] };
    b.outlets.push({ id: r.outletId, name: r.outletName, city: r.city });
    brands.set(r.brandId, b);
  }
  return { id: client.id, key: client.key, name: client.name, brands: [...brands.values()] };
}
