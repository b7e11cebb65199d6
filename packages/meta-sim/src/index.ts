/**
 * @dinedesk/meta-sim: a local, stateful simulator of the Meta Graph API parts DineDesk uses
 * (Facebook Login tokens, Pages, Page ratings and their comments), per
 * /work/shared/spec/external-apis.md §1–§2 and its "10 behaviours". DineDesk's server
 * talks to it with the same client it uses for graph.facebook.com; only the base URL differs.
 */
import type { AddressInfo } from 'node:net';
import { DEFAULT_SEED_DIR } from '@dinedesk/demo-data';
import type { FastifyInstance } from 'fastify';
import { createControl } from './control.ts';
import { NodeRegistry } from './fields.ts';
import { accountsModule } from './graph/accounts.ts';
import { commentsModule } from './graph/comments.ts';
import type { GraphContext, GraphModule, SimCore } from './graph/core.ts';
import { ratingsModule } from './graph/ratings.ts';
import { GraphRouter } from './graph/router.ts';
import { buildSeed } from './seed.ts';
import { buildServer } from './server.ts';
import { StateStore } from './state.ts';
import { TokenRegistry } from './tokens.ts';
import { UsageMeter } from './usage.ts';

export { GraphError } from './errors.ts';
export { parseFields, type FieldSpec } from './fields.ts';

/** Options of `createMetaSim`; every one has a default, most read from the environment. */
export interface MetaSimOptions {
  /** Seed CSV directory. Default: `process.env.SEED_DIR ?? DEFAULT_SEED_DIR`. */
  seedDir?: string;
  /** JSON file persisting mutable state (tokens, comments). null/undefined: memory only. */
  stateFile?: string | null;
  /** Default: `process.env.META_APP_ID ?? '100000000000001'`. */
  appId?: string;
  /** Default: `process.env.META_APP_SECRET ?? 'meta-sim-app-secret'`. */
  appSecret?: string;
  /** Name reported as `application` by debug_token. Default 'DineDesk'. */
  appName?: string;
  /** Version used for unversioned paths. Default 'v21.0'. */
  defaultVersion?: string;
  /**
   * Ratings edge answers code 12 on this major version and later; null = off.
   * Default: `process.env.SIM_RATINGS_DEPRECATED === '1' ? 22 : null`.
   */
  ratingsDeprecatedFrom?: number | null;
  /** Call budget per token bucket and per Page, rolling hour. Default `SIM_CALLS_PER_HOUR` or 4800. */
  callsPerHour?: number;
  /** Injectable clock. Default: `() => new Date()`. */
  now?: () => Date;
  /** Fastify request logging. Default false. */
  logger?: boolean;
}

/** A running (or listenable) simulator. */
export interface MetaSim {
  /** Usable with `app.inject` in tests. */
  app: FastifyInstance;
  /**
   * Starts listening. Port 0 (the default) picks a free port.
   * @returns base URL, e.g. "http://127.0.0.1:4100" (wildcard hosts reported as 127.0.0.1)
   */
  listen(port?: number, host?: string): Promise<string>;
  /** Stops the server. State is already on disk: it is written after every mutation. */
  close(): Promise<void>;
  /** Test users (one per demo client) with their current long-lived user tokens. */
  testUsers(): { id: string; name: string; accessToken: string }[];
  /**
   * Adds a comment by a Facebook user `name` on a review story.
   * @throws Error for an unknown story id or an empty name/message
   */
  addGuestComment(storyId: string, name: string, message: string): { id: string };
  /** Turns the ratings code-12 gate on from `version` (e.g. 22), or off with null. */
  setRatingsDeprecatedFrom(version: number | null): void;
}

const DEFAULT_MODULES: GraphModule[] = [accountsModule, ratingsModule, commentsModule];

function envInt(name: string): number | undefined {
  const v = process.env[name];
  return v && /^\d+$/.test(v) ? Number(v) : undefined;
}

/**
 * Builds the simulator: loads the seed, opens the state file, issues missing tokens.
 * @throws Error when the seed directory cannot be read or the state file is corrupt
 */
export async function createMetaSim(options: MetaSimOptions = {}): Promise<MetaSim> {
  const now = options.now ?? (() => new Date());
  const seed = buildSeed(options.seedDir ?? process.env.SEED_DIR ?? DEFAULT_SEED_DIR);
  const store = StateStore.open(options.stateFile ?? null);
  const app = {
    id: options.appId ?? process.env.META_APP_ID ?? '100000000000001',
    secret: options.appSecret ?? process.env.META_APP_SECRET ?? 'meta-sim-app-secret',
    name: options.appName ?? 'DineDesk',
  };
  const tokens = new TokenRegistry(seed, store, app, now);
  tokens.ensureIssued();
  const callsPerHour = options.callsPerHour ?? envInt('SIM_CALLS_PER_HOUR') ?? 4800;
  const nodes = new NodeRegistry<GraphContext>();
  for (const m of DEFAULT_MODULES) m.registerNodes?.(nodes);
  const sim: SimCore = {
    seed,
    store,
    tokens,
    usage: new UsageMeter(callsPerHour, now),
    nodes,
    app,
    defaultVersion: options.defaultVersion ?? 'v21.0',
    switches: {
      ratingsDeprecatedFrom:
        options.ratingsDeprecatedFrom !== undefined ? options.ratingsDeprecatedFrom : process.env.SIM_RATINGS_DEPRECATED === '1' ? 22 : null,
    },
    now,
  };
  const control = createControl(sim, callsPerHour);
  const server = buildServer({ sim, router: new GraphRouter(DEFAULT_MODULES), control, logger: options.logger ?? false });

  return {
    app: server,
    async listen(port = 0, host = '127.0.0.1') {
      await server.listen({ port, host });
      const addr = server.server.address() as AddressInfo;
      const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
      return `http://${shown}:${addr.port}`;
    },
    close: () => server.close(),
    testUsers: () => control.testUsers(),
    addGuestComment: (storyId, name, message) => control.addGuestComment(storyId, name, message),
    setRatingsDeprecatedFrom: (version) => control.setRatingsDeprecatedFrom(version),
  };
}
