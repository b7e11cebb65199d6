/** `GET /api/my-clients` → the clients the user may switch to (navbar switcher). */
import { API, ZMyClientsResponse, type TMyClientsResponse } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

/** @throws {ApiError} with the server's message (docs/requirements/errors.md). */
export function getMyClients(signal?: AbortSignal): Promise<TMyClientsResponse> {
  return getJson(API.myClients, ZMyClientsResponse, undefined, signal);
}

export function myClientsQueryOptions() {
  // The list changes only when someone is invited or onboarded; the navbar need not refetch it per screen.
  return queryOptions({ queryKey: tenancyKeys.myClients(), queryFn: ({ signal }) => getMyClients(signal), staleTime: 60_000 });
}

export function useMyClients() {
  return useQuery(myClientsQueryOptions());
}
