/** `POST /api/auth/set-password {token, password}` → like login; starts the session. */
import { API, ZSetPasswordResponse } from '@dinedesk/contracts';
import { postJson } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session-store.ts';

/** @throws {ApiError} 400 "This invitation link is invalid or has expired", or a password rule */
export async function setPassword(token: string, password: string) {
  const { accessToken, userData } = await postJson(API.setPassword, { token, password }, ZSetPasswordResponse);
  startSession(accessToken, userData);
  return userData;
}
