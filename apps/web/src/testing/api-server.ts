/**
 * The one HTTP mock of the web tests: an MSW server (`msw/node`, msw 2.x per docs/dependencies.md:
 * msw 3 does not intercept `fetch` on Node 20) shared by the product tests and the demo mock
 * tests (demo/mock/node.ts). `testing/setup.ts` starts it for every test file, removes each
 * test's handlers after it, and fails the test when a handler broke the contract.
 *
 * - Product handlers come from the contracts: `handle.<endpoint>(resolver)` in
 *   contract-handlers.ts. Raw `http.*` handlers are for tests of the HTTP client itself.
 * - Every request a handler answers is recorded (method, path, query, JSON body, headers), so a
 *   test asserts on what the app sent with {@link callsTo}.
 * - A request no handler answers gets a 501 `{message}` naming it (and is recorded), like a
 *   server route that does not exist: the screen shows its error state and the test sees it.
 */
import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';

/** One request as the app sent it. `body` is the parsed JSON (undefined when there was none). */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

const recorded: RecordedRequest[] = [];
const violations: string[] = [];

/** Records `request` (reading a clone, so the handler can still read the body). */
export async function recordRequest(request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  let body: unknown;
  if (text !== '') {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  const entry: RecordedRequest = { method: request.method, path: url.pathname, query: url.searchParams, body, headers: new Headers(request.headers) };
  recorded.push(entry);
  return entry;
}

/** Notes a broken contract; `setup.ts` fails the running test with every note after it. */
export function reportViolation(message: string): void {
  violations.push(message);
  console.error(`[test backend] ${message}`);
}

/** Returns and clears the notes (the set-up's afterEach; a test of the helper itself). */
export function takeViolations(): string[] {
  return violations.splice(0, violations.length);
}

/** Recorded requests to `path` (and `method`, when given), in order. */
export function callsTo(path: string, method?: string): RecordedRequest[] {
  return recorded.filter((c) => c.path === path && (!method || c.method === method));
}

/** Forgets the recorded requests (after each test). */
export function clearRecordedRequests(): void {
  recorded.length = 0;
}

const fallback = http.all('*', async ({ request }) => {
  const { method, path } = await recordRequest(request);
  return HttpResponse.json({ message: `No test handler for ${method} ${path}` }, { status: 501 });
});

/** The server; the fallback above stays installed under every test's handlers. */
export const apiServer = setupServer(fallback);

/** What a test sees of the mock: its recorded requests and a way to add handlers. */
export interface ApiMock {
  /** Every request of the test so far. */
  readonly calls: readonly RecordedRequest[];
  callsTo: typeof callsTo;
  /** Installs handlers in front of the current ones (see {@link installHandlers}). */
  use: (...handlers: RequestHandler[]) => void;
}

/**
 * Installs handlers for the running test so that a later one wins over an earlier one for the
 * same request, like a later key of an object spread (`mockApi(...defaults(), override)`).
 * MSW itself answers with the first match of each `use` call, hence the reversal.
 */
export function installHandlers(...handlers: RequestHandler[]): void {
  if (handlers.length > 0) apiServer.use(...[...handlers].reverse());
}

/** A JSON response for a raw route; `status` 204 gives an empty body. */
export function json(body: unknown, status = 200): Response {
  if (status === 204) return new Response(null, { status });
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Answers a recorded request of a raw route with any response (any status, any body). */
export type RawResolver = (request: RecordedRequest) => Response | Promise<Response>;

/**
 * Raw routes, `"METHOD /path"` → resolver, for tests of the HTTP client itself (lib/api-client),
 * which must see answers no contract describes (a 302, a text body, a 502 HTML page). Product
 * tests use the contract handlers instead.
 */
export function mockRoutes(routes: Readonly<Record<string, RawResolver>>): ApiMock {
  const handlers = Object.entries(routes).map(([route, resolve]) => {
    const [method = 'GET', path = '/'] = route.split(' ');
    return http.all(path, async ({ request }) => {
      if (request.method !== method) return undefined;
      return resolve(await recordRequest(request));
    });
  });
  return mockApi(...handlers);
}

/** Installs `handlers` for the running test and returns the recorded-requests view. */
export function mockApi(...handlers: RequestHandler[]): ApiMock {
  installHandlers(...handlers);
  return {
    get calls() {
      return recorded;
    },
    callsTo,
    use: installHandlers,
  };
}
