/** `POST /jwt/login {email, password}` (docs/requirements/calls.md): the demo sign-in. */
import { DEMO_AUTH_API, ZLoginFailure, ZLoginResponse, type TLoginRequest, type TLoginResponse } from '../schema.ts';
import { postDemoAuth } from './demo-auth-request.ts';

/** A sign-in's outcome: the session, or the mock's message (docs/requirements/validation.md and
 * errors.md). */
export type LoginResult = { ok: true; session: TLoginResponse } | { ok: false; message: string };

/**
 * Signs in to the demo.
 * @returns the session, or the error object's `email` message ("Email or Password is Invalid")
 * @throws {DemoRequestError} when the mock cannot be reached or answers another shape
 */
export async function login(input: TLoginRequest): Promise<LoginResult> {
  const { body } = await postDemoAuth(DEMO_AUTH_API.login, input, [ZLoginResponse, ZLoginFailure] as const);
  return 'error' in body ? { ok: false, message: body.error.email } : { ok: true, session: body };
}
