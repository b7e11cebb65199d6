/**
 * The comments module's front door. Internal comments and mentions on reviews, conversations and
 * tickets (docs/decisions/0025).
 *
 * Offers: the mention mail job, the link to a thread, and who may be mentioned.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { mentionableUsers } from './comments.repository.ts';
export { mentionEmailJob, threadLink } from './comments.service.ts';
