/** `GET /api/my-clients` → the clients the user may switch to (navbar switcher). */
import { API, ZMyClientsResponse, type TMyClientsResponse } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

export function getMyClients(signal?: AbortSignal): Promise<TMyClientsResponse> {
  return getJson(API.myClients, ZMyClientsResponse, undefined, signal);
}

export const myClientsQueryOptions = () => queryOptions({ queryKey: tenancyKeys.myClients(), queryFn: ({ signal }) => getMyClients(signal), staleTime: 60_000 });

export const useMyClients = () => useQuery(myClientsQueryOptions());
