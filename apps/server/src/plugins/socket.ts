import type { FastifyInstance } from 'fastify';
import { createAdapter } from '@socket.io/redis-adapter';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { createClient } from 'redis';
import { Server, type RemoteSocket, type Socket } from 'socket.io';
import { INBOX, REVIEW_SOCKET_EVENTS, SOCKET_EVENTS, ZReplayRequest, type TAccessChangedEvent, type TInboxEvent, type TReplayAck, type TReviewsChangedEvent } from '@dinedesk/contracts';
import type { AppContext } from '../context.ts';
import { schema } from '../db/client.ts';
import { accountRoom, userRoom, type RoutedEvent } from '../modules/inbox/events.ts';
import { tenantScope } from '../lib/tenant-scope.ts';
import { resolveAuth, type AuthContext } from '../modules/access/session.service.ts';

/** Most events one replay answers; the client asks again while `complete` is false. */
const REPLAY_BATCH = 500;

/** Room of one session's sockets: logout disconnects it in every process (issue #8). */
const sessionRoom = (sessionId: string) => `session:${sessionId}`;

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

/** Inbox accounts (page ids and Instagram ids) the user may see: their socket rooms. */
async function visibleAccounts(ctx: AppContext, auth: AuthContext): Promise<string[]> {
  if (!auth.clientId || !auth.ability.can('read', 'Conversation')) return [];
  const rows = await ctx.db
    .select({ id: schema.facebookPages.id, ig: schema.facebookPages.instagramUserId })
    .from(schema.facebookPages)
    .where(tenantScope(auth, schema.facebookPages));
  return rows.flatMap((r) => (r.ig ? [r.id, r.ig] : [r.id]));
}

/**
 * Joins exactly the rooms the user may see now, leaving any others (ability re-checked on join).
 * Works on a local socket and on a socket of another process (`fetchSockets()` with Redis).
 */
async function syncRooms(ctx: AppContext, socket: Socket | RemoteSocket<Record<string, never>, unknown>, auth: AuthContext): Promise<string[]> {
  const accounts = await visibleAccounts(ctx, auth);
  const wanted = new Set(accounts.map(accountRoom));
  for (const room of socket.rooms) if (room.startsWith('acct:') && !wanted.has(room)) socket.leave(room);
  socket.join([...wanted]);
  return accounts;
}

/**
 * socket.io at `/api/socket.io` (spec §7): the handshake checks the Origin and the access token,
 * a socket joins only the rooms of accounts its user may see, and committed inbox events are
 * emitted to those rooms. With REDIS_URL the Redis adapter shares events between processes.
 * After a reconnect the client asks `inbox:replay {afterEventId}` and gets what it missed.
 * A socket ends with its session (issue #8): at the token's expiry, on logout
 * (`realtime.sessionsEnded`), and when its user loses access (`realtime.accessChanged`).
 */
export async function registerSocket(app: FastifyInstance, ctx: AppContext): Promise<Server> {
  const allowed = new Set(ctx.config.corsOrigins);
  const io = new Server(app.server, {
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
      socket.data.accounts = await visibleAccounts(ctx, auth);
      next();
    } catch (e) {
      next(new Error((e as Error).message));
    }
  });

  io.on('connection', (socket) => {
    const token = (socket.handshake.auth as { token: string }).token;
    const handshakeAuth = socket.data.auth as AuthContext;
    socket.join([userRoom(handshakeAuth.userId), sessionRoom(handshakeAuth.sessionId), ...(socket.data.accounts as string[]).map(accountRoom)]);
    // A socket lives no longer than its token (issue #8): disconnected at the token's expiry.
    const expiry = scheduleAt(handshakeAuth.expiresAt.getTime() - ctx.now().getTime(), () => socket.disconnect(true));
    socket.once('disconnect', () => expiry.cancel());
    socket.on(SOCKET_EVENTS.inboxReplay, async (raw: unknown, ack?: (res: TReplayAck | { error: string }) => void) => {
      if (typeof ack !== 'function') return;
      const req = ZReplayRequest.safeParse(raw);
      if (!req.success) return ack({ error: 'afterEventId must be a non-negative integer' });
      try {
        // The token may have expired or access changed since the handshake: check again.
        const auth = await resolveAuth(ctx, token);
        socket.data.auth = auth;
        const accounts = await syncRooms(ctx, socket, auth);
        if (!accounts.length) return ack({ events: [], complete: true });
        const rows = await ctx.db
          .select({ id: schema.inboxEvents.id, payload: schema.inboxEvents.payload })
          .from(schema.inboxEvents)
          .where(and(eq(schema.inboxEvents.clientId, auth.clientId!), gt(schema.inboxEvents.id, req.data.afterEventId), inArray(schema.inboxEvents.accountId, accounts)))
          .orderBy(asc(schema.inboxEvents.id))
          .limit(REPLAY_BATCH);
        ack({ events: rows.map((r) => ({ ...r.payload, eventId: r.id }) as TInboxEvent), complete: rows.length < REPLAY_BATCH });
      } catch (e) {
        ack({ error: (e as Error).message });
        socket.disconnect(true);
      }
    });
  });

  ctx.realtime = {
    async sessionsEnded(sessionIds: string[]) {
      // Through the adapter, so sockets of these sessions in other processes go too.
      if (sessionIds.length) io.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
    },
    emit(events: RoutedEvent[]) {
      for (const e of events) io.to(accountRoom(e.accountId)).emit(SOCKET_EVENTS.inboxEvent, e.event);
    },
    reviewsChanged(event: TReviewsChangedEvent) {
      io.to(accountRoom(event.pageId)).emit(REVIEW_SOCKET_EVENTS.changed, event);
    },
    async accessChanged(userIds: string[]) {
      for (const userId of userIds) {
        const sockets = await io.in(userRoom(userId)).fetchSockets();
        for (const s of sockets) {
          const token = (s.handshake.auth as { token?: unknown }).token;
          try {
            const auth = await resolveAuth(ctx, typeof token === 'string' ? token : undefined);
            if (!auth.ability.can('read', 'Conversation')) throw new Error('no inbox access');
            await syncRooms(ctx, s, auth);
            s.emit(SOCKET_EVENTS.accessChanged, { reason: 'access' } satisfies TAccessChangedEvent);
          } catch {
            // Membership removed or the inbox module revoked: the socket may see nothing.
            s.emit(SOCKET_EVENTS.accessChanged, { reason: 'removed' } satisfies TAccessChangedEvent);
            s.disconnect(true);
          }
        }
      }
    },
  };
  // Sockets must close in preClose: with a client connected, app.close() would wait forever
  // (stack-notes.md). Not `io.close()`: it also closes the HTTP server and waits until every
  // keep-alive connection has ended, which kept SIGTERM from finishing (issue #8). Fastify
  // closes the HTTP server itself right after preClose. `local`: with the Redis adapter,
  // sockets of the other processes stay connected.
  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true);
    io.engine.close();
    await io.of('/').adapter.close();
    if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
  });
  return io;
}
