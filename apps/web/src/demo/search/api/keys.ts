/** TanStack Query keys of the search demo; bookmark changes invalidate both. */
export const searchKeys = {
  all: ['demo', 'search'] as const,
  mainSearch: () => [...searchKeys.all, 'main-search'] as const,
  bookmarks: () => [...searchKeys.all, 'bookmarks'] as const,
};
