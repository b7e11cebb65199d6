import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorResponse } from '@dinedesk/contracts';
import { ADS_API, ADS_IMPORT_MAX_BYTES, ZAdsImport, ZAdsImportList, ZAdsImportParams, ZAdsImportQuery, ZAdsOutletRequest, ZAdsOutlets, ZAdsPerformance, ZAdsPerformanceRequest } from '@dinedesk/contracts/ads';
import { adsImportReport, adsImportStatus, adsPerformance, listAdsImports, listAdsOutlets, startAdsImport } from './ads.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['ads'];
const READ = { need: { action: 'read', subject: 'DigitalMarketing', scope: 'outlet' } } as const;
const IMPORT = { need: { action: 'update', subject: 'DigitalMarketing', scope: 'outlet' } } as const;

/**
 * Digital Marketing → Ads pro (docs/decisions/0043). Every role granted the
 * `digital_marketing` module reads the ad figures of the outlets it sees; importing an ads file
 * (`update DigitalMarketing`) is for owners and super admins.
 */
export async function adsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The upload is the CSV file itself, streamed to disk by the service (as the order import).
  app.addContentTypeParser('*', (_req, _payload, done) => done(null, null));

  r.post(
    ADS_API.imports,
    {
      config: { ...IMPORT, bodyTimeout: 'upload' },
      schema: {
        tags,
        security,
        summary: `Upload an ads CSV (campaign, date, spend, impressions, clicks; the body, Content-Type text/csv, at most ${ADS_IMPORT_MAX_BYTES / 1024 / 1024} MiB) and queue its import`,
        querystring: ZAdsImportQuery,
        response: { 202: ZAdsImport, ...errors, 413: ZErrorResponse },
      },
    },
    async (req, reply) => {
      const length = req.headers['content-length'] ? Number(req.headers['content-length']) : null;
      const created = await startAdsImport(app.ctx, req.auth, req.query, req.headers['content-type'], Number.isFinite(length) ? length : null, req.raw);
      return reply.status(202).send(created);
    },
  );

  r.post(ADS_API.importList, { config: READ, schema: { tags, security, summary: 'The outlet’s ads imports, newest first', body: ZAdsOutletRequest, response: { 200: ZAdsImportList, ...errors } } }, async (req) => listAdsImports(app.ctx, req.auth, req.body.outletId));

  r.get(ADS_API.importStatus, { config: READ, schema: { tags, security, summary: 'One ads import’s status and progress', params: ZAdsImportParams, response: { 200: ZAdsImport, ...errors } } }, async (req) => adsImportStatus(app.ctx, req.auth, req.params.importId));

  // The report is CSV text, not JSON: `z.any()` only documents it in OpenAPI (as the order
  // import's report route does); a zod string would make the serializer quote it as JSON.
  r.get(
    ADS_API.importReport,
    { config: READ, schema: { tags, security, summary: 'The validation report of an ads import (CSV: row, column, problem)', params: ZAdsImportParams, response: { 200: z.any().describe('text/csv, as an attachment'), ...errors } } },
    async (req, reply) => {
      const file = await adsImportReport(app.ctx, req.auth, req.params.importId);
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${file.fileName}"`).header('cache-control', 'private, no-store').send(file.csv);
    },
  );

  r.post(
    ADS_API.outlets,
    { config: { need: { action: 'read', subject: 'DigitalMarketing', scope: 'client' } }, schema: { tags, security, summary: 'Outlets you see, with their ad data’s range and currency', body: z.object({}).strict().optional(), response: { 200: ZAdsOutlets, ...errors } } },
    async (req) => listAdsOutlets(app.ctx, req.auth),
  );

  r.post(
    ADS_API.performance,
    { config: READ, schema: { tags, security, summary: 'Spend, impressions, clicks, CTR and the orders attributed by day (an estimate) per campaign and day', body: ZAdsPerformanceRequest, response: { 200: ZAdsPerformance, ...errors } } },
    async (req) => adsPerformance(app.ctx, req.auth, req.body),
  );
}
