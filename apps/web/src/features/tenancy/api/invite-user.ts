/**
 * `POST /api/client-users/invite` → 201 with the pending invitation as a user row and its URL
 * to pass on, the same for every email (docs/decisions/0009).
 */
import { API, ZInviteUserResponse, type TInviteUserRequest } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { postJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

export type InviteUserResponse = z.output<typeof ZInviteUserResponse>;

/** @throws {ApiError} 400 naming the field, 409 when the email is already a member
 *                    (docs/requirements/errors.md). */
export function inviteUser(input: TInviteUserRequest): Promise<InviteUserResponse> {
  return postJson(API.inviteUser, input, ZInviteUserResponse);
}

/** The invitation mutation; the users list is refetched to show the pending row. */
export function useInviteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenancyKeys.users() }),
  });
}
