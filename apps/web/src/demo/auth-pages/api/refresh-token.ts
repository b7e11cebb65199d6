/** `POST /jwt/refresh-token {refreshToken}` (docs/requirements/calls.md): a new token pair. */
import { DEMO_AUTH_API, ZRefreshFailure, ZRefreshResponse, type TRefreshResponse } from '../schema.ts';
import { postDemoAuth } from './demo-auth-request.ts';

/** A refresh's outcome: the new session, or the mock's 401 message ("Invalid refresh token"). */
export type RefreshResult = { ok: true; session: TRefreshResponse } | { ok: false; status: number; message: string };

/**
 * Trades a refresh token for new tokens.
 * @throws {DemoRequestError} when the mock cannot be reached or answers another shape
 */
export async function refreshToken(token: string): Promise<RefreshResult> {
  const { status, body } = await postDemoAuth(DEMO_AUTH_API.refresh, { refreshToken: token }, [ZRefreshResponse, ZRefreshFailure] as const);
  return 'error' in body ? { ok: false, status, message: body.error } : { ok: true, session: body };
}
