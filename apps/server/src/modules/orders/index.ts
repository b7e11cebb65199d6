/**
 * The orders module's front door. Order imports and the order figures (docs/decisions/0036).
 *
 * Offers: the import job and its helpers (CSV cells, money, progress, report), the order totals
 * and date ranges, the demo orders, and the outlet checks shared by the import screens.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { BAD_TEXT, clip, csvParseProblem, parseMoney } from './orders.csv.ts';
export { addDays, daysBetween } from './orders.forecast.ts';
export { seedData } from './orders.insights.ts';
export { dataRange, importsOf, insertImport, itemTotals, lockOutlet, orderStatsOf, outletById, totals, updateImport } from './orders.repository.ts';
export type { ImportRow } from './orders.repository.ts';
export { seedLondonOrders } from './orders.seed.ts';
export { importStalled, ordersImportJob, progressOf, reportOf, runImportJob, visibleImport, visibleOutlet } from './orders.service.ts';
export type { ImportKind, ImportSource } from './orders.service.ts';
