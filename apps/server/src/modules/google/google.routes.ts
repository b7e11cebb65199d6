import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  FACEBOOK_CONNECT_ROUTE,
  ZDeleteGoogleReplyRequest,
  ZDeleteGoogleReplyResponse,
  ZErrorResponse,
  ZFbAuthCallbackRedirect,
  ZGetLocationsForUserRequest,
  ZGetLocationsForUserResponse,
  ZGetLocationsRequest,
  ZGetLocationsResponse,
  ZGoogleAuthCallbackQuery,
  ZLinkGoogleLocationRequest,
  ZReplyGoogleReviewHeaders,
  ZReplyGoogleReviewRequest,
  ZReplyGoogleReviewResponse,
  ZSyncGoogleLocationRequest,
  ZSyncGoogleLocationResponse,
  ZGoogleConnection,
} from '@dinedesk/contracts';
import { readCookie, writeStateCookie } from '../../plugins/cookies.ts';
import { completeGoogleConnect, GOOGLE_STATE_COOKIE, linkLocation, listLinkedLocations, locationsForUser } from './google-connect.service.ts';
import { deleteGoogleReply, replyToGoogleReview } from './google-reply.service.ts';
import { syncLocationNow } from './google-sync.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const googleErrors = { ...errors, 409: ZErrorResponse, 422: ZErrorResponse, 429: ZErrorResponse, 502: ZErrorResponse, 504: ZErrorResponse };
const security = [{ bearer: [] }];

/**
 * Google Business Profile calls (docs/requirements/calls.md `get-locations-for-user`,
 * `get_locations/get-locations`; the rest are DineDesk's own, docs/decisions/0024). The consent
 * URL comes from `construct-fb-auth-url?authType=google` (meta.routes.ts).
 */
export async function googleRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    API.googleAuthCallback,
    {
      config: { need: 'public' },
      schema: {
        tags: ['google'],
        summary: 'Where Google’s consent page redirects the popup (not called by the web app)',
        description: 'Answers 302 to /apps/reviews_and_reputation/facebook?googleToken=success, or googleToken=failed&reason=cancelled|state|exchange|permissions|google.',
        querystring: ZGoogleAuthCallbackQuery,
        response: { 302: ZFbAuthCallbackRedirect },
      },
    },
    async (req, reply) => {
      const outcome = await completeGoogleConnect(app.ctx, req.query, readCookie(req, GOOGLE_STATE_COOKIE));
      writeStateCookie(reply, GOOGLE_STATE_COOKIE, '', 0);
      reply.header('cache-control', 'no-store');
      if (outcome.ok) {
        req.log.info({ connectionId: outcome.connectionId }, 'Google connect succeeded');
        return reply.redirect(`${FACEBOOK_CONNECT_ROUTE}?googleToken=success`, 302);
      }
      req.log.warn({ reason: outcome.reason, detail: outcome.detail }, 'Google connect failed');
      return reply.redirect(`${FACEBOOK_CONNECT_ROUTE}?googleToken=failed&reason=${outcome.reason}`, 302);
    },
  );

  r.post(
    API.getLocationsForUser,
    {
      config: { need: { action: 'read', subject: 'PageConnection', scope: 'client' } },
      schema: {
        tags: ['google'],
        summary: 'Google connections of the client and, live from Google, the locations they manage',
        description: 'Each location shows the outlet it is linked to, or the outlet its store code suggests. A connection Google refuses shows `health: dead` and its reason; the others still list.',
        security,
        body: ZGetLocationsForUserRequest,
        response: { 200: ZGetLocationsForUserResponse, ...errors },
      },
    },
    async (req) => ({ connections: await locationsForUser(app.ctx, req.auth, req.body.connectionId) }),
  );

  r.post(
    API.linkGoogleLocation,
    {
      config: { need: { action: 'create', subject: 'PageConnection', scope: 'client' } },
      schema: {
        tags: ['google'],
        summary: 'Link a Google location to an outlet (or unlink it with outletId null); owners',
        description: 'Unlinking removes the location’s stored Google reviews from DineDesk (Google keeps them; linking again syncs them back).',
        security,
        body: ZLinkGoogleLocationRequest,
        response: { 200: ZGoogleConnection, ...errors, 409: ZErrorResponse, 502: ZErrorResponse },
      },
    },
    async (req) => linkLocation(app.ctx, req.auth, req.body),
  );

  r.post(
    API.getLocations,
    {
      config: { need: { action: 'read', subject: 'Review', scope: 'outlet' } },
      schema: {
        tags: ['google'],
        summary: 'The client’s Google locations linked to outlets, with review counts and sync state',
        security,
        body: ZGetLocationsRequest,
        response: { 200: ZGetLocationsResponse, ...errors },
      },
    },
    async (req) => ({ data: await listLinkedLocations(app.ctx, req.auth, req.body.outletId) }),
  );

  r.post(
    API.replyGoogleReview,
    {
      config: { need: { action: 'create', subject: 'ReviewReply', scope: 'outlet' } },
      schema: {
        tags: ['google'],
        summary: 'Reply to a Google review, or replace its reply (updateReply)',
        description:
          'Send an Idempotency-Key header (one per submission, the same for its retries). The reply check runs first, as on Facebook (422 `reply_check`; owners may send anyway). Google’s quota is a 429 `google_429`; Google refusing is a 502; no answer from Google and no way to read the reply back is a 504.',
        security,
        headers: ZReplyGoogleReviewHeaders,
        body: ZReplyGoogleReviewRequest,
        response: { 200: ZReplyGoogleReviewResponse, ...googleErrors },
      },
    },
    async (req) => ({ reply: await replyToGoogleReview(app.ctx, req.auth, req.body.reviewId, req.body.comment, req.headers['idempotency-key'], { sendAnyway: req.body.sendAnyway }) }),
  );

  r.post(
    API.deleteGoogleReply,
    {
      config: { need: { action: 'delete', subject: 'ReviewReply', scope: 'outlet' } },
      schema: {
        tags: ['google'],
        summary: 'Delete a Google review’s reply (deleteReply); owners and managers',
        security,
        body: ZDeleteGoogleReplyRequest,
        response: { 200: ZDeleteGoogleReplyResponse, ...googleErrors },
      },
    },
    async (req) => {
      await deleteGoogleReply(app.ctx, req.auth, req.body.reviewId);
      return { deleted: true as const };
    },
  );

  r.post(
    API.syncGoogleLocation,
    {
      config: { need: { action: 'update', subject: 'ReviewSync', scope: 'outlet' } },
      schema: {
        tags: ['google'],
        summary: 'Sync one Google location’s reviews now (every review, replies included)',
        security,
        body: ZSyncGoogleLocationRequest,
        response: { 200: ZSyncGoogleLocationResponse, ...errors },
      },
    },
    async (req) => syncLocationNow(app.ctx, req.auth, req.body.locationId),
  );
}
