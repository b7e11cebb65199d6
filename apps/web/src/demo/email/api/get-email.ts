/**
 * `GET /apps/email/get-email?id` (docs/requirements/calls.md): the email with
 * `hasPreviousMail`/`hasNextMail` in the list it was opened from (the list's `q`, `folder`, `label`
 * are passed along); 404 if missing.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { EMAIL_API, ZEmailResponse, type EmailListParams, type TEmailResponse } from '../schema.ts';
import { emailKeys, listSearchParams } from './keys.ts';

/** Fetches one email. @throws {DemoRequestError} (status 404 when it does not exist) */
export function getEmail(id: number, params: EmailListParams, signal?: AbortSignal): Promise<TEmailResponse> {
  const search = listSearchParams(params);
  search.set('id', String(id));
  return demoRequest(`${EMAIL_API.getEmail}?${search.toString()}`, ZEmailResponse, { signal });
}

/** Query options of one open email. */
export function emailQueryOptions(id: number, params: EmailListParams) {
  return queryOptions({
    queryKey: emailKeys.email(id, params),
    queryFn: ({ signal }) => getEmail(id, params, signal),
  });
}

/** The open email. */
export function useEmail(id: number, params: EmailListParams) {
  return useQuery(emailQueryOptions(id, params));
}
