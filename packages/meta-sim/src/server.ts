/**
 * The HTTP face of the simulator: a Fastify app that serves every Graph path through the
 * router, the control API under `/__sim`, Graph's error envelope and the usage headers.
 *
 * Request pipeline for Graph calls
 * (docs/requirements/platform-apis.md#behaviours-the-simulator-reproduces):
 *   path version (`/v21.0/...`, else the default; a retired one runs on the next served version,
 *   one Meta never released is 2500, `graph/versions.ts`) → call log (`call-log.ts`) → token (query,
 *   body or Authorization; 104 when missing, 190 when unknown or revoked) → `appsecret_proof`
 *   (100 when wrong, whenever sent; 100 when missing on user and page tokens if the app requires it) → armed fault rule,
 *   if one matches (`faults.ts`: 500, rate limit with its usage header, 190, or a slow answer)
 *   → call budget (usage header on every authenticated call; 4/17 once an hour's budget is used up, 32 or 80001
 *   once a Page's 24-hour budget is) → write
 *   fault, if one is armed (`write-faults.ts`) → router → JSON, or `{error:{...}}` with status
 *   400 (500 for codes 1 and 2).
 * Facebook Login (`/dialog/oauth`, `/oauth/access_token`, with or without a version) is served
 * by `oauth.ts` outside this pipeline: it needs no access token.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { extractToken, requestParams } from './auth.ts';
import { type SimControl, registerControlRoutes } from './control.ts';
import {
  GraphError,
  appRateLimit,
  invalidParameter,
  newTraceId,
  pageBusinessUseCaseRateLimit,
  pageRateLimit,
  toGraphErrorBody,
  tokenRequired,
  unknownError,
  unknownPath,
  unsupportedRequest,
  userRateLimit,
} from './errors.ts';
import type { GraphCall } from './call-log.ts';
import { faultOutcome } from './faults.ts';
import { checkAppsecretProof, registerOAuthRoutes } from './oauth.ts';
import type { GraphContext, HttpMethod, SimCore } from './graph/core.ts';
import type { GraphRouter } from './graph/router.ts';
import { servedVersion } from './graph/versions.ts';
import type { Principal } from './tokens.ts';
import { appUsageHeader, businessUseCaseHeader } from './usage.ts';

const VERSION_SEGMENT = /^v(\d+)\.(\d+)$/;

/** Splits a URL path into segments and its API version (`defaultVersion` when absent). */
export function parseGraphPath(url: string, defaultVersion: string): { segments: string[]; version: number; versionLabel: string } {
  const path = url.split('?')[0] ?? '';
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => {
      try {
        return decodeURIComponent(s);
      } catch {
        return s;
      }
    });
  const m = segments[0] ? VERSION_SEGMENT.exec(segments[0]) : null;
  if (m) return { segments: segments.slice(1), version: Number(m[1]), versionLabel: segments[0]! };
  const d = VERSION_SEGMENT.exec(defaultVersion);
  if (!d) throw new Error(`defaultVersion must look like v21.0, got ${defaultVersion}`);
  return { segments, version: Number(d[1]), versionLabel: defaultVersion };
}

/**
 * Counts the call against its bucket and sets the usage header: `X-App-Usage` for app and
 * user tokens, `X-Business-Use-Case-Usage` for page tokens
 * (docs/requirements/platform-apis.md#headers).
 * @throws GraphError 4 (app), 17 (user) or 32/80001 (page, `switches.pageThrottleCode`) when the bucket's budget is used up
 */
function meter(sim: SimCore, p: Principal, reply: FastifyReply): void {
  if (p.type === 'PAGE') {
    // Page tokens are the Pages business use case: per Page, a rolling day (usage.ts).
    const s = sim.usage.hitPage(p.page.id);
    reply.header('x-business-use-case-usage', businessUseCaseHeader(p.page.id, s));
    if (s.throttled) throw sim.switches.pageThrottleCode === 80001 ? pageBusinessUseCaseRateLimit() : pageRateLimit();
    return;
  }
  const s = sim.usage.hit(p.type === 'APP' ? 'app' : `user:${p.user.id}`);
  reply.header('x-app-usage', appUsageHeader(s));
  if (s.throttled) throw p.type === 'APP' ? appRateLimit() : userRateLimit();
}

/** The Page a call's path is about: a Page id as its first segment, or a Page object `{page-id}_{n}`. */
function pageInPath(sim: SimCore, segments: readonly string[]): string | null {
  const first = segments[0] ?? '';
  if (sim.seed.pages.has(first)) return first;
  const prefix = first.split('_')[0] ?? '';
  return first.includes('_') && sim.seed.pages.has(prefix) ? prefix : null;
}

/**
 * Builds the Fastify app.
 * @param deps.logger Fastify request logging (off in tests)
 */
export function buildServer(deps: { sim: SimCore; router: GraphRouter; control: SimControl; logger: boolean }): FastifyInstance {
  const { sim, router } = deps;
  const app = Fastify({ logger: deps.logger });
  // The log entry of each Graph call, completed with its status and error code once answered.
  const logged = new WeakMap<FastifyRequest, GraphCall>();
  app.addHook('onResponse', async (req, reply) => {
    const entry = logged.get(req);
    if (entry) entry.status = reply.statusCode;
  });

  // Graph SDKs post form-encoded bodies; Fastify only parses JSON by default.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.addHook('onRequest', async (_req, reply) => {
    reply.header('x-fb-trace-id', newTraceId());
  });

  app.setErrorHandler((err: FastifyError | GraphError, req, reply) => {
    let graphErr: GraphError;
    if (err instanceof GraphError) graphErr = err;
    else if (typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500) {
      // Body parser failures (bad JSON, unsupported media type) are parameter errors to Graph.
      graphErr = invalidParameter(err.message);
    } else {
      req.log.error({ err }, 'meta-sim handler failed');
      graphErr = unknownError();
    }
    const entry = logged.get(req);
    if (entry) entry.code = graphErr.code;
    const traceId = String(reply.getHeader('x-fb-trace-id') ?? newTraceId());
    return reply.code(graphErr.httpStatus).type('application/json; charset=UTF-8').send(toGraphErrorBody(graphErr, traceId));
  });

  app.setNotFoundHandler(async (req) => {
    // Only methods Graph does not take (PUT, PATCH, ...) end here: every path is routed.
    const { segments } = parseGraphPath(req.url, sim.defaultVersion);
    throw unsupportedRequest(req.method, segments[0] ?? '');
  });

  registerControlRoutes(app, deps.control);
  registerOAuthRoutes(app, sim);

  const graph = async (req: FastifyRequest, reply: FastifyReply) => {
    const { segments, versionLabel: asked } = parseGraphPath(req.url, sim.defaultVersion);
    // A retired version runs on the next one Meta serves, and the header says which (versions.ts).
    const served = servedVersion(asked, sim.versionNow());
    reply.header('facebook-api-version', served?.label ?? sim.defaultVersion);
    // A version Meta never released is read as a node by Graph: the rest of the path is unknown.
    if (!served) throw unknownPath(`/${segments.join('/')}`);
    const version = served.major;
    const versionLabel = served.label;
    const params = requestParams(req);
    const token = extractToken(req, params);
    const tokenPageId = token ? sim.tokens.pageOfToken(token) : null;
    const pageId = tokenPageId ?? pageInPath(sim, segments);
    logged.set(req, sim.calls.record({ at: sim.now().toISOString(), method: req.method, path: segments.join('/'), pageId }));
    if (!token) throw tokenRequired();
    const principal = sim.tokens.resolve(token);
    // "Require App Secret": the app token carries the secret itself, so only user and page tokens.
    // A proof that is sent is checked whatever the setting: Graph refuses a wrong one always
    // (Graph API "Securing Requests", https://developers.facebook.com/docs/graph-api/securing-requests).
    if (params.appsecret_proof !== undefined || (sim.switches.requireAppsecretProof && principal.type !== 'APP')) checkAppsecretProof(sim.app.secret, token, params.appsecret_proof);
    // Armed faults (faults.ts): refused before the budget counts the call, as Graph's own refusals are.
    const facts = { method: req.method, segments, tokenPageId };
    const rule = sim.faults.take(facts);
    let slowMs = 0;
    if (rule) {
      const outcome = faultOutcome(rule, facts, pageId, { id: sim.app.id, now: sim.now() });
      if (outcome.kind === 'error') {
        for (const [name, value] of Object.entries(outcome.headers)) reply.header(name, value);
        throw outcome.error;
      }
      slowMs = outcome.delayMs;
    }
    meter(sim, principal, reply);
    const ctx: GraphContext = {
      sim,
      method: req.method as HttpMethod,
      version,
      versionLabel,
      params,
      principal,
      baseUrl: `${req.protocol}://${req.host}`,
      addBusinessUsage(id, entry) {
        // Merged into the header `meter` may already have set for the Page's own bucket.
        const current = reply.getHeader('x-business-use-case-usage');
        const value = typeof current === 'string' ? (JSON.parse(current) as Record<string, unknown[]>) : {};
        value[id] = [...(value[id] ?? []), entry];
        reply.header('x-business-use-case-usage', JSON.stringify(value));
      },
    };
    // Write faults (write-faults.ts): a POST that never lands, or lands and answers late.
    const fault = sim.writeFaults.take(req.method, segments);
    if (fault === 'hang') {
      await sim.writeFaults.hold();
      throw unknownError();
    }
    let result: unknown;
    try {
      result = router.dispatch(ctx, segments);
    } finally {
      // A slow answer: carried out now, answered late (a write lands even if the client gave up).
      if (slowMs) await sim.faults.delay(slowMs);
    }
    if (fault === 'apply_then_hang') await sim.writeFaults.hold();
    return reply.type('application/json; charset=UTF-8').send(result);
  };
  app.route({ method: ['GET', 'POST', 'DELETE'], url: '/*', handler: graph });

  return app;
}
