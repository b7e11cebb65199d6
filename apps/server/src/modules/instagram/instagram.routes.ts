import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@dinedesk/contracts';
import { INSTAGRAM_API, ZInstagramInsightsRequest, ZInstagramInsightsResponse } from '@dinedesk/contracts/instagram';
import { mediaInsights } from './instagram.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const READ = { need: { action: 'read', subject: 'DigitalMarketing', scope: 'outlet' } } as const;

/**
 * Instagram media insights (docs/requirements/calls.md `POST /api/instagram-media-insights`,
 * docs/decisions/0035): a read for every role granted the digital marketing module, on the outlets
 * it sees. No audit (a read).
 */
export async function instagramRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    INSTAGRAM_API.mediaInsights,
    {
      config: READ,
      schema: {
        tags: ['instagram'],
        summary: 'Media grid of a connected Instagram professional account: metrics per item, totals and trend over a period, sorted and filtered',
        security: [{ bearer: [] }],
        body: ZInstagramInsightsRequest,
        response: { 200: ZInstagramInsightsResponse, ...errors },
      },
    },
    async (req) => mediaInsights(app.ctx, req.auth, req.body),
  );
}
