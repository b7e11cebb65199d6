/**
 * `GET /api/client-users` → `{data}`: the client's members, for the assign and notify actions
 * and for naming them in summaries. The call is for owners (`read User`), who are also the only
 * ones who write rules (`manage Automation`); other roles see "a teammate" instead of a name.
 *
 * Pending invitations are not members yet and are left out; viewers may be notified but never
 * assigned (the server's `checkDefinition`: "a teammate who may work on reviews").
 */
import { API, ZClientUsersResponse, type TClientUser } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { automationKeys } from './keys.ts';

/** One teammate as the pickers show them. */
export interface Teammate {
  id: string;
  fullName: string;
  /** A viewer reads only: notified, never assigned. */
  viewer: boolean;
}

/** Active members by name. */
export function teammatesOf(users: readonly TClientUser[]): Teammate[] {
  return users
    .filter((user) => user.active)
    .map((user) => ({ id: user.id, fullName: user.fullName, viewer: user.role === 'viewer' }))
    .sort((a, b) => a.fullName.localeCompare(b.fullName));
}

/** @throws {ApiError} 403 for all but owners. */
export async function getTeammates(signal?: AbortSignal): Promise<Teammate[]> {
  return teammatesOf((await getJson(API.clientUsers, ZClientUsersResponse, undefined, signal)).data);
}

export function teammatesQueryOptions() {
  return queryOptions({ queryKey: automationKeys.teammates(), queryFn: ({ signal }) => getTeammates(signal) });
}

/** `enabled` false (a role that may not read users) asks nothing. */
export function useTeammates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...teammatesQueryOptions(), enabled });
}
