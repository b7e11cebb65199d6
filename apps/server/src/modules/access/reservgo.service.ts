import { errors as joseErrors, jwtVerify } from 'jose';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../lib/errors.ts';
import { claimSsoToken, userByEmail } from './access.repository.ts';
import { defaultClientOf, signIn } from './sign-in.service.ts';

/** Longest lifetime ReservGo may give a sign-on token (`exp - iat`). */
export const RESERVGO_MAX_LIFETIME_SECONDS = 300;
/** Clock skew tolerated between ReservGo and DineDesk. */
const CLOCK_TOLERANCE_SECONDS = 30;
export const RESERVGO_ISSUER = 'reservgo';
export const RESERVGO_AUDIENCE = 'dinedesk';

const refuse = (message: string) => new HttpError(401, message);

/**
 * `GET /api/reservgo/secure-endpoint?token` (docs/requirements/calls.md,
 * docs/requirements/screen-contents.md#login): single sign-on from ReservGo. The token is a compact
 * JWS, HS256 with `RESERVGO_SHARED_SECRET`, `iss: reservgo`, `aud: dinedesk`, `sub` = the user's
 * email, `iat`, `exp` ≤ 5 minutes after `iat`, and a `jti` used once
 * (docs/decisions/0010-reservgo-sign-on.md).
 * @returns like the login call: `{accessToken, userData}`
 * @throws 503 not configured; 401 "Invalid token", "Token has expired" or "Token has already
 *   been used"; 403 when the user has no client
 */
export async function reservgoSignOn(ctx: AppContext, token: string) {
  const secret = ctx.config.reservgo.sharedSecret;
  if (!secret) throw new HttpError(503, 'ReservGo sign-on is not configured');
  let payload;
  try {
    ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      issuer: RESERVGO_ISSUER,
      audience: RESERVGO_AUDIENCE,
      requiredClaims: ['sub', 'iat', 'exp', 'jti'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: ctx.now(),
    }));
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw refuse('Token has expired');
    throw refuse('Invalid token');
  }
  const { sub, iat, exp, jti } = payload;
  if (typeof sub !== 'string' || typeof jti !== 'string' || jti.length > 200 || typeof iat !== 'number' || typeof exp !== 'number') throw refuse('Invalid token');
  // A long-lived token is as good as a password: refuse anything beyond the agreed 5 minutes.
  if (exp - iat > RESERVGO_MAX_LIFETIME_SECONDS || iat * 1000 > ctx.now().getTime() + CLOCK_TOLERANCE_SECONDS * 1000) throw refuse('Invalid token');
  const user = await userByEmail(ctx.db, sub);
  if (!user) throw refuse('Invalid token');
  // Recording the jti is the replay check (one use, also across processes).
  const first = await claimSsoToken(ctx.db, {
    jti: `reservgo:${jti}`,
    expiresAt: new Date(exp * 1000),
    usedAt: ctx.now(),
    purgeBefore: new Date(ctx.now().getTime() - CLOCK_TOLERANCE_SECONDS * 1000),
  });
  if (!first) throw refuse('Token has already been used');
  return signIn(ctx, user, await defaultClientOf(ctx, user));
}
