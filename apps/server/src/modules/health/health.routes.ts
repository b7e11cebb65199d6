import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, ZHealth } from '@dinedesk/contracts';

/**
 * `GET /api/health`: liveness, kept free of database work so it is the benchmark baseline. It
 * answers 200 while Redis is down, reporting `redis: 'degraded'` (read from the socket
 * transport's client state, no round trip): a balancer must not take every process out of
 * service for an outage they ride through (decision 0021). Below the free-space
 * threshold it still answers 200, with `disk: 'low'` (lib/disk-watch.ts): reads keep working.
 * Probes poll it as often as they like: the API rate limit does not count it (plugins/rate-limit.ts).
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const started = Date.now();
  app.withTypeProvider<ZodTypeProvider>().get(
    API.health,
    { config: { need: 'public', rateLimit: false }, schema: { tags: ['health'], summary: 'Liveness', response: { 200: ZHealth } } },
    async () => ({ status: 'ok' as const, database: app.ctx.database.kind, redis: app.ctx.realtime.link(), disk: app.ctx.disk.low ? ('low' as const) : ('ok' as const), uptimeSeconds: Math.round((Date.now() - started) / 1000) }),
  );
}
