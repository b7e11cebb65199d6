/**
 * The jobs module's front door. The job list a user may read (the queue itself is lib/queue.ts).
 *
 * Offers nothing to other modules yet.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export {};
