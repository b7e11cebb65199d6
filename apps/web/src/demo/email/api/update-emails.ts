/**
 * `POST /apps/email/update-emails {emailIds, dataToUpdate}` (docs/requirements/states.md and
 * calls.md): read state, star and folder of one or many emails. Every email view is refetched
 * afterwards (lists, badges, the open email).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { EMAIL_API, ZUpdatedEmailsResponse, type TUpdatedEmailsResponse, type TUpdateEmailsRequest } from '../schema.ts';
import { emailKeys } from './keys.ts';

/** Applies `dataToUpdate` to every email of `emailIds`. @throws {DemoRequestError} */
export function updateEmails(input: TUpdateEmailsRequest): Promise<TUpdatedEmailsResponse> {
  return demoRequest(EMAIL_API.updateEmails, ZUpdatedEmailsResponse, { method: 'POST', body: input });
}

/** The update mutation; refetches every email view when settled. */
export function useUpdateEmails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmails,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
}
