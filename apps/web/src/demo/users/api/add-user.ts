/** `POST /apps/users/add-user` (docs/requirements/calls.md) → 201 `{user}`, id = last id plus one
 * (docs/requirements/constants.md). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { USERS_API, ZUserResponse, type TNewUser, type TUser } from '../schema.ts';
import { usersKeys } from './keys.ts';

/** Adds `user`; answers it with its id. @throws {DemoRequestError} (400: a bad field) */
export async function addUser(user: TNewUser): Promise<TUser> {
  const answer = await demoRequest(USERS_API.addUser, ZUserResponse, { method: 'POST', body: user });
  return answer.user;
}

/** The add mutation; refetches the lists afterwards. */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addUser, onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }) });
}
