/** `GET /api/users/user?id=` (docs/requirements/calls.md): one user; 404 when there is none. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { USERS_API, ZUserResponse, type TUser } from '../schema.ts';
import { usersKeys } from './keys.ts';

/** Fetches user `id`. @throws {DemoRequestError} (404: no such user) */
export async function getUser(id: number, signal?: AbortSignal): Promise<TUser> {
  const query = new URLSearchParams({ id: String(id) });
  const answer = await demoRequest(`${USERS_API.user}?${query.toString()}`, ZUserResponse, { signal });
  return answer.user;
}

/** Query options of user `id`. */
export function userQueryOptions(id: number) {
  return queryOptions({ queryKey: usersKeys.user(id), queryFn: ({ signal }) => getUser(id, signal) });
}

/** User `id` (disabled while `id` is unknown). */
export function useUser(id: number | null) {
  return useQuery({ ...userQueryOptions(id ?? 0), enabled: id !== null });
}
