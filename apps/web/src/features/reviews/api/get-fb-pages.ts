/**
 * `GET /api/review_testing/get-fb-pages` (docs/requirements/calls.md): the client's Facebook Pages
 * (one per outlet) with rating summary, stored/unreplied counts and sync state.
 */
import { API, ZGetFbPagesResponse, type TGetFbPagesResponse } from '@dinedesk/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

/** @throws {ApiError} with the server's message (400/500 bodies included,
 *                    docs/requirements/errors.md). */
export function getFbPages(signal?: AbortSignal): Promise<TGetFbPagesResponse> {
  return getJson(API.fbPages, ZGetFbPagesResponse, undefined, signal);
}

export function fbPagesQueryOptions() {
  return queryOptions({ queryKey: reviewKeys.pages(), queryFn: ({ signal }) => getFbPages(signal) });
}

export function useFbPages() {
  return useQuery(fbPagesQueryOptions());
}
