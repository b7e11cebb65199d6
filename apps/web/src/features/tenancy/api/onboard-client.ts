/**
 * `POST /api/client-onboarding` (spec §7, super admins): one call creates the client, brands,
 * outlets and owner; retried with the same client key it answers the first result.
 */
import { API, ZClientOnboardingResponse, type TClientOnboardingRequest } from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { tenancyKeys } from './keys.ts';

export function useOnboardClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TClientOnboardingRequest) => postJson(API.clientOnboarding, input, ZClientOnboardingResponse),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tenancyKeys.myClients() }),
  });
}
