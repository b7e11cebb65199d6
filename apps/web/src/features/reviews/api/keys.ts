/**
 * Query keys of the reviews feature. Everything sits under `['reviews']` so a mutation can
 * invalidate a whole family (all filtered lists, say) with one prefix.
 */
import type { ReviewFilters } from './get-fb-reviews.ts';

export const reviewKeys = {
  all: ['reviews'] as const,
  pages: () => [...reviewKeys.all, 'fb-pages'] as const,
  lists: () => [...reviewKeys.all, 'fb-reviews'] as const,
  list: (filters: ReviewFilters) => [...reviewKeys.lists(), filters] as const,
  /** Connected Facebook accounts with token health (get-accounts.ts). */
  facebookAccounts: () => [...reviewKeys.all, 'facebook-accounts'] as const,
  comments: (pageId: string, reviewId: string) => [...reviewKeys.all, 'fb-comments', pageId, reviewId] as const,
};
