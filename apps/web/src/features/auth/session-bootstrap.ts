/**
 * Start-up refresh of the session (docs/requirements/states.md: "On start, if an email is stored,
 * the user details are fetched").
 */
import { AUTH_MESSAGES } from '@dinedesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, EXPIRED_TOKEN_PATH } from '../../lib/api-client.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { queryClient as appQueryClient } from '../../lib/query-client.ts';
import { clearSession, updateUserData } from '../../lib/session-store.ts';
import { readEmail } from '../../lib/storage.ts';
import { clientDetailsQueryOptions } from '../../lib/client-details.ts';

/** Whether `error` is the token failure in docs/requirements/validation.md ("Invalid token", "Token
 * has expired"). */
export function isTokenFailure(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  const message = error.message.toLowerCase();
  return Object.values(AUTH_MESSAGES).some((m) => message.includes(m.toLowerCase()));
}

export type BootstrapResult = 'skipped' | 'refreshed' | 'expired' | 'unavailable';

/**
 * Fetches the user details when an email is stored and refreshes `userData`, so abilities
 * follow role changes made since sign-in. A token failure (docs/requirements/validation.md) clears
 * the session and goes to /misc/expired-token. Any other failure (offline, 5xx) keeps the stored
 * session: the next call will tell, and a flaky network should not sign people out.
 * The answer is cached under the client-details query key for screens that need the client.
 * Never throws.
 */
export async function bootstrapSession(queryClient: QueryClient = appQueryClient): Promise<BootstrapResult> {
  if (!readEmail()) return 'skipped';
  try {
    const details = await queryClient.fetchQuery(clientDetailsQueryOptions());
    updateUserData(details.userData);
    return 'refreshed';
  } catch (error) {
    if (!isTokenFailure(error)) return 'unavailable';
    // A 401 has already cleared the session and redirected (api-client); a 200/400 answer
    // carrying the message has not.
    if (error instanceof ApiError && error.status === 401) return 'expired';
    clearSession('expired');
    navigateTo(EXPIRED_TOKEN_PATH);
    return 'expired';
  }
}
