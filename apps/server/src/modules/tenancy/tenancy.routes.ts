import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API,
  ZAccessTokenByClientQuery,
  ZClientOnboardingRequest,
  ZClientOnboardingResponse,
  ZErrorResponse,
  ZGetAllBrandsRequest,
  ZGetAllBrandsResponse,
  ZLoginResponse,
  ZMyClientsResponse,
} from '@dinedesk/contracts';
import { signIn } from '../access/index.ts';
import { onboardClient } from './onboarding.service.ts';
import { getAllBrands, myClients, switchTarget } from './tenancy.service.ts';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const security = [{ bearer: [] }];
const tags = ['tenancy'];

/**
 * Clients (docs/requirements/product.md and calls.md; docs/decisions/0011): onboarding, the brands
 * of the client, and client switching. Users, roles and invitations are in modules/access. Each
 * route declares its need (plugins/auth.ts).
 */
export async function tenancyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  r.post(
    API.clientOnboarding,
    {
      config: { need: { action: 'create', subject: 'Client', scope: 'own' } },
      schema: {
        tags,
        security,
        summary: 'Create a client with its brands, outlets and owner in one transaction (super admin)',
        description: 'Idempotent on clientKey: the same request again answers the first result with created=false. Validation names each bad field (`issues`).',
        body: ZClientOnboardingRequest,
        response: { 200: ZClientOnboardingResponse, 201: ZClientOnboardingResponse, ...errors, 409: ZErrorResponse },
      },
    },
    async (req, reply) => {
      const result = await onboardClient(ctx, req.auth, req.body);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  r.post(
    API.getAllBrands,
    {
      config: { need: { action: 'read', subject: 'Brand', scope: 'client' } },
      schema: { tags, security, summary: 'Brands of the client the caller may see', body: ZGetAllBrandsRequest, response: { 200: ZGetAllBrandsResponse, ...errors } },
    },
    async (req) => getAllBrands(ctx, req.auth, req.body?.clientId),
  );

  r.get(
    API.accessTokenByClientId,
    {
      config: { need: { action: 'read', subject: 'Client', scope: 'membership' } },
      schema: { tags, security, summary: 'Switch client: a token acting for another client of the caller (any client for a super admin)', querystring: ZAccessTokenByClientQuery, response: { 200: ZLoginResponse, ...errors } },
    },
    async (req) => {
      const user = await switchTarget(ctx, req.auth, req.query.clientId);
      return signIn(ctx, user, req.query.clientId);
    },
  );

  r.get(API.myClients, { config: { need: 'signed-in' }, schema: { tags, security, summary: 'Clients the caller may switch to', response: { 200: ZMyClientsResponse, ...errors } } }, async (req) => myClients(ctx, req.auth));
}
