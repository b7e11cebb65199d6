/**
 * Test helpers: a simulator with fixed app credentials and the shipped seed (so the suite does
 * not depend on SEED_DIR/META_APP_* in the caller's environment), plus inject shortcuts.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SEED_DIR, buildDemoTenancy, loadSeedDir, type DemoClient, type SeedData } from '@dinedesk/demo-data';
import { VERSIONS_CHECKED_ON } from './graph/versions.ts';
import { type MetaSim, type MetaSimOptions, createMetaSim } from './index.ts';

export const APP_ID = '100000000000001';
export const APP_SECRET = 'meta-sim-app-secret';
export const APP_TOKEN = `${APP_ID}|${APP_SECRET}`;

let data: SeedData | undefined;
/** The shipped seed and its tenancy, read straight from @dinedesk/demo-data for expectations. */
export function seedData(): { data: SeedData; clients: DemoClient[] } {
  data ??= loadSeedDir(DEFAULT_SEED_DIR);
  return { data, clients: buildDemoTenancy(data) };
}

/** A parsed inject response. */
export interface Res {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  // Graph bodies are arbitrary JSON; tests assert on their shape explicitly.
  body: Record<string, unknown> & { error?: { code: number; error_subcode?: number; type: string; message: string; fbtrace_id: string } };
}

/** A simulator under test with request shortcuts. */
export interface TestSim {
  sim: MetaSim;
  get(url: string, token?: string): Promise<Res>;
  post(url: string, form: Record<string, string>, token?: string): Promise<Res>;
  postJson(url: string, body: unknown, token?: string): Promise<Res>;
  userToken(clientIndex: number): string;
  /** Page tokens of a client's pages, by page id. */
  pageTokens(clientIndex: number): Promise<Map<string, string>>;
}

function withToken(url: string, token?: string): string {
  if (!token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}access_token=${encodeURIComponent(token)}`;
}

/** Starts a simulator (memory state unless `stateFile` is given). */
export async function startSim(options: MetaSimOptions = {}): Promise<TestSim> {
  const sim = await createMetaSim({
    seedDir: DEFAULT_SEED_DIR,
    stateFile: null,
    appId: APP_ID,
    appSecret: APP_SECRET,
    defaultVersion: 'v21.0',
    // Explicit so META_SIM_WEBHOOK_URL / SIM_LIVE / SIM_CONVERSATIONS_RPS of the caller do not leak in.
    webhookUrl: null,
    live: false,
    messagingRateLimit: 2,
    // Suites on the real clock keep today's versions (v21.0 served); a test with its own clock judges by it.
    versionClock: options.now ?? (() => VERSIONS_CHECKED_ON),
    ...options,
  });
  const wrap = async (p: Promise<{ statusCode: number; headers: Res['headers']; body: string }>): Promise<Res> => {
    const r = await p;
    return { status: r.statusCode, headers: r.headers, body: r.body ? (JSON.parse(r.body) as Res['body']) : {} };
  };
  const t: TestSim = {
    sim,
    get: (url, token) => wrap(sim.app.inject({ method: 'GET', url: withToken(url, token) })),
    post: (url, form, token) =>
      wrap(
        sim.app.inject({
          method: 'POST',
          url: withToken(url, token),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(form).toString(),
        }),
      ),
    postJson: (url, body, token) => wrap(sim.app.inject({ method: 'POST', url: withToken(url, token), payload: body as object })),
    userToken: (i) => {
      const u = sim.testUsers()[i];
      if (!u) throw new Error(`no test user ${i}`);
      return u.accessToken;
    },
    async pageTokens(i) {
      const r = await t.get('/v21.0/me/accounts?fields=access_token&limit=100', t.userToken(i));
      const rows = r.body.data as { id: string; access_token: string }[];
      return new Map(rows.map((p) => [p.id, p.access_token]));
    },
  };
  return t;
}

/** Path plus query of an absolute `paging.next` URL, for `inject`. */
export function relative(url: string): string {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
}

/** One request the receiver got, with the exact body bytes. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  raw: Buffer;
}

/** A local webhook callback for tests (Meta's side in docs/requirements/platform-apis.md#webhooks
 * played by a tiny HTTP server). */
export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** POSTs only, in arrival order. */
  posts(): ReceivedRequest[];
  /** Parsed POST bodies. */
  bodies(): { object: string; entry: { id: string; time: number; messaging: Record<string, unknown>[] }[] }[];
  /** Statuses for the next POSTs (consumed in order; afterwards 200). */
  failNext(...statuses: number[]): void;
  /** Changes the token the GET handshake accepts (null: answer 503 to every GET). */
  setVerifyToken(token: string | null): void;
  close(): Promise<void>;
}

/**
 * Starts a webhook receiver on a random port. GET answers the handshake like a correct
 * callback (200 + challenge when `hub.verify_token` matches, else 403); POST answers 200
 * unless `failNext` queued other statuses.
 */
export async function startReceiver(verifyToken: string | null = 'dinedesk-verify'): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const queued: number[] = [];
  let token = verifyToken;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks) });
      if (req.method === 'GET') {
        const q = new URL(req.url ?? '/', 'http://x').searchParams;
        if (token === null) return res.writeHead(503).end('not ready');
        if (q.get('hub.mode') === 'subscribe' && q.get('hub.verify_token') === token) return res.writeHead(200, { 'content-type': 'text/plain' }).end(q.get('hub.challenge') ?? '');
        return res.writeHead(403).end('forbidden');
      }
      const status = queued.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'EVENT_RECEIVED' : 'error');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const posts = () => requests.filter((r) => r.method === 'POST');
  return {
    url: `http://127.0.0.1:${port}/webhooks/meta`,
    requests,
    posts,
    bodies: () => posts().map((r) => JSON.parse(r.raw.toString('utf8'))),
    failNext: (...statuses) => queued.push(...statuses),
    setVerifyToken: (t) => {
      token = t;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` every 10 ms until it returns true. @throws Error after `timeoutMs` */
export async function waitFor(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
