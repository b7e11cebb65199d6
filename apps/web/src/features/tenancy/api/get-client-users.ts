/** `GET /api/client-users` → users of the client with role and access ids (owners). */
import { API, ZClientUsersResponse } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

export type ClientUsersResponse = z.output<typeof ZClientUsersResponse>;

/** @throws {ApiError} with the server's message (docs/requirements/errors.md). */
export function getClientUsers(signal?: AbortSignal): Promise<ClientUsersResponse> {
  return getJson(API.clientUsers, ZClientUsersResponse, undefined, signal);
}

export function clientUsersQueryOptions() {
  return queryOptions({ queryKey: tenancyKeys.users(), queryFn: ({ signal }) => getClientUsers(signal) });
}

export function useClientUsers() {
  return useQuery(clientUsersQueryOptions());
}
