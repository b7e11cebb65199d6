/** `POST /api/auth/set-password {token, password}` → like login; starts the session. */
import { API, ZSetPasswordResponse } from '@dinedesk/contracts';
import { postJson } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session-store.ts';

/**
 * @throws {ApiError} 400 "This invitation link is invalid or has expired", or a password rule;
 *   409 with code `INVITATION_SIGN_IN_CODE` when the email already has an account (sign in and
 *   accept instead, docs/decisions/0009)
 */
export async function setPassword(token: string, password: string) {
  const { accessToken, userData } = await postJson(API.setPassword, { token, password }, ZSetPasswordResponse);
  startSession(accessToken, userData);
  return userData;
}
