/**
 * Sign-in action of the login page: validate, call login, store the session
 * (docs/requirements/data.md and states.md). Loaded by the page on demand (and prefetched when
 * idle) because it brings zod and the contracts, which the page's first render does not need.
 */
import { ZLoginRequest, type TLoginRequest, type TUserData } from '@dinedesk/contracts';
import { startSession } from '../../lib/session-store.ts';
import { login } from './api/login.ts';

/** Whether `email` is an address the server would accept (the contract's own rule). */
export function isValidEmail(email: string): boolean {
  return ZLoginRequest.shape.email.safeParse(email).success;
}

/**
 * Signs in and stores `accessToken`, `email` and `userData`.
 * @throws {ApiError} as the server answered (401 wrong credentials, 400, 429, network).
 */
export async function signIn(input: TLoginRequest): Promise<TUserData> {
  const { accessToken, userData } = await login(input);
  startSession(accessToken, userData);
  return userData;
}
