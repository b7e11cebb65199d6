/** `GET /api/client-users` → users of the client with role and access ids (owners). */
import { API, ZClientUsersResponse } from '@dinedesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

export const useClientUsers = () =>
  useQuery({ queryKey: tenancyKeys.users(), queryFn: ({ signal }) => getJson(API.clientUsers, ZClientUsersResponse, undefined, signal) });
