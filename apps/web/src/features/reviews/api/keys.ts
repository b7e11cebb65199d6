/**
 * Query keys of the reviews feature. Everything sits under `['reviews']` so a mutation can
 * invalidate a whole family (all filtered lists, say) with one prefix.
 */
import type { ReviewFilters } from './get-reviews.ts';

export const reviewKeys = {
  all: ['reviews'] as const,
  pages: () => [...reviewKeys.all, 'fb-pages'] as const,
  lists: () => [...reviewKeys.all, 'fb-reviews'] as const,
  /** The one feed (get-reviews.ts), under `lists()` so reply and realtime invalidations reach it. */
  feed: (filters: ReviewFilters) => [...reviewKeys.lists(), 'feed', filters] as const,
  /**
   * One review asked for by id (the feed with `reviewId`): a link to a review the list does not
   * hold (mention links). Under `lists()` so the same invalidations reach it.
   */
  linked: (reviewId: string) => [...reviewKeys.lists(), 'linked', reviewId] as const,
  /** KPIs of the filtered feed (get-review-kpis.ts). */
  kpis: (filters: ReviewFilters) => [...reviewKeys.lists(), 'kpis', filters] as const,
  /** One export's progress (export-reviews.ts). */
  export: (id: string) => [...reviewKeys.all, 'export', id] as const,
  /** Google locations linked to outlets (get_locations/get-locations). */
  locations: () => [...reviewKeys.all, 'google-locations'] as const,
  /** Connected Facebook accounts with token health (get-accounts.ts). */
  facebookAccounts: () => [...reviewKeys.all, 'facebook-accounts'] as const,
  /** Connected Google users with their Business Profile locations (google-locations.ts). */
  googleConnections: () => [...reviewKeys.all, 'google-connections'] as const,
  comments: (pageId: string, reviewId: string) => [...reviewKeys.all, 'fb-comments', pageId, reviewId] as const,
  /** The client's reply templates (reply-templates.ts). */
  templates: () => [...reviewKeys.all, 'reply-templates'] as const,
};

/**
 * The open review as last seen (reviews-page.tsx keeps it here; replies patch it), outside the
 * `reviews` family so that refetching everything after a reconnect does not wipe it.
 */
export const OPEN_REVIEW_KEY = ['open-review'] as const;
