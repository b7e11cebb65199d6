/**
 * `POST /apps/users/update-user {user}`: this app's addition to docs/requirements/calls.md, so the
 * edit page and the view page's Suspend keep what they change.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { USERS_API, ZUserResponse, type TUser } from '../schema.ts';
import { usersKeys } from './keys.ts';

/** Replaces the stored user. @throws {DemoRequestError} (404: no such user; 400: a bad field) */
export async function updateUser(user: TUser): Promise<TUser> {
  const answer = await demoRequest(USERS_API.updateUser, ZUserResponse, { method: 'POST', body: { user } });
  return answer.user;
}

/** The update mutation; the user's page shows the answer at once, the lists are refetched. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => queryClient.setQueryData(usersKeys.user(user.id), user),
    onSettled: () => queryClient.invalidateQueries({ queryKey: usersKeys.all }),
  });
}
