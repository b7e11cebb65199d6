import type { ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { LogStream } from './lib/log-redaction.ts';
import type { AppContext } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { seedDemo } from './db/seed.ts';
import { readDemoClock, tellSimulator } from './db/demo-clock.ts';
import { GraphClient } from './lib/graph-client.ts';
import { GoogleClient } from './lib/google-client.ts';
import { PlacesClient } from './lib/places-client.ts';
import { connectDemoGoogle } from './modules/google/index.ts';
import { createRealtime } from './lib/realtime.ts';
import { createMailer } from './lib/mailer.ts';
import { resolveSecrets } from './lib/secrets.ts';
import { TokenCipher } from './lib/token-cipher.ts';
import { connectDemoPages } from './modules/meta/index.ts';
import { createJobQueue, syncTickJob } from './jobs.ts';
import { DiskWatch } from './lib/disk-watch.ts';
import { demoTicketsJob } from './modules/tickets/index.ts';

export interface StartedServer {
  app: FastifyInstance;
  ctx: AppContext;
  /**
   * Connects the demo pages through Facebook Login (simulator) and queues a sync of every page (`sync.tick`).
   * @param opts.wait resolve only when the sync's jobs are done (tests); default true
   * @param opts.force queue every page and location, even those queued in the last minute
   *   (jobs.ts RESYNC_AFTER_SECONDS; by default the pages the connect just queued are left out)
   */
  syncOnce(opts?: { wait?: boolean; force?: boolean }): Promise<void>;
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
  const now = opts.now ?? (() => new Date());
  if (config.seedDemo) await seedDemo(database.db, config.seedDir, now);
  const secrets = resolveSecrets({ dataDir: config.databaseUrl ? null : config.dataDir, jwtSecret: config.jwtSecret, tokenEncryptionKey: config.tokenEncryptionKey });
  // The app's logger exists once the app is built; the queue reads it only after start.
  let app: FastifyInstance | null = null;
  const disk = new DiskWatch({
    paths: [config.dataDir, join(config.dataDir, 'uploads')],
    minFreeBytes: config.disk.minFreeBytes,
    intervalMs: config.disk.checkIntervalMs,
    onChange: (s) => (s.low ? app?.log.error({ freeBytes: s.freeBytes, minFreeBytes: s.minFreeBytes, path: s.path }, 'disk space low: refusing writes and imports, jobs paused') : app?.log.info({ freeBytes: s.freeBytes, path: s.path }, 'disk space back: writes and jobs resume')),
  });
  await disk.start();
  const servedVersionsLogged = new Set<string>();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    secrets,
    cipher: new TokenCipher(secrets.tokenEncryptionKey),
    graph: new GraphClient({
      ...config.graph,
      fetch: opts.fetch,
      // Meta ran a call on another version than META_GRAPH_VERSION (the configured one is retired): said once per version.
      onServedVersion: (served) => {
        if (servedVersionsLogged.has(served)) return;
        servedVersionsLogged.add(served);
        app?.log.warn({ configured: config.graph.version, served }, 'Facebook answers on another Graph API version than META_GRAPH_VERSION: the configured one is retired or unknown to Meta');
      },
    }),
    google: new GoogleClient({ ...config.google, fetch: opts.fetch }),
    places: new PlacesClient({ ...config.places, fetch: opts.fetch }),
    realtime: createRealtime(),
    mailer: createMailer(config.mail, () => app!.log),
    // While the disk is low no job starts (lib/disk-watch.ts).
    jobs: createJobQueue(database, () => ctx, () => app!.log, { ...config.jobs, beforeRun: () => disk.whenSpace() }),
    disk,
    now,
  };
  const built = await buildApp(ctx, { logger: opts.logger, logStream: opts.logStream });
  app = built;
  const syncOnce = async ({ wait = true, force = false }: { wait?: boolean; force?: boolean } = {}) => {
    // The queue starts with the app (onReady); a caller may sync before listening.
    await built.ready();
    // The simulator serves the seeded reviews moved as the demo seed moved the rest (db/demo-clock.ts).
    const clock = config.graph.isSimulator ? await readDemoClock(ctx.db) : null;
    if (clock) {
      try {
        await tellSimulator(config.graph.baseUrl, clock, opts.fetch);
      } catch (e) {
        built.log.warn({ err: e }, 'could not tell the Graph simulator the demo clock: its reviews keep their real dates');
      }
    }
    if (config.graph.connectTestUsers) {
      try {
        await connectDemoPages(ctx, built.log);
      } catch (e) {
        built.log.warn({ err: e }, 'could not connect the demo pages through Facebook Login (is the Graph simulator running?)');
      }
    }
    if (config.google.connectDemo) {
      try {
        await connectDemoGoogle(ctx, built.log);
      } catch (e) {
        built.log.warn({ err: e }, 'could not connect the demo Google locations through Google’s consent page (is the simulator running?)');
      }
    }
    // Pages the connect above just queued are not queued again (RESYNC_AFTER_SECONDS) unless `force`.
    await ctx.jobs.send(syncTickJob, { clientId: null, reschedule: false, force }, { singletonKey: 'now' });
    ctx.jobs.wake(syncTickJob);
    // A moved demo opens its tickets once this first sync has opened its complaints (tickets.demo.ts).
    if (clock && !clock.ticketsOpenedAt) await ctx.jobs.send(demoTicketsJob, { clientId: null }, { singletonKey: 'demo', startAfterSeconds: 5 });
    if (wait) await ctx.jobs.whenIdle(undefined, 120_000);
  };
  built.addHook('onReady', async () => {
    await ctx.jobs.start();
    // The periodic chain (sync.tick reschedules itself); one per database however many processes start.
    if (config.reviewSyncIntervalSeconds > 0) await ctx.jobs.send(syncTickJob, { clientId: null, reschedule: true }, { singletonKey: 'periodic', startAfterSeconds: config.reviewSyncIntervalSeconds });
  });
  // Registered after the socket plugin's and the routes' hooks: workers stop before the
  // database closes (server.close), letting active jobs finish.
  built.addHook('onClose', async () => {
    disk.stop();
    await ctx.jobs.stop();
    ctx.mailer.close();
  });
  endKeepAliveAfterInFlight(built);
  return {
    app: built,
    ctx,
    syncOnce,
    async close() {
      await built.close();
      await database.close();
    },
  };
}

/**
 * Makes the keep-alive connections of requests still in flight when shutdown begins end after
 * their answer (`Connection: close`), so `app.close()` resolves as soon as they are answered.
 * Why: Node's `server.close()` closes the connections that are idle at that moment only once;
 * a connection busy then turns idle afterwards and stayed open for the keep-alive timeout
 * (72 s), so SIGTERM under load ended through the forced exit with code 1. Fastify
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
