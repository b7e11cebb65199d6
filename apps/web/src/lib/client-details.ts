/**
 * `GET /api/get-client-details` → {message:"OK", client, userData} (docs/requirements/states.md and
 * calls.md): the client the session acts for (with its brands and outlets) and the signed-in user's
 * fresh `userData`.
 *
 * Shared by the start-up session refresh (features/auth) and the access pickers
 * (features/tenancy), so it lives here under ONE query key (it was cached under two,
 * so the users page fetched it again and an invalidation refreshed only one copy).
 * An answer whose message is "Invalid token" / "Token has expired" is a failure
 * (docs/requirements/validation.md); `getJson` raises it as an ApiError carrying that message.
 */
import { API, ZClientDetailsResponse, type TClientDetailsResponse } from '@dinedesk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from './api-client.ts';

/** @throws {ApiError} on a token failure (docs/requirements/validation.md), 4xx/5xx, or status 0
 *                    when offline. */
export function getClientDetails(signal?: AbortSignal): Promise<TClientDetailsResponse> {
  return getJson(API.clientDetails, ZClientDetailsResponse, undefined, signal);
}

/** The one cache key of the client details; invalidate it after changing access. */
export const clientDetailsQueryKey = ['client-details'] as const;

export function clientDetailsQueryOptions() {
  return queryOptions({
    queryKey: clientDetailsQueryKey,
    queryFn: ({ signal }) => getClientDetails(signal),
    // Token problems are answered at once; retrying would only delay the redirect.
    retry: false,
  });
}
