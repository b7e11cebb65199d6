/**
 * Whether the browser demo mock is ready to answer (docs/requirements/calls.md#demo-mock-calls).
 * Demo calls wait for it, so the first search after a page load is answered by the mock rather than
 * reaching the real server before the worker is up. It also resolves when the mock is off,
 * unsupported or failed to start: the calls then go to the real server and fail visibly
 * instead of waiting forever. Product calls never wait for it.
 */
let resolveReady: () => void = () => undefined;
const ready = new Promise<void>((resolve) => {
  resolveReady = resolve;
});

/** Marks the mock as settled (started, off, or failed). Idempotent. */
export function markDemoMockReady(): void {
  resolveReady();
}

/** Resolves once the mock has settled. */
export function whenDemoMockReady(): Promise<void> {
  return ready;
}
