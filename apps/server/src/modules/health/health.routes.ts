import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API, ZHealth } from '@dinedesk/contracts';

/** `GET /api/health`: liveness, kept free of database work so it is the benchmark baseline. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const started = Date.now();
  app.withTypeProvider<ZodTypeProvider>().get(
    API.health,
    { config: { need: 'public' }, schema: { tags: ['health'], summary: 'Liveness', response: { 200: ZHealth } } },
    async () => ({ status: 'ok' as const, database: app.ctx.database.kind, uptimeSeconds: Math.round((Date.now() - started) / 1000) }),
  );
}
