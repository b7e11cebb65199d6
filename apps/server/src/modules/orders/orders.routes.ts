import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@dinedesk/contracts';
import {
  ORDER_IMPORT_MAX_BYTES,
  ORDERS_API,
  ZDeliveryInsights,
  ZDiningInsights,
  ZForecast,
  ZForecastRequest,
  ZInsightsRequest,
  ZOrderImport,
  ZOrderImportList,
  ZOrderImportParams,
  ZOrderImportQuery,
  ZOrderInsights,
  ZOrdersOutlets,
  ZOutletRequest,
} from '@dinedesk/contracts/orders';
import { importReport, importStatus, listImports, listOutlets, startImport } from './orders.service.ts';
import { deliveryInsights, diningInsights, orderInsights, revenueForecast } from './orders.insights.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['orders'];
const READ = { need: { action: 'read', subject: 'BusinessOverview', scope: 'outlet' } } as const;
const IMPORT = { need: { action: 'update', subject: 'BusinessOverview', scope: 'outlet' } } as const;

/**
 * Orders and Business Overview (docs/decisions/0036). Every role granted the
 * Business Overview module reads the figures of the outlets it sees; importing orders
 * (`update BusinessOverview`) is for those who manage the outlet's data (owners, super admins).
 */
export async function ordersRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The upload is the CSV file itself, streamed to disk by the service: this scope's parser hands
  // the request stream over untouched (no body in memory, none for the input guard to walk).
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, null));

  r.post(
    ORDERS_API.imports,
    {
      config: { ...IMPORT, bodyTimeout: 'upload' },
      schema: {
        tags,
        security,
        summary: `Upload an order CSV (the body, Content-Type text/csv, at most ${ORDER_IMPORT_MAX_BYTES / 1024 / 1024} MiB) and queue its import`,
        querystring: ZOrderImportQuery,
        response: { 202: ZOrderImport, ...errors, 413: ZErrorResponse },
      },
    },
    async (req, reply) => {
      const length = req.headers['content-length'] ? Number(req.headers['content-length']) : null;
      const created = await startImport(app.ctx, req.auth, req.query, req.headers['content-type'], Number.isFinite(length) ? length : null, req.raw);
      return reply.status(202).send(created);
    },
  );

  r.post(ORDERS_API.importList, { config: READ, schema: { tags, security, summary: 'The outlet’s order imports, newest first', body: ZOutletRequest, response: { 200: ZOrderImportList, ...errors } } }, async (req) => listImports(app.ctx, req.auth, req.body.outletId));

  r.get(ORDERS_API.importStatus, { config: READ, schema: { tags, security, summary: 'One import’s status and progress', params: ZOrderImportParams, response: { 200: ZOrderImport, ...errors } } }, async (req) => importStatus(app.ctx, req.auth, req.params.importId));

  r.get(
    ORDERS_API.importReport,
    { config: READ, schema: { tags, security, summary: 'The validation report of an import (CSV: row, column, problem)', params: ZOrderImportParams, response: { 200: z.any().describe('text/csv, as an attachment'), ...errors } } },
    async (req, reply) => {
      const file = await importReport(app.ctx, req.auth, req.params.importId);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'private, no-store').send(file.csv);
    },
  );

  r.post(
    ORDERS_API.outlets,
    { config: { need: { action: 'read', subject: 'BusinessOverview', scope: 'client' } }, schema: { tags, security, summary: 'Outlets you see, with their orders’ range and currency', body: z.object({}).strict().optional(), response: { 200: ZOrdersOutlets, ...errors } } },
    async (req) => listOutlets(app.ctx, req.auth),
  );

  r.post(ORDERS_API.insights, { config: READ, schema: { tags, security, summary: 'Order insights of an outlet and period', body: ZInsightsRequest, response: { 200: ZOrderInsights, ...errors } } }, async (req) => orderInsights(app.ctx, req.auth, req.body));

  r.post(
    ORDERS_API.forecast,
    { config: READ, schema: { tags, security, summary: 'Daily revenue forecast with a confidence band, and its error on held-back days', body: ZForecastRequest, response: { 200: ZForecast, ...errors } } },
    async (req) => revenueForecast(app.ctx, req.auth, req.body),
  );

  r.post(ORDERS_API.delivery, { config: READ, schema: { tags, security, summary: 'Order timing by channel and hour, peak load and order sizes', body: ZInsightsRequest, response: { 200: ZDeliveryInsights, ...errors } } }, async (req) => deliveryInsights(app.ctx, req.auth, req.body));

  // Dining insights sit under Reporting in the menu (docs/requirements/routes.md): the same subject
  // guards the call.
  r.post(ORDERS_API.dining, { config: { need: { action: 'read', subject: 'Reporting', scope: 'outlet' } }, schema: { tags, security, summary: 'Cost for two, cuisines and rating position of the outlet in its city', body: ZOutletRequest, response: { 200: ZDiningInsights, ...errors } } }, async (req) => diningInsights(app.ctx, req.auth, req.body.outletId));
}
