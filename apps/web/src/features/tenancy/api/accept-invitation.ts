/**
 * `POST /api/auth/accept-invitation {token}` (issue #8, docs/decisions/0009): the signed-in
 * account joins the invitation's client; answers like login and starts a session acting for it.
 */
import { API, ZAcceptInvitationResponse } from '@dinedesk/contracts';
import { postJson } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session-store.ts';

/** @throws {ApiError} 400 invalid/used/expired link; 403 the link was sent to another email */
export async function acceptInvitation(token: string) {
  const { accessToken, userData } = await postJson(API.acceptInvitation, { token }, ZAcceptInvitationResponse);
  startSession(accessToken, userData);
  return userData;
}
