/** `GET /api/users/list/all-data` (docs/requirements/calls.md): every user (the list's statistics
 * cards). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { USERS_API, ZAllUsersResponse, type TUser } from '../schema.ts';
import { usersKeys } from './keys.ts';

/** Fetches every user. @throws {DemoRequestError} */
export function getAllUsers(signal?: AbortSignal): Promise<TUser[]> {
  return demoRequest(USERS_API.allData, ZAllUsersResponse, { signal });
}

/** Query options of every user. */
export function allUsersQueryOptions() {
  return queryOptions({ queryKey: usersKeys.allData(), queryFn: ({ signal }) => getAllUsers(signal) });
}

/** Every user. */
export function useAllUsers() {
  return useQuery(allUsersQueryOptions());
}
