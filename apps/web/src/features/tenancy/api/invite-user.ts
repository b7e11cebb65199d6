/** `POST /api/client-users/invite` → the pending invitation as a user row and its URL to pass on, the same for every email (docs/decisions/0009). */
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
