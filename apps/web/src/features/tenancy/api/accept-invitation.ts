/**
 * `POST /api/auth/accept-invitation {token}` (docs/decisions/0009): the signed-in
 * account joins the invitation's client; answers like login and starts a session acting for it.
 */
import { API, ZAcceptInvitationResponse, type TAcceptInvitationRequest, type TLoginResponse } from '@dinedesk/contracts';
import { postJson } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session-store.ts';

/**
 * The fetcher: answers `{accessToken, userData}` and changes nothing locally.
 * @throws {ApiError} 400 invalid/used/expired link; 403 the link was sent to another email
 */
export function postAcceptInvitation(input: TAcceptInvitationRequest): Promise<TLoginResponse> {
  return postJson(API.acceptInvitation, input, ZAcceptInvitationResponse);
}

/**
 * The page's action: accepts and starts the session acting for the joined client.
 * @throws {ApiError} as {@link postAcceptInvitation}
 */
export async function acceptInvitation(token: string) {
  const { accessToken, userData } = await postAcceptInvitation({ token });
  startSession(accessToken, userData);
  return userData;
}
