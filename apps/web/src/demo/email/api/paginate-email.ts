/**
 * `GET /apps/email/paginate-email?dir=previous|next&emailId` (docs/requirements/calls.md): the
 * newer (`previous`) or older (`next`) neighbour in the list the email was opened from; 404 when
 * there is none.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { EMAIL_API, ZEmailResponse, type EmailListParams, type TEmailResponse } from '../schema.ts';
import { emailKeys, listSearchParams } from './keys.ts';

export type PageDirection = 'previous' | 'next';

/** Fetches the neighbour. @throws {DemoRequestError} (404 at either end) */
export function paginateEmail(emailId: number, dir: PageDirection, params: EmailListParams): Promise<TEmailResponse> {
  const search = listSearchParams(params);
  search.set('dir', dir);
  search.set('emailId', String(emailId));
  return demoRequest(`${EMAIL_API.paginateEmail}?${search.toString()}`, ZEmailResponse);
}

/** Pages from an open email; the answer seeds the neighbour's get-email cache. */
export function usePaginateEmail(params: EmailListParams) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ emailId, dir }: { emailId: number; dir: PageDirection }) => paginateEmail(emailId, dir, params),
    onSuccess: (answer) => queryClient.setQueryData(emailKeys.email(answer.email.id, params), answer),
  });
}
