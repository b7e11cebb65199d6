/** `POST /jwt/register {email, password, username}` (docs/requirements/calls.md): a new demo
 * admin. */
import { DemoRequestError } from '../../mock/demo-fetch.ts';
import {
  DEMO_AUTH_API,
  ZDemoAuthBadRequest,
  ZRegisterFailure,
  ZRegisterResponse,
  type TRegisterFailure,
  type TRegisterRequest,
  type TRegisterResponse,
} from '../schema.ts';
import { postDemoAuth } from './demo-auth-request.ts';

/** A registration's outcome: the user and token, or the duplicate messages
 * (docs/requirements/validation.md). */
export type RegisterResult = { ok: true; session: TRegisterResponse } | { ok: false; errors: TRegisterFailure['error'] };

/**
 * Registers a demo user.
 * @returns the new user and access token, or the "already in use" messages (null when free)
 * @throws {DemoRequestError} 400 with the mock's message naming a bad field; or when the mock
 *   cannot be reached or answers another shape
 */
export async function register(input: TRegisterRequest): Promise<RegisterResult> {
  const { status, body } = await postDemoAuth(DEMO_AUTH_API.register, input, [ZRegisterResponse, ZRegisterFailure, ZDemoAuthBadRequest] as const);
  if ('message' in body) throw new DemoRequestError(body.message, status);
  return 'error' in body ? { ok: false, errors: body.error } : { ok: true, session: body };
}
