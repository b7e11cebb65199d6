import { describe, expect, it, vi } from 'vitest';
import { removeStaleRegistrations, workerUrl } from './browser.ts';

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
