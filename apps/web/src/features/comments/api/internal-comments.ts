/**
 * `POST /api/review/comments` (docs/requirements/calls.md): a review's internal thread, the team's
 * own notes beside the public replies, never published.
 *
 * - `{request: 'list', reviewId, cursor?, limit}` → `{data, paging: {nextCursor}}`, oldest first:
 *   the first page holds the oldest comments and `nextCursor` asks for the newer ones after them.
 * - `{request: 'add', reviewId, text, mentionUserIds}` → `{comment}`. A teammate in
 *   `mentionUserIds` must be named as `@Full Name` in the text and able to see the review's outlet,
 *   else 400 naming `body.mentionUserIds` and nothing is written. Viewers get 403.
 *
 * After an add the comment is put at the end of the cached thread when the thread is loaded to
 * its end (else the thread is refetched): the author sees it at once, before the
 * `reviews:changed` event that refreshes everyone else's copy.
 */
import {
  API,
  ZInternalCommentAddResponse,
  ZInternalCommentsListResponse,
  ZInternalCommentsRequest,
  ZTicketCommentsRequest,
  type TInternalComment,
  type TInternalCommentAddResponse,
  type TInternalCommentsListResponse,
} from '@dinedesk/contracts';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { ApiError, postJson } from '../../../lib/api-client.ts';
import type { ThreadTarget } from '../../../lib/internal-comments.ts';
import { commentKeys } from './keys.ts';

/** Comments per page: most threads fit in one. */
export const THREAD_PAGE_SIZE = 50;

/** The call of a thread: a review's (docs/requirements/calls.md) or a ticket's
 * (`/api/tickets/comments`, the same body with `ticketId`). */
const pathOf = (target: ThreadTarget) => ('reviewId' in target ? API.reviewComments : API.ticketComments);

/** @throws {ApiError} 404 naming `body.reviewId` / `body.ticketId` when it is not visible, 400 naming `body.cursor` */
export function listInternalComments(target: ThreadTarget, cursor: string | null, signal?: AbortSignal, limit = THREAD_PAGE_SIZE): Promise<TInternalCommentsListResponse> {
  return postJson(pathOf(target), { request: 'list', ...target, ...(cursor ? { cursor } : {}), limit }, ZInternalCommentsListResponse, signal);
}

export function internalCommentsQueryOptions(target: ThreadTarget) {
  return infiniteQueryOptions({
    queryKey: commentKeys.thread(target),
    queryFn: ({ pageParam, signal }) => listInternalComments(target, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.paging.nextCursor,
  });
}

export function useInternalComments(target: ThreadTarget) {
  return useInfiniteQuery(internalCommentsQueryOptions(target));
}

export interface AddInternalCommentInput {
  target: ThreadTarget;
  text: string;
  mentionUserIds: string[];
}

/** The thread a stored comment belongs to. */
const targetOf = (comment: TInternalComment): ThreadTarget => (comment.ticketId !== null ? { ticketId: comment.ticketId } : { reviewId: comment.reviewId ?? '' });

/**
 * Checks the input with the contract first, so an empty or oversized comment is refused without
 * a round trip, with the server's own message and field.
 * @throws {ApiError} 400 naming `body.text` or `body.mentionUserIds`, 403 for viewers, 404 naming `body.reviewId`
 */
export function addInternalComment({ target, ...input }: AddInternalCommentInput): Promise<TInternalCommentAddResponse> {
  const parsed = ('reviewId' in target ? ZInternalCommentsRequest : ZTicketCommentsRequest).safeParse({ request: 'add', ...target, ...input });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? `body.${issue.path.join('.')}` : undefined;
    const message = issue?.message ?? 'Invalid comment';
    return Promise.reject(new ApiError({ message, status: 400, body: { message, field }, field }));
  }
  return postJson(pathOf(target), parsed.data, ZInternalCommentAddResponse);
}

/**
 * Puts `comment` at the end of the cached thread when its last page is loaded (the thread is
 * oldest first); the id check keeps a refetch that already brought it from showing it twice.
 * @returns false when the thread is not cached or has newer pages not loaded yet
 */
export function appendToThread(queryClient: QueryClient, comment: TInternalComment): boolean {
  const key = commentKeys.thread(targetOf(comment));
  const thread = queryClient.getQueryData<InfiniteData<TInternalCommentsListResponse, string | null>>(key);
  const last = thread?.pages.at(-1);
  if (!thread || !last || last.paging.nextCursor) return false;
  if (thread.pages.some((page) => page.data.some((c) => c.id === comment.id))) return true;
  queryClient.setQueryData<InfiniteData<TInternalCommentsListResponse, string | null>>(key, {
    ...thread,
    pages: [...thread.pages.slice(0, -1), { ...last, data: [...last.data, comment] }],
  });
  return true;
}

export function useAddInternalComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addInternalComment,
    onSuccess: async ({ comment }) => {
      if (!appendToThread(queryClient, comment)) await queryClient.invalidateQueries({ queryKey: commentKeys.thread(targetOf(comment)) });
    },
  });
}
