import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../context.ts';
import { assertCan, requireClient, resolveAuth, type AuthContext } from '../modules/access/index.ts';

/**
 * Where the ids a request carries must belong, beyond the ability (docs/decisions/0003, 0004):
 * - `own`: no tenant ids; the caller's own data (no client needed);
 * - `client`: the session's client (the hook requires one); ids of another client answer 404;
 * - `outlet`: like `client`, and ids of an outlet the role may not see answer 404 too;
 * - `membership`: a client id the caller is a member of (any existing client for a super
 *   admin); others answer 404 (client switching, docs/decisions/0011).
 * The 404s are decided by the services (they read the rows); the scope states it for readers and
 * for the authorization matrix test.
 */
export type NeedScope = 'own' | 'client' | 'outlet' | 'membership';

/**
 * What a route needs, declared on every route as `config: { need }` and checked by
 * the one authorization hook before body validation (401 before 400):
 * - `'public'`: no token (sign-in, set-password, ReservGo sign-on, webhooks, health);
 * - `'signed-in'`: any valid token, own data only (logout, client details, accept-invitation);
 * - `{ action, subject, scope }`: a valid token whose ability allows `action` on `subject`
 *   (403 otherwise), and a client for scopes `client` and `outlet` (403 "Choose a client first").
 *   `checkedBy: 'service'` when the ability applies only to some requests of the route (e.g.
 *   reading another user's role; one's own needs none): the hook then only authenticates, and
 *   the service checks the ability where it applies.
 */
export type RouteNeed =
  | 'public'
  | 'signed-in'
  | { action: string; subject: string; scope: NeedScope; checkedBy?: 'service' };

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext;
  }
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyContextConfig {
    /** Required on every route registered after {@link registerAuth}. */
    need?: RouteNeed;
  }
}

/** The token of an `Authorization: Bearer …` header, if any. */
const bearerToken = (request: FastifyRequest) => /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];

/** A route as error messages name it: `GET /api/x`. */
const routeName = (route: Pick<RouteOptions, 'method' | 'url'>) => `${[route.method].flat().join(',')} ${route.url}`;

/**
 * Registers the authorization of every route registered after it in `app`'s scope:
 * - at start-up (onRoute), a route without `config.need` throws, naming the route, so no route
 *   can be added without deciding who may call it;
 * - on each request (onRequest, before body validation: a caller without a valid token learns
 *   nothing about the input), the bearer token is resolved by the access module
 *   (modules/access/session.service.ts) into `request.auth` and the declared need is checked.
 * @throws Error at registration of a route without a declared need
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null as unknown as AuthContext);
  app.addHook('onRoute', (route) => {
    if (route.config?.need === undefined) {
      throw new Error(`Route ${routeName(route)} declares no need: add config: { need: 'public' | 'signed-in' | { action, subject, scope } } (plugins/auth.ts)`);
    }
  });
  app.addHook('onRequest', async function authorize(this: FastifyInstance, request: FastifyRequest) {
    const need = request.routeOptions.config?.need;
    // Unmatched URLs (404 handler) have no need; every registered route has one (onRoute above).
    if (need === undefined || need === 'public') return;
    request.auth = await resolveAuth(this.ctx, bearerToken(request));
    if (need === 'signed-in' || need.checkedBy === 'service') return;
    assertCan(request.auth, need.action, need.subject);
    if (need.scope === 'client' || need.scope === 'outlet') requireClient(request.auth);
  });
}
