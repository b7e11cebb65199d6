/** `GET /faq/data/category?category` (docs/requirements/calls.md): the sections and questions of a
 * category page. */
import { useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { KB_API, ZKbSections, type TKbSection } from '../schema.ts';
import { kbKeys } from './keys.ts';

/** Fetches and validates the sections. @throws {DemoRequestError} (404 for an unknown category) */
export function getKbSections(category: string, signal?: AbortSignal): Promise<TKbSection[]> {
  return demoRequest(`${KB_API.category}?${new URLSearchParams({ category }).toString()}`, ZKbSections, { signal });
}

export function useKbSections(category: string) {
  return useQuery({ queryKey: kbKeys.sections(category), queryFn: ({ signal }) => getKbSections(category, signal), staleTime: Infinity, retry: false });
}
