/**
 * `GET /api/get-access-token-by-client-id?clientId` (docs/requirements/calls.md) → `{accessToken,
 * userData}`: the switch between clients. The new session replaces the stored one and every cached
 * answer is reset, since it belonged to the other client.
 */
import { API, ZLoginResponse, type TLoginResponse } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session-store.ts';

/** @throws {ApiError} 400 naming `clientId`, 403 for a client the user is no member of
 *                    (docs/requirements/errors.md). */
export function getAccessTokenByClientId(clientId: string): Promise<TLoginResponse> {
  return getJson(API.accessTokenByClientId, ZLoginResponse, { clientId });
}

/**
 * The switch mutation: stores the new session, resets every cached answer, then calls
 * `onSwitched`. Given here rather than to `mutate`: the new session re-renders the shell, and a
 * callback passed to `mutate` by a component that re-mounted meanwhile never runs (TanStack Query
 * calls only the hook's own callbacks then), which left the user on the old client's screen.
 */
export function useSwitchClient(opts: { onSwitched?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: getAccessTokenByClientId,
    onSuccess: async ({ accessToken, userData }) => {
      startSession(accessToken, userData);
      // Queries only (clear() would also drop this mutation and leave it pending forever);
      // active ones refetch with the new token.
      await queryClient.resetQueries();
      opts.onSwitched?.();
    },
  });
}
