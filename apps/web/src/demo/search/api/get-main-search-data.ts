/** `GET /api/main-search/data` (docs/requirements/calls.md): the template's `searchArr`. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { SEARCH_API, ZMainSearchResponse, type TMainSearchResponse } from '../schema.ts';
import { searchKeys } from './keys.ts';

/** Fetches and validates `searchArr`. @throws {DemoRequestError} */
export function getMainSearchData(signal?: AbortSignal): Promise<TMainSearchResponse> {
  return demoRequest(SEARCH_API.mainSearch, ZMainSearchResponse, { signal });
}

/** Query options; `enabled` lets the search fetch only once it is opened. */
export function mainSearchQueryOptions() {
  return queryOptions({
    queryKey: searchKeys.mainSearch(),
    queryFn: ({ signal }) => getMainSearchData(signal),
    // Demo data changes only through bookmark toggles, which invalidate it.
    staleTime: Infinity,
    retry: false,
  });
}

/** The search data, fetched only while `enabled` (the dialog is open). */
export function useMainSearchData(enabled: boolean) {
  return useQuery({ ...mainSearchQueryOptions(), enabled });
}
