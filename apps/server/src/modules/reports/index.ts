/**
 * The reports module's front door. Scheduled and on-demand reports (PDF/CSV mails).
 *
 * Offers: the generate and schedule jobs, and pruning expired runs.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { pruneExpiredRuns, reportGenerateJob, reportScheduleJob } from './reports.service.ts';
