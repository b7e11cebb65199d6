import { describe, expect, it, vi } from 'vitest';
import { ensureControlled, removeStaleRegistrations, workerUrl } from './browser.ts';

/** A registration whose active worker runs `scriptURL`. */
function registration(scriptURL: string) {
  return { active: { scriptURL }, waiting: null, installing: null, unregister: vi.fn(async () => true) };
}

describe('removeStaleRegistrations (no reload when MSW starts on an uncontrolled page)', () => {
  it('unregisters the mock worker left over from the previous page', async () => {
    const mock = registration(workerUrl());
    const other = registration(`${window.location.origin}/another-worker.js`);
    const container = {
      controller: null,
      getRegistrations: async () => [mock, other] as unknown as readonly ServiceWorkerRegistration[],
    };
    expect(await removeStaleRegistrations(container)).toBe(1);
    expect(mock.unregister).toHaveBeenCalled();
    expect(other.unregister).not.toHaveBeenCalled();
  });

  it('leaves a controlling worker alone', async () => {
    const mock = registration(workerUrl());
    const container = {
      controller: {} as ServiceWorker,
      getRegistrations: async () => [mock] as unknown as readonly ServiceWorkerRegistration[],
    };
    expect(await removeStaleRegistrations(container)).toBe(0);
    expect(mock.unregister).not.toHaveBeenCalled();
  });
});

/** A fake service-worker container whose controller can be set, firing `controllerchange`. */
function fakeContainer(controlled: boolean) {
  const target = new EventTarget();
  let controller: ServiceWorker | null = controlled ? ({} as ServiceWorker) : null;
  return {
    get controller() {
      return controller;
    },
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
    claim() {
      controller = {} as ServiceWorker;
      target.dispatchEvent(new Event('controllerchange'));
    },
  };
}

describe('ensureControlled (a revived registration never leaves the page uncontrolled)', () => {
  it('starts once when the page is already controlled', async () => {
    const container = fakeContainer(true);
    const worker = { start: vi.fn(async () => registration(workerUrl())), stop: vi.fn() };
    expect(await ensureControlled(worker, container, 50)).toBe(true);
    expect(worker.start).toHaveBeenCalledTimes(1);
    expect(worker.stop).not.toHaveBeenCalled();
  });

  it('waits for the claim of a worker that activates a moment later', async () => {
    const container = fakeContainer(false);
    const worker = {
      start: vi.fn(async () => {
        setTimeout(() => container.claim(), 5);
        return registration(workerUrl());
      }),
      stop: vi.fn(),
    };
    expect(await ensureControlled(worker, container, 1_000)).toBe(true);
    expect(worker.start).toHaveBeenCalledTimes(1);
  });

  it('drops a revived registration that never claims and starts a fresh worker that does', async () => {
    const container = fakeContainer(false);
    const revived = registration(workerUrl());
    const fresh = registration(workerUrl());
    const worker = {
      start: vi
        .fn<() => Promise<ReturnType<typeof registration>>>()
        .mockResolvedValueOnce(revived)
        .mockImplementationOnce(async () => {
          container.claim();
          return fresh;
        }),
      stop: vi.fn(),
    };
    expect(await ensureControlled(worker, container, 20)).toBe(true);
    expect(worker.stop).toHaveBeenCalledTimes(1);
    expect(revived.unregister).toHaveBeenCalledTimes(1);
    expect(worker.start).toHaveBeenCalledTimes(2);
    expect(fresh.unregister).not.toHaveBeenCalled();
  });

  it('says so when even the fresh worker does not control the page', async () => {
    const container = fakeContainer(false);
    const worker = { start: vi.fn(async () => registration(workerUrl())), stop: vi.fn() };
    expect(await ensureControlled(worker, container, 10)).toBe(false);
    expect(worker.start).toHaveBeenCalledTimes(2);
  });
});
