/**
 * `POST /api/access-control-of-user {request: 'update', userId, role?, brandIds?, outletIds?,
 * modules?}` (spec §4): takes effect on the user's next call and moves their open sockets.
 */
import { API, ZAccessControlResponse, type TAccessControlRequest } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

export type UpdateAccessInput = Omit<Extract<TAccessControlRequest, { request: 'update' }>, 'request'>;

export function useUpdateAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateAccessInput) => postJson(API.accessControlOfUser, { request: 'update', ...input }, ZAccessControlResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenancyKeys.all }),
  });
}
