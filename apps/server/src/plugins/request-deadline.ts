import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `upload`: the route streams a large request body (the CSV imports) and gets
     * {@link RequestDeadlines.uploadMs} to receive it instead of {@link RequestDeadlines.requestMs}.
     */
    bodyTimeout?: 'upload';
  }
}

/** How long a client may take to send a request, ms (config `http`, docs/decisions/0045). */
export interface RequestDeadlines {
  /** Headers and body of an ordinary request. */
  requestMs: number;
  /** Headers and body of a route marked `config.bodyTimeout: 'upload'`. */
  uploadMs: number;
}

/** Whether the request announces a body that has not fully arrived yet. */
function bodyPending(raw: IncomingMessage): boolean {
  if (raw.complete) return false;
  const length = raw.headers['content-length'];
  return raw.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Per-route deadline for receiving a request body, counted from the request's arrival: a client
 * that has not sent the whole body by then gets 408 `{message}` and its connection is closed.
 * Why not Node's `requestTimeout` alone: it is one value per server, and the CSV uploads (up to
 * 64 MiB, streamed) need minutes where a sign-in needs seconds. Node's own `requestTimeout` stays
 * set to the longest deadline as the backstop for what no route sees (socket.io's polling
 * requests), and `headersTimeout` bounds the headers (app.ts). A request whose body arrived in
 * time is never cut, however long its handler takes; bodiless requests arm no timer.
 * docs/decisions/0045-timeouts-proxy-and-socket-limits.md
 */
export function registerRequestDeadline(app: FastifyInstance, deadlines: RequestDeadlines): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (!bodyPending(raw)) return done();
    const limitMs = request.routeOptions.config?.bodyTimeout === 'upload' ? deadlines.uploadMs : deadlines.requestMs;
    const timer = setTimeout(() => {
      if (raw.complete) return;
      request.log.warn({ limitMs, bytesRead: raw.socket?.bytesRead }, 'request body not received in time; answered 408 and closed the connection');
      const socket = raw.socket;
      if (!reply.raw.headersSent) {
        // Hijacked: the body parser still waits for the body and would answer again when the
        // connection ends.
        reply.hijack();
        const body = JSON.stringify({ message: `The request was not received within ${Math.round(limitMs / 1000)} s; send it again on a faster connection.` });
        reply.raw.writeHead(408, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
        reply.raw.end(body, () => socket?.destroy());
      } else {
        socket?.destroy();
      }
    }, limitMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    reply.raw.once('close', clear);
    done();
  });
}
