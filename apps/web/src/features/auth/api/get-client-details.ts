/**
 * `GET /api/get-client-details` → {message:"OK", client, userData} (spec §4, §7).
 * An answer whose message is "Invalid token" / "Token has expired" is a failure (spec §5);
 * `getJson` raises it as an ApiError carrying that message.
 */
import { API, ZClientDetailsResponse, type TClientDetailsResponse } from '@dinedesk/contracts';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';

export function getClientDetails(signal?: AbortSignal): Promise<TClientDetailsResponse> {
  return getJson(API.clientDetails, ZClientDetailsResponse, undefined, signal);
}

export const clientDetailsQueryKey = ['auth', 'client-details'] as const;

export function clientDetailsQueryOptions() {
  return queryOptions({
    queryKey: clientDetailsQueryKey,
    queryFn: ({ signal }) => getClientDetails(signal),
    // Token problems are answered at once; retrying would only delay the redirect.
    retry: false,
  });
}
