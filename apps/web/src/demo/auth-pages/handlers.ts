/**
 * MSW handlers of the demo sign-in (docs/requirements/validation.md, roles.md, calls.md, errors.md
 * and constants.md), the template's JWT mock:
 * - `POST /jwt/login {email, password}`: a user with that email (any case) and exactly that
 *   password → `{ userData, accessToken, refreshToken }`; none → 400
 *   `{ error: { email: "Email or Password is Invalid" } }`; a body without string `email` and
 *   `password`, or a token that cannot be signed → 400 `{ error: { email: "Something went
 *   wrong" }, message }` (the message names the field);
 * - `POST /jwt/register {email, password, username}` → `{ user, accessToken }`, the user an
 *   admin with `manage all` under the last id plus one; a taken email and/or username (any
 *   case) → 200 `{ error: { email, username } }`, each its message or null; a bad field → 400
 *   `{ message }` naming it; a token that cannot be signed → 400 with the error object's
 *   `email` "Something went wrong";
 * - `POST /jwt/refresh-token {refreshToken}` → new `{ userData, accessToken, refreshToken }`;
 *   a missing, forged, expired or access token, or one of a user no longer there → 401
 *   `{ error: "Invalid refresh token" }`.
 * Registered users are saved to the area's {@link DemoState}.
 */
import { http, HttpResponse, type DefaultBodyType, type RequestHandler } from 'msw';
import type { DemoState } from '../mock/session-state.ts';
import type { AuthDb } from './data.ts';
import {
  DEMO_AUTH_API,
  DEMO_AUTH_MESSAGES,
  DEMO_ROLE_ABILITIES,
  ZLoginRequest,
  ZRefreshRequest,
  ZRegisterRequest,
  type TDemoAuthBadRequest,
  type TDemoStoredUser,
  type TDemoUserData,
  type TLoginFailure,
  type TLoginResponse,
  type TRefreshFailure,
  type TRegisterFailure,
  type TRegisterResponse,
} from './schema.ts';
import { demoTokens, type DemoTokenService } from './tokens.ts';

/** The user as answered: everything but the password. */
function publicUser(user: TDemoStoredUser): TDemoUserData {
  const { password: _password, ...rest } = user;
  return { ...rest, ability: rest.ability.map((rule) => ({ ...rule })), extras: { ...rest.extras } };
}

/** "email: Invalid email address" from the first zod issue. */
function describeIssue(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const issue = issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  return `${field}: ${issue?.message ?? 'invalid'}`;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The sign-in handlers over `state`; `tokens` signs and verifies (tests may pass a broken one). */
export function createAuthHandlers(state: DemoState<AuthDb>, tokens: DemoTokenService = demoTokens): RequestHandler[] {
  const db = state.data;

  /** A fresh token pair for `user`. */
  const session = async (user: TDemoStoredUser): Promise<TLoginResponse> => ({
    userData: publicUser(user),
    accessToken: await tokens.sign(user.id, 'access'),
    refreshToken: await tokens.sign(user.id, 'refresh'),
  });

  return [
    http.post<never, DefaultBodyType, TLoginResponse | (TLoginFailure & { message?: string })>(DEMO_AUTH_API.login, async ({ request }) => {
      const parsed = ZLoginRequest.safeParse(await request.json().catch(() => null));
      if (!parsed.success) {
        return HttpResponse.json({ error: { email: DEMO_AUTH_MESSAGES.unexpected }, message: describeIssue(parsed.error.issues) }, { status: 400 });
      }
      const { email, password } = parsed.data;
      const user = db.users.find((candidate) => same(candidate.email, email) && candidate.password === password);
      if (!user) return HttpResponse.json({ error: { email: DEMO_AUTH_MESSAGES.invalidLogin } }, { status: 400 });
      try {
        return HttpResponse.json(await session(user));
      } catch {
        return HttpResponse.json({ error: { email: DEMO_AUTH_MESSAGES.unexpected } }, { status: 400 });
      }
    }),

    http.post<never, DefaultBodyType, TRegisterResponse | TRegisterFailure | TDemoAuthBadRequest>(DEMO_AUTH_API.register, async ({ request }) => {
      const parsed = ZRegisterRequest.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return HttpResponse.json({ message: describeIssue(parsed.error.issues) }, { status: 400 });
      const { email, password, username } = parsed.data;
      const error = {
        email: db.users.some((user) => same(user.email, email)) ? DEMO_AUTH_MESSAGES.emailInUse : null,
        username: db.users.some((user) => same(user.username, username)) ? DEMO_AUTH_MESSAGES.usernameInUse : null,
      };
      // The template answers duplicates with 200 and the error object (docs/requirements/calls.md
      // and errors.md).
      if (error.email || error.username) return HttpResponse.json({ error });
      const lastId = db.users.reduce((max, user) => Math.max(max, user.id), 0);
      const user: TDemoStoredUser = {
        id: lastId + 1,
        fullName: '',
        username,
        password,
        avatar: '',
        email: email.trim(),
        role: 'admin',
        ability: DEMO_ROLE_ABILITIES.admin.map((rule) => ({ ...rule })),
        extras: { eCommerceCartItemsCount: 0 },
      };
      let accessToken: string;
      try {
        accessToken = await tokens.sign(user.id, 'access');
      } catch {
        return HttpResponse.json({ error: { email: DEMO_AUTH_MESSAGES.unexpected, username: null } }, { status: 400 });
      }
      db.users.push(user);
      state.save();
      return HttpResponse.json({ user: publicUser(user), accessToken });
    }),

    http.post<never, DefaultBodyType, TLoginResponse | TRefreshFailure>(DEMO_AUTH_API.refresh, async ({ request }) => {
      const invalid = () => HttpResponse.json<TRefreshFailure>({ error: DEMO_AUTH_MESSAGES.invalidRefresh }, { status: 401 });
      const parsed = ZRefreshRequest.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return invalid();
      let id: number;
      try {
        id = await tokens.verify(parsed.data.refreshToken, 'refresh');
      } catch {
        return invalid();
      }
      const user = db.users.find((candidate) => candidate.id === id);
      if (!user) return invalid();
      try {
        return HttpResponse.json(await session(user));
      } catch {
        return invalid();
      }
    }),
  ];
}
