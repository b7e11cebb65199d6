/**
 * Shapes of the demo sign-in calls (docs/requirements/data.md#demo-user, validation.md and roles.md
 * demo roles, docs/requirements/calls.md, errors.md and constants.md), the template's JWT mock:
 * - `POST /jwt/login {email, password}` → 200 `{ userData, accessToken, refreshToken }`; no
 *   match → 400 `{ error: { email: "Email or Password is Invalid" } }`, an unexpected failure
 *   → 400 `{ error: { email: "Something went wrong" } }`;
 * - `POST /jwt/register {email, password, username}` → 200 `{ user, accessToken }`, or 200
 *   `{ error: { email, username } }` where each entry is its "already in use" message or null;
 *   a new user is an admin with `manage all`;
 * - `POST /jwt/refresh-token {refreshToken}` → 200 `{ userData, accessToken, refreshToken }`, or
 *   401 `{ error: "Invalid refresh token" }`.
 * Tokens are HS256-signed JWTs (`sub` = the user's id, `iat`, `exp`) that live 10 minutes,
 * access and refresh alike (docs/requirements/constants.md). A body of the wrong shape → 400 `{
 * message }` naming the field (the template's mock had no such rule; see docs/decisions/0032).
 *
 * `userData` never carries the password. Demo users are the template's two (admin, client)
 * plus whoever registers in this browser session.
 */
import { z } from 'zod';

/** Lifetime of demo access and refresh tokens, in seconds (docs/requirements/constants.md: 10
 * minutes). */
export const DEMO_TOKEN_LIFETIME_S = 10 * 60;

/** The spec's messages (docs/requirements/validation.md and errors.md), sent by the mock exactly as
 * written. */
export const DEMO_AUTH_MESSAGES = {
  invalidLogin: 'Email or Password is Invalid',
  unexpected: 'Something went wrong',
  emailInUse: 'This email is already in use.',
  usernameInUse: 'This username is already in use.',
  invalidRefresh: 'Invalid refresh token',
} as const;

/** Paths of the demo sign-in calls (docs/requirements/calls.md). */
export const DEMO_AUTH_API = {
  login: '/jwt/login',
  register: '/jwt/register',
  refresh: '/jwt/refresh-token',
} as const;

/** One ability rule, CASL style (docs/requirements/roles.md: action plus subject). */
export const ZDemoAbilityRule = z.object({ action: z.string().min(1), subject: z.string().min(1) });

/** The demo roles (docs/requirements/roles.md): admin manages all; client reads ACL and Auth. */
export const DEMO_ROLES = ['admin', 'client'] as const;
export const ZDemoRole = z.enum(DEMO_ROLES);

/** The abilities of each demo role (docs/requirements/roles.md). */
export const DEMO_ROLE_ABILITIES = {
  admin: [{ action: 'manage', subject: 'all' }],
  client: [
    { action: 'read', subject: 'ACL' },
    { action: 'read', subject: 'Auth' },
  ],
} as const satisfies Record<(typeof DEMO_ROLES)[number], readonly { action: string; subject: string }[]>;

/** A demo user as the mock answers it (docs/requirements/data.md#demo-user, without the
 * password). */
export const ZDemoUserData = z.object({
  id: z.number().int().positive(),
  fullName: z.string(),
  username: z.string().min(1),
  /** An image URL, or '' for initials. */
  avatar: z.string(),
  email: z.email(),
  role: ZDemoRole,
  ability: z.array(ZDemoAbilityRule),
  extras: z.object({ eCommerceCartItemsCount: z.number().int().nonnegative() }),
});

/** A stored demo user: the answer's fields plus the password the mock checks. */
export const ZDemoStoredUser = ZDemoUserData.extend({ password: z.string() });

const ZToken = z.string().regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'must be a JWT');

export const ZLoginRequest = z.object({ email: z.string(), password: z.string() });
export const ZLoginResponse = z.object({ userData: ZDemoUserData, accessToken: ZToken, refreshToken: ZToken });
export const ZLoginFailure = z.object({ error: z.object({ email: z.string() }) });

/** Usernames: 3 to 20 letters, digits, dots, dashes or underscores (this demo's rule). */
export const USERNAME_PATTERN = /^[a-z0-9._-]{3,20}$/i;
/** Shortest demo password (this demo's rule; the spec leaves form rules open,
 * docs/requirements/validation.md). */
export const PASSWORD_MIN_LENGTH = 6;

export const ZRegisterRequest = z.object({
  email: z.email(),
  password: z.string().min(PASSWORD_MIN_LENGTH),
  username: z.string().trim().regex(USERNAME_PATTERN),
});
export const ZRegisterResponse = z.object({ user: ZDemoUserData, accessToken: ZToken });
export const ZRegisterFailure = z.object({
  error: z.object({ email: z.string().nullable(), username: z.string().nullable() }),
});

export const ZRefreshRequest = z.object({ refreshToken: z.string() });
export const ZRefreshResponse = ZLoginResponse;
export const ZRefreshFailure = z.object({ error: z.string() });

/** A body the mock could not read: 400 with the field named. */
export const ZDemoAuthBadRequest = z.object({ message: z.string() });

export type TDemoUserData = z.infer<typeof ZDemoUserData>;
export type TDemoStoredUser = z.infer<typeof ZDemoStoredUser>;
export type TLoginRequest = z.infer<typeof ZLoginRequest>;
export type TLoginResponse = z.infer<typeof ZLoginResponse>;
export type TLoginFailure = z.infer<typeof ZLoginFailure>;
export type TRegisterRequest = z.infer<typeof ZRegisterRequest>;
export type TRegisterResponse = z.infer<typeof ZRegisterResponse>;
export type TRegisterFailure = z.infer<typeof ZRegisterFailure>;
export type TRefreshResponse = z.infer<typeof ZRefreshResponse>;
export type TRefreshFailure = z.infer<typeof ZRefreshFailure>;
export type TDemoAuthBadRequest = z.infer<typeof ZDemoAuthBadRequest>;
