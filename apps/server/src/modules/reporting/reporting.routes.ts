import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@dinedesk/contracts';
import { REPORTING_API, ZOutletTimingsList, ZOutletTimingsRequest } from '@dinedesk/contracts/reporting';
import { outletTimings } from './reporting.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['reporting'];
const READ = { need: { action: 'read', subject: 'Reporting', scope: 'outlet' } } as const;

/**
 * Reporting (issue #14, spec §2 routes /apps/reporting/*; docs/decisions/0037). Every role granted
 * the Reporting module reads the outlets it sees.
 */
export async function reportingRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    REPORTING_API.outletTimings,
    { config: READ, schema: { tags, security, summary: 'Scheduled hours of the outlets you see (or one), read from their timings text, with a downtime log from their orders', body: ZOutletTimingsRequest.nullish(), response: { 200: ZOutletTimingsList, ...errors } } },
    async (req) => outletTimings(app.ctx, req.auth, req.body ?? {}),
  );
}
