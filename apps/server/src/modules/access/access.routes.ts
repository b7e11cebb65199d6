import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditLogResponse } from '@dinedesk/contracts/audit';
import {
  API,
  ZAcceptInvitationRequest,
  ZAcceptInvitationResponse,
  ZAccessControlRequest,
  ZAccessControlResponse,
  ZClientDetailsResponse,
  ZClientUsersResponse,
  ZErrorResponse,
  ZGetUserRoleRequest,
  ZGetUserRoleResponse,
  ZInviteUserRequest,
  ZInviteUserResponse,
  ZLoginRequest,
  ZLoginResponse,
  ZLogoutResponse,
  ZReservGoQuery,
  ZSetPasswordRequest,
  ZSetPasswordResponse,
} from '@dinedesk/contracts';
import { createLoginThrottle } from '../../lib/login-throttle.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { accessControl, auditLogOf, getUserRole, listClientUsers } from './access.service.ts';
import { acceptInvitation, consumeInvitation, hashNewPassword, inviteUser } from './invitations.service.ts';
import { reservgoSignOn } from './reservgo.service.ts';
import { requireClient } from './session.service.ts';
import { clientDetails, login, logout, SignInThrottledError, signIn, userDataOf } from './sign-in.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['access'];

/**
 * Identity and access (docs/requirements/data.md, states.md, validation.md, roles.md and calls.md):
 * sign-in (password, set-password from an invitation, ReservGo sign-on), logout, client details,
 * and the users of a client with their roles, access ids, invitations and audit log. Sign-in is
 * throttled per (address, account) and per address, shared through Redis when `REDIS_URL` is set
 * (docs/decisions/0012). Each route declares its need (plugins/auth.ts).
 */
export async function accessRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const throttle = await createLoginThrottle({
    redisUrl: ctx.config.redisUrl,
    keyPrefix: ctx.config.redisKeyPrefix,
    onError: (err) => app.log.error({ err }, 'sign-in throttle: Redis error (counting in memory meanwhile)'),
  });
  app.addHook('onClose', () => throttle.close());

  r.post(
    API.login,
    {
      config: { need: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description: 'Answers 429 with `Retry-After` (seconds) after 5 failures for one account from one address, or 20 from one address, in 15 minutes.',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, ...errors, 429: ZErrorResponse },
      },
    },
    async (req, reply) => {
      try {
        return await login(ctx, throttle, { email: req.body.email, password: req.body.password, ip: req.ip, language: requestLanguage(req.headers['accept-language']) });
      } catch (e) {
        if (e instanceof SignInThrottledError) void reply.header('retry-after', String(e.retryAfterSeconds));
        throw e;
      }
    },
  );

  r.get(
    API.logout,
    { config: { need: 'signed-in' }, schema: { tags: ['auth'], summary: 'Revoke the calling token', security, response: { 200: ZLogoutResponse, ...errors, 429: ZErrorResponse } } },
    async (req) => {
      await logout(ctx, req.auth);
      return { message: 'Logged out' as const };
    },
  );

  r.get(
    API.clientDetails,
    {
      config: { need: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'The signed-in client, its visible brands and outlets, and the fresh userData',
        description: 'Fails with 401 and message "Invalid token" or "Token has expired" (docs/requirements/validation.md and errors.md).',
        security,
        response: { 200: ZClientDetailsResponse, ...errors, 429: ZErrorResponse },
      },
    },
    async (req) => ({ message: 'OK' as const, client: await clientDetails(ctx, req.auth), userData: userDataOf(req.auth) }),
  );

  r.post(
    API.setPassword,
    {
      config: { need: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Accept an invitation by choosing the password of a new account, then sign in',
        description: 'An email that already has an account (or an earlier invitation of another client) answers 409 `invitation_sign_in`: sign in and use accept-invitation (docs/decisions/0009).',
        body: ZSetPasswordRequest,
        response: { 200: ZSetPasswordResponse, ...errors, 409: ZErrorResponse },
      },
    },
    async (req) => {
      const passwordHash = await hashNewPassword(ctx, { password: req.body.password, invitationToken: req.body.token, language: requestLanguage(req.headers['accept-language']) });
      const { user, clientId } = await consumeInvitation(ctx, req.body.token, passwordHash);
      return signIn(ctx, user, clientId);
    },
  );

  r.post(
    API.acceptInvitation,
    {
      config: { need: 'signed-in' },
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
      const { user, clientId } = await acceptInvitation(ctx, req.auth, req.body.token);
      return signIn(ctx, user, clientId);
    },
  );

  r.get(
    API.reservgoSignOn,
    {
      config: { need: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Single sign-on from ReservGo: a partner-signed, short-lived, single-use token',
        description: 'Format: docs/decisions/0010-reservgo-sign-on.md. Answers like the login call.',
        querystring: ZReservGoQuery,
        response: { 200: ZLoginResponse, ...errors, 503: ZErrorResponse },
      },
    },
    async (req) => reservgoSignOn(ctx, req.query.token),
  );

  r.post(
    API.getUserRole,
    {
      // One's own role needs no ability; another user's needs `read User` (checked by the service).
      config: { need: { action: 'read', subject: 'User', scope: 'client', checkedBy: 'service' } },
      schema: { tags, security, summary: 'The caller’s role, or a member’s (read User)', body: ZGetUserRoleRequest, response: { 200: ZGetUserRoleResponse, ...errors } },
    },
    async (req) => getUserRole(ctx, req.auth, req.body?.userId),
  );

  r.post(
    API.accessControlOfUser,
    {
      // `get` of one's own access needs no ability, of another user `read Access`; `update` needs
      // `update Access` and is refused for one's own access (checked by the service).
      config: { need: { action: 'update', subject: 'Access', scope: 'client', checkedBy: 'service' } },
      schema: {
        tags,
        security,
        summary: 'Access ids of a user: request "get" reads them, "update" replaces them and/or the role',
        description: 'Changes apply to the user’s next call and move their open sockets at once (docs/requirements/states.md).',
        body: ZAccessControlRequest,
        response: { 200: ZAccessControlResponse, ...errors },
      },
    },
    async (req) => accessControl(ctx, req.auth, req.body),
  );

  r.get(
    API.clientUsers,
    { config: { need: { action: 'read', subject: 'User', scope: 'client' } }, schema: { tags, security, summary: 'Users of the client with role and access ids', response: { 200: ZClientUsersResponse, ...errors } } },
    async (req) => ({ data: await listClientUsers(ctx, requireClient(req.auth)) }),
  );

  r.post(
    API.inviteUser,
    {
      config: { need: { action: 'create', subject: 'User', scope: 'client' } },
      schema: { tags, security, summary: 'Invite a user into the client with a role and access ids', body: ZInviteUserRequest, response: { 201: ZInviteUserResponse, ...errors, 409: ZErrorResponse } },
    },
    async (req, reply) => reply.status(201).send(await inviteUser(ctx, req.auth, requireClient(req.auth), req.body)),
  );

  r.get(
    API.auditLog,
    { config: { need: { action: 'read', subject: 'AuditLog', scope: 'client' } }, schema: { tags, security, summary: 'What happened in the client, newest first: who (actor), to what (target), the recorded details and the names of the ids they hold, this client’s only', response: { 200: ZAuditLogResponse, ...errors } } },
    async (req) => auditLogOf(ctx, requireClient(req.auth)),
  );
}
