import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server, type RemoteSocket, type Socket } from 'socket.io';
import {
  ACCOUNT_ROOM_PREFIX,
  INBOX,
  SOCKET_EVENTS,
  ZReplayRequest,
  accountRoom,
  sessionRoom,
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@dinedesk/contracts';
import type { AppContext } from '../context.ts';
import { openRedisLink, type RedisLink } from './redis-link.ts';
import type { RealtimeTransport } from '../lib/realtime.ts';
import { createSocketCallLimiter } from '../lib/socket-limits.ts';
import { HttpError } from '../lib/errors.ts';
import { realtimeAccounts, replayEvents, resyncWatermark } from '../modules/inbox/index.ts';
import { realtimeLocations } from '../modules/google/index.ts';
import { forgetCachedAccess, resolveAuth, type AuthContext } from '../modules/access/index.ts';

/** Most events one replay answers; the client asks again while `complete` is false. */
const REPLAY_BATCH = 500;
/** Local sockets re-checked at a time after a Redis outage (each: a session lookup and a rooms query). */
const RECHECK_CONCURRENCY = 8;
/** Wait before trying a failed post-outage resync again (the database may be down as well). */
const RESYNC_RETRY_MS = 5_000;

/** What the plugin keeps on each socket (`socket.data`). */
interface SocketData {
  auth: AuthContext;
  /** Inbox accounts computed at the handshake, joined on connection. */
  accounts: string[];
}
/**
 * Between server processes (Redis adapter `serverSideEmit`): an access change or logout in one
 * process drops the cached access of those users or sessions in the others (session.service.ts).
 */
interface InterServerEvents {
  'access:forget': (what: { userIds?: string[]; sessionIds?: string[] }) => void;
}
type AppServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type AppRemoteSocket = RemoteSocket<ServerToClientEvents, SocketData>;

/** Longest delay `setTimeout` honours (2^31 − 1 ms, about 24.8 days); longer ones fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Runs `fn` after `ms` (at once when not positive), in steps for delays beyond {@link MAX_TIMER_MS}. */
function scheduleAt(ms: number, fn: () => void): { cancel(): void } {
  let timer: NodeJS.Timeout | null = null;
  const arm = (left: number) => {
    if (left <= 0) return fn();
    const step = Math.min(left, MAX_TIMER_MS);
    timer = setTimeout(() => arm(left - step), step);
    timer.unref();
  };
  arm(ms);
  return { cancel: () => timer && clearTimeout(timer) };
}

/**
 * The accounts whose rooms a user joins: pages and Instagram accounts (inbox events and Facebook
 * review changes) and Google locations (review changes), each only if the user may
 * see its outlet.
 */
async function roomAccounts(ctx: AppContext, auth: AuthContext): Promise<string[]> {
  const [inbox, google] = await Promise.all([realtimeAccounts(ctx, auth), realtimeLocations(ctx, auth)]);
  return [...inbox, ...google];
}

/**
 * Joins exactly the rooms the user may see now, leaving any others (ability re-checked on join).
 * Works on a local socket and on a socket of another process (`fetchSockets()` with Redis).
 */
async function syncRooms(ctx: AppContext, socket: AppSocket | AppRemoteSocket, auth: AuthContext): Promise<string[]> {
  const accounts = await roomAccounts(ctx, auth);
  const wanted = new Set(accounts.map(accountRoom));
  for (const room of socket.rooms) if (room.startsWith(ACCOUNT_ROOM_PREFIX) && !wanted.has(room)) socket.leave(room);
  socket.join([...wanted]);
  return accounts;
}

/**
 * socket.io at `/api/socket.io` (docs/requirements/calls.md): the handshake checks the Origin and
 * the access token, a socket joins only the rooms of accounts its user may see (asked of the inbox
 * module), and what services publish on `ctx.realtime` after commit reaches those rooms: the plugin
 * attaches itself to that hub as a transport (lib/realtime.ts) and detaches on close. With
 * REDIS_URL the Redis adapter shares events between processes. After a reconnect the client asks
 * `inbox:replay {afterEventId}` and the inbox module answers what it missed. A socket ends with
 * its session: at the token's expiry, on logout (`sessionsEnded`), and when its user
 * loses access (`accessChanged`). Event names, payloads and rooms: `@dinedesk/contracts`.
 *
 * While Redis is down (docs/decisions/0021-redis-outage.md) publications reach this
 * process's sockets only (`io.local`) and nothing waits on Redis; once it is back, the local
 * sockets are re-checked against their sessions and every socket is told `realtime:resync`, so
 * each replays what it missed without a page reload. `/api/health` reports the link `degraded`.
 */
export async function registerSocket(app: FastifyInstance, ctx: AppContext): Promise<AppServer> {
  const allowed = new Set(ctx.config.corsOrigins);
  const io: AppServer = new Server(app.server, {
    path: INBOX.socketPath,
    serveClient: false,
    cors: { origin: [...allowed], credentials: true },
    allowRequest: (req, cb) => {
      const origin = req.headers.origin;
      // Non-browser clients send no Origin; browsers must come from this host or an allowed origin.
      if (!origin) return cb(null, true);
      let sameHost: boolean;
      try {
        sameHost = new URL(origin).host === req.headers.host;
      } catch {
        sameHost = false;
      }
      cb(sameHost || allowed.has(origin) ? null : 'origin not allowed', sameHost || allowed.has(origin));
    },
  });
  let redis: RedisLink | null = null;
  let closed = false;
  if (ctx.config.redisUrl) {
    redis = await openRedisLink(ctx.config.redisUrl, { log: app.log, now: ctx.now, onRestored: (downSince) => resyncAfter(downSince) });
    io.adapter(createAdapter(redis.pub, redis.sub));
    io.on('access:forget', (what) => {
      const ids = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
      forgetCachedAccess(ctx, { userIds: ids(what?.userIds), sessionIds: ids(what?.sessionIds) });
    });
  }
  /**
   * Where a publication goes: through the adapter to every process, or only to this process's
   * sockets while the Redis link is down. Not the adapter then: it would only try to publish, and
   * its requests (`disconnectSockets`) reach even this process through Redis alone.
   */
  const reach = () => (!redis || redis.up() ? io : io.local);
  /** Tells the other processes (none without Redis) to drop cached access; best effort, the cache's TTL bounds a lost message. */
  const forgetElsewhere = (what: { userIds?: string[]; sessionIds?: string[] }) => {
    if (!redis) return;
    try {
      io.serverSideEmit('access:forget', what);
    } catch (err) {
      app.log.warn({ err }, 'could not announce an access change to the other processes');
    }
  };

  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const auth = await resolveAuth(ctx, typeof token === 'string' ? token : undefined);
      if (!auth.ability.can('read', 'Conversation')) return next(new Error('Your role may not read conversations'));
      socket.data.auth = auth;
      // Computed before the handshake completes, so the rooms are joined by the time the
      // client sees "connect" and no event emitted right after can miss it.
      socket.data.accounts = await roomAccounts(ctx, auth);
      next();
    } catch (e) {
      next(new Error((e as Error).message));
    }
  });

  // Every call a client makes is counted before any work (lib/socket-limits.ts, docs/decisions/0045).
  const limiter = createSocketCallLimiter(ctx.config.socketLimits, { redis: redis?.pub ?? null, keyPrefix: ctx.config.redisKeyPrefix });

  io.on('connection', (socket) => {
    const token = (socket.handshake.auth as { token: string }).token;
    const handshakeAuth = socket.data.auth;
    socket.once('disconnect', () => limiter.forget(socket.id));
    socket.join([userRoom(handshakeAuth.userId), sessionRoom(handshakeAuth.sessionId), ...socket.data.accounts.map(accountRoom)]);
    // A socket lives no longer than its token: disconnected at the token's expiry.
    const expiry = scheduleAt(handshakeAuth.expiresAt.getTime() - ctx.now().getTime(), () => socket.disconnect(true));
    socket.once('disconnect', () => expiry.cancel());
    // Typed by the contract, but sent by a client: the request is parsed, the ack may be missing.
    socket.on(SOCKET_EVENTS.inboxReplay, async (raw, answer) => {
      if (typeof answer !== 'function') return;
      const lease = await limiter.take(socket.id, handshakeAuth.userId, SOCKET_EVENTS.inboxReplay);
      if ('refused' in lease) return answer(lease.refused);
      const req = ZReplayRequest.safeParse(raw);
      if (!req.success) {
        lease.done();
        return answer({ error: 'afterEventId must be a non-negative integer' });
      }
      try {
        // The token may have expired or access changed since the handshake: check again, and
        // join the rooms before reading, so an event committed meanwhile is replayed or received.
        const auth = await resolveAuth(ctx, token);
        socket.data.auth = auth;
        await syncRooms(ctx, socket, auth);
        answer(await replayEvents(ctx, auth, req.data.afterEventId, REPLAY_BATCH));
      } catch (e) {
        answer({ error: (e as Error).message });
        socket.disconnect(true);
      } finally {
        lease.done();
      }
    });
  });

  /**
   * After a Redis outage: sessions may have ended and access changed in another process without
   * this one hearing of it. Each local socket's token is resolved again (its cached access
   * dropped first): a socket whose session ended is disconnected, one without inbox access any
   * more is told `removed` and disconnected, the others hold exactly their rooms again (told
   * `access` when those changed). @throws what the database throws
   */
  const recheck = async (socket: AppSocket): Promise<void> => {
    if (socket.disconnected) return;
    const token = (socket.handshake.auth as { token?: unknown }).token;
    let auth: AuthContext;
    try {
      auth = await resolveAuth(ctx, typeof token === 'string' ? token : undefined);
    } catch (e) {
      if (!(e instanceof HttpError && e.statusCode === 401)) throw e;
      socket.disconnect(true);
      return;
    }
    if (!auth.ability.can('read', 'Conversation')) {
      socket.emit(SOCKET_EVENTS.accessChanged, { reason: 'removed' });
      socket.disconnect(true);
      return;
    }
    socket.data.auth = auth;
    const accountRooms = () => [...socket.rooms].filter((r) => r.startsWith(ACCOUNT_ROOM_PREFIX)).sort().join(' ');
    const before = accountRooms();
    await syncRooms(ctx, socket, auth);
    if (accountRooms() !== before) socket.emit(SOCKET_EVENTS.accessChanged, { reason: 'access' });
  };
  /** Start of an outage whose resync failed, carried into the next attempt. */
  let carried: Date | null = null;
  let resyncing = Promise.resolve();
  /**
   * The Redis link is back after being down since `downSince` (redis-link.ts): re-checks the
   * local sockets, then tells every socket of every process `realtime:resync {afterEventId}`
   * (inbox.service `resyncWatermark`). Runs one at a time. A failure (the database down too) is
   * logged and tried again after {@link RESYNC_RETRY_MS} while the link is up, else at the next
   * recovery, from the earlier outage's start.
   */
  function resyncAfter(downSince: Date): void {
    const since = carried && carried < downSince ? carried : downSince;
    carried = null;
    resyncing = resyncing.then(async () => {
      if (closed) return;
      try {
        const local = [...io.of('/').sockets.values()];
        // `access:forget` messages of other processes were lost while Redis was down: every
        // cached access of this process may be stale, not only that of its sockets' sessions.
        forgetCachedAccess(ctx, { all: true });
        const queue = [...local];
        const workers = Array.from({ length: RECHECK_CONCURRENCY }, async () => {
          for (let s = queue.pop(); s; s = queue.pop()) await recheck(s);
        });
        await Promise.all(workers);
        io.emit(SOCKET_EVENTS.resync, { afterEventId: await resyncWatermark(ctx, since) });
      } catch (err) {
        app.log.error({ err }, 'resync after the Redis outage failed; trying again');
        carried = carried && carried < since ? carried : since;
        setTimeout(() => {
          if (!closed && carried && redis?.up()) resyncAfter(carried);
        }, RESYNC_RETRY_MS).unref();
      }
    });
  }

  const transport: RealtimeTransport = {
    link: () => (!redis ? 'off' : redis.up() ? 'ok' : 'degraded'),
    async sessionsEnded(sessionIds) {
      forgetElsewhere({ sessionIds });
      // Through the adapter, so sockets of these sessions in other processes go too; while
      // Redis is down, this process's now and the others' at the re-check after the outage.
      if (sessionIds.length) reach().in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    emit(events) {
      for (const e of events) reach().to(accountRoom(e.accountId)).emit(SOCKET_EVENTS.inboxEvent, e.event);
    },
    reviewsChanged(event) {
      reach().to(accountRoom(event.pageId)).emit(SOCKET_EVENTS.reviewsChanged, event);
    },
    mentionCreated(userId, event) {
      reach().to(userRoom(userId)).emit(SOCKET_EVENTS.mentionCreated, event);
    },
    complaintChanged(accountIds, event) {
      // One emit to the union of rooms: a socket in several of them gets it once.
      reach().to(accountIds.map(accountRoom)).emit(SOCKET_EVENTS.complaintChanged, event);
    },
    ticketChanged(accountIds, event) {
      reach().to(accountIds.map(accountRoom)).emit(SOCKET_EVENTS.ticketChanged, event);
    },
    async accessChanged(userIds) {
      forgetElsewhere({ userIds });
      for (const userId of userIds) {
        const sockets = await reach().in(userRoom(userId)).fetchSockets();
        for (const s of sockets) {
          const token = (s.handshake.auth as { token?: unknown }).token;
          try {
            const auth = await resolveAuth(ctx, typeof token === 'string' ? token : undefined);
            if (!auth.ability.can('read', 'Conversation')) throw new Error('no inbox access');
            await syncRooms(ctx, s, auth);
            s.emit(SOCKET_EVENTS.accessChanged, { reason: 'access' });
          } catch {
            // Membership removed or the inbox module revoked: the socket may see nothing.
            s.emit(SOCKET_EVENTS.accessChanged, { reason: 'removed' });
            s.disconnect(true);
          }
        }
      }
    },
  };
  const detach = ctx.realtime.attach(transport);
  // Sockets must close in preClose: with a client connected, app.close() would wait forever
  // (docs/dependencies.md). Not `io.close()`: it also closes the HTTP server and waits until every
  // keep-alive connection has ended, which kept SIGTERM from finishing. Fastify
  // closes the HTTP server itself right after preClose. `local`: with the Redis adapter,
  // sockets of the other processes stay connected.
  app.addHook('preClose', async () => {
    detach();
    io.local.disconnectSockets(true);
    io.engine.close();
    closed = true;
    // With Redis down the adapter's unsubscribes cannot be sent: the connections are destroyed.
    if (!redis || redis.up()) await io.of('/').adapter.close();
    await redis?.close();
  });
  return io;
}
