import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { LogStream } from './lib/log-redaction.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemo } from './db/seed.ts';
import { GraphClient } from './lib/graph-client.ts';
import { createRealtime } from './lib/realtime.ts';
import { resolveSecrets } from './lib/secrets.ts';
import { TokenCipher } from './lib/token-cipher.ts';
import { connectTestUsers } from './modules/meta/meta.service.ts';
import { syncAllPages } from './modules/reviews/review-sync.service.ts';
import { syncInboxAll } from './modules/inbox/inbox-sync.service.ts';

export interface StartedServer {
  app: FastifyInstance;
  ctx: AppContext;
  /** Connects test-user pages and syncs every page once (what start does in the background). */
  syncOnce(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens the database, applies migrations, seeds an empty database, and builds the app. Does not
 * listen: `main.ts` does, tests use `app.inject` or listen on port 0.
 */
export async function createServer(
  config: Config,
  opts: { database?: Database; logger?: boolean; logStream?: LogStream; now?: () => Date; fetch?: typeof fetch } = {},
): Promise<StartedServer> {
  const database = opts.database ?? (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  await database.migrate();
  if (config.seedDemo) await seedDemo(database.db, config.seedDir);
  const secrets = resolveSecrets({ dataDir: config.databaseUrl ? null : config.dataDir, jwtSecret: config.jwtSecret, tokenEncryptionKey: config.tokenEncryptionKey });
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    secrets,
    cipher: new TokenCipher(secrets.tokenEncryptionKey),
    graph: new GraphClient({ ...config.graph, fetch: opts.fetch }),
    realtime: createRealtime(),
    now: opts.now ?? (() => new Date()),
  };
  const app = await buildApp(ctx, { logger: opts.logger, logStream: opts.logStream });
  let timer: NodeJS.Timeout | null = null;
  const syncOnce = async () => {
    if (config.graph.connectTestUsers) {
      try {
        await connectTestUsers(ctx);
      } catch (e) {
        app.log.warn({ err: e }, 'could not connect test-user pages (is the Graph simulator running?)');
      }
    }
    await syncAllPages(ctx, app.log);
    await syncInboxAll(ctx, app.log);
  };
  app.addHook('onReady', async () => {
    if (config.reviewSyncIntervalSeconds > 0) {
      const periodic = async () => {
        await syncAllPages(ctx, app.log);
        // Reconciles conversations in case a webhook delivery was missed.
        await syncInboxAll(ctx, app.log);
      };
      timer = setInterval(() => void periodic().catch((e) => app.log.error({ err: e }, 'periodic sync failed')), config.reviewSyncIntervalSeconds * 1000);
      timer.unref();
    }
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
  endKeepAliveAfterInFlight(app);
  return {
    app,
    ctx,
    syncOnce,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/**
 * Makes the keep-alive connections of requests still in flight when shutdown begins end after
 * their answer (`Connection: close`), so `app.close()` resolves as soon as they are answered.
 * Why: Node's `server.close()` closes the connections that are idle at that moment only once;
 * a connection busy then turns idle afterwards and stayed open for the keep-alive timeout
 * (72 s), so SIGTERM under load ended through the forced exit with code 1 (issue #8). Fastify
 * itself adds `Connection: close` only to requests that arrive after closing began.
 */
function endKeepAliveAfterInFlight(app: FastifyInstance): void {
  const inFlight = new Set<ServerResponse>();
  app.server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => inFlight.delete(res));
  });
  app.addHook('preClose', async () => {
    for (const res of inFlight) {
      if (!res.headersSent) {
        res.setHeader('connection', 'close');
      } else {
        // Headers already went out with keep-alive (a streamed answer): end the connection
        // once the body is complete.
        const socket = res.socket;
        res.once('finish', () => socket?.end());
      }
    }
  });
}
