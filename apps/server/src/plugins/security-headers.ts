import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers of every answer (CSP, HSTS, frame and sniffing guards;
 * docs/requirements/code-layout.md, docs/requirements/quality-goals.md#security) through `helmet`,
 * with its middleware built once. `@fastify/helmet` calls `helmet(options)` on every request, which
 * parses the whole CSP again each time (≈ 2.5 % of a list request's CPU in the profile,
 * docs/decisions/0020); the headers are the same. Register on the root instance before any route so
 * API, docs, web files and 404s all get them.
 * @throws Error at registration when `options` are invalid (helmet validates the directives)
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    // helmet's middleware sets the headers on the Node response synchronously, then calls next.
    apply(request.raw, reply.raw, (err?: unknown) => done(err instanceof Error ? err : undefined));
  });
}
