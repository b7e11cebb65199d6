/**
 * `GET /api/review_testing/get-accounts` (docs/requirements/calls.md): the client's connected
 * Facebook accounts and pages with token health, asked of Facebook (`debug_token`) on each call.
 */
import { API, ZGetAccountsResponse, type TGetAccountsResponse } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

/** @throws {ApiError} with the server's message. */
export function getAccounts(signal?: AbortSignal): Promise<TGetAccountsResponse> {
  return getJson(API.getAccounts, ZGetAccountsResponse, undefined, signal);
}

export function accountsQueryOptions() {
  return queryOptions({ queryKey: reviewKeys.facebookAccounts(), queryFn: ({ signal }) => getAccounts(signal) });
}

export function useFacebookAccounts() {
  return useQuery(accountsQueryOptions());
}

