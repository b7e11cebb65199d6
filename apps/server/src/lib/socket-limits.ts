/**
 * Limits on what clients ask over their sockets (docs/decisions/0045): one viewer's socket sent
 * 8,512 `inbox:replay` calls in 20 s, none refused, and every other user's requests slowed from
 * p99 11 ms to 735 ms. Each call is checked here before any database work:
 *
 * - **in flight per connection**: at most `maxInFlight` calls of one socket are being answered at
 *   a time; more are refused at once (`busy`) rather than queued;
 * - **per connection**: `perConnection.points` calls per `durationSeconds` (process memory: a
 *   socket lives in one process);
 * - **per user**: `perUser.points` calls per `durationSeconds` over all the user's sockets, in
 *   Redis when REDIS_URL is set, so the limit holds across server processes; in memory otherwise.
 *   While Redis is down the count goes on in this process's memory (rate-limiter-flexible's
 *   insurance limiter), never refusing for Redis's sake (as sign-in throttling, decision 0021).
 *
 * A refused call gets an error ack `{error, code: 'rate_limited' | 'busy', retryAfterMs}`; the
 * socket stays connected. Counting is rate-limiter-flexible's (fixed windows per key).
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { createClient } from 'redis';

/** Calls per window. */
export interface CallRate {
  points: number;
  durationSeconds: number;
}

export interface SocketLimits {
  perConnection: CallRate;
  perUser: CallRate;
  /** Calls of one socket answered at the same time. */
  maxInFlight: number;
}

/** Why a call was refused, as the error ack carries it. */
export interface SocketCallRefusal {
  error: string;
  code: 'rate_limited' | 'busy';
  /** When the caller may try again, ms. */
  retryAfterMs: number;
}

export interface SocketCallLimiter {
  /**
   * Counts one call of `event` on socket `socketId` of user `userId`.
   * @returns a lease when the call may go on (call its `done()` once answered), else the
   *   refusal to send as the ack
   * @throws what the per-user store throws beyond Redis being down (its insurance answers then)
   */
  take(socketId: string, userId: string, event: string): Promise<{ refused: SocketCallRefusal } | { done(): void }>;
  /** Forgets a socket (its disconnect). */
  forget(socketId: string): void;
}

/**
 * @param opts.redis the client to count per-user calls in (the socket.io adapter's publisher), or
 *   null for process memory
 * @param opts.keyPrefix prefix of the Redis keys (`REDIS_KEY_PREFIX`)
 */
export function createSocketCallLimiter(limits: SocketLimits, opts: { redis: ReturnType<typeof createClient> | null; keyPrefix: string }): SocketCallLimiter {
  const perConnection = new RateLimiterMemory({ keyPrefix: 'socket:conn', points: limits.perConnection.points, duration: limits.perConnection.durationSeconds });
  const userBase = { keyPrefix: `${opts.keyPrefix}socket:user`, points: limits.perUser.points, duration: limits.perUser.durationSeconds };
  const perUser: RateLimiterAbstract = opts.redis
    ? new RateLimiterRedis({ ...userBase, storeClient: opts.redis, useRedisPackage: true, rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(userBase) })
    : new RateLimiterMemory(userBase);
  const inFlight = new Map<string, number>();

  const refusedBy = async (l: RateLimiterAbstract, key: string): Promise<number> => {
    try {
      await l.consume(key);
      return 0;
    } catch (e) {
      if (e instanceof RateLimiterRes) return Math.max(1, e.msBeforeNext);
      throw e;
    }
  };
  const rateLimited = (event: string, scope: string, ms: number): { refused: SocketCallRefusal } => ({
    refused: { error: `Too many ${event} calls ${scope}: try again in ${Math.ceil(ms / 1000)} s`, code: 'rate_limited', retryAfterMs: ms },
  });

  return {
    async take(socketId, userId, event) {
      const running = inFlight.get(socketId) ?? 0;
      if (running >= limits.maxInFlight) {
        return { refused: { error: `${limits.maxInFlight} ${event} calls of this connection are still being answered: wait for their answers`, code: 'busy', retryAfterMs: 1000 } };
      }
      // Reserved before the counters are asked (they may wait on Redis), so parallel calls
      // cannot all pass the in-flight check.
      inFlight.set(socketId, running + 1);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const left = (inFlight.get(socketId) ?? 1) - 1;
        if (left > 0) inFlight.set(socketId, left);
        else inFlight.delete(socketId);
      };
      try {
        const connWait = await refusedBy(perConnection, socketId);
        if (connWait) {
          release();
          return rateLimited(event, 'on this connection', connWait);
        }
        const userWait = await refusedBy(perUser, userId);
        if (userWait) {
          release();
          return rateLimited(event, 'by this user', userWait);
        }
      } catch (e) {
        release();
        throw e;
      }
      return { done: release };
    },
    forget(socketId) {
      inFlight.delete(socketId);
      void perConnection.delete(socketId).catch(() => undefined);
    },
  };
}
