/**
 * `POST /api/auth/login` {email, password} → {accessToken, userData}
 * (docs/requirements/screen-contents.md#login). Wrong credentials answer 401 `{message}`, invalid
 * input 400, throttling 429; none of them redirects (api-client exempts the login call from the 401
 * rule).
 */
import { API, ZLoginResponse, type TLoginRequest, type TLoginResponse } from '@dinedesk/contracts';
import { postJson } from '../../../lib/api-client.ts';

/** @throws {ApiError} with the server's message on 400/401/429, status 0 when offline. */
export function login(input: TLoginRequest, signal?: AbortSignal): Promise<TLoginResponse> {
  return postJson(API.login, input, ZLoginResponse, signal);
}
