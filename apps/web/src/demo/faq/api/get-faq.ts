/** `GET /faq/data?q` (docs/requirements/calls.md): the FAQ categories with questions matching
 * `q`. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { FAQ_API, ZFaqResponse, type TFaqResponse } from '../schema.ts';

export const faqKeys = {
  all: ['demo', 'faq'] as const,
  search: (q: string) => [...faqKeys.all, q] as const,
};

/** Fetches and validates the FAQ filtered by `q`. @throws {DemoRequestError} */
export function getFaq(q: string, signal?: AbortSignal): Promise<TFaqResponse> {
  const query = q.trim();
  return demoRequest(query ? `${FAQ_API.data}?${new URLSearchParams({ q: query }).toString()}` : FAQ_API.data, ZFaqResponse, { signal });
}

/** The FAQ for the search `q`; the previous answer stays on screen while a new search runs. */
export function useFaq(q: string) {
  return useQuery(queryOptions({ queryKey: faqKeys.search(q.trim()), queryFn: ({ signal }) => getFaq(q, signal), placeholderData: keepPreviousData }));
}
