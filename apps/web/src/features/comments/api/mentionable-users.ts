/**
 * `POST /api/review/mentions-users {reviewId, q}` (docs/requirements/calls.md) → `{data}`: the
 * teammates who may be mentioned on a review (members who can see its outlet, the caller excluded),
 * by name, narrowed by `q` (name or email, anywhere in it). The mention input asks as the user
 * types after `@`, debounced; the previous answer stays on screen while the next one loads, so the
 * suggestions do not flicker.
 */
import { API, ZMentionsUsersResponse, type TMentionsUsersResponse } from '@dinedesk/contracts';
import type { ThreadTarget } from '../../../lib/internal-comments.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { commentKeys } from './keys.ts';

/**
 * On a ticket the same question goes to `POST /api/tickets/mentions-users {ticketId, q}`.
 * @throws {ApiError} 404 naming `body.reviewId` / `body.ticketId` when it is not visible to the caller
 */
export function getMentionableUsers(target: ThreadTarget, q: string, signal?: AbortSignal): Promise<TMentionsUsersResponse> {
  const path = 'reviewId' in target ? API.mentionsUsers : API.ticketMentionsUsers;
  return postJson(path, { ...target, ...(q ? { q } : {}) }, ZMentionsUsersResponse, signal);
}

export function useMentionableUsers(target: ThreadTarget, q: string, enabled: boolean) {
  return useQuery({
    queryKey: commentKeys.mentionable(target, q),
    queryFn: ({ signal }) => getMentionableUsers(target, q, signal),
    enabled,
    placeholderData: keepPreviousData,
    // Who can see an outlet changes rarely; a minute saves a request per keystroke pattern.
    staleTime: 60_000,
  });
}
