/**
 * A stand-in for the socket.io client socket (lib/socket.ts `AppSocket`): records what the app
 * emits and lets a test play the server (connect, drop, push events, answer replays).
 */
type Listener = (...args: unknown[]) => void;

class Emitter {
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  listenerCount(event: string): number {
    return this.listeners.get(event)?.size ?? 0;
  }
}

export interface EmittedEvent {
  event: string;
  payload: unknown;
}

export type ReplayResponder = (payload: unknown, ack: (answer: unknown) => void) => void;

export class FakeSocket extends Emitter {
  connected = false;
  /** socket.io's "will reconnect by itself". */
  active = true;
  readonly io = new Emitter();
  readonly emitted: EmittedEvent[] = [];
  /** Answers `inbox:replay`; without one the request is never answered. */
  onReplay: ReplayResponder | null = null;
  connectCalls = 0;

  emit(event: string, payload?: unknown, ack?: (answer: unknown) => void): this {
    this.emitted.push({ event, payload });
    if (event === 'inbox:replay' && ack && this.onReplay) this.onReplay(payload, ack);
    return this;
  }

  connect(): this {
    this.connectCalls += 1;
    return this;
  }

  disconnect(): this {
    this.connected = false;
    this.active = false;
    return this;
  }

  // Server side of the test.
  serverConnect(): void {
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }

  serverDisconnect(reason = 'transport close'): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  serverEmit(event: string, payload: unknown): void {
    this.fire(event, payload);
  }

  emittedNamed(event: string): unknown[] {
    return this.emitted.filter((e) => e.event === event).map((e) => e.payload);
  }
}
