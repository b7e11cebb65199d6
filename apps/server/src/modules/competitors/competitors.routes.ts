import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '@dinedesk/contracts';
import { COMPETITORS_API, ZCompetitorAddRequest, ZCompetitorAnalysis, ZCompetitorListRequest, ZCompetitorRemoveRequest, ZCompetitorSearchRequest, ZCompetitorSearchResponse } from '@dinedesk/contracts/competitors';
import { addCompetitor, analysis, removeCompetitor, searchPlaces } from './competitors.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['competitors'];
const READ = { need: { action: 'read', subject: 'CompetitorAnalysis', scope: 'outlet' } } as const;
const CHOOSE = { need: { action: 'update', subject: 'CompetitorAnalysis', scope: 'outlet' } } as const;

/**
 * Competitor analysis (DineDesk's own calls, docs/decisions/0030). Every role of the
 * reviews module reads the analysis of the outlets it sees; owners and brand managers
 * (`update CompetitorAnalysis`) search Google Places and choose up to 5 competitors per outlet.
 */
export async function competitorsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    COMPETITORS_API.search,
    { config: CHOOSE, schema: { tags, summary: 'Search restaurants on Google Places (name, with optional city and cuisine)', security, body: ZCompetitorSearchRequest, response: { 200: ZCompetitorSearchResponse, ...errors, 502: ZErrorResponse } } },
    async (req) => searchPlaces(app.ctx, req.auth, req.body),
  );

  r.post(
    COMPETITORS_API.list,
    { config: READ, schema: { tags, summary: 'An outlet’s competitors with the analysis: grid, monthly trends, sentiment by theme', security, body: ZCompetitorListRequest, response: { 200: ZCompetitorAnalysis, ...errors } } },
    async (req) => analysis(app.ctx, req.auth, req.body.outletId),
  );

  r.post(
    COMPETITORS_API.add,
    {
      config: CHOOSE,
      schema: { tags, summary: 'Follow a Google Place as a competitor of the outlet (at most 5; adding one it has changes nothing)', security, body: ZCompetitorAddRequest, response: { 200: ZCompetitorAnalysis, ...errors, 409: ZErrorResponse, 502: ZErrorResponse } },
    },
    async (req) => addCompetitor(app.ctx, req.auth, req.body.outletId, req.body.placeId),
  );

  r.post(
    COMPETITORS_API.remove,
    { config: CHOOSE, schema: { tags, summary: 'Stop following a competitor (removing one it does not follow changes nothing)', security, body: ZCompetitorRemoveRequest, response: { 200: ZCompetitorAnalysis, ...errors } } },
    async (req) => removeCompetitor(app.ctx, req.auth, req.body.outletId, req.body.placeId),
  );
}
