/** `GET /faq/data/knowledge_base` (docs/requirements/calls.md): the knowledge base home page's
 * cards. */
import { useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { KB_API, ZKbItems, type TKbItem } from '../schema.ts';
import { kbKeys } from './keys.ts';

/** Fetches and validates the items. @throws {DemoRequestError} */
export function getKbItems(signal?: AbortSignal): Promise<TKbItem[]> {
  return demoRequest(KB_API.items, ZKbItems, { signal });
}

export function useKbItems() {
  return useQuery({ queryKey: kbKeys.items(), queryFn: ({ signal }) => getKbItems(signal), staleTime: Infinity });
}
