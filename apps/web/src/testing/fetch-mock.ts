/**
 * A `fetch` stub that routes requests by "METHOD /path" to handlers and records every call,
 * so tests assert on what the app sent (method, path, query, body, headers).
 */
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** A JSON response; `status` 204 gives an empty body. */
export function json(body: unknown, status = 200): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export interface FetchMock {
  calls: RecordedRequest[];
  /** Calls to `path` (and `method`, when given), in order. */
  callsTo: (path: string, method?: string) => RecordedRequest[];
  /** Adds or replaces a handler. */
  on: (route: string, handler: Handler) => void;
  fn: ReturnType<typeof vi.fn>;
}

/** Stubs the global `fetch`; unrouted requests answer 501 so a missing handler is visible. */
export function mockFetch(routes: Record<string, Handler> = {}): FetchMock {
  const table = new Map(Object.entries(routes));
  const calls: RecordedRequest[] = [];
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const rawBody = typeof init?.body === 'string' ? init.body : null;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: rawBody === null ? undefined : (JSON.parse(rawBody) as unknown),
      headers: new Headers(init?.headers),
    };
    calls.push(request);
    const handler = table.get(`${method} ${url.pathname}`);
    if (!handler) return json({ message: `No test handler for ${method} ${url.pathname}` }, 501);
    return handler(request);
  });
  vi.stubGlobal('fetch', fn);
  return {
    calls,
    callsTo: (path, method) => calls.filter((c) => c.path === path && (!method || c.method === method)),
    on: (route, handler) => table.set(route, handler),
    fn,
  };
}
