import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  FACEBOOK_CONNECT_ROUTE,
  ZConstructFbAuthUrlQuery,
  ZConstructFbAuthUrlResponse,
  ZErrorResponse,
  ZFbAuthCallbackQuery,
  ZFbAuthCallbackRedirect,
  ZGetAccountsResponse,
} from '@dinedesk/contracts';
import { HttpError } from '../../lib/errors.ts';
import { readCookie, writeStateCookie } from '../../plugins/cookies.ts';
import { constructGoogleAuthUrl, GOOGLE_STATE_COOKIE, GOOGLE_STATE_TTL_SECONDS } from '../google/index.ts';
import { completeConnect, constructAuthUrl, listAccounts, STATE_COOKIE, STATE_TTL_SECONDS } from './facebook-connect.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse };
const connectErrors = { ...errors, 503: ZErrorResponse };
const security = [{ bearer: [] }];
/**
 * This server's origin for the OAuth `redirect_uri`: `PUBLIC_URL`, else the origin the browser
 * used only when that is a loopback host (`npm start` on this machine). The Host header is the
 * client's to write: elsewhere it would let a request pick where the provider sends the code.
 * @throws HttpError 503 (`code: public_url_missing`) without PUBLIC_URL on a non-loopback host
 */
function oauthOrigin(req: FastifyRequest, publicUrl: string | null): string {
  if (publicUrl) return publicUrl;
  const hostname = req.hostname.replace(/^\[|\]$/g, '');
  if (hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '::1' || /^127(\.\d{1,3}){3}$/.test(hostname)) return `${req.protocol}://${req.host}`;
  throw new HttpError(503, 'Connecting needs PUBLIC_URL: set it to this server’s address as browsers reach it (e.g. https://dinedesk.example.com); the redirect address is never taken from the Host header', { code: 'public_url_missing' });
}

/**
 * Facebook connect (docs/requirements/calls.md `construct-fb-auth-url`, `get-accounts`; the
 * callback is DineDesk's own, docs/decisions/0022). The meta module's routes: page access tokens
 * come from here.
 */
export async function metaRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API.constructFbAuthUrl,
    {
      config: { need: { action: 'create', subject: 'PageConnection', scope: 'client' } },
      schema: {
        tags: ['facebook connect'],
        summary: 'Facebook Login dialog URL (authType=facebook) or Google consent URL (authType=google) for the connect popup (700x800)',
        description:
          'Open `url` in a popup. Facebook redirects it to the callback, which lands on /apps/reviews_and_reputation/facebook?longToken=success|failed (Google: googleToken=success|failed). Also sets an HttpOnly cookie that ties the dialog to this browser. `rerequest=true` asks Facebook again for declined permissions.',
        security,
        querystring: ZConstructFbAuthUrlQuery,
        response: { 200: ZConstructFbAuthUrlResponse, ...connectErrors },
      },
    },
    async (req, reply) => {
      if (req.query.authType === 'google') {
        const g = await constructGoogleAuthUrl(app.ctx, req.auth, { origin: oauthOrigin(req, app.ctx.config.publicUrl) });
        writeStateCookie(reply, GOOGLE_STATE_COOKIE, g.nonce, GOOGLE_STATE_TTL_SECONDS);
        reply.header('cache-control', 'no-store');
        return { url: g.url, expiresAt: g.expiresAt.toISOString() };
      }
      const { url, nonce, expiresAt } = await constructAuthUrl(app.ctx, req.auth, { origin: oauthOrigin(req, app.ctx.config.publicUrl), rerequest: req.query.rerequest === 'true' });
      writeStateCookie(reply, STATE_COOKIE, nonce, STATE_TTL_SECONDS);
      reply.header('cache-control', 'no-store');
      return { url, expiresAt: expiresAt.toISOString() };
    },
  );

  r.get(
    API.fbAuthCallback,
    {
      config: { need: 'public' },
      schema: {
        tags: ['facebook connect'],
        summary: 'Where Facebook Login redirects the popup (not called by the web app)',
        description: 'Answers 302 to /apps/reviews_and_reputation/facebook?longToken=success, or longToken=failed&reason=cancelled|state|exchange|permissions|no_pages|graph.',
        querystring: ZFbAuthCallbackQuery,
        response: { 302: ZFbAuthCallbackRedirect },
      },
    },
    async (req, reply) => {
      const outcome = await completeConnect(app.ctx, req.query, readCookie(req, STATE_COOKIE));
      writeStateCookie(reply, STATE_COOKIE, '', 0);
      reply.header('cache-control', 'no-store');
      if (outcome.ok) {
        if (outcome.notSubscribed.length) req.log.warn({ notSubscribed: outcome.notSubscribed }, 'Facebook connect: webhook subscription failed for some pages');
        req.log.info({ accountId: outcome.accountId, pages: outcome.pages }, 'Facebook connect succeeded');
        return reply.redirect(`${FACEBOOK_CONNECT_ROUTE}?longToken=success&pages=${outcome.pages}`, 302);
      }
      req.log.warn({ reason: outcome.reason, detail: outcome.detail }, 'Facebook connect failed');
      return reply.redirect(`${FACEBOOK_CONNECT_ROUTE}?longToken=failed&reason=${outcome.reason}`, 302);
    },
  );

  r.get(
    API.getAccounts,
    {
      config: { need: { action: 'read', subject: 'PageConnection', scope: 'client' } },
      schema: {
        tags: ['facebook connect'],
        summary: 'Connected Facebook accounts and pages with token health',
        description: 'Health is asked of Facebook (debug_token) on each call; `live: false` when Facebook could not be reached and the last known state is shown.',
        security,
        response: { 200: ZGetAccountsResponse, ...errors },
      },
    },
    async (req) => {
      return listAccounts(app.ctx, req.auth);
    },
  );
}
