/** `GET /blog/list/data/sidebar` (docs/requirements/calls.md): recent posts and categories. */
import { useQuery } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { BLOG_API, ZBlogSidebar, type TBlogSidebar } from '../schema.ts';
import { blogKeys } from './keys.ts';

/** Fetches and validates the sidebar. @throws {DemoRequestError} */
export function getSidebar(signal?: AbortSignal): Promise<TBlogSidebar> {
  return demoRequest(BLOG_API.sidebar, ZBlogSidebar, { signal });
}

export function useSidebar() {
  return useQuery({ queryKey: blogKeys.sidebar(), queryFn: ({ signal }) => getSidebar(signal) });
}
