import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
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
import type { RealtimeTransport } from '../lib/realtime.ts';
import { realtimeAccounts, replayEvents } from '../modules/inbox/inbox.service.ts';
import { resolveAuth, type AuthContext } from '../modules/access/session.service.ts';

/** Most events one replay answers; the client asks again while `complete` is false. */
const REPLAY_BATCH = 500;

/** What the plugin keeps on each socket (`socket.data`). */
interface SocketData {
  auth: AuthContext;
  /** Inbox accounts computed at the handshake, joined on connection. */
  accounts: string[];
}
type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
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
 * Joins exactly the rooms the user may see now, leaving any others (ability re-checked on join).
 * Works on a local socket and on a socket of another process (`fetchSockets()` with Redis).
 */
async function syncRooms(ctx: AppContext, socket: AppSocket | AppRemoteSocket, auth: AuthContext): Promise<string[]> {
  const accounts = await realtimeAccounts(ctx, auth);
  const wanted = new Set(accounts.map(accountRoom));
  for (const room of socket.rooms) if (room.startsWith(ACCOUNT_ROOM_PREFIX) && !wanted.has(room)) socket.leave(room);
  socket.join([...wanted]);
  return accounts;
}

/**
 * socket.io at `/api/socket.io` (spec §7): the handshake checks the Origin and the access token,
 * a socket joins only the rooms of accounts its user may see (asked of the inbox module), and
 * what services publish on `ctx.realtime` after commit reaches those rooms: the plugin attaches
 * itself to that hub as a transport (lib/realtime.ts) and detaches on close. With REDIS_URL the
 * Redis adapter shares events between processes. After a reconnect the client asks
 * `inbox:replay {afterEventId}` and the inbox module answers what it missed. A socket ends with
 * its session (issue #8): at the token's expiry, on logout (`sessionsEnded`), and when its user
 * loses access (`accessChanged`). Event names, payloads and rooms: `@dinedesk/contracts`.
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
  let redis: { pub: ReturnType<typeof createClient>; sub: ReturnType<typeof createClient> } | null = null;
  if (ctx.config.redisUrl) {
    const pub = createClient({ url: ctx.config.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (err) => app.log.error({ err }, 'redis publisher error'));
    sub.on('error', (err) => app.log.error({ err }, 'redis subscriber error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    redis = { pub, sub };
  }

  io.use(async (socket, next) => {
    try {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      const auth = await resolveAuth(ctx, typeof token === 'string' ? token : undefined);
      if (!auth.ability.can('read', 'Conversation')) return next(new Error('Your role may not read conversations'));
      socket.data.auth = auth;
      // Computed before the handshake completes, so the rooms are joined by the time the
      // client sees "connect" and no event emitted right after can miss it.
      socket.data.accounts = await realtimeAccounts(ctx, auth);
      next();
    } catch (e) {
      next(new Error((e as Error).message));
    }
  });

  io.on('connection', (socket) => {
    const token = (socket.handshake.auth as { token: string }).token;
    const handshakeAuth = socket.data.auth;
    socket.join([userRoom(handshakeAuth.userId), sessionRoom(handshakeAuth.sessionId), ...socket.data.accounts.map(accountRoom)]);
    // A socket lives no longer than its token (issue #8): disconnected at the token's expiry.
    const expiry = scheduleAt(handshakeAuth.expiresAt.getTime() - ctx.now().getTime(), () => socket.disconnect(true));
    socket.once('disconnect', () => expiry.cancel());
    // Typed by the contract, but sent by a client: the request is parsed, the ack may be missing.
    socket.on(SOCKET_EVENTS.inboxReplay, async (raw, answer) => {
      if (typeof answer !== 'function') return;
      const req = ZReplayRequest.safeParse(raw);
      if (!req.success) return answer({ error: 'afterEventId must be a non-negative integer' });
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
      }
    });
  });

  const transport: RealtimeTransport = {
    async sessionsEnded(sessionIds) {
      // Through the adapter, so sockets of these sessions in other processes go too.
      if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    emit(events) {
      for (const e of events) io.to(accountRoom(e.accountId)).emit(SOCKET_EVENTS.inboxEvent, e.event);
    },
    reviewsChanged(event) {
      io.to(accountRoom(event.pageId)).emit(SOCKET_EVENTS.reviewsChanged, event);
    },
    async accessChanged(userIds) {
      for (const userId of userIds) {
        const sockets = await io.in(userRoom(userId)).fetchSockets();
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
  // (stack-notes.md). Not `io.close()`: it also closes the HTTP server and waits until every
  // keep-alive connection has ended, which kept SIGTERM from finishing (issue #8). Fastify
  // closes the HTTP server itself right after preClose. `local`: with the Redis adapter,
  // sockets of the other processes stay connected.
  app.addHook('preClose', async () => {
    detach();
    io.local.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
    if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
  });
  return io;
}
