/**
 * Request rate limits of the product API (docs/decisions/0048-api-rate-limits.md), by
 * `@fastify/rate-limit`: a fixed window of `windowSeconds` per key, counted before the route's
 * body is read.
 *
 * - **Signed in**: `userMax` requests per window per user (`user:<id>`), whatever their
 *   address, over all their tabs and devices.
 * - **Anonymous** (sign-in, set-password, the OAuth callbacks, ReservGo sign-on):
 *   `anonymousMax` per client address (`ip:<address>`, an IPv6 address by its /64; behind a
 *   proxy the address TRUST_PROXY makes of `X-Forwarded-For`).
 * - Not counted: Meta's signed webhook deliveries and the liveness probe (`config.rateLimit:
 *   false` on their routes), the API docs, the web files and sockets (their own limits,
 *   lib/socket-limits.ts). A request whose token is refused is answered 401 by the auth hook
 *   before it is counted; failed sign-ins have their own throttle (docs/decisions/0012).
 *
 * Counters live in Redis when `redisUrl` is set (rate-limiter-flexible `RateLimiterRedis` on
 * node-redis, keys `${keyPrefix}api:<key>`), so every server process counts together; while
 * Redis is down each process counts in its own memory (the insurance limiter), never refusing
 * for Redis's sake (docs/decisions/0021). Without Redis they live in process memory.
 *
 * Over the limit: 429 with `Retry-After` (seconds until the window ends), `code: rate_limited`
 * and a `message` in the language of `Accept-Language`. Every counted answer carries
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` (seconds).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { createClient } from 'redis';
import { HttpError } from '../lib/errors.ts';
import { requestLanguage, type MessageLanguage } from '../lib/request-language.ts';

/** Requests per window (`RATE_LIMIT_*`, config.ts). `userMax` 0 turns the limits off. */
export interface ApiRateLimits {
  userMax: number;
  anonymousMax: number;
  windowSeconds: number;
}

/** The 429 answer's message, in the caller's language. */
const LIMITED_MESSAGES: Record<MessageLanguage, (seconds: number) => string> = {
  en: (s) => `Too many requests. Try again in ${s} ${s === 1 ? 'second' : 'seconds'}.`,
  de: (s) => `Zu viele Anfragen. Versuchen Sie es in ${s} ${s === 1 ? 'Sekunde' : 'Sekunden'} erneut.`,
  fr: (s) => `Trop de requêtes. Réessayez dans ${s} seconde${s === 1 ? '' : 's'}.`,
  pt: (s) => `Pedidos a mais. Tente novamente em ${s} segundo${s === 1 ? '' : 's'}.`,
};

/** The key a request is counted under: its user when the auth hook signed it in, else its address. */
export function rateLimitKey(req: FastifyRequest): string {
  // `auth` is null on public routes (the auth hook resolves no token there).
  const auth = req.auth as FastifyRequest['auth'] | null;
  return auth ? `user:${auth.userId}` : `ip:${normalizeIP(req.ip)}`;
}

/**
 * A store for @fastify/rate-limit over a rate-limiter-flexible limiter: `penalty` adds one
 * request and answers the window's count and the ms left, with the limiter's Redis insurance.
 */
function storeOver(limiter: RateLimiterAbstract): FastifyRateLimitStoreCtor {
  return class FlexibleStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void): void {
      limiter.penalty(key, 1).then(
        (res) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * Registers the limits on `api` (the product API's scope), before its routes: @fastify/rate-limit
 * adds its hook to each route registered after it. Its route-level `onRequest` hook runs after
 * the scope's auth hook, so `request.auth` names the user.
 * @param opts.redisUrl Redis to count in (REDIS_URL), or null for process memory
 * @param opts.keyPrefix prefix of the Redis keys (REDIS_KEY_PREFIX)
 * @throws what node-redis's `connect()` throws: Redis must answer when the process starts
 */
export async function registerRateLimit(api: FastifyInstance, limits: ApiRateLimits, opts: { redisUrl: string | null; keyPrefix: string }): Promise<void> {
  if (limits.userMax === 0) return;
  // The window is the limiter's; `points` is unused (penalty never refuses, @fastify/rate-limit compares with `max`).
  const base = { keyPrefix: `${opts.keyPrefix}api`, points: 1, duration: limits.windowSeconds };
  let limiter: RateLimiterAbstract = new RateLimiterMemory(base);
  if (opts.redisUrl) {
    // No offline queue: while Redis is down a command fails at once and the memory insurance
    // answers, as for sign-in throttling (lib/login-throttle.ts).
    const client = createClient({ url: opts.redisUrl, disableOfflineQueue: true });
    let toldOutage = false;
    client.on('error', (err: Error) => {
      if (!client.isReady) {
        if (toldOutage) return;
        toldOutage = true;
      }
      api.log.error({ err }, 'API rate limit: Redis error (counting in memory meanwhile)');
    });
    client.on('ready', () => {
      toldOutage = false;
    });
    await client.connect();
    api.addHook('onClose', async () => {
      // QUIT would wait for a Redis that is down: destroy then.
      if (client.isReady) await client.close().catch(() => undefined);
      else if (client.isOpen) client.destroy();
    });
    limiter = new RateLimiterRedis({ ...base, storeClient: client, useRedisPackage: true, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(base) });
  }
  await api.register(rateLimit, {
    store: storeOver(limiter),
    timeWindow: limits.windowSeconds * 1000,
    keyGenerator: rateLimitKey,
    max: (_req, key) => (key.startsWith('user:') ? limits.userMax : limits.anonymousMax),
    onExceeded: (req, key) => req.log.warn({ key }, 'API rate limit reached'),
    errorResponseBuilder: (req, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(429, LIMITED_MESSAGES[requestLanguage(req.headers['accept-language'])](seconds), { code: 'rate_limited', retryAfterSeconds: seconds });
    },
  });
}
