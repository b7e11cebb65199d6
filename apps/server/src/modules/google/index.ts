/**
 * The google module's front door. Google Business Profile: connection, review sync and replies
 * (docs/requirements/platform-apis.md).
 *
 * Offers: the OAuth state cookie and consent URL, the demo connection, the location sync job, the
 * locations to sync and to push live, and replying to a Google review.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { GOOGLE_STATE_COOKIE, GOOGLE_STATE_TTL_SECONDS, connectDemoGoogle, constructGoogleAuthUrl } from './google-connect.service.ts';
export { replyToGoogleReview } from './google-reply.service.ts';
export { googleSyncLocationJob } from './google-sync.service.ts';
export { realtimeLocations, syncableLocations } from './google.repository.ts';
