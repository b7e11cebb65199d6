/**
 * Shapes of the global search and bookmark demo calls (docs/requirements/data.md#search-item,
 * docs/requirements/calls.md):
 * - `GET /api/main-search/data` → `{ searchArr }`, one group per kind, each with its limit;
 * - `GET /api/bookmarks/data` → `{ suggestions, bookmarks }` (pages; bookmarks are the pages
 *   with `isBookmarked`);
 * - `POST /api/bookmarks/update {id}` toggles `isBookmarked` of that page and answers it.
 *
 * Demo calls have no contract in `packages/contracts` (they never reach the server), so their
 * schemas live with the demo area; the handlers and the fetchers share the inferred types.
 * File sizes are bytes and contact dates ISO dates (the template kept display strings such as
 * "52kb" and "21/05/2019"), so both can be shown in the reader's language.
 */
import { z } from 'zod';

/** A page (docs/requirements/data.md: id, target, title, icon, link, isBookmarked). */
export const ZSearchPage = z.object({
  id: z.number().int(),
  target: z.string(),
  title: z.string(),
  icon: z.string(),
  link: z.string(),
  isBookmarked: z.boolean(),
});

/** A file (docs/requirements/data.md: title, by, size, file). `file` is the URL of the file-type
 * icon. */
export const ZSearchFile = z.object({
  title: z.string(),
  by: z.string(),
  size: z.number().int().nonnegative(),
  file: z.string(),
});

/** A contact (docs/requirements/data.md: title, email, img, date). `img` is the avatar URL; `date`
 * YYYY-MM-DD. */
export const ZSearchContact = z.object({
  title: z.string(),
  email: z.string(),
  img: z.string(),
  date: z.iso.date(),
});

const limit = z.number().int().positive();

/** One group of `searchArr`, as the template groups them. */
export const ZSearchGroup = z.discriminatedUnion('groupTitle', [
  z.object({ groupTitle: z.literal('Pages'), searchLimit: limit, data: z.array(ZSearchPage) }),
  z.object({ groupTitle: z.literal('Files'), searchLimit: limit, data: z.array(ZSearchFile) }),
  z.object({ groupTitle: z.literal('Contacts'), searchLimit: limit, data: z.array(ZSearchContact) }),
]);

export const ZMainSearchResponse = z.object({ searchArr: z.array(ZSearchGroup) });
export const ZBookmarksResponse = z.object({ suggestions: z.array(ZSearchPage), bookmarks: z.array(ZSearchPage) });
export const ZBookmarkUpdateRequest = z.object({ id: z.number().int() });
export const ZBookmarkUpdateResponse = ZSearchPage;
export const ZDemoError = z.object({ message: z.string() });

export type TSearchPage = z.infer<typeof ZSearchPage>;
export type TSearchFile = z.infer<typeof ZSearchFile>;
export type TSearchContact = z.infer<typeof ZSearchContact>;
export type TSearchGroup = z.infer<typeof ZSearchGroup>;
export type TMainSearchResponse = z.infer<typeof ZMainSearchResponse>;
export type TBookmarksResponse = z.infer<typeof ZBookmarksResponse>;
export type TBookmarkUpdateRequest = z.infer<typeof ZBookmarkUpdateRequest>;
export type TDemoError = z.infer<typeof ZDemoError>;

/** Paths of the search demo calls (docs/requirements/calls.md). */
export const SEARCH_API = {
  mainSearch: '/api/main-search/data',
  bookmarks: '/api/bookmarks/data',
  updateBookmark: '/api/bookmarks/update',
} as const;
