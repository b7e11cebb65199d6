/**
 * MSW handlers of the search demo (docs/requirements/calls.md), typed with the schema's types:
 * - `GET /api/main-search/data` → `{ searchArr }`;
 * - `GET /api/bookmarks/data` → `{ suggestions, bookmarks }`: all pages, and those bookmarked;
 * - `POST /api/bookmarks/update {id}` toggles the page's `isBookmarked` in the db and answers
 *   the page (the template answered an empty 200; the page lets the client confirm the
 *   state). A body without a numeric id gets 400, an unknown id 404.
 */
import { http, HttpResponse, type DefaultBodyType, type RequestHandler } from 'msw';
import type { SearchDb } from './data.ts';
import { searchArrOf } from './data.ts';
import {
  SEARCH_API,
  ZBookmarkUpdateRequest,
  type TBookmarksResponse,
  type TDemoError,
  type TMainSearchResponse,
  type TSearchPage,
} from './schema.ts';

/** The three search demo handlers over `db` (mutated by bookmark toggles). */
export function createSearchHandlers(db: SearchDb): RequestHandler[] {
  return [
    http.get<never, never, TMainSearchResponse>(SEARCH_API.mainSearch, () =>
      HttpResponse.json({ searchArr: searchArrOf(db) }),
    ),

    http.get<never, never, TBookmarksResponse>(SEARCH_API.bookmarks, () => {
      const suggestions = db.pages.map((page) => ({ ...page }));
      return HttpResponse.json({ suggestions, bookmarks: suggestions.filter((page) => page.isBookmarked) });
    }),

    http.post<never, DefaultBodyType, TSearchPage | TDemoError>(SEARCH_API.updateBookmark, async ({ request }) => {
      const parsed = ZBookmarkUpdateRequest.safeParse(await request.json().catch(() => null));
      if (!parsed.success) return HttpResponse.json({ message: 'Body must be {"id": <number>}' }, { status: 400 });
      const page = db.pages.find((candidate) => candidate.id === parsed.data.id);
      if (!page) return HttpResponse.json({ message: `No page ${parsed.data.id}` }, { status: 404 });
      page.isBookmarked = !page.isBookmarked;
      return HttpResponse.json({ ...page });
    }),
  ];
}
