/**
 * The app's one socket.io connection (docs/requirements/calls.md#real-time,
 * docs/requirements/constants.md socket settings).
 *
 * - Created lazily by the first caller of {@link getSocket} (the inbox, when it mounts), and
 *   shared after that; {@link closeSocket} ends it on logout and whenever the session ends.
 * - socket.io-client itself is loaded with a dynamic import, so screens that never open the
 *   inbox (and the shell, which imports this module for logout) do not download it. The
 *   contract's client options come with it (socket-options.ts): the realtime contract's module
 *   imports every event's payload schemas, which a static import put in every screen's first
 *   paint (3 KiB gzip of the Reviews screen).
 * - Errors, time-outs and disconnects are only logged (docs/requirements/errors.md); screens show a
 *   status chip.
 *
 * Events are typed by the contract (`ServerToClientEvents`, `ClientToServerEvents` in
 * `@dinedesk/contracts`). No zod here: the feature that listens validates what arrives (with
 * `SERVER_EVENT_PAYLOADS` or the payload's schema), since a typed event is only a promise.
 */
import type { ClientToServerEvents, ServerToClientEvents } from '@dinedesk/contracts';
import type { Socket } from 'socket.io-client';
import { API_BASE_URL } from './api-client.ts';
import { onSessionChange, readAccessToken } from './storage.ts';

/** The app's socket, typed by the realtime contract on both directions. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: AppSocket | null = null;
let pending: Promise<AppSocket> | null = null;
/** Bumped by closeSocket, so a connection still loading when the session ends is dropped. */
let generation = 0;

function create(io: typeof import('socket.io-client').io, { SOCKET_CLIENT_OPTIONS }: typeof import('./socket-options.ts')): AppSocket {
  const options = {
    ...SOCKET_CLIENT_OPTIONS,
    transports: [...SOCKET_CLIENT_OPTIONS.transports],
    // A function, not an object: every (re)connection sends the token stored *now*, so a
    // renewed token is used after a reconnect.
    auth: (cb: (data: { token: string }) => void) => cb({ token: readAccessToken() ?? '' }),
  };
  // '' = same origin (production, and the dev server's proxy); otherwise the API's origin.
  const next: AppSocket = API_BASE_URL ? io(API_BASE_URL, options) : io(options);
  next.on('connect_error', (error) => console.warn('[socket] connection failed:', error.message));
  next.on('disconnect', (reason) => console.info('[socket] disconnected:', reason));
  next.io.on('reconnect_attempt', (attempt) => console.info('[socket] reconnecting, attempt', attempt));
  next.io.on('reconnect_failed', () => console.warn('[socket] gave up reconnecting'));
  next.io.on('error', (error) => console.warn('[socket] transport error:', error.message));
  return next;
}

/**
 * The shared connection, created (and connecting) on the first call.
 * Resolves with the same socket until {@link closeSocket}; never rejects on connection
 * problems (those are logged and retried per docs/requirements/constants.md), only if the client
 * library fails to load.
 */
export function getSocket(): Promise<AppSocket> {
  if (socket) return Promise.resolve(socket);
  if (pending) return pending;
  const mine = generation;
  pending = Promise.all([import('socket.io-client'), import('./socket-options.ts')])
    .then(([{ io }, options]) => {
      if (mine !== generation) throw new Error('The session ended while the socket was loading');
      socket = create(io, options);
      return socket;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

/** The connection if one exists (without creating it). */
export function currentSocket(): AppSocket | null {
  return socket;
}

/** Closes and forgets the connection (logout, expired session); safe to call at any time. */
export function closeSocket(): void {
  generation += 1;
  pending = null;
  if (!socket) return;
  const closing = socket;
  socket = null;
  closing.removeAllListeners();
  closing.io.removeAllListeners();
  closing.disconnect();
}

// The socket authenticates as the signed-in user: when the session ends for any reason
// (logout, a 401, another tab), the connection must not outlive it.
onSessionChange((change) => {
  if (change.type === 'ended') closeSocket();
});
