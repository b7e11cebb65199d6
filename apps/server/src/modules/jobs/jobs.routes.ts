import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, ZErrorResponse, ZJob, ZJobListQuery, ZJobListResponse, ZJobParams } from '@dinedesk/contracts';
import { getJob, listJobs } from './jobs.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['jobs'];

/** Background job state for the web app; what each caller sees: jobs.service.ts. */
export async function jobsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    API.jobs,
    { config: { need: { action: 'read', subject: 'Client', scope: 'client' } }, schema: { tags, security, summary: 'The client’s recent background jobs (syncs, look-ups), newest first', querystring: ZJobListQuery, response: { 200: ZJobListResponse, ...errors } } },
    async (req) => ({ data: await listJobs(app.ctx, req.auth, req.query.limit) }),
  );
  r.get(
    API.job,
    { config: { need: { action: 'read', subject: 'Client', scope: 'outlet' } }, schema: { tags, security, summary: 'One background job’s state', params: ZJobParams, response: { 200: ZJob, ...errors } } },
    async (req) => getJob(app.ctx, req.auth, req.params.id),
  );
}
