/** `GET /blog/list/data/detail?id` (docs/requirements/calls.md): a post with its comments. */
import { useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { BLOG_API, ZBlogDetail, type TBlogDetail } from '../schema.ts';
import { blogKeys } from './keys.ts';

/** Fetches and validates a post; without `id`, the newest. @throws {DemoRequestError} (404 for an unknown id) */
export function getDetail(id: number | undefined, signal?: AbortSignal): Promise<TBlogDetail> {
  return demoRequest(id === undefined ? BLOG_API.detail : `${BLOG_API.detail}?id=${id}`, ZBlogDetail, { signal });
}

export function useDetail(id: number) {
  return useQuery({ queryKey: blogKeys.detail(id), queryFn: ({ signal }) => getDetail(id, signal), retry: false });
}

/** The newest post's id (the detail call without an id), for `/pages/blog/detail` and `/edit`. */
export function useNewestPostId() {
  return useQuery({ queryKey: blogKeys.newest(), queryFn: async ({ signal }) => (await getDetail(undefined, signal)).blog.id, retry: false });
}
