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

/** Inbox paths (spec §7); `{channel}` is `messenger` or `instagram`. */
export const INBOX = {
  messengerPages: '/api/messenger/pages',
  instagramPages: '/api/messenger/instagram-pages',
  conversations: (channel: string, pageId: string) => `/api/${channel}/pages/${pageId}/conversations`,
  messages: (channel: string, pageId: string, conversationId: string) => `/api/${channel}/pages/${pageId}/conversations/${conversationId}/messages`,
  message: (channel: string, pageId: string, messageId: string) => `/api/${channel}/pages/${pageId}/messages/${messageId}`,
  react: (channel: string, pageId: string, conversationId: string, messageId: string) =>
    `/api/${channel}/pages/${pageId}/conversations/${conversationId}/messages/${messageId}/react`,
  /** Not in the spec: mark a conversation read (the read state of issue #3). */
  read: (channel: string, pageId: string, conversationId: string) => `/api/${channel}/pages/${pageId}/conversations/${conversationId}/read`,
  webhook: '/api/webhooks/meta',
  socketPath: '/api/socket.io',
} as const;
