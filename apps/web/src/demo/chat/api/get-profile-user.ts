/** `GET /apps/chat/users/profile-user` (docs/requirements/calls.md): the signed-in demo user with
 * its settings. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { CHAT_API, ZProfileUser, type TProfileUser } from '../schema.ts';
import { chatKeys } from './keys.ts';

/** Fetches and validates the profile user. @throws {DemoRequestError} */
export function getProfileUser(signal?: AbortSignal): Promise<TProfileUser> {
  return demoRequest(CHAT_API.profileUser, ZProfileUser, { signal });
}

/** Query options of the profile user. */
export function profileUserQueryOptions() {
  return queryOptions({ queryKey: chatKeys.profile(), queryFn: ({ signal }) => getProfileUser(signal) });
}

/** The profile user of the profile drawer. */
export function useProfileUser() {
  return useQuery(profileUserQueryOptions());
}
