/**
 * The overview module's front door. The Overview: the owner's day at a glance
 * (docs/decisions/0040).
 *
 * Offers nothing to other modules yet.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export {};
