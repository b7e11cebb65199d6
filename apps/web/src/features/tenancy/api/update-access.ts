/**
 * `POST /api/access-control-of-user {request: 'update', userId, role?, brandIds?, outletIds?,
 * modules?}` (docs/requirements/states.md): takes effect on the user's next call and moves their
 * open sockets.
 */
import { API, ZAccessControlResponse, type TAccessControlRequest, type TAccessControlResponse } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { clientDetailsQueryKey } from '../../../lib/client-details.ts';
import { tenancyKeys } from './keys.ts';

export type UpdateAccessInput = Omit<Extract<TAccessControlRequest, { request: 'update' }>, 'request'>;

/** @throws {ApiError} 400 naming the field, 403 for a user outside the caller's reach
 *                    (docs/requirements/errors.md). */
export function updateAccess(input: UpdateAccessInput): Promise<TAccessControlResponse> {
  return postJson(API.accessControlOfUser, { request: 'update', ...input }, ZAccessControlResponse);
}

/** The access-update mutation of the Users & access screen. */
export function useUpdateAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccess,
    // The client details (brands, outlets, the user's own userData) are cached outside the
    // tenancy keys, shared with the session refresh.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tenancyKeys.all }),
        queryClient.invalidateQueries({ queryKey: clientDetailsQueryKey }),
      ]),
  });
}
