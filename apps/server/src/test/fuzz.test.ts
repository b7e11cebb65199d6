/**
 * Fuzzing every route of the OpenAPI document: for each
 * operation, fast-check generates requests from the operation's own schemas (path, query and
 * body), well-shaped ones with real ids mixed in, and malformed ones (wrong types, oversized
 * strings and numbers, control characters, deep nesting, unknown fields, no body). Whatever the
 * input: never a 500, and a refused request (4xx) writes no row and calls Facebook never.
 *
 * Reproduce a failure with the seed it prints: `FUZZ_SEED=<seed> npx vitest run src/test/fuzz.test.ts`.
 * `FUZZ_RUNS` sets the requests per operation (default 30); `FUZZ_ONLY="POST /api/x"` fuzzes one
 * operation, as the failure names it.
 */
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { TFbPage, TFbReview, TInboxPage } from '@dinedesk/contracts';
import { bearer, byRateLimit, startHarness, tableCounts, type Harness } from './harness.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
}
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const ONLY = process.env.FUZZ_ONLY;
/** Routes whose input is Meta's (signed; refused 403 before anything) or which end the caller's session. */
const SKIP = new Set(['POST /api/webhooks/meta', 'GET /api/webhooks/meta', 'GET /api/logout']);

let h: Harness;
let owner: string;
let admin: string;
let fetchSpy: MockInstance<typeof fetch>;
const known: Record<string, string[]> = {};

/** Text that has broken servers: control characters, lone surrogates, huge, SQL and path tricks. */
const nastyString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('\u0000', 'a\u0007b', '\ud800', '\udfff x', "' OR 1=1 --", '../../etc/passwd', '%00', '\u202e', '🍛'.repeat(50), ' ', ''),
  fc.integer({ min: 10_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);
const nastyNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308, -0, 2 ** 63));
const nastyScalar = fc.oneof(nastyString, nastyNumber, fc.boolean(), fc.constant(null));
/** Deep arrays/objects: the input guard caps depth at 32. */
const deep = fc.integer({ min: 30, max: 200 }).map((n) => {
  let v: unknown = 'leaf';
  for (let i = 0; i < n; i++) v = i % 2 ? [v] : { k: v };
  return v;
});

function firstType(s: JsonSchema): string | undefined {
  return Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
}

/** A value shaped like `schema` (mostly valid, with real ids where a field names one), depth-bounded. */
function shaped(schema: JsonSchema | undefined, field = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return nastyScalar;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => shaped(a, field, depth + 1)));
  if (schema.allOf?.length) return shaped(Object.assign({}, ...schema.allOf), field, depth + 1);
  const ids = known[field];
  switch (firstType(schema)) {
    case 'object': {
      const props = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const entries = Object.entries(props).map(([k, v]) => [k, required.has(k) ? shaped(v, k, depth + 1) : fc.option(shaped(v, k, depth + 1), { nil: undefined })] as const);
      return fc.record(Object.fromEntries(entries)).map((o) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)));
    }
    case 'array':
      return fc.array(shaped(schema.items, field, depth + 1), { maxLength: 4 });
    case 'integer':
      return fc.oneof(fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1000, 1000) }), nastyNumber);
    case 'number':
      return fc.oneof(fc.double({ noNaN: true, min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6 }), nastyNumber);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return ids?.length ? fc.oneof(fc.constantFrom(...ids), nastyString) : schema.format === 'email' ? fc.oneof(fc.emailAddress(), nastyString) : nastyString;
    default:
      return nastyScalar;
  }
}

/** A body: shaped, shaped with one field replaced by garbage, or anything at all. */
function bodyOf(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const good = shaped(schema);
  const broken = fc.tuple(good, nastyString, fc.oneof(nastyScalar, deep, fc.anything())).map(([v, key, bad]) => {
    if (v && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      const k = keys.length ? keys[Math.abs(key.length) % keys.length]! : key;
      return { ...v, [k]: bad };
    }
    return bad;
  });
  return fc.oneof({ weight: 3, arbitrary: good }, { weight: 3, arbitrary: broken }, { weight: 1, arbitrary: fc.anything() }, { weight: 1, arbitrary: deep }, { weight: 1, arbitrary: fc.constant(undefined) });
}

function paramOf(p: Parameter): fc.Arbitrary<string | undefined> {
  const ids = known[p.name];
  const asText = shaped(p.schema, p.name).map((v) => (v === undefined || v === null ? undefined : typeof v === 'string' ? v : JSON.stringify(v)));
  return fc.oneof(...(ids?.length ? [fc.constantFrom(...ids)] : []), asText, nastyString, fc.constant(undefined));
}

/**
 * Percent-encodes a path segment the way a raw client could send it: a lone surrogate (which
 * `encodeURIComponent` refuses) becomes its WTF-8 bytes, i.e. invalid UTF-8 on the wire.
 */
function encodePathSegment(v: string): string {
  let out = '';
  for (const ch of v) {
    const u = ch.codePointAt(0)!;
    if (u >= 0xd800 && u <= 0xdfff) out += ['%ED', 0xa0 | ((u >> 6) & 0x0f), 0x80 | (u & 0x3f)].map((b) => (typeof b === 'string' ? b : `%${b.toString(16).toUpperCase()}`)).join('');
    else out += encodeURIComponent(ch);
  }
  return out;
}

function graphCalls(): number {
  return fetchSpy.mock.calls.filter(([input]) => String(input instanceof Request ? input.url : input).startsWith(h.simUrl)).length;
}

beforeAll(async () => {
  fetchSpy = vi.spyOn(globalThis, 'fetch');
  // ReservGo configured, so its route is exercised instead of answering 503 "not configured".
  // Thousands of requests as one user within minutes (1,790 in one minute measured on a loaded
  // 2-core machine) are far past the API rate limit per user: raised for this server, so each
  // answer is the route's own (plugins/rate-limit.test.ts tests the limit).
  h = await startHarness({ env: { RESERVGO_SHARED_SECRET: 'reservgo-fuzz-secret-0123456789abcdef', RATE_LIMIT_MAX: '1000000', RATE_LIMIT_ANONYMOUS_MAX: '1000000' } });
  owner = await h.login('owner@spice-route.demo');
  admin = await h.login('admin@dinedesk.demo');
  const inject = (url: string) => h.server.app.inject({ method: 'GET', url, headers: bearer(owner) });
  const pages = (await inject('/api/review_testing/get-fb-pages')).json().data as TFbPage[];
  const reviews = (await inject(`/api/review_testing/get-fb-reviews?pageId=${pages[0]!.id}&limit=5`)).json().data as TFbReview[];
  const inbox = (await inject('/api/messenger/pages')).json().data as TInboxPage[];
  const me = (await inject('/api/get-client-details')).json() as { client: { id: string } };
  const users = (await inject('/api/client-users')).json().data as { id: string }[];
  Object.assign(known, {
    pageId: [...pages.map((p) => p.id).slice(0, 2), ...inbox.map((p) => p.id).slice(0, 2)],
    reviewId: reviews.map((r) => r.id).slice(0, 3),
    brandId: pages.map((p) => p.brandId).slice(0, 2),
    brandIds: pages.map((p) => p.brandId).slice(0, 2),
    clientId: [me.client.id],
    userId: users.map((u) => u.id).slice(0, 2),
    channel: ['messenger', 'instagram'],
  });
}, 180_000);
afterAll(async () => {
  await h?.close();
  fetchSpy?.mockRestore();
});

describe('fuzzing every route of the OpenAPI document', () => {
  it('never answers 500, and a refused request writes nothing and calls Facebook never', async () => {
    const doc = (h.server.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }).swagger();
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    const fuzzed = operations.filter((o) => !SKIP.has(`${o.method} ${o.path.replace(/\{(\w+)\}/g, ':$1')}`) && (!ONLY || `${o.method} ${o.path}` === ONLY));
    expect(fuzzed.length).toBeGreaterThan(ONLY ? 0 : 25);
    const failures: string[] = [];
    for (const { method, path, op } of fuzzed) {
      const params = (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const request = fc.record({
        values: fc.tuple(...params.map(paramOf)),
        body: method === 'GET' ? fc.constant(undefined) : bodyOf(bodySchema),
      });
      try {
        await fc.assert(
          fc.asyncProperty(request, async ({ values, body }) => {
            let url = path;
            const query = new URLSearchParams();
            params.forEach((p, i) => {
              const v = values[i];
              if (p.in === 'path') url = url.replace(`{${p.name}}`, encodePathSegment(v ?? 'x'));
              else if (v !== undefined) query.append(p.name, v);
            });
            const qs = query.toString();
            const req: InjectOptions = { method: method as InjectOptions['method'], url: qs ? `${url}?${qs}` : url, headers: bearer(path.startsWith('/api/client-onboarding') ? admin : owner) };
            if (body !== undefined) req.payload = body as InjectOptions['payload'];
            // Work an earlier accepted request queued (an Instagram refresh, a sync) would
            // otherwise call Graph or write rows while this one is measured: CI saw exactly that.
            await h.settle();
            const before = await tableCounts(h);
            const calls = graphCalls();
            const res = await h.server.app.inject(req);
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
            expect(byRateLimit(res), 'the rate limit answered, not the route').toBe(false);
            if (res.statusCode >= 400) {
              // A refused request must not queue work either: whatever it queued runs before the count.
              await h.settle();
              expect(graphCalls(), 'Graph calls of a refused request').toBe(calls);
              expect(await tableCounts(h), 'rows after a refused request').toEqual(before);
              expect(typeof res.json().message, 'a refusal says why').toBe('string');
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        );
      } catch (e) {
        // fast-check's report holds the seed, path and counterexample; the property's own error
        // is its `cause` (fast-check 4 no longer copies it into the message).
        const lines = (e as Error).message.split('\n');
        const replay = lines.find((l) => l.includes('seed')) ?? '';
        const example = lines.find((l) => l.startsWith('Counterexample')) ?? '';
        const cause = (e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (lines.find((l) => /Got error|Error:|expected/i.test(l)) ?? '');
        failures.push(`${method} ${path}: ${replay.slice(0, 120)} ${cause.slice(0, 400)} ${example.slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});
