/** `POST /api/auth/set-password {token, password}` → like login; starts the session. */
import { API, ZSetPasswordResponse, type TLoginResponse } from '@dinedesk/contracts';
import { postJson } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session-store.ts';

export interface SetPasswordInput {
  token: string;
  password: string;
}

/**
 * The fetcher: answers `{accessToken, userData}` and changes nothing locally.
 * @throws {ApiError} 400 "This invitation link is invalid or has expired", or a password rule;
 *   409 with code `INVITATION_SIGN_IN_CODE` when the email already has an account (sign in and
 *   accept instead, docs/decisions/0009)
 */
export function postSetPassword(input: SetPasswordInput): Promise<TLoginResponse> {
  return postJson(API.setPassword, input, ZSetPasswordResponse);
}

/**
 * The page's action: sets the password and starts the session it answers.
 * @throws {ApiError} as {@link postSetPassword}
 */
export async function setPassword(token: string, password: string) {
  const { accessToken, userData } = await postSetPassword({ token, password });
  startSession(accessToken, userData);
  return userData;
}
