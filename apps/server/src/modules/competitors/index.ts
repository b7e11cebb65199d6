/**
 * The competitors module's front door. Competitor analysis (docs/decisions/0030).
 *
 * Offers: the refresh job and queueing refreshes.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { competitorsRefreshJob, queueRefreshes } from './competitors.service.ts';
