/**
 * The meta module's front door. Facebook Pages: connection, page tokens and the Graph API calls
 * on them.
 *
 * Offers: the demo connection, the connected pages and their decrypted tokens, the token-death
 * record, the webhook fields a page subscribes, and the first owner of a client.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { EXPIRING_DAYS, connectDemoPages } from './facebook-connect.service.ts';
export { firstClientOwner } from './meta.repository.ts';
export { PAGE_WEBHOOK_FIELDS, connectedPages, decryptPageToken, recordTokenDeath, tokenIsDead } from './meta.service.ts';
