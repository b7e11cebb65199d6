/**
 * The reporting module's front door. Reporting: outlet timings and the data tracker
 * (docs/decisions/0041).
 *
 * Offers: the outlets a caller may report on.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { outletsInScope } from './reporting.repository.ts';
export type { OutletRow } from './reporting.repository.ts';
