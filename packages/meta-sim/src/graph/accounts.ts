/**
 * The app, its Facebook test users, their Pages and tokens.
 *
 * Endpoints (docs/requirements/platform-apis.md#facebook-login-and-tokens; Graph API reference
 * "Test Users", "User/accounts", "Page", "debug_token"):
 *   GET /{app-id}/accounts/test-users   app token only → {data:[{id,access_token,login_url}],paging}
 *   GET /me, /{user-id}                  User {id,name}; /me with a page token is that Page
 *   GET /me/accounts                     the user's Pages with their page tokens, cursor paged; a
 *                                        Facebook Login token gets page tokens derived from it
 *                                        (`tokens.ts` pageTokenFor: never expiring under a long-lived one)
 * Facebook Login itself (`/dialog/oauth`, `/oauth/access_token`) is `oauth.ts`.
 *   GET /{page-id}                       Page fields (default id,name)
 *   GET /debug_token?input_token=        token introspection (app token, or a developer's user token)
 */
import { GraphError, appTokenRequired, debugTokenCallerRefused, invalidParameter, permissionsError } from '../errors.ts';
import { fieldsParam } from '../fields.ts';
import { parseLimit } from '../paging.ts';
import { RESTAURANT_CATEGORY, type SimPage, type SimUser } from '../seed.ts';
import type { Principal } from '../tokens.ts';
import { type GraphContext, type GraphModule, type SimCore, listEdge, managesPage, pageTasksOf } from './core.ts';


/** The token the caller would use for `page`: its own page token, or the user's page token. */
function viewerPageToken(ctx: GraphContext, page: SimPage): string | undefined {
  const p: Principal = ctx.principal;
  if (p.type === 'PAGE') return p.page.id === page.id ? p.token : undefined;
  if (p.type === 'USER') return ctx.sim.tokens.pageTokenFor(p, page.id)?.token;
  return undefined;
}

interface TestUserRow {
  user: SimUser;
  token: string;
}

/** Module: App, User, Profile, Page and TestUser node types and their routes. */
export const accountsModule: GraphModule = {
  registerNodes(nodes) {
    nodes.define<{ id: string; name: string }>('App', {
      name: 'Application',
      hasId: true,
      defaultFields: 'id,name',
      fields: { id: { get: (a) => a.id }, name: { get: (a) => a.name } },
    });
    nodes.define<SimUser>('User', {
      name: 'User',
      hasId: true,
      defaultFields: 'id,name',
      fields: { id: { get: (u) => u.id }, name: { get: (u) => u.name } },
    });
    // Authors of reviews and comments: Graph answers only id and name for them.
    nodes.define<{ id: string; name: string }>('Profile', {
      name: 'User',
      hasId: true,
      defaultFields: 'id,name',
      fields: { id: { get: (u) => u.id }, name: { get: (u) => u.name } },
    });
    nodes.define<TestUserRow>('TestUser', {
      name: 'TestAccount',
      hasId: true,
      defaultFields: 'id,access_token,login_url',
      fields: {
        id: { get: (r) => r.user.id },
        access_token: { get: (r) => r.token },
        login_url: { get: (r) => `https://developers.facebook.com/checkpoint/test-user-login/${r.user.id}/` },
      },
    });
    nodes.define<SimPage>('Page', {
      name: 'Page',
      hasId: true,
      defaultFields: 'id,name',
      fields: {
        id: { get: (p) => p.id },
        name: { get: (p) => p.name },
        category: { get: () => RESTAURANT_CATEGORY.name },
        category_list: { get: () => [{ ...RESTAURANT_CATEGORY }] },
        link: { get: (p) => `https://www.facebook.com/${p.id}` },
        // Graph omits the rating summary of a Page nobody has rated.
        overall_star_rating: { get: (p) => p.overallStarRating ?? undefined },
        rating_count: { get: (p) => p.ratingCount },
        // Only admins see the Page's token and their tasks; others get the field left out.
        access_token: { get: (p, _s, ctx) => viewerPageToken(ctx, p) },
        tasks: {
          get: (p, _s, ctx) => (managesPage(ctx.principal, p.id) && ctx.principal.type !== 'APP' ? pageTasksOf(ctx.sim, ctx.principal.user.id) : undefined),
        },
      },
    });
  },

  resolve(id: string, sim: SimCore) {
    if (id === sim.app.id) return { kind: 'App', id };
    const user = sim.seed.users.get(id);
    if (user) return { kind: 'User', id, user };
    const page = sim.seed.pages.get(id);
    if (page) return { kind: 'Page', id, page };
    return undefined;
  },

  routes: [
    {
      kind: 'App',
      method: 'GET',
      edge: '',
      handle: (ctx, node) =>
        ctx.sim.nodes.project('App', { id: node.id, name: ctx.sim.app.name }, ctx.sim.nodes.select('App', fieldsParam(ctx.params.fields)), ctx),
    },
    {
      kind: 'App',
      method: 'GET',
      edge: 'accounts/test-users',
      handle(ctx, node) {
        if (ctx.principal.type !== 'APP') throw appTokenRequired();
        // A test user whose token died (tokens.ts `revoke`) logs in again here, as in the dashboard.
        ctx.sim.tokens.ensureIssued();
        const rows: TestUserRow[] = [...ctx.sim.seed.users.values()].map((user) => ({ user, token: ctx.sim.tokens.userToken(user.id).token }));
        return listEdge(ctx, {
          kind: 'TestUser',
          items: rows,
          keyOf: (r) => r.user.id,
          specs: fieldsParam(ctx.params.fields),
          limit: parseLimit(ctx.params.limit),
          after: ctx.params.after,
          before: ctx.params.before,
          path: `${node.id}/accounts/test-users`,
          query: ctx.params,
        });
      },
    },
    {
      kind: 'User',
      method: 'GET',
      edge: '',
      handle: (ctx, node) => ctx.sim.nodes.project('User', node.user, ctx.sim.nodes.select('User', fieldsParam(ctx.params.fields)), ctx),
    },
    {
      kind: 'User',
      method: 'GET',
      edge: 'accounts',
      handle(ctx, node) {
        const p = ctx.principal;
        // Only the user themself lists their Pages (Graph: other users' accounts need their token).
        if (p.type !== 'USER' || p.user.id !== node.user.id) throw permissionsError();
        const pages = node.user.pageIds.map((id) => ctx.sim.seed.pages.get(id)).filter((x): x is SimPage => x !== undefined);
        return listEdge(ctx, {
          kind: 'Page',
          items: pages,
          keyOf: (pg) => pg.id,
          specs: fieldsParam(ctx.params.fields || 'access_token,category,category_list,name,id,tasks'),
          limit: parseLimit(ctx.params.limit),
          after: ctx.params.after,
          before: ctx.params.before,
          path: `${node.id}/accounts`,
          query: ctx.params,
        });
      },
    },
    {
      kind: 'Page',
      method: 'GET',
      edge: '',
      handle: (ctx, node) => ctx.sim.nodes.project('Page', node.page, ctx.sim.nodes.select('Page', fieldsParam(ctx.params.fields)), ctx),
    },
  ],

  roots: {
    debug_token: [{ method: 'GET', handle: debugToken }],
  },
};

/**
 * `GET /debug_token?input_token=`: describes `input_token`
 * (docs/requirements/platform-apis.md#facebook-login-and-tokens). Invalid tokens are not an error
 * of the call: they come back as `is_valid:false` with `error` in data. The caller's `access_token`
 * must be the app token or a user token of a developer of the app
 * (https://developers.facebook.com/docs/graph-api/reference/debug_token).
 * @throws GraphError 100 when `input_token` is missing or the caller may not debug tokens
 */
function debugToken(ctx: GraphContext): unknown {
  const caller = ctx.principal;
  if (caller.type !== 'APP' && !(caller.type === 'USER' && ctx.sim.app.developers.includes(caller.user.id))) throw debugTokenCallerRefused();
  const input = ctx.params.input_token;
  if (!input) throw invalidParameter('The parameter input_token is required');
  const { sim } = ctx;
  let p: Principal;
  try {
    p = sim.tokens.resolve(input);
  } catch (e) {
    if (!(e instanceof GraphError)) throw e;
    return {
      data: {
        error: { code: e.code, message: e.message, ...(e.subcode !== undefined ? { subcode: e.subcode } : {}) },
        is_valid: false,
        scopes: [],
      },
    };
  }
  const base = { app_id: sim.app.id, application: sim.app.name };
  if (p.type === 'APP') return { data: { ...base, type: 'APP', is_valid: true } };
  const targets = p.type === 'PAGE' ? [p.page.id] : p.user.pageIds;
  // Instagram scopes are granted on the linked Instagram accounts, not on the Pages.
  const igTargets = targets.flatMap((id) => {
    const page = sim.seed.pages.get(id);
    return page ? [page.instagramUserId] : [];
  });
  return {
    data: {
      ...base,
      type: p.type,
      data_access_expires_at: p.record.dataAccessExpiresAt,
      expires_at: p.record.expiresAt,
      is_valid: true,
      issued_at: p.record.issuedAt,
      ...(p.type === 'PAGE' ? { profile_id: p.page.id } : {}),
      scopes: [...p.record.scopes],
      granular_scopes: p.record.scopes.map((scope) =>
        scope.startsWith('pages_') ? { scope, target_ids: [...targets] } : scope.startsWith('instagram_') ? { scope, target_ids: [...igTargets] } : { scope },
      ),
      user_id: p.user.id,
    },
  };
}

