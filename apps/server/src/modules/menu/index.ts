/**
 * The menu module's front door. The menu of an outlet: live menu, insights and audit history
 * (docs/decisions/0039).
 *
 * Offers: recording the items of imported orders.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { addOrderItems } from './menu.repository.ts';
