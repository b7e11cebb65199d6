/**
 * `POST /api/review_testing/sync-fb-reviews {pageId}` → `{page, fetched}`: fetch the page's
 * reviews from Facebook now (docs/decisions/review-sync.md). The page in the answer replaces
 * the cached one (its sync state changed); lists are refetched to show new reviews.
 */
import {
  API,
  ZSyncFbReviewsResponse,
  type TGetFbPagesResponse,
  type TSyncFbReviewsResponse,
} from '@dinedesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postJson } from '../../../lib/api-client.ts';
import { reviewKeys } from './keys.ts';

export interface SyncFbReviewsInput {
  pageId: string;
}

/** @throws {ApiError} with the server's message (e.g. the page token is no longer valid). */
export function syncFbReviews(input: SyncFbReviewsInput): Promise<TSyncFbReviewsResponse> {
  return postJson(API.syncFbReviews, input, ZSyncFbReviewsResponse);
}

export function useSyncFbReviews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncFbReviews,
    onSuccess: async ({ page }) => {
      queryClient.setQueryData<TGetFbPagesResponse>(reviewKeys.pages(), (pages) =>
        pages ? { data: pages.data.map((p) => (p.id === page.id ? page : p)) } : pages,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.pages() }),
      ]);
    },
  });
}
