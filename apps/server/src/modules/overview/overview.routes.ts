import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@dinedesk/contracts';
import { OVERVIEW_API, ZOverview, ZOverviewRequest } from '@dinedesk/contracts/overview';
import { overview } from './overview.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/**
 * The Overview (docs/decisions/0040): one call for the owner's first screen, for
 * whoever has `read Overview`; which of its parts the caller may read decides what it holds.
 */
export async function overviewRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    OVERVIEW_API.overview,
    {
      config: { need: { action: 'read', subject: 'Overview', scope: 'outlet' } },
      schema: {
        tags: ['overview'],
        security: [{ bearer: [] }],
        summary: 'The business at a glance per outlet and in total: reviews, conversations, complaints, tickets and orders, against the previous period',
        body: ZOverviewRequest.nullish(),
        response: { 200: ZOverview, ...errors },
      },
    },
    async (req) => overview(app.ctx, req.auth, req.body ?? { period: '30' }),
  );
}
