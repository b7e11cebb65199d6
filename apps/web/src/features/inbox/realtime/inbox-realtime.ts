/**
 * Keeps the inbox's query cache live over the shared socket (docs/requirements/calls.md realtime,
 * docs/requirements/errors.md and constants.md).
 *
 * - Each `inbox:event` is validated with the contract and applied to the cache
 *   (apply-event.ts); an event id seen before is skipped.
 * - After a *re*connect, `inbox:replay {afterEventId}` asks for what was missed; answers come in
 *   batches and are applied in order while `complete` is false. Live events arriving during a
 *   replay wait until it is done, so nothing is applied out of order. If the replay fails (error
 *   answer, bad shape, no answer within {@link REPLAY_TIMEOUT_MS}) or there is no event id to
 *   replay from, the inbox queries are refetched instead, so nothing is missed either way.
 * - `realtime:resync {afterEventId}` (the server's Redis link was down and is back, decision 0021):
 *   the socket never dropped, yet events of other server processes may not have arrived. It replays
 *   from the lower of its last event id and `afterEventId`; such a replay may bring events older
 *   than ones already applied, whose conversation snapshots could be stale, so the inbox is
 *   refetched after it when it did. A replay asked for during another runs after it, from the lower
 *   start.
 * - The connection state feeds the "Reconnecting…" chip; errors are logged, never thrown.
 *
 * One binding per socket, kept for the socket's life (not the screen's): events that arrive
 * while the user is on another screen still update the cache, so returning shows them.
 */
import { SOCKET_EVENTS, ZInboxEvent, ZReplayAck, ZResyncEvent, type TInboxEvent, type TReplayAck } from '@dinedesk/contracts';
import type { QueryClient } from '@tanstack/react-query';
import type { AppSocket } from '../../../lib/socket.ts';
import { inboxKeys } from '../api/keys.ts';
import { applyInboxEvent } from './apply-event.ts';

export type SocketStatus = 'connecting' | 'connected' | 'reconnecting' | 'offline';

/** How long to wait for a replay answer before refetching instead. */
export const REPLAY_TIMEOUT_MS = 10_000;
/** Replay batches asked for in a row before giving up and refetching (500 events each, server side). */
export const MAX_REPLAY_ROUNDS = 20;
/** Event ids remembered for de-duplication. */
const SEEN_LIMIT = 2_000;

export interface InboxRealtime {
  readonly status: SocketStatus;
  /** The highest event id applied so far (null before the first event). */
  readonly lastEventId: number | null;
  subscribe: (listener: () => void) => () => void;
  /** Reconnects by hand after the client gave up (offline). */
  reconnect: () => void;
}

class Binding implements InboxRealtime {
  status: SocketStatus;
  lastEventId: number | null = null;
  private hasConnected: boolean;
  private replaying = false;
  /** A replay asked for during another: its start (null: refetch instead), run after it. */
  private queued: { from: number | null } | null = null;
  private buffered: TInboxEvent[] = [];
  private readonly seen = new Set<number>();
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly socket: AppSocket,
    public queryClient: QueryClient,
  ) {
    this.hasConnected = socket.connected;
    this.status = socket.connected ? 'connected' : 'connecting';
    socket.on('connect', this.onConnect);
    socket.on('disconnect', this.onDisconnect);
    socket.on('connect_error', this.onConnectError);
    socket.io.on('reconnect_failed', this.onGaveUp);
    socket.on(SOCKET_EVENTS.inboxEvent, this.onEvent);
    socket.on(SOCKET_EVENTS.accessChanged, this.onAccessChanged);
    socket.on(SOCKET_EVENTS.resync, this.onResync);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  reconnect = (): void => {
    if (this.socket.connected) return;
    this.setStatus(this.hasConnected ? 'reconnecting' : 'connecting');
    this.socket.connect();
  };

  private setStatus(status: SocketStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of [...this.listeners]) listener();
  }

  private onConnect = (): void => {
    const isReconnect = this.hasConnected;
    this.hasConnected = true;
    this.setStatus('connected');
    if (isReconnect) void this.replay(this.lastEventId);
  };

  private onDisconnect = (): void => {
    // `active`: the client will reconnect by itself; otherwise it was closed or refused.
    this.setStatus(this.socket.active ? 'reconnecting' : 'offline');
  };

  private onConnectError = (): void => {
    if (!this.socket.active) this.setStatus('offline');
  };

  private onGaveUp = (): void => this.setStatus('offline');

  private onAccessChanged = (): void => {
    // The rooms changed: the pages (and so everything under them) may differ.
    void this.queryClient.invalidateQueries({ queryKey: inboxKeys.all });
  };

  private onResync = (payload: unknown): void => {
    const parsed = ZResyncEvent.safeParse(payload);
    if (!parsed.success) {
      console.warn('[inbox] resync request off the contract; refetching the inbox', parsed.error.issues);
      this.refetchAll();
      return;
    }
    const { afterEventId } = parsed.data;
    void this.replay(Math.min(this.lastEventId ?? afterEventId, afterEventId));
  };

  private onEvent = (payload: unknown): void => {
    const parsed = ZInboxEvent.safeParse(payload);
    if (!parsed.success) {
      console.warn('[inbox] ignored an event that does not match the contract', parsed.error.issues);
      return;
    }
    if (this.replaying) this.buffered.push(parsed.data);
    else this.apply(parsed.data);
  };

  private apply(event: TInboxEvent): void {
    if (this.seen.has(event.eventId)) return;
    this.seen.add(event.eventId);
    if (this.seen.size > SEEN_LIMIT) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
    this.lastEventId = Math.max(this.lastEventId ?? 0, event.eventId);
    applyInboxEvent(this.queryClient, event);
  }

  private refetchAll(): void {
    void this.queryClient.invalidateQueries({ queryKey: inboxKeys.all });
  }

  /** Replays the events after `from`, or refetches when there is no id to replay from (null). */
  private async replay(from: number | null): Promise<void> {
    if (this.replaying) {
      // A refetch covers any replay; otherwise the lower start covers both.
      const earlier = this.queued?.from;
      this.queued = { from: earlier === undefined ? from : earlier === null || from === null ? null : Math.min(earlier, from) };
      return;
    }
    if (from === null) {
      // No event seen yet, so no id to replay from: refetch what is on screen.
      this.refetchAll();
      return;
    }
    this.replaying = true;
    const newest = this.lastEventId ?? 0;
    let late = false;
    try {
      let after = from;
      for (let round = 1; ; round += 1) {
        const answer = await this.requestReplay(after);
        for (const event of answer.events) {
          if (event.eventId < newest && !this.seen.has(event.eventId)) late = true;
          this.apply(event);
        }
        if (answer.complete) break;
        if (answer.events.length === 0 || round >= MAX_REPLAY_ROUNDS) throw new Error('the replay did not complete');
        after = answer.events[answer.events.length - 1]!.eventId;
      }
      // Applied after newer events: a conversation snapshot may be older than the cached one.
      if (late) this.refetchAll();
    } catch (error) {
      console.warn('[inbox] replay of missed events failed; refetching the inbox', error);
      this.refetchAll();
    } finally {
      this.replaying = false;
      for (const event of this.buffered.splice(0)) this.apply(event);
      const next = this.queued;
      this.queued = null;
      if (next) void this.replay(next.from);
    }
  }

  private requestReplay(afterEventId: number): Promise<TReplayAck> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no replay answer in time')), REPLAY_TIMEOUT_MS);
      this.socket.emit(SOCKET_EVENTS.inboxReplay, { afterEventId }, (answer: unknown) => {
        clearTimeout(timer);
        const parsed = ZReplayAck.safeParse(answer);
        if (parsed.success) {
          resolve(parsed.data);
          return;
        }
        const message =
          typeof answer === 'object' && answer !== null && 'error' in answer && typeof answer.error === 'string'
            ? answer.error
            : 'the replay answer does not match the contract';
        reject(new Error(message));
      });
    });
  }
}

const bindings = new WeakMap<AppSocket, Binding>();

/**
 * Binds the inbox to `socket` once (later calls return the same binding, now writing to
 * `queryClient`). Shapes: see the module comment; never throws.
 */
export function bindInboxRealtime(socket: AppSocket, queryClient: QueryClient): InboxRealtime {
  const existing = bindings.get(socket);
  if (existing) {
    existing.queryClient = queryClient;
    return existing;
  }
  const binding = new Binding(socket, queryClient);
  bindings.set(socket, binding);
  return binding;
}
