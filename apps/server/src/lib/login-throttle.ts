/**
 * Sign-in throttling (policy: docs/decisions/0012-sign-in-throttling.md).
 *
 * Two buckets of failed attempts, never one per account alone (that let anyone lock anyone out,
 * the super admin included):
 * - per (address, account): {@link PAIR_LIMIT} — one address guessing one account;
 * - per address: {@link ADDRESS_LIMIT} — one address trying a password on many accounts.
 * A correct password from an address that has not failed therefore always signs in.
 *
 * Every attempt takes a point before the password is verified, so parallel guesses cannot slip
 * past the limit; a successful sign-in gives its address point back and clears its pair bucket.
 * Counters live in Redis when `REDIS_URL` is set (rate-limiter-flexible `RateLimiterRedis` on the
 * node-redis v5 client, `useRedisPackage: true`), so every server process shares them; else in
 * process memory. A Redis outage falls back to per-process memory rather than refusing sign-in,
 * at once and without waiting for Redis (the Redis outage drill, docs/decisions/0021-redis-outage.md).
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createClient } from 'redis';

/** 5 failures per 15 minutes for one account from one address. */
export const PAIR_LIMIT = { points: 5, durationSeconds: 15 * 60 } as const;
/** 20 failures per 15 minutes from one address, over all accounts. */
export const ADDRESS_LIMIT = { points: 20, durationSeconds: 15 * 60 } as const;

/** An attempt refused by a bucket; `retryAfterSeconds` goes into the `Retry-After` header. */
export class ThrottledError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Too many failed sign-in attempts');
    this.name = 'ThrottledError';
  }
}

export interface LoginThrottle {
  /**
   * Takes one point from both buckets of this attempt.
   * @param address the client's IP address (`request.ip`)
   * @param account the normalized (trimmed, lower-case) email
   * @throws ThrottledError when either bucket is empty (nothing else is checked then)
   */
  attempt(address: string, account: string): Promise<void>;
  /** The password was right: the address gets its point back, the pair starts over. */
  succeeded(address: string, account: string): Promise<void>;
  close(): Promise<void>;
}

const pairKey = (address: string, account: string) => `${address} ${account}`;

/**
 * @param opts.redisUrl Redis to share counters through, or null for process memory
 * @param opts.keyPrefix prefix of every Redis key (`REDIS_KEY_PREFIX`)
 * @param opts.onError told about Redis errors, once per outage (logged; sign-in goes on in memory)
 */
export async function createLoginThrottle(opts: { redisUrl: string | null; keyPrefix: string; onError?: (err: Error) => void }): Promise<LoginThrottle> {
  let client: ReturnType<typeof createClient> | null = null;
  const limiter = (name: string, limit: { points: number; durationSeconds: number }): RateLimiterAbstract => {
    const base = { keyPrefix: `${opts.keyPrefix}login:${name}`, points: limit.points, duration: limit.durationSeconds };
    if (!client) return new RateLimiterMemory(base);
    return new RateLimiterRedis({
      ...base,
      storeClient: client,
      useRedisPackage: true,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory(base),
    });
  };
  if (opts.redisUrl) {
    // No offline queue: while Redis is down a command fails at once and the memory insurance
    // answers. With the queue, `delete` (which rate-limiter-flexible sends without checking
    // readiness) waited for Redis to come back, and a correct sign-in hung with it.
    client = createClient({ url: opts.redisUrl, disableOfflineQueue: true });
    // A reconnect attempt fails every ~2 s while Redis is down: told once per outage.
    let toldOutage = false;
    const c = client;
    c.on('error', (err: Error) => {
      if (!c.isReady) {
        if (toldOutage) return;
        toldOutage = true;
      }
      opts.onError?.(err);
    });
    c.on('ready', () => {
      toldOutage = false;
    });
    await client.connect();
  }
  const pair = limiter('pair', PAIR_LIMIT);
  const address = limiter('addr', ADDRESS_LIMIT);

  const take = async (l: RateLimiterAbstract, key: string): Promise<number> => {
    try {
      await l.consume(key);
      return 0;
    } catch (e) {
      if (e instanceof RateLimiterRes) return Math.max(1, Math.ceil(e.msBeforeNext / 1000));
      throw e;
    }
  };

  return {
    async attempt(ip, account) {
      const waits = await Promise.all([take(pair, pairKey(ip, account)), take(address, ip)]);
      const wait = Math.max(...waits);
      if (wait > 0) throw new ThrottledError(wait);
    },
    async succeeded(ip, account) {
      await Promise.all([pair.delete(pairKey(ip, account)), address.reward(ip)]);
    },
    async close() {
      // QUIT would wait for a Redis that is down (it bypasses the offline check): destroy then.
      if (client?.isReady) await client.close().catch(() => undefined);
      else if (client?.isOpen) client.destroy();
    },
  };
}
