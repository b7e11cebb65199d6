/**
 * `POST /api/bookmarks/update {id}` (docs/requirements/states.md#demo-records and calls.md). The
 * star shows the new state at once (optimistic), is rolled back if the call fails, and both the
 * bookmark list and the search data are refetched afterwards so every view agrees with the mock.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import {
  SEARCH_API,
  ZBookmarkUpdateResponse,
  type TBookmarksResponse,
  type TBookmarkUpdateRequest,
  type TSearchPage,
} from '../schema.ts';
import { searchKeys } from './keys.ts';

/** Toggles page `id`; answers the page as it now is. @throws {DemoRequestError} */
export function updateBookmark(input: TBookmarkUpdateRequest): Promise<TSearchPage> {
  return demoRequest(SEARCH_API.updateBookmark, ZBookmarkUpdateResponse, { method: 'POST', body: input });
}

/** The bookmark data with page `id` toggled. */
export function toggledBookmarks(data: TBookmarksResponse, id: number): TBookmarksResponse {
  const suggestions = data.suggestions.map((page) => (page.id === id ? { ...page, isBookmarked: !page.isBookmarked } : page));
  return { suggestions, bookmarks: suggestions.filter((page) => page.isBookmarked) };
}

/** The toggle mutation with its optimistic update and rollback. */
export function useUpdateBookmark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBookmark,
    onMutate: async ({ id }) => {
      await queryClient.cancelQueries({ queryKey: searchKeys.bookmarks() });
      const previous = queryClient.getQueryData<TBookmarksResponse>(searchKeys.bookmarks());
      if (previous) queryClient.setQueryData(searchKeys.bookmarks(), toggledBookmarks(previous, id));
      return { previous };
    },
    onError: (_error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(searchKeys.bookmarks(), context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: searchKeys.all }),
  });
}
