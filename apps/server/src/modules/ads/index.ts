/**
 * The ads module's front door. Ads pro: ads CSV imports and their figures (docs/decisions/0043).
 *
 * Offers: the import job and the demo ads of the seed.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { seedDemoAds } from './ads.demo.ts';
export { adsImportJob } from './ads.service.ts';
