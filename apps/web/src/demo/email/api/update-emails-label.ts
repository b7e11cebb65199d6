/** `POST /apps/email/update-emails-label {emailIds, label}` (docs/requirements/states.md and
 * calls.md): toggles the label on each email. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { EMAIL_API, ZUpdatedEmailsResponse, type TUpdatedEmailsResponse, type TUpdateEmailsLabelRequest } from '../schema.ts';
import { emailKeys } from './keys.ts';

/** Toggles `label` on every email of `emailIds`. @throws {DemoRequestError} */
export function updateEmailsLabel(input: TUpdateEmailsLabelRequest): Promise<TUpdatedEmailsResponse> {
  return demoRequest(EMAIL_API.updateEmailsLabel, ZUpdatedEmailsResponse, { method: 'POST', body: input });
}

/** The label toggle; refetches every email view when settled. */
export function useUpdateEmailsLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailsLabel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
}
