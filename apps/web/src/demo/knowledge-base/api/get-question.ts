/** `GET /faq/data/question?category&slug` (docs/requirements/calls.md): one question page. */
import { useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { KB_API, ZKbQuestionPage, type TKbQuestionPage } from '../schema.ts';
import { kbKeys } from './keys.ts';

/** Fetches and validates a question page. @throws {DemoRequestError} (404 for an unknown category or question) */
export function getKbQuestion(category: string, slug: string, signal?: AbortSignal): Promise<TKbQuestionPage> {
  return demoRequest(`${KB_API.question}?${new URLSearchParams({ category, slug }).toString()}`, ZKbQuestionPage, { signal });
}

export function useKbQuestion(category: string, slug: string) {
  return useQuery({ queryKey: kbKeys.question(category, slug), queryFn: ({ signal }) => getKbQuestion(category, slug, signal), staleTime: Infinity, retry: false });
}
