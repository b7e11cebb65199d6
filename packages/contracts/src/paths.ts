/** Exact product paths (docs/requirements/calls.md), shared by server routes and the web client. */
export const API = {
  health: '/api/health',
  login: '/api/auth/login',
  logout: '/api/logout',
  clientDetails: '/api/get-client-details',
  fbPages: '/api/review_testing/get-fb-pages',
  /** Internal comments of a review: list and add (docs/requirements/calls.md). */
  reviewComments: '/api/review/comments',
  /** Who may be mentioned on a review (docs/requirements/calls.md). */
  mentionsUsers: '/api/review/mentions-users',
  /** Complaints (not in the spec, docs/decisions/0026). */
  complaintsList: '/api/complaints/list',
  complaintGet: '/api/complaints/get',
  complaintUpdate: '/api/complaints/update',
  complaintFromReview: '/api/complaints/open-from-review',
  complaintFlagConversation: '/api/complaints/flag-conversation',
  complaintLink: '/api/complaints/link',
  complaintRootCauses: '/api/complaints/root-causes',
  /** Tickets (not in the spec, docs/decisions/0027). */
  ticketsList: '/api/tickets/list',
  ticketGet: '/api/tickets/get',
  ticketCreate: '/api/tickets/create',
  ticketUpdate: '/api/tickets/update',
  ticketSlaPolicy: '/api/tickets/sla-policy',
  /** A ticket's internal comments (list and add) and who may be mentioned on it. */
  ticketComments: '/api/tickets/comments',
  ticketMentionsUsers: '/api/tickets/mentions-users',
  // Competitor analysis: its paths are `COMPETITORS_API` in competitors.ts, the
  // `@dinedesk/contracts/competitors` subpath, so they stay out of every other screen's first paint
  // (docs/decisions/0030).
  /** Automation rules, their dry run, history and draft approval queue (docs/decisions/0028). */
  automationRules: '/api/automation/rules/list',
  automationRuleCreate: '/api/automation/rules/create',
  automationRuleUpdate: '/api/automation/rules/update',
  automationRuleDelete: '/api/automation/rules/delete',
  automationRulesReorder: '/api/automation/rules/reorder',
  automationDryRun: '/api/automation/dry-run',
  automationHistory: '/api/automation/history',
  /** Run a scheduled run now instead of at its due time (owners; docs/decisions/0028 "Run now"). */
  automationRunNow: '/api/automation/runs/run-now',
  automationDrafts: '/api/automation/drafts/list',
  automationDraftDecide: '/api/automation/drafts/decide',
  /** The caller's mention notifications (docs/requirements/calls.md). */
  mentionNotifications: '/api/review/mention-notifications',
  /** Mark mention notifications read, unread or archived (docs/requirements/calls.md). */
  mentionStatus: '/api/review/mentions/status',
  fbReviews: '/api/review_testing/get-fb-reviews',
  fbComments: '/api/review_testing/get-fb-comments',
  replyFbReview: '/reply-fb-review',
  /** Facebook Login dialog URL for the connect popup (docs/requirements/calls.md). */
  constructFbAuthUrl: '/api/review_testing/construct-fb-auth-url',
  /** Not in the spec: where Facebook Login redirects the popup (docs/decisions/0022). */
  fbAuthCallback: '/api/review_testing/fb-auth-callback',
  /** Connected Facebook accounts and pages with token health (docs/requirements/calls.md). */
  getAccounts: '/api/review_testing/get-accounts',
  /** Not in the spec: where Google's consent page redirects the popup (docs/decisions/0024). */
  googleAuthCallback: '/api/review_testing/google-auth-callback',
  /** Google business accounts and locations of the client's connected Google users, live
   * (docs/requirements/calls.md). */
  getLocationsForUser: '/get-locations-for-user',
  /** The client's Google locations linked to outlets, with sync state
   * (docs/requirements/calls.md). */
  getLocations: '/api/review_testing/get_locations/get-locations',
  /** The one feed of reviews from every source, filtered (docs/requirements/calls.md). */
  getReviews: '/api/review_testing/get_reviews/get-reviews',
  /** Not in the spec: the KPIs of the filtered feed (average, count, response rate and time, trend, per outlet). */
  reviewKpis: '/api/review_testing/get_reviews/kpis',
  /** Not in the spec: export the filtered feed as CSV or XLSX (a background job); then its progress and its file. */
  exportReviews: '/api/review_testing/get_reviews/export',
  reviewExport: '/api/review_testing/get_reviews/export/:exportId',
  reviewExportFile: '/api/review_testing/get_reviews/export/:exportId/file',
  /** Not in the spec: the client's reply templates; save (create or update) and delete one. */
  replyTemplates: '/api/review_testing/reply-templates',
  saveReplyTemplate: '/api/review_testing/reply-templates/save',
  deleteReplyTemplate: '/api/review_testing/reply-templates/delete',
  /** Not in the spec: link a Google location to an outlet, or unlink it. */
  linkGoogleLocation: '/api/review_testing/google/link-location',
  /** Not in the spec: reply to a Google review or replace its reply (`updateReply`). */
  replyGoogleReview: '/api/review_testing/google/reply',
  /** Not in the spec: delete a Google review's reply (`deleteReply`). */
  deleteGoogleReply: '/api/review_testing/google/delete-reply',
  /** Not in the spec: sync one Google location's reviews now. */
  syncGoogleLocation: '/api/review_testing/google/sync',
  /** Not in the spec: edit or delete one of the page's own replies to a Facebook review. */
  editFbReply: '/api/review_testing/edit-fb-reply',
  deleteFbReply: '/api/review_testing/delete-fb-reply',
  /** Not in the spec: on-demand sync of one page (docs/decisions/review-sync.md). */
  syncFbReviews: '/api/review_testing/sync-fb-reviews',
  clientOnboarding: '/api/client-onboarding',
  getUserRole: '/api/get-user-role',
  accessControlOfUser: '/api/access-control-of-user',
  getAllBrands: '/api/get-all-brands',
  accessTokenByClientId: '/api/get-access-token-by-client-id',
  reservgoSignOn: '/api/reservgo/secure-endpoint',
  /** Not in the spec: a user sets a password from an invitation. */
  setPassword: '/api/auth/set-password',
  /** Not in the spec: a signed-in account accepts an invitation into another client. */
  acceptInvitation: '/api/auth/accept-invitation',
  /** Not in the spec: users of the client with their access ids (Users & access screen). */
  clientUsers: '/api/client-users',
  /** Not in the spec: invite a user into the caller's client. */
  inviteUser: '/api/client-users/invite',
  /** Not in the spec: clients the caller may switch to (navbar switcher). */
  myClients: '/api/my-clients',
  /** Not in the spec: the client's audit log of access, role and onboarding changes. */
  auditLog: '/api/audit-log',
  /** Not in the spec: the client's recent background jobs, newest first. */
  jobs: '/api/jobs',
  /** Not in the spec: one background job's state. */
  job: '/api/jobs/:id',
} as const;

/** Inbox paths (docs/requirements/calls.md); `{channel}` is `messenger` or `instagram`. */
export const INBOX = {
  messengerPages: '/api/messenger/pages',
  instagramPages: '/api/messenger/instagram-pages',
  conversations: (channel: string, pageId: string) => `/api/${channel}/pages/${pageId}/conversations`,
  messages: (channel: string, pageId: string, conversationId: string) => `/api/${channel}/pages/${pageId}/conversations/${conversationId}/messages`,
  message: (channel: string, pageId: string, messageId: string) => `/api/${channel}/pages/${pageId}/messages/${messageId}`,
  react: (channel: string, pageId: string, conversationId: string, messageId: string) =>
    `/api/${channel}/pages/${pageId}/conversations/${conversationId}/messages/${messageId}/react`,
  /** Not in the spec: mark a conversation read (the read state). */
  read: (channel: string, pageId: string, conversationId: string) => `/api/${channel}/pages/${pageId}/conversations/${conversationId}/read`,
  webhook: '/api/webhooks/meta',
  socketPath: '/api/socket.io',
} as const;
