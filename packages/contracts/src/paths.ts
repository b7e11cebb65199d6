/** Exact product paths (spec §7), shared by server routes and the web client. */
export const API = {
  health: '/api/health',
  login: '/api/auth/login',
  logout: '/api/logout',
  clientDetails: '/api/get-client-details',
  fbPages: '/api/review_testing/get-fb-pages',
  fbReviews: '/api/review_testing/get-fb-reviews',
  fbComments: '/api/review_testing/get-fb-comments',
  replyFbReview: '/reply-fb-review',
  /** Not in the spec: on-demand sync of one page (docs/decisions/review-sync.md). */
  syncFbReviews: '/api/review_testing/sync-fb-reviews',
} as const;
