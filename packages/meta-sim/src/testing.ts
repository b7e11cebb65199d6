/**
 * Test helpers: a simulator with fixed app credentials and the shipped seed (so the suite does
 * not depend on SEED_DIR/META_APP_* in the caller's environment), plus inject shortcuts.
 */
import { DEFAULT_SEED_DIR, buildDemoTenancy, loadSeedDir, type DemoClient, type SeedData } from '@dinedesk/demo-data';
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
    ratingsDeprecatedFrom: null,
    defaultVersion: 'v21.0',
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
