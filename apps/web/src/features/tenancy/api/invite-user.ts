/** `POST /api/client-users/invite` → the user and, without a password yet, an invitation URL to pass on. */
import { API, ZInviteUserResponse, type TInviteUserRequest } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TInviteUserRequest) => postJson(API.inviteUser, input, ZInviteUserResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenancyKeys.users() }),
  });
}
