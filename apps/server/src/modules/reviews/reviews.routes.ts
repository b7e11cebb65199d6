import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
  ZGetReviewsRequest,
  ZGetReviewsResponse,
  ZReviewKpis,
  ZEditFbReplyRequest,
  ZDeleteFbReplyRequest,
  ZReplyTemplatesResponse,
  ZSaveReplyTemplateRequest,
  ZReplyTemplate,
  ZDeleteReplyTemplateRequest,
  ZExportReviewsRequest,
  ZReviewExport,
  ZReviewExportParams,
  ZReviewKpisRequest,
  ZReplyFbReviewHeaders,
  ZReplyFbReviewRequest,
  ZReplyFbReviewResponse,
  ZSyncFbReviewsRequest,
  ZSyncFbReviewsResponse,
} from '@dinedesk/contracts';
import { attachBadItemLog } from './bad-items.ts';
import { exportFile, exportStatus, requestExport } from './review-export.service.ts';
import { deleteTemplate, listTemplates, saveTemplate } from './reply-templates.service.ts';
import { deleteReply, editReply, feedKpis, listComments, listFeed, listPages, listReviews, reply, syncNow } from './reviews.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];

/** Reviews calls in docs/requirements/calls.md (paths exact): Facebook's, and the one feed of every
 * source. */
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

  r.post(
    API.getReviews,
    {
      config: { need: { action: 'read', subject: 'Review', scope: 'outlet' } },
      serializerCompiler: compiledSerializerCompiler,
      schema: {
        tags: ['reviews'],
        summary: 'The one feed: reviews of every source (Facebook, Google), newest first, keyset paging',
        description:
          'Filters (all optional): brandId, outletId, source, ratings (1–5), replied, needsReply, from/to (days, UTC, included), sentiment (VADER at ingest), q (full words). Pass paging.nextCursor back as cursor.',
        security,
        body: ZGetReviewsRequest,
        response: { 200: ZGetReviewsResponse, ...errors },
      },
    },
    async (req) => listFeed(app.ctx, req.auth, req.body),
  );

  r.post(
    API.reviewKpis,
    {
      config: { need: { action: 'read', subject: 'Review', scope: 'outlet' } },
      schema: {
        tags: ['reviews'],
        summary: 'KPIs of the filtered feed: count, average rating, response rate and median response time, reviews needing a reply, trend, per outlet',
        description: 'Takes the feed’s filters (no cursor or limit). The trend’s periods are days up to 2 months of span, weeks up to 2 years, else months (UTC).',
        security,
        body: ZReviewKpisRequest,
        response: { 200: ZReviewKpis, ...errors },
      },
    },
    async (req) => feedKpis(app.ctx, req.auth, req.body),
  );

  r.post(
    API.exportReviews,
    {
      config: { need: { action: 'read', subject: 'Review', scope: 'outlet' } },
      schema: {
        tags: ['reviews'],
        summary: 'Export the filtered feed as CSV or XLSX (a background job)',
        description: `Answers 202 with the export; poll ${API.reviewExport} for its progress (total, written) and fetch ${API.reviewExportFile} once done. At most 100,000 reviews; files are kept 7 days, for the requester and teammates whose access covers theirs.`,
        security,
        body: ZExportReviewsRequest,
        response: { 202: ZReviewExport, ...errors },
      },
    },
    async (req, reply) => reply.code(202).send(await requestExport(app.ctx, req.auth, req.body)),
  );

  r.get(
    API.reviewExport,
    {
      config: { need: { action: 'read', subject: 'Review', scope: 'outlet' } },
      schema: { tags: ['reviews'], summary: 'Progress of an export (yours, or one within your access)', security, params: ZReviewExportParams, response: { 200: ZReviewExport, ...errors } },
    },
    async (req) => exportStatus(app.ctx, req.auth, req.params.exportId),
  );

  r.get(
    API.reviewExportFile,
    {
      config: { need: { action: 'read', subject: 'Review', scope: 'outlet' } },
      schema: { tags: ['reviews'], summary: 'The file of a finished export (yours, or one within your access)', security, params: ZReviewExportParams, response: { 200: z.any().describe('text/csv or XLSX, as an attachment'), 409: ZErrorResponse, ...errors } },
    },
    async (req, reply) => {
      const file = await exportFile(app.ctx, req.auth, req.params.exportId);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  r.get(
    API.replyTemplates,
    {
      config: { need: { action: 'read', subject: 'ReplyTemplate', scope: 'client' } },
      schema: { tags: ['reviews'], summary: 'The client’s reply templates, by name', security, response: { 200: ZReplyTemplatesResponse, ...errors } },
    },
    async (req) => ({ data: await listTemplates(app.ctx, req.auth) }),
  );

  r.post(
    API.saveReplyTemplate,
    {
      config: { need: { action: 'create', subject: 'ReplyTemplate', scope: 'client' } },
      schema: {
        tags: ['reviews'],
        summary: 'Create a reply template, or change one (with id); owners and brand managers',
        description: 'Variables: {reviewer_first_name}, {outlet}, {brand}; any other {word} is a 400. Names are unique per client (409).',
        security,
        body: ZSaveReplyTemplateRequest,
        response: { 200: ZReplyTemplate, ...errors, 409: ZErrorResponse },
      },
    },
    async (req) => saveTemplate(app.ctx, req.auth, req.body),
  );

  r.post(
    API.deleteReplyTemplate,
    {
      config: { need: { action: 'delete', subject: 'ReplyTemplate', scope: 'client' } },
      schema: { tags: ['reviews'], summary: 'Delete a reply template; owners and brand managers', security, body: ZDeleteReplyTemplateRequest, response: { 200: z.object({ deleted: z.literal(true) }), ...errors } },
    },
    async (req) => {
      await deleteTemplate(app.ctx, req.auth, req.body.id);
      return { deleted: true as const };
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
    API.editFbReply,
    {
      config: { need: { action: 'create', subject: 'ReviewReply', scope: 'outlet' } },
      schema: {
        tags: ['reviews'],
        summary: 'Edit one of the page’s replies to a review (Graph POST /{comment-id})',
        description: 'The reply check runs on new words as on a new reply (422 `reply_check`; owners may send anyway).',
        security,
        body: ZEditFbReplyRequest,
        response: { 200: ZReplyFbReviewResponse, ...errors, 409: ZErrorResponse, 422: ZErrorResponse, 502: ZErrorResponse, 503: ZErrorResponse },
      },
    },
    async (req) => ({ comment: await editReply(app.ctx, req.auth, req.body.pageId, req.body.reviewId, req.body.commentId, req.body.message, { sendAnyway: req.body.sendAnyway }) }),
  );

  r.post(
    API.deleteFbReply,
    {
      config: { need: { action: 'delete', subject: 'ReviewReply', scope: 'outlet' } },
      schema: {
        tags: ['reviews'],
        summary: 'Delete one of the page’s replies to a review (Graph DELETE /{comment-id}); owners and managers',
        security,
        body: ZDeleteFbReplyRequest,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors, 409: ZErrorResponse, 502: ZErrorResponse, 503: ZErrorResponse },
      },
    },
    async (req) => {
      await deleteReply(app.ctx, req.auth, req.body.pageId, req.body.reviewId, req.body.commentId);
      return { deleted: true as const };
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
