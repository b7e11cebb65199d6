import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, ZClientDetailsResponse, ZErrorResponse, ZLoginRequest, ZLoginResponse, ZLogoutResponse } from '@dinedesk/contracts';
import { createLoginThrottle } from '../../lib/login-throttle.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { clientDetails, login, logout, SignInThrottledError, userDataOf } from './auth.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 429: ZErrorResponse };

/**
 * Sign-in, logout and client details (spec §4, §5, §7; screens.md "Login"). Sign-in is
 * throttled per (address, account) and per address, shared through Redis when `REDIS_URL` is
 * set (docs/decisions/0012-sign-in-throttling.md).
 */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const throttle = await createLoginThrottle({
    redisUrl: app.ctx.config.redisUrl,
    keyPrefix: app.ctx.config.redisKeyPrefix,
    onError: (err) => app.log.error({ err }, 'sign-in throttle: Redis error (counting in memory meanwhile)'),
  });
  app.addHook('onClose', () => throttle.close());
  r.post(
    API.login,
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description: 'Answers 429 with `Retry-After` (seconds) after 5 failures for one account from one address, or 20 from one address, in 15 minutes.',
        body: ZLoginRequest,
        response: { 200: ZLoginResponse, ...errors },
      },
    },
    async (req, reply) => {
      try {
        return await login(app.ctx, throttle, { email: req.body.email, password: req.body.password, ip: req.ip, language: requestLanguage(req.headers['accept-language']) });
      } catch (e) {
        if (e instanceof SignInThrottledError) void reply.header('retry-after', String(e.retryAfterSeconds));
        throw e;
      }
    },
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
