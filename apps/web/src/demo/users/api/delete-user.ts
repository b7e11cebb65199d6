/** `DELETE /apps/users/delete?id=` (docs/requirements/calls.md). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { USERS_API, ZDeleteUserResponse } from '../schema.ts';
import { usersKeys } from './keys.ts';

/** Deletes user `id`; answers the id. @throws {DemoRequestError} (404: no such user) */
export async function deleteUser(id: number): Promise<number> {
  const query = new URLSearchParams({ id: String(id) });
  const answer = await demoRequest(`${USERS_API.deleteUser}?${query.toString()}`, ZDeleteUserResponse, { method: 'DELETE' });
  return answer.id;
}

/** The delete mutation; refetches the lists afterwards. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteUser, onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }) });
}
