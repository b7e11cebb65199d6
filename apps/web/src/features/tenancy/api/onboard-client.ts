/**
 * `POST /api/client-onboarding` (docs/requirements/calls.md, super admins): one call creates the
 * client, brands, outlets and owner; retried with the same client key it answers the first result.
 */
import { API, ZClientOnboardingResponse, type TClientOnboardingRequest, type TClientOnboardingResponse } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

/** @throws {ApiError} 400 naming the field, 403 without `create Client`, 409 key taken
 *                    (docs/requirements/errors.md). */
export function onboardClient(input: TClientOnboardingRequest): Promise<TClientOnboardingResponse> {
  return postJson(API.clientOnboarding, input, ZClientOnboardingResponse);
}

/** The onboarding mutation; the navbar's client list is refetched to include the new client. */
export function useOnboardClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: onboardClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenancyKeys.myClients() }),
  });
}
