/** Brands and outlets of the client (from `GET /api/get-client-details`), for access pickers. */
import { API, ZClientDetailsResponse } from '@dinedesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

export const useClientOutlets = () =>
  useQuery({
    queryKey: [...tenancyKeys.all, 'client-details'],
    queryFn: ({ signal }) => getJson(API.clientDetails, ZClientDetailsResponse, undefined, signal),
    select: (d) => d.client?.brands ?? [],
  });
