import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, ZHealth } from '@dinedesk/contracts';

/**
 * `GET /api/health`: liveness, kept free of database work so it is the benchmark baseline. It
 * answers 200 while Redis is down, reporting `redis: 'degraded'` (read from the socket
 * transport's client state, no round trip): a balancer must not take every process out of
 * service for an outage they ride through (issue #10, decision 0021).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const started = Date.now();
  app.withTypeProvider<ZodTypeProvider>().get(
    API.health,
    { config: { need: 'public' }, schema: { tags: ['health'], summary: 'Liveness', response: { 200: ZHealth } } },
    async () => ({ status: 'ok' as const, database: app.ctx.database.kind, redis: app.ctx.realtime.link(), uptimeSeconds: Math.round((Date.now() - started) / 1000) }),
  );
}
