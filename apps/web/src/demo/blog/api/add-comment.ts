/**
 * `POST /blog/list/data/detail/comment {blogId, userFullName, email, website?, commentText}` →
 * 201 `{comment}` (an extra demo call, docs/decisions/0033-demo-content-pages.md). Every blog
 * query is refetched after, so the comment counts follow.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoRequest } from '../../mock/demo-fetch.ts';
import { BLOG_API, ZBlogCommentResponse, type TBlogComment, type TBlogCommentRequest } from '../schema.ts';
import { blogKeys } from './keys.ts';

/** Adds a comment to a post. @throws {DemoRequestError} (400 naming a bad field, 404 for an unknown post) */
export async function addComment(comment: TBlogCommentRequest): Promise<TBlogComment> {
  return (await demoRequest(BLOG_API.comment, ZBlogCommentResponse, { method: 'POST', body: comment })).comment;
}

export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addComment, onSettled: () => queryClient.invalidateQueries({ queryKey: blogKeys.all }) });
}
