/**
 * The instagram module's front door. Instagram media insights (docs/decisions/0035).
 *
 * Offers: the refresh job and the age after which a read is stale.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { STALE_AFTER_MS, instagramRefreshJob } from './instagram.service.ts';
