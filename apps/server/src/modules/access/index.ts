/**
 * The access module's front door. Users, sessions and abilities (docs/decisions/0003, 0004).
 *
 * Offers: the `AuthContext` of a caller and its builders (`resolveAuth`, `resolveSession`), the
 * ability checks (`assertCan`, `requireClient`), sessions and tokens, invitations, the role of a
 * user in a client, and who sees an outlet (the recipients of mails and notifications).
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { roleIn } from './access.repository.ts';
export { createInvitation, sha256 } from './invitations.service.ts';
export { membersWhoSee, recipientsNow, sightOf } from './recipients.repository.ts';
export { actingAs, assertCan, forgetCachedAccess, issueAccessToken, requireClient, resolveAuth, resolveSession, revokeSession, signSessionBound, verifySessionBound } from './session.service.ts';
export type { AuthContext } from './session.service.ts';
export { signIn } from './sign-in.service.ts';
