import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  ZAcceptInvitationRequest,
  ZAcceptInvitationResponse,
  ZAccessControlRequest,
  ZAccessControlResponse,
  ZAccessTokenByClientQuery,
  ZAuditLogResponse,
  ZClientOnboardingRequest,
  ZClientOnboardingResponse,
  ZClientUsersResponse,
  ZErrorResponse,
  ZGetAllBrandsRequest,
  ZGetAllBrandsResponse,
  ZGetUserRoleRequest,
  ZGetUserRoleResponse,
  ZInviteUserRequest,
  ZInviteUserResponse,
  ZLoginResponse,
  ZMyClientsResponse,
  ZReservGoQuery,
  ZSetPasswordRequest,
  ZSetPasswordResponse,
} from '@dinedesk/contracts';
import { requireAbility, requireClient } from '../../plugins/auth.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { hashNewPassword, signIn } from '../auth/auth.service.ts';
import {
  acceptInvitation,
  accessControl,
  auditLogOf,
  consumeInvitation,
  getAllBrands,
  getUserRole,
  inviteUser,
  listClientUsers,
  myClients,
  switchTarget,
} from './access.service.ts';
import { onboardClient } from './onboarding.service.ts';
import { reservgoSignOn } from './reservgo.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['tenancy'];

/**
 * Clients, roles and access ids (spec §1, §4, §6, §7; issue #4): onboarding, roles, access
 * control, brands, users, client switching, invitations and ReservGo sign-on.
 */
export async function tenancyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = app.authenticate;

  r.post(
    API.clientOnboarding,
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary: 'Create a client with its brands, outlets and owner in one transaction (super admin)',
        description: 'Idempotent on clientKey: the same request again answers the first result with created=false. Validation names each bad field (`issues`).',
        body: ZClientOnboardingRequest,
        response: { 200: ZClientOnboardingResponse, 201: ZClientOnboardingResponse, ...errors, 409: ZErrorResponse },
      },
    },
    async (req, reply) => {
      requireAbility(req, 'create', 'Client');
      const result = await onboardClient(app.ctx, req.auth, req.body);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  r.post(
    API.getUserRole,
    { onRequest: authenticate, schema: { tags, security, summary: 'The caller’s role, or a member’s (read User)', body: ZGetUserRoleRequest, response: { 200: ZGetUserRoleResponse, ...errors } } },
    async (req) => getUserRole(req, app.ctx, req.body?.userId),
  );

  r.post(
    API.accessControlOfUser,
    {
      onRequest: authenticate,
      schema: {
        tags,
        security,
        summary: 'Access ids of a user: request "get" reads them, "update" replaces them and/or the role',
        description: 'Changes apply to the user’s next call and move their open sockets at once (spec §4).',
        body: ZAccessControlRequest,
        response: { 200: ZAccessControlResponse, ...errors },
      },
    },
    async (req) => accessControl(req, app.ctx, req.body),
  );

  r.post(
    API.getAllBrands,
    { onRequest: authenticate, schema: { tags, security, summary: 'Brands of the client the caller may see', body: ZGetAllBrandsRequest, response: { 200: ZGetAllBrandsResponse, ...errors } } },
    async (req) => {
      requireAbility(req, 'read', 'Brand');
      return getAllBrands(app.ctx, req.auth, req.body?.clientId);
    },
  );

  r.get(
    API.accessTokenByClientId,
    {
      onRequest: authenticate,
      schema: { tags, security, summary: 'Switch client: a token acting for another client of the caller (any client for a super admin)', querystring: ZAccessTokenByClientQuery, response: { 200: ZLoginResponse, ...errors } },
    },
    async (req) => {
      const user = await switchTarget(app.ctx, req.auth, req.query.clientId);
      return signIn(app.ctx, user, req.query.clientId);
    },
  );

  r.get(API.myClients, { onRequest: authenticate, schema: { tags, security, summary: 'Clients the caller may switch to', response: { 200: ZMyClientsResponse, ...errors } } }, async (req) =>
    myClients(app.ctx, req.auth),
  );

  r.get(API.clientUsers, { onRequest: authenticate, schema: { tags, security, summary: 'Users of the client with role and access ids', response: { 200: ZClientUsersResponse, ...errors } } }, async (req) => {
    requireAbility(req, 'read', 'User');
    return { data: await listClientUsers(app.ctx, requireClient(req)) };
  });

  r.post(
    API.inviteUser,
    { onRequest: authenticate, schema: { tags, security, summary: 'Invite a user into the client with a role and access ids', body: ZInviteUserRequest, response: { 201: ZInviteUserResponse, ...errors, 409: ZErrorResponse } } },
    async (req, reply) => {
      requireAbility(req, 'create', 'User');
      const clientId = requireClient(req);
      return reply.status(201).send(await inviteUser(app.ctx, req.auth, clientId, req.body));
    },
  );

  r.get(API.auditLog, { onRequest: authenticate, schema: { tags, security, summary: 'Access, role and onboarding changes of the client, newest first', response: { 200: ZAuditLogResponse, ...errors } } }, async (req) => {
    requireAbility(req, 'read', 'AuditLog');
    return auditLogOf(app.ctx, requireClient(req));
  });

  r.post(
    API.setPassword,
    {
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation by choosing the password of a new account, then sign in',
        description: 'An email that already has an account (or an earlier invitation of another client) answers 409 `invitation_sign_in`: sign in and use accept-invitation (docs/decisions/0009).',
        body: ZSetPasswordRequest,
        response: { 200: ZSetPasswordResponse, ...errors, 409: ZErrorResponse },
      },
    },
    async (req) => {
      const passwordHash = await hashNewPassword(app.ctx, { password: req.body.password, invitationToken: req.body.token, language: requestLanguage(req.headers['accept-language']) });
      const { user, clientId } = await consumeInvitation(app.ctx, req.body.token, passwordHash);
      return signIn(app.ctx, user, clientId);
    },
  );

  r.post(
    API.acceptInvitation,
    {
      onRequest: authenticate,
      schema: {
        tags: ['auth'],
        security,
        summary: 'Accept an invitation as the signed-in account; answers a session acting for the inviting client',
        description: 'Only the account whose email was invited, holding the link (docs/decisions/0009).',
        body: ZAcceptInvitationRequest,
        response: { 200: ZAcceptInvitationResponse, ...errors },
      },
    },
    async (req) => {
      const { user, clientId } = await acceptInvitation(app.ctx, req.auth, req.body.token);
      return signIn(app.ctx, user, clientId);
    },
  );

  r.get(
    API.reservgoSignOn,
    {
      schema: {
        tags: ['auth'],
        summary: 'Single sign-on from ReservGo: a partner-signed, short-lived, single-use token',
        description: 'Format: docs/decisions/0010-reservgo-sign-on.md. Answers like the login call.',
        querystring: ZReservGoQuery,
        response: { 200: ZLoginResponse, ...errors, 503: ZErrorResponse },
      },
    },
    async (req) => reservgoSignOn(app.ctx, req.query.token),
  );
}
