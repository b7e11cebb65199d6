/** `GET /blog/list/data?q&category` (docs/requirements/calls.md): the posts of the list, newest
 * first. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { BLOG_API, ZBlogPosts, type BlogListParams, type TBlogPost } from '../schema.ts';
import { blogKeys } from './keys.ts';

/** Fetches and validates a list. @throws {DemoRequestError} (400 for an unknown category) */
export function getPosts(params: BlogListParams, signal?: AbortSignal): Promise<TBlogPost[]> {
  const search = new URLSearchParams();
  if (params.q?.trim()) search.set('q', params.q.trim());
  if (params.category) search.set('category', params.category);
  const query = search.toString();
  return demoRequest(`${BLOG_API.list}${query ? `?${query}` : ''}`, ZBlogPosts, { signal });
}

/** The posts of the search and category; the previous list stays on screen while a search refines it. */
export function usePosts(params: BlogListParams) {
  return useQuery({ queryKey: blogKeys.list(params), queryFn: ({ signal }) => getPosts(params, signal), placeholderData: keepPreviousData });
}
