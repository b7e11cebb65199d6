/**
 * `POST /blog/list/data/edit {id, blogTitle, blogCategories, slug, status, excerpt,
 * featuredImage}` → `{edit}`: saves the edit form (an extra demo call; the spec lists only
 * the GET, docs/decisions/0033-demo-content-pages.md). Every blog query is refetched after.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { BLOG_API, ZBlogEditResponse, type TBlogEdit, type TBlogSaveRequest } from '../schema.ts';
import { blogKeys } from './keys.ts';

/** Saves the post. @throws {DemoRequestError} (400 naming a bad field or a taken slug, 404 for an unknown post) */
export async function savePost(post: TBlogSaveRequest): Promise<TBlogEdit> {
  return (await demoRequest(BLOG_API.edit, ZBlogEditResponse, { method: 'POST', body: post })).edit;
}

export function useSavePost() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: savePost, onSettled: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }) });
}
