/** `GET /api/bookmarks/data` (docs/requirements/calls.md): `suggestions` (every page) and
 * `bookmarks`. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { SEARCH_API, ZBookmarksResponse, type TBookmarksResponse } from '../schema.ts';
import { searchKeys } from './keys.ts';

/** Fetches and validates the bookmark data. @throws {DemoRequestError} */
export function getBookmarks(signal?: AbortSignal): Promise<TBookmarksResponse> {
  return demoRequest(SEARCH_API.bookmarks, ZBookmarksResponse, { signal });
}

/** Query options of the bookmark data (kept until a toggle invalidates it). */
export function bookmarksQueryOptions() {
  return queryOptions({
    queryKey: searchKeys.bookmarks(),
    queryFn: ({ signal }) => getBookmarks(signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** The bookmark data of the navbar. */
export function useBookmarks() {
  return useQuery(bookmarksQueryOptions());
}
