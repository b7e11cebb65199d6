import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/db-errors.ts';
import { HttpError } from '../lib/errors.ts';
import { REVALIDATE_CACHE } from './web-static.ts';

/**
 * One error handler for every route (docs/requirements/code-layout.md, fastify/demo): validation
 * failures are 400 with a `message` naming the field, framework 4xx keep their status with a plain
 * message, and any 5xx hides its details from the caller (logged server-side). Unknown paths answer
 * 404 JSON, or the SPA's index.html when `spaFallback` (the built web app is being served). Body
 * shape: contracts `ZErrorResponse`, as the web client in docs/requirements/errors.md expects.
 */
export function registerErrorHandler(app: FastifyInstance, opts: { spaFallback: boolean }): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      const { retryAfterSeconds, ...extra } = err.extra;
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(retryAfterSeconds))));
      // A refused upload's unread rest may be gigabytes: close the connection after answering
      // instead of reading it all to keep the connection alive.
      if (err.statusCode === 413) reply.header('connection', 'close');
      return reply.status(err.statusCode).send({ message: err.message, ...extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // `query`, not Fastify's `querystring`: one name for the query string in every `field`
      // (the input guard and cursor checks use it too).
      const where = err.validationContext === 'querystring' ? 'query' : (err.validationContext ?? 'body');
      const describe = (issue: (typeof err.validation)[number]) => {
        const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
        const field = path ? `${where}.${path}` : where;
        const name = path || where;
        const text = issue.message ?? 'is invalid';
        return { field, message: text.toLowerCase().includes(name.split('.').pop()!.toLowerCase()) ? text : `${name}: ${text}` };
      };
      const issues = err.validation.map(describe);
      const first = issues[0]!;
      // `issues` names every bad field (onboarding forms show each one next to its input).
      return reply.status(400).send({ message: first.message, field: first.field, ...(issues.length > 1 ? { issues } : {}) });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    if (isDatabaseUnavailable(err)) {
      // Not a bug and not the caller's fault: say so, and when to try again (postgres-restart.drill.test.ts).
      request.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: 'DineDesk cannot reach its database right now. Nothing was changed; try again in a few seconds.', code: 'database_unavailable' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ message: 'Internal server error' });
    }
    const messages: Record<string, string> = {
      FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
      FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but Content-Type is application/json',
      FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
      FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported Content-Type',
    };
    return reply.status(status).send({ message: messages[err.code] ?? err.message, code: err.code });
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    // Client-side routes of the SPA (no file extension, not under /api/) get its index.html.
    if (opts.spaFallback && request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path)) {
      // Never cached as is: the next release's index.html names new asset files (web-static.ts).
      return reply.type('text/html').header('cache-control', REVALIDATE_CACHE).sendFile('index.html');
    }
    return reply.status(404).send({ message: `No route ${request.method} ${path}` });
  });
}
