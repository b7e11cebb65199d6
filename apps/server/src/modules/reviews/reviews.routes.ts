import type { FastifyInstance } from 'fastify';
import { compiledSerializerCompiler } from '../../lib/compiled-serializer.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  ZErrorResponse,
  ZGetFbCommentsQuery,
  ZGetFbCommentsResponse,
  ZGetFbPagesResponse,
  ZGetFbReviewsQuery,
  ZGetFbReviewsResponse,
  ZReplyFbReviewHeaders,
  ZReplyFbReviewRequest,
  ZReplyFbReviewResponse,
  ZSyncFbReviewsRequest,
  ZSyncFbReviewsResponse,
} from '@dinedesk/contracts';
import { attachBadItemLog } from './bad-items.ts';
import { listComments, listPages, listReviews, reply, syncNow } from './reviews.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];

/** Facebook reviews calls of spec §7 (paths exact). */
export async function reviewsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  attachBadItemLog(app.ctx, app.log);

  r.get(
    API.fbPages,
    { config: { need: { action: 'read', subject: 'Review', scope: 'client' } }, schema: { tags: ['reviews'], summary: 'Facebook Pages of the client, one per outlet, with rating summary and sync state', security, response: { 200: ZGetFbPagesResponse, ...errors } } },
    async (req) => {
      return { data: await listPages(app.ctx, req.auth) };
    },
  );

  r.get(
    API.fbReviews,
    {
      config: { need: { action: 'read', subject: 'Review', scope: 'outlet' } },
      // The busiest read of the product: compiled serialisation (lib/compiled-serializer.ts).
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['reviews'],
        summary: 'Reviews of the client’s pages, newest first, keyset paging',
        description: 'Filters: pageId, rating (1–5), recommendation, replied, q (full words, simple text search). Pass paging.nextCursor back as cursor.',
        security,
        querystring: ZGetFbReviewsQuery,
        response: { 200: ZGetFbReviewsResponse, ...errors },
      },
    },
    async (req) => {
      return listReviews(app.ctx, req.auth, req.query);
    },
  );

  r.get(
    API.fbComments,
    { config: { need: { action: 'read', subject: 'Review', scope: 'outlet' } }, schema: { tags: ['reviews'], summary: 'Comments of a review, live from Facebook (stored copy as fallback)', security, querystring: ZGetFbCommentsQuery, response: { 200: ZGetFbCommentsResponse, ...errors } } },
    async (req) => {
      return listComments(app.ctx, req.auth, req.query.pageId, req.query.reviewId);
    },
  );

  r.post(
    API.replyFbReview,
    {
      config: { need: { action: 'create', subject: 'ReviewReply', scope: 'outlet' } },
      schema: {
        tags: ['reviews'],
        summary: 'Reply publicly to a review as the page',
        description:
          'Send an Idempotency-Key header (one per submission, the same for its retries): a retry answers the first reply and never posts twice; the key with another body is 422. When Facebook times out, DineDesk reads the review back: 502 means the reply is not there, 504 that it could not tell (retry with the same key). The reply check runs first: a reply that repeats one of the outlet’s last 20, holds a phone number, email or URL, or says nothing beyond thanks is a 422 `reply_check` with `warnings`; an owner may send it with `sendAnyway: true` (recorded), others get 403 `reply_check_owner_only`.',
        security,
        headers: ZReplyFbReviewHeaders,
        body: ZReplyFbReviewRequest,
        response: { 200: ZReplyFbReviewResponse, ...errors, 409: ZErrorResponse, 422: ZErrorResponse, 502: ZErrorResponse, 503: ZErrorResponse, 504: ZErrorResponse },
      },
    },
    async (req) => {
      return { comment: await reply(app.ctx, req.auth, req.body.pageId, req.body.reviewId, req.body.message, req.headers['idempotency-key'], { sendAnyway: req.body.sendAnyway }) };
    },
  );

  r.post(
    API.syncFbReviews,
    { config: { need: { action: 'update', subject: 'ReviewSync', scope: 'outlet' } }, schema: { tags: ['reviews'], summary: 'Sync one page’s reviews from Facebook now', security, body: ZSyncFbReviewsRequest, response: { 200: ZSyncFbReviewsResponse, ...errors } } },
    async (req) => {
      return syncNow(app.ctx, req.auth, req.body.pageId);
    },
  );
}
