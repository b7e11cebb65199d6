import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, ZClientDetailsResponse, ZErrorResponse, ZLoginRequest, ZLoginResponse, ZLogoutResponse } from '@dinedesk/contracts';
import { clientDetails, login, logout, userDataOf } from './auth.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 429: ZErrorResponse };

/** Sign-in, logout and client details (spec §4, §5, §7; screens.md "Login"). */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    API.login,
    { schema: { tags: ['auth'], summary: 'Sign in with email and password', body: ZLoginRequest, response: { 200: ZLoginResponse, ...errors } } },
    async (req) => login(app.ctx, req.body.email, req.body.password, req.ip),
  );
  r.get(
    API.logout,
    { onRequest: app.authenticate, schema: { tags: ['auth'], summary: 'Revoke the calling token', security: [{ bearer: [] }], response: { 200: ZLogoutResponse, ...errors } } },
    async (req) => {
      await logout(app.ctx, req.auth);
      return { message: 'Logged out' as const };
    },
  );
  r.get(
    API.clientDetails,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in client, its visible brands and outlets, and the fresh userData',
        description: 'Fails with 401 and message "Invalid token" or "Token has expired" (spec §5, §8).',
        security: [{ bearer: [] }],
        response: { 200: ZClientDetailsResponse, ...errors },
      },
    },
    async (req) => ({ message: 'OK' as const, client: await clientDetails(app.ctx, req.auth), userData: userDataOf(req.auth) }),
  );
}
