/**
 * The reviews module's front door. Reviews: Facebook recommendations and Google reviews, their
 * sync, replies and exports.
 *
 * Offers: the sync and export jobs, the feed webhook intake, review reads and reply keys,
 * replying and checking a reply, the bad-item report, and the export cell escaping.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { reportBadItem } from './bad-items.ts';
export { ingestFeedChanges } from './feed-webhook.service.ts';
export { checkReply } from './reply-check.ts';
export { pruneExpiredExports, reviewExportJob, safeCell } from './review-export.service.ts';
export { reviewSyncPageJob } from './review-sync.service.ts';
export { feedKpis, finishReplyKey, getReplyKey, needsReplyByOutlet, oldestNeedingReply, recentOutletReplies, releaseReplyKey, reserveReplyKey } from './reviews.repository.ts';
export { checkFilterIds, reply, replyCheck } from './reviews.service.ts';
