/** `GET /blog/list/data/edit?id` (docs/requirements/calls.md): a post's edit form data. */
import { useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { BLOG_API, ZBlogEdit, type TBlogEdit } from '../schema.ts';
import { blogKeys } from './keys.ts';

/** Fetches and validates a post's edit data. @throws {DemoRequestError} (404 for an unknown id) */
export function getEdit(id: number, signal?: AbortSignal): Promise<TBlogEdit> {
  return demoRequest(`${BLOG_API.edit}?id=${id}`, ZBlogEdit, { signal });
}

export function useEdit(id: number) {
  // The form starts from this data once: no refetch under the visitor's typing.
  return useQuery({ queryKey: blogKeys.edit(id), queryFn: ({ signal }) => getEdit(id, signal), retry: false, staleTime: Infinity, refetchOnWindowFocus: false });
}
