import Fastify, { type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API, FACEBOOK_CONNECT_ROUTE } from '@dinedesk/contracts';
import type { AppContext } from './context.ts';
import { loggerOptions, type LogStream } from './lib/log-redaction.ts';
import { registerAuth, type RouteNeed } from './plugins/auth.ts';
import { registerCookies } from './plugins/cookies.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerInputGuard } from './plugins/input-guard.ts';
import { registerDiskGuard } from './lib/disk-watch.ts';
import { registerRequestDeadline } from './plugins/request-deadline.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { accessRoutes } from './modules/access/access.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { inboxRoutes } from './modules/inbox/inbox.routes.ts';
import { webhookRoutes } from './modules/inbox/webhook.routes.ts';
import { registerSocket } from './plugins/socket.ts';
import { registerApiCompression, registerWebStatic, webBuildPresent } from './plugins/web-static.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { metaRoutes } from './modules/meta/meta.routes.ts';
import { googleRoutes } from './modules/google/google.routes.ts';
import { tenancyRoutes } from './modules/tenancy/tenancy.routes.ts';
import { commentsRoutes } from './modules/comments/comments.routes.ts';
import { complaintsRoutes } from './modules/complaints/complaints.routes.ts';
import { ticketsRoutes } from './modules/tickets/tickets.routes.ts';
import { automationRoutes } from './modules/automation/automation.routes.ts';
import { competitorsRoutes } from './modules/competitors/competitors.routes.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { adsRoutes } from './modules/ads/ads.routes.ts';
import { reportingRoutes } from './modules/reporting/reporting.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { menuRoutes } from './modules/menu/menu.routes.ts';
import { overviewRoutes } from './modules/overview/overview.routes.ts';
import { instagramRoutes } from './modules/instagram/instagram.routes.ts';

/** One registered route, as the authorization matrix test enumerates them. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The route's declared need (`config.need`); undefined only for the API docs and web files. */
  need?: RouteNeed;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app (collected by an onRoute hook): the matrix test's table. */
    routeTable: RouteEntry[];
  }
}

/** Largest accepted request body: a reply is at most 8000 characters (Graph limit). */
const BODY_LIMIT_BYTES = 256 * 1024;

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function trusting the `hops` nearest
 * addresses (proxy-addr counts the socket's peer as hop 0), as Express does: Fastify 5.12
 * answers a bare number by trusting nothing. docs/decisions/0045
 */
function trustProxyOption(trust: false | number | string[]): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/**
 * Builds the Fastify app: external plugins (helmet, swagger) before app plugins (errors, auth)
 * before routes (docs/requirements/code-layout.md, fastify/demo). Serves the built SPA from
 * `config.webDistDir` when it exists, with index.html for client-side routes.
 */
export async function buildApp(ctx: AppContext, opts: { logger?: boolean; logStream?: LogStream } = {}): Promise<FastifyInstance> {
  const http = ctx.config.http;
  const app = Fastify({
    // Tokens and Authorization headers never reach a log line (lib/log-redaction.ts).
    logger: opts.logger === false ? false : loggerOptions(ctx.config.logLevel, opts.logStream),
    bodyLimit: BODY_LIMIT_BYTES,
    // TRUST_PROXY: the client's address from the forwarding headers of these proxies only
    // (sign-in throttling keys on it; docs/decisions/0045).
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // A connection that sends nothing for this long is closed; one that trickles its request is
    // cut by the deadlines below (docs/decisions/0045). Node checks them every
    // `connectionsCheckingInterval`, a fraction of the headers timeout.
    connectionTimeout: http.idleTimeoutMs,
    keepAliveTimeout: http.keepAliveTimeoutMs,
    requestTimeout: Math.max(http.requestTimeoutMs, http.uploadTimeoutMs),
    http: { headersTimeout: http.headersTimeoutMs, connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(http.headersTimeoutMs / 4))) },
    // Shutdown closes idle keep-alive connections at once; busy ones end after their answer
    // (server.ts, docs/decisions/0016).
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('ctx', ctx);
  // Collected before any plugin registers routes, so the list is complete (a new route
  // without an entry in the authorization matrix fails that test).
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeTable.push({ method, url: route.url, need: route.config?.need });
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Emotion (MUI) injects style elements at runtime.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Exactly the hosts whose images the app shows (config.ts `imgSourcesOf`).
        imgSrc: ctx.config.imgSources,
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        scriptSrc: ["'self'"],
      },
    },
    // Facebook Login runs in a popup that reports back to the window that opened it
    // (docs/decisions/0022): `same-origin` would cut that link when the popup leaves for Facebook.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // The popup comes back from Facebook's (or Google's) origin through the callback's redirect to
  // the landing screen; a COOP other than the one the provider's page had on either answer would
  // put it in a new browsing context group, without its opener.
  const openerKept = new Set<string>([FACEBOOK_CONNECT_ROUTE, API.fbAuthCallback, API.googleAuthCallback]);
  app.addHook('onRequest', (request, reply, done) => {
    // Every request passes here: a prefix test first, the split only for the three paths.
    const url = request.url;
    if ((url.startsWith(FACEBOOK_CONNECT_ROUTE) || url.startsWith(API.fbAuthCallback) || url.startsWith(API.googleAuthCallback)) && openerKept.has(url.split('?')[0]!)) {
      reply.raw.setHeader('cross-origin-opener-policy', 'unsafe-none');
    }
    done();
  });
  // A low disk refuses writes before anything reads the body or reaches the database (lib/disk-watch.ts).
  registerDiskGuard(app, ctx.disk);
  await app.register(swagger, {
    openapi: {
      info: { title: 'DineDesk API', version: '0.1.0', description: 'Product calls of the DineDesk dashboard (docs/requirements/calls.md).' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const serveWeb = webBuildPresent(ctx.config.webDistDir);
  registerErrorHandler(app, { spaFallback: serveWeb });
  // Every route: its body arrives within its deadline or the connection is closed with 408.
  registerRequestDeadline(app, { requestMs: http.requestTimeoutMs, uploadMs: http.uploadTimeoutMs });
  // Before the routes: every route refuses control characters in its input.
  registerInputGuard(app);

  // The product API: every route in this scope declares its need and is authorized by one hook
  // (plugins/auth.ts). The API docs above and the web files below are public files.
  await app.register(async (api) => {
    registerAuth(api);
    // The OAuth state cookies of the connect popups (modules/meta, modules/google).
    await registerCookies(api);
    // Requests per user (signed in) or per address, before any route of the scope (plugins/rate-limit.ts).
    await registerRateLimit(api, ctx.config.rateLimit, { redisUrl: ctx.config.redisUrl, keyPrefix: ctx.config.redisKeyPrefix });
    await registerApiCompression(api);
    await api.register(healthRoutes);
    await api.register(accessRoutes);
    await api.register(reviewsRoutes);
    await api.register(commentsRoutes);
    await api.register(complaintsRoutes);
    await api.register(ticketsRoutes);
    await api.register(automationRoutes);
    await api.register(competitorsRoutes);
    await api.register(ordersRoutes);
    await api.register(adsRoutes);
    await api.register(reportingRoutes);
    await api.register(reportsRoutes);
    await api.register(menuRoutes);
    await api.register(overviewRoutes);
    await api.register(instagramRoutes);
    await api.register(metaRoutes);
    await api.register(googleRoutes);
    await api.register(inboxRoutes);
    await api.register(webhookRoutes);
    await api.register(tenancyRoutes);
    await api.register(jobsRoutes);
  });
  await registerSocket(app, ctx);

  if (serveWeb) await registerWebStatic(app, ctx.config.webDistDir);
  return app;
}
