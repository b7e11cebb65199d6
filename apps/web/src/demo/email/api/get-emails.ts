/** `GET /apps/email/emails?q&folder&label` (docs/requirements/calls.md): the list, newest first,
 * and `emailsMeta`. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { EMAIL_API, ZEmailsResponse, type EmailListParams, type TEmailsResponse } from '../schema.ts';
import { emailKeys, listSearchParams } from './keys.ts';

/** Fetches and validates one list. @throws {DemoRequestError} */
export function getEmails(params: EmailListParams, signal?: AbortSignal): Promise<TEmailsResponse> {
  const search = listSearchParams(params).toString();
  return demoRequest(`${EMAIL_API.emails}${search ? `?${search}` : ''}`, ZEmailsResponse, { signal });
}

/** Query options of one list; the previous list stays on screen while a search refines it. */
export function emailsQueryOptions(params: EmailListParams) {
  return queryOptions({
    queryKey: emailKeys.list(params),
    queryFn: ({ signal }) => getEmails(params, signal),
    placeholderData: keepPreviousData,
  });
}

/** The emails of a folder or label view. */
export function useEmails(params: EmailListParams) {
  return useQuery(emailsQueryOptions(params));
}
