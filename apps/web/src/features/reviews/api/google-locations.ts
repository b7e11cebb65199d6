/**
 * Google Business Profile connections and locations (docs/decisions/0024):
 * - `POST /get-locations-for-user {}` (docs/requirements/calls.md) → the client's connected Google
 *   users, each with the locations Google lists for it now and the outlet each is linked to (or the
 *   one its store code suggests). Asked of Google on every call, so it is not refetched on window
 *   focus.
 * - `POST /api/review_testing/google/link-location` → links a location to an outlet, or unlinks
 *   it with `outletId: null` (owners). The answer is the connection as it is now; it replaces
 *   the cached one, so the screen shows the change without asking Google again.
 */
import {
  API,
  ZGetLocationsForUserResponse,
  ZGoogleConnection,
  type TGetLocationsForUserResponse,
  type TGoogleConnection,
  type TLinkGoogleLocationRequest,
} from '@dinedesk/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

/** @throws {ApiError} with the server's message. */
export function getLocationsForUser(signal?: AbortSignal): Promise<TGetLocationsForUserResponse> {
  return postJson(API.getLocationsForUser, {}, ZGetLocationsForUserResponse, signal);
}

/** The Google connections query (key `reviewKeys.googleConnections()`). */
export function googleConnectionsQueryOptions() {
  return queryOptions({
    queryKey: reviewKeys.googleConnections(),
    queryFn: ({ signal }) => getLocationsForUser(signal),
    // Every call lists the locations live from Google (quota per project): not on each focus.
    refetchOnWindowFocus: false,
  });
}

/** The client's Google connections with their locations. */
export function useGoogleConnections() {
  return useQuery(googleConnectionsQueryOptions());
}

/**
 * Links (`outletId` set) or unlinks (`outletId: null`) a Google location.
 * @throws {ApiError} 404, 409 (`outlet_linked`, `location_linked`, `location_taken`) or 502,
 *   with the server's message
 */
export function linkGoogleLocation(input: TLinkGoogleLocationRequest): Promise<TGoogleConnection> {
  return postJson(API.linkGoogleLocation, input, ZGoogleConnection);
}

/**
 * The link/unlink mutation. On success the answered connection replaces the cached one, and the
 * other review queries (feeds, locations) refresh: a link brings the location's Google reviews
 * in, an unlink removes them. The Facebook accounts do not depend on it and are left alone
 * (each refetch asks Facebook about every token).
 */
export function useLinkGoogleLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkGoogleLocation,
    onSuccess: async (connection) => {
      queryClient.setQueryData<TGetLocationsForUserResponse>(reviewKeys.googleConnections(), (cached) =>
        cached ? { connections: cached.connections.map((c) => (c.id === connection.id ? connection : c)) } : { connections: [connection] },
      );
      const untouched = new Set<unknown>([reviewKeys.googleConnections()[1], reviewKeys.facebookAccounts()[1]]);
      await queryClient.invalidateQueries({ queryKey: reviewKeys.all, predicate: (query) => !untouched.has(query.queryKey[1]) });
    },
  });
}
