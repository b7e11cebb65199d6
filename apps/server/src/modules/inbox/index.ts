/**
 * The inbox module's front door. The inbox: Messenger and Instagram conversations, their sync and
 * the Graph API webhook intake.
 *
 * Offers: the sync and webhook jobs, sending a message, the reply windows, conversation and
 * message reads, the accounts pushed live, and the realtime replay.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { guestNameJob, inboxSyncPageJob } from './inbox-sync.service.ts';
export { HUMAN_AGENT_WINDOW_MS, STANDARD_WINDOW_MS, replyWindow } from './inbox.mappers.ts';
export { waitingByOutlet, waitingConversations } from './inbox.repository.ts';
export { realtimeAccounts, replayEvents, resyncWatermark, sendMessage } from './inbox.service.ts';
export { processWebhookJob, pruneDeliveries, requeueStrandedDeliveries } from './webhook.service.ts';
