import type { FastifyBaseLogger } from 'fastify';
import { createClient } from 'redis';

/** A node-redis v5 client as `createClient` makes it. */
export type RedisClient = ReturnType<typeof createClient>;

/**
 * The two Redis connections of the socket.io adapter (publisher, subscriber) and what this
 * process knows of them ("Redis stops for 30 s", docs/decisions/0021-redis-outage.md).
 */
export interface RedisLink {
  pub: RedisClient;
  sub: RedisClient;
  /** Both connections are ready: a publication reaches the other processes. */
  up(): boolean;
  /** Publications the adapter made while the link was down, dropped since the process started. */
  dropped(): number;
  /** Ends both connections: gracefully while up, at once while down (nothing to flush then). */
  close(): Promise<void>;
}

/**
 * Connects the adapter's publisher and subscriber to `url` and watches them.
 *
 * - **No offline queue** on either: while Redis is unreachable a command fails at once
 *   (`ClientOfflineError`) instead of waiting, without bound, in memory, and landing stale after
 *   the outage, possibly before the other processes have subscribed again (node-redis queues by
 *   default). Nothing waits on Redis: `fetchSockets` fails fast rather than hanging a request.
 * - **Publications never crash the process**: the adapter fires `publish` without awaiting or
 *   catching it (@socket.io/redis-adapter 8.3: `broadcast`, `disconnectSockets`,
 *   `serverSideEmit`, responses to requests), and an unhandled rejection ends a Node process.
 *   Each rejection is counted and dropped; the resync after the outage covers what it carried.
 * - **Lost and restored**: the link is down from the first connection error that leaves a client
 *   not ready, and back when both are ready again (the subscriber is ready only once its
 *   channels are subscribed again). `onRestored(downSince)` is called then, once per outage.
 *   node-redis reconnects by itself (backoff 50 ms doubling to 2 s, plus up to 200 ms jitter).
 *
 * @param log the first error of an outage is logged at `warn`, the retries at `debug`
 * @param now the clock of `downSince` (the app context's)
 * @throws what `connect()` throws: Redis must answer when the process starts
 */
export async function openRedisLink(url: string, opts: { log: FastifyBaseLogger; onRestored: (downSince: Date) => void; now?: () => Date }): Promise<RedisLink> {
  const now = opts.now ?? (() => new Date());
  const pub = createClient({ url, disableOfflineQueue: true });
  const sub = pub.duplicate();
  let downSince: Date | null = null;
  let dropped = 0;
  let closing = false;
  const up = () => pub.isReady && sub.isReady;

  // An own property in front of the prototype's command (typed read-only, hence defineProperty).
  const publish = pub.publish.bind(pub);
  Object.defineProperty(pub, 'publish', {
    configurable: true,
    value: (...args: Parameters<typeof publish>) => {
      const sent = publish(...args);
      sent.catch(() => {
        dropped++;
      });
      return sent;
    },
  });

  for (const [name, client] of [['publisher', pub], ['subscriber', sub]] as const) {
    client.on('error', (err: Error) => {
      if (client.isReady || closing) return opts.log.error({ err }, `redis ${name} error`);
      if (downSince) return opts.log.debug({ err }, `redis ${name} still unreachable`);
      downSince = now();
      opts.log.warn({ err }, `Redis unreachable (${name}): live events reach this process's sockets only until it is back`);
    });
    client.on('ready', () => {
      if (!downSince || !up() || closing) return;
      const since = downSince;
      downSince = null;
      opts.log.info({ downForMs: now().getTime() - since.getTime(), droppedPublications: dropped }, 'Redis reachable again: live events cross processes; sockets resync');
      opts.onRestored(since);
    });
  }
  await Promise.all([pub.connect(), sub.connect()]);

  return {
    pub,
    sub,
    up,
    dropped: () => dropped,
    async close() {
      closing = true;
      await Promise.allSettled(
        [pub, sub].map(async (client) => {
          if (!client.isOpen) return;
          if (client.isReady) await client.close();
          else client.destroy();
        }),
      );
    },
  };
}
