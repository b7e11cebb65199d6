/**
 * Path dispatch for Graph calls: `/{node-id}[/{edge}...]`, `/me[...]` and top-level paths
 * such as `/debug_token`. The version prefix is removed by the server before this runs.
 *
 * Error rules (Graph API behaviour, docs/requirements/platform-apis.md behaviour 7): an id nobody
 * owns, or a method the node/edge lacks, is 100/33 "Unsupported {method} request"; an edge the node
 * does not have is 2500 "Unknown path components"; `/me` with an app token is 2500.
 */
import { activeTokenRequired, unknownPath, unsupportedRequest } from '../errors.ts';
import type { AnyEdgeRoute, GraphContext, GraphModule, GraphNode, RootRoute } from './core.ts';

/** Routes Graph calls to the modules' handlers. */
export class GraphRouter {
  private readonly routes: AnyEdgeRoute[];
  private readonly roots = new Map<string, RootRoute[]>();

  constructor(private readonly modules: GraphModule[]) {
    this.routes = modules.flatMap((m) => m.routes ?? []);
    for (const m of modules) {
      for (const [name, list] of Object.entries(m.roots ?? {})) this.roots.set(name, [...(this.roots.get(name) ?? []), ...list]);
    }
  }

  /** The node `/me` stands for: the token's user, or the token's Page for page tokens. */
  private me(ctx: GraphContext): GraphNode {
    const p = ctx.principal;
    if (p.type === 'USER') return { kind: 'User', id: p.user.id, user: p.user };
    if (p.type === 'PAGE') return { kind: 'Page', id: p.page.id, page: p.page };
    throw activeTokenRequired();
  }

  /** Finds the node with `id` among the modules (first owner wins). */
  resolve(id: string, ctx: GraphContext): GraphNode | undefined {
    if (id === 'me') return this.me(ctx);
    for (const m of this.modules) {
      const node = m.resolve?.(id, ctx.sim);
      if (node) return node;
    }
    return undefined;
  }

  /**
   * Runs the handler for `segments` (path split on "/", version removed) and returns the JSON
   * body to send.
   * @throws GraphError as described in the file comment, or whatever the handler throws
   */
  dispatch(ctx: GraphContext, segments: string[]): unknown {
    const [first, ...rest] = segments;
    if (first === undefined || first === '') throw unknownPath('/');
    const roots = this.roots.get(first);
    if (roots) {
      if (rest.length) throw unknownPath(`/${rest.join('/')}`);
      const root = roots.find((r) => r.method === ctx.method);
      if (!root) throw unsupportedRequest(ctx.method, first);
      return root.handle(ctx);
    }
    const node = this.resolve(first, ctx);
    if (!node) throw unsupportedRequest(ctx.method, first);
    const edge = rest.join('/');
    const candidates = this.routes.filter((r) => r.kind === node.kind && r.edge === edge);
    const route = candidates.find((r) => r.method === ctx.method);
    if (!route) {
      if (edge === '' || candidates.length) throw unsupportedRequest(ctx.method, node.id);
      throw unknownPath(`/${edge}`);
    }
    // `route.kind === node.kind` was checked above; TypeScript cannot correlate the two unions.
    return (route.handle as (c: GraphContext, n: GraphNode) => unknown)(ctx, node);
  }
}
