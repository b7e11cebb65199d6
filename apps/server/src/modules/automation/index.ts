/**
 * The automation module's front door. Automation rules and their runs (review and message
 * replies, tickets, complaints).
 *
 * Offers: queueing a match for new reviews and messages, the run jobs, and the clean-up when an
 * owner loses an outlet.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { automationMatchJob, automationRunJob, dropRuleTargets, ownerLostEmailJob, queueAutomation, switchOffRulesOfLostOwners } from './automation.service.ts';
