import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { registerAuth } from './auth.ts';

/** A bare app with the authorization of plugins/auth.ts, as app.ts registers it for the API. */
function bareApp(): FastifyInstance {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // No token reaches the database in these tests: resolveAuth refuses a missing token first.
  app.decorate('ctx', {} as AppContext);
  registerAuth(app);
  return app;
}

describe('declared needs', () => {
  it('refuses to start with a route that declares no need, naming the route', async () => {
    const app = bareApp();
    await expect(
      app.register(async (api) => {
        api.get('/api/planted', async () => ({ ok: true }));
      }),
    ).rejects.toThrow(/Route GET \/api\/planted declares no need/);
  });

  it('starts with routes that declare one, public routes answering without a token', async () => {
    const app = bareApp();
    app.get('/api/open', { config: { need: 'public' } }, async () => ({ ok: true }));
    app.get('/api/mine', { config: { need: 'signed-in' } }, async () => ({ ok: true }));
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/open' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/mine' })).statusCode).toBe(401);
    await app.close();
  });

  it('answers 401 before looking at the body (a caller without a token learns nothing about the input)', async () => {
    const app = bareApp();
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/guarded',
      { config: { need: { action: 'update', subject: 'Access', scope: 'client' } }, schema: { body: z.object({ userId: z.uuid() }) } },
      async () => ({ ok: true }),
    );
    const res = await app.inject({ method: 'POST', url: '/api/guarded', payload: { userId: 'not-a-uuid' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Invalid token');
    await app.close();
  });

  it('keeps the plugin to decoding the token: no SQL of its own (access is computed by modules/access)', () => {
    const source = readFileSync(new URL('./auth.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/from 'drizzle-orm'|db\/client|from 'jose'/);
    // It asks the access module, through its front door (docs/architecture.md "Server modules").
    expect(source).toMatch(/from '\.\.\/modules\/access\/index\.ts'/);
  });
});
