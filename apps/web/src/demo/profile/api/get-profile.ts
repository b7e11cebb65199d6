/** `GET /profile/data` (docs/requirements/calls.md): the profile page's data. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { PROFILE_API, ZProfileData, type TProfileData } from '../schema.ts';

/** Fetches the profile. @throws {DemoRequestError} */
export function getProfile(signal?: AbortSignal): Promise<TProfileData> {
  return demoRequest(PROFILE_API.data, ZProfileData, { signal });
}

/** Query options of the profile. */
export function profileQueryOptions() {
  return queryOptions({ queryKey: ['demo', 'profile'] as const, queryFn: ({ signal }) => getProfile(signal) });
}

/** The profile. */
export function useProfile() {
  return useQuery(profileQueryOptions());
}
