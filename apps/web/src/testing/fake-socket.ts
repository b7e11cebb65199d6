/**
 * The parts of the socket.io client a realtime binding uses (`on`, `off`), with `fire` to play
 * the server: listeners by event name.
 */
export function fakeSocket() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    on(event: string, fn: (payload: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(fn));
    },
    off(event: string, fn: (payload: unknown) => void) {
      listeners.get(event)?.delete(fn);
    },
    fire(event: string, payload?: unknown) {
      for (const fn of listeners.get(event) ?? []) fn(payload);
    },
  };
}
