/** `GET /api/users/list/data` (docs/requirements/calls.md): one page of the filtered users and
 * their `total`. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { USERS_API, ZUsersResponse, type TUsersResponse, type UsersQuery } from '../schema.ts';
import { usersKeys } from './keys.ts';

/** The query string of `query`, without empty values. */
export function usersSearch(query: UsersQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Fetches one page of users. @throws {DemoRequestError} (400: a bad filter) */
export function getUsers(query: UsersQuery, signal?: AbortSignal): Promise<TUsersResponse> {
  return demoRequest(`${USERS_API.list}${usersSearch(query)}`, ZUsersResponse, { signal });
}

/** Query options of one page; the previous page stays on screen while the next loads. */
export function usersQueryOptions(query: UsersQuery) {
  return queryOptions({
    queryKey: usersKeys.list(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** One page of the user list. */
export function useUsers(query: UsersQuery) {
  return useQuery(usersQueryOptions(query));
}
