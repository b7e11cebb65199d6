/**
 * `POST /apps/email/send-email {email, replyToId?}` → 201 `{email}`: the demo's extra call (the
 * spec lists none for sending; ../../README.md). The email lands in the sent folder; a reply is
 * also added to the original's thread.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { EMAIL_API, ZSendEmailResponse, type TSendEmailRequest, type TSendEmailResponse } from '../schema.ts';
import { emailKeys } from './keys.ts';

/** "Sends" an email. @throws {DemoRequestError} (400 without a recipient) */
export function sendEmail(input: TSendEmailRequest): Promise<TSendEmailResponse> {
  return demoRequest(EMAIL_API.sendEmail, ZSendEmailResponse, { method: 'POST', body: input });
}

/** The send mutation; refetches every email view on success. */
export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
}
