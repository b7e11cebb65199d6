import { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { defineJob, JobQueue } from './lib/jobs.ts';
import { guestNameJob, inboxSyncPageJob, processWebhookJob, requeueStrandedDeliveries, pruneDeliveries } from './modules/inbox/index.ts';
import { connectedPages } from './modules/meta/index.ts';
import { reviewSyncPageJob, pruneExpiredExports, reviewExportJob } from './modules/reviews/index.ts';
import { googleSyncLocationJob, syncableLocations } from './modules/google/index.ts';
import { mentionEmailJob } from './modules/comments/index.ts';
import { automationMatchJob, automationRunJob, ownerLostEmailJob } from './modules/automation/index.ts';
import { competitorsRefreshJob, queueRefreshes } from './modules/competitors/index.ts';
import { complaintsDetectJob } from './modules/complaints/index.ts';
import { ordersImportJob } from './modules/orders/index.ts';
import { adsImportJob } from './modules/ads/index.ts';
import { instagramRefreshJob } from './modules/instagram/index.ts';
import { breachEmailJob, ticketSlaJob, demoTicketsJob } from './modules/tickets/index.ts';
import { pruneExpiredRuns, reportGenerateJob, reportScheduleJob } from './modules/reports/index.ts';

/**
 * The job catalogue: every kind of background work, registered on the process's
 * queue the way app.ts registers every route. A module declares its jobs beside the service
 * they call (`defineJob` in `<m>-sync.service.ts`, `webhook.service.ts`); the jobs that span
 * modules (the sync tick, maintenance) live here.
 */

/** A page or location whose sync was queued less than this long ago (seconds) is not queued again by a tick. */
export const RESYNC_AFTER_SECONDS = 60;

/**
 * `sync.tick`: queues a review sync and an inbox catch-up of every connected page, and a review
 * sync of every linked Google location and a refresh of every competitor's Place, one job per page, location or place (so one slow or failing page retries alone), then, when `reschedule`, queues the next
 * tick `REVIEW_SYNC_INTERVAL_SECONDS` later. Pages and locations queued in the last
 * {@link RESYNC_AFTER_SECONDS} are left out unless `force`. One queued tick per key (stately), so several
 * processes starting together keep one chain.
 */
export const syncTickJob = defineJob<{ clientId: null; reschedule: boolean; force?: boolean }, AppContext>({
  name: 'sync.tick',
  subject: 'Client',
  schema: z.object({ clientId: z.null(), reschedule: z.boolean(), force: z.boolean().optional() }),
  retryLimit: 3,
  retryDelaySeconds: 10,
  retryBackoff: true,
  expireInSeconds: 5 * 60,
  policy: 'stately',
  async handler(ctx, data) {
    const pages = await connectedPages(ctx);
    // A page (or location) queued in the last minute, by a connect or a "Sync now", is synced
    // or about to be: the tick that follows the start's connect does not sync it a second time.
    // `force` (an explicit sync of everything) queues them all.
    const recent = (def: { name: string }, keys: string[]) => (data.force ? Promise.resolve(new Set<string>()) : ctx.jobs.sentRecently(def, keys, RESYNC_AFTER_SECONDS));
    const ids = pages.map((p) => p.id);
    const [recentReviews, recentInbox] = await Promise.all([recent(reviewSyncPageJob, ids), recent(inboxSyncPageJob, ids)]);
    for (const p of pages) {
      if (!recentReviews.has(p.id)) await ctx.jobs.send(reviewSyncPageJob, { clientId: p.clientId, outletId: p.outletId, pageId: p.id }, { singletonKey: p.id });
      if (!recentInbox.has(p.id)) await ctx.jobs.send(inboxSyncPageJob, { clientId: p.clientId, outletId: p.outletId, pageId: p.id }, { singletonKey: p.id });
      ctx.jobs.wake(reviewSyncPageJob);
      ctx.jobs.wake(inboxSyncPageJob);
    }
    // Google locations: incremental by updateTime (google-sync.service.ts).
    const locations = await syncableLocations(ctx.db);
    const recentLocations = await recent(googleSyncLocationJob, locations.map((l) => l.id));
    for (const l of locations) if (!recentLocations.has(l.id)) await ctx.jobs.send(googleSyncLocationJob, { clientId: l.clientId, outletId: l.outletId, locationId: l.id }, { singletonKey: l.id });
    if (locations.length) ctx.jobs.wake(googleSyncLocationJob);
    // Competitors' Places: the day's rating snapshot and new history (competitors.service.ts).
    const competitorPlaces = await queueRefreshes(ctx);
    const interval = ctx.config.reviewSyncIntervalSeconds;
    if (data.reschedule && interval > 0) await ctx.jobs.send(syncTickJob, { clientId: null, reschedule: true }, { singletonKey: 'periodic', startAfterSeconds: interval });
    return { pages: pages.length, googleLocations: locations.length, competitorPlaces };
  },
});

/**
 * `maintenance`: every 10 minutes (cron, run once across processes by pg-boss's clock):
 * deletes processed webhook deliveries older than `WEBHOOK_RETENTION_DAYS`, and re-queues any
 * delivery left unprocessed for 10 minutes without a queued job (a job that failed for good:
 * the cause may have been fixed since), and deletes review exports and reports past their 7 days.
 */
export const maintenanceJob = defineJob<{ clientId: null }, AppContext>({
  name: 'maintenance',
  subject: 'Client',
  schema: z.object({ clientId: z.null() }),
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryBackoff: false,
  expireInSeconds: 10 * 60,
  policy: 'stately',
  cron: '*/10 * * * *',
  async handler(ctx) {
    const deleted = await pruneDeliveries(ctx, ctx.config.jobs.webhookRetentionDays);
    const requeued = await requeueStrandedDeliveries(ctx, 10 * 60);
    const exports = await pruneExpiredExports(ctx);
    const reports = await pruneExpiredRuns(ctx);
    return { deleted, requeued, exports, reports };
  },
});

/** Every job kind, in registration order. */
export const JOBS = [syncTickJob, maintenanceJob, reviewSyncPageJob, googleSyncLocationJob, reviewExportJob, inboxSyncPageJob, processWebhookJob, guestNameJob, mentionEmailJob, complaintsDetectJob, ticketSlaJob, breachEmailJob, automationMatchJob, automationRunJob, ownerLostEmailJob, competitorsRefreshJob, ordersImportJob, adsImportJob, instagramRefreshJob, reportGenerateJob, reportScheduleJob, demoTicketsJob] as const;

/**
 * The process's job queue with every job registered; `start` it once the app is ready.
 * @param log read when the queue first logs (the app's logger exists only after buildApp)
 */
export function createJobQueue(database: Database, ctx: () => AppContext, log: () => FastifyBaseLogger, opts: { work: boolean; pollingIntervalSeconds: number; beforeRun?: () => Promise<void> }): JobQueue<AppContext> {
  const queue = new JobQueue<AppContext>(database, ctx, log, opts);
  for (const def of JOBS) queue.register(def as Parameters<typeof queue.register>[0]);
  return queue;
}
